/**
 * The Kernels view's model: traces → compiles → graphs → kernels, with measured device time
 * rolled up, built by `buildKernelTree`, a pure function of the server's `inductorLens/traces`
 * and `inductorLens/kernels` answers (unit-tested, no vscode import). `kernelsTree.ts` renders it.
 */
import type { HealthNode } from './healthTree';
import { totalMeasured } from './kernels';
import type { GraphFiles, GraphKind, Kernel, TraceInfo, UnattributedKernel } from './protocol';

/** How kernels are ordered under a graph. */
export type KernelSort = 'launches' | 'time' | 'peak' | 'name';

export interface TraceNode {
  type: 'trace';
  path: string;
  rank: number | null;
  torchVersion: string | null;
  kernelCount: number;
  /** Measured device time of the trace's kernels (µs), null when none is measured. */
  measuredUs: number | null;
  children: CompileNode[];
  /** Shown after the compiles when the trace's profiles have kernels joined to no compiled kernel. */
  unattributed: UnattributedNode | undefined;
  /** Under the time sort: every measured kernel of the trace, forward and backward together, slowest first. */
  slowest?: SlowestNode;
  /** A job of several ranks: the ranks whose compiles and kernels equal this one's, shown under it. */
  identical?: RanksNode;
}

/** "ranks 1–1023: identical to rank 0": the other ranks of a group, each still its own trace node (pick one to see its kernels). */
export interface RanksNode {
  type: 'ranks';
  trace: string;
  ranks: (number | null)[];
  children: TraceNode[];
}

/** "All graphs, slowest first": the time sort across a trace's graphs (forward and backward together). */
export interface SlowestNode {
  type: 'slowest';
  trace: string;
  measuredUs: number;
  children: KernelNode[];
}

export interface CompileNode {
  type: 'compile';
  trace: string;
  compileId: string;
  measuredUs: number | null;
  children: GraphNode[];
}

export interface GraphNode {
  type: 'graph';
  trace: string;
  compileId: string;
  graph: GraphKind;
  /** The graph's extracted files, when the server listed them. */
  files: GraphFiles | undefined;
  /** The server's `measured_us` for the graph, else the sum of its kernels' measured times. */
  measuredUs: number | null;
  children: KernelNode[];
}

export interface KernelNode {
  type: 'kernel';
  kernel: Kernel;
  /**
   * Whether another kernel of the same graph has the same name (Inductor reuses a Triton kernel
   * for identical loops): the label then shows the debug handle, as for extern kernels.
   */
  sharedName?: boolean;
  /** Listed across graphs (under "all graphs, slowest first"): the description names its compile and graph. */
  across?: boolean;
}

/** "Unattributed device kernels": what a trace's profiles measured that no compiled kernel explains. */
export interface UnattributedNode {
  type: 'unattributed';
  trace: string;
  /** Device executions, all kernels together. */
  count: number;
  totalUs: number;
  children: UnattributedKernelNode[];
}

export interface UnattributedKernelNode {
  type: 'unattributedKernel';
  trace: string;
  entry: UnattributedKernel;
  /** Whether the trace's unattributed kernels come from several profiles (the label then names it). */
  severalProfiles: boolean;
}

export type TreeNode =
  | TraceNode
  | CompileNode
  | GraphNode
  | KernelNode
  | SlowestNode
  | RanksNode
  | UnattributedNode
  | UnattributedKernelNode
  | HealthNode;

const GRAPH_ORDER: Record<string, number> = { inference: 0, forward: 1, backward: 2 };

/** Orders compile ids as PyTorch counts them: `0/0` < `0/1` < `0/10` < `1/0_1` < `-`. */
/**
 * A compile's label: its compile id, and the process in a log that several processes wrote (a
 * forked child inherits its parent's trace file: both can have a compile `1/0`).
 */
export function compileLabel(compileId: string, pid?: number | null): string {
  return pid === null || pid === undefined ? compileId : `${compileId} (pid ${pid})`;
}

export function compareCompileIds(a: string, b: string): number {
  return a.localeCompare(b, 'en', { numeric: true });
}

