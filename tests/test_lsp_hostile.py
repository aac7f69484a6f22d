"""`dunec lsp` given what no editor should send: every request is answered (a
result, or -32600/-32601/-32602/-32700, never an internal error), and the server
still answers `shutdown` afterwards. Driven over stdio like tests/test_lsp.py."""
from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lsp_client import Client

# The server is the optional extra dunec[lsp].
pytestmark = pytest.mark.skipif(importlib.util.find_spec("pygls") is None, reason="pygls is not installed")
ROOT = Path(__file__).resolve().parent.parent
TEXT = ('card hostile_probe "Hostile Probe" {\n  set base; cost 2\n'
        '  reveal { persuasin 1; discount arrakis_recruiter 1 }\n}\n')
# Codes a hostile request may get; -32603 (internal error) is a bug of the server.
REFUSALS = {-32700, -32600, -32601, -32602}


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    yield from _server(tmp_path_factory)


def _server(tmp_path_factory):
    """A server with one open document, the URI of that document and one of a
    file on disk that was never opened."""
    tmp = tmp_path_factory.mktemp("hostile")
    opened, closed = tmp / "open.dune", tmp / "closed.dune"
    opened.write_text(TEXT, encoding="utf-8")
    closed.write_text(TEXT, encoding="utf-8")
    c = Client(str(ROOT))
    c.request("initialize", {"processId": None, "rootUri": None, "capabilities": {}})
    c.notify("initialized", {})
    uri = opened.resolve().as_uri()
    c.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "dune", "version": 1,
                                                       "text": TEXT}})
    assert c.diagnostics(uri)
    yield c, uri, closed.resolve().as_uri()
    if c.proc.poll() is None:
        c.proc.kill()
        c.proc.wait()


def _answered(msg: dict) -> None:
    assert "result" in msg or msg["error"]["code"] in REFUSALS, msg


def _still_answers(c: Client, uri: str) -> None:
    got = c.request("textDocument/hover", {"textDocument": {"uri": uri},
                                           "position": {"line": 2, "character": 37}})
    assert "Arrakis Recruiter" in got["contents"]["value"]


BODIES = [  # (body, the id of its answer, the code of its answer)
    (b"not json", None, -32700), (b"{", None, -32700), (b"\xff\xfe{}", None, -32700),
    (b'{"jsonrpc": "2.0", "id": 9, "method": "shutdown", "params": "\xe9"}', None, -32700),
    (b"[]", None, -32600), (b"null", None, -32600), (b"42", None, -32600), (b'"text"', None, -32600),
    (b'[{"jsonrpc": "2.0", "id": 9, "method": "shutdown"}]', None, -32600),  # a batch: not LSP
    (b"{}", None, -32600), (b'{"jsonrpc": "2.0"}', None, -32600), (b'{"id": 3}', None, -32600),
    (b'{"jsonrpc": "1.0", "id": 7, "method": "shutdown"}', 7, -32600),
    (b'{"id": 8, "method": "shutdown"}', 8, -32600),
    (b'{"jsonrpc": "2.0", "id": 4, "method": 5}', 4, -32600),
    (b'{"jsonrpc": "2.0", "id": {"a": 1}, "method": "textDocument/hover"}', None, -32600),
    (b'{"jsonrpc": "2.0", "id": 1.5, "method": "textDocument/hover"}', None, -32600),
    (b'{"jsonrpc": "2.0", "id": true, "method": "textDocument/hover"}', None, -32600),
    (b'{"jsonrpc": "2.0", "id": 6, "method": "exit"}', 6, -32600),  # exit is a notification
]


@pytest.mark.parametrize("body, answer_id, code", BODIES, ids=[repr(b[0])[:40] for b in BODIES])
def test_a_body_that_is_no_request_is_answered_and_the_server_goes_on(server, body, answer_id, code):
    c, uri, _ = server
    c.send_body(body)
    msg = c.wait(lambda m: "method" not in m and m.get("id") == answer_id)
    assert msg["error"]["code"] == code
    _still_answers(c, uri)


