import { describe, expect, test, vi } from 'vitest';
import { MarkdownString, TreeItemCollapsibleState, Uri } from 'vscode';
import { kernelPickItem } from '../src/kernels';
import {
  buildKernelTree,
  compareCompileIds,
  type GraphNode,
  type KernelNode,
  KernelsTreeProvider,
  toTreeItem,
} from '../src/kernelsTree';
import type { TraceInfo } from '../src/protocol';
import { kernel, mlpInfer } from './helpers';

const names = (graph: GraphNode) => graph.children.map((k: KernelNode) => k.kernel.name);

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
    expect(item.label).toBe('triton_per_fused_addmm_gelu_native_layer_norm_0');
    expect(item.description).toBe('persistent_reduction · 1 launch · models.py:25 +2');
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
    expect(item.label).toBe('extern_kernels.mm:1');
    expect(item.description).toBe('extern · 1 launch · models.py:23');
  });

  test('trace, compile and graph items', () => {
    const trace = toTreeItem(roots[0]);
    expect(trace.label).toBe('dedicated_log_torch_trace_332mjnat.log');
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
      detail: 'models.py:27  return torch.relu(y + x) · compile 0/0 inference graph · 1 launch',
    });
  });
});

describe('buildKernelTree grouping and sorting', () => {
  const launches = (n: number) => Array.from({ length: n }, (_, i) => ({ path: '/c.py', line: i + 1 }));
  const kernels = [
    kernel({ name: 'a', launches: launches(1), measured: { runs: 3, total_us: 90, mean_us: 30 } }),
    kernel({ name: 'b', launches: launches(5), measured: { runs: 3, total_us: 30, mean_us: 10 } }),
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
    provider.setSort('name');
    expect(provider.sortOrder).toBe('name');
    expect(changed).toHaveBeenCalledTimes(2);
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
