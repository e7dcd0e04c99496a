"""Feature functions called directly on real traces (no server): hover, navigation, lenses,
symbols, links, and path resolution."""

from __future__ import annotations

import os
import shutil

import pytest
from conftest import TRACES, case_dir, path_of_uri
from inductor_lens.analysis.snapshot import Snapshot
from inductor_lens.files.resolve import PathResolver
from inductor_lens.lsp.features import hover, lenses, navigation, symbols

MODELS = os.path.join(TRACES, "models.py")


@pytest.fixture(scope="module")
def ctx(load_case):
    return Snapshot(load_case("torch-2.11-cuda/mlp_infer"), PathResolver([("/workspace/proj", TRACES)]))


def _kernel(ctx, key):
    return next(k for k in ctx.index.kernels if k.key == key)


def _lines(path):
    with open(path) as fh:
        return fh.read().split("\n")


def test_hover_on_handle_comment_and_off_name(ctx):
    k = _kernel(ctx, "extern_kernels.mm:3")
    launch = k.launches[0]
    lines = _lines(launch.path)
    comment = next(n for n in range(launch.line - 1, 0, -1) if "[Provenance debug handles] extern_kernels.mm:3" in lines[n - 1])
    h = hover.hover(ctx, launch.path, comment, 4)
    assert "`extern_kernels.mm:3`" in h.contents.value and "models.py:26" in h.contents.value
    # the launch's arguments are not the kernel name: no hover there
    assert hover.hover(ctx, launch.path, launch.line, len(lines[launch.line - 1]) - 2) is None
    # definition on the handle comment goes to its launch
    (target,) = navigation.definition(ctx, launch.path, comment, 4)
    assert target.range.start.line + 1 == launch.line


def test_model_line_hover_and_definition(ctx):
    h = hover.hover(ctx, MODELS, 26, 8)
    assert h.contents.value.startswith("**2 kernels · 4 ops** came from this line")
    defs = navigation.definition(ctx, MODELS, 26, 8)
    texts = sorted(_lines(path_of_uri(d.uri))[d.range.start.line] for d in defs)
    assert texts[0].strip().startswith("extern_kernels.mm(") and texts[1].startswith(
        "triton_poi_fused_add_addmm_relu_1 = async_compile.triton("
    )
    assert hover.hover(ctx, MODELS, 1, 0) is None


def test_pre_grad_graph_node_hover_and_file_comment_definition(ctx):
    graph = ctx.index.graphs[0]
    pre = graph.pre_grad
    node = pre.nodes["y_1"]
    h = hover.hover(ctx, pre.path, node.line, node.col + 1)
    assert "pre-grad FX node" in h.contents.value and "triton_per_fused_addmm_gelu_native_layer_norm_0:2" in h.contents.value
    lines = _lines(pre.path)
    comment = next(n for n, text in enumerate(lines, 1) if "# File: /workspace/proj/models.py:24" in text)
    (target,) = navigation.definition(ctx, pre.path, comment, 10)
    assert (target.uri, target.range.start.line + 1) == ("file://" + MODELS, 24)


def test_workspace_symbols_by_name_aten_op_and_model_line(ctx):
    assert [s.name for s in symbols.workspace_symbols(ctx, "relu_1")] == ["triton_poi_fused_add_addmm_relu_1:4"]
    assert {s.name for s in symbols.workspace_symbols(ctx, "aten.native_layer_norm")} == {
        "triton_per_fused_addmm_gelu_native_layer_norm_0:2"
    }
    assert {s.name for s in symbols.workspace_symbols(ctx, "models.py:26")} == {
        "extern_kernels.mm:3",
        "triton_poi_fused_add_addmm_relu_1:4",
    }
    assert len(symbols.workspace_symbols(ctx, "")) == 4


def test_document_links_in_graph_file(ctx):
    post = ctx.index.graphs[0].post_grad
    links = symbols.document_links(ctx, post.path, open(post.path).read())
    assert links and all(l.target.startswith("file://" + MODELS + "#L") for l in links)
    assert {l.target.rsplit("#L", 1)[1] for l in links} == {"23", "24", "25", "26", "27"}


def test_output_code_lens_on_definition_sums_entries(ctx):
    k = _kernel(ctx, "triton_poi_fused_add_addmm_relu_1:4")
    found = {lens.line: lens.title for lens in lenses.output_code_lenses(ctx, k.definition.path)}
    assert found[k.definition.line] == "1 launch · 3 ops fused"
    assert found[k.launches[0].line] == "models.py:27 +1 · fc2 · 3 ops fused · 1 launch"  # reads fc2.bias


