import { describe, expect, it, vi } from 'vitest';
import { fetchAllKernels, fetchConsistent } from '../src/kernels';
import type { Kernel, KernelPage } from '../src/protocol';
import { mlpInfer, profileCnn } from './helpers';

/** A server that pages `all` as inductor_lens/protocol.py kernels_page does. */
function pagingServer(all: Kernel[]) {
  const asked: Array<[number, number]> = [];
  const fetchPage = async (offset: number, limit: number): Promise<KernelPage> => {
    asked.push([offset, limit]);
    const kernels = all.slice(offset, offset + limit);
    const end = offset + kernels.length;
    return { kernels, total: all.length, next: end < all.length ? end : null };
  };
  return { asked, fetchPage };
}

describe('fetchAllKernels', () => {
  it('pages through the real profile_cnn kernels in order', async () => {
    const { kernels } = profileCnn();
    expect(kernels.length).toBe(16);
    const server = pagingServer(kernels);
    const got = await fetchAllKernels(server.fetchPage, 5);
    expect(got.map((k) => `${k.graph}/${k.key}`)).toEqual(kernels.map((k) => `${k.graph}/${k.key}`));
    expect(server.asked).toEqual([
      [0, 5],
      [5, 5],
      [10, 5],
      [15, 5],
    ]);
  });

  it('asks once when one page holds everything', async () => {
    const { kernels } = mlpInfer();
    const server = pagingServer(kernels);
    expect(await fetchAllKernels(server.fetchPage)).toEqual(kernels);
    expect(server.asked).toEqual([[0, 1000]]);
  });

  it('takes the whole list from a server that does not page', async () => {
    const { kernels } = mlpInfer();
    let calls = 0;
    const got = await fetchAllKernels(async () => {
      calls += 1;
      return kernels;
    });
    expect(got).toEqual(kernels);
    expect(calls).toBe(1);
  });

  it('stops at a page whose next offset does not move on', async () => {
    const { kernels } = mlpInfer();
    const got = await fetchAllKernels(async () => ({ kernels: kernels.slice(0, 2), total: 4, next: 0 }), 2);
    expect(got).toEqual(kernels.slice(0, 2));
  });
});

describe('fetchConsistent', () => {
  it('fetches again while the traces count kernels the kernel list lacks, then gives up', async () => {

    const answers = [
      { traces: [{ kernels: 2 }], kernels: [] },
      { traces: [{ kernels: 2 }], kernels: ['a', 'b'] },
    ];
    const fetch = vi.fn(async () => answers.shift()!);
    expect((await fetchConsistent(fetch, 5, 1)).kernels).toEqual(['a', 'b']);
    expect(fetch).toHaveBeenCalledTimes(2);
    const stale = vi.fn(async () => ({ traces: [{ kernels: 3 }], kernels: [] }));
    expect((await fetchConsistent(stale, 3, 1)).kernels).toEqual([]);
    expect(stale).toHaveBeenCalledTimes(3);
  });
});
