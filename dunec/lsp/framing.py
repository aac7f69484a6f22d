"""Reading LSP messages off stdin: headers, a blank line, `Content-Length` bytes.

pygls 1.x's reader stalls on frames no editor should send, and an editor then waits
forever for every later answer: `Content-Length: 0` (read as "no length yet", so the
headers of the next message pile up behind it), a header it does not recognise
(`content-length: 5`, a length with spaces or a sign) and a huge length (read into
memory whole). Here each frame is judged on its own: one without a usable length is
handed on as an empty body, which the protocol answers as a body that is not JSON
(-32700), and reading goes on with the next frame; a body over MAX_BODY is skipped
in chunks, never held, and answered the same way.
"""
from __future__ import annotations

import logging
import re

log = logging.getLogger(__name__)

# A card file is at most a few hundred KiB; 64 MiB is far beyond any real message.
MAX_BODY = 64 * 1024 * 1024
_CHUNK = 1024 * 1024
_LENGTH = re.compile(rb"content-length[ \t]*:[ \t]*([0-9]+)[ \t]*", re.IGNORECASE)


def body_length(headers: list[bytes]) -> int | None:
    """The frame's Content-Length, or None when it has none that can be read."""
    for h in headers:
        m = _LENGTH.fullmatch(h.strip(b"\r\n"))
        if m:
            return int(m.group(1))
    return None


def read_frame(rfile) -> tuple[bytes, bytes] | None:
    """The next frame as (headers, body), or None at the end of the input. A frame
    whose body cannot be taken has an empty body."""
    headers: list[bytes] = []
    while True:
        line = rfile.readline()
        if not line:
            return None
        if not line.strip():
            if not headers:  # blank lines between frames
                continue
            break
        headers.append(line)
    n = body_length(headers)
    if not n:
        log.warning("a frame without a Content-Length that can be read: %r", b"".join(headers)[:200])
        return b"".join(headers), b""
    if n > MAX_BODY:
        log.warning("a frame of %d bytes, more than %d: skipped", n, MAX_BODY)
        while n > 0:
            chunk = rfile.read(min(n, _CHUNK))
            if not chunk:
                return None
            n -= len(chunk)
        return b"".join(headers), b""
    body = rfile.read(n)
    if len(body) < n:  # the input ended inside the body
        return None
    return b"".join(headers), body


async def read_messages(loop, executor, stop_event, rfile, proxy) -> None:
    """pygls's aio_readline, frame by frame: each frame goes to `proxy` as
    headers + blank line + body, as the protocol expects."""
    while not stop_event.is_set() and not rfile.closed:
        frame = await loop.run_in_executor(executor, read_frame, rfile)
        if frame is None:
            break
        headers, body = frame
        proxy(headers + b"\r\n" + body)