def test_local_frame_moved_and_mismatch(tmp_path, load_case):
    """A model file edited since the trace: a line shifted down is found nearby; a changed line is flagged."""
    project = tmp_path / "proj"
    project.mkdir()
    lines = _lines(MODELS)
    moved = lines[:20] + ["# a new comment", "# another"] + lines[20:]
    (project / "models.py").write_text("\n".join(moved))
    ctx = Snapshot(load_case("torch-2.11-cuda/mlp_infer"), PathResolver([("/workspace/proj", str(project))]))
    k = _kernel(ctx, "extern_kernels.mm:3")
    local = ctx.local(k.model_lines[0])
    assert (local.status, local.line, local.frame.line) == ("moved", 28, 26)
    h = hover.hover(ctx, str(project / "models.py"), 28, 8)
    assert "extern_kernels.mm:3" in h.contents.value
    # one line resolution: the lens, the hover of the kernel and its symbols all say :28, never :26
    code = k.graph.output_code
    kernel_hover = hover.kernel_markdown(ctx, k)
    assert f"[models.py:28](file://{project / 'models.py'}#L28)" in kernel_hover and "models.py:26" not in kernel_hover.replace(
        "(was line 26 in the trace)", ""
    )
    assert "*(was line 26 in the trace)*" in kernel_hover
    titles = [lens.title for lens in lenses.output_code_lenses(ctx, code) if lens.line == k.launches[0].line]
    assert titles and titles[0].startswith("models.py:28"), titles
    details = {s.name: s.detail for group in symbols.document_symbols(ctx, code) for s in group.children or []}
    assert details["extern_kernels.mm:3"].startswith("models.py:28")
    assert "extern_kernels.mm:3" in [w.name for w in symbols.workspace_symbols(ctx, "models.py:28")]
    changed = [("y = self.fc2(y)  # edited" if l.strip() == "y = self.fc2(y)" else l) for l in lines]
    (project / "models.py").write_text("\n".join(changed))
    ctx = Snapshot(load_case("torch-2.11-cuda/mlp_infer"), PathResolver([("/workspace/proj", str(project))]))
    assert ctx.local(_kernel(ctx, "extern_kernels.mm:3").model_lines[0]).status == "mismatch"


def test_resolver_longest_suffix_and_ties(tmp_path):
    a = tmp_path / "a" / "proj"
    b = tmp_path / "b" / "proj"
    for folder, line in ((a, "x = 1"), (b, "y = self.fc2(y)")):
        folder.mkdir(parents=True)
        (folder / "models.py").write_text("\n" * 25 + line + "\n")
    resolver = PathResolver(roots=[str(tmp_path)], use_interpreter_site_packages=False)
    # same suffix length (proj/models.py): the file whose line 26 equals the frame's code wins
    assert resolver.resolve("/nonexistent-root/proj/models.py", "y = self.fc2(y)", 26) == str(b / "models.py")
    assert resolver.resolve("/nonexistent-root/proj/models.py", "x = 1", 26) == str(a / "models.py")
    deeper = tmp_path / "c" / "nonexistent-root" / "proj"  # a longer suffix match wins over the tie
    deeper.mkdir(parents=True)
    shutil.copy(a / "models.py", deeper / "models.py")
    resolver = PathResolver(roots=[str(tmp_path)], use_interpreter_site_packages=False)
    assert resolver.resolve("/nonexistent-root/proj/models.py", "y = self.fc2(y)", 26) == str(deeper / "models.py")
    assert resolver.resolve("/nowhere/else.py") is None


def test_mapping_prefix_beats_suffix_search(tmp_path):
    resolver = PathResolver([("/workspace/proj", TRACES)], roots=[str(tmp_path)], use_interpreter_site_packages=False)
    assert resolver.resolve("/workspace/proj/models.py") == MODELS
    assert resolver.resolve("/workspace/project/models.py") is None  # a prefix of a path segment is not a match


def test_library_line_hover_groups_kernels_by_inner_line(tmp_path, load_case):
    """Every GPT-2 kernel's stack passes transformers' wrapper line: its hover groups them by the
    line that made them, innermost, instead of listing 66 kernels."""
    import re

    index = load_case("torch-2.11-cuda/gpt2_train")
    site = tmp_path / "site-packages"
    lines_by_file: dict[str, dict[int, str]] = {}
    for kernel in index.kernels:
        for f in kernel.frames:
            m = re.search(r"/site-packages/(.+)$", f.file)
            if m:
                lines_by_file.setdefault(m.group(1), {})[f.line] = f.code
    for rel, lines in lines_by_file.items():
        (site / rel).parent.mkdir(parents=True, exist_ok=True)
        (site / rel).write_text("\n".join(lines.get(n, "") for n in range(1, max(lines) + 1)) + "\n")
    ctx = Snapshot(index, PathResolver([("/opt/torch/.venv/lib/python3.12/site-packages", str(site))]))
    generic = str(site / "transformers" / "utils" / "generic.py")
    rows = ctx.kernels_on_source_line(generic, 1068)
    text = hover.hover(ctx, generic, 1068, 8).contents.value
    assert text.startswith(f"**{len(rows)} kernels · ")
    assert f"{len(rows)} kernels through calls on this line, by the line that made them:" in text
    grouped = re.findall(r"\[(\w+\.py):(\d+)\]\([^)]*\)[^—\n]* — (\d+) kernels?", text)
    assert grouped and sum(int(n) for *_, n in grouped) <= len(rows)
    counts = [int(n) for *_, n in grouped]
    assert counts == sorted(counts, reverse=True)  # the lines that made the most kernels first
    # every group's line is an innermost frame of those kernels
    inner = {(os.path.basename(f.file), f.line) for k, _ in rows for f in k.model_lines}
    assert all((name, int(line)) in inner for name, line, _ in grouped)


