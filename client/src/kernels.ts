/**
 * How a kernel is named and described in the UI (Kernels view, Go to Kernel…), in the field's
 * terms: kind, launches, ATen ops, model line, measured time.
 */
import * as path from 'path';
import type { QuickPickItem } from 'vscode';
import type { Measured, Kernel, KernelPage, SourceFrame } from './protocol';

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

/** The prefix PyTorch gives every TORCH_TRACE log (`torch/_logging/_internal.py`): the same on every trace. */
const TRACE_PREFIX = 'dedicated_log_torch_trace_';

/**
 * A trace's label in the views: its log's file name without PyTorch's fixed prefix
 * (`1k56b5ev.log`, `rank_0_azls06h5.log`), so the part that tells two traces apart is what a
 * ~300 px side bar shows; the full path is in the tooltip. Other names (a debug folder, a renamed
 * log) are kept whole.
 */
export function traceLabel(tracePath: string): string {
  const base = path.basename(tracePath);
  return base.startsWith(TRACE_PREFIX) && base.length > TRACE_PREFIX.length ? base.slice(TRACE_PREFIX.length) : base;
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

/** The longest short kernel name before its middle is elided. */
export const SHORT_NAME_MAX = 30;

/**
 * A kernel's name in a few characters, its ends kept (the fused ops it starts with, its index):
 * `extern_kernels.mm` → `mm`, `torch.ops.aten.convolution_backward.default` → `convolution_backward`,
 * `aoti_torch_cuda_mm_out` → `mm_out`, `triton_poi_fused_add_addmm_relu_1` → `poi add_addmm_relu_1`,
 * `triton_poi_fused__scaled_dot_product_efficient_attention_cat_3` → `poi _scaled_dot_pr…on_cat_3`.
 * `withHandle` appends the debug handle (`mm:9`).
 */
export function kernelShortName(kernel: Pick<Kernel, 'name' | 'key'>, withHandle = false): string {
  let name = kernel.name
    .replace(/^extern_kernels\./, '')
    .replace(/^torch\.ops\.(aten\.)?/, '')
    .replace(/^aten\./, '')
    .replace(/^aoti_torch_[a-z]+_/, '')
    .replace(/\.default$/, '')
    .replace(/^triton_([a-z]+)_fused_/, '$1 ')
    .replace(/^cpp_fused_/, 'cpp ');
  if (name.length > SHORT_NAME_MAX) {
    const head = Math.ceil((SHORT_NAME_MAX - 1) * 0.55);
    name = `${name.slice(0, head)}…${name.slice(name.length - (SHORT_NAME_MAX - 1 - head))}`;
  }
  const handle = kernel.key.startsWith(`${kernel.name}:`) ? kernel.key.slice(kernel.name.length) : '';
  return withHandle ? name + handle : name;
}

/** `models.py:23 +2`: the first model line and how many more. */
export function modelLinesText(kernel: Kernel): string | undefined {
  if (!kernel.model_lines.length) {
    return undefined;
  }
  const more = kernel.model_lines.length > 1 ? ` +${kernel.model_lines.length - 1}` : '';
  return frameLabel(kernel.model_lines[0]) + more;
}

/**
 * `transformer.h.0.attn.c_attn`, `transformer.wte (shared)`, `conv1 + bn1`,
 * `bert.encoder.layer.*.attention.self.{query,key,value}, … (14 modules)`; undefined without one.
 */
export function moduleText(kernel: Kernel): string | undefined {
  // the server's rule (provenance/modules.py module_text): a prefix and a count, never 52 names
  const mods = kernel.modules ?? [];
  let text: string | undefined;
  if (mods.length <= 1) text = kernel.module ?? mods[0];
  else if (kernel.module) text = `${kernel.module}.* (${mods.length} modules)`;
  else if (mods.length === 2) text = mods.join(' + ');
  else {
    const [pattern, more] = modulePattern(mods);
    text = `${pattern}${more ? ', …' : ''} (${mods.length} modules)`;
  }
  return text ? text + (kernel.module_shared ? ' (shared)' : '') : undefined;
}

/**
 * The pattern of most of `modules` and whether some lie outside it (the server's
 * provenance/modules.py module_pattern): layer indices as `*`, one parent's modules as `{a,b,c}`,
 * the parent holding the most: `bert.encoder.layer.*.attention.self.{query,key,value}`.
 */
export function modulePattern(modules: readonly string[]): [string, boolean] {
  const leaves = new Map<string, string[]>();
  const counts = new Map<string, number>();
  for (const mod of modules) {
    const parts = mod.split('.').map((p) => (/^\d+$/.test(p) ? '*' : p));
    const parent = parts.slice(0, -1).join('.');
    const leaf = parts[parts.length - 1];
    const seen = leaves.get(parent) ?? [];
    if (!seen.includes(leaf)) seen.push(leaf);
    leaves.set(parent, seen);
    counts.set(parent, (counts.get(parent) ?? 0) + 1);
  }
  let best = '';
  let most = -1;
  for (const [parent, n] of counts) {
    if (n > most) {
      best = parent;
      most = n;
    }
  }
  const names = leaves.get(best) ?? [];
  const leaf = names.length === 1 ? names[0] : `{${names.join(',')}}`;
  return [best ? `${best}.${leaf}` : leaf, leaves.size > 1];
}

/**
 * The Kernels view's label: the measured time first, then what tells the rows apart at the
 * default 300 px side bar — the module (or the model line when the graph names no module) — then
 * the short name (a dozen `convolution:N` rows differ by their module): `19.7 µs  conv2 ·
 * convolution:4`, `…h.0.attn.c_attn · addmm:4`, `3.6 µs  models.py:41 · poi max_pool2d_with_indices_1`.
 * The whole module path and name are in the tooltip.
 */
export function kernelLabel(kernel: Kernel, withHandle: boolean): string {
  const module = moduleText(kernel);
  const where = (module && shortModule(module)) ?? modelLinesText(kernel);
  const short = kernelShortName(kernel, withHandle);
  const name = where ? `${where} · ${short}` : short;
  const m = kernel.measured;
  return m ? `${formatUs(m.total_us)}${m.clock === 'cpu' ? ' CPU' : ''}  ${name}` : name;
}

/**
 * A module path cut to its last two names for a ~300 px row (`…self_attn.q_proj` for
 * `model.layers.3.self_attn.q_proj`; a layer index keeps its list's name: `…h.0.mlp`), a count of
 * modules as `×3`, `(shared)` kept; the tooltip has it whole.
 */
export function shortModule(text: string): string {
  const m = /^(\S+?)((?:\.\*)?) \((\d+) modules\)$|^(\S+?)((?:\.\*)?)( \(shared\))?$/.exec(text);
  if (!m || text.includes(' + ')) return text;
  const [path, star, tail] = m[1] !== undefined ? [m[1], m[2], ` ×${m[3]}`] : [m[4], m[5], m[6] ?? ''];
  const parts = path.split('.');
  const keep = /^(\d+|\*)$/.test(parts[parts.length - 2] ?? '') ? 3 : 2;
  return parts.length > keep + 1 ? `…${parts.slice(-keep).join('.')}${star}${tail}` : `${path}${star}${tail}`;
}

/**
 * `3 runs · extern · 1 launch · models.py:23`: the Kernels view's description (what the label
 * leaves out: the model line when the label shows the module).
 */
export function kernelDescription(kernel: Kernel): string {
  const parts: string[] = [];
  if (kernel.measured) {
    parts.push(plural(kernel.measured.runs, 'run'));
  }
  parts.push(kernel.kind, plural(kernel.launches.length, 'launch'));
  const lines = modelLinesText(kernel);
  if (lines && moduleText(kernel)) {
    parts.push(lines);
  }
  if (inferredText(kernel)) {
    // its links were inferred from the code's dataflow (the README says how to get exact ones);
    // ambiguous where the inference had to choose
    parts.push(kernel.confidence === 'ambiguous' ? 'inferred (ambiguous)' : 'inferred');
  }
  return parts.join(' · ');
}

/** `v` as Python's `format(v, '.{digits}g')` writes it (the server's wording): `0.0071`, `5.1e-06`, `1e+03`. */
export function pythonG(v: number, digits: number): string {
  if (v === 0 || !Number.isFinite(v)) {
    return String(v);
  }
  const [mantissa, exp] = v.toExponential(digits - 1).split('e');
  const e = Number(exp);
  if (e < -4 || e >= digits) {
    return `${mantissa.replace(/\.?0+$/, '')}e${e < 0 ? '-' : '+'}${String(Math.abs(e)).padStart(2, '0')}`;
  }
  return Number(v.toPrecision(digits)).toString();
}

/** Sizes for people as the server's `text.format_bytes` words them: `1.57 MB`, `688 kB`, `88 B` (decimal units). */
export function formatBytes(n: number): string {
  for (const [unit, size] of [
    ['GB', 1e9],
    ['MB', 1e6],
    ['kB', 1e3],
  ] as const) {
    if (n >= size) {
      return `${pythonG(n / size, 3)} ${unit}`;
    }
  }
  return `${n.toFixed(0)} B`;
}

/**
 * A kernel's size per run and its mean time, as the server's hover says why it is latency-bound
 * (`text.latency_why`): `1.57 MB and 0.0071 GFLOP in 4.3 µs a run`; undefined without its bytes.
 */
export function sizeText(size: { bytes?: number | null; flops?: number | null }, m: Measured): string | undefined {
  if (size.bytes === null || size.bytes === undefined) {
    return undefined;
  }
  const flops = size.flops ? ` and ${pythonG(size.flops / 1e9, 2)} GFLOP` : '';
  return `${formatBytes(size.bytes)}${flops} in ${formatUs(m.mean_us)} a run`;
}

/**
 * How close to the device a measured kernel ran, as the server's hover says it:
 * `447 GB/s · 9% of H200 HBM · memory-bound`, `7.1 TFLOP/s · 11% of H200 FP32 · compute-bound`;
 * `12 GB/s (CPU time)`; a latency-bound kernel with its size per run (from `size`, the kernel's
 * `bytes`/`flops`) and its share of each roof; undefined when its bytes are unknown.
 */
export function speedText(m: Measured, size?: { bytes?: number | null; flops?: number | null }): string | undefined {
  if (m.gbps === null || m.gbps === undefined) {
    return undefined;
  }
  const sig = (v: number) => Number(v.toPrecision(3)).toString();
  const rate =
    m.bound === 'compute' && m.tflops !== null && m.tflops !== undefined
      ? m.tflops >= 1
        ? `${sig(m.tflops)} TFLOP/s`
        : `${sig(m.tflops * 1000)} GFLOP/s`
      : m.gbps >= 1000
        ? `${sig(m.gbps / 1000)} TB/s`
        : m.gbps >= 1
          ? `${sig(m.gbps)} GB/s`
          : `${sig(m.gbps * 1000)} MB/s`;
  if (m.clock === 'cpu') {
    return `${rate} (CPU time)`;
  }
  const parts = [rate];
  if (m.bound === 'latency' && m.device) {
    // below a tenth of both roofs: its size per run and its achieved share of each roof say why
    const share = (f: number | null | undefined) =>
      f === null || f === undefined ? '-' : f >= 0.01 ? `${Math.floor(f * 1000) / 10}%` : '<1%';
    const why = size ? sizeText(size, m) : undefined;
    const shares = `${share(m.hbm_fraction)} of ${m.device} HBM, ${share(m.compute_fraction)} of ${m.compute_roof ?? 'FP32'}`;
    return `${rate} · latency-bound (small kernel): ${why ? `${why}: ` : ''}${shares}`;
  }
  if (m.bound === 'neither' && m.device) {
    // as low, but too long a launch to be a small kernel (text.speed_text)
    const share = (f: number | null | undefined) =>
      f === null || f === undefined ? '-' : f >= 0.01 ? `${Math.floor(f * 1000) / 10}%` : '<1%';
    const why = size ? sizeText(size, m) : undefined;
    const shares = `${share(m.hbm_fraction)} of ${m.device} HBM, ${share(m.compute_fraction)} of ${m.compute_roof ?? 'FP32'}`;
    return `${rate} · below a tenth of both roofs, not a small kernel (memory and compute bandwidth do not limit it): ${why ? `${why}: ` : ''}${shares}`;
  }
  if (m.peak_fraction !== null && m.peak_fraction !== undefined && m.device) {
    const roof = m.roof ?? 'HBM';
    parts.push(m.peak_fraction >= 0.01 ? `${Math.round(m.peak_fraction * 100)}% of ${m.device} ${roof}` : `<1% of ${m.device} ${roof}`);
    if (roof === 'HBM' && m.peak_fraction > 1) {
      // the bytes are the arguments'; part of them came from L2 (text.speed_text)
      parts[parts.length - 1] += ', above its peak: part of it hit in L2';
    }
  }
  if (m.bound) {
    parts.push(`${m.bound}-bound`);
  }
  return parts.join(' · ');
}

/** Markdown tooltip: what the kernel fuses and where it came from. */
export function kernelTooltip(kernel: Kernel): string {
  const lines = [`**${kernel.name}** (${kernel.kind} kernel)`, ''];
  lines.push(`compile id \`${kernel.compile_id}\`, ${kernel.graph} graph, debug handle \`${kernel.key}\``, '');
  const module = moduleText(kernel);
  if (module) {
    const all = kernel.modules && kernel.modules.length > 1 ? ` (${kernel.modules.map((m) => `\`${m}\``).join(', ')})` : '';
    const shared = kernel.module_shared ? ' — a weight shared by several model lines (tied): its owner is named' : '';
    lines.push(`module: \`${kernel.module ?? module}\`${all}${shared}`, '');
  }
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
    const speed = speedText(m, kernel);
    if (speed) {
      lines.push(`**Against the device:** ${speed}`, '');
    }
  }
  lines.push(`${plural(kernel.launches.length, 'launch')}; provenance from ${kernel.provenance}`);
  return lines.join('\n');
}

