/**
 * Compare with Trace…: another run (the baseline) compared with the traces open here, at the
 * model line. The server computes it (`inductorLens/compare`); this module shows it: a code lens
 * on each compared line (`3 → 2 kernels · 41 µs → 29 µs (-29%)`), a mark in the gutter of changed
 * lines, a hover with the baseline | this-run table, the Changed Lines view sorted by |Δ time|,
 * and Open Kernel Diff (VS Code's diff editor between a kernel's source in each run).
 *
 * The pure parts (`changedRows`, `rowsAt`, `kernelDiffUri`, `parseKernelDiffUri`) are unit-tested.
 */
import * as fs from 'fs';
import * as path from 'path';
import {
  CodeLens,
  EventEmitter,
  Hover,
  MarkdownString,
  Range,
  Uri,
  type CancellationToken,
  type CodeLensProvider,
  type Position,
  type TextDocument,
  type TextDocumentContentProvider,
} from 'vscode';
import type { CompareAnswer, CompareKernelSource, CompareRow } from './protocol';

/** The URI scheme of a kernel's source in one run (read-only text for the diff editor). */
export const KERNEL_DIFF_SCHEME = 'inductor-lens-kernel';

/** The rows worth listing: changed ones, then those whose time moved, by |Δ time| (largest first). */
export function changedRows(answer: CompareAnswer | undefined): CompareRow[] {
  if (!answer) {
    return [];
  }
  const moved = (r: CompareRow) => r.change !== 'same' || (r.delta_us !== null && Math.abs(r.delta_us) > 0);
  const size = (r: CompareRow) => Math.abs(r.delta_us ?? 0);
  return answer.rows
    .filter(moved)
    .sort((a, b) => Number(b.change !== 'same') - Number(a.change !== 'same') || size(b) - size(a) || a.code.localeCompare(b.code));
}

/** The rows placed on a local file (every row with a `path` and `line` there). */
export function rowsAt(answer: CompareAnswer | undefined, filePath: string): CompareRow[] {
  return (answer?.rows ?? []).filter((r) => r.path !== null && r.line !== null && path.resolve(r.path) === path.resolve(filePath));
}

/** A URI that shows lines `start..end` of `file` (a kernel's source in one run's output code). */
export function kernelDiffUri(source: CompareKernelSource, run: string): Uri {
  const query = new URLSearchParams({ path: source.path, start: String(source.start), end: String(source.end) }).toString();
  return Uri.from({ scheme: KERNEL_DIFF_SCHEME, path: `/${run}/${source.name}.py`, query });
}

export function parseKernelDiffUri(uri: Uri): { path: string; start: number; end: number } | undefined {
  const q = new URLSearchParams(uri.query);
  const file = q.get('path');
  const start = Number(q.get('start'));
  const end = Number(q.get('end'));
  return file && start > 0 && end >= start ? { path: file, start, end } : undefined;
}

/** Serves the kernel sources the diff editor shows (lines of an output code on disk; never run). */
export class KernelSourceProvider implements TextDocumentContentProvider {
  provideTextDocumentContent(uri: Uri): string {
    const at = parseKernelDiffUri(uri);
    if (!at) {
      return '';
    }
    try {
      const lines = fs.readFileSync(at.path, 'utf8').split('\n');
      return lines.slice(at.start - 1, at.end).join('\n');
    } catch (err) {
      return `# cannot read ${at.path}: ${err}`;
    }
  }
}

/** Holds the last comparison and tells the lens, hover, gutter and view when it changes. */
export class Comparison {
  private readonly changed = new EventEmitter<void>();
  readonly onDidChange = this.changed.event;
  answer: CompareAnswer | undefined;
  baseline: string[] = [];

  set(answer: CompareAnswer | undefined, baseline: string[]): void {
    this.answer = answer && answer.summary ? answer : undefined;
    this.baseline = this.answer ? baseline : [];
    this.changed.fire();
  }

  dispose(): void {
    this.changed.dispose();
  }
}

function rowRange(row: CompareRow): Range {
  const line = Math.max(0, (row.line ?? 1) - 1);
  return new Range(line, 0, line, 0);
}

export class CompareLensProvider implements CodeLensProvider {
  private readonly changed = new EventEmitter<void>();
  readonly onDidChangeCodeLenses = this.changed.event;

  constructor(private readonly comparison: Comparison) {
    comparison.onDidChange(() => this.changed.fire());
  }

  provideCodeLenses(doc: TextDocument, _token?: CancellationToken): CodeLens[] {
    return rowsAt(this.comparison.answer, doc.uri.fsPath).map((row) => {
      const pair = row.kernels.find((p) => p.a && p.b);
      return new CodeLens(rowRange(row), {
        title: `⇄ ${row.lens}`,
        tooltip: row.words.join('\n') || 'the same kernels in both runs',
        command: pair ? 'inductorLens.openKernelDiff' : '',
        arguments: pair ? [row] : [],
      });
    });
  }
}

/** The comparison's hover of a line (the baseline | this-run table), undefined off compared lines. */
export function compareHover(comparison: Comparison, doc: TextDocument, position: Position): Hover | undefined {
  const row = rowsAt(comparison.answer, doc.uri.fsPath).find((r) => (r.line ?? 0) - 1 === position.line);
  if (!row) {
    return undefined;
  }
  const md = new MarkdownString(row.hover);
  md.supportHtml = true;
  return new Hover(md);
}

/**
 * Puts the comparison first: its lens before the server's lenses of the same line (VS Code joins a
 * line's lenses into one row, in the order they come) and its table before the server's hover. The
 * language client's middleware calls these around the server's answers.
 */
export function withComparisonFirst(comparison: Comparison) {
  const lenses = new CompareLensProvider(comparison);
  return {
    lenses: (doc: TextDocument, theirs: CodeLens[] | null | undefined): CodeLens[] => [...lenses.provideCodeLenses(doc), ...(theirs ?? [])],
    hover: (doc: TextDocument, position: Position, theirs: Hover | null | undefined): Hover | null | undefined => {
      const mine = compareHover(comparison, doc, position);
      if (!mine) {
        return theirs;
      }
      return theirs ? new Hover([...mine.contents, ...theirs.contents], theirs.range) : mine;
    },
  };
}
