"""Shared fixtures: the real traces in ../shared/traces and an independent mini-reader of logs.

The mini-reader (``raw_records``) is deliberately written separately from the package's reader
(line by line, json.loads, no md5 shortcuts) so tests compare the index against what the log
says rather than against itself.
"""

from __future__ import annotations

import glob
import json
import os
import re

import pytest

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHARED = os.environ.get("INDUCTOR_LENS_SHARED", os.path.join(os.path.dirname(REPO), "shared"))
TRACES = os.path.join(SHARED, "traces")
#: extra real traces made with ../shared/gen_traces (see tests/data/*/README.md)
DATA = os.path.join(REPO, "tests", "data")

if not os.path.isdir(TRACES):  # pragma: no cover - a broken checkout, not a skipped test
    raise RuntimeError(f"real traces not found at {TRACES}; set INDUCTOR_LENS_SHARED")

_PREFIX = re.compile(r"^[VIWEC]\d{4} \d\d:\d\d:\d\d\.\d{6} +(\d+) [^\]]*\] ")


def case_dir(case: str) -> str:
    """``torch-2.11-cuda/mlp_infer`` -> its absolute folder (../shared/traces, else tests/data)."""
    path = os.path.join(TRACES, case)
    if not os.path.isdir(path):
        path = os.path.join(DATA, case)
    assert os.path.isdir(path), path
    return path


def case_log(case: str) -> str:
    logs = sorted(glob.glob(os.path.join(case_dir(case), "trace", "*.log")))
    assert logs, case
    return logs[0]


def all_cases() -> list[str]:
    return sorted(
        os.path.relpath(p, root) for root in (TRACES, DATA) for p in glob.glob(os.path.join(root, "torch-*", "*")) if os.path.isdir(p)
    )


_ENVELOPE = re.compile(rb"^([VIWEC]\d{4} \d\d:\d\d:\d\d\.\d+ +\d+ [^\n]*?\] )(\{.*)$")


def repeated_log(case: str, path, reps: int = 3, edit=None) -> str:
    """Write ``case``'s log ``reps`` times to ``path`` with distinct frame ids (``frame_id + 1000 *
    rep``, as bench/make_big_traces.py does: every compile id distinct, payloads unchanged);
    ``edit(rep, lines)`` may change a repetition's lines.  Returns ``str(path)``."""
    lines = open(case_log(case), "rb").read().split(b"\n")
    if lines[-1] == b"":
        lines.pop()
    out = []
    for rep in range(reps):
        copy = []
        for line in lines:
            m = _ENVELOPE.match(line)
            if m:
                env = json.loads(m.group(2))
                if isinstance(env.get("frame_id"), int):
                    env["frame_id"] += 1000 * rep
                line = m.group(1) + json.dumps(env).encode()
            copy.append(line)
        out += edit(rep, copy) if edit is not None else copy
    with open(path, "wb") as fh:
        fh.write(b"\n".join(out) + b"\n")
    return str(path)


def compile_id(env: dict) -> str:
    ca, f, fc, a = env.get("compiled_autograd_id"), env.get("frame_id"), env.get("frame_compile_id"), env.get("attempt")
    if ca is not None:
        s = f"!{ca}" if f is None else f"!{ca}/{f}/{fc}"
    elif f is not None:
        s = f"{f}/{fc}"
    else:
        return "-"
    return s + (f"_{a}" if a else "")


def raw_records_with_pid(path: str) -> list[tuple[int, dict, str, int]]:
    """(1-based line, envelope, payload text, pid of the glog prefix) for every record of a log, read line by line."""
    out = []
    cur = None
    with open(path, encoding="utf-8") as fh:
        for number, line in enumerate(fh, 1):
            if line.startswith("\t"):
                cur[2].append(line[1:].rstrip("\n"))
                continue
            m = _PREFIX.match(line)
            if m:
                cur = (number, json.loads(line[m.end() :]), [], int(m.group(1)))
                out.append(cur)
    return [(n, env, "\n".join(lines), pid) for n, env, lines, pid in out]


def raw_records(path: str) -> list[tuple[int, dict, str]]:
    """(1-based line, envelope, payload text) for every record of a log, read line by line."""
    return [(n, env, payload) for n, env, payload, _ in raw_records_with_pid(path)]


def raw_graphs(path: str) -> list[dict]:
    """Per output code in log order: {compile_id, pid, code, stack_traces (dict|None), mapping (dict|None)};
    records pair within one process (``pid`` is None when one process wrote the log)."""
    graphs: list[dict] = []
    last: dict[tuple[int, str], dict] = {}
    recs = raw_records_with_pid(path)
    several = len({pid for *_, pid in recs}) > 1
    for _, env, payload, pid in recs:
        cid = (pid, compile_id(env))
        name = (env.get("artifact") or env.get("graph_dump") or {}).get("name")
        if "inductor_output_code" in env or name == "inductor_aot_wrapper_code":
            g = {"compile_id": cid[1], "pid": pid if several else None, "code": payload, "stack_traces": None, "mapping": None}
            graphs.append(g)
            last[cid] = g
        elif name == "inductor_provenance_tracking_kernel_stack_traces" and cid in last:
            last[cid]["stack_traces"] = json.loads(payload)
        elif name == "inductor_provenance_tracking_node_mappings" and cid in last:
            last[cid]["mapping"] = json.loads(payload)
    return graphs


def answer_like_vscode(client, on_code_lens_refresh=None) -> None:
    """Make a pytest-lsp client answer what VS Code answers and the server sends: file-watcher
    registration, code-lens refresh; it records ``inductorLens/status`` in ``client.statuses``."""
    from lsprotocol import types

    client.statuses = []
    client.registrations = []
    client.feature(types.CLIENT_REGISTER_CAPABILITY)(lambda params: client.registrations.extend(params.registrations))
    client.feature(types.WORKSPACE_CODE_LENS_REFRESH)(lambda params: on_code_lens_refresh() if on_code_lens_refresh else None)
    client.feature("inductorLens/status")(lambda params: client.statuses.append(params))


@pytest.fixture(autouse=True)
def _no_terminal_size_from_the_test_runner(monkeypatch):
    """The commands the tests run see no ``COLUMNS``/``LINES``: pytest imports ``readline``, which
    puts the runner's terminal size (80 columns without a terminal) into the process environment
    that child processes inherit, and
    ``report`` sizes piped tables by ``$COLUMNS`` (a new user's CI run failed on it)."""
    for name in ("COLUMNS", "LINES"):
        monkeypatch.delenv(name, raising=False)
        os.unsetenv(name)  # readline sets them in the C environment, which os.environ does not show


@pytest.fixture(scope="session")
def cache_dir(tmp_path_factory) -> str:
    return str(tmp_path_factory.mktemp("inductor-lens-cache"))


@pytest.fixture(scope="session")
def load_case(cache_dir):
    """``load_case("torch-2.11-cuda/mlp_infer")`` -> an Index over that case folder (memoized)."""
    from inductor_lens.files.cache import Cache
    from inductor_lens.index.trace_index import load

    memo: dict[str, object] = {}

    def _load(case: str):
        if case not in memo:
            memo[case] = load([case_dir(case)], Cache(cache_dir))
        return memo[case]

    return _load


def path_of_uri(uri: str) -> str:
    """The file path of a ``file://`` URI (percent-decoded: extracted files are named
    ``forward · compile 0_0 · output code.py``)."""
    from urllib.parse import unquote, urlparse

    return unquote(urlparse(uri).path)
