import * as fs from 'fs';
import * as path from 'path';
import { describe, expect, test } from 'vitest';
import { TreeItemCollapsibleState } from 'vscode';
import { buildHealthTree } from '../src/healthTree';
import { rankList } from '../src/kernels';
import { buildKernelTree, type RanksNode } from '../src/kernelTreeModel';
import { KernelsTreeProvider, toTreeItem } from '../src/kernelsTree';
import type { Kernel, TraceInfo } from '../src/protocol';
import { mlpInfer } from './helpers';

/** The real mlp_infer trace as four ranks of one job, ranks 1 and 3 identical to rank 0 (the
 * server's `same_as`), rank 2 its own: the Kernels view shows ranks 0 and 2, rank 0 with a
 * collapsed "ranks 1, 3" node under it whose traces can be opened one by one. */
function job(): { traces: TraceInfo[]; kernels: Kernel[] } {
  const { traces, kernels } = mlpInfer();
  const [one] = traces;
  const path = (r: number) => one.path.replace(/\.log$/, `_rank_${r}.log`);
  const out = [0, 1, 2, 3].map((r): TraceInfo => ({ ...one, path: path(r), rank: r, ...(r % 2 ? { same_as: path(0) } : {}) }));
  return { traces: out, kernels: [0, 1, 2, 3].flatMap((r) => kernels.map((k) => ({ ...k, trace: path(r), rank: r }) as Kernel)) };
}

describe('a job of several ranks in the Kernels view', () => {
  test('each group of identical ranks is shown once, the others under its first rank', () => {
    const { traces, kernels } = job();
    const roots = buildKernelTree(traces, kernels, 'launches');
    expect(roots.map((t) => t.rank)).toEqual([0, 2]);
    const group = roots[0].identical as RanksNode;
    expect(group.ranks).toEqual([1, 3]);
    expect(group.children.map((t) => t.rank)).toEqual([1, 3]);
    // each rank of the group keeps its own kernels (pick one to see them)
    expect(group.children[1].children.flatMap((c) => c.children.flatMap((g) => g.children)).length).toBe(kernels.length / 4);
    expect(roots[1].identical).toBeUndefined();
    const item = toTreeItem(group);
    expect(item.label).toBe('ranks 1, 3');
    expect(item.collapsibleState).toBe(TreeItemCollapsibleState.Collapsed);
    expect(String(item.description)).toContain('identical');
  });

  test('the provider lists the group after the trace children', async () => {
    const { traces, kernels } = job();
    const provider = new KernelsTreeProvider(async () => ({ traces, kernels, health: { compiles: [], compile_events: [] } }));
    await provider.refresh();
    const rank0 = provider.getChildren().find((n) => n.type === 'trace');
    if (!rank0) throw new Error('no trace node');
    const children = provider.getChildren(rank0);
    expect(children.at(-1)?.type).toBe('ranks');
  });

  test('rank lists read as the report prints them', () => {
    expect(rankList([0, 1, 2, 3, 5, 7, 8, 9])).toBe('0–3, 5, 7–9');
    expect(rankList([4, 5])).toBe('4, 5');
  });
});

describe('a job of several ranks in the Compile health view', () => {
  /** The real 6-rank torchrun job (tests/data/torch-2.13-cpu/ranks_diverge) as `report --json` gives
   * it (paths rewritten to /workspace/runs/ranks6): ranks 0, 4 and 5 compiled alike. */
  const report = JSON.parse(fs.readFileSync(path.join(__dirname, 'fixtures', 'ranks.report.json'), 'utf8'));
  const sameAs = new Map<string, string>();
  for (const group of report.ranks.groups as { traces: string[] }[]) {
    for (const trace of group.traces.slice(1)) sameAs.set(trace, group.traces[0]);
  }

  test('identical ranks are one node, the ranks that differ their own', () => {
    const root = buildHealthTree(report, 'name', sameAs);
    if (!root) throw new Error('no health tree');
    const ranks = root.children.map((t) => t.rank).sort();
    expect(ranks).toEqual([0, 1, 2, 3]);
    const zero = root.children.find((t) => t.rank === 0);
    expect(zero?.identicalRanks).toEqual([4, 5]);
    expect(String(toTreeItem(zero as never).description)).toMatch(/^ranks 0, 4, 5 \(identical\) · /);
    // without the grouping every rank is listed
    expect(buildHealthTree(report, 'name')?.children.length).toBe(6);
  });
});
