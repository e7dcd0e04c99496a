"""``report DIR --workers ADDRESS`` (issue 29): a job's rank logs indexed on a Dask cluster of worker
processes on this machine give the local JSON byte for byte; a worker killed mid-run gives a rank
retried (the same answer) or, killed every time, a rank reported missing (the others all there);
an unreachable scheduler, a missing engine and a log the workers cannot read are said in a line.

The cluster's scheduler runs in this process with ``allowed-failures: 0`` (a task whose worker
died is failed at once, with ``KilledWorker``, so the retry tested is inductor-lens's own, not the
scheduler's) and ``worker-saturation: 1.0`` (a worker holds only the task it runs, so a killed
worker takes only that task with it).
"""

from __future__ import annotations

import io
import os
import shutil
import socket
import subprocess
import sys
import time

import pytest
from conftest import DATA, REPO, TRACES
from inductor_lens import _json, cli
from inductor_lens.cluster import engine as engine_module
from inductor_lens.index.trace_index import Index
from inductor_lens.lsp.settings import Settings

distributed = pytest.importorskip("distributed")  # CI installs the [cluster] extra: a guard, not a skip
import dask  # noqa: E402
from distributed.diagnostics.plugin import WorkerPlugin  # noqa: E402

RANKS6 = os.path.join(DATA, "torch-2.13-cpu", "ranks_diverge")  # 6 ranks of one torchrun job, diverging on purpose
DDP2 = os.path.join(TRACES, "torch-2.14-cpu", "ddp")  # 2 ranks of a DDP job
COLL4 = os.path.join(DATA, "torch-2.13-cpu", "collectives")  # 4 ranks whose compiled collectives differ on ranks 2 and 3
#: the 4th log in the index's order (rank_0 ... rank_5): rank 3, the one that recompiled (16 kernels)
RANK3 = 3


@pytest.fixture(scope="module")
def scheduler():
    with dask.config.set({"distributed.scheduler.allowed-failures": 0, "distributed.scheduler.worker-saturation": 1.0}):
        cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None)
        client = distributed.Client(cluster)
        try:
            yield cluster.scheduler_address, client
        finally:
            client.close()
            cluster.close()


def _report(capsys, *argv: str) -> tuple[int, str, str]:
    status = cli.main(["report", *argv])
    out = capsys.readouterr()
    return status, out.out, out.err


def _local(capsys, folder: str, cache: str) -> str:
    status, out, _ = _report(capsys, folder, "--json", "--cache-dir", cache, "--no-cache")
    assert status == 0
    return out


class KillWorker(WorkerPlugin):
    """Test only: the worker process that starts the task of log number ``n`` exits at once
    (``os._exit``), the first time only when ``marker`` is a path (written then), else every time."""

    name = "kill-worker"

    def __init__(self, n: int, marker: str | None) -> None:
        self.prefix, self.marker = f"index_rank-{n}-", marker

    def transition(self, key, start, finish, **kwargs):
        if finish == "executing" and str(key).startswith(self.prefix):
            if self.marker is None:
                os._exit(1)
            if not os.path.exists(self.marker):
                open(self.marker, "w").close()
                os._exit(1)


@pytest.fixture
def killing(scheduler):
    address, client = scheduler

    def register(n: int, marker: str | None) -> None:
        client.register_plugin(KillWorker(n, marker))

    yield register
    client.unregister_worker_plugin(KillWorker.name)
    client.wait_for_workers(2, timeout=60)  # the nannies restart the killed workers


@pytest.mark.parametrize("folder", [RANKS6, DDP2, COLL4], ids=["ranks_diverge-6", "ddp-2", "collectives-4"])
def test_workers_give_the_local_json_byte_for_byte(scheduler, folder, tmp_path, capsys):
    cache = str(tmp_path / "cache")
    local = _local(capsys, folder, cache)
    status, out, err = _report(capsys, folder, "--json", "--cache-dir", cache, "--no-cache", "--workers", scheduler[0])
    assert status == 0
    assert out == local
    doc = _json.loads(out)
    logs = sorted(os.listdir(os.path.join(folder, "trace")))
    assert [os.path.basename(t["path"]) for t in doc["traces"]] == [n for n in sorted(logs, key=_rank) if n.endswith(".log")]
    count = len(doc["traces"])
    assert doc["ranks"]["count"] == count and [t["rank"] for t in doc["traces"]] == list(range(count))
    if folder == RANKS6:  # the story the workers' parts tell: 4 groups (0, 4, 5 alike), 8 differences
        assert [g["ranks"] for g in doc["ranks"]["groups"]] == [[0, 4, 5], [1], [2], [3]]
        assert len(doc["ranks"]["divergence"]) == 8 and len(doc["kernels"]) == 40
    if folder == COLL4:  # the collectives read from the merged parts' launches
        assert [(d["kind"], d["ranks"]) for d in doc["ranks"]["divergence"]] == [
            ("collective", [0, 1]),
            ("collective", [2]),
            ("collective", [3]),
        ]
    # progress on stderr, nothing of it on stdout (which is the JSON)
    assert f"inductor-lens: indexing {count} ranks on 2 workers: {count}/{count}\n" in err


