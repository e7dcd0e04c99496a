/**
 * How a kernel is named and described in the UI (Kernels view, Go to Kernel…), in the field's
 * terms: kind, launches, ATen ops, model line, measured time.
 */
import * as path from 'path';
import type { QuickPickItem } from 'vscode';
import type { Kernel, KernelPage, SourceFrame } from './protocol';

/** Kernels per `inductorLens/kernels` page the client asks for (about 1-2 MB of JSON in summary). */
export const KERNEL_PAGE = 1000;

/**
 * Every kernel, fetched page by page with `fetchPage(offset, limit)` (the server's
 * `inductorLens/kernels` with `offset`/`limit`); a server that answers the whole list at once
 * (no paging) is taken as it is. Stops at a page that does not move on, so a wrong `next` cannot loop.
 */
export async function fetchAllKernels(
  fetchPage: (offset: number, limit: number) => Promise<KernelPage | Kernel[]>,
  limit = KERNEL_PAGE,
): Promise<Kernel[]> {
  const out: Kernel[] = [];
  let offset: number | null = 0;
  while (offset !== null) {
    const page: KernelPage | Kernel[] = await fetchPage(offset, limit);
    if (Array.isArray(page)) {
      return page;
    }
    out.push(...page.kernels);
    offset = page.next !== null && page.next > offset ? page.next : null;
  }
  return out;
}

/** `1 launch`, `2 launches`, `3 kernels`. */
export function plural(n: number, word: string): string {
  return `${n} ${n === 1 ? word : word.endsWith('ch') ? `${word}es` : `${word}s`}`;
}

/**
 * `models.py:23` for a source frame (the file's base name keeps it short). An unresolved frame's
 * path can be another OS's (`C:\\Users\\me\\proj\\models.py` from a Windows trace): both separators split it.
 */
export function frameLabel(frame: SourceFrame): string {
  const file = frame.resolved ?? frame.file;
  return `${frame.resolved ? path.basename(file) : path.win32.basename(file)}:${frame.line}`;
}

/** `models.py:23  y = self.fc1(x)`: a model line with its code. */
export function modelLineText(frame: SourceFrame): string {
  return frame.code ? `${frameLabel(frame)}  ${frame.code.trim()}` : frameLabel(frame);
}

/**
 * Device time for people, as the server writes it: `6.2 µs`, `41 µs` (from 100 µs), `1.3 ms`,
 * `2.05 s`.
 */
export function formatUs(us: number): string {
  if (us >= 1e6) {
    return `${(us / 1e6).toFixed(2)} s`;
  }
  if (us >= 1e3) {
    return `${(us / 1e3).toFixed(1)} ms`;
  }
  return us < 100 ? `${us.toFixed(1)} µs` : `${us.toFixed(0)} µs`;
}

/** Sum of the measured times, or null when none is measured. */
export function totalMeasured(times: ReadonlyArray<number | null | undefined>): number | null {
  const measured = times.filter((t): t is number => typeof t === 'number');
  return measured.length ? measured.reduce((a, b) => a + b, 0) : null;
}

/** `3 runs · 10.6 µs` (graph executions and total device time), or undefined without a profile. */
export function measuredText(kernel: Kernel): string | undefined {
  const m = kernel.measured;
  return m ? `${plural(m.runs, 'run')} · ${formatUs(m.total_us)}` : undefined;
}

/** `pointwise · 1 launch · 3 runs · 10.6 µs · models.py:23`: the Kernels view's description. */
export function kernelDescription(kernel: Kernel): string {
  const parts = [kernel.kind, plural(kernel.launches.length, 'launch')];
  const time = measuredText(kernel);
  if (time) {
    parts.push(time);
  }
  if (kernel.model_lines.length > 0) {
    const more = kernel.model_lines.length > 1 ? ` +${kernel.model_lines.length - 1}` : '';
    parts.push(frameLabel(kernel.model_lines[0]) + more);
  }
  return parts.join(' · ');
}

/** Markdown tooltip: what the kernel fuses and where it came from. */
export function kernelTooltip(kernel: Kernel): string {
  const lines = [`**${kernel.name}** (${kernel.kind} kernel)`, ''];
  lines.push(`compile id \`${kernel.compile_id}\`, ${kernel.graph} graph, debug handle \`${kernel.key}\``, '');
  if (kernel.aten_ops.length) {
    lines.push(`ATen ops: ${kernel.aten_ops.map((op) => `\`${op}\``).join(', ')}`, '');
  }
  if (kernel.post_grad_nodes.length) {
    lines.push(`post-grad FX nodes: ${kernel.post_grad_nodes.map((n) => `\`${n}\``).join(', ')}`, '');
  }
  if (kernel.model_lines.length) {
    lines.push('model lines:', ...kernel.model_lines.map((f) => `- \`${modelLineText(f)}\``), '');
  }
  const m = kernel.measured;
  if (m) {
    const clock = m.clock === 'cpu' ? 'CPU' : 'device';
    const events = m.events !== m.runs ? `, ${m.events} ${clock} kernels` : '';
    lines.push(
      `**Measured:** ${plural(m.runs, 'run')} · ${formatUs(m.total_us)} ${clock} time (${formatUs(m.mean_us)} per run${events})`,
      '',
    );
  }
  lines.push(`${plural(kernel.launches.length, 'launch')}; provenance from ${kernel.provenance}`);
  return lines.join('\n');
}

export interface KernelPickItem extends QuickPickItem {
  kernel: Kernel;
}

/** A Go to Kernel… entry: name, ATen ops, model line, compile and graph. */
export function kernelPickItem(kernel: Kernel): KernelPickItem {
  const where = `compile ${kernel.compile_id} ${kernel.graph} graph${kernel.rank !== null ? `, rank ${kernel.rank}` : ''}`;
  const model = kernel.model_lines.length ? modelLineText(kernel.model_lines[0]) : 'no model line';
  return {
    label: kernel.name,
    description: kernel.aten_ops.join(', '),
    detail: [model, where, plural(kernel.launches.length, 'launch'), measuredText(kernel)].filter(Boolean).join(' · '),
    kernel,
  };
}
