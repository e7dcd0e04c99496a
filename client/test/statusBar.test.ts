import { describe, expect, test } from 'vitest';
import { describeStatus } from '../src/statusBar';

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

  test('ready with skipped inputs points at the logs', () => {
    const view = describeStatus({ state: 'ready', kernels: 1, traces: 2, errors: 3, message: '' });
    expect(view.text).toBe('$(pulse) 1 kernel $(warning) 3');
    expect(view.tooltip).toContain('3 inputs skipped');
    expect(view.command).toBe('inductorLens.showLogs');
  });

  test('error is an error with the message', () => {
    const view = describeStatus({ state: 'error', kernels: 0, traces: 0, errors: 1, message: 'bad log' });
    expect(view).toMatchObject({ text: '$(warning) Inductor Lens', error: true, command: 'inductorLens.showLogs' });
    expect(view.tooltip).toContain('bad log');
  });
});
