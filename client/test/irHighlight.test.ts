import { describe, expect, test } from 'vitest';
import { Location, Range, Uri } from 'vscode';
import { FOLLOWED, irRangesIn } from '../src/irHighlight';

const loc = (file: string, line: number) => new Location(Uri.file(file), new Range(line, 0, line, 200));

describe('IR linked highlighting', () => {
  test("the ranges of one document: the kernel line in the output code, its PTX lines in the .ptx", () => {
    // the shape inductorLens/linkedRanges gives on line 40 of triton_per_fused_sum_threshold_backward_0 (cap_mlp_train)
    const ir = [loc('/c/output code.py', 89), loc('/t/k.ptx', 140), loc('/t/k.ptx', 141), loc('/t/k.ttgir', 57)];
    expect(irRangesIn(ir, Uri.file('/t/k.ptx')).map((r) => r.start.line)).toEqual([140, 141]);
    expect(irRangesIn(ir, Uri.file('/c/output code.py')).map((r) => r.start.line)).toEqual([89]);
    expect(irRangesIn(ir, Uri.file('/elsewhere.py'))).toEqual([]);
  });

  test('only output code and IR files are followed', () => {
    for (const f of ['/a/output code.py', '/t/k.ptx', '/t/k.sass', '/t/k.ttgir', '/t/k.ttir', '/t/k.llir']) expect(FOLLOWED.test(f)).toBe(true);
    for (const f of ['/t/k.cubin', '/t/k.json', '/a/notes.txt']) expect(FOLLOWED.test(f)).toBe(false);
  });
});
