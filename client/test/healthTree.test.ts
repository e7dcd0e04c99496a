import { describe, expect, test, vi } from 'vitest';
import { MarkdownString, ThemeIcon, Uri } from 'vscode';
import {
  baseCompileId,
  buildHealthTree,
  describeTotals,
  formatSeconds,
  guardOf,
  type HealthFunctionNode,
  type HealthTraceNode,
  healthTreeItem,
} from '../src/healthTree';
import { KernelsTreeProvider, toTreeItem } from '../src/kernelsTree';
import { healthReport, mlpInfer } from './helpers';

const report = healthReport();
/** `recompiles_health` for `…/torch-2.14-cpu/recompiles_health/trace/x.log`. */
const traceLabel = (trace: string) => trace.split('/').slice(-3)[0];
const caseOf = (t: HealthTraceNode) => traceLabel(t.trace);
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
/** Compile seconds of a trace's records, read off the report directly. */
const secondsOf = (label: string, name?: string) =>
  sum(
    report.compiles
      .filter((c) => traceLabel(c.trace) === label && (!name || c.function?.name === name))
      .map((c) => c.compile_time_s ?? 0),
  );

describe('buildHealthTree on three real traces (graph_breaks, recompiles_health, 2.11 graph_break)', () => {
  const root = buildHealthTree(report, 'time')!;
  const byCase = new Map(root.children.map((t) => [caseOf(t), t]));
  const fnsOf = (label: string) => new Map(byCase.get(label)!.children.map((f) => [f.fn?.name ?? '', f]));

  test('one node per trace with its compiles, graph breaks, recompiles, failures and compile time', () => {
    expect([...byCase.keys()].sort()).toEqual(['graph_break', 'graph_breaks', 'recompiles_health']);
    const health = byCase.get('recompiles_health')!.totals;
    expect(health).toEqual({ compiles: 13, breaks: 0, recompiles: 11, failures: 1, seconds: secondsOf('recompiles_health') });
    const breaks = byCase.get('graph_breaks')!.totals;
    expect(breaks).toMatchObject({ compiles: 7, breaks: 3, recompiles: 0, failures: 0 });
    // 2.11: compile 1/1 restarted (1/1_1); its recompile, logged twice, counts once
    expect(byCase.get('graph_break')!.totals).toMatchObject({ compiles: 3, breaks: 1, recompiles: 1, failures: 0 });
    expect(root.totals).toMatchObject({ compiles: 23, breaks: 4, recompiles: 12, failures: 1 });
    // sorted by compile time, longest first
    const seconds = root.children.map((t) => t.totals.seconds!);
    expect(seconds).toEqual([...seconds].sort((a, b) => b - a));
  });

  test('compiled functions with their events: Gate.forward recompiled 3 times, shapes hit the recompile limit', () => {
    const fns = fnsOf('recompiles_health');
    expect([...fns.keys()]).toEqual(['forward', 'shapes']);
    const forward = fns.get('forward')!;
    expect(forward.fn).toMatchObject({ file: '/workspace/proj/health.py', line: 20, name: 'forward' });
    expect(forward.totals).toMatchObject({ compiles: 4, recompiles: 3, breaks: 0, failures: 0 });
    expect(forward.totals.seconds).toBeCloseTo(secondsOf('recompiles_health', 'forward'), 9);
    expect(forward.children.map((e) => [e.event.compile_id, e.event.location?.line ?? null])).toEqual([
      ['0/1', null],
      ['0/2', 21],
      ['0/3', 22],
    ]);
    const shapes = fns.get('shapes')!;
    expect(shapes.totals).toMatchObject({ compiles: 9, recompiles: 8, failures: 1 });
    expect(shapes.children.map((e) => e.event.kind).filter((k) => k === 'failure')).toHaveLength(1);
    // the restarted compile's recompile is listed once
    const resume = fnsOf('graph_break').get('torch_dynamo_resume_in_with_graph_break_at_56')!;
    expect(resume.children.map((e) => e.event.compile_id)).toEqual(['1/1']);
  });

  test('sorting traces and functions', () => {
    const byRecompiles = buildHealthTree(report, 'recompiles')!;
    expect(byRecompiles.children.map(caseOf)).toEqual(['recompiles_health', 'graph_break', 'graph_breaks']);
    const health = byRecompiles.children[0].children.map((f) => f.fn!.name);
    expect(health).toEqual(['shapes', 'forward']);
    const byName = buildHealthTree(report, 'name')!;
    expect(byName.children[0].children.map((f: HealthFunctionNode) => f.fn!.name)).toEqual(
      [...byName.children[0].children.map((f) => f.fn!.name)].sort(),
    );
    const byBreaks = buildHealthTree(report, 'breaks')!;
    expect(caseOf(byBreaks.children[0])).toBe('graph_breaks');
  });

  test('items: the root and trace totals, a function opens its first line, an event shows PyTorch\'s reason', () => {
    const traceItem = healthTreeItem(byCase.get('recompiles_health')!);
    expect(traceItem.label).toBe('1k56b5ev.log'); // PyTorch's fixed prefix left out: what tells traces apart fits
    expect(traceItem.tooltip).toBe(byCase.get('recompiles_health')!.trace);
    const rootItem = healthTreeItem(root);
    expect(rootItem.label).toBe('Compile health');
    expect(rootItem.description).toBe(`23 compiles · 4 graph breaks · 12 recompiles · 1 failure · ${formatSeconds(root.totals.seconds!)}`);
    expect((rootItem.iconPath as ThemeIcon).id).toBe('warning');
    expect(healthTreeItem(byCase.get('graph_breaks')!).description).toBe(
      `7 compiles · 3 graph breaks · 0 recompiles · 0 failures · ${formatSeconds(secondsOf('graph_breaks'))}`,
    );
    const forward = fnsOf('recompiles_health').get('forward')!;
    const item = healthTreeItem(forward);
    expect(item.label).toBe('forward');
    expect(item.description).toBe(`health.py:20 · 4 compiles · 3 recompiles · ${formatSeconds(forward.totals.seconds!)}`);
    const [uri, options] = item.command!.arguments!;
    expect((uri as Uri).fsPath).toBe(forward.fn!.resolved);
    expect(options.selection.start.line).toBe(19);
    const guard = healthTreeItem(forward.children[1]);
    expect(guard.label).toBe('recompile 0/2 · health.py:21');
    expect(guard.description).toBe('self.scale == 1.0');
    expect((guard.tooltip as MarkdownString).value).toContain('Failed guards, newest cache entry first');
    const noisy = fnsOf('graph_breaks').get('noisy')!;
    const brk = healthTreeItem(noisy.children[0]);
    expect(brk.label).toBe('graph break · health.py:29');
    expect(brk.description).toBe('Failed to trace builtin operator');
    expect((brk.tooltip as MarkdownString).value).toContain('*Hint:* Avoid calling builtin `print`');
    expect(((brk.command!.arguments![0]) as Uri).fsPath).toBe(noisy.children[0].event.location!.resolved);
    const limit = fnsOf('recompiles_health').get('shapes')!.children.find((e) => e.event.kind === 'failure')!;
    const failed = healthTreeItem(limit);
    expect(failed.label).toBe('failed 1/8');
    expect(failed.description).toBe('Dynamo recompile limit exceeded');
    // no user frame in the record: it opens the compiled function
    expect(failed.command!.arguments![1].selection.start.line).toBe(53);
  });
});