/**
 * A short label for a device kernel's demangled name: no `void`, no parameter list, no namespaces
 * (`void at::native::vectorized_elementwise_kernel<4, at::native::FillFunctor<float>, …>(int, …)`
 * → `vectorized_elementwise_kernel<4, FillFunctor<float>, …>`). Triton names stay as they are.
 */
export function shortKernelName(name: string): string {
  let s = name.trim().replace(/^void\s+/, '');
  if (s.endsWith(')')) {
    let depth = 0;
    for (let i = s.length - 1; i >= 0; i--) {
      if (s[i] === ')') depth++;
      else if (s[i] === '(' && --depth === 0) {
        if (i > 0) s = s.slice(0, i);
        break;
      }
    }
  }
  s = s.replace(/\(anonymous namespace\)::/g, '').replace(/\b[A-Za-z_]\w*::/g, '').trim();
  return s || name;
}

/** The kernel comparator for a sort order; ties fall back to launches, then name. */
export function kernelComparator(sort: KernelSort): (a: Kernel, b: Kernel) => number {
  const byName = (a: Kernel, b: Kernel) => a.name.localeCompare(b.name, 'en', { numeric: true });
  const byLaunches = (a: Kernel, b: Kernel) => b.launches.length - a.launches.length || byName(a, b);
  switch (sort) {
    case 'name':
      return byName;
    case 'time':
      return (a, b) => (b.measured?.total_us ?? -1) - (a.measured?.total_us ?? -1) || byLaunches(a, b);
    case 'peak': {
      // furthest from the device's peak first (the most headroom); kernels with no share of peak last
      const share = (k: Kernel) => k.measured?.peak_fraction ?? Number.POSITIVE_INFINITY;
      return (a, b) => share(a) - share(b) || (b.measured?.total_us ?? -1) - (a.measured?.total_us ?? -1) || byLaunches(a, b);
    }
    case 'launches':
    default:
      return byLaunches;
  }
}

/**
 * Groups kernels under their trace, compile id and graph. Every trace, compile and graph the
 * server listed appears, even without kernels; kernels of a trace or graph it did not list still
 * appear under a node made for them.
 */