def _rank(name: str) -> int:
    return int(name.split("_rank_")[1].split("_")[0]) if "_rank_" in name else -1


def test_a_warm_rerun_on_workers_reads_the_index_cache_they_wrote(scheduler, tmp_path, capsys):
    cache = str(tmp_path / "cache")
    local = _local(capsys, RANKS6, cache)
    _, cold, _ = _report(capsys, RANKS6, "--json", "--cache-dir", cache, "--workers", scheduler[0])
    assert sorted(os.listdir(os.path.join(cache, "index"))) and cold == local
    _, warm, _ = _report(capsys, RANKS6, "--json", "--cache-dir", cache, "--workers", scheduler[0])
    _, here, _ = _report(capsys, RANKS6, "--json", "--cache-dir", cache)  # the client reads the workers' cache too
    assert warm == here == local


def test_a_worker_killed_mid_run_gives_a_retried_rank_and_the_same_json(scheduler, killing, tmp_path, capsys):
    cache = str(tmp_path / "cache")
    local = _local(capsys, RANKS6, cache)
    marker = str(tmp_path / "killed-once")
    killing(RANK3, marker)
    status, out, err = _report(capsys, RANKS6, "--json", "--cache-dir", cache, "--no-cache", "--workers", scheduler[0])
    assert os.path.exists(marker), "the worker running rank 3 was killed"
    assert status == 0 and out == local
    (line,) = [ln for ln in err.splitlines() if "trying it once more" in ln]
    assert "dedicated_log_torch_trace_rank_3_0yd7kp45.log: its worker failed (KilledWorker" in line


def test_a_rank_whose_worker_dies_twice_is_reported_missing(scheduler, killing, tmp_path, capsys):
    cache = str(tmp_path / "cache")
    local = _json.loads(_local(capsys, RANKS6, cache))
    killing(RANK3, None)
    status, out, err = _report(capsys, RANKS6, "--json", "--cache-dir", cache, "--no-cache", "--workers", scheduler[0])
    assert status == 0
    doc = _json.loads(out)
    gone = os.path.join(RANKS6, "trace", "dedicated_log_torch_trace_rank_3_0yd7kp45.log")
    assert [t["rank"] for t in doc["traces"]] == [0, 1, 2, 4, 5]
    assert doc["traces"] == [t for t in local["traces"] if t["rank"] != 3]
    (missing,) = [w for w in doc["warnings"] if w["file"] == gone]
    assert missing["message"].startswith("not indexed: its worker failed twice (KilledWorker")
    assert len(doc["warnings"]) == len(local["warnings"]) + 1
    assert doc["ranks"]["count"] == 5 and [g["ranks"] for g in doc["ranks"]["groups"]] == [[0, 4, 5], [1], [2]]
    assert len(doc["kernels"]) == len(local["kernels"]) - 16  # rank 3's 16 kernels, the others all there
    assert f"{gone}: not indexed: its worker failed twice (KilledWorker" in err


def test_a_log_the_workers_cannot_read_is_said_as_locally(scheduler, tmp_path, capsys, monkeypatch):
    """This runs as root (a mode-000 log is readable), so the log disappears between the folder
    listing and the worker's read, as a log another program moves away would; the local run meets
    the same, and both say it in the same warning."""
    folder = tmp_path / "job"
    shutil.copytree(os.path.join(RANKS6, "trace"), folder)
    doomed = str(folder / "dedicated_log_torch_trace_rank_2_xfxfzfkc.log")
    saved = open(doomed, "rb").read()
    cache = str(tmp_path / "cache")

    def vanish_before(real):
        def wrapped(self, *args, **kwargs):
            os.remove(doomed)
            return real(self, *args, **kwargs)

        return wrapped

    with monkeypatch.context() as patch:  # locally: gone after the listing, before the scan
        patch.setattr(type(Index(None).loader), "prefetch", vanish_before(type(Index(None).loader).prefetch))
        local = _local(capsys, str(folder), cache)
    open(doomed, "wb").write(saved)
    monkeypatch.setattr(engine_module.Engine, "index_logs", vanish_before(engine_module.Engine.index_logs))
    status, out, err = _report(capsys, str(folder), "--json", "--cache-dir", cache, "--no-cache", "--workers", scheduler[0])
    assert status == 0 and out == local
    (said,) = [w for w in _json.loads(out)["warnings"] if w["file"] == doomed]
    assert said["message"] == "cannot read: No such file or directory"
    assert f"a worker cannot read {doomed}: No such file or directory (every worker must see the log folder at this path)" in err


def test_an_unreachable_scheduler_is_a_line_and_exit_2(tmp_path, capsys, monkeypatch):
    with socket.socket() as sock:  # a port nothing listens on
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    monkeypatch.setattr(engine_module, "CONNECT_TIMEOUT_S", 2.0)
    started = time.perf_counter()
    status, out, err = _report(capsys, RANKS6, "--json", "--cache-dir", str(tmp_path), "--workers", f"tcp://127.0.0.1:{port}")
    assert status == 2 and out == ""
    assert err.startswith(f"inductor-lens: cannot reach the Dask scheduler at tcp://127.0.0.1:{port}: ") and "Traceback" not in err
    assert err.count("\n") == 1 and time.perf_counter() - started < 20


