"""``diff`` by the wall clock on pairs of real GPU training runs (round 45, H100, PyTorch 2.11;
tests/data/make/gpu_r45, kept compressed in tests/data/torch-2.11-cuda/<run>/): a graph break
added (tf_plain -> tf_item), regional against whole-model compile (llama_whole -> llama_regional),
an edited attention line (tf_plain -> tf_mask), other compile options (tf_plain -> tf_opts) and an
identical rerun (tf_plain -> tf_plain2).

The truth is read off the runs themselves, independently of inductor_lens: each profile's steps by
``wall_truth.py`` (the raw JSON), the edits by a text search of the two train.py files the runs
left beside their traces, the options by ``ast`` over B's ``torch.compile(..., options=...)`` call
and A's ``compilation_metrics`` record.
"""

from __future__ import annotations

import ast
import glob
import json
import lzma
import os
import re
import shutil
import subprocess
import sys

import pytest
from conftest import REPO, case_dir
from wall_truth import truth

PAIRS = {
    "item": ("tf_plain", "tf_item"),
    "regional": ("llama_whole", "llama_regional"),
    "mask": ("tf_plain", "tf_mask"),
    "opts": ("tf_plain", "tf_opts"),
    "rerun": ("tf_plain", "tf_plain2"),
}


def _unpack(run: str, into: str) -> str:
    """The run's folder as it left it: its trace, profile (with stacks) and train.py, decompressed."""
    src = case_dir(f"torch-2.11-cuda/{run}")
    for path in glob.glob(os.path.join(src, "**", "*"), recursive=True):
        rel = os.path.relpath(path, src)
        if os.path.isdir(path) or rel.startswith("nostack"):
            continue
        dst = os.path.join(into, rel.removesuffix(".xz"))
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        if path.endswith(".xz"):
            with lzma.open(path, "rb") as fin, open(dst, "wb") as fout:
                shutil.copyfileobj(fin, fout)
        else:
            shutil.copyfile(path, dst)
    return into


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    root = tmp_path_factory.mktemp("gpu")
    names = sorted({r for pair in PAIRS.values() for r in pair})
    return {r: _unpack(r, str(root / r)) for r in names}


@pytest.fixture(scope="module")
def diffs(runs, tmp_path_factory):
    cache = str(tmp_path_factory.mktemp("cache"))
    out = {}
    for name, (a, b) in PAIRS.items():
        cmd = [sys.executable, "-m", "inductor_lens", "diff", runs[a], runs[b], "--json", "--cache-dir", cache]
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=600, cwd=REPO)
        assert proc.returncode == 0, proc.stderr
        out[name] = json.loads(proc.stdout)
    return out


@pytest.mark.parametrize("pair", sorted(PAIRS))
def test_wall_time_per_step_and_its_change_equal_the_profiles(runs, diffs, pair):
    t = diffs[pair]["time"]
    want = [truth(os.path.join(runs[r], "profile_trace.json")) for r in PAIRS[pair]]
    for side, w in zip(("a", "b"), want, strict=True):
        assert t[side]["steps"] == w["steps"] == 5
        assert t[f"{side}_us"] == pytest.approx(w["per_step_us"], rel=0.02)
        assert t["spread"][side] == pytest.approx({"min_us": w["min_us"], "median_us": w["median_us"], "max_us": w["max_us"]}, rel=1e-6)
    change = 100 * want[1]["per_step_us"] / want[0]["per_step_us"] - 100
    assert abs(t["change_pct"] - change) < 3
    overlap = want[0]["min_us"] <= want[1]["max_us"] and want[1]["min_us"] <= want[0]["max_us"]
    assert t["within_noise"] is overlap
    headline = diffs[pair]["headline"]
    assert headline.startswith(f"B is {abs(change):.0f}% {'slower' if change > 0 else 'faster'} per step") or abs(change) < 10
    assert ("within noise" in headline) is overlap
    # each microsecond in one cause only, and the rest said: the causes add up to the wall change
    causes = diffs[pair]["causes"]
    assert sum(c["delta_us"] for c in causes) == pytest.approx(t["b_us"] - t["a_us"], abs=0.01)
    assert [c["kind"] for c in causes].count("unplaced") == 1


def _codes(path: str) -> list[str]:
    with open(path) as fh:
        return [" ".join(line.split()) for line in fh]


