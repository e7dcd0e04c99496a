/**
 * How a kernel is named and described in the UI (Kernels view, Go to Kernel…), in the field's
 * terms: kind, launches, ATen ops, model line, measured time.
 */
import * as path from 'path';
import type { QuickPickItem } from 'vscode';
import type { Kernel, SourceFrame } from './protocol';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** `models.py:23` for a source frame (the file's base name keeps it short). */
export function frameLabel(frame: SourceFrame): string {
  return `${path.basename(frame.resolved ?? frame.file)}:${frame.line}`;
}

/** `models.py:23  y = self.fc1(x)`: a model line with its code. */
export function modelLineText(frame: SourceFrame): string {
  return frame.code ? `${frameLabel(frame)}  ${frame.code.trim()}` : frameLabel(frame);
}

/** `12.3 µs` (mean device time per run), or undefined before a profile is loaded. */
export function measuredText(kernel: Kernel): string | undefined {
  if (!kernel.measured) {
    return undefined;
  }
  const us = kernel.measured.mean_us;
  return us >= 1000 ? `${(us / 1000).toFixed(2)} ms` : `${us.toFixed(1)} µs`;
}

/** `pointwise · 1 launch · 12.3 µs · models.py:23`: the Kernels view's description. */
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
    detail: `${model} · ${where} · ${plural(kernel.launches.length, 'launch')}`,
    kernel,
  };
}
