import * as fs from 'fs';
import * as path from 'path';
import { describe, expect, test } from 'vitest';
import {
  callDescription,
  callLabel,
  heatOf,
  type HotCallRow,
  type HotGroup,
  type HotRow,
  hotTree,
  rowDescription,
  rowLabel,
  rowTooltip,
  viewMessage,
} from '../src/hotLineModel';
import type { HotLinesAnswer } from '../src/protocol';

/** The server's inductorLens/hotLines answers for real traces (scripts/hot_lines_fixture.py). */
const load = (name: string): HotLinesAnswer =>
  JSON.parse(fs.readFileSync(path.join(__dirname, 'fixtures', `${name}.hotlines.json`), 'utf8'));
const MODELS = 'file:///workspace/proj/models.py';

describe('Hot Lines on profile_cnn (SmallCNN training with a torch.profiler trace)', () => {
  const answer = load('profile_cnn');

  test('together: the user call first, then the model lines by share, adding up to the measured total', () => {
    const nodes = hotTree(answer, 'together');
    expect(nodes[0].type).toBe('call');
    const rows = nodes.filter((n): n is HotRow => n.type === 'row');
    expect(rows.map((r) => r.line.line + 1)).toEqual([42, 40, 44, 41, 43]);
    const sum = rows.reduce((n, r) => n + (r.shareUs ?? 0), 0);
    expect(sum).toBeCloseTo(answer.total_us!, 1);
    expect(rowLabel(rows[0])).toBe('50% · models.py:42');
    expect(rowDescription(rows[0])).toBe('135 µs · x = F.relu(self.bn2(self.conv2(x)))');
    expect(rowTooltip(rows[0], answer)).toContain('of 267 µs measured over 3 profiled runs) — forward 32.9 µs · backward 102 µs');
    const calls = nodes.filter((n): n is HotCallRow => n.type === 'call');
    expect(calls.map((c) => callLabel(c.call))).toEqual(['your call · models.py:357']);
    expect(callDescription(calls[0].call)).toBe('267 µs · 100% · 16 kernels · compile 0/0 · loss = F.cross_entropy(cm(x), target)');
    expect(viewMessage(answer)).toBe("267 µs measured over 3 profiled runs · 5 model lines · each launch's time split across its lines");
  });

  test('split: one group per graph kind, each ranked by its own share', () => {
    const groups = hotTree(answer, 'split').filter((n): n is HotGroup => n.type === 'group');
    expect(groups.map((g) => g.label)).toEqual(['forward graphs', 'backward graphs']);
    for (const g of groups) {
      const shares = g.rows.map((r) => r.shareUs ?? 0);
      expect(shares).toEqual([...shares].sort((a, b) => b - a));
    }
    const total = groups.flatMap((g) => g.rows).reduce((n, r) => n + (r.shareUs ?? 0), 0);
    expect(total).toBeCloseTo(answer.total_us!, 1);
  });

  test('heat: the hottest line is level 5, every model line has a mark, other files none', () => {
    const heat = heatOf(answer, MODELS);
    expect([...heat.keys()].sort((a, b) => a - b)).toEqual([39, 40, 41, 42, 43]);
    expect(heat.get(41)).toBe(5);
    expect(heat.get(42)).toBe(2); // x.mean(dim=(2, 3)): 0.4% of the time
    expect(heatOf(answer, 'file:///elsewhere.py').size).toBe(0);
  });
});

describe('Hot Lines without a profile (mlp_infer)', () => {
  const answer = load('mlp_infer');
  test('ranked by launches and saying it is not time', () => {
    const rows = hotTree(answer, 'together').filter((n): n is HotRow => n.type === 'row');
    expect(rows.every((r) => r.shareUs === null)).toBe(true);
    const launches = rows.map((r) => r.line.launches);
    expect(launches).toEqual([...launches].sort((a, b) => b - a));
    expect(rowLabel(rows[0])).toMatch(/^\d+ launch(es)? · models\.py:\d+$/);
    expect(viewMessage(answer)).toContain('ranked by kernel launches, not time');
    expect(rowTooltip(rows[0], answer)).toContain('not time');
  });
});