@pytest.mark.parametrize("pair", ["item", "mask"])
def test_edited_lines_are_edited_new_lines_inserted_and_no_line_still_in_b_deleted(runs, diffs, pair):
    a, b = PAIRS[pair]
    code_a, code_b = _codes(os.path.join(runs[a], "train.py")), _codes(os.path.join(runs[b], "train.py"))
    only_a = [c for c in code_a if c and c not in code_b]  # the lines the user replaced
    only_b = [c for c in code_b if c and c not in code_a]
    rows = diffs[pair]["lines"]
    edited = {(r["code_a"], r["code"]) for r in rows if r["text"] == "edited"}
    # each replaced line is edited into the new line that keeps its first words (its call)
    for old in only_a:
        head = old.split("(")[0]
        new = next(c for c in only_b if c.split("(")[0] == head)
        if any(r["code"] in (old, new) or r["code_a"] == old for r in rows):
            assert (old, new) in edited, (old, edited)
    for r in rows:
        if r["text"] == "inserted":
            assert r["code"] in only_b and r["code"] not in {n for _, n in edited}
        assert not (r["text"] == "deleted" and r["code"] in code_b), r
    new_lines = [c for c in only_b if c.split("(")[0] not in {o.split("(")[0] for o in only_a}]
    computed = {r["code"] for r in rows if r["b"]}
    for c in new_lines:
        if c in computed:
            assert next(r for r in rows if r["code"] == c)["text"] == "inserted"


def test_the_options_given_to_torch_compile_are_causes_with_both_values(runs, diffs):
    with open(os.path.join(runs["tf_opts"], "train.py")) as fh:
        call = next(n for n in ast.walk(ast.parse(fh.read())) if isinstance(n, ast.Call) and any(k.arg == "options" for k in n.keywords))
    given = ast.literal_eval(next(k.value for k in call.keywords if k.arg == "options"))
    log = glob.glob(os.path.join(runs["tf_plain"], "trace", "*.log"))[0]
    with open(log) as fh:
        metrics = next(
            json.loads(line[line.index("{") :]) for line in fh if '"compilation_metrics"' in line[:200] and "inductor_config" in line
        )
    defaults = json.loads(metrics["compilation_metrics"]["inductor_config"])
    options = {c["setting"]: (c["a"], c["b"]) for c in diffs["opts"]["causes"] if c["kind"] == "option"}
    assert options == {f"inductor.{k}": (defaults[k], v) for k, v in given.items()}
    assert all(c["delta_us"] == 0 for c in diffs["opts"]["causes"] if c["kind"] == "option")


def test_regional_compile_recompiles_at_the_decoder_layer_with_its_guard(diffs):
    recompiles = [c for c in diffs["regional"]["causes"] if c["kind"] == "recompile"]
    assert recompiles and all(os.path.basename(c["file"]) == "modeling_llama.py" for c in recompiles)
    first = recompiles[0]
    assert re.search(r"past_key_values\.layers\[\d+\]", first["message"]) and first["recompiles_b"] == 7
    # the library's lines the regional run no longer compiles are not deleted: they run eagerly now
    rows = diffs["regional"]["lines"]
    head = next(r for r in rows if "self.lm_head(" in r["code"])
    assert head["text"] is None and head["why"].startswith("runs eagerly now")


def _diff(a: str, b: str, cache: str, *extra: str) -> subprocess.CompletedProcess:
    cmd = [sys.executable, "-m", "inductor_lens", "diff", a, b, "--cache-dir", cache, *extra]
    return subprocess.run(cmd, capture_output=True, text=True, timeout=600, cwd=REPO)


def test_fail_if_slower_reads_the_wall_and_does_not_fail_within_noise(runs, tmp_path):
    a, b = runs["tf_plain2"], runs["tf_opts"]
    ta, tb = (truth(os.path.join(r, "profile_trace.json")) for r in (a, b))
    change = 100 * tb["per_step_us"] / ta["per_step_us"] - 100
    overlap = ta["min_us"] <= tb["max_us"] and tb["min_us"] <= ta["max_us"]
    below = max(change, 0) / 2  # a limit the change is above
    proc = _diff(a, b, str(tmp_path), "--fail-if-slower", f"{below:.3f}")
    if change > 0 and overlap:
        assert proc.returncode == 0 and "within noise (the runs' step ranges overlap): not failed; exit 0" in proc.stderr
    elif change > 0:
        assert proc.returncode == 1 and proc.stderr.strip().endswith("exit 1")
    above = _diff(a, b, str(tmp_path), "--fail-if-slower", f"{abs(change) + 1:.3f}")
    assert above.returncode == 0 and f"B is {change:+.1f}% per step against A" in above.stderr


