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
  stepsOf,
  timeSplit,
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

describe('marks without a profile are not time (issue 50 item 8)', () => {
  test('launch marks have another shape and colour than the time heat, at every level', async () => {
    const { heatIcon, heatRulerColor } = await import('../src/hotLineModel');
    const media = path.join(__dirname, '..', '..', 'media');
    for (let level = 1; level <= 5; level++) {
      const time = fs.readFileSync(path.join(media, heatIcon(true, level)), 'utf8');
      const launches = fs.readFileSync(path.join(media, heatIcon(false, level)), 'utf8');
      // time: a solid bar; launches: a hollow bar (no fill, a stroke) with one dot a level
      expect(time).toMatch(/<rect [^>]*fill="#[0-9a-f]{6}"/);
      expect(launches).toMatch(/<rect [^>]*fill="none"[^>]*stroke=/);
      expect(launches.match(/<circle /g)?.length).toBe(level);
      expect(heatRulerColor(false, level)).not.toBe(heatRulerColor(true, level));
      // no red or orange in a launch mark: those are compile health's and the hottest time's
      expect(launches).not.toMatch(/#(c81e1e|e2552b|f08a3c|f5b35c)/i);
    }
  });
});

/**
 * The round-45 H100 run tf_plain (tests/data/torch-2.11-cuda/tf_plain unpacked: trace, profile with
 * stacks, train.py at /workspace/proj): the server's answer holds each line's eager time and the step.
 */
describe('Hot Lines with eager time and the step (issue 45)', () => {
  const answer = load('tf_plain');
  const rows = hotTree(answer, 'together').filter((n): n is HotRow => n.type === 'row');

  test("opt.step() ranks by its eager time among the compiled lines (share + eager), labelled eager", () => {
    const at = (line: number) => rows.findIndex((r) => r.line.line + 1 === line);
    const opt = rows[at(94)];
    expect(opt.line.code).toBe('opt.step()');
    expect(at(94)).toBe(2);
    expect(rowLabel(opt)).toBe('eager · train.py:94');
    // 3552.2 µs over the 5 steps of the window
    expect(rowDescription(opt, stepsOf(answer))).toBe('eager 710 µs/step (step) · opt.step()');
    const loss = rows[at(92)];
    expect(rowDescription(loss, stepsOf(answer))).toMatch(/^eager 336 µs\/step \(cross_entropy\) · loss = F\.cross_entropy/);
    const time = (r: HotRow) => (r.line.share_us ?? 0) + (r.line.eager_us ?? 0);
    expect(rows.map(time)).toEqual([...rows.map(time)].sort((a, b) => b - a));
  });

  test('a compiled line says its time per step; compiled and eager apart when both', () => {
    expect(rowDescription(rows[0], stepsOf(answer))).toBe('977 µs/step · y = F.scaled_dot_product_attention(q, k, v, is_causal=True)');
    expect(timeSplit({ ...rows[0].line, eager_us: 1678.232, eager_call: 'cross_entropy' }, 5)).toBe('compiled 977 µs · eager 336 µs/step (cross_entropy)');
  });

  test("the view's header carries the step line", () => {
    expect(stepsOf(answer)).toBe(5);
    expect(viewMessage(answer)).toMatch(/^step 25\.6 ms \(5 steps\): GPU busy 4\.7 · idle 21\.0 · device time: compiled 3\.6, other 1\.0 · syncs 0\.05 · steps 21\.7-30\.1 ms\. /);
  });
});
