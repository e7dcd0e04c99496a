/**
 * The Kernels view: traces → compiles → graphs → kernels.
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
import { kernelDescription, kernelTooltip } from './kernels';
import type { GraphFiles, GraphKind, Kernel, TraceInfo } from './protocol';

/** How kernels are ordered under a graph. */
export type KernelSort = 'launches' | 'time' | 'name';

export interface TraceNode {
  type: 'trace';
  path: string;
  rank: number | null;
  torchVersion: string | null;
  kernelCount: number;
  children: CompileNode[];
}

export interface CompileNode {
  type: 'compile';
  trace: string;
  compileId: string;
  children: GraphNode[];
}

export interface GraphNode {
  type: 'graph';
  trace: string;
  compileId: string;
  graph: GraphKind;
  /** The graph's extracted files, when the server listed them. */
  files: GraphFiles | undefined;
  children: KernelNode[];
}

export interface KernelNode {
  type: 'kernel';
  kernel: Kernel;
}

export type TreeNode = TraceNode | CompileNode | GraphNode | KernelNode;

const GRAPH_ORDER: Record<string, number> = { inference: 0, forward: 1, backward: 2 };

/** Orders compile ids as PyTorch counts them: `0/0` < `0/1` < `0/10` < `1/0_1` < `-`. */
export function compareCompileIds(a: string, b: string): number {
  return a.localeCompare(b, 'en', { numeric: true });
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
        children: [],
      };
      traceNodes.set(tracePath, node);
    }
    return node;
  };
  const compileNode = (tracePath: string, compileId: string): CompileNode => {
    const key = `${tracePath}\0${compileId}`;
    let node = compileNodes.get(key);
    if (!node) {
      node = { type: 'compile', trace: tracePath, compileId, children: [] };
      compileNodes.set(key, node);
      traceNode(tracePath).children.push(node);
    }
    return node;
  };
  const graphNode = (tracePath: string, compileId: string, graph: GraphKind, files?: GraphFiles): GraphNode => {
    const key = `${tracePath}\0${compileId}\0${graph}`;
    let node = graphNodes.get(key);
    if (!node) {
      node = { type: 'graph', trace: tracePath, compileId, graph, files, children: [] };
      graphNodes.set(key, node);
      compileNode(tracePath, compileId).children.push(node);
    }
    return node;
  };

  for (const info of traces) {
    traceNode(info.path, info);
    info.compile_ids.forEach((id) => compileNode(info.path, id));
    info.graphs.forEach((g) => graphNode(info.path, g.compile_id, g.graph, g));
  }
  for (const kernel of kernels) {
    graphNode(kernel.trace, kernel.compile_id, kernel.graph).children.push({ type: 'kernel', kernel });
  }

  const compare = kernelComparator(sort);
  const roots = [...traceNodes.values()];
  for (const trace of roots) {
    trace.children.sort((a, b) => compareCompileIds(a.compileId, b.compileId));
    for (const compile of trace.children) {
      compile.children.sort((a, b) => (GRAPH_ORDER[a.graph] ?? 9) - (GRAPH_ORDER[b.graph] ?? 9));
      compile.children.forEach((g) => g.children.sort((a, b) => compare(a.kernel, b.kernel)));
    }
    trace.kernelCount ||= trace.children.reduce(
      (n, c) => n + c.children.reduce((m, g) => m + g.children.length, 0),
      0,
    );
  }
  return roots.sort((a, b) => (a.rank ?? -1) - (b.rank ?? -1) || a.path.localeCompare(b.path));
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

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
    case 'trace': {
      const item = new TreeItem(path.basename(node.path), TreeItemCollapsibleState.Expanded);
      const parts = [plural(node.kernelCount, 'kernel')];
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
      item.description = node.children.map((g) => g.graph).join(', ');
      item.iconPath = new ThemeIcon('symbol-namespace');
      item.contextValue = 'compile';
      return item;
    }
    case 'graph': {
      const item = new TreeItem(
        `${node.graph} graph`,
        node.children.length ? TreeItemCollapsibleState.Expanded : TreeItemCollapsibleState.None,
      );
      item.description = plural(node.children.length, 'kernel');
      item.iconPath = new ThemeIcon('type-hierarchy');
      item.contextValue = 'graph';
      if (node.files) {
        item.tooltip = `output code: ${node.files.output_code}`;
        item.command = openAt(node.files.output_code, 1, 'Open Output Code');
      }
      return item;
    }
    case 'kernel': {
      const kernel = node.kernel;
      // Extern kernels share their name (extern_kernels.mm): their debug handle tells them apart.
      const extern = kernel.kind === 'extern' || kernel.kind === 'fallback';
      const item = new TreeItem(extern ? kernel.key : kernel.name, TreeItemCollapsibleState.None);
      item.id = `${kernel.trace}\0${kernel.compile_id}\0${kernel.graph}\0${kernel.key}`;
      item.description = kernelDescription(kernel);
      item.tooltip = new MarkdownString(kernelTooltip(kernel));
      item.iconPath = new ThemeIcon(extern ? 'library' : 'symbol-event');
      item.contextValue = 'kernel';
      if (kernel.definition) {
        item.command = openAt(kernel.definition.path, kernel.definition.line, 'Open Kernel');
      }
      return item;
    }
  }
}

/** What the view shows, fetched from the server. */
export interface KernelData {
  traces: TraceInfo[];
  kernels: Kernel[];
}

/** TreeDataProvider over the last fetched data; `refresh()` re-fetches. */
export class KernelsTreeProvider implements TreeDataProvider<TreeNode> {
  private roots: TraceNode[] = [];
  private data: KernelData = { traces: [], kernels: [] };
  private sort: KernelSort = 'launches';
  private readonly changed = new EventEmitter<TreeNode | undefined>();
  readonly onDidChangeTreeData = this.changed.event;

  constructor(private readonly fetch: () => Promise<KernelData>) {}

  /** Fetches traces and kernels again and redraws the view. */
  async refresh(): Promise<void> {
    this.data = await this.fetch();
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

  get sortOrder(): KernelSort {
    return this.sort;
  }

  setSort(sort: KernelSort): void {
    this.sort = sort;
    this.rebuild();
  }

  private rebuild(): void {
    this.roots = buildKernelTree(this.data.traces, this.data.kernels, this.sort);
    this.changed.fire(undefined);
  }

  getChildren(node?: TreeNode): TreeNode[] {
    if (!node) {
      return this.roots;
    }
    return node.type === 'kernel' ? [] : node.children;
  }

  getTreeItem(node: TreeNode): TreeItem {
    return toTreeItem(node);
  }

  dispose(): void {
    this.changed.dispose();
  }
}
