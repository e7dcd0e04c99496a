/**
 * How close to the device: the Kernels view's sort by share of the device peak and the tooltip's
 * phrase, on the real profile_cnn report (SmallCNN training on an H200, torch.profiler beside it).
 */
import { describe, expect, it } from 'vitest';
import { kernelComparator } from '../src/kernelTreeModel';
import { kernelTooltip, speedText } from '../src/kernels';
import { profileCnn } from './helpers';
import * as fs from 'fs';
import * as path from 'path';
import type { Measured } from '../src/protocol';

describe('share of the device peak', () => {
  const { kernels } = profileCnn();
  const measured = kernels.filter((k) => k.measured);

  it('every measured kernel of the H200 run has GB/s, a roofline class and a share of peak', () => {
    expect(measured.length).toBe(16);
    for (const k of measured) {
      expect(k.measured?.device).toBe('H200');
      expect(['memory', 'compute', 'latency']).toContain(k.measured?.bound);
      expect(k.measured?.peak_fraction).toBeGreaterThanOrEqual(0); // (a 16-byte kernel rounds to 0)
    }
  });

  it('sorts furthest from peak first, unmeasured last', () => {
    const sorted = [...kernels].sort(kernelComparator('peak'));
    const shares = sorted.filter((k) => k.measured).map((k) => k.measured?.peak_fraction as number);
    expect(shares).toEqual([...shares].sort((a, b) => a - b));
    expect(sorted.slice(0, measured.length).every((k) => k.measured)).toBe(true);
  });

  it('says it as the server does: a small kernel below a tenth of both roofs is latency-bound, with its shares (issue 50 item 4)', () => {
    const bn = measured.find((k) => k.key === 'triton_red_fused__native_batch_norm_legit_functional_convolution_copy__relu_0:2' && k.graph === 'forward');
    expect(bn).toBeDefined();
    const m = bn!.measured!;
    expect(m.bound).toBe('latency');
    expect(m.hbm_fraction!).toBeLessThan(0.1);
    const pct = (f: number) => (f >= 0.01 ? `${Math.floor(f * 1000) / 10}%` : '<1%');
    const expected = `${Number(m.gbps!.toPrecision(3))} GB/s · latency-bound (small kernel): ${pct(m.hbm_fraction!)} of H200 HBM, `;
    expect(speedText(m)).toBe(`${expected}${pct(m.compute_fraction ?? 0)} of ${m.compute_roof ?? 'FP32'}`);
    // the tooltip says its size per run too, as the server's hover does (text.latency_why)
    const size = `${(bn!.bytes! / 1e6).toFixed(2)} MB in ${m.mean_us.toFixed(1)} µs a run: `;
    expect(bn!.bytes).toBe(1573440);
    expect(kernelTooltip(bn!)).toContain(`**Against the device:** ${expected.replace('(small kernel): ', `(small kernel): ${size}`)}`);
    // a convolution: its FLOPs held to the TF32 peak (cuDNN's default), latency-bound at this size too
    const conv = measured.find((k) => k.key === 'extern_kernels.convolution:4');
    expect(conv?.measured?.bound).toBe('latency');
    expect(speedText(conv!.measured!)).toMatch(/^[\d.]+ GB\/s · latency-bound \(small kernel\): [\d.]+% of H200 HBM, (<1|[\d.]+)% of TF32$/);

  });

  it("the Kernels view's tooltip gives a latency-bound kernel's size per run as the server's hover words it (issue 50 item 4)", () => {
    // the server's words for the same kernels (report --all on profile_cnn: text.latency_why)
    const said: Record<string, string> = {
      'extern_kernels.convolution:1': '624 kB and 0.0071 GFLOP in 4.3 µs a run: 3% of H200 HBM, <1% of TF32',
      'extern_kernels.addmm:7': '2.66 kB and 5.1e-06 GFLOP in 2.2 µs a run: <1% of H200 HBM, <1% of FP32',
      'triton_poi_fused_add_copy__4:8': '16 B in 0.9 µs a run: <1% of H200 HBM, <1% of FP32',
    };
    for (const [key, words] of Object.entries(said)) {
      const k = measured.find((x) => x.key === key && x.graph === 'forward')!;
      expect(k.measured?.bound).toBe('latency');
      expect(kernelTooltip(k)).toContain(`latency-bound (small kernel): ${words}`);
    }
    // every latency-bound kernel of the run: bytes and FLOPs per run from the kernel's own fields
    const latency = measured.filter((k) => k.measured?.bound === 'latency');
    expect(latency.length).toBe(15);
    for (const k of latency) {
      const tip = kernelTooltip(k);
      expect(tip).toMatch(/latency-bound \(small kernel\): [\d.]+ (B|kB|MB)( and [\d.e+-]+ GFLOP)? in [\d.]+ µs a run: /);
      expect(tip.includes(' GFLOP in ')).toBe(Boolean(k.flops)); // FLOPs said where the kernel has them
      expect(tip).toContain(` in ${k.measured!.mean_us.toFixed(1)} µs a run: `);
    }
  });
});

describe('below a tenth of both roofs, and above the HBM peak, on a real H100 run (vit_amp)', () => {
  // report --json's fields of three kernels and the server's words for them (text.speed_text);
  // tests/perf/test_roofline_words_gpu.py holds the fixture to the server's current answer
  const file = path.join(__dirname, 'fixtures', 'vit_amp.speed.json');
  const kernels: { key: string; bytes: number; flops: number | null; measured: Measured; said: string }[] = JSON.parse(
    fs.readFileSync(file, 'utf8'),
  ).kernels;

  it('says each as the server does: a small kernel, a long one (229 µs), one above the HBM peak', () => {
    expect(kernels.map((k) => k.measured.bound).sort()).toEqual(['latency', 'memory', 'neither']);
    for (const k of kernels) {
      expect(speedText(k.measured, k)).toBe(k.said);
    }
    const conv = kernels.find((k) => k.key === 'extern_kernels.convolution:4')!;
    expect(conv.measured.mean_us).toBeGreaterThan(200);
    expect(speedText(conv.measured, conv)).not.toContain('(small kernel)');
  });
});
