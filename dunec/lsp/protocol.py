"""JSON-RPC messages no editor should send, answered instead of obeyed.

pygls 1.x mishandles several, and an editor waits for the answer of each request:
a body that is not a JSON object stays in pygls's buffer and every later message
is appended to it, so the server never answers again (`shutdown` included); a
request whose params do not fit the protocol's types (a position at line -1), whose
`jsonrpc` is not "2.0" or that comes after `shutdown` gets no answer at all. Here
every request gets one, and a message that is not a request gets one with a null id
as JSON-RPC asks: -32700 for a body that is not JSON, -32600 for one that is not a
request, -32602 for params that do not fit.
"""
from __future__ import annotations

import json
import logging

from lsprotocol.types import EXIT
from pygls.exceptions import JsonRpcException, JsonRpcInvalidParams, JsonRpcInvalidRequest, JsonRpcParseError
from pygls.protocol import LanguageServerProtocol

log = logging.getLogger(__name__)


def _request_id(data: dict):
    """The id of a request, or None when it is no integer or string (LSP's ids)."""
    i = data.get("id")
    return i if isinstance(i, (int, str)) and not isinstance(i, bool) else None


class Protocol(LanguageServerProtocol):
    def data_received(self, data: bytes) -> None:
        # start_io hands over one framed message at a time: headers, a blank line, the body
        _, sep, body = data.partition(b"\r\n\r\n")
        try:
            self._message(body if sep else data)
        except Exception:  # a bug of ours or pygls's: logged, and the next message is read
            log.exception("could not handle a message")

    def _message(self, body: bytes) -> None:
        try:
            data = json.loads(body.decode(self.CHARSET))
        except ValueError:  # UnicodeDecodeError is one
            return self._refuse(None, JsonRpcParseError, "the message body is not JSON in UTF-8")
        if not isinstance(data, dict):
            return self._refuse(None, JsonRpcInvalidRequest, "a message is one JSON object")
        if "method" not in data:
            if "id" in data and ("result" in data or "error" in data):
                return self._dispatch(data, None)  # the client's answer to a request of ours
            return self._refuse(None, JsonRpcInvalidRequest, "a message has a `method`, or answers a request")
        request = "id" in data
        msg_id = _request_id(data)
        if data.get("jsonrpc") != self.VERSION or not isinstance(data["method"], str):
            problem = 'a message has `"jsonrpc": "2.0"` and a string `method`'
        elif request and msg_id is None:
            problem = "a request's `id` is an integer or a string"
        elif request and data["method"] == EXIT:
            problem = "`exit` is a notification (as a request it would end the server unanswered)"
        elif self._shutdown and data["method"] != EXIT:
            problem = "the server is shut down: only `exit` is accepted"
        else:
            return self._dispatch(data, msg_id if request else None)
        if request:
            self._refuse(msg_id, JsonRpcInvalidRequest, problem)
        else:
            log.warning("notification ignored: %s", problem)

    def _dispatch(self, data: dict, msg_id) -> None:
        """Hand a well-formed message to pygls; a request whose params do not fit
        the protocol's types is answered -32602."""
        try:
            message = self._deserialize_message(data)
        except JsonRpcException as e:  # pygls's InvalidParams, or InternalError for any other failure to structure
            if msg_id is not None:
                reason = f": {e.__cause__}" if e.__cause__ is not None else ""
                return self._refuse(msg_id, JsonRpcInvalidParams, f"the params of `{data['method']}` do not fit{reason}")
            log.warning("message ignored: %s", e)
            return
        self._procedure_handler(message)

    def _refuse(self, msg_id, error: type[JsonRpcException], message: str) -> None:
        log.warning("refused: %s", message)
        self._send_response(msg_id, error=error(message).to_response_error())
