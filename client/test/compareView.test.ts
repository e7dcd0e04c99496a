/**
 * The Changed Lines view and the comparison put first (issues 46 and 50 items 1, 2), on the
 * editor's real compare answer of the round-45 H100 pair tf_plain -> tf_bs (batch 16 -> 32: the
 * same kernels, each line's compiled time up 50-90% per step), written by the server's
 * lsp/features/compare.py (client/test/fixtures/tf_bs.compare.json).
 */
import * as fs from 'fs';
import * as path from 'path';
import { describe, expect, test } from 'vitest';
import { CodeLens, Hover, MarkdownString, Range } from 'vscode';
import { Comparison, withComparisonFirst } from '../src/compare';
import { causeLabel, rowLabel, summaryText, viewNodes } from '../src/compareView';
import type { CompareAnswer } from '../src/protocol';

const answer: CompareAnswer = JSON.parse(fs.readFileSync(path.join(__dirname, 'fixtures', 'tf_bs.compare.json'), 'utf8'));
/** About what the default 300 px side bar shows of a label beside its icon (13 px font, ~7 px a character). */
const FITS = 34;

describe('Changed Lines', () => {
  test('causes before lines: the first three causes, the rest grouped, then the lines', () => {
    const nodes = viewNodes(answer);
    expect(nodes.map((n) => n.kind)).toEqual(['cause', 'cause', 'cause', 'moreCauses', 'lines']);
    const causes = answer.causes!;
    expect(nodes.slice(0, 3).map((n) => n.kind === 'cause' && n.cause)).toEqual(causes.slice(0, 3));
    expect(nodes[3].kind === 'moreCauses' && nodes[3].causes.length).toBe(causes.length - 3);
  });

  test('a cause reads amount and place first, short enough for 300 px', () => {
    const first = causeLabel(answer.causes![0]);
    expect(first.label).toBe('+688 µs train.py:43');
    expect(first.description).toContain('compiled · y = F.scaled_dot_product_attention');
    for (const c of answer.causes!) {
      expect(causeLabel(c).label.length).toBeLessThanOrEqual(FITS);
    }
  });

  test('a line whose kernels are the same but whose time moved says so; Δ first', () => {
    const rows = answer.rows;
    expect(rows.every((r) => r.change === 'same' && r.moved === 'more')).toBe(true);
    const label = rowLabel(rows[0]);
    expect(label.label).toBe('+3.4 ms train.py:43');
    expect(label.description).toMatch(/^same kernels · time more · y = F\.scaled_dot/);
    for (const r of rows) {
      expect(rowLabel(r).label.length).toBeLessThanOrEqual(FITS);
    }
  });

  test('the summary after Compare says the time moved, not "0 changed" alone, with the wall headline', () => {
    const text = summaryText(answer);
    expect(text).toContain('0 of 10 model lines changed kernels');
    expect(text).toContain('10 take more time per step, 0 less (by over 5%)');
    expect(text).toContain(answer.headline!);
    expect(answer.headline).toMatch(/^B is 5\.7% faster per step \(25\.6 → 24\.2 ms\)/);
  });
});

describe('the comparison first', () => {
  const comparison = new Comparison();
  comparison.set(answer, ['/base']);
  const first = withComparisonFirst(comparison);
  const doc = { uri: { fsPath: '/workspace/proj/train.py' } } as never;

  test("a compared line's lens comes before the server's lenses of that line", () => {
    const theirs = [new CodeLens(new Range(42, 8, 42, 8), { title: 'the server lens', command: '' })];
    const lenses = first.lenses(doc, theirs);
    const at43 = lenses.filter((l) => l.range.start.line === 42).map((l) => l.command?.title);
    expect(at43[0]).toMatch(/^⇄ /);
    expect(at43[1]).toBe('the server lens');
  });

  test("a compared line's hover starts with the comparison, then the server's", () => {
    const theirs = new Hover(new MarkdownString('| kernel | time |'));
    const hover = first.hover(doc, { line: 42, character: 4 } as never, theirs)!;
    const texts = hover.contents.map((c) => (typeof c === 'string' ? c : (c as MarkdownString).value));
    expect(texts[0]).toMatch(/^\*\*Compared with the baseline: same\*\*/);
    expect(texts[1]).toBe('| kernel | time |');
    expect(first.hover(doc, { line: 0, character: 0 } as never, theirs)).toBe(theirs);
  });
});

describe('marks and lenses of lines whose time moved', () => {
  test('a line with the same kernels and another time per step gets its own gutter mark', async () => {
    const { gutterKind } = await import('../src/compareCommands');
    expect(answer.rows.map(gutterKind)).toEqual(answer.rows.map(() => 'moved'));
    expect(gutterKind({ ...answer.rows[0], moved: null })).toBeUndefined();
    expect(gutterKind({ ...answer.rows[0], change: 'added' })).toBe('added');
  });

  test('the lens is short and says the time per step first', () => {
    const row = answer.rows.find((r) => r.line === 43)!;
    expect(row.lens).toBe('977 µs → 1.7 ms/step (+70%) · same 2 kernels');
    for (const r of answer.rows) {
      expect(r.lens.length).toBeLessThanOrEqual(60);
    }
  });
});
