/**
 * Where the time goes, as the Hot Lines view and the gutter heat marks show it: pure functions of
 * the server's `inductorLens/hotLines` answer (unit-tested, no vscode import). The ranking is the
 * server's (each launch's measured time split across its model lines, so shares add up; by
 * launches without a profile): this module only groups, labels and buckets it.
 */
import { formatUs } from './kernels';
import type { HotCall, HotLine, HotLinesAnswer } from './protocol';

/** Heat levels of the gutter marks: 1 (cool) .. HEAT_LEVELS (hottest). */
export const HEAT_LEVELS = 5;

export type HotLinesMode = 'together' | 'split';

export interface HotGroup {
  type: 'group';
  label: string;
  description: string;
  rows: HotRow[];
}

export interface HotRow {
  type: 'row';
  line: HotLine;
  /** The share shown: the whole line's (together) or one graph kind's (split). */
  shareUs: number | null;
  percent: number | null;
  rank: number;
  measured: boolean;
}

export interface HotCallRow {
  type: 'call';
  call: HotCall;
}

export type HotNode = HotGroup | HotRow | HotCallRow;

/** The view's top level: the user's calls of compiled code, then one list (together) or one group per graph kind (split). */
export function hotTree(answer: HotLinesAnswer | undefined, mode: HotLinesMode): HotNode[] {
  if (!answer || (!answer.rows.length && !answer.calls.length)) {
    return [];
  }
  const total = answer.total_us ?? 0;
  const rowsOf = (kind?: string): HotRow[] => {
    const rows = answer.rows
      .map((line): HotRow => {
        const share = kind === undefined ? line.share_us : (line.by_graph[kind] ?? null);
        return {
          type: 'row',
          line,
          shareUs: share,
          percent: share !== null && total > 0 ? (100 * share) / total : kind === undefined ? line.percent : null,
          rank: 0,
          measured: answer.measured,
        };
      })
      .filter((r) => kind === undefined || (r.shareUs ?? 0) > 0);
    if (kind !== undefined) {
      rows.sort((a, b) => (b.shareUs ?? 0) - (a.shareUs ?? 0));
    }
    rows.forEach((r, i) => (r.rank = i + 1));
    return rows;
  };
  // the user's own calls of the compiled code first (a Hugging Face model's lines are all in site-packages)
  const out: HotNode[] = answer.calls.filter((c) => c.innermost).map((call): HotCallRow => ({ type: 'call', call }));
  if (mode === 'split' && answer.measured) {
    const kinds = [...new Set(answer.rows.flatMap((r) => Object.keys(r.by_graph)))].sort(
      (a, b) => (KIND_ORDER[a] ?? 9) - (KIND_ORDER[b] ?? 9),
    );
    for (const kind of kinds) {
      const rows = rowsOf(kind);
      const sum = rows.reduce((n, r) => n + (r.shareUs ?? 0), 0);
      out.push({ type: 'group', label: `${kind} graphs`, description: `${formatUs(sum)} · ${pct(total ? (100 * sum) / total : null)}`, rows });
    }
  } else {
    out.push(...rowsOf());
  }
  return out;
}

const KIND_ORDER: Record<string, number> = { inference: 0, forward: 1, backward: 2 };

export function pct(percent: number | null | undefined): string {
  if (percent === null || percent === undefined) {
    return '';
  }
  return percent >= 10 ? `${percent.toFixed(0)}%` : percent >= 0.1 ? `${percent.toFixed(1)}%` : '<0.1%';
}

/** A row's label: `13% · modeling_bert.py:290`, `eager · train.py:94` (or `24 launches · …` without a profile). */
export function rowLabel(row: HotRow): string {
  const where = `${row.line.basename}:${row.line.line + 1}`;
  if (!row.measured) {
    return `${row.line.launches} launch${row.line.launches === 1 ? '' : 'es'} · ${where}`;
  }
  return !row.shareUs && row.line.eager_us ? `eager · ${where}` : `${pct(row.percent)} · ${where}`;
}

/** The steps the profile's window holds (its time is per step when it has markers), 1 without. */
export function stepsOf(answer: HotLinesAnswer | undefined): number {
  const steps = answer?.steps ?? [];
  return steps.length === 1 && steps[0].steps ? steps[0].steps : 1;
}

/**
 * A line's compiled and eager time apart, per step when the profile has steps:
 * `compiled 977 µs · eager 336 µs/step (cross_entropy)`; `''` when neither was measured.
 */
export function timeSplit(line: HotLine, steps: number): string {
  const per = steps > 1 ? '/step' : '';
  const parts: string[] = [];
  if (line.share_us) parts.push(`compiled ${formatUs(line.share_us / steps)}`);
  if (line.eager_us) parts.push(`eager ${formatUs(line.eager_us / steps)}`);
  if (!parts.length) return '';
  return `${parts.join(' · ')}${per}${line.eager_us && line.eager_call ? ` (${line.eager_call})` : ''}`;
}

/** A row's description: the time (compiled and eager apart), then the code. */
export function rowDescription(row: HotRow, steps = 1): string {
  const code = row.line.code;
  if (!row.measured) {
    return `${row.line.ops} ops · ${code}`;
  }
  if (row.line.eager_us) {
    return `${timeSplit(row.line, steps)} · ${code}`;
  }
  return `${formatUs((row.shareUs ?? 0) / steps)}${steps > 1 ? '/step' : ''} · ${code}`;
}

