/**
 * The Changed Lines view of Compare with Trace…: the wall-clock headline in the view's message
 * (it wraps at any side-bar width), then the causes ranked by the server (the first three shown,
 * the rest in a collapsed group), then the compared lines that changed or moved in time.
 *
 * Each item puts what tells it apart first (the signed time, then the place) so that the default
 * 300 px side bar does not cut it; the code, the message and the whole hover go to the
 * description and the tooltip. The pure parts (`causeLabel`, `rowLabel`, `viewNodes`,
 * `timeMoves`, `summaryText`) are unit-tested.
 */
import * as path from 'path';
import { EventEmitter, MarkdownString, Range, ThemeColor, ThemeIcon, TreeItem, TreeItemCollapsibleState, Uri, type TreeDataProvider } from 'vscode';
import { changedRows, type Comparison } from './compare';
import { formatUs } from './kernels';
import type { CompareAnswer, CompareCause, CompareRow } from './protocol';

/** How many causes the view shows before "N more causes". */
export const CAUSES_SHOWN = 3;

/** What a cause's kind is called in the view (the server's `kind`, `analysis/causes.py`). */
const KIND_WORDS: Record<string, string> = {
  kernel: 'compiled',
  eager: 'eager',
  host: 'host',
  sync: 'syncs',
  break: 'graph break',
  recompile: 'recompiles',
  option: 'option',
  unplaced: 'unplaced',
};

/** `+0.69 ms`, `−42.7 µs`: a signed time (µs in, the unit chosen by `formatUs`). */
export function signedUs(us: number): string {
  return `${us >= 0 ? '+' : '−'}${formatUs(Math.abs(us))}`;
}

export interface ItemText {
  label: string;
  description: string;
  tooltip: string;
}

/** A cause's item: `+0.69 ms train.py:43` | `compiled · y = F.scaled_dot…` (the message in the tooltip). */
export function causeLabel(c: CompareCause): ItemText {
  const kind = KIND_WORDS[c.kind] ?? c.kind;
  const where = c.file ? `${path.basename(c.file)}:${c.line ?? '-'}` : kind;
  const amount = c.kind === 'option' && !c.delta_us ? '' : `${signedUs(c.delta_us)} `;
  const code = c.code ? `\n\n${c.code}` : '';
  return {
    label: `${amount}${where}`,
    description: c.file ? `${kind} · ${c.code ?? ''}` : c.message,
    tooltip: `${c.message}${code}`,
  };
}

/** The line a row's compiled time moved by per step: `more`, `less` (over 5% and 1 µs), or undefined. */
export function timeMove(row: CompareRow): 'more' | 'less' | undefined {
  return row.moved ?? undefined;
}

/** A row's item: `+3.4 ms train.py:43` | `same kernels · y = F.scaled_dot…` (the hover in the tooltip). */
export function rowLabel(row: CompareRow): ItemText {
  const delta = row.delta_us === null ? '' : `${signedUs(row.delta_us)} `;
  const move = row.change === 'same' && timeMove(row) ? `time ${timeMove(row)} · ` : '';
  const change = { added: 'new', removed: 'gone', changed: 'changed', same: 'same kernels' }[row.change];
  return {
    label: `${delta}${row.file}:${row.line ?? '-'}`,
    description: `${change} · ${move}${row.code}`,
    tooltip: row.hover,
  };
}

/** `; 10 take more time, 0 less (by over 5%)`: the rows whose time moved ('' when none did). */
export function timeMoves(answer: CompareAnswer | undefined): string {
  const rows = answer?.rows ?? [];
  const more = rows.filter((r) => timeMove(r) === 'more').length;
  const less = rows.filter((r) => timeMove(r) === 'less').length;
  return more || less ? `; ${more} take more time per step, ${less} less (by over 5%)` : '';
}

/** The sentence after Compare: lines whose kernels changed, lines whose time moved, the wall clock. */
export function summaryText(answer: CompareAnswer | undefined): string {
  const s = answer?.summary;
  if (!s) {
    return 'no comparison';
  }
  const changed = s.added + s.removed + s.changed;
  const kernels = `${changed} of ${s.lines} model lines changed kernels (${s.added} new, ${s.removed} gone, ${s.changed} other kernels)`;
  return `${kernels}${timeMoves(answer)}${answer?.headline ? `. ${answer.headline}` : ''}`;
}

