/**
 * The Compile health node of the Kernels view: per trace its compiles, graph breaks, recompiles,
 * failures and compile time; under each trace the compiled functions, under each function its graph
 * breaks, recompilations and failures with PyTorch's reasons. Traces and functions can be sorted
 * (Sort Compile Health…).
 *
 * `buildHealthTree` is a pure function of the server's `inductorLens/compiles` answer (unit-tested);
 * `healthTreeItem` renders one node.
 */
import * as path from 'path';
import { MarkdownString, Range, ThemeIcon, TreeItem, TreeItemCollapsibleState, Uri } from 'vscode';
import { plural, rankList, traceLabel } from './kernels';
import type { CompiledFunction, CompileEvent, CompileInfo, CompilesAnswer } from './protocol';

/** How traces and compiled functions are ordered under the Compile health node. */
export type HealthSort = 'time' | 'recompiles' | 'breaks' | 'compiles' | 'name';

/** What a trace, a compiled function or all traces together add up to. */
export interface HealthTotals {
  /** Frame compiles (the attempts of one compile id count once). */
  compiles: number;
  breaks: number;
  /** Recompiled frame compiles. */
  recompiles: number;
  failures: number;
  /** Compile time in seconds, null when no record gives one. */
  seconds: number | null;
}

export interface HealthRootNode {
  type: 'health';
  totals: HealthTotals;
  children: HealthTraceNode[];
}

export interface HealthTraceNode {
  type: 'healthTrace';
  trace: string;
  rank: number | null;
  totals: HealthTotals;
  children: HealthFunctionNode[];
  /** A job of several ranks: the other ranks whose compile health is this one's (shown once). */
  identicalRanks?: (number | null)[];
}

export interface HealthFunctionNode {
  type: 'healthFunction';
  trace: string;
  fn: CompiledFunction | null;
  totals: HealthTotals;
  compiles: CompileInfo[];
  children: HealthEventNode[];
}

export interface HealthEventNode {
  type: 'healthEvent';
  event: CompileEvent;
  /** The compiled function the event belongs to, when known. */
  fn: CompiledFunction | null;
}

export type HealthNode = HealthRootNode | HealthTraceNode | HealthFunctionNode | HealthEventNode;

/** `0/0_1` → `0/0`: the attempts of one frame compile (a restart after a graph break) together. */
export function baseCompileId(id: string): string {
  return id.replace(/_\d+$/, '');
}

/** Compile time for people, as the server writes it: `4.2 s`, `12 s`, `830 ms`, `1.9 ms`. */
export function formatSeconds(s: number): string {
  if (s >= 10) return `${s.toFixed(0)} s`;
  if (s >= 1) return `${s.toFixed(1)} s`;
  return s >= 0.01 ? `${(s * 1e3).toFixed(0)} ms` : `${(s * 1e3).toFixed(1)} ms`;
}

/** `0/1: self.scale == 1.0   # y = ...` → `self.scale == 1.0`: the guard without PyTorch's comment. */
export function guardOf(message: string): string {
  const m = /^!?[\d/_]+: (.*)$/s.exec(message);
  return (m ? m[1] : message).split('  #')[0].trim();
}

function totals(compiles: readonly CompileInfo[], events: readonly CompileEvent[]): HealthTotals {
  const times = compiles.map((c) => c.compile_time_s).filter((t): t is number => typeof t === 'number');
  const bases = (kind: string) =>
    new Set(events.filter((e) => e.kind === kind).map((e) => `${e.trace}\0${baseCompileId(e.compile_id)}`)).size;
  return {
    compiles: new Set(compiles.map((c) => `${c.trace}\0${baseCompileId(c.compile_id)}`)).size,
    breaks: events.filter((e) => e.kind === 'graph_break').length,
    recompiles: bases('recompile'),
    failures: bases('failure'),
    seconds: times.length ? times.reduce((a, b) => a + b, 0) : null,
  };
}

/** `13 compiles · 0 graph breaks · 11 recompiles · 1 failure · 18 s`. */
export function describeTotals(t: HealthTotals, { all = true }: { all?: boolean } = {}): string {
  const parts = [plural(t.compiles, 'compile')];
  if (all || t.breaks) parts.push(plural(t.breaks, 'graph break'));
  if (all || t.recompiles) parts.push(plural(t.recompiles, 'recompile'));
  if (all || t.failures) parts.push(plural(t.failures, 'failure'));
  if (t.seconds !== null) parts.push(formatSeconds(t.seconds));
  return parts.join(' · ');
}