def test_a_profile_missing_on_one_side_different_models_and_step_counts_are_said(runs, tmp_path):
    cache = str(tmp_path / "cache")
    # B without its profile: no times, the compile facts still compared
    bare = str(tmp_path / "tf_opts_bare")
    shutil.copytree(runs["tf_opts"], bare, ignore=shutil.ignore_patterns("profile_trace.json"))
    doc = json.loads(_diff(runs["tf_plain2"], bare, cache, "--json").stdout)
    assert doc["time"] is None and doc["headline"] == "B has no profile (A has): only compile facts can be compared (no times)"
    assert {c["kind"] for c in doc["causes"]} == {"option"} and all(c["delta_us"] == 0 for c in doc["causes"])
    # A's folder holds another model's profile (the Llama's): not joined, and said so
    mixed = str(tmp_path / "tf_plain2_llama_profile")
    shutil.copytree(runs["tf_plain2"], mixed, ignore=shutil.ignore_patterns("profile_trace.json"))
    shutil.copyfile(os.path.join(runs["llama_whole"], "profile_trace.json"), os.path.join(mixed, "profile_trace.json"))
    doc = json.loads(_diff(mixed, runs["tf_opts"], cache, "--json").stdout)
    assert doc["time"] is None and doc["headline"].startswith("A's profile was not joined (see its warning; B's was)")
    # two different models: said, and the wall clock still compared
    doc = json.loads(_diff(runs["tf_mask"], runs["llama_whole"], cache, "--json").stdout)
    assert any(n.startswith("A and B share no model file") for n in doc["notes"]) and doc["time"]["change_pct"] is not None
    # B's profile cut after its fourth step: 5 steps against 4, compared per step (the mean)
    cut = str(tmp_path / "tf_opts_cut")
    shutil.copytree(runs["tf_opts"], cut)
    path = os.path.join(cut, "profile_trace.json")
    with open(path) as fh:
        doc = json.load(fh)
    steps = sorted(
        (e for e in doc["traceEvents"] if e.get("cat") == "user_annotation" and e.get("name", "").startswith("ProfilerStep#")),
        key=lambda e: e["ts"],
    )
    doc["traceEvents"] = [e for e in doc["traceEvents"] if e is not steps[-1]]
    with open(path, "w") as fh:
        json.dump(doc, fh)
    got = json.loads(_diff(runs["tf_plain2"], cut, cache, "--json").stdout)
    assert got["time"]["b"]["steps"] == 4 and "A has 5 steps, B 4: compared per step (the mean)" in got["notes"]
    assert got["time"]["b_us"] == pytest.approx(sum(e["dur"] for e in steps[:-1]) / 4, rel=1e-6)


def test_the_new_graph_break_is_the_first_cause_at_its_line_in_b_with_its_host_time(runs, diffs):
    doc = diffs["item"]
    with open(os.path.join(runs["tf_item"], "train.py")) as fh:
        line = next(n for n, text in enumerate(fh, 1) if ".item()" in text)
    first = next(c for c in doc["causes"] if c["kind"] != "unplaced")
    assert first["kind"] == "graph_break" and first["line"] == line and first["file"].endswith("train.py")
    # the host time of the compiled calls it splits: the outermost compiled regions, B minus A, per step
    ta, tb = (truth(os.path.join(runs[r], "profile_trace.json")) for r in PAIRS["item"])
    host = next(p["delta_us"] for p in first["parts"] if p["what"] == "host time in compiled calls")
    assert host == pytest.approx((tb["compiled_host_us"] - ta["compiled_host_us"]) / 5, rel=0.01)
    # the lines that lost their compiled kernels to it are still in B, and say so
    eager = [p for p in first["parts"] if p["what"] == "runs eagerly now"]
    assert {p["code"] for p in eager} == {"x = self.embed(idx)", "return self.head(self.ln_f(x))"}
    rows = {r["code"]: r for r in doc["lines"]}
    assert all(rows[p["code"]]["why"].startswith(f"runs eagerly now: compile 0/0 broke at train.py:{line} (") for p in eager)


@pytest.mark.parametrize("pair", ["item", "regional", "mask"])
def test_positive_causes_hold_half_a_slowdown_and_host_time_is_the_profiles(runs, diffs, pair):
    doc = diffs[pair]
    t = doc["time"]
    slower = t["b_us"] - t["a_us"]
    placed = sum(c["delta_us"] for c in doc["causes"] if c["kind"] != "unplaced" and c["delta_us"] > 0)
    if slower > 0 and not t["within_noise"]:
        assert placed >= slower / 2, (placed, slower)
    # every host microsecond of the compiled calls, B minus A, is in exactly one cause (or a break's part)
    ta, tb = (truth(os.path.join(runs[r], "profile_trace.json")) for r in PAIRS[pair])
    host = sum(c["delta_us"] for c in doc["causes"] if c["kind"] == "host")
    host += sum(p["delta_us"] for c in doc["causes"] for p in c.get("parts", []) if p["what"] == "host time in compiled calls")
    assert host == pytest.approx((tb["compiled_host_us"] - ta["compiled_host_us"]) / 5, rel=0.01, abs=1.0)


