"""``inductor-lens mcp`` started as a subprocess and spoken to over stdio with the official MCP SDK's
client (``mcp.client.stdio``): the four tools listed with their schemas, each called on shared
traces and its answer compared with ``report --json`` / ``diff --json`` run on the same inputs
(the CLI, run here); bad input answered with a tool error naming it, and the next call answered."""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import subprocess
import sys
import time

import pytest
from conftest import DATA, REPO, case_dir

pytest.importorskip("mcp")

from mcp.client.session import ClientSession  # noqa: E402
from mcp.client.stdio import StdioServerParameters, stdio_client  # noqa: E402

PAIRS = os.path.join(DATA, "pairs", "torch-2.11-cuda")


def _env() -> dict[str, str]:
    return {"PYTHONPATH": os.path.join(REPO, "server"), **{k: v for k, v in os.environ.items() if k.startswith("INDUCTOR_LENS_")}}


def _cli(*args: str, cache_dir: str) -> dict:
    env = {**{k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}, **_env()}
    proc = subprocess.run(
        [sys.executable, "-m", "inductor_lens", *args, "--json", "--cache-dir", cache_dir],
        capture_output=True,
        text=True,
        timeout=300,
        env=env,
    )
    assert proc.returncode in (0, 1), proc.stderr
    return json.loads(proc.stdout)


@contextlib.asynccontextmanager
async def Session(cache_dir: str):
    """A started ``inductor-lens mcp`` and the SDK's client session on it, initialized."""
    params = StdioServerParameters(
        command=sys.executable, args=["-m", "inductor_lens", "mcp", "--cache-dir", cache_dir], env=_env(), cwd=REPO
    )
    async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
        await session.initialize()
        yield session


async def _ok(session: ClientSession, tool: str, args: dict, **kw) -> dict:
    result = await session.call_tool(tool, args, **kw)
    assert not result.is_error, result.content
    assert result.structured_content is not None
    return result.structured_content


def _ref(k: dict) -> tuple:
    return (k["trace"], k["compile_id"], k["graph"], k["key"])


async def test_tools_listed_with_schemas_and_answers_equal_the_report(tmp_path):
    cache = str(tmp_path / "cache")
    cnn = case_dir("torch-2.11-cuda/profile_cnn")  # a profile beside the trace: measured lines
    async with Session(cache) as session:
        tools = {t.name: t for t in (await session.list_tools()).tools}
        assert set(tools) == {"hot_lines", "explain", "diff", "health"}
        for tool in tools.values():
            assert len(tool.description or "") > 100 and tool.output_schema and tool.input_schema["type"] == "object"
        assert tools["hot_lines"].input_schema["required"] == ["path"]
        assert tools["hot_lines"].input_schema["properties"]["top"]["default"] == 10
        assert set(tools["explain"].input_schema["required"]) == {"path", "file", "line"}
        assert set(tools["diff"].input_schema["required"]) == {"a", "b"}
        assert set(tools["diff"].output_schema["properties"]) >= {"time", "causes", "lines"}

        progress: list[tuple] = []

        async def noted(done, total, message):
            progress.append((done, total, message))

        hot = await _ok(session, "hot_lines", {"path": cnn, "top": 3}, progress_callback=noted)
        assert progress and all(total == 100 for _, total, _ in progress)  # a cold open says how far it is
        values = [done for done, _, _ in progress]
        assert values == sorted(set(values)) and any("profiles" in (m or "") for _, _, m in progress)  # increasing; the join said
        report = _cli("report", cnn, cache_dir=cache)
        assert len(hot["lines"]) == 3 and all(line in report["lines"] for line in hot["lines"])  # the report's own objects
        everything = await _ok(session, "hot_lines", {"path": cnn, "top": 100})
        assert sorted(map(json.dumps, everything["lines"])) == sorted(map(json.dumps, report["lines"]))

        def spent(line: dict) -> float:
            return line["measured"]["share_us"] + (line["measured"].get("eager_us") or 0.0)

        assert [spent(x) for x in everything["lines"]] == sorted((spent(x) for x in everything["lines"]), reverse=True)
        assert everything["measured"] == report["measured"] and everything["profiles"] == report["profiles"]

        top = hot["lines"][0]
        said = await _ok(session, "explain", {"path": cnn, "file": os.path.basename(top["file"]), "line": top["line"]})
        assert said["line"] == top and said["rank"] == 1
        refs = {_ref(k) for k in top["kernels"]}
        assert said["kernels"] == [k for k in report["kernels"] if _ref(k) in refs] and said["kernels"]
        assert said["devices"] == report["devices"]
        definitions = {(p["path"], p["line"]) for p in said["open"] if p["what"] == "definition"}
        assert definitions == {(k["definition"]["path"], k["definition"]["line"]) for k in said["kernels"] if k["definition"]}
        assert all(os.path.isfile(p["path"]) for p in said["open"])  # output code extracted where it is said to be


