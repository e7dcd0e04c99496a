/**
 * How close to the device: the Kernels view's sort by share of the device peak and the tooltip's
 * phrase, on the real profile_cnn report (SmallCNN training on an H200, torch.profiler beside it).
 */
import { describe, expect, it } from 'vitest';
import { kernelComparator } from '../src/kernelTreeModel';
import { kernelTooltip, speedText } from '../src/kernels';
import { profileCnn } from './helpers';

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
    expect(kernelTooltip(bn!)).toContain(`**Against the device:** ${expected}`);
    // a convolution: its FLOPs held to the TF32 peak (cuDNN's default), latency-bound at this size too
    const conv = measured.find((k) => k.key === 'extern_kernels.convolution:4');
    expect(conv?.measured?.bound).toBe('latency');
    expect(speedText(conv!.measured!)).toMatch(/^[\d.]+ GB\/s · latency-bound \(small kernel\): [\d.]+% of H200 HBM, (<1|[\d.]+)% of TF32$/);
  });
});
