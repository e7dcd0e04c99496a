// Every unit test sees jest-mock-vscode's implementation of the `vscode` module (Uri, Range,
// TreeItem, EventEmitter, ThemeIcon, window/workspace mocks, ...).
import { vi } from 'vitest';

vi.mock('vscode', async () => {
  const { createVSCodeMock } = await import('jest-mock-vscode');
  return createVSCodeMock(vi);
});
