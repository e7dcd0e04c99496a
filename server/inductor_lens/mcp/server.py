"""The ``inductor-lens mcp`` server: four tools registered with the official Model Context Protocol
SDK (``mcp`` 2.x, ``mcp.server.mcpserver.MCPServer``), served over stdio.  Each answers from
:class:`.answers.Answers` on a worker thread, so the server keeps reading while a run is opened;
opening reports MCP progress notifications (``notifications/progress``, percent of 100) to a
caller that asked for them.  :class:`.answers.BadInput` becomes a tool error (``isError``, the
sentence naming the path or argument); a wrong argument type is refused by the SDK's argument
validation the same way, naming the argument.  Structured output (``structuredContent``) follows
each tool's return type below; its objects are ``report --json`` / ``diff --json``'s own
(docs/report-json.md), so their fields are not listed here.

Imported only by ``inductor-lens mcp`` (:func:`.args.run_mcp`): the SDK is an optional extra.
"""

from __future__ import annotations

import functools
from typing import Annotated, Any

import anyio
import anyio.from_thread
import anyio.to_thread
from mcp.server.mcpserver import Context, MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp_types import ToolAnnotations
from pydantic import Field
from typing_extensions import TypedDict

from .. import __version__
from .answers import Answers, BadInput

Obj = dict[str, Any]
PathArg = Annotated[str, Field(description="a TORCH_TRACE log, a folder holding traces (a capture folder), tlparse output, a .pt2 package")]

INSTRUCTIONS = (
    "Inductor Lens reads torch.compile traces (TORCH_TRACE logs with INDUCTOR_PROVENANCE=1) and torch.profiler "
    "profiles and answers at the user's model line. Start with hot_lines (where the time goes), then explain one "
    "line (what it compiled to, its kernels, time against the device, problems, where to look); health lists graph "
    "breaks, recompiles and failures; diff compares two runs (check a fix). Answers use report --json / diff --json "
    "fields, so `inductor-lens report PATH --json` gives the rest."
)


class HotLines(TypedDict):
    lines: Annotated[list[Obj], Field(description="report --json lines objects, hottest first, as report ranks them")]
    measured: Annotated[Obj | None, Field(description="report --json measured: total_us, lines_us, runs, clock; null without a profile")]
    profiles: Annotated[list[Obj], Field(description="report --json profiles: the joined torch.profiler traces")]
    warnings: Annotated[list[Obj], Field(description="what could not be read: {file, line, message}")]


class Explained(TypedDict):
    line: Annotated[Obj | None, Field(description="the report --json lines object of the line; null when only compile problems are there")]
    call: Annotated[
        Obj | None,
        Field(
            description="the report --json calls object when the line calls compiled code: its kernels, measured_us, and host_us / "
            "host_us_per_step (CPU time inside the compiled calls: what keeps the GPU waiting); null otherwise"
        ),
    ]
    rank: Annotated[int | None, Field(description="its place in the hot lines (1 = hottest); null when not ranked")]
    kernels: Annotated[list[Obj], Field(description="report --json kernels objects of the line: key, FX nodes, launches, measured")]
    problems: Annotated[list[Obj], Field(description="report --json compile_events at the line (graph breaks, recompiles, failures)")]
    open: Annotated[list[Obj], Field(description="{what, kernel, path, line}: output code definitions and launches, IR files")]
    devices: Annotated[list[Obj], Field(description="report --json devices: the profiled devices and their peaks")]
    warnings: Annotated[list[Obj], Field(description="what could not be read: {file, line, message}")]


class Diffed(TypedDict):
    headline: Annotated[str | None, Field(description="diff --json headline: B against A in one sentence")]
    time: Annotated[Obj | None, Field(description="diff --json time: the step by the wall clock; null without profiles")]
    causes: Annotated[list[Obj] | None, Field(description="diff --json causes, largest delta_us first")]
    lines: Annotated[list[Obj], Field(description="diff --json lines: each model line of A and B with its change")]
    summary: Annotated[Obj, Field(description="diff --json summary: counts of changed lines, measured time of each run")]
    notes: Annotated[list[str] | None, Field(description="diff --json notes: sentences on what the comparison could not hold")]
    warnings: Annotated[list[Obj], Field(description="diff --json warnings, each with its run (a or b)")]


