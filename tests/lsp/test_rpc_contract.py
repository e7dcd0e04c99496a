"""The language server's answers at the wire, raw stdio (issue 50 item 16; lsp/rpc.py): the codes
JSON-RPC 2.0 and LSP 3.17 give, no internal error logged and no traceback on stderr."""

from __future__ import annotations

import json
import os
import select
import subprocess
import sys
import time

from conftest import REPO


class _Raw:
    """The server on stdio, spoken to byte by byte."""

    def __init__(self, cache: str) -> None:
        env = {**os.environ, "PYTHONPATH": os.path.join(REPO, "server")}
        cmd = [sys.executable, "-m", "inductor_lens", "serve", "--cache-dir", cache]
        self.proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
        self.buf = b""
        self.seen: list[dict] = []

    def send(self, message) -> None:
        body = message if isinstance(message, bytes) else json.dumps(message).encode()
        self.proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.proc.stdin.flush()

    def _read(self, deadline: float) -> dict | None:
        while True:
            if b"\r\n\r\n" in self.buf:
                head, rest = self.buf.split(b"\r\n\r\n", 1)
                size = next(int(h.split(b":")[1]) for h in head.split(b"\r\n") if h.lower().startswith(b"content-length"))
                if len(rest) >= size:
                    self.buf = rest[size:]
                    return json.loads(rest[:size])
            if not select.select([self.proc.stdout], [], [], max(0.0, deadline - time.monotonic()))[0]:
                return None
            chunk = os.read(self.proc.stdout.fileno(), 1 << 16)
            if not chunk:
                return None
            self.buf += chunk

    def answer(self, key: str, value=None, timeout: float = 30) -> dict:
        """The next message with ``id`` ``value`` (``key`` "id"), or the next error whose id is null (``key`` "null")."""
        deadline = time.monotonic() + timeout
        while (message := self._read(deadline)) is not None:
            self.seen.append(message)
            if key == "id" and message.get("id") == value and "method" not in message:
                return message
            if key == "null" and "id" in message and message["id"] is None and "error" in message:
                return message
        raise AssertionError(f"no answer ({key} {value}); seen {self.seen[-5:]}")

    def logs(self) -> list[str]:
        return [m["params"]["message"] for m in self.seen if m.get("method") == "window/logMessage"]


def test_each_contract_code(tmp_path):
    server = _Raw(str(tmp_path / "cache"))
    try:
        server.send({"jsonrpc": "2.0", "id": 1, "method": "inductorLens/kernels", "params": {}})
        assert server.answer("id", 1)["error"]["code"] == -32002  # before initialize: ServerNotInitialized
        server.send({"jsonrpc": "2.0", "method": "initialized", "params": {}})  # a notification before it: dropped
        server.send({"jsonrpc": "2.0", "id": 2, "method": "initialize", "params": {"capabilities": {}, "processId": None, "rootUri": None}})
        assert "capabilities" in server.answer("id", 2)["result"]
        server.send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
        server.send({"jsonrpc": "2.0", "id": 3, "method": "inductorLens/kernels", "params": None})
        assert server.answer("id", 3)["error"]["code"] == -32602
        server.send({"jsonrpc": "2.0", "id": 4, "method": "inductorLens/kernels"})  # params left out: an answer
        got = server.answer("id", 4)
        assert got.get("result") == [], got
        change = {"textDocument": {"uri": "file:///never/opened.py", "version": 2}, "contentChanges": [{"text": "x = 1\n"}]}
        server.send({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": change})
        server.send({"jsonrpc": "2.0", "id": 5, "method": "inductorLens/traces", "params": {}})
        assert server.answer("id", 5)["result"] == []
        server.send(b"{not json")
        assert server.answer("null")["error"]["code"] == -32700
        server.send([{"jsonrpc": "2.0", "id": 6, "method": "inductorLens/traces", "params": {}}])
        assert server.answer("null")["error"]["code"] == -32600
        server.send({"jsonrpc": "2.0", "id": 7, "method": "inductorLens/traces", "params": {}})
        assert server.answer("id", 7)["result"] == []  # still answering
        server.send({"jsonrpc": "2.0", "id": 8, "method": "shutdown"})
        server.answer("id", 8)
        server.send({"jsonrpc": "2.0", "method": "exit"})
        err = server.proc.communicate(timeout=30)[1].decode()
    finally:
        if server.proc.poll() is None:
            server.proc.kill()
    assert not [m for m in server.logs() if "internal error" in m or "failed" in m], server.logs()
    assert any("not open, ignored" in m for m in server.logs())
    assert "Traceback" not in err, err