def _requests(uri: str, closed: str) -> list[tuple[str, object]]:
    doc, gone, never = {"uri": uri}, {"uri": closed}, {"uri": "file:///nowhere/never.dune"}
    at = {"line": 2, "character": 37}
    positions = [{"line": -1, "character": 0}, {"line": 0, "character": -1}, {"line": 2 ** 31, "character": 0},
                 {"line": 2 ** 64, "character": 0}, {"line": 0, "character": 10 ** 9}, {"line": "0", "character": 0},
                 {"line": 0}, {}, None, [], 1.5]
    out: list[tuple[str, object]] = []
    for method in ("textDocument/hover", "textDocument/definition", "textDocument/completion"):
        out += [(method, {"textDocument": doc, "position": p}) for p in positions]
        out += [(method, {"textDocument": d, "position": at}) for d in (gone, never, {"uri": 5}, {}, None)]
        out += [(method, p) for p in (None, [], "x", 3, {})]
    out += [("textDocument/formatting", {"textDocument": d, "options": {"tabSize": 2, "insertSpaces": True}})
            for d in (gone, never, {"uri": None})]
    out += [("textDocument/formatting", {"textDocument": doc}), ("textDocument/formatting", None)]
    rng = {"start": {"line": 2, "character": 11}, "end": {"line": 2, "character": 20}}
    diag = {"range": rng, "message": "unknown effect `persuasin`"}
    for data in ({"replacement": None}, {"replacement": 3}, {"replacement": ["x"]}, {}, [], "persuasion", None):
        out.append(("textDocument/codeAction", {"textDocument": doc, "range": rng,
                                                "context": {"diagnostics": [{**diag, "data": data}]}}))
    out += [("textDocument/codeAction", {"textDocument": doc, "range": {"start": {"line": -1, "character": 0},
                                                                       "end": {"line": 0, "character": 0}},
                                         "context": {"diagnostics": []}}),
            ("textDocument/codeAction", {"textDocument": doc, "range": rng}),
            ("textDocument/codeAction", {"textDocument": never, "range": rng,
                                         "context": {"diagnostics": [{**diag, "data": {"replacement": "x"}}]}}),
            ("dunec/no_such_method", {}), ("", None)]
    return out


def test_every_hostile_request_is_answered(server):
    c, uri, closed = server
    requests = _requests(uri, closed)
    assert len(requests) >= 80  # the catalogue is not emptied by a refactoring
    for method, params in requests:
        _answered(c.answer(method, params))
    # the quick fix whose replacement is no string is left out, not an internal error
    rng = {"start": {"line": 2, "character": 11}, "end": {"line": 2, "character": 20}}
    got = c.request("textDocument/codeAction", {"textDocument": {"uri": uri}, "range": rng, "context": {
        "diagnostics": [{"range": rng, "message": "m", "data": {"replacement": None}},
                        {"range": rng, "message": "m", "data": {"replacement": "persuasion"}}]}})
    assert [a["edit"]["changes"][uri][0]["newText"] for a in got] == ["persuasion"]
    # a request on a document never opened has an empty result
    never = {"textDocument": {"uri": closed}, "position": {"line": 2, "character": 37}}
    assert c.request("textDocument/hover", never) is None
    assert c.request("textDocument/completion", never)["items"] == []
    _still_answers(c, uri)


def test_hostile_notifications_leave_the_server_answering(server):
    c, uri, closed = server
    for method, params in [("textDocument/didChange", {"textDocument": {"uri": closed, "version": 2},
                                                       "contentChanges": [{"text": "x"}]}),
                           ("textDocument/didOpen", {"textDocument": {"uri": 5}}),
                           ("textDocument/didChange", None), ("textDocument/didClose", []),
                           ("no/such/notification", {}), ("$/cancelRequest", {"id": 999})]:
        c.notify(method, params)
        _still_answers(c, uri)