export function buildKernelTree(traces: readonly TraceInfo[], kernels: readonly Kernel[], sort: KernelSort): TraceNode[] {
  const traceNodes = new Map<string, TraceNode>();
  const compileNodes = new Map<string, CompileNode>();
  const graphNodes = new Map<string, GraphNode>();

  const traceNode = (tracePath: string, info?: TraceInfo): TraceNode => {
    let node = traceNodes.get(tracePath);
    if (!node) {
      node = {
        type: 'trace',
        path: tracePath,
        rank: info?.rank ?? null,
        torchVersion: info?.torch_version ?? null,
        kernelCount: info?.kernels ?? 0,
        measuredUs: null,
        children: [],
        unattributed: undefined,
      };
      traceNodes.set(tracePath, node);
    }
    return node;
  };
  const compileNode = (tracePath: string, compileId: string): CompileNode => {
    const key = `${tracePath}\0${compileId}`;
    let node = compileNodes.get(key);
    if (!node) {
      node = { type: 'compile', trace: tracePath, compileId, measuredUs: null, children: [] };
      compileNodes.set(key, node);
      traceNode(tracePath).children.push(node);
    }
    return node;
  };
  const graphNode = (tracePath: string, compileId: string, graph: GraphKind, files?: GraphFiles): GraphNode => {
    const key = `${tracePath}\0${compileId}\0${graph}`;
    let node = graphNodes.get(key);
    if (!node) {
      node = { type: 'graph', trace: tracePath, compileId, graph, files, measuredUs: null, children: [] };
      graphNodes.set(key, node);
      compileNode(tracePath, compileId).children.push(node);
    }
    return node;
  };

  for (const info of traces) {
    const trace = traceNode(info.path, info);
    const perProcess = new Set(info.graphs.filter((g) => g.pid !== null && g.pid !== undefined).map((g) => g.compile_id));
    info.compile_ids.filter((id) => !perProcess.has(id)).forEach((id) => compileNode(info.path, id));
    info.graphs.forEach((g) => graphNode(info.path, compileLabel(g.compile_id, g.pid), g.graph, g));
    trace.unattributed = unattributedNode(info.path, info.unattributed ?? [], sort);
  }
  for (const kernel of kernels) {
    graphNode(kernel.trace, compileLabel(kernel.compile_id, kernel.pid), kernel.graph).children.push({ type: 'kernel', kernel });
  }

  const compare = kernelComparator(sort);
  const roots = [...traceNodes.values()];
  for (const trace of roots) {
    trace.children.sort((a, b) => compareCompileIds(a.compileId, b.compileId));
    for (const compile of trace.children) {
      compile.children.sort((a, b) => (GRAPH_ORDER[a.graph] ?? 9) - (GRAPH_ORDER[b.graph] ?? 9));
      for (const graph of compile.children) {
        graph.children.sort((a, b) => compare(a.kernel, b.kernel));
        const names = new Map<string, number>();
        graph.children.forEach((k) => names.set(k.kernel.name, (names.get(k.kernel.name) ?? 0) + 1));
        graph.children.forEach((k) => {
          if ((names.get(k.kernel.name) ?? 0) > 1) k.sharedName = true;
        });
        graph.measuredUs =
          graph.files?.measured_us !== undefined
            ? graph.files.measured_us
            : totalMeasured(graph.children.map((k) => k.kernel.measured?.total_us));
      }
      compile.measuredUs = totalMeasured(compile.children.map((g) => g.measuredUs));
    }
    trace.measuredUs = totalMeasured(trace.children.map((c) => c.measuredUs));
    if (sort === 'time') {
      const measured = trace.children
        .flatMap((c) => c.children.flatMap((g) => g.children))
        .filter((k) => k.kernel.measured != null)
        .sort((a, b) => compare(a.kernel, b.kernel))
        .map((k): KernelNode => ({ ...k, across: true }));
      if (measured.length) {
        trace.slowest = { type: 'slowest', trace: trace.path, measuredUs: trace.measuredUs ?? 0, children: measured };
      }
    }
    trace.kernelCount ||= trace.children.reduce(
      (n, c) => n + c.children.reduce((m, g) => m + g.children.length, 0),
      0,
    );
  }
  const byRank = (a: TraceNode, b: TraceNode) => (a.rank ?? -1) - (b.rank ?? -1) || a.path.localeCompare(b.path);
  // a job of many ranks: each group of identical ranks shown once, its other ranks under its first
  const sameAs = new Map(traces.filter((t) => t.same_as && traceNodes.has(t.same_as)).map((t) => [t.path, t.same_as as string]));
  for (const [follower, leader] of sameAs) {
    const head = traceNodes.get(leader) as TraceNode;
    const node = traceNodes.get(follower) as TraceNode;
    head.identical ??= { type: 'ranks', trace: head.path, ranks: [], children: [] };
    head.identical.children.push(node);
  }
  for (const head of roots) {
    if (head.identical) {
      head.identical.children.sort(byRank);
      head.identical.ranks = head.identical.children.map((t) => t.rank);
    }
  }
  return roots.filter((t) => !sameAs.has(t.path)).sort(byRank);
}

/** The unattributed kernels of a trace, slowest first (by name under the name sort); none: undefined. */
function unattributedNode(
  tracePath: string,
  entries: readonly UnattributedKernel[],
  sort: KernelSort,
): UnattributedNode | undefined {
  if (!entries.length) {
    return undefined;
  }
  const severalProfiles = new Set(entries.map((e) => e.profile)).size > 1;
  const children: UnattributedKernelNode[] = entries.map((entry) => ({
    type: 'unattributedKernel',
    trace: tracePath,
    entry,
    severalProfiles,
  }));
  const byName = (a: UnattributedKernelNode, b: UnattributedKernelNode) =>
    shortKernelName(a.entry.name).localeCompare(shortKernelName(b.entry.name), 'en', { numeric: true });
  children.sort(sort === 'name' ? byName : (a, b) => b.entry.total_us - a.entry.total_us || byName(a, b));
  return {
    type: 'unattributed',
    trace: tracePath,
    count: entries.reduce((n, e) => n + e.count, 0),
    totalUs: entries.reduce((t, e) => t + e.total_us, 0),
    children,
  };
}
