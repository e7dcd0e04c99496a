"""The ``mcp`` subcommand's arguments and its start: the SDK (an optional extra) is imported only
here, when the command runs, and its absence is one line saying how to install it."""

from __future__ import annotations

import sys

INSTALL = "pip install 'inductor-lens[mcp]'"


def add_mcp_parser(sub, path, path_map) -> None:
    """Add the ``mcp`` subcommand to ``sub`` (argparse's subparsers of :mod:`inductor_lens.cli`);
    ``path`` and ``path_map`` are the command's argument types (an empty path, a map without
    ``=``: exit 2)."""
    mcp = sub.add_parser(
        "mcp",
        help="serve coding agents over MCP (stdio): hot_lines, explain, diff, health",
        description="A Model Context Protocol server over stdio with four tools answered from report --json and "
        f"diff --json: hot_lines, explain, diff, health (docs/agents.md). Needs the MCP SDK: {INSTALL}.",
    )
    mcp.add_argument("--path-map", action="append", type=path_map, default=[], metavar="FROM=TO", help="map trace paths (every tool)")
    mcp.add_argument("--cache-dir", type=path, metavar="DIR", help="the index cache folder (as for report)")
    mcp.add_argument("--no-cache", action="store_true", help="neither read nor write the on-disk index cache")


def run_mcp(args) -> int:
    """Serve until the client closes stdin; 2 (with a line on stderr) when the SDK is not installed."""
    try:
        from .server import serve
    except ModuleNotFoundError as exc:
        if (exc.name or "").split(".")[0] not in ("mcp", "mcp_types", "anyio", "pydantic", "typing_extensions"):
            raise
        print(f"inductor-lens: mcp needs the MCP Python SDK ({exc.name} is not installed): {INSTALL}", file=sys.stderr)
        return 2
    return serve(args)