_INTS = st.one_of(st.integers(-3, 40), st.integers(-2 ** 70, 2 ** 70))
_JSON = st.recursive(st.none() | st.booleans() | _INTS | st.floats(allow_nan=False, allow_infinity=False)
                     | st.text(max_size=8),
                     lambda kids: st.lists(kids, max_size=3) | st.dictionaries(st.text(max_size=6), kids, max_size=3),
                     max_leaves=8)
_POSITION = st.fixed_dictionaries({"line": _INTS, "character": _INTS}) | _JSON
_METHODS = st.sampled_from(["textDocument/hover", "textDocument/definition", "textDocument/completion",
                            "textDocument/formatting", "textDocument/codeAction"]) | st.text(max_size=12)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(method=_METHODS, position=_POSITION, which=st.sampled_from(["open", "closed", "none"]) | _JSON,
       data=_JSON, extra=st.dictionaries(st.text(max_size=6), _JSON, max_size=2))
def test_generated_requests_are_answered(server, method, position, which, data, extra):
    c, uri, closed = server
    doc = {"uri": {"open": uri, "closed": closed}.get(which, which) if isinstance(which, str) else which}
    rng = {"start": position, "end": position}
    params = {**extra, "textDocument": doc, "position": position, "range": rng,
              "options": {"tabSize": 2, "insertSpaces": True},
              "context": {"diagnostics": [{"range": rng, "message": "m", "data": data}]}}
    _answered(c.answer(method, params))


def test_shutdown_is_still_answered(tmp_path_factory):
    # a server of its own: the others share one, in whatever order the tests run
    started = _server(tmp_path_factory)
    c, uri, _ = next(started)
    c.send_body(b"not json")
    c.send_body(b"[]")
    c.send_body(b"null")
    c.send_body(b"\xff")
    assert c.request("shutdown", None) is None
    after = c.answer("textDocument/hover", {"textDocument": {"uri": uri}, "position": {"line": 0, "character": 0}})
    assert after["error"]["code"] == -32600  # shut down: only exit is accepted
    c.notify("exit", None)
    assert c.proc.wait(timeout=30) == 0
    started.close()


FRAMES = [  # headers (and body) that pygls's reader stalled on: each is answered -32700, then the server goes on
    b"Content-Length: 0\r\n\r\n",
    b"content-length: 2\r\n\r\n{}",  # a lower-case header: answered as sent, not a stall
    b"Content-Type: application/vscode-jsonrpc\r\n\r\n",  # no length at all
    b"Content-Length: -5\r\n\r\n",
    b"Content-Length: 70000000\r\n\r\n" + b" " * 70000000,  # over the 64 MiB a body may hold: skipped
]


@pytest.mark.parametrize("frame", FRAMES, ids=["length 0", "lower case", "no length", "negative", "too large"])
def test_a_frame_without_a_usable_length_is_answered_and_the_server_goes_on(server, frame):
    c, uri, _ = server
    c.proc.stdin.write(frame)
    c.proc.stdin.flush()
    msg = c.wait(lambda m: "method" not in m and m.get("id") is None)
    assert msg["error"]["code"] in (-32700, -32600)
    _still_answers(c, uri)


def test_frames_are_read_one_by_one():
    import io

    from dunec.lsp.framing import body_length, read_frame

    assert body_length([b"Content-Length: 12\r\n"]) == 12
    assert body_length([b"content-length:3\r\n", b"X: y\r\n"]) == 3
    assert body_length([b"Content-Length: x\r\n"]) is None
    stream = io.BytesIO(b"Content-Length: 0\r\n\r\nContent-Length: 2\r\n\r\n{}\r\n\r\nContent-Length: 9\r\n\r\n{")
    assert read_frame(stream) == (b"Content-Length: 0\r\n", b"")
    assert read_frame(stream) == (b"Content-Length: 2\r\n", b"{}")
    assert read_frame(stream) is None  # blank lines skipped, then the input ends inside a body