def test_model_line_lens_per_trace_when_several_are_loaded(cache_dir):
    from inductor_lens.files.cache import Cache
    from inductor_lens.index.trace_index import load

    index = load([os.path.join(case_dir(c), "trace") for c in ("torch-2.11-cuda/mlp_infer", "torch-2.11-cuda/mlp_train")], Cache(cache_dir))
    ctx = Snapshot(index, PathResolver([("/workspace/proj", TRACES)]))
    (lens,) = [l for l in lenses.source_lenses(ctx, MODELS) if l.line == 26]
    infer, train = lens.title.split(" | ")
    # the top items, the kernel fusing the most ops first (no profile here)
    assert infer == "mlp_infer: 2 kernels · 4 ops — triton_poi_fused_add_addmm_relu_1:4, extern_kernels.mm:3"
    # mlp_train: the forward's mm and fused add/relu, and the backward kernels of fc2
    train_keys = {k.key for k, _ in ctx.kernels_on_source_line(MODELS, 26) if "mlp_train" in k.graph.trace}
    assert train.startswith(f"mlp_train: {len(train_keys)} kernels · ")
    assert len(lens.targets) == 2 + len(train_keys)


def test_lenses_relocated_or_withheld_on_an_edited_model_file(tmp_path, load_case):
    """The local models.py is another version: two lines inserted above forward (every traced line moved
    down 2) and ``y = self.fc2(y)`` (traced line 26) edited.  Lenses and hovers follow the moved lines;
    the edited line gets none (its old line now holds other code), and the file says once that it differs."""
    project = tmp_path / "proj"
    project.mkdir()
    lines = _lines(MODELS)
    assert [lines[i - 1].strip() for i in (23, 24, 25, 26, 27)] == [
        "y = self.fc1(x)",
        "y = F.gelu(y)",
        "y = self.norm(y)",
        "y = self.fc2(y)",
        "return torch.relu(y + x)",
    ]
    edited = lines[:20] + ["# a new comment", "# another"] + lines[20:]
    edited[27] = edited[27].replace("y = self.fc2(y)", "y = self.fc2(y) * 2")  # traced line 26, now line 28
    path = project / "models.py"
    path.write_text("\n".join(edited))
    ctx = Snapshot(load_case("torch-2.11-cuda/mlp_infer"), PathResolver([("/workspace/proj", str(project))]))
    found = {lens.line: lens.title for lens in lenses.source_lenses(ctx, str(path))}
    assert sorted(found) == [1, 25, 26, 27, 29]  # 23, 24, 25 and 27 moved down 2; not 28 (edited)
    assert "extern_kernels.mm:3" not in found[26]  # fc2's GEMM is not put on its old line number (now gelu's)
    assert found[1].startswith("Inductor Lens: this file differs from the traced one — 1 traced line not found here (line 26)")
    assert sum(t.startswith("Inductor Lens: this file differs") for t in found.values()) == 1
    assert "extern_kernels.mm:1" in found[25] and "triton_poi_fused_add_addmm_relu_1:4" in found[29]
    assert hover.hover(ctx, str(path), 28, 8) is None  # the edited line: no kernel claimed
    assert "extern_kernels.mm:1" in hover.hover(ctx, str(path), 25, 8).contents.value
    # the kernel hover still says the local file differs, at the traced line
    mm3 = hover.kernel_markdown(ctx, _kernel(ctx, "extern_kernels.mm:3"))
    assert "models.py:26" in mm3 and "local file differs from the trace" in mm3
    # the unedited file: no such lens
    path.write_text("\n".join(lines))
    ctx = Snapshot(load_case("torch-2.11-cuda/mlp_infer"), PathResolver([("/workspace/proj", str(project))]))
    assert not any(l.title.startswith("Inductor Lens: this file differs") for l in lenses.source_lenses(ctx, str(path)))


