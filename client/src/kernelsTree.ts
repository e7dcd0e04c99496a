/**
 * The Kernels view: traces → compiles → graphs → kernels, with the measured device time of each
 * (from torch.profiler traces) rolled up to graphs, compiles and traces, and under each trace the
 * device kernels its profiles could not join to a compiled kernel (listed, not hidden).
 *
 * `buildKernelTree` is a pure function of the server's `inductorLens/traces` and
 * `inductorLens/kernels` answers (unit-tested); `KernelsTreeProvider` only fetches, caches and
 * renders it.
 */
import * as path from 'path';
import {
  EventEmitter,
  MarkdownString,
  Range,
  ThemeIcon,
  TreeItem,
  TreeItemCollapsibleState,
  Uri,
  type TreeDataProvider,
} from 'vscode';
import { buildHealthTree, type HealthNode, type HealthRootNode, type HealthSort, healthTreeItem } from './healthTree';
import { formatUs, kernelDescription, kernelLabel, kernelTooltip, plural, totalMeasured } from './kernels';
import type { CompilesAnswer, GraphFiles, GraphKind, Kernel, TraceInfo, UnattributedKernel } from './protocol';

/** How kernels are ordered under a graph. */
export type KernelSort = 'launches' | 'time' | 'name';

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
    trace.kernelCount ||= trace.children.reduce(
      (n, c) => n + c.children.reduce((m, g) => m + g.children.length, 0),
      0,
    );
  }
  return roots.sort((a, b) => (a.rank ?? -1) - (b.rank ?? -1) || a.path.localeCompare(b.path));
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

/** `3 runs · 10.6 µs`-style suffix parts for a rolled-up time. */
const withTime = (parts: string[], us: number | null) => (us === null ? parts : [...parts, formatUs(us)]);

/** The command that opens a file at a 1-based line. */
function openAt(filePath: string, line: number, title: string) {
  const position = Math.max(0, line - 1);
  return {
    command: 'vscode.open',
    title,
    arguments: [Uri.file(filePath), { selection: new Range(position, 0, position, 0) }],
  };
}

/** Renders one node. */
export function toTreeItem(node: TreeNode): TreeItem {
  switch (node.type) {
    case 'health':
    case 'healthTrace':
    case 'healthFunction':
    case 'healthEvent':
      return healthTreeItem(node);
    case 'trace': {
      const item = new TreeItem(path.basename(node.path), TreeItemCollapsibleState.Expanded);
      const parts = withTime([plural(node.kernelCount, 'kernel')], node.measuredUs);
      if (node.rank !== null) parts.unshift(`rank ${node.rank}`);
      if (node.torchVersion) parts.push(`torch ${node.torchVersion}`);
      item.description = parts.join(' · ');
      item.tooltip = node.path;
      item.iconPath = new ThemeIcon('output');
      item.contextValue = 'trace';
      item.resourceUri = Uri.file(node.path);
      return item;
    }
    case 'compile': {
      const item = new TreeItem(`compile ${node.compileId}`, TreeItemCollapsibleState.Expanded);
      item.description = withTime([node.children.map((g) => g.graph).join(', ')], node.measuredUs)
        .filter(Boolean)
        .join(' · ');
      item.iconPath = new ThemeIcon('symbol-namespace');
      item.contextValue = 'compile';
      return item;
    }
    case 'graph': {
      const item = new TreeItem(
        `${node.graph} graph`,
        node.children.length ? TreeItemCollapsibleState.Expanded : TreeItemCollapsibleState.None,
      );
      item.description = withTime([plural(node.children.length, 'kernel')], node.measuredUs).join(' · ');
      if (node.measuredUs !== null) {
        item.tooltip = `measured device time of the graph's kernels: ${formatUs(node.measuredUs)}`;
      }
      item.iconPath = new ThemeIcon('type-hierarchy');
      item.contextValue = 'graph';
      if (node.files) {
        item.tooltip = [`output code: ${node.files.output_code}`, item.tooltip].filter(Boolean).join('\n');
        item.command = openAt(node.files.output_code, 1, 'Open Output Code');
      }
      return item;
    }
    case 'kernel': {
      const kernel = node.kernel;
      // Extern kernels share their name (extern_kernels.mm), and so does a Triton kernel launched
      // twice: their debug handle tells them apart.
      const extern = kernel.kind === 'extern' || kernel.kind === 'fallback';
      const item = new TreeItem(kernelLabel(kernel, extern || !!node.sharedName), TreeItemCollapsibleState.None);
      item.id = `${kernel.trace}\0${compileLabel(kernel.compile_id, kernel.pid)}\0${kernel.graph}\0${kernel.key}`;
      item.description = kernelDescription(kernel);
      item.tooltip = new MarkdownString(kernelTooltip(kernel));
      item.iconPath = new ThemeIcon(extern ? 'library' : 'symbol-event');
      item.contextValue = 'kernel';
      if (kernel.definition) {
        item.command = openAt(kernel.definition.path, kernel.definition.line, 'Open Kernel');
      }
      return item;
    }
    case 'unattributed': {
      const item = new TreeItem('Unattributed device kernels', TreeItemCollapsibleState.Collapsed);
      item.id = `${node.trace}\0unattributed`;
      item.description = [
        plural(node.children.length, 'kernel'),
        plural(node.count, 'run'),
        formatUs(node.totalUs),
      ].join(' · ');
      const profiles = [...new Set(node.children.map((c) => c.entry.profile))];
      item.tooltip = new MarkdownString(
        [
          `Device kernels of ${profiles.length === 1 ? 'the profile' : 'the profiles'} joined to no compiled kernel ` +
            '(eager operators, the optimizer step, …): ' +
            `${plural(node.count, 'run')}, ${formatUs(node.totalUs)} of device time.`,
          '',
          ...profiles.map((p) => `- \`${p}\``),
        ].join('\n'),
      );
      item.iconPath = new ThemeIcon('question');
      item.contextValue = 'unattributed';
      return item;
    }
    case 'unattributedKernel': {
      const { entry } = node;
      const item = new TreeItem(shortKernelName(entry.name), TreeItemCollapsibleState.None);
      item.id = `${node.trace}\0unattributed\0${entry.profile}\0${entry.name}`;
      const parts = [plural(entry.count, 'run'), formatUs(entry.total_us)];
      if (node.severalProfiles) parts.push(path.basename(entry.profile));
      item.description = parts.join(' · ');
      item.tooltip = new MarkdownString(
        [
          '```',
          entry.name,
          '```',
          '',
          `${plural(entry.count, 'run')} · ${formatUs(entry.total_us)} device time` +
            ` (${formatUs(entry.total_us / Math.max(1, entry.count))} each), joined to no compiled kernel`,
          '',
          `profile: \`${entry.profile}\``,
        ].join('\n'),
      );
      item.iconPath = new ThemeIcon('circle-outline');
      item.contextValue = 'unattributedKernel';
      return item;
    }
  }
}

