"""A minimal LSP client: JSON-RPC with Content-Length framing over a subprocess's
pipes, as an editor speaks it."""
from __future__ import annotations

import json
import queue
import subprocess
import sys
import threading

TIMEOUT = 60  # seconds for any one answer; a check of every bundled card takes well under one


class Client:
    def __init__(self, cwd: str):
        self.proc = subprocess.Popen([sys.executable, "-m", "dunec", "lsp"], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=cwd)
        self.inbox: queue.Queue = queue.Queue()
        self.next_id = 0
        self.log: list[bytes] = []  # the server's stderr, drained so that its warnings never fill the pipe
        threading.Thread(target=self._read, daemon=True).start()
        threading.Thread(target=lambda: self.log.extend(iter(self.proc.stderr.readline, b"")), daemon=True).start()

    def _read(self) -> None:
        out = self.proc.stdout
        while True:
            headers = {}
            while True:
                line = out.readline()
                if not line:
                    self.inbox.put(None)
                    return
                line = line.decode("ascii").strip()
                if not line:
                    break
                k, v = line.split(":", 1)
                headers[k.strip().lower()] = v.strip()
            self.inbox.put(json.loads(out.read(int(headers["content-length"])).decode("utf-8")))

    def send(self, msg: dict) -> None:
        self.send_body(json.dumps({"jsonrpc": "2.0", **msg}).encode("utf-8"))

    def send_body(self, body: bytes) -> None:
        """One framed message whatever its body holds (hostile input too)."""
        self.proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.proc.stdin.flush()

    def notify(self, method: str, params: dict) -> None:
        self.send({"method": method, "params": params})

    def request(self, method: str, params) -> object:
        msg = self.answer(method, params)
        assert "error" not in msg, msg["error"]
        return msg["result"]

    def answer(self, method: str, params) -> dict:
        """The whole answer to a request: its result or its error."""
        self.next_id += 1
        self.send({"id": self.next_id, "method": method, "params": params})
        return self.wait(lambda m: m.get("id") == self.next_id and "method" not in m)

    def wait(self, match) -> dict:
        """The next message that `match`es; the others (log messages) are dropped."""
        while True:
            msg = self.inbox.get(timeout=TIMEOUT)
            assert msg is not None, "the server closed its output: " + b"".join(self.log).decode(errors="replace")
            if match(msg):
                return msg

    def diagnostics(self, uri: str) -> list[dict]:
        msg = self.wait(lambda m: m.get("method") == "textDocument/publishDiagnostics"
                        and m["params"]["uri"] == uri)
        return msg["params"]["diagnostics"]