@pytest.mark.parametrize("pair", ["item", "regional"])
def test_eager_time_in_causes_adds_up_to_the_change_of_eager_device_time(runs, diffs, pair):
    """The eager causes and the eager time inside graph breaks add up to the change of the device
    time launched outside compiled code (the profiles' own reading), within 25%."""
    doc = diffs[pair]
    ta, tb = (truth(os.path.join(runs[r], "profile_trace.json")) for r in PAIRS[pair])
    change = (tb["other_device_us"] - ta["other_device_us"]) / 5
    eager = sum(c["delta_us"] for c in doc["causes"] if c["kind"] == "eager")
    eager += sum(p.get("eager_us", 0.0) for c in doc["causes"] for p in c.get("parts", []))
    assert change > 100 and eager == pytest.approx(change, rel=0.25)
    if pair == "item":  # the lines now eager carry it: the head's matmul and the embedding
        parts = {p["code"]: p for c in doc["causes"] if c["kind"] == "graph_break" for p in c["parts"] if p["what"] == "runs eagerly now"}
        assert parts["return self.head(self.ln_f(x))"]["eager_us"] > 100 and parts["return self.head(self.ln_f(x))"]["compiled_us"] < -100


def _event_runs(path: str) -> dict[str, list[float]]:
    """Each device kernel's durations by name, in time order, from the raw profile."""
    with open(path) as fh:
        events = [e for e in json.load(fh)["traceEvents"] if e.get("cat") == "kernel"]
    out: dict[str, list[float]] = {}
    for e in sorted(events, key=lambda e: e["ts"]):
        out.setdefault(e["name"], []).append(e["dur"])
    return out


def test_each_matched_kernel_is_judged_by_its_median_run(runs, diffs):
    """Issue 50 item 11: on the identical rerun, per-kernel verdicts read the median of the kernel's
    runs and say within noise when the runs' ranges overlap (or the medians are within 2%); checked
    on the Triton kernels launched once per call, whose runs are their events in the profile."""
    from statistics import median

    ea, eb = (_event_runs(os.path.join(runs[r], "profile_trace.json")) for r in PAIRS["rerun"])
    checked = 0
    for k in diffs["rerun"]["kernels"]:
        name_a, name_b, t = k["a"]["name"], k["b"]["name"], k["time"]
        if (
            not name_a.startswith("triton_")
            or t is None
            or len(ea.get(name_a, [])) != t["a"]["runs"]
            or len(eb.get(name_b, [])) != t["b"]["runs"]
        ):
            continue
        ra, rb = ea[name_a], eb[name_b]
        assert t["a"]["median_us"] == pytest.approx(median(ra), abs=1e-3) and t["b"]["median_us"] == pytest.approx(median(rb), abs=1e-3)
        change = 100 * median(rb) / median(ra) - 100
        noise = (min(ra) <= max(rb) and min(rb) <= max(ra)) or abs(change) < 2
        assert t["verdict"] == ("within noise" if noise else "slower" if change > 0 else "faster"), (name_a, t)
        checked += 1
    assert checked >= 10


@pytest.mark.parametrize("b", ["tf_plain2", "tf_bs"])
def test_the_kernel_verdict_counts_say_what_within_noise_covers(runs, tmp_path, b):
    """The matched kernels' verdict line names 'within noise' only beside a count of it (it said
    '26 slower, 2 faster (within noise: the runs' ranges overlap)', read as 'those 26 are noise');
    the counts add up to the kernels diff --json compares."""
    other = runs[b] if b in runs else _unpack(b, str(tmp_path / b))
    proc = subprocess.run(
        [sys.executable, "-m", "inductor_lens", "diff", runs["tf_plain"], other, "--cache-dir", str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=600,
        cwd=REPO,
        env={**os.environ, "COLUMNS": "200"},
    )
    (line,) = [x for x in proc.stdout.splitlines() if "matched kernels, by their median run:" in x]
    counts = dict((w, int(n)) for n, w in re.findall(r"(\d+) (slower|faster|within noise)", line.split("(")[0]))
    assert counts and sum(counts.values()) >= 10
    assert ("within noise" in counts) is (b == "tf_plain2")  # a rerun vs twice the batch (all slower or faster)
    if "within noise" in counts:
        assert line.endswith("(within noise: the runs' ranges overlap)")
    else:
        assert line.endswith("(none within noise: no matched kernel's run ranges overlap)")