def test_the_status_counts_the_kernels_with_inferred_links(load_case):
    """Issue 24: "inferred" said everywhere a link is shown, the status bar too."""
    from inductor_lens.lsp.protocol import status_json

    index = load_case("torch-2.11-cuda/no_provenance")
    inferred = [k for k in index.kernels if k.provenance == "inferred" or any(la.provenance == "inferred" for la in k.launches)]
    assert status_json(index, "ready")["inferred"] == len(inferred) == 4
    assert status_json(load_case("torch-2.11-cuda/mlp_infer"), "ready")["inferred"] == 0


def test_a_line_reached_by_several_stacks_of_one_kernel_is_listed_once(load_case):
    """GPT-2 training: some kernels fuse nodes whose stacks (recorded once per node) end on the same
    inner line; the hover of an outer line lists that inner line once, with each kernel once."""
    import collections
    import re

    ctx = Snapshot(load_case("torch-2.11-cuda/gpt2_train"), PathResolver([("/workspace/proj", TRACES)]))
    checked = 0
    for kernel in ctx.index.kernels:
        stacks = collections.defaultdict(list)
        for f in kernel.frames:
            stacks[f.stack].append(f)
        ends = collections.Counter((s[-1].file, s[-1].line) for s in stacks.values())
        twice = [s for s in stacks.values() if ends[(s[-1].file, s[-1].line)] > 1 and len(s) > 1]
        if not twice:
            continue
        outer = twice[0][-2]
        rows = [(k, f) for k in ctx.index.kernels for f in k.frames if (f.file, f.line) == (outer.file, outer.line) and not f.innermost]
        text = hover.source_line_markdown(ctx, rows)
        listed = re.findall(r"^  - (.+) — \d+ kernels?$", text, re.M)
        assert listed and len(listed) == len(set(listed)), text
        said = int(re.search(r"(\d+) kernels? through calls on this line", text)[1])
        assert said == len({id(k) for k, _ in rows}), text
        checked += 1
    assert checked == 4


def test_a_model_line_lens_of_many_ranks_is_one_short_part(tmp_path, cache_dir):
    """Five ranks' logs of one model (mlp_infer's log copied per rank): each model-line lens is one
    part for all of them (``5 traces: 1 kernel · 13 ops — ...``), never a part per rank."""
    from conftest import case_log
    from inductor_lens.files.cache import Cache
    from inductor_lens.index.trace_index import load

    data = open(case_log("torch-2.11-cuda/mlp_infer"), "rb").read()
    for rank in range(5):
        (tmp_path / f"dedicated_log_torch_trace_rank_{rank}_x.log").write_bytes(data)
    ctx = Snapshot(load([str(tmp_path)], Cache(cache_dir)), PathResolver([("/workspace/proj", TRACES)]))
    titles = [lens.title for lens in lenses.source_lenses(ctx, MODELS) if "kernel" in lens.title]
    assert titles and all(t.startswith("5 traces: ") and " | " not in t and len(t) < 160 for t in titles), titles
    one = Snapshot(load([case_log("torch-2.11-cuda/mlp_infer")], Cache(cache_dir)), PathResolver([("/workspace/proj", TRACES)]))
    assert sorted(t.removeprefix("5 traces: ") for t in titles) == sorted(
        lens.title for lens in lenses.source_lenses(one, MODELS) if "kernel" in lens.title
    )


def test_a_call_line_of_several_ranks_says_its_kernels_are_summed_over_them(load_case):
    """DDP's two ranks each compile 4/0 from models.py:258: the call line's kernels and graphs are
    both ranks' (a new user's trial read 20 kernels against each rank's 10); its lens and the
    table say over how many ranks, a single rank's line says nothing of ranks."""
    from inductor_lens.report.table import call_site_texts
    from inductor_lens.timing.hot_lines import call_sites, hot_lines

    for case, want in (("torch-2.14-cpu/ddp", " over 2 ranks"), ("torch-2.14-cpu/mlp_train", "")):
        index = load_case(case)
        snap = Snapshot(index, PathResolver([("/workspace/proj", TRACES)], use_interpreter_site_packages=False))
        titles = [lens.title for lens in lenses.call_site_lenses(snap, os.path.join(TRACES, "models.py"))]
        texts = call_site_texts(call_sites(index.graphs))
        heading = hot_lines(index.kernels).heading()  # the model lines' launch counts: summed over the ranks too
        assert titles and texts and heading.startswith("model lines by kernel launches")
        assert ("the launches of 2 ranks summed" in heading) == bool(want), heading
        if want:
            assert any(t.startswith("calls compile 4/0: 20 kernels (") and t.endswith(want) for t in titles), titles
            assert any(t.endswith("— calls compile 4/0: 20 kernels, 4 graphs over 2 ranks") for t in texts), texts
        else:
            assert not any("ranks" in t for t in titles + texts), (titles, texts)
