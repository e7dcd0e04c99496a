import { describe, expect, test, vi } from 'vitest';
import { MarkdownString, TreeItemCollapsibleState, Uri } from 'vscode';
import { formatUs, frameLabel, kernelPickItem, kernelShortName, plural, traceLabel } from '../src/kernels';
import {
  buildKernelTree,
  compareCompileIds,
  compileLabel,
  type GraphNode,
  type KernelNode,
  KernelsTreeProvider,
  nodeId,
  shortKernelName,
  type TraceNode,
  toTreeItem,
  type SlowestNode,
  type UnattributedNode,
} from '../src/kernelsTree';
import type { Kernel, TraceInfo } from '../src/protocol';
import { kernel, mlpInfer, profileCnn } from './helpers';

const names = (graph: GraphNode) => graph.children.map((k: KernelNode) => k.kernel.name);

describe('trace labels', () => {
  test("a log is labelled by what tells it apart: PyTorch's fixed prefix left out", () => {
    expect(traceLabel('/runs/trace/dedicated_log_torch_trace_rank_3_0yd7kp45.log')).toBe('rank_3_0yd7kp45.log');
    expect(traceLabel('/runs/trace/dedicated_log_torch_trace_1k56b5ev.log')).toBe('1k56b5ev.log');
    // other names are kept whole: a renamed rank log, a debug folder, the bare prefix
    expect(traceLabel('/runs/rank_0.log')).toBe('rank_0.log');
    expect(traceLabel('/runs/torch_compile_debug/run_2026')).toBe('run_2026');
    expect(traceLabel('/x/dedicated_log_torch_trace_')).toBe('dedicated_log_torch_trace_');
  });
});

