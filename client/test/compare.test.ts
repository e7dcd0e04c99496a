/**
 * Compare with Trace…'s pure parts: which rows the Changed Lines view lists and in what order,
 * which rows lie on a file, and the kernel-source URIs of Open Kernel Diff.
 */
import { describe, expect, test } from 'vitest';
import { Comparison, CompareLensProvider, changedRows, kernelDiffUri, parseKernelDiffUri, rowsAt } from '../src/compare';
import type { CompareAnswer, CompareRow } from '../src/protocol';

const row = (over: Partial<CompareRow>): CompareRow => ({
  change: 'same',
  file: 'models.py',
  code: 'y = self.fc1(x)',
  path: '/p/models.py',
  line: 23,
  lens: 'same kernels · 3 kernels',
  hover: '',
  delta_us: null,
  words: [],
  kernels: [],
  ...over,
});

const answer: CompareAnswer = {
  summary: { lines: 4, added: 1, removed: 0, changed: 1, same: 2, delta_us: 3 },
  rows: [
    row({ code: 'a', delta_us: 1 }),
    row({ code: 'b', change: 'changed', delta_us: -2, line: 24 }),
    row({ code: 'c', change: 'added', delta_us: 5, line: 25 }),
    row({ code: 'd', path: null, line: null }),
  ],
};

describe('compare', () => {
  test('changed rows first, then rows whose time moved, largest |Δ| first; unmoved same rows left out', () => {
    expect(changedRows(answer).map((r) => r.code)).toEqual(['c', 'b', 'a']);
    expect(changedRows(undefined)).toEqual([]);
  });

  test('rows on a file are those placed there', () => {
    expect(rowsAt(answer, '/p/models.py').map((r) => r.code)).toEqual(['a', 'b', 'c']);
    expect(rowsAt(answer, '/other.py')).toEqual([]);
  });

  test('a kernel source URI names the file and its lines, and reads back', () => {
    const uri = kernelDiffUri({ name: 'triton_poi_fused_add_0', path: '/tmp/x y/out.py', start: 10, end: 40 }, 'baseline');
    expect(uri.scheme).toBe('inductor-lens-kernel');
    expect(uri.path).toBe('/baseline/triton_poi_fused_add_0.py');
    expect(parseKernelDiffUri(uri)).toEqual({ path: '/tmp/x y/out.py', start: 10, end: 40 });
  });

  test('lenses of a file: one per row placed there, titled by the row, opening the kernel diff when a pair exists', () => {
    const comparison = new Comparison();
    const pair = { a: { name: 'k_1', path: '/a.py', start: 1, end: 2 }, b: { name: 'k_2', path: '/b.py', start: 1, end: 2 } };
    comparison.set({ ...answer, rows: [row({ lens: 'changed · 2 → 1 kernel', change: 'changed', kernels: [pair] })] }, ['/base']);
    const lenses = new CompareLensProvider(comparison).provideCodeLenses({ uri: { fsPath: '/p/models.py' } } as never);
    expect(lenses.map((l) => [l.range.start.line, l.command?.title, l.command?.command])).toEqual([
      [22, '⇄ changed · 2 → 1 kernel', 'inductorLens.openKernelDiff'],
    ]);
    comparison.set(undefined, []);
    expect(comparison.answer).toBeUndefined();
  });
});
