"""``inductor-lens capture``: the command runs unchanged with provenance on, its trace is indexed.

The tests marked ``torch`` run real PyTorch 2.13 (CPU) in ``.venv-torch`` beside ``.venv`` (made by
scripts/test.sh: ``pip install torch==2.13.0``) on a tiny model they write, and are skipped only
when that venv is absent.  The others need no torch: what capture tells the user when the
environment cannot give a trace (no torch, a PyTorch without provenance, a missing command).
"""

from __future__ import annotations

import json
import os
import re
import shlex
import subprocess
import sys

import pytest
from conftest import REPO
from inductor_lens.capture.run import HOOK_DIR, child_env, version_tuple

TORCH_PY = os.path.join(REPO, ".venv-torch", "bin", "python")
needs_torch = pytest.mark.skipif(not os.path.exists(TORCH_PY), reason=".venv-torch is absent (scripts/test.sh creates it)")

TINY = """\
import sys

import torch


class Tiny(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = torch.nn.Linear(8, 16)

    def forward(self, x):
        y = self.fc(x)
        y = torch.relu(y) * torch.sigmoid(y)
        return y.sum(dim=1)


model = torch.compile(Tiny())
x = torch.randn(4, 8)
for _ in range(CALLS):
    out = model(x)
print("tiny ran", tuple(out.shape))
if "--fail" in sys.argv:
    raise RuntimeError("tiny.py failed after compiling")
"""
#: model calls: 1 opens the profile window, 2 warm up, 5 are recorded
CALLS = 8


def _tiny_lines(text: str) -> dict[str, int]:
    """1-based line of each model line that makes kernels, read off the script."""
    lines = text.splitlines()
    return {
        code: lines.index("        " + code) + 1
        for code in ("y = self.fc(x)", "y = torch.relu(y) * torch.sigmoid(y)", "return y.sum(dim=1)")
    }


def _capture(args, cwd, env_extra=None, cache=None):
    env = dict(os.environ)
    env.update(env_extra or {})
    cmd = [sys.executable, "-m", "inductor_lens", "capture", *(["--cache-dir", str(cache)] if cache else []), *args]
    return subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, timeout=600)