function comparator(sort: HealthSort, label: (n: HealthTraceNode | HealthFunctionNode) => string) {
  return (a: HealthTraceNode | HealthFunctionNode, b: HealthTraceNode | HealthFunctionNode): number => {
    const byName = label(a).localeCompare(label(b), 'en', { numeric: true });
    switch (sort) {
      case 'name':
        return byName;
      case 'recompiles':
        return b.totals.recompiles - a.totals.recompiles || byName;
      case 'breaks':
        return b.totals.breaks - a.totals.breaks || byName;
      case 'compiles':
        return b.totals.compiles - a.totals.compiles || byName;
      case 'time':
      default:
        return (b.totals.seconds ?? -1) - (a.totals.seconds ?? -1) || byName;
    }
  };
}

const fnKey = (trace: string, fn: CompiledFunction | null) => (fn ? `${trace}\0${fn.file}\0${fn.line}\0${fn.name}` : `${trace}\0`);
const fnLabel = (node: HealthTraceNode | HealthFunctionNode) =>
  node.type === 'healthTrace' ? node.trace : node.fn ? `${node.fn.name} ${node.fn.file}:${node.fn.line}` : '';

/**
 * Groups the compiles of each trace by compiled function and puts each event under the function
 * of its frame compile. A recompile that two attempts of one compile id both record (the reasons
 * artifact and the metrics of the restarted attempt) is listed once. Undefined when the answer
 * holds no compile at all.
 */
export function buildHealthTree(
  answer: CompilesAnswer,
  sort: HealthSort,
  sameAs: ReadonlyMap<string, string> = new Map(),
): HealthRootNode | undefined {
  if (!answer.compiles.length && !answer.compile_events.length) {
    return undefined;
  }
  const functions = new Map<string, HealthFunctionNode>();
  const byCompile = new Map<string, HealthFunctionNode>();
  const traces = new Map<string, HealthTraceNode>();
  const traceNode = (trace: string, rank: number | null) => {
    let node = traces.get(trace);
    if (!node) {
      node = { type: 'healthTrace', trace, rank, totals: totals([], []), children: [] };
      traces.set(trace, node);
    }
    return node;
  };
  const functionNode = (trace: string, rank: number | null, fn: CompiledFunction | null) => {
    const key = fnKey(trace, fn);
    let node = functions.get(key);
    if (!node) {
      node = { type: 'healthFunction', trace, fn, totals: totals([], []), compiles: [], children: [] };
      functions.set(key, node);
      traceNode(trace, rank).children.push(node);
    }
    return node;
  };
  for (const c of answer.compiles) {
    const node = functionNode(c.trace, c.rank, c.function);
    node.compiles.push(c);
    byCompile.set(`${c.trace}\0${baseCompileId(c.compile_id)}`, node);
  }
  const seen = new Set<string>();
  const eventsOf = new Map<HealthFunctionNode, CompileEvent[]>();
  for (const e of answer.compile_events) {
    const node = byCompile.get(`${e.trace}\0${baseCompileId(e.compile_id)}`) ?? functionNode(e.trace, e.rank, null);
    eventsOf.set(node, [...(eventsOf.get(node) ?? []), e]);
    const key = `${e.trace}\0${baseCompileId(e.compile_id)}\0${e.kind}\0${e.location?.line ?? ''}`;
    if (e.kind !== 'graph_break' && seen.has(key)) continue;
    seen.add(key);
    node.children.push({ type: 'healthEvent', event: e, fn: node.fn });
  }
  const compare = comparator(sort, fnLabel);
  for (const trace of traces.values()) {
    for (const fn of trace.children) {
      fn.totals = totals(fn.compiles, eventsOf.get(fn) ?? []);
    }
    trace.children.sort(compare);
    trace.totals = totals(
      trace.children.flatMap((f) => f.compiles),
      trace.children.flatMap((f) => eventsOf.get(f) ?? []),
    );
  }
  // a job of many ranks: a group of identical ranks once, under its first rank (the server's `same_as`)
  for (const [follower, leader] of sameAs) {
    const head = traces.get(leader);
    const node = traces.get(follower);
    if (head && node) {
      head.identicalRanks = [...(head.identicalRanks ?? []), node.rank];
      traces.delete(follower);
    }
  }
  const children = [...traces.values()].sort(compare);
  return {
    type: 'health',
    totals: totals(answer.compiles, answer.compile_events),
    children,
  };
}

/** Opens a file at a 1-based line. */
function openAt(filePath: string, line: number, title: string) {
  const position = Math.max(0, line - 1);
  return { command: 'vscode.open', title, arguments: [Uri.file(filePath), { selection: new Range(position, 0, position, 0) }] };
}

const where = (file: string, line: number) => `${path.basename(file)}:${line}`;