/** What the view shows, fetched from the server. */
export interface KernelData {
  traces: TraceInfo[];
  kernels: Kernel[];
  /** `inductorLens/compiles`: shown first, as the Compile health node. */
  health?: CompilesAnswer;
}

/** TreeDataProvider over the last fetched data; `refresh()` re-fetches. */
export class KernelsTreeProvider implements TreeDataProvider<TreeNode> {
  private roots: TraceNode[] = [];
  private healthRoot: HealthRootNode | undefined;
  private data: KernelData = { traces: [], kernels: [] };
  private sort: KernelSort = 'launches';
  /** Whether the user chose the order (Sort Kernels…); until then it is by time once a profile is loaded. */
  private sortChosen = false;
  private healthSort: HealthSort = 'time';
  private readonly changed = new EventEmitter<TreeNode | undefined>();
  readonly onDidChangeTreeData = this.changed.event;

  constructor(private readonly fetch: () => Promise<KernelData>) {}

  /** Fetches traces and kernels again and redraws the view. */
  async refresh(): Promise<void> {
    this.data = await this.fetch();
    if (!this.sortChosen) {
      this.sort = this.hasMeasurements ? 'time' : 'launches';
    }
    this.rebuild();
  }

  /** Every kernel of the last fetch (for Go to Kernel…). */
  get kernels(): readonly Kernel[] {
    return this.data.kernels;
  }

  get traces(): readonly TraceInfo[] {
    return this.data.traces;
  }

  /** Whether any kernel has a measured time (from a profile), so sorting by time means something. */
  get hasMeasurements(): boolean {
    return this.data.kernels.some((k) => k.measured != null);
  }

  /** Measured device time of every kernel together (µs), null when none is measured. */
  get measuredTotalUs(): number | null {
    return totalMeasured(this.data.kernels.map((k) => k.measured?.total_us));
  }

  get sortOrder(): KernelSort {
    return this.sort;
  }

  setSort(sort: KernelSort): void {
    this.sort = sort;
    this.sortChosen = true;
    this.rebuild();
  }

  get healthSortOrder(): HealthSort {
    return this.healthSort;
  }

  /** Orders the Compile health node's traces and compiled functions. */
  setHealthSort(sort: HealthSort): void {
    this.healthSort = sort;
    this.rebuild();
  }

  /** The Compile health node of the last fetch (undefined when no trace has compile records). */
  get health(): HealthRootNode | undefined {
    return this.healthRoot;
  }

  private rebuild(): void {
    this.roots = buildKernelTree(this.data.traces, this.data.kernels, this.sort);
    this.healthRoot = this.data.health ? buildHealthTree(this.data.health, this.healthSort) : undefined;
    this.changed.fire(undefined);
  }

  getChildren(node?: TreeNode): TreeNode[] {
    if (!node) {
      return this.healthRoot ? [this.healthRoot, ...this.roots] : this.roots;
    }
    switch (node.type) {
      case 'healthEvent':
        return [];
      case 'trace':
        return node.unattributed ? [...node.children, node.unattributed] : node.children;
      case 'kernel':
      case 'unattributedKernel':
        return [];
      default:
        return node.children;
    }
  }

  getTreeItem(node: TreeNode): TreeItem {
    return toTreeItem(node);
  }

  dispose(): void {
    this.changed.dispose();
  }
}