async def test_explain_health_and_diff_equal_the_cli(tmp_path):
    cache = str(tmp_path / "cache")
    broken = case_dir("torch-2.11-cuda/graph_break")
    a, b = os.path.join(PAIRS, "cnn_train"), os.path.join(PAIRS, "cnn_train_edit")
    async with Session(cache) as session:
        report = _cli("report", broken, cache_dir=cache)
        break_at = next(e["location"] for e in report["compile_events"] if e["kind"] == "graph_break")
        said = await _ok(session, "explain", {"path": broken, "file": "proj/models.py", "line": break_at["line"]})
        at = (break_at["file"], break_at["line"])
        frames = [[e["location"] or {}, *(e["stack"] or [])] for e in report["compile_events"]]
        expected = [
            e for e, fs in zip(report["compile_events"], frames, strict=True) if any((f.get("file"), f.get("line")) == at for f in fs)
        ]
        assert said["problems"] == expected and {e["kind"] for e in expected} == {"graph_break", "recompile"}
        assert said["line"] == next(x for x in report["lines"] if (x["file"], x["line"]) == (break_at["file"], break_at["line"]))

        health = await _ok(session, "health", {"path": broken})
        kinds = {"graph_breaks": "graph_break", "recompiles": "recompile"}
        for field, kind in kinds.items():
            assert health[field] == [e for e in report["compile_events"] if e["kind"] == kind] and health[field]
        assert all(r["reasons"] for r in health["recompiles"])  # the guards that failed
        assert health["compiles"] == report["compiles"]
        # a clean run (no break, recompile nor failure) lists its compile too: it said compiles: []
        clean = case_dir("torch-2.11-cuda/mlp_train")
        health = await _ok(session, "health", {"path": clean})
        want = _cli("report", clean, cache_dir=cache)["compiles"]
        assert not health["graph_breaks"] and not health["recompiles"] and not health["failures"]
        assert health["compiles"] == want and len(want) == 1

        compared = await _ok(session, "diff", {"a": a, "b": b})
        expected = _cli("diff", a, b, cache_dir=cache)
        assert compared["lines"] == expected["lines"] and any(x["change"] != "same" for x in compared["lines"])
        assert compared["time"] == expected.get("time") and compared["causes"] == expected.get("causes")
        assert compared["summary"] == expected["summary"]
        assert compared["headline"] == expected.get("headline") and compared["notes"] == expected.get("notes")


async def test_a_profiled_training_step_passes_through_eager_time_the_step_and_the_causes(tmp_path):
    """Round-45 GPU runs (profiles with stacks): eager-only lines (opt.step()) rank among the
    compiled ones as report ranks them, the step block and diff's wall-clock time and causes come
    through as the CLI writes them."""
    sys.path.insert(0, os.path.join(REPO, "tests", "timing"))
    from gpu_runs import unpack

    plain, item = unpack("tf_plain", str(tmp_path / "tf_plain")), unpack("tf_item", str(tmp_path / "tf_item"))
    cache = str(tmp_path / "cache")
    async with Session(cache) as session:
        hot = await _ok(session, "hot_lines", {"path": plain, "top": 100})
        step = next(x for x in hot["lines"] if x["code"] == "opt.step()")
        said = await _ok(session, "explain", {"path": plain, "file": "train.py", "line": step["line"]})
        compared = await _ok(session, "diff", {"a": plain, "b": item})
        # the line that calls the compiled model: its call site with the host time inside its calls
        # (a new user's explain of tf_item's 'x = block(x)' said line: null and nothing more)
        item_report = _cli("report", item, cache_dir=cache)
        (site,) = [c for c in item_report["calls"] if c["innermost"]]
        on_call = await _ok(session, "explain", {"path": item, "file": "train.py", "line": site["line"]})
    assert on_call["call"] == site and site["host_us_per_step"] > 1000 and site["code"] == "x = block(x)"
    report = _cli("report", plain, cache_dir=cache)
    assert sorted(map(json.dumps, hot["lines"])) == sorted(map(json.dumps, report["lines"]))
    assert hot["profiles"] == report["profiles"] and hot["profiles"][0]["step"]["steps"] == 5
    assert step["measured"]["eager_us"] > 0 and not step["kernels"]
    spent = [x["measured"]["share_us"] + (x["measured"].get("eager_us") or 0.0) for x in hot["lines"]]
    assert spent == sorted(spent, reverse=True) and hot["lines"].index(step) < 5
    assert said["line"] == step and said["kernels"] == [] and said["rank"] == hot["lines"].index(step) + 1
    expected = _cli("diff", plain, item, cache_dir=cache)
    assert compared["time"] == expected["time"] and compared["time"]["clock"] == "wall"
    assert compared["causes"] == expected["causes"] and compared["causes"]
    assert compared["lines"] == expected["lines"]