def test_without_dask_the_message_names_the_extra(tmp_path, capsys, monkeypatch):
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed -> ImportError
    status, out, err = _report(capsys, RANKS6, "--json", "--cache-dir", str(tmp_path), "--workers", "local:2")
    assert status == 2 and out == ""
    assert err == "inductor-lens: indexing on workers (local:2) needs Dask's distributed: pip install 'inductor-lens[cluster]'\n"


def test_a_bad_local_count_is_a_line_and_exit_2(tmp_path, capsys):
    status, out, err = _report(capsys, RANKS6, "--json", "--cache-dir", str(tmp_path), "--workers", "local:many")
    assert (status, out) == (2, "")
    assert err == "inductor-lens: --workers local:many: expected local or local:N with N a number of worker processes\n"


def test_local_n_starts_a_cluster_for_the_command_and_leaves_nothing_running(tmp_path):
    """``--workers local:2`` as the user runs it (a fresh process): the same JSON as without, and
    no scheduler or worker process outlives the command."""
    import psutil

    env = dict(os.environ, PYTHONPATH=os.path.join(REPO, "server") + os.pathsep + os.environ.get("PYTHONPATH", ""))
    cache = str(tmp_path / "cache")
    run = lambda *extra: subprocess.run(
        [sys.executable, "-m", "inductor_lens", "report", DDP2, "--json", "--cache-dir", cache, "--no-cache", *extra],
        capture_output=True,
        env=env,
        timeout=300,
    )
    local = run()
    before = {p.pid for p in psutil.process_iter()}
    cluster = run("--workers", "local:2")
    assert cluster.returncode == 0 and cluster.stdout == local.stdout and local.returncode == 0
    assert b"inductor-lens: indexing 2 ranks on 2 workers: 2/2\n" in cluster.stderr
    time.sleep(0.5)
    left = [
        p for p in psutil.process_iter(["pid", "cmdline"]) if p.pid not in before and "distributed" in " ".join(p.info["cmdline"] or [])
    ]
    assert not left


def test_the_single_machine_path_never_imports_dask(tmp_path):
    code = (
        "import sys, io, contextlib\n"
        "from inductor_lens import cli\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        f"    status = cli.main(['report', {RANKS6!r}, '--json', '--cache-dir', {str(tmp_path)!r}])\n"
        "print(status, sorted({m.split('.')[0] for m in sys.modules} & {'dask', 'distributed', 'tornado'}))\n"
    )
    env = dict(os.environ, PYTHONPATH=os.path.join(REPO, "server") + os.pathsep + os.environ.get("PYTHONPATH", ""))
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120)
    assert done.stdout == "0 []\n", done.stderr


def test_the_editor_setting_names_the_workers_only_in_a_trusted_workspace():
    settings = Settings()
    assert settings.engine is None
    settings.update({"workers": " tcp://10.0.0.7:8786 "})
    assert (settings.workers, settings.engine) == ("tcp://10.0.0.7:8786", "tcp://10.0.0.7:8786")
    settings.update({"workers": 8786})  # a bad value is ignored
    assert settings.workers == "tcp://10.0.0.7:8786"
    settings.update({"trusted": False})
    assert settings.engine is None  # the engine's answers are unpickled: Restricted Mode never names one
    settings.update({"trusted": True, "workers": ""})
    assert settings.engine is None


def test_progress_is_one_line_on_a_terminal_and_a_line_per_tenth_otherwise():
    from inductor_lens.cluster.progress import RankProgress

    piped = io.StringIO()
    told: list[tuple[int, int]] = []
    bar = RankProgress(1024, 4, piped, also=lambda done, total: told.append((done, total)))
    for done in range(1025):
        bar.done(done)
    lines = piped.getvalue().splitlines()
    assert lines[0] == "inductor-lens: indexing 1,024 ranks on 4 workers: 0/1024" and lines[-1].endswith(": 1024/1024")
    assert len(lines) == 11 and lines[5] == "inductor-lens: indexing 1,024 ranks on 4 workers: 512/1024"
    assert told[-1] == (1024, 1024) and len(told) == 1025

    class Terminal(io.StringIO):
        def isatty(self):
            return True

    tty = Terminal()
    bar = RankProgress(3, 1, tty)
    for done in range(4):
        bar.done(done)
    bar.note("something happened")
    bar.finish()
    assert tty.getvalue() == (
        "\rinductor-lens: indexing 3 ranks on 1 worker: 0/3\rinductor-lens: indexing 3 ranks on 1 worker: 1/3"
        "\rinductor-lens: indexing 3 ranks on 1 worker: 2/3\rinductor-lens: indexing 3 ranks on 1 worker: 3/3\n"
        "inductor-lens: something happened\n"
    )
