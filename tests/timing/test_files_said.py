"""Files the report would have used and could not are said once, naming the file (a new user's
trial): a ``profile_trace.json`` of random bytes, an empty one or ``{"foo": 1}`` beside the trace
gave no warning (an explicit ``--profile`` of the same did), and a model file the process cannot
read (``chmod 000 train.py`` beside tf_plain's trace, read by a process without the right) made
its eager time "0% of it at lines" without a word."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile

import pytest
from conftest import REPO, case_dir

sys.path.insert(0, os.path.dirname(__file__))
from gpu_runs import unpack  # noqa: E402

#: a process that cannot read what its mode bits deny: root keeps its uid but loses the
#: capabilities that pass them by (setpriv, util-linux); anyone else is denied already
UNPRIVILEGED = ["setpriv", "--bounding-set=-dac_override,-dac_read_search"] if os.geteuid() == 0 else []


def _report(args: list[str], cache: str, prefix: list[str] = ()) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": os.path.join(REPO, "server")}
    cmd = [*prefix, sys.executable, "-m", "inductor_lens", "report", "--no-cache", "--cache-dir", cache, *args]
    return subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=300)


def _said(proc: subprocess.CompletedProcess) -> list[dict]:
    return json.loads(proc.stdout)["warnings"]


@pytest.mark.parametrize("content", [os.urandom(3000), b"", b'{"foo": 1}\n'], ids=["random bytes", "empty", "json without traceEvents"])
def test_a_file_named_like_a_profile_beside_the_trace_is_said(content, tmp_path):
    """Said once, in the reader's own words (those of ``--profile`` on the same file); a
    ``config.json`` beside it (not named like a profile) stays quiet."""
    run = tmp_path / "run"
    shutil.copytree(os.path.join(case_dir("torch-2.11-cuda/mlp_train"), "trace"), run / "trace")
    (run / "profile_trace.json").write_bytes(content)
    (run / "config.json").write_text('{"lr": 0.001}\n')
    said = [w for w in _said(_report([str(run), "--json"], str(tmp_path / "c"))) if w["file"].startswith(str(run))]
    given = [
        w["message"]
        for w in _said(_report([str(run / "trace"), "--profile", str(run / "profile_trace.json"), "--json"], str(tmp_path / "c")))
    ]
    assert len(given) == 1 and "not joined" in given[0]
    assert [(w["file"], w["message"]) for w in said] == [
        (str(run / "profile_trace.json"), f"found beside the trace (named like a torch.profiler trace): {given[0]}")
    ]


@pytest.fixture()
def unreadable_run():
    """tf_plain with its train.py mode 000, in a folder any process can reach."""
    if UNPRIVILEGED and shutil.which("setpriv") is None:
        pytest.skip("running as root without setpriv: no process here is denied a mode-000 file")
    root = tempfile.mkdtemp(prefix="inductor-lens-unreadable-")
    try:
        os.chmod(root, 0o755)
        run = unpack("tf_plain", os.path.join(root, "run"))
        shutil.rmtree(os.path.join(run, "nostack"))
        os.chmod(os.path.join(run, "train.py"), 0)
        yield run
    finally:
        shutil.rmtree(root, ignore_errors=True)


def test_a_model_file_that_cannot_be_read_is_said(unreadable_run, tmp_path):
    """The eager join reads train.py to place the loss and the optimizer at their lines: unread, the
    eager time is at no line (readable: 3 eager lines, 'opt.step()' 3.6 ms); it is said once, with
    the file and why, and the readable run says nothing of it."""
    model = os.path.join(unreadable_run, "train.py")
    check = subprocess.run([*UNPRIVILEGED, sys.executable, "-c", f"open({model!r})"], capture_output=True, text=True)
    assert "PermissionError" in check.stderr  # the process below cannot read it
    cache = tempfile.mkdtemp(prefix="inductor-lens-cache-")
    try:
        denied = _report([unreadable_run, "--json"], cache, UNPRIVILEGED)
        os.chmod(model, 0o644)
        readable = _report([unreadable_run, "--json"], cache)
    finally:
        shutil.rmtree(cache, ignore_errors=True)
    said = [w["message"] for w in _said(denied) if w["file"] == model]
    assert said == [
        "cannot read this model file (Permission denied): the eager device time launched from its lines cannot be placed at them (it counts as not at lines)"
    ]
    assert not [w for w in _said(readable) if w["file"] == model]

    def eager_lines(doc: dict) -> dict:
        return {r["line"]: r["measured"]["eager_us"] for r in doc["lines"] if r["measured"] and r["measured"].get("eager_us")}

    assert eager_lines(json.loads(denied.stdout)) == {}
    assert len(eager_lines(json.loads(readable.stdout))) == 3