describe('tree item ids follow what a node holds', () => {
  // A log still being written: the trace is listed before its compile and kernels (Capture
  // Trace… writes into the workspace while the watcher re-indexes). The later answer must be a
  // new element to VS Code, or the row stays drawn open with nothing under it.
  const { traces, kernels } = mlpInfer();
  const partial = traces.map((t) => ({ ...t, kernels: 0, compile_ids: [], graphs: [] }));
  const [early] = buildKernelTree(partial, [], 'launches');
  const [late] = buildKernelTree(traces, kernels, 'launches');
  const [again] = buildKernelTree(traces, kernels, 'launches');

  test('a trace, compile and graph keep their id while their content is the same', () => {
    expect(toTreeItem(late).id).toBe(toTreeItem(again).id);
    expect(toTreeItem(late.children[0]).id).toBe(toTreeItem(again.children[0]).id);
    expect(toTreeItem(late.children[0].children[0]).id).toBe(nodeId(again.children[0].children[0]));
  });

  test('a trace that got its compiles and kernels is a new element', () => {
    expect(early.children).toEqual([]);
    expect(toTreeItem(early).id).not.toBe(toTreeItem(late).id);
    expect(toTreeItem(late).id).toContain(late.path);
  });

  test('a graph whose kernels arrived is a new element, and ids are unique in the tree', () => {
    const [graphFirst] = buildKernelTree(traces, [], 'launches');
    const empty = graphFirst.children[0].children[0];
    const full = late.children[0].children[0];
    expect(empty.children).toHaveLength(0);
    expect(nodeId(empty)).not.toBe(nodeId(full));
    const ids = [late, late.children[0], full, ...full.children].map((n) => toTreeItem(n).id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('buildKernelTree on the real mlp_infer trace', () => {
  const { traces, kernels } = mlpInfer();
  const roots = buildKernelTree(traces, kernels, 'launches');

  test('traces → compiles → graphs → kernels', () => {
    expect(roots).toHaveLength(1);
    const [trace] = roots;
    expect(trace.path).toMatch(/dedicated_log_torch_trace_332mjnat\.log$/);
    expect(trace.torchVersion).toBe('2.11.0+cu130');
    expect(trace.children.map((c) => c.compileId)).toEqual(['0/0']);
    const [graph] = trace.children[0].children;
    expect(graph.graph).toBe('inference');
    expect(graph.files?.output_code).toMatch(/\.py$/);
    // Every kernel launches once: ties are broken by name.
    expect(names(graph)).toEqual([
      'extern_kernels.mm',
      'extern_kernels.mm',
      'triton_per_fused_addmm_gelu_native_layer_norm_0',
      'triton_poi_fused_add_addmm_relu_1',
    ]);
  });

  test('a kernel item names its kind, launches and model line, and opens its definition', () => {
    const node = roots[0].children[0].children[0].children.find((k) => k.kernel.key.endsWith(':2'))!;
    const item = toTreeItem(node);
    // short name and module (fc1's bias and the LayerNorm's weights); the full name in the tooltip
    expect(item.label).toBe('fc1 + norm · per addmm_gelu_n…_layer_norm_0');
    expect(item.description).toBe('persistent_reduction · 1 launch · models.py:25 +2');
    expect((item.tooltip as MarkdownString).value).toContain('**triton_per_fused_addmm_gelu_native_layer_norm_0**');
    expect((item.tooltip as MarkdownString).value).toContain('module: `fc1 + norm` (`fc1`, `norm`)');
    expect(item.contextValue).toBe('kernel');
    expect(item.tooltip).toBeInstanceOf(MarkdownString);
    expect((item.tooltip as MarkdownString).value).toContain('`models.py:23  y = self.fc1(x)`');
    expect((item.tooltip as MarkdownString).value).toContain('`aten.native_layer_norm`');
    expect(item.command?.command).toBe('vscode.open');
    const [uri, options] = item.command!.arguments!;
    expect((uri as Uri).fsPath).toBe(node.kernel.definition!.path);
    expect(options.selection.start.line).toBe(node.kernel.definition!.line - 1);
  });

  test('an extern kernel has no definition to open', () => {
    const node = roots[0].children[0].children[0].children.find((k) => k.kernel.key === 'extern_kernels.mm:1')!;
    const item = toTreeItem(node);
    expect(item.command).toBeUndefined();
    expect(item.label).toBe('fc1 · mm:1');
    expect(item.description).toBe('extern · 1 launch · models.py:23');
  });

  test('trace, compile and graph items', () => {
    const trace = toTreeItem(roots[0]);
    expect(trace.label).toBe('332mjnat.log'); // without PyTorch's dedicated_log_torch_trace_ prefix (the tooltip has the path)
    expect(trace.tooltip).toMatch(/dedicated_log_torch_trace_332mjnat\.log$/);
    expect(trace.description).toBe('4 kernels · torch 2.11.0+cu130');
    expect(toTreeItem(roots[0].children[0]).label).toBe('compile 0/0');
    const graph = toTreeItem(roots[0].children[0].children[0]);
    expect(graph.label).toBe('inference graph');
    expect(graph.description).toBe('4 kernels');
    expect(graph.collapsibleState).toBe(TreeItemCollapsibleState.Expanded);
    expect(graph.command?.title).toBe('Open Output Code');
  });

  test('Go to Kernel… items show the ATen ops and the model line', () => {
    const k = kernels.find((x) => x.key === 'triton_poi_fused_add_addmm_relu_1:4')!;
    expect(kernelPickItem(k)).toMatchObject({
      label: 'triton_poi_fused_add_addmm_relu_1',
      description: 'aten.addmm, aten.add, aten.relu',
      detail: 'models.py:27  return torch.relu(y + x) · fc2 · compile 0/0 inference graph · 1 launch',
    });
  });
});

describe('buildKernelTree grouping and sorting', () => {
  const launches = (n: number) => Array.from({ length: n }, (_, i) => ({ path: '/c.py', line: i + 1 }));
  const kernels = [
    kernel({ name: 'a', launches: launches(1), measured: { runs: 3, events: 3, total_us: 90, mean_us: 30 } }),
    kernel({ name: 'b', launches: launches(5), measured: { runs: 3, events: 6, total_us: 30, mean_us: 10 } }),
    kernel({ name: 'c', launches: launches(2) }),
    kernel({ name: 'bw', graph: 'backward', launches: launches(1) }),
    kernel({ name: 'r', compile_id: '0/10' }),
    kernel({ name: 's', compile_id: '0/2' }),
    kernel({ name: 'x', trace: '/t/unlisted.log', compile_id: '1/0_1' }),
  ];
  const traces: TraceInfo[] = [
    {
      path: '/t/a.log',
      rank: 0,
      torch_version: null,
      compile_ids: ['0/0', '0/2', '0/10', '2/0'],
      kernels: 6,
      graphs: [{ compile_id: '2/0', graph: 'forward', output_code: '/c2.py', post_grad_graph: null, pre_grad_graph: null }],
    },
  ];

  test('compiles in PyTorch order, forward before backward, graphs without kernels kept', () => {
    const roots = buildKernelTree(traces, kernels, 'launches');
    // A trace without a rank sorts before rank 0.
    expect(roots.map((r) => r.path)).toEqual(['/t/unlisted.log', '/t/a.log']);
    const [unlisted, a] = roots;
    expect(a.children.map((c) => c.compileId)).toEqual(['0/0', '0/2', '0/10', '2/0']);
    expect(a.children[0].children.map((g) => g.graph)).toEqual(['forward', 'backward']);
    expect(a.children[3].children[0].children).toEqual([]);
    expect(toTreeItem(a.children[3].children[0]).collapsibleState).toBe(TreeItemCollapsibleState.None);
    expect(unlisted.path).toBe('/t/unlisted.log');
    expect(unlisted.children[0].compileId).toBe('1/0_1');
    expect(unlisted.kernelCount).toBe(1);
  });

  test('by launches, by measured time (unmeasured last), by name', () => {
    const forward = (sort: 'launches' | 'time' | 'name') => names(buildKernelTree(traces, kernels, sort)[1].children[0].children[0]);
    expect(forward('launches')).toEqual(['b', 'c', 'a']);
    expect(forward('time')).toEqual(['a', 'b', 'c']);
    expect(forward('name')).toEqual(['a', 'b', 'c']);
  });

  test('a log written by several processes: one compile per (compile id, process), unique item ids', () => {
    // The real cpu_fork trace (tests/data): the parent compiles 0/0, two forked children both compile 1/0.
    const ks = [
      kernel({ name: 'cpp_fused_gelu_0', key: 'cpp_fused_gelu_0:2', compile_id: '0/0', pid: 1403 }),
      kernel({ name: 'cpp_fused_mul_sin_sum_0', key: 'cpp_fused_mul_sin_sum_0:1', compile_id: '1/0', pid: 1619 }),
      kernel({ name: 'cpp_fused_add_relu_0', key: 'cpp_fused_add_relu_0:2', compile_id: '1/0', pid: 1620 }),
      kernel({ name: 'extern_kernels.mm', key: 'extern_kernels.mm:1', compile_id: '1/0', pid: 1620 }),
    ];
    const info: TraceInfo = {
      path: '/t/fork.log',
      rank: null,
      torch_version: null,
      compile_ids: ['0/0', '1/0'],
      kernels: ks.length,
      graphs: [1403, 1619, 1620].map((pid) => ({
        compile_id: pid === 1403 ? '0/0' : '1/0',
        pid,
        graph: 'inference' as const,
        output_code: `/c${pid}.py`,
        post_grad_graph: null,
        pre_grad_graph: null,
      })),
    };
    const roots = buildKernelTree([info], ks.map((k) => ({ ...k, trace: '/t/fork.log', graph: 'inference' })), 'launches');
    expect(roots).toHaveLength(1);
    const [root] = roots;
    expect(root.children.map((c) => c.compileId)).toEqual(['0/0 (pid 1403)', '1/0 (pid 1619)', '1/0 (pid 1620)']);
    expect(root.children.map((c) => c.children[0].children.length)).toEqual([1, 1, 2]);
    expect(root.children[2].children[0].files?.output_code).toBe('/c1620.py');
    const ids = root.children.flatMap((c) => c.children[0].children.map((k) => toTreeItem(k).id));
    expect(new Set(ids).size).toBe(ids.length);
    expect(compileLabel('1/0', null)).toBe('1/0');
  });

  test('a frame written on Windows is labelled by its file name', () => {
    const frame = { file: 'C:\\Users\\user\\proj\\models.py', line: 25, resolved: null };
    expect(frameLabel(frame)).toBe('models.py:25');
    expect(frameLabel({ ...frame, file: '/workspace/proj/models.py' })).toBe('models.py:25');
  });

  test('compareCompileIds', () => {
    expect(['1/0_1', '0/10', '0/2', '0/0'].sort(compareCompileIds)).toEqual(['0/0', '0/2', '0/10', '1/0_1']);
  });

  test('ranks order the traces and show in the description', () => {
    const r1 = { ...traces[0], path: '/t/rank1.log', rank: 1, graphs: [], compile_ids: [] };
    const roots = buildKernelTree([r1, traces[0]], [], 'launches');
    expect(roots.map((r) => r.rank)).toEqual([0, 1]);
    expect(toTreeItem(roots[1]).description).toBe('rank 1 · 6 kernels');
  });
});

describe('KernelsTreeProvider', () => {
  test('refresh fetches, builds and signals; setSort re-sorts without fetching', async () => {
    const data = mlpInfer();
    const fetch = vi.fn(async () => data);
    const provider = new KernelsTreeProvider(fetch);
    const changed = vi.fn();
    provider.onDidChangeTreeData(changed);
    expect(provider.getChildren()).toEqual([]);
    await provider.refresh();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(changed).toHaveBeenCalledTimes(1);
    const [trace] = provider.getChildren();
    expect(provider.getChildren(trace)).toHaveLength(1);
    expect(provider.kernels).toHaveLength(4);
    expect(provider.hasMeasurements).toBe(false);
    expect(provider.measuredTotalUs).toBeNull();
    // Without a profile: no times anywhere, no unattributed node.
    const root = trace as TraceNode;
    expect(root.unattributed).toBeUndefined();
    expect(provider.getChildren(root)).toEqual(root.children);
    expect(toTreeItem(root.children[0]).description).toBe('inference');
    provider.setSort('name');
    expect(provider.sortOrder).toBe('name');
    expect(changed).toHaveBeenCalledTimes(2);
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});

describe('measured device time', () => {
  test('formatUs writes times as the server does', () => {
    expect(formatUs(6.24)).toBe('6.2 µs');
    expect(formatUs(10.56)).toBe('10.6 µs');
    expect(formatUs(41)).toBe('41.0 µs');
    expect(formatUs(158.653)).toBe('159 µs');
    expect(formatUs(999.4)).toBe('999 µs');
    expect(formatUs(1300)).toBe('1.3 ms');
    expect(formatUs(2.05e6)).toBe('2.05 s');
    expect(plural(2, 'launch')).toBe('2 launches');
    expect(plural(1, 'run')).toBe('1 run');
  });

  test('shortKernelName drops void, parameters and namespaces', () => {
    expect(
      shortKernelName(
        'void at::native::vectorized_elementwise_kernel<4, at::native::FillFunctor<float>, std::array<char*, 1ul> >(int, at::native::FillFunctor<float>, std::array<char*, 1ul>)',
      ),
    ).toBe('vectorized_elementwise_kernel<4, FillFunctor<float>, array<char*, 1ul> >');
    expect(
      shortKernelName('void (anonymous namespace)::softmax_warp_forward<float, float, float, 4, true, false>(float*, float const*, int)'),
    ).toBe('softmax_warp_forward<float, float, float, 4, true, false>');
    expect(shortKernelName('triton_poi_fused_add_0')).toBe('triton_poi_fused_add_0');
    expect(shortKernelName('ampere_sgemm_128x64_nn')).toBe('ampere_sgemm_128x64_nn');
    expect(shortKernelName('(weird)')).toBe('(weird)');
  });

  test('the server\'s measured_us wins over the sum of the kernels; null shows no time', () => {
    const kernels = [kernel({ name: 'a', measured: { runs: 1, events: 1, total_us: 5, mean_us: 5 } })];
    const graph = (measured_us: number | null) => ({
      compile_id: '0/0',
      graph: 'forward' as const,
      output_code: '/c.py',
      post_grad_graph: null,
      pre_grad_graph: null,
      measured_us,
    });
    const traces = (g: ReturnType<typeof graph>): TraceInfo[] => [
      { path: '/t/a.log', rank: null, torch_version: null, compile_ids: ['0/0'], kernels: 1, graphs: [g] },
    ];
    const server = buildKernelTree(traces(graph(7.5)), kernels, 'launches')[0];
    expect(toTreeItem(server.children[0].children[0]).description).toBe('1 kernel · 7.5 µs');
    expect(toTreeItem(server.children[0]).description).toBe('forward · 7.5 µs');
    expect(toTreeItem(server).description).toBe('1 kernel · 7.5 µs');
    const none = buildKernelTree(traces(graph(null)), [kernel({ name: 'a' })], 'launches')[0];
    expect(toTreeItem(none.children[0].children[0]).description).toBe('1 kernel');
    expect(none.measuredUs).toBeNull();
  });

  test('unattributed kernels of several profiles name their profile', () => {
    const traces: TraceInfo[] = [
      {
        path: '/t/a.log',
        rank: null,
        torch_version: null,
        compile_ids: [],
        kernels: 0,
        graphs: [],
        unattributed: [
          { name: 'void k1(int)', count: 2, total_us: 3, profile: '/p/one.json' },
          { name: 'k2', count: 1, total_us: 4, profile: '/p/two.json.gz' },
        ],
      },
    ];
    const [trace] = buildKernelTree(traces, [], 'launches');
    expect(trace.unattributed!.children.map((c) => toTreeItem(c).description)).toEqual([
      '1 run · 4.0 µs · two.json.gz',
      '2 runs · 3.0 µs · one.json',
    ]);
    expect(buildKernelTree(traces, [], 'name')[0].unattributed!.children.map((c) => c.entry.name)).toEqual([
      'void k1(int)',
      'k2',
    ]);
  });
});

describe('buildKernelTree on the real profile_cnn trace with its torch.profiler trace', () => {
  const { traces, kernels, unattributed } = profileCnn();
  const measured = kernels.filter((k) => k.measured);
  const sum = (ks: readonly Kernel[]) => ks.reduce((t, k) => t + (k.measured?.total_us ?? 0), 0);
  const provider = new KernelsTreeProvider(async () => ({ traces, kernels }));
  let trace: TraceNode;

  test('the profile measures every compiled kernel and leaves eager kernels unattributed', async () => {
    expect(kernels.length).toBeGreaterThan(0);
    expect(measured).toHaveLength(kernels.length);
    expect(unattributed.length).toBeGreaterThan(0);
    await provider.refresh();
    [trace] = provider.getChildren() as TraceNode[];
    expect(provider.hasMeasurements).toBe(true);
    expect(provider.measuredTotalUs).toBeCloseTo(sum(kernels), 6);
  });

  test('each kernel shows its runs and total device time', () => {
    const graphs = trace.children.flatMap((c) => c.children);
    expect(graphs.map((g) => g.graph)).toEqual(['forward', 'backward']);
    for (const node of graphs.flatMap((g) => g.children)) {
      const m = node.kernel.measured!;
      const item = toTreeItem(node);
      // the time leads the label: visible however narrow the view is
      expect(item.label as string).toMatch(new RegExp(`^${formatUs(m.total_us)}  `));
      expect(item.description as string).toMatch(new RegExp(`^${plural(m.runs, 'run')} · `));
    }
    // The hover's example: the first convolution's fused batch norm + ReLU.
    const relu = graphs[0].children.find((k) => k.kernel.name.endsWith('_convolution_copy__relu_0'))!;
    expect(toTreeItem(relu).label).toBe('10.6 µs  conv1 + bn1 · red _native_batc…_copy__relu_0');
    expect(toTreeItem(relu).description).toBe('3 runs · reduction · 1 launch · models.py:40');
    // A cuDNN convolution backward runs several device kernels per run: the tooltip says so.
    const conv = graphs[1].children.find((k) => k.kernel.measured!.events > k.kernel.measured!.runs)!;
    const tooltip = (toTreeItem(conv).tooltip as MarkdownString).value;
    expect(tooltip).toContain(`**Measured:** ${plural(conv.kernel.measured!.runs, 'run')} · `);
    expect(tooltip).toContain(`${conv.kernel.measured!.events} device kernels)`);
    expect(kernelPickItem(relu.kernel).detail).toMatch(/ · 3 runs · 10\.6 µs$/);
  });

  test('graphs, the compile and the trace roll up their kernels\' time', () => {
    const [compile] = trace.children;
    for (const graph of compile.children) {
      const own = kernels.filter((k) => k.graph === graph.graph);
      expect(graph.measuredUs).toBeCloseTo(sum(own), 6);
      expect(toTreeItem(graph).description).toBe(`${plural(own.length, 'kernel')} · ${formatUs(sum(own))}`);
    }
    expect(toTreeItem(compile).description).toBe(`forward, backward · ${formatUs(sum(kernels))}`);
    expect(toTreeItem(trace).description).toBe(
      `${plural(kernels.length, 'kernel')} · ${formatUs(sum(kernels))} · torch 2.11.0+cu130`,
    );
  });

  test('a Triton kernel used twice in a graph is labelled by its debug handle', () => {
    const forward = trace.children[0].children[0];
    const labels = forward.children.map((k) => toTreeItem(k).label as string);
    const twice = kernels.filter((k) => k.graph === 'forward' && kernels.filter((o) => o.graph === 'forward' && o.name === k.name).length > 1);
    expect(twice.length).toBeGreaterThan(1);
    for (const k of twice) expect(labels.some((l) => l.endsWith(` · ${kernelShortName(k, true)}`))).toBe(true);
    expect(labels.filter((l) => l.includes('poi add_copy__4:'))).toHaveLength(2); // :8 and :9
    expect(new Set(labels).size).toBe(labels.length);
  });

  test('sorting by measured time puts the slowest kernel first', () => {
    provider.setSort('time');
    const [sorted] = provider.getChildren() as TraceNode[];
    for (const graph of sorted.children[0].children) {
      const times = graph.children.map((k) => k.kernel.measured!.total_us);
      expect(times).toEqual([...times].sort((a, b) => b - a));
    }
    const slowest = [...kernels].sort((a, b) => b.measured!.total_us - a.measured!.total_us)[0];
    const backward = sorted.children[0].children.find((g) => g.graph === slowest.graph)!;
    expect(backward.children[0].kernel.key).toBe(slowest.key);
    provider.setSort('launches');
  });

  test('under the time sort, "all graphs, slowest first" lists forward and backward kernels together', () => {
    const children = provider.getChildren(trace);
    const across = children[0] as SlowestNode;
    expect(across.type).toBe('slowest');
    const times = across.children.map((k) => k.kernel.measured!.total_us);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(new Set(across.children.map((k) => k.kernel.graph))).toEqual(new Set(['forward', 'backward']));
    expect(across.children.length).toBe(kernels.filter((k) => k.measured).length);
    const item = toTreeItem(across.children[0]);
    expect(String(item.description)).toMatch(/^0\/0 (forward|backward) · /);
    expect(toTreeItem(across).label).toBe('all graphs, slowest first');
  });

  test('an "Unattributed device kernels" node lists what the profile could not join', () => {
    const children = provider.getChildren(trace).filter((c) => c.type !== 'slowest');
    expect(children.slice(0, -1)).toEqual(trace.children);
    const node = children[children.length - 1] as UnattributedNode;
    expect(node.type).toBe('unattributed');
    const runs = unattributed.reduce((n, u) => n + u.count, 0);
    const total = unattributed.reduce((t, u) => t + u.total_us, 0);
    const item = toTreeItem(node);
    expect(item.label).toBe('Unattributed device kernels');
    expect(item.description).toBe(`${plural(unattributed.length, 'kernel')} · ${plural(runs, 'run')} · ${formatUs(total)}`);
    expect(item.collapsibleState).toBe(TreeItemCollapsibleState.Collapsed);
    expect((item.tooltip as MarkdownString).value).toContain(unattributed[0].profile);
    const rows = provider.getChildren(node).map(toTreeItem);
    expect(rows).toHaveLength(unattributed.length);
    // Slowest first, each with its count and time; the full demangled name in the tooltip.
    const bySlowest = [...unattributed].sort((a, b) => b.total_us - a.total_us);
    expect(rows.map((r) => r.description)).toEqual(bySlowest.map((u) => `${plural(u.count, 'run')} · ${formatUs(u.total_us)}`));
    const loss = rows.find((r) => String(r.label).startsWith('nll_loss_forward_reduce_cuda_kernel_2d<'))!;
    expect((loss.tooltip as MarkdownString).value).toContain('void at::native::(anonymous namespace)::nll_loss_forward');
    expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
    expect(provider.getChildren(provider.getChildren(node)[0])).toEqual([]);
  });
});

describe('readable kernel labels', () => {
  const named = (name: string, key = name) => ({ name, key });

  test('short names keep the kind and both ends of the name; the handle when asked', () => {
    expect(kernelShortName(named('extern_kernels.mm', 'extern_kernels.mm:9'), true)).toBe('mm:9');
    expect(kernelShortName(named('torch.ops.aten.convolution_backward.default', 'torch.ops.aten.convolution_backward.default:3'), true)).toBe(
      'convolution_backward:3',
    );
    expect(kernelShortName(named('aoti_torch_cuda_mm_out'))).toBe('mm_out');
    expect(kernelShortName(named('triton_poi_fused_add_addmm_relu_1', 'triton_poi_fused_add_addmm_relu_1:4'))).toBe('poi add_addmm_relu_1');
    expect(kernelShortName(named('cpp_fused_gelu_native_layer_norm_0'))).toBe('cpp gelu_native_layer_norm_0');
    // the case: eight attention kernels that read alike once cut at the end
    const sdpa = kernelShortName(named('triton_poi_fused__scaled_dot_product_efficient_attention_cat_clone_3'));
    expect(sdpa).toBe('poi _scaled_dot_…n_cat_clone_3');
    expect(sdpa.length).toBeLessThanOrEqual(30);
  });

  test('the label names the module where the graph says, else the model line', () => {
    const { kernels } = profileCnn();
    const conv2 = kernels.find((k) => k.key === 'extern_kernels.convolution:4')!;
    expect(conv2.module).toBe('conv2');
    const pool = kernels.find((k) => k.key === 'triton_poi_fused_max_pool2d_with_indices_1:3')!;
    expect(pool.module).toBeNull();
    const roots = buildKernelTree(profileCnn().traces, kernels, 'time');
    const forward = roots[0].children[0].children[0].children;
    const label = (k: Kernel) => toTreeItem(forward.find((n) => n.kernel === k)!).label;
    expect(label(conv2)).toBe('19.7 µs  conv2 · convolution:4');
    expect(label(pool)).toBe('3.6 µs  models.py:41 · poi max_pool2d_with_indices_1');
  });

  test('a tied weight is named with its owner and said to be shared', () => {
    const lmHead = kernel({ name: 'extern_kernels.mm', key: 'extern_kernels.mm:25', kind: 'extern', module: 'transformer.wte', modules: ['transformer.wte'], module_shared: true });
    const item = toTreeItem({ type: 'kernel', kernel: lmHead });
    expect(item.label).toBe('transformer.wte (shared) · mm:25');
    expect((item.tooltip as MarkdownString).value).toContain('a weight shared by several model lines (tied)');
  });
});

describe('the Kernels view sorts by time once a profile is loaded', () => {
  test('by time with a profile, by launches without; a chosen order stays', async () => {
    const cnn = profileCnn();
    const withProfile = new KernelsTreeProvider(async () => cnn);
    await withProfile.refresh();
    expect(withProfile.sortOrder).toBe('time');
    const [trace] = withProfile.getChildren() as TraceNode[];
    const backward = trace.children[0].children[1];
    expect(backward.children[0].kernel.key).toBe('torch.ops.aten.convolution_backward.default:3'); // 93.5 µs, the slowest
    withProfile.setSort('name');
    await withProfile.refresh();
    expect(withProfile.sortOrder).toBe('name');
    const mlp = mlpInfer();
    const without = new KernelsTreeProvider(async () => mlp);
    await without.refresh();
    expect(without.sortOrder).toBe('launches');
  });
});

describe('overlapping refreshes', () => {
  test('an older fetch that finishes last does not replace the newer answer', async () => {
    let release: (v: { traces: TraceInfo[]; kernels: Kernel[] }) => void = () => undefined;
    const slow = new Promise<{ traces: TraceInfo[]; kernels: Kernel[] }>((resolve) => (release = resolve));
    const newer = { traces: [] as TraceInfo[], kernels: [kernel({ name: 'triton_poi_fused_add_0' })] };
    const answers = [slow, Promise.resolve(newer)];
    const provider = new KernelsTreeProvider(() => answers.shift()!);
    const first = provider.refresh();
    await provider.refresh();
    release({ traces: [], kernels: [] });
    await first;
    expect(provider.kernels.map((k) => k.name)).toEqual(['triton_poi_fused_add_0']);
  });
});

describe('Kernels view rows fit ~300 px: essentials first, one module rule, inferred said', () => {
  test('a long module path keeps its last two names; counts and (shared) stay', async () => {
    const { shortModule } = await import('../src/kernels');
    expect(shortModule('model.layers.3.self_attn.q_proj')).toBe('…self_attn.q_proj');
    expect(shortModule('transformer.h.0.mlp')).toBe('transformer.h.0.mlp');
    expect(shortModule('model.decoder.blocks.1.fc_out')).toBe('…blocks.1.fc_out');
    expect(shortModule('bert.encoder.layer.0.attention.self.* (3 modules)')).toBe('…attention.self.* ×3');
    expect(shortModule('transformer.wte (shared)')).toBe('transformer.wte (shared)');
    expect(shortModule('conv1 + bn1')).toBe('conv1 + bn1');
  });

  test('modules: a prefix and a count, never the whole list', async () => {
    const { moduleText } = await import('../src/kernels');
    const many = Array.from({ length: 52 }, (_, i) => `stages.${i}.conv`);
    expect(moduleText({ ...kernel({ name: 'triton_poi_fused_0' }), module: 'stages', modules: many } as Kernel)).toBe('stages.* (52 modules)');
    expect(moduleText({ ...kernel({ name: 'triton_poi_fused_0' }), module: null, modules: ['a', 'b', 'c'] } as unknown as Kernel)).toBe(
      '{a,b,c} (3 modules)',
    );
  });

  test('modules without a common prefix: their pattern, as the server writes it (a BERT backward mm)', async () => {
    const { moduleText } = await import('../src/kernels');
    const layer = (i: number) =>
      ['attention.self.query', 'attention.self.key', 'attention.self.value', 'attention.output.dense', 'intermediate.dense', 'output.dense'].map(
        (m) => `bert.encoder.layer.${i}.${m}`,
      );
    const mods = [...layer(0), ...layer(1), 'bert.pooler.dense', 'classifier'];
    expect(moduleText({ ...kernel({ name: 'mm' }), module: null, modules: mods } as unknown as Kernel)).toBe(
      'bert.encoder.layer.*.attention.self.{query,key,value}, … (14 modules)',
    );
    expect(moduleText({ ...kernel({ name: 'mm' }), module: null, modules: ['stem.0', 'stem.1', 'head.fc'] } as unknown as Kernel)).toBe(
      'stem.*, … (3 modules)',
    );
  });

  test('a kernel whose links were inferred says so in its row', async () => {
    const { kernelDescription } = await import('../src/kernels');
    const k = { ...kernel({ name: 'triton_poi_fused_0' }), provenance: 'inferred' } as Kernel;
    expect(kernelDescription(k).split(' · ')).toContain('inferred');
  });

  test('an ambiguous inferred link says so in the row and in Go to Kernel…', async () => {
    const { kernelDescription, inferredText } = await import('../src/kernels');
    const k = { ...kernel({ name: 'triton_poi_fused_0' }), provenance: 'inferred', confidence: 'ambiguous' } as Kernel;
    expect(kernelDescription(k).split(' · ')).toContain('inferred (ambiguous)');
    expect(inferredText(k)).toBe('inferred links (ambiguous)');
    expect(inferredText({ ...k, confidence: 'inferred' } as Kernel)).toBe('inferred links');
  });
});

describe('a view whose traces count more kernels than its pages hold asks again later', () => {
  test('the answer that agrees is drawn once it comes', async () => {
    vi.useFakeTimers();
    const { traces, kernels } = mlpInfer();
    let calls = 0;
    const provider = new KernelsTreeProvider(async () => {
      calls++;
      return { traces, kernels: calls < 3 ? [] : kernels };
    });
    await provider.refresh();
    expect(provider.kernels).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1600);
    await vi.advanceTimersByTimeAsync(1600);
    expect(calls).toBe(3);
    expect(provider.kernels).toHaveLength(kernels.length);
    await vi.advanceTimersByTimeAsync(5000);
    expect(calls).toBe(3); // agreeing: no more asks
    vi.useRealTimers();
  });
});