/** A row's tooltip (markdown): what the figures are. */
export function rowTooltip(row: HotRow, answer: HotLinesAnswer | undefined): string {
  const l = row.line;
  const parts = [`**${l.basename}:${l.line + 1}** \`${l.code}\``];
  if (row.measured) {
    const split = Object.entries(l.by_graph)
      .sort(([a], [b]) => (KIND_ORDER[a] ?? 9) - (KIND_ORDER[b] ?? 9))
      .map(([k, v]) => `${k} ${formatUs(v)}`)
      .join(' · ');
    parts.push(`${formatUs(l.share_us ?? 0)} (${pct(l.percent)} of ${formatUs(answer?.total_us ?? 0)} measured${runsText(answer)})` + (split ? ` — ${split}` : ''));
    parts.push("each launch's measured time split across its model lines: the rows add up to what was measured");
    if (l.eager_us) {
      parts.push(`${timeSplit(l, stepsOf(answer))}: eager is the device time launched at this line outside compiled code; lines rank by compiled share + eager`);
    }
  } else {
    parts.push('no profile: ranked by kernel launches, not time (Open Profile… adds measured time)');
  }
  parts.push(`${l.kernels} kernel${l.kernels === 1 ? '' : 's'} · ${l.launches} launches · ${l.ops} ops`);
  if (l.caller) {
    parts.push(`called from ${l.caller.basename}:${l.caller.line + 1} \`${l.caller.code}\``);
  }
  if (!l.uri) {
    parts.push(`*not found on this machine: ${l.file}*`);
  }
  return parts.join('\n\n');
}

export function runsText(answer: HotLinesAnswer | undefined): string {
  const runs = answer?.runs ?? [];
  if (!runs.length) {
    return '';
  }
  const lo = Math.min(...runs);
  const hi = Math.max(...runs);
  return lo === hi ? ` over ${hi} profiled run${hi === 1 ? '' : 's'}` : ` over ${lo}-${hi} profiled runs`;
}

/** The call row's label and description: `your call · models.py:140` / `1.1 ms · 100% · compile 0/0, 0/1`. */
export function callLabel(call: HotCall): string {
  return `your call · ${call.basename}:${call.line + 1}`;
}

export function callDescription(call: HotCall): string {
  const time = call.measured_us !== null ? `${formatUs(call.measured_us)} · ${pct(call.percent)} · ` : '';
  return `${time}${call.kernels} kernels · compile ${call.compile_ids.join(', ')} · ${call.code}`;
}

/**
 * The heat level (1..HEAT_LEVELS) of each line of one file: by percent of the measured total
 * (without a profile, by launches relative to the busiest line), on a log-like scale so that a
 * 1% line is visibly warmer than a 0.01% one.
 */
export function heatOf(answer: HotLinesAnswer | undefined, fileUri: string): Map<number, number> {
  const out = new Map<number, number>();
  if (!answer) {
    return out;
  }
  const busiest = Math.max(1, ...answer.rows.map((r) => r.launches));
  for (const row of answer.rows) {
    if (row.uri !== fileUri) {
      continue;
    }
    const percent = answer.measured ? (row.percent ?? 0) : (100 * row.launches) / busiest / 4;
    const level = percent >= 10 ? 5 : percent >= 4 ? 4 : percent >= 1 ? 3 : percent >= 0.25 ? 2 : 1;
    out.set(row.line, Math.max(out.get(row.line) ?? 0, level));
  }
  return out;
}

/**
 * The gutter icon of a heat level (media/): measured time is a solid bar from pale to red
 * (`heat-N.svg`); without a profile the ranking is by launches, not time, and its mark is another
 * shape in another colour (a hollow blue bar holding N dots, `launches-N.svg`), so that it is not
 * read as time, nor confused with the red and orange of compile-health and rank warnings.
 */
export function heatIcon(measured: boolean, level: number): string {
  return `${measured ? 'heat' : 'launches'}-${level}.svg`;
}

/** The overview ruler's colour of a heat level (warm for time, blues for launches). */
export function heatRulerColor(measured: boolean, level: number): string {
  const warm = ['#f2d28b', '#f5b35c', '#f08a3c', '#e2552b', '#c81e1e'];
  const blue = ['#c6dbf1', '#9cc0e6', '#6fa2d9', '#4f8bd0', '#3d7cc9'];
  return (measured ? warm : blue)[level - 1];
}

/** The Hot Lines view's message: `1.1 ms measured over 3 profiled runs · 42 model lines`, or what is missing. */
export function viewMessage(answer: HotLinesAnswer | undefined): string | undefined {
  if (!answer) {
    return undefined;
  }
  if (!answer.rows.length) {
    return 'No model line produced a kernel in the open traces.';
  }
  const lines = `${answer.rows.length + (answer.more ?? 0)} model lines`;
  if (!answer.measured) {
    return `No profile: ${lines} ranked by kernel launches, not time (Open Profile… adds measured time).`;
  }
  const step = answer.steps?.length ? `${answer.steps.map((s) => s.line.split('. ')[0]).join('; ')}. ` : '';
  return `${step}${formatUs(answer.total_us ?? 0)}${answer.clock === 'cpu' ? ' CPU' : ''} measured${runsText(answer)} · ${lines} · each launch's time split across its lines`;
}