async def test_bad_input_is_a_tool_error_and_the_next_call_is_answered(tmp_path):
    empty = tmp_path / "empty"
    empty.mkdir()
    damaged = tmp_path / "damaged"
    damaged.mkdir()
    log = damaged / "dedicated_log_torch_trace_x.log"
    log.write_bytes(bytes(range(256)) * 20)  # no record in it
    cnn = case_dir("torch-2.11-cuda/profile_cnn")
    missing = str(tmp_path / "no_such_run")
    cases = [
        ("hot_lines", {"path": missing}, [missing, "no such file or folder"]),
        ("hot_lines", {"path": str(empty)}, [str(empty), "no TORCH_TRACE logs"]),
        ("health", {"path": str(damaged)}, [str(log), "no TORCH_TRACE records"]),
        ("hot_lines", {"path": cnn, "top": "many"}, ["top", "integer"]),
        ("hot_lines", {"path": 5}, ["path", "string"]),
        ("explain", {"path": cnn, "file": "nowhere.py", "line": 3}, ["nowhere.py", "models.py"]),
        ("explain", {"path": cnn, "file": "models.py", "line": 1}, ["line 1", "40"]),
        ("diff", {"a": cnn, "b": missing}, [missing, "no such file"]),
    ]
    async with Session(str(tmp_path / "cache")) as session:
        for tool, args, words in cases:
            result = await session.call_tool(tool, args)
            assert result.is_error, (tool, args)
            text = result.content[0].text
            assert all(w in text for w in words), (text, words)
            answered = await _ok(session, "hot_lines", {"path": cnn, "top": 1})  # the server keeps answering
            assert len(answered["lines"]) == 1


async def test_a_second_call_on_the_same_run_is_served_from_what_was_kept(tmp_path):
    run = case_dir("torch-2.11-cuda/gpt2_l12_train")
    cache = str(tmp_path / "cache")
    async with Session(cache) as session:
        start = time.perf_counter()
        first = await _ok(session, "hot_lines", {"path": run})
        cold = time.perf_counter() - start
        start = time.perf_counter()
        second = await _ok(session, "hot_lines", {"path": run})
        warm = time.perf_counter() - start
    assert second == first and len(first["lines"]) == 10
    assert warm < cold / 3, (cold, warm)
    async with Session(cache) as session:  # a new server: the document saved in the cache folder
        start = time.perf_counter()
        again = await _ok(session, "hot_lines", {"path": run})
        saved = time.perf_counter() - start
        said = await _ok(session, "explain", {"path": run, "file": first["lines"][0]["file"], "line": first["lines"][0]["line"]})
    assert again == first and said["line"] == first["lines"][0] and said["rank"] == 1
    assert saved < cold / 2, (cold, saved)
    assert os.listdir(os.path.join(cache, "derived", "mcp"))


async def test_a_kept_answer_is_dropped_when_its_inputs_change(tmp_path):
    """A profile added beside a trace after a first answer: the next answer joins it (in this
    server, and in a new one reading the saved document)."""
    run = tmp_path / "run"
    shutil.copytree(case_dir("torch-2.11-cuda/profile_cnn"), run, ignore=shutil.ignore_patterns("*.json"))
    cache = str(tmp_path / "cache")
    async with Session(cache) as session:
        before = await _ok(session, "hot_lines", {"path": str(run)})
        assert before["measured"] is None and before["lines"]
        shutil.copy(os.path.join(case_dir("torch-2.11-cuda/profile_cnn"), "profile_trace.json"), run / "profile_trace.json")
        after = await _ok(session, "hot_lines", {"path": str(run)})
    assert after["measured"] is not None and after["lines"][0]["measured"]["share_us"] > 0
    assert after == await _new_server_answer(cache, str(run))


async def _new_server_answer(cache: str, path: str) -> dict:
    async with Session(cache) as session:
        return await _ok(session, "hot_lines", {"path": path})


def test_without_the_sdk_the_command_says_how_to_install_it():
    code = "import sys; sys.modules['mcp'] = None; from inductor_lens.cli import main; sys.exit(main(['mcp']))"
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, env={**os.environ, **_env()})
    assert proc.returncode == 2 and "pip install 'inductor-lens[mcp]'" in proc.stderr, proc.stderr
    code = "import sys, inductor_lens.cli, inductor_lens.mcp.answers; inductor_lens.cli.build_parser(); print('mcp' in sys.modules)"
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, env={**os.environ, **_env()})
    assert proc.stdout.strip() == "False", proc.stderr  # only the mcp command imports the SDK