export type ViewNode =
  | { kind: 'cause'; cause: CompareCause }
  | { kind: 'moreCauses'; causes: CompareCause[] }
  | { kind: 'lines'; rows: CompareRow[] }
  | { kind: 'row'; row: CompareRow };

/** The view's top: the first causes, the rest grouped, then the lines (causes before lines). */
export function viewNodes(answer: CompareAnswer | undefined): ViewNode[] {
  if (!answer) {
    return [];
  }
  const causes = answer.causes ?? [];
  const nodes: ViewNode[] = causes.slice(0, CAUSES_SHOWN).map((cause) => ({ kind: 'cause', cause }));
  if (causes.length > CAUSES_SHOWN) {
    nodes.push({ kind: 'moreCauses', causes: causes.slice(CAUSES_SHOWN) });
  }
  const rows = changedRows(answer);
  if (rows.length) {
    nodes.push({ kind: 'lines', rows });
  }
  return nodes;
}

function rowRange(row: CompareRow): Range {
  const line = Math.max(0, (row.line ?? 1) - 1);
  return new Range(line, 0, line, 0);
}

function rowIcon(row: CompareRow): ThemeIcon {
  const moved = row.change === 'same' && timeMove(row);
  const name = { added: 'diff-added', removed: 'diff-removed', changed: 'diff-modified', same: moved ? 'clock' : 'watch' }[row.change];
  return new ThemeIcon(name, new ThemeColor(row.change === 'same' && !moved ? 'foreground' : 'editorWarning.foreground'));
}

/** The Changed Lines view (see the module docstring). */
export class ChangedLinesProvider implements TreeDataProvider<ViewNode> {
  private readonly changed = new EventEmitter<ViewNode | undefined | void>();
  readonly onDidChangeTreeData = this.changed.event;

  constructor(private readonly comparison: Comparison) {
    comparison.onDidChange(() => this.changed.fire());
  }

  /** The view's message: the wall-clock headline (wrapped by VS Code), else the summary. */
  message(): string | undefined {
    const answer = this.comparison.answer;
    return answer ? (answer.headline ?? summaryText(answer)) : undefined;
  }

  getChildren(element?: ViewNode): ViewNode[] {
    if (!element) {
      return viewNodes(this.comparison.answer);
    }
    if (element.kind === 'moreCauses') {
      return element.causes.map((cause) => ({ kind: 'cause', cause }));
    }
    return element.kind === 'lines' ? element.rows.map((row) => ({ kind: 'row', row })) : [];
  }

  getTreeItem(node: ViewNode): TreeItem {
    if (node.kind === 'moreCauses') {
      return new TreeItem(`${node.causes.length} more causes`, TreeItemCollapsibleState.Collapsed);
    }
    if (node.kind === 'lines') {
      const item = new TreeItem(`Lines (${node.rows.length})`, TreeItemCollapsibleState.Expanded);
      item.description = timeMoves(this.comparison.answer).replace(/^; /, '');
      return item;
    }
    const text = node.kind === 'cause' ? causeLabel(node.cause) : rowLabel(node.row);
    const item = new TreeItem(text.label, TreeItemCollapsibleState.None);
    item.description = text.description;
    item.tooltip = new MarkdownString(text.tooltip);
    if (node.kind === 'cause') {
      item.iconPath = new ThemeIcon(node.cause.delta_us > 0 ? 'arrow-up' : node.cause.delta_us < 0 ? 'arrow-down' : 'circle-small');
      const row = node.cause.file ? this.comparison.answer?.rows.find((r) => r.file === path.basename(node.cause.file!) && r.code === node.cause.code) : undefined;
      if (row?.path && row.line) {
        item.command = { command: 'vscode.open', title: 'Open', arguments: [Uri.file(row.path), { selection: rowRange(row) }] };
      }
      return item;
    }
    const row = node.row;
    item.iconPath = rowIcon(row);
    if (row.path && row.line) {
      item.command = { command: 'vscode.open', title: 'Open', arguments: [Uri.file(row.path), { selection: rowRange(row) }] };
    }
    return item;
  }
}
