"""The language server: :mod:`.server` (the server object, host of the worker),
:mod:`.handlers` (thin LSP handlers, one error policy), :mod:`.app` (``create_server``,
``serve``), :mod:`.worker` (the indexing thread: progress, first answers, snapshot swaps),
:mod:`.protocol` (wire shapes and typed params of the custom requests), :mod:`.settings`
(client settings) and ``features/`` (pure functions of a snapshot).

May import the front door and everything below it except readers.
"""
