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
import { buildHealthTree, type HealthRootNode, type HealthSort, healthTreeItem } from './healthTree';
import { formatUs, kernelDescription, kernelLabel, kernelTooltip, plural, rankList, totalMeasured, traceLabel } from './kernels';
import type { CompilesAnswer, Kernel, TraceInfo } from './protocol';
import {
  buildKernelTree,
  compileLabel,
  type KernelSort,
  shortKernelName,
  type CompileNode,
  type GraphNode,
  type TraceNode,
  type TreeNode,
} from './kernelTreeModel';

export * from './kernelTreeModel';

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

/**
 * The tree item id of a trace, compile or graph node: its place (trace path, compile id, graph)
 * and what it holds (compiles, graphs, kernels under it). A node whose content changed is a new
 * element to VS Code: a trace first drawn from a log still being written (no compiles yet, so
 * drawn open with nothing under it) was kept as that childless element by a later refresh that
 * brought its kernels (seen on CI after Capture Trace…: "2 kernels" and nothing under it).
 */
export function nodeId(node: TraceNode | CompileNode | GraphNode): string {
  const graphs = (c: CompileNode) => c.children.map((g) => `${g.graph}:${g.children.length}`).join(',');
  switch (node.type) {
    case 'trace':
      return ['trace', node.path, node.kernelCount, node.children.map((c) => `${c.compileId}(${graphs(c)})`).join(';')].join('\0');
    case 'compile':
      return ['compile', node.trace, node.compileId, graphs(node)].join('\0');
    case 'graph':
      return ['graph', node.trace, node.compileId, node.graph, node.children.length].join('\0');
  }
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
      const item = new TreeItem(traceLabel(node.path), TreeItemCollapsibleState.Expanded);
      item.id = nodeId(node);
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
    case 'ranks': {
      // the other ranks of a group: collapsed, each its own trace (expand one to see that rank's kernels)
      const n = node.children.length;
      const item = new TreeItem(`${n === 1 ? 'rank' : 'ranks'} ${rankList(node.ranks)}`, TreeItemCollapsibleState.Collapsed);
      item.description = `identical to this rank: the same compiles and kernels`;
      item.tooltip = `${n} more ${n === 1 ? 'rank' : 'ranks'} compiled exactly as this one (inductor-lens report prints the differences between groups)`;
      item.iconPath = new ThemeIcon('layers');
      item.contextValue = 'ranks';
      return item;
    }
    case 'compile': {
      const item = new TreeItem(`compile ${node.compileId}`, TreeItemCollapsibleState.Expanded);
      item.id = nodeId(node);
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
      item.id = nodeId(node);
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
      item.description = node.across
        ? `${compileLabel(kernel.compile_id, kernel.pid)} ${kernel.graph} · ${kernelDescription(kernel)}`
        : kernelDescription(kernel);
      if (node.across) item.id += '\0across';
      item.tooltip = new MarkdownString(kernelTooltip(kernel));
      item.iconPath = new ThemeIcon(extern ? 'library' : 'symbol-event');
      item.contextValue = 'kernel';
      if (kernel.definition) {
        item.command = openAt(kernel.definition.path, kernel.definition.line, 'Open Kernel');
      }
      return item;
    }
    case 'slowest': {
      const item = new TreeItem('all graphs, slowest first', TreeItemCollapsibleState.Collapsed);
      item.description = `${plural(node.children.length, 'kernel')} · ${formatUs(node.measuredUs)}`;
      item.tooltip = 'Every measured kernel of this trace, forward and backward graphs together, by measured time (Sort Kernels… changes the order)';
      item.iconPath = new ThemeIcon('flame');
      item.contextValue = 'slowest';
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

/** How often, and how far apart, the view asks again while traces and kernel pages disagree. */
const LATE_RETRIES = 8;
const LATE_RETRY_MS = 1500;

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

  /** Refreshes started so far: only the newest one's answer is drawn. */
  private fetches = 0;
  /** Later refreshes asked for while the traces and kernel pages disagree (reset when they agree). */
  private lateRetries = 0;

  /**
   * Fetches traces and kernels again and redraws the view. Refreshes overlap (a capture's and the
   * server's `ready` both ask): an older one that finishes last is dropped, or its traces without
   * their kernels would replace the newer answer (a trace row expanded with nothing under it).
   */
  async refresh(): Promise<void> {
    const mine = ++this.fetches;
    const data = await this.fetch();
    if (mine !== this.fetches) {
      return;
    }
    this.data = data;
    // traces that count more kernels than the pages held (a snapshot swapped between the two
    // requests, for longer than fetchConsistent waited): ask again a little later, a few times
    const short = data.traces.reduce((n, t) => n + (t.kernels ?? 0), 0) > data.kernels.length;
    if (short && this.lateRetries < LATE_RETRIES) {
      this.lateRetries++;
      setTimeout(() => void this.refresh().catch(() => undefined), LATE_RETRY_MS);
    } else if (!short) {
      this.lateRetries = 0;
    }
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
    const sameAs = new Map(this.data.traces.filter((t) => t.same_as).map((t) => [t.path, t.same_as as string]));
    this.healthRoot = this.data.health ? buildHealthTree(this.data.health, this.healthSort, sameAs) : undefined;
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
        return [
          ...(node.slowest ? [node.slowest] : []),
          ...node.children,
          ...(node.unattributed ? [node.unattributed] : []),
          ...(node.identical ? [node.identical] : []),
        ];
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