export interface KernelPickItem extends QuickPickItem {
  kernel: Kernel;
}

/** A Go to Kernel… entry: name, ATen ops, model line, compile and graph. */
/** `inferred links` when a kernel's links were inferred from the code's dataflow, else undefined. */
export function inferredText(kernel: Kernel): string | undefined {
  if (!(kernel.provenance === 'inferred' || kernel.launches.some((l) => l.provenance === 'inferred'))) {
    return undefined;
  }
  return kernel.confidence === 'ambiguous' ? 'inferred links (ambiguous)' : 'inferred links';
}

export function kernelPickItem(kernel: Kernel): KernelPickItem {
  const where = `compile ${kernel.compile_id} ${kernel.graph} graph${kernel.rank !== null ? `, rank ${kernel.rank}` : ''}`;
  const model = kernel.model_lines.length ? modelLineText(kernel.model_lines[0]) : 'no model line';
  return {
    label: kernel.name,
    description: kernel.aten_ops.join(', '),
    detail: [model, moduleText(kernel), where, plural(kernel.launches.length, 'launch'), measuredText(kernel), inferredText(kernel)]
      .filter(Boolean)
      .join(' · '),
    kernel,
  };
}

/**
 * Fetches the Kernels view's data again while its traces count more kernels than its kernel
 * list holds (at most `tries` times, `waitMs` apart). The traces and the kernel pages are separate
 * requests: while a growing log is re-indexed, one can be answered from the snapshot before a
 * swap and the other after it, and the view would show a trace with nothing under it.
 */
export async function fetchConsistent<T extends { traces: readonly { kernels?: number }[]; kernels: readonly unknown[] }>(
  fetch: () => Promise<T>,
  tries = 5,
  waitMs = 400,
): Promise<T> {
  let data = await fetch();
  for (let i = 1; i < tries && data.traces.reduce((n, t) => n + (t.kernels ?? 0), 0) > data.kernels.length; i++) {
    await new Promise((resolve) => setTimeout(resolve, waitMs));
    data = await fetch();
  }
  return data;
}

/** `0–3, 5, 7–9`: ranks, runs of three or more as a range (as the report prints them). */
export function rankList(ranks: readonly (number | null)[]): string {
  const sorted = ranks.filter((r): r is number => r !== null).sort((a, b) => a - b);
  const out: string[] = [];
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j] + 1) j++;
    if (j - i >= 2) out.push(`${sorted[i]}–${sorted[j]}`);
    else for (let k = i; k <= j; k++) out.push(String(sorted[k]));
    i = j + 1;
  }
  return out.join(', ');
}
