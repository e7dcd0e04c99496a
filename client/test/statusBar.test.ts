import { describe, expect, test, vi } from 'vitest';
import type { StatusBarItem } from 'vscode';
import { describeStatus, StatusBar } from '../src/statusBar';
import * as api from '../src/vscodeapi';

vi.mock('../src/vscodeapi');

describe('describeStatus', () => {
  test('indexing spins', () => {
    const view = describeStatus({ state: 'indexing', kernels: 0, traces: 1, errors: 0, message: '' });
    expect(view.text).toBe('$(sync~spin) Inductor Lens: indexing…');
    expect(view.error).toBe(false);
  });

  test('ready shows the kernel count and opens the Kernels view', () => {
    const view = describeStatus({ state: 'ready', kernels: 4, traces: 1, errors: 0, message: '' });
    expect(view.text).toBe('$(pulse) 4 kernels');
    expect(view.tooltip).toContain('4 kernels in 1 trace');
    expect(view.command).toBe('inductorLens.kernels.focus');
  });

  test('ready with measured kernels adds their device time', () => {
    const view = describeStatus({ state: 'ready', kernels: 16, traces: 1, errors: 0, message: '' }, 267.39);
    expect(view.text).toBe('$(pulse) 16 kernels · 267 µs');
    expect(view.tooltip).toContain('267 µs of measured device time');
    expect(describeStatus({ state: 'ready', kernels: 2, traces: 1, errors: 1 }, 1500).text).toBe(
      '$(pulse) 2 kernels · 1.5 ms $(warning) 1',
    );
    // Indexing does not show a time that may be stale.
    expect(describeStatus({ state: 'indexing', kernels: 0, traces: 1, errors: 0 }, 267.39).text).not.toContain('µs');
  });

  test('ready with skipped inputs points at the logs', () => {
    const view = describeStatus({ state: 'ready', kernels: 1, traces: 2, errors: 3, message: '' });
    expect(view.text).toBe('$(pulse) 1 kernel $(warning) 3');
    expect(view.tooltip).toContain('3 warnings while reading the traces');
    expect(view.command).toBe('inductorLens.showLogs');
  });

  test('ready names the count of compile problems (the server counts them off the trace records)', () => {
    // what the server sends for torch-2.14-cpu/graph_breaks + recompiles_health (tests/test_health_e2e.py)
    const status = { state: 'ready' as const, kernels: 28, traces: 2, errors: 0, problems: 15, graphBreaks: 3, recompiles: 11, failures: 1 };
    const view = describeStatus(status);
    expect(view.text).toBe('$(pulse) 28 kernels · $(flame) 15 compile problems');
    expect(view.tooltip).toContain('Compile health: 3 graph breaks, 11 recompiles, 1 failure');
    // why the Problems view lists fewer: open files only, where the line still reads as traced
    expect(view.tooltip).toContain('The Problems view lists those of the open files, where the line still reads as in the trace');
    expect(view.command).toBe('inductorLens.kernels.focus');
    expect(describeStatus({ ...status, problems: 1, graphBreaks: 1, recompiles: 0, failures: 0 }).text).toBe(
      '$(pulse) 28 kernels · $(flame) 1 compile problem',
    );
    expect(describeStatus({ ...status, problems: 0 }).text).toBe('$(pulse) 28 kernels');
    expect(describeStatus({ ...status, errors: 2 }).text).toBe('$(pulse) 28 kernels $(warning) 2 · $(flame) 15 compile problems');
  });

  test("a library's own graph breaks are counted apart from the user's problems (issue 50 item 5)", () => {
    // what the server sends for ../shared/traces/torch-2.14-cpu/ddp (tests/lsp/test_rank_problems.py): its 6
    // graph breaks are all DDP's own (distributed.py, contextlib.py), none at the user's code
    const ddp = { state: 'ready' as const, kernels: 8, traces: 2, errors: 0, problems: 6, graphBreaks: 6, recompiles: 0, failures: 0 };
    const view = describeStatus({ ...ddp, libraryGraphBreaks: 6, userProblems: 0 });
    expect(view.text).toBe('$(pulse) 8 kernels · 6 in libraries');
    expect(view.tooltip).toContain("6 graph breaks on PyTorch's or a library's own lines");
    expect(view.tooltip).toContain('0 problems at your code');
    // the user's own problems keep the flame, the library's are counted beside them
    expect(describeStatus({ ...ddp, problems: 9, libraryGraphBreaks: 6, userProblems: 3 }).text).toBe(
      '$(pulse) 8 kernels · $(flame) 3 compile problems · 6 in libraries',
    );
  });

  test('error is an error with the message', () => {
    const view = describeStatus({ state: 'error', kernels: 0, traces: 0, errors: 1, message: 'bad log' });
    expect(view).toMatchObject({ text: '$(warning) Inductor Lens', error: true, command: 'inductorLens.showLogs' });
    expect(view.tooltip).toContain('bad log');
  });
});

describe('StatusBar', () => {
  test('the measured time shows once the server is ready, and follows later fetches', () => {
    const item = { show: vi.fn(), dispose: vi.fn() } as unknown as StatusBarItem;
    vi.mocked(api.createStatusBarItem).mockReturnValue(item);
    const bar = new StatusBar();
    bar.setMeasured(100);
    expect(item.text).toBe('$(sync~spin) Inductor Lens: starting…');
    bar.update({ state: 'ready', kernels: 16, traces: 1, errors: 0 });
    expect(item.text).toBe('$(pulse) 16 kernels · 100 µs');
    bar.setMeasured(267.39);
    expect(item.text).toBe('$(pulse) 16 kernels · 267 µs');
    bar.setMeasured(null);
    expect(item.text).toBe('$(pulse) 16 kernels');
    bar.failed('gone');
    bar.setMeasured(5);
    expect(item.text).toBe('$(warning) Inductor Lens');
  });
});

describe('inferred links are said in the status bar', () => {
  test('a count in the text and what it means in the tooltip', () => {
    const view = describeStatus({ state: 'ready', kernels: 28, traces: 1, errors: 0, inferred: 5 });
    expect(view.text).toBe('$(pulse) 28 kernels · 5 inferred');
    expect(view.tooltip).toContain('5 kernels with inferred links');
    expect(view.tooltip).toContain('INDUCTOR_PROVENANCE=1');
  });
});