def _report(trace_dir, cache):
    proc = subprocess.run(
        [sys.executable, "-m", "inductor_lens", "report", str(trace_dir), "--json", "--cache-dir", str(cache)],
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(proc.stdout)


@pytest.fixture(scope="module")
def tiny(tmp_path_factory):
    """A folder with tiny.py, and an Inductor cache shared by this module's runs (its C++ builds)."""
    root = tmp_path_factory.mktemp("tiny")
    (root / "tiny.py").write_text(TINY.replace("CALLS", str(CALLS)))
    env = {"TORCHINDUCTOR_CACHE_DIR": str(root / "inductor_cache"), "OMP_NUM_THREADS": "1"}
    return root, env, _tiny_lines((root / "tiny.py").read_text())


def _model_lines(doc, script):
    return {(k["key"], (os.path.basename(f["file"]), f["line"])) for k in doc["kernels"] for f in k["model_lines"] if f["file"] == script}


@needs_torch
def test_capture_records_provenance_and_reports_the_script_lines(tiny, tmp_path):
    root, env, lines = tiny
    proc = _capture(["--out", str(tmp_path / "run"), "--", TORCH_PY, "tiny.py"], root, env, tmp_path / "cache")
    assert proc.returncode == 0, proc.stderr
    assert "tiny ran (4,)" in proc.stdout  # the command's own output, streamed unchanged
    doc = _report(tmp_path / "run" / "trace", tmp_path / "cache")
    script = str(root / "tiny.py")
    assert [t["torch_version"] for t in doc["traces"]] == ["2.13.0+cpu"]
    kernels = {k["key"]: k for k in doc["kernels"]}
    assert all(k["provenance"] == "mapping" and k["measured"] is None for k in kernels.values())
    addmm = next(k for k in kernels if k.startswith("extern_kernels.addmm:"))
    fused = next(k for k in kernels if k.startswith("cpp_fused_"))
    assert set(kernels) == {addmm, fused}
    assert _model_lines(doc, script) == {
        (addmm, ("tiny.py", lines["y = self.fc(x)"])),
        (fused, ("tiny.py", lines["y = torch.relu(y) * torch.sigmoid(y)"])),
        (fused, ("tiny.py", lines["return y.sum(dim=1)"])),
    }
    # the summary printed after the run names the script's lines and where the trace is
    for code, line in lines.items():
        assert f"tiny.py:{line}" in proc.stderr and code in proc.stderr
    assert f"trace: {tmp_path / 'run' / 'trace'}" in proc.stderr
    # the output code's path (its name holds spaces and '·') is quoted, ready to paste into a shell
    quoted = re.findall(r"· output code ('[^']+')", proc.stderr)
    assert quoted and all(os.path.isfile(shlex.split(q)[0]) for q in quoted), proc.stderr
    record = json.loads((tmp_path / "run" / "capture.json").read_text())
    assert (record["exit_status"], record["kernels"], record["torch_versions"]) == (0, 2, ["2.13.0+cpu"])
    assert record["command"] == [TORCH_PY, "tiny.py"] and record["messages"] == []
    # no profile without --profile, and the program's own environment is not touched by capture's packages
    assert not [f for f in os.listdir(tmp_path / "run" / "trace") if f.startswith("profile_")]
    # a CPU run compiles no Triton kernel: no Triton cache is kept and none is spoken of (issue 30)
    assert not (tmp_path / "run" / "triton_cache").exists() and not (tmp_path / "run" / "torchinductor" / "triton").exists()
    assert "Triton" not in proc.stderr and "--ir" not in proc.stderr


@needs_torch
def test_capture_profile_gives_every_kernel_a_measured_cpu_time(tiny, tmp_path):
    root, env, lines = tiny
    proc = _capture(["--profile", "--out", str(tmp_path / "run"), "--", TORCH_PY, "tiny.py"], root, env, tmp_path / "cache")
    assert proc.returncode == 0, proc.stderr
    trace_dir = tmp_path / "run" / "trace"
    profiles = [f for f in os.listdir(trace_dir) if f.startswith("profile_")]
    assert len(profiles) == 1
    doc = _report(trace_dir, tmp_path / "cache")
    step = doc["profiles"][0].pop("step")
    doc["profiles"][0].pop("eager")
    assert doc["profiles"] == [{"path": str(trace_dir / profiles[0]), "device_events": 0, "graph_calls": CALLS - 3, "device": None}]
    # no optimizer, so no training step to mark: the window has no ProfilerStep markers (they were calls before)
    assert step["steps"] is None and step["stacks"] is False and step["wall_us"] > 0
    assert len(doc["kernels"]) == 2
    for k in doc["kernels"]:
        m = k["measured"]
        assert (m["runs"], m["events"], m["clock"]) == (CALLS - 3, CALLS - 3, "cpu") and m["total_us"] > 0, k["key"]
    assert "measured in CPU time" in proc.stderr
    # the profiler's own start/stop lines (libkineto's "USDT: ... profiler_start", PyTorch 2.12+)
    # stay out of the terminal, as without --profile
    assert "USDT:" not in proc.stderr and "profiler_start" not in proc.stderr
    assert f"profile window of pid {profiles[0][len('profile_pid') : -len('.json')]}: {CALLS - 3} compiled-graph calls" in proc.stderr
    # the summary ranks the model lines by their share of the measured time, as report does: the
    # shares add up to what was measured (a kernel naming two lines is split, not counted twice)
    # and the heading says over how many profiled runs
    assert f"measured over {CALLS - 3} profiled runs" in proc.stderr
    rows = [m for m in re.finditer(r"^\s+([\d.]+)%\s+([\d.]+) (µs|ms)\s+tiny\.py:(\d+)", proc.stderr, re.M)]
    assert {int(m[4]) for m in rows} == set(lines.values())
    shares = [float(m[2]) * (1000.0 if m[3] == "ms" else 1.0) for m in rows]
    total = sum(k["measured"]["total_us"] for k in doc["kernels"])
    assert doc["measured"]["total_us"] == pytest.approx(total, abs=0.01) and doc["measured"]["runs"] == [CALLS - 3]
    # each row is printed rounded (format_us: 0.1 µs below 100 µs, 1 µs to 1 ms, 0.1 ms above): the sum is
    # within the rows' rounding of the measured total
    slack = sum(50.0 if m[3] == "ms" else 0.5 if float(m[2]) >= 100 else 0.05 for m in rows)
    assert abs(sum(shares) - total) <= slack + 1e-6, (sum(shares), total, slack)
    assert sum(float(m[1]) for m in rows) == pytest.approx(100.0, abs=0.2)
    assert sum(r["measured"]["share_us"] for r in doc["lines"]) == pytest.approx(total, abs=0.01)


TRAIN = """\
import torch
import torch.nn.functional as F
model = torch.compile(torch.nn.Linear(8, 4))
opt = torch.optim.SGD(model.parameters(), lr=0.1)
x, y = torch.randn(16, 8), torch.randint(0, 4, (16,))
for _ in range(STEPS):
    loss = F.cross_entropy(model(x), y)
    loss.backward()
    opt.step()
    opt.zero_grad()
"""


@needs_torch
def test_capture_profile_marks_training_steps_and_records_stacks(tiny, tmp_path):
    """``capture --profile --stacks`` on a training loop: each ProfilerStep is a training step (from
    one optimizer step to the next: a forward and a backward compiled call each), not a compiled
    call, the window holds whole steps, and the profile has Python stacks (issue 45). The truth is
    read off the raw profile."""
    root, env, _ = tiny
    (root / "train.py").write_text(TRAIN.replace("STEPS", "12"))
    args = ["--profile", "--stacks", "--profile-calls", "6", "--out", str(tmp_path / "run"), "--", TORCH_PY, "train.py"]
    proc = _capture(args, root, env, tmp_path / "cache")
    assert proc.returncode == 0, proc.stderr
    trace_dir = tmp_path / "run" / "trace"
    (name,) = [f for f in os.listdir(trace_dir) if f.startswith("profile_")]
    events = json.loads((trace_dir / name).read_text())["traceEvents"]
    steps = [e for e in events if e.get("cat") == "user_annotation" and e["name"].startswith("ProfilerStep#")]
    calls = [e for e in events if e.get("ph") == "X" and e["name"].startswith("## Call CompiledFxGraph")]
    inside = [sum(1 for c in calls if s["ts"] <= c["ts"] <= s["ts"] + s["dur"]) for s in steps]
    assert len(steps) >= 3 and inside == [2] * len(steps), inside  # a forward and a backward call per step
    assert any(e.get("cat") == "python_function" for e in events)
    doc = _report(trace_dir, tmp_path / "cache")
    step = doc["profiles"][0]["step"]
    assert step["steps"] == len(steps) and step["stacks"] is True
    assert step["wall_us"] == pytest.approx(sum(s["dur"] for s in steps), abs=1e-3)


BREAK = """\
import torch, torch.nn as nn, torch.nn.functional as F
class MLP(nn.Module):
    def __init__(s):
        super().__init__(); s.fc1 = nn.Linear(64, 256); s.fc2 = nn.Linear(256, 64); s.norm = nn.LayerNorm(256)
    def forward(s, x):
        y = s.norm(F.gelu(s.fc1(x)))
        if y.sum().item() > 1e9:
            y = y * 2
        return torch.relu(s.fc2(y) + x)
m = MLP(); opt = torch.optim.AdamW(m.parameters())
cm = torch.compile(m)
x = torch.randn(128, 64)
for i in range(12):
    loss = cm(x).pow(2).mean()
    loss.backward(); opt.step(); opt.zero_grad()
print("done", loss.item())
"""


@needs_torch
def test_capture_profile_of_a_graph_break_loop_keeps_the_program_alive(tiny, tmp_path):
    """A new user's training loop with an ``.item()`` graph break: two compiled graphs a forward, so
    the window's start fell inside autograd's backward (the second graph's backward call), where the
    engine's saved thread state later took the profiler away, and exporting it killed the program
    with SIGSEGV (PyTorch 2.13 and 2.14.1).  Now the profiler starts and stops only outside a
    backward: the program ends normally, prints its own output, and the profile's steps hold whole
    training steps (4 compiled calls each: the two graphs forward and backward, as the raw profile says)."""
    root, env, _ = tiny
    (root / "break.py").write_text(BREAK)
    proc = _capture(["--profile", "--out", str(tmp_path / "run"), "--", TORCH_PY, "break.py"], root, env, tmp_path / "cache")
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert "done " in proc.stdout
    trace_dir = tmp_path / "run" / "trace"
    (name,) = [f for f in os.listdir(trace_dir) if f.startswith("profile_")]
    events = json.loads((trace_dir / name).read_text())["traceEvents"]
    steps = [e for e in events if e.get("cat") == "user_annotation" and e["name"].startswith("ProfilerStep#")]
    calls = [e for e in events if e.get("ph") == "X" and e["name"].startswith("## Call CompiledFxGraph")]
    inside = [sum(1 for c in calls if s["ts"] <= c["ts"] <= s["ts"] + s["dur"]) for s in steps]
    assert len(steps) >= 3 and inside == [4] * len(steps), inside  # 2 graphs forward, 2 backward
    doc = _report(trace_dir, tmp_path / "cache")
    assert doc["profiles"][0]["step"]["steps"] == len(steps)


@needs_torch
def test_failing_command_keeps_its_exit_status_and_its_trace_is_indexed(tiny, tmp_path):
    root, env, lines = tiny
    proc = _capture(["--out", str(tmp_path / "run"), "--", TORCH_PY, "tiny.py", "--fail"], root, env, tmp_path / "cache")
    assert proc.returncode == 1
    assert "RuntimeError: tiny.py failed after compiling" in proc.stderr
    assert "the command exited with status 1; what it traced is summarized here" in proc.stderr
    record = json.loads((tmp_path / "run" / "capture.json").read_text())
    assert (record["exit_status"], record["kernels"]) == (1, 2)
    doc = _report(tmp_path / "run" / "trace", tmp_path / "cache")
    assert {line for _, (_, line) in _model_lines(doc, str(root / "tiny.py"))} == set(lines.values())


@needs_torch
def test_torchrun_ranks_get_their_own_trace_folders(tiny, tmp_path):
    root, env, lines = tiny
    script = root / "ranks.py"
    script.write_text(
        "import torch.distributed as dist\n\ndist.init_process_group('gloo')\n"
        + TINY.replace("CALLS", "2")
        + "dist.destroy_process_group()\n"
    )
    torchrun = os.path.join(os.path.dirname(TORCH_PY), "torchrun")
    proc = _capture(
        ["--out", str(tmp_path / "run"), "--", torchrun, "--standalone", "--nproc-per-node=2", "ranks.py"], root, env, tmp_path / "cache"
    )
    assert proc.returncode == 0, proc.stderr
    trace_dir = tmp_path / "run" / "trace"
    assert sorted(os.listdir(trace_dir)) == ["rank_0", "rank_1"]
    doc = _report(trace_dir, tmp_path / "cache")
    assert sorted((t["rank"], os.path.basename(os.path.dirname(t["path"]))) for t in doc["traces"]) == [(0, "rank_0"), (1, "rank_1")]
    assert sorted(k["rank"] for k in doc["kernels"]) == [0, 0, 1, 1]


@needs_torch
def test_torch_imported_but_nothing_compiled_is_said(tmp_path):
    proc = _capture(["--profile", "--out", str(tmp_path / "run"), "--", TORCH_PY, "-c", "import torch"], tmp_path)
    assert proc.returncode == 0, proc.stderr
    record = json.loads((tmp_path / "run" / "capture.json").read_text())
    assert record["torch_versions"] == ["2.13.0+cpu"] and record["logs"] == []
    assert [m["text"].split(":")[0] for m in record["messages"]] == [
        "PyTorch 2.13.0+cpu was imported but wrote no TORCH_TRACE log",
        "no profile",
    ]
    assert "no graph compiled by torch.compile was called" in record["messages"][1]["text"]


# ---------------------------------------------------------------- no torch needed


def test_child_env_adds_provenance_and_the_hook_and_keeps_the_users_settings(tmp_path):
    own = os.path.dirname(os.path.dirname(os.path.dirname(HOOK_DIR)))  # where inductor_lens is imported from (bundled/libs in VS Code)
    base = {"PYTHONPATH": os.pathsep.join(["/user/lib", own]), "INDUCTOR_PROVENANCE": "0", "TORCHINDUCTOR_FX_GRAPH_CACHE": "1"}
    env = child_env(base, str(tmp_path), profile=False)
    assert env["PYTHONPATH"].split(os.pathsep) == [HOOK_DIR, "/user/lib"]
    assert (env["TORCH_TRACE"], env["INDUCTOR_PROVENANCE"], env["INDUCTOR_LENS_CAPTURE"]) == (str(tmp_path / "trace"), "1", str(tmp_path))
    assert (env["TORCHINDUCTOR_FX_GRAPH_CACHE"], env["TORCHINDUCTOR_AUTOGRAD_CACHE"]) == ("1", "0")  # the user's choice wins
    assert "INDUCTOR_LENS_PROFILE" not in env and "TORCHINDUCTOR_CPP_ENABLE_KERNEL_PROFILE" not in env
    env = child_env({"INDUCTOR_PROVENANCE": "2"}, str(tmp_path), profile=True, calls=5, seconds=1.5, warmup=0)
    assert (env["INDUCTOR_PROVENANCE"], env["INDUCTOR_LENS_PROFILE"], env["TORCHINDUCTOR_CPP_ENABLE_KERNEL_PROFILE"]) == (
        "2",
        "5,1.5,0,0",
        "1",
    )
    assert version_tuple("2.8.0+cu128") == (2, 8) and version_tuple("2.10.0a0+git") == (2, 10) and version_tuple("x") == (0, 0)


def test_no_torch_in_the_interpreter_is_said(tmp_path):
    plain = subprocess.run(
        [sys.executable, "-c", "import importlib.util as u; print(u.find_spec('torch') is None)"],
        capture_output=True,
        text=True,
        check=True,
    )
    if plain.stdout.strip() != "True":
        pytest.skip("this interpreter has torch")
    proc = _capture(["--out", str(tmp_path / "run"), "--", sys.executable, "-c", "import sys; sys.exit(4)"], tmp_path)
    assert proc.returncode == 4
    record = json.loads((tmp_path / "run" / "capture.json").read_text())
    texts = [m["text"] for m in record["messages"]]
    assert texts[0] == "the command exited with status 4; it wrote no trace"
    assert texts[1].startswith(f"no torch in the interpreter: {sys.executable} (Python ") and "cannot import torch" in texts[1]
    assert f"error: {texts[1]}" in proc.stderr and "no trace was written" in proc.stderr
    assert (record["logs"], record["kernels"]) == ([], 0)
    # `report` on the folder says why it holds no log (it said only 'no TORCH_TRACE logs found': a fresh user's trial)
    from inductor_lens.files.cache import Cache
    from inductor_lens.index.trace_index import load

    (said,) = load([str(tmp_path / "run")], Cache(str(tmp_path / "c")), disk_cache=False).warnings
    assert said.message.startswith("no TORCH_TRACE logs") and said.message.endswith(f"; its capture.json says: {texts[1]}")


def test_too_old_pytorch_is_said(tmp_path):
    """A PyTorch without INDUCTOR_PROVENANCE (a stand-in ``torch`` package of version 2.8.0)."""
    fake = tmp_path / "fake"
    (fake / "torch").mkdir(parents=True)
    (fake / "torch" / "__init__.py").write_text('__version__ = "2.8.0+cu128"\n')
    proc = _capture(
        ["--out", str(tmp_path / "run"), "--", sys.executable, "-c", "import torch"],
        tmp_path,
        {"PYTHONPATH": str(fake), "TORCH_COMPILE_DEBUG": ""},
    )
    assert proc.returncode == 0, proc.stderr
    record = json.loads((tmp_path / "run" / "capture.json").read_text())
    assert record["torch_versions"] == ["2.8.0+cu128"]
    old, nothing = record["messages"]
    assert old["text"].startswith("PyTorch 2.8.0+cu128 is too old for provenance tracking")
    assert "rebuilt from the code comments" in old["text"] and "TORCH_COMPILE_DEBUG=1" in old["text"]
    assert nothing["text"].startswith("PyTorch 2.8.0+cu128 was imported but wrote no TORCH_TRACE log")


def test_missing_command_non_python_command_and_signals(tmp_path):
    proc = _capture(["--out", str(tmp_path / "a"), "--", "no-such-command-xyz"], tmp_path)
    assert proc.returncode == 127 and "command not found: no-such-command-xyz" in proc.stderr
    assert not (tmp_path / "a").exists()  # a command that never ran leaves no capture folder behind
    assert f"nothing was recorded: {tmp_path / 'a'} was removed again" in proc.stderr
    fresh = tmp_path / "fresh"
    fresh.mkdir()
    proc = _capture(["--", str(tmp_path / "nonexistent")], fresh)
    assert proc.returncode == 127 and os.listdir(fresh) == []  # nor the default inductor-lens-captures/<time>/
    proc = _capture(["--out", str(tmp_path / "b"), "--", "sh", "-c", "echo from-sh; exit 3"], tmp_path)
    assert (proc.returncode, proc.stdout) == (3, "from-sh\n")
    assert "no Python process of the command loaded the capture hook" in proc.stderr
    proc = _capture(
        ["--out", str(tmp_path / "c"), "--", sys.executable, "-c", "import os, signal; os.kill(os.getpid(), signal.SIGTERM)"], tmp_path
    )
    assert proc.returncode == 128 + 15 and "ended by SIGTERM" in proc.stderr
    # a signal ends the process before the hook writes its record: said so, not "no hook loaded"
    assert "loaded the capture hook" not in proc.stderr and "before its Python processes recorded" in proc.stderr
    # a capture folder that already holds something is refused (a capture records a fresh trace)
    proc = _capture(["--out", str(tmp_path / "c"), "--", "true"], tmp_path)
    assert proc.returncode == 2 and "is not empty" in proc.stderr
    proc = _capture(["--out", str(tmp_path / "d")], tmp_path)
    assert proc.returncode == 2 and "no command given" in proc.stderr
    # --out naming a file, or a place that cannot be written: a message, exit 2, the file untouched
    script = tmp_path / "train.py"
    script.write_text("print('mine')\n")
    proc = _capture(["--out", str(script), "--", "true"], tmp_path)
    assert proc.returncode == 2 and "is a file, not a folder" in proc.stderr and "Traceback" not in proc.stderr
    assert script.read_text() == "print('mine')\n"
    proc = _capture(["--out", "/proc/inductor-lens-nowhere", "--", "true"], tmp_path)
    assert proc.returncode == 2 and "cannot make the trace folder" in proc.stderr and "Traceback" not in proc.stderr


def test_a_sigint_sent_to_capture_reaches_the_command(tmp_path):
    """Not from a terminal (``kill -INT <capture's pid>``): the command gets it and capture reports
    how it ended (it was ignored: the command ran on)."""
    import signal
    import time

    cmd = [
        sys.executable,
        "-m",
        "inductor_lens",
        "capture",
        "--out",
        str(tmp_path / "run"),
        "--",
        sys.executable,
        "-c",
        "import time; time.sleep(60)",
    ]
    # SIGINT as a foreground job has it (a job a shell started with '&' inherits it ignored)
    proc = subprocess.Popen(
        cmd,
        cwd=tmp_path,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    deadline = time.monotonic() + 60
    while not (tmp_path / "run" / "trace").exists() and time.monotonic() < deadline:
        time.sleep(0.1)
    time.sleep(1.0)  # the command has started
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 128 + signal.SIGINT and "ended by SIGINT" in err, err


def test_hook_records_each_process_and_runs_the_environments_own_sitecustomize(tmp_path):
    theirs = tmp_path / "theirs"
    theirs.mkdir()
    (theirs / "sitecustomize.py").write_text(
        "import os\nopen(os.environ['MARK'], 'a').write(os.environ.get('INDUCTOR_LENS_CAPTURE', '-') + '\\n')\n"
    )
    script = "import os, subprocess, sys; subprocess.run([sys.executable, '-c', 'pass'], check=True); print(os.environ['TORCH_TRACE'])"
    proc = _capture(
        ["--out", str(tmp_path / "run"), "--", sys.executable, "-c", script],
        tmp_path,
        {"PYTHONPATH": str(theirs), "MARK": str(tmp_path / "mark")},
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == f"{tmp_path / 'run' / 'trace'}\n"
    out = str(tmp_path / "run")
    assert sorted((tmp_path / "mark").read_text().split()) == ["-", out, out]  # in capture itself, the command and its child
    records = [json.loads(p.read_text()) for p in sorted((tmp_path / "run" / "procs").iterdir())]
    assert len(records) == 2 and {r["ppid"] for r in records} & {r["pid"] for r in records}
    assert all(
        r["executable"] == sys.executable and r["torch_version"] is None and r["trace_dir"] == str(tmp_path / "run" / "trace")
        for r in records
    )


def test_rank_gets_its_own_trace_folder(tmp_path):
    proc = _capture(
        ["--out", str(tmp_path / "run"), "--", sys.executable, "-c", "import os; print(os.environ['TORCH_TRACE'])"], tmp_path, {"RANK": "3"}
    )
    assert proc.stdout == f"{tmp_path / 'run' / 'trace' / 'rank_3'}\n"


def test_the_report_command_capture_prints_is_quoted_for_the_shell():
    """capture's closing hint ``inductor-lens report DIR`` pastes as one argument for a folder
    with spaces or non-ASCII letters (a new user's finding: 'run ü 1/trace' became 3 paths)."""
    import shlex

    from inductor_lens.capture.summary import command_arg

    assert command_arg("/home/u/run ü 1/trace", "/home/u") == "'run ü 1/trace'"
    assert shlex.split(f"inductor-lens report {command_arg('/home/u/run ü 1/trace', '/home/u')}")[2] == "run ü 1/trace"
    assert command_arg("/home/u/runs/trace", "/home/u") == "runs/trace"
    assert command_arg("/elsewhere/a b", "/home/u") == "'/elsewhere/a b'"


def test_a_command_stopped_by_a_signal_is_not_told_it_compiled_nothing():
    """A new user's trial: `kill -INT` 6 s in, before anything compiled, was answered "nothing was
    compiled (did a torch.compile'd function run?)", which reads as the script's fault."""
    from inductor_lens.capture.run import environment_messages

    procs = [{"pid": 7, "torch_importable": True, "torch_version": "2.13.0+cpu", "profile": {"state": "waiting for a call", "seen": 0}}]
    stopped = [m.text for m in environment_messages(procs, [], profile=True, stopped=True)]
    assert any("the signal ended the command before anything was compiled" in t for t in stopped)
    assert "no profile: the signal ended the command before a compiled graph was called" in stopped
    ran = [m.text for m in environment_messages(procs, [], profile=True, stopped=False)]
    assert any("did a torch.compile'd function run?" in t for t in ran)