describe('helpers', () => {
  test('compile ids, guards, times, totals', () => {
    expect(baseCompileId('0/0_1')).toBe('0/0');
    expect(baseCompileId('!0/1/0')).toBe('!0/1/0');
    expect(guardOf("0/1: self.scale == 1.0                  # y = self.fc(x) * self.scale  # x.py:21 in f")).toBe('self.scale == 1.0');
    expect(guardOf("1/0: tensor 'x' size mismatch at index 0. expected 2, actual 3")).toBe(
      "tensor 'x' size mismatch at index 0. expected 2, actual 3",
    );
    expect([formatSeconds(12.04), formatSeconds(4.21), formatSeconds(0.8126), formatSeconds(0.001937)]).toEqual([
      '12 s',
      '4.2 s',
      '813 ms',
      '1.9 ms',
    ]);
    expect(describeTotals({ compiles: 1, breaks: 0, recompiles: 0, failures: 0, seconds: null }, { all: false })).toBe('1 compile');
    expect(buildHealthTree({ compiles: [], compile_events: [] }, 'time')).toBeUndefined();
  });
});

describe('KernelsTreeProvider shows Compile health first', () => {
  test('with compile records: the health node, then the traces; the sort applies on the next render', async () => {
    const { traces, kernels } = mlpInfer();
    const provider = new KernelsTreeProvider(async () => ({ traces, kernels, health: report }));
    const fired = vi.fn();
    provider.onDidChangeTreeData(fired);
    await provider.refresh();
    const [first, second] = provider.getChildren();
    expect(first.type).toBe('health');
    expect(second.type).toBe('trace');
    expect(toTreeItem(first).label).toBe('Compile health');
    const traceNodes = provider.getChildren(first) as HealthTraceNode[];
    expect(provider.getChildren(traceNodes[0]).length).toBeGreaterThan(0);
    provider.setHealthSort('name');
    expect(provider.healthSortOrder).toBe('name');
    expect((provider.getChildren(provider.getChildren()[0]) as HealthTraceNode[]).map(caseOf)).toEqual([
      'graph_break',
      'graph_breaks',
      'recompiles_health',
    ]);
    expect(fired).toHaveBeenCalledTimes(2);
  });

  test('without compile records (or an older server): no health node', async () => {
    const { traces, kernels } = mlpInfer();
    const provider = new KernelsTreeProvider(async () => ({ traces, kernels, health: { compiles: [], compile_events: [] } }));
    await provider.refresh();
    expect(provider.getChildren().map((n) => n.type)).toEqual(['trace']);
    expect(provider.health).toBeUndefined();
  });
});