/** The tooltip of an event: PyTorch's message, explanation and hints, or every failed guard. */
export function eventMarkdown(e: CompileEvent): string {
  const heads = { graph_break: 'Graph break', recompile: 'Recompile', failure: 'Compile failed', conversion_failure: "Won't convert" };
  const head = heads[e.kind];
  const lines = [`**${head}** · compile ${e.compile_id}`, '', e.kind === 'recompile' ? `guard failed: \`${guardOf(e.message)}\`` : e.message];
  if (e.explanation) lines.push('', e.explanation);
  for (const hint of (e.hint ?? '').split('\n').filter(Boolean)) lines.push('', `*Hint:* ${hint}`);
  if (e.kind === 'recompile' && e.reasons.length > 1) {
    lines.push('', 'Failed guards, newest cache entry first:', '', ...e.reasons.map((r) => `- \`${r.split('\n')[0].split('  #')[0].trim()}\``));
  }
  if (e.location) lines.push('', `at \`${where(e.location.file, e.location.line)}\`${e.location.code ? ` \`${e.location.code}\`` : ''}`);
  if (e.url) lines.push('', `[${e.url}](${e.url})`);
  return lines.join('\n');
}

/** Renders one node of the Compile health subtree. */
export function healthTreeItem(node: HealthNode): TreeItem {
  switch (node.type) {
    case 'health': {
      const item = new TreeItem('Compile health', TreeItemCollapsibleState.Expanded);
      item.id = 'compileHealth';
      item.description = describeTotals(node.totals);
      item.tooltip = `Graph breaks, recompilations, failures and compile time of the loaded traces, as their records state them`;
      const t = node.totals;
      item.iconPath = new ThemeIcon(t.breaks + t.recompiles + t.failures ? 'warning' : 'pass');
      item.contextValue = 'compileHealth';
      return item;
    }
    case 'healthTrace': {
      const item = new TreeItem(traceLabel(node.trace), TreeItemCollapsibleState.Expanded);
      item.id = `compileHealth\0${node.trace}`;
      const ranks = node.identicalRanks?.length ? [node.rank, ...node.identicalRanks] : node.rank !== null ? [node.rank] : [];
      const who = ranks.length > 1 ? `ranks ${rankList(ranks)} (identical) · ` : ranks.length ? `rank ${node.rank} · ` : '';
      item.description = who + describeTotals(node.totals);
      item.tooltip = node.trace;
      item.iconPath = new ThemeIcon('output');
      item.contextValue = 'compileHealthTrace';
      item.resourceUri = Uri.file(node.trace);
      return item;
    }
    case 'healthFunction': {
      const fn = node.fn;
      const item = new TreeItem(
        fn ? fn.name : '(no function recorded)',
        node.children.length ? TreeItemCollapsibleState.Collapsed : TreeItemCollapsibleState.None,
      );
      item.id = `compileHealth\0${fnKey(node.trace, fn)}`;
      item.description = [fn ? where(fn.file, fn.line) : '', describeTotals(node.totals, { all: false })].filter(Boolean).join(' · ');
      item.tooltip = new MarkdownString(
        [
          fn ? `**${fn.name}** — \`${fn.file}:${fn.line}\`` : '**(no function recorded)**',
          '',
          ...node.compiles.map(
            (c) =>
              `- compile ${c.compile_id}` +
              (c.compile_time_s !== null ? ` · ${formatSeconds(c.compile_time_s)}` : '') +
              (c.guards !== null ? ` · ${plural(c.guards, 'guard')}` : '') +
              (c.failure ? ' · failed' : ''),
          ),
        ].join('\n'),
      );
      item.iconPath = new ThemeIcon('symbol-method');
      item.contextValue = 'compiledFunction';
      if (fn?.resolved) {
        item.command = openAt(fn.resolved, fn.line, 'Open Compiled Function');
      }
      return item;
    }
    case 'healthEvent': {
      const e = node.event;
      const at = e.location ? ` · ${where(e.location.file, e.location.line)}` : '';
      const label = {
        graph_break: 'graph break',
        recompile: `recompile ${e.compile_id}`,
        failure: `failed ${e.compile_id}`,
        conversion_failure: `won't convert ${e.compile_id}`,
      }[e.kind];
      const item = new TreeItem(`${label}${at}`, TreeItemCollapsibleState.None);
      item.id = `compileHealth\0${e.trace}\0${e.record.line}\0${e.kind}`;
      item.description = e.kind === 'recompile' ? guardOf(e.message) : e.message;
      item.tooltip = new MarkdownString(eventMarkdown(e));
      const icons = { graph_break: 'debug-disconnect', recompile: 'sync', failure: 'error', conversion_failure: 'error' };
      item.iconPath = new ThemeIcon(icons[e.kind]);
      item.contextValue = 'compileEvent';
      if (e.location?.resolved) {
        item.command = openAt(e.location.resolved, e.location.line, 'Open Location');
      } else if (e.kind !== 'graph_break' && node.fn?.resolved) {
        item.command = openAt(node.fn.resolved, node.fn.line, 'Open Compiled Function');
      } else {
        item.command = openAt(e.trace, e.record.target_line, 'Open Record');
      }
      return item;
    }
  }
}
