"""The JSON-RPC and LSP contract at the wire, where pygls 2.1 alone breaks it: every message the
client sends gets the answer the specifications give, and none logs a traceback.

* a request whose params cannot be read (``"character": -5``), or ``"params": null`` on an
  ``inductorLens/*`` request (JSON-RPC 2.0: params, when present, are an object or an array):
  -32602 Invalid Params (pygls read params while parsing and only logged the failure); a custom
  request whose params are left out is answered (pygls gave -32603);
* a request before ``initialize``: -32002 ServerNotInitialized (LSP 3.17 "initialize"); a
  notification before it is dropped, except ``exit`` (pygls answered ``null``);
* a body that is not JSON: -32700 Parse error with id null; a batch (an array: LSP does not use
  JSON-RPC batches) or an object that is not a JSON-RPC message: -32600 Invalid Request with id
  null (pygls logged an AttributeError's traceback and answered nothing);
* ``textDocument/didChange`` for a document that is not open: ignored, said at log level (pygls
  raised a KeyError, logged as an internal error).
"""

from __future__ import annotations

import json
import logging

from lsprotocol import types
from pygls.exceptions import JsonRpcException, JsonRpcInvalidParams, JsonRpcInvalidRequest, JsonRpcParseError, JsonRpcServerNotInitialized
from pygls.protocol import LanguageServerProtocol
from pygls.protocol.language_server import lsp_method

#: What :meth:`ContractProtocol.structure_message` gives for a request it has already answered with an error.
ANSWERED = object()


class ContractProtocol(LanguageServerProtocol):
    """pygls's protocol with the answers of the module docstring."""

    _initialize_seen = False

    def structure_message(self, data):
        request = isinstance(data, dict) and "method" in data and "id" in data and "error" not in data and "jsonrpc" in data
        if request and data.get("params", {}) is None and str(data["method"]).startswith("inductorLens/"):
            return self._refuse(data["id"], JsonRpcInvalidParams("params are null: give an object (or leave params out)"))
        if request and "params" not in data and self.get_message_type(data["method"]) is None:
            data = {**data, "params": None}  # (a custom request's params left out: pygls's generic request type needs the key)
        try:
            return super().structure_message(data)
        except JsonRpcException as exc:
            if request:
                return self._refuse(data["id"], exc)
            raise

    def _refuse(self, msg_id, exc: JsonRpcException):
        answer_with_error(self, msg_id, exc)
        self._server._report_server_error(exc, type(exc))
        return ANSWERED

    def handle_message(self, message):
        if message is ANSWERED:
            return
        if not hasattr(message, "jsonrpc"):  # a batch array, a number, an object that is no message
            what = "a batch (an array): LSP sends one message at a time" if isinstance(message, list) else "not a JSON-RPC message"
            self._refuse(None, JsonRpcInvalidRequest(what))
            return
        method = getattr(message, "method", None)
        if method == types.INITIALIZE:
            self._initialize_seen = True
        elif not self._initialize_seen and method is not None and method != types.EXIT:
            if getattr(message, "id", None) is not None:  # a request: refused; a notification: dropped
                self._refuse(message.id, JsonRpcServerNotInitialized(f"{method} before initialize"))
            return
        super().handle_message(message)

    @lsp_method(types.TEXT_DOCUMENT_DID_CHANGE)
    def lsp_text_document__did_change(self, params: types.DidChangeTextDocumentParams):
        """pygls's, for an open document only: a change to one never opened is ignored (said at log level)."""
        if params.text_document.uri not in self.workspace.text_documents:
            said = f"didChange for a document that is not open, ignored: {params.text_document.uri}"
            getattr(self._server, "log", lambda *_: None)(types.MessageType.Log, said)
            return
        yield from super().lsp_text_document__did_change(params)


def parse_error(protocol: LanguageServerProtocol, error: Exception) -> bool:
    """Answer a body that is not JSON (``error``, from pygls's reader) with -32700 and id null;
    whether it was one (the caller then logs no internal error)."""
    if not isinstance(error, json.JSONDecodeError):
        return False
    answer_with_error(protocol, None, JsonRpcParseError(f"the body is not JSON: {error}"))
    return True


def answer_with_error(protocol: LanguageServerProtocol, msg_id, exc: JsonRpcException) -> None:
    """Send the error response of ``exc`` to the request ``msg_id``; with ``msg_id`` None the
    response says ``"id": null`` (JSON-RPC 2.0: a request whose id could not be read), which
    pygls's own serializer would leave out."""
    if msg_id is not None:
        protocol._send_response(msg_id, error=exc.to_response_error())
        return
    error = {"code": exc.code, "message": exc.message}
    protocol._send_data({"jsonrpc": "2.0", "id": None, "error": error})


class QuietParseErrors(logging.Filter):
    """Drops pygls's reader's traceback for a body that is not JSON (answered by :func:`parse_error`)."""

    def filter(self, record: logging.LogRecord) -> bool:
        return not (record.exc_info and isinstance(record.exc_info[1], json.JSONDecodeError))