class Health(TypedDict):
    graph_breaks: Annotated[list[Obj], Field(description="report --json compile_events of kind graph_break, at file and line")]
    recompiles: Annotated[list[Obj], Field(description="compile_events of kind recompile: reasons are the guards that failed")]
    failures: Annotated[list[Obj], Field(description="compile_events of kind failure or conversion_failure")]
    compiles: Annotated[
        list[Obj],
        Field(
            description="report --json compiles: every compile of the run (function at file and line, time, failure); events name theirs by trace and compile_id"
        ),
    ]
    warnings: Annotated[list[Obj], Field(description="what could not be read: {file, line, message}")]


async def _answer(ctx: Context, fn, *args) -> Any:
    """``fn(*args, progress=...)`` on a worker thread, its progress sent as MCP progress
    notifications; :class:`BadInput` raised as a tool error."""

    sent = [-1.0]

    def progress(percent: int, message: str) -> None:
        value = max(float(percent), sent[0] + 0.01)  # (MCP: each notification's progress must increase)
        sent[0] = value
        anyio.from_thread.run(functools.partial(ctx.report_progress, value, 100, message))

    try:
        return await anyio.to_thread.run_sync(functools.partial(fn, *args, progress=progress))
    except BadInput as exc:
        raise ToolError(str(exc)) from None


def build_server(answers: Answers) -> MCPServer:
    """The server with its four tools, answering from ``answers``."""
    server: MCPServer = MCPServer(
        "inductor-lens", version=__version__, instructions=INSTRUCTIONS, log_level="WARNING", warn_on_duplicate_tools=True
    )
    read_only = ToolAnnotations(read_only_hint=True, idempotent_hint=True, open_world_hint=False)

    @server.tool(annotations=read_only)
    async def hot_lines(path: PathArg, ctx: Context, top: Annotated[int, Field(ge=1, description="how many lines")] = 10) -> HotLines:
        """The model lines where a torch.compile run's time goes, hottest first, as `inductor-lens report` ranks
        them: each line's file, line, code, its kernels and launches and, with a torch.profiler profile, its
        measured time (share_us, percent, throughput against the device). Use first on "why is my compiled model
        slow"; then explain the top lines."""
        return await _answer(ctx, answers.hot_lines, path, top)

    @server.tool(annotations=read_only)
    async def explain(
        path: PathArg,
        file: Annotated[str, Field(description="the model file: a base name (model.py), a path suffix or a local path")],
        line: Annotated[int, Field(ge=1, description="the line number in that file")],
        ctx: Context,
    ) -> Explained:
        """What one model line became: its kernels (names, keys, fused FX nodes, ATen ops, modules), their measured
        time, bytes and FLOPs against the device's peak (memory- or compute-bound), the graph breaks or recompiles
        at the line, and the output-code and IR places to open. Use on a line hot_lines ranked high, or one the user
        asks about."""
        return await _answer(ctx, answers.explain, path, file, line)

    @server.tool(annotations=read_only)
    async def diff(
        a: Annotated[str, Field(description="run A (before): a trace, folder or capture folder, as for hot_lines")],
        b: Annotated[str, Field(description="run B (after)")],
        ctx: Context,
    ) -> Diffed:
        """Compare two runs per model line, as `inductor-lens diff --json A B`: the time (by the wall clock where
        the runs have profiles), the causes ranked, and each line's change (added, removed, changed, same) with
        its kernels on both sides. Use to check that a fix helped, or to find why B is slower than A."""
        return await _answer(ctx, answers.diff, a, b)

    @server.tool(annotations=read_only)
    async def health(path: PathArg, ctx: Context) -> Health:
        """torch.compile's problems in a run: graph breaks (with the reason and a hint), recompiles (with the
        guards that failed), and failed compiles, each at its file and line. Use when compiled code is slow to
        start, recompiles, or runs parts eagerly."""
        return await _answer(ctx, answers.health, path)

    return server


def serve(args) -> int:
    """Run the server over stdio until the client closes it (``args``: :func:`.args.add_mcp_parser`'s)."""
    answers = Answers(args.cache_dir, args.path_map, disk_cache=not args.no_cache)
    build_server(answers).run("stdio")
    return 0
