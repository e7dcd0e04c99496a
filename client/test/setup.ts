// Every unit test sees jest-mock-vscode's implementation of the `vscode` module (Uri, Range,
// TreeItem, EventEmitter, ThemeIcon, window/workspace mocks, ...). Packages that `require('vscode')`
// from node_modules bypass that mock, so they are mocked here too.
import { vi } from 'vitest';

vi.mock('vscode', async () => {
  const { createVSCodeMock } = await import('jest-mock-vscode');
  // jest-mock-vscode has no Hover: VS Code's own shape (contents always an array)
  class Hover {
    contents: unknown[];
    constructor(
      contents: unknown,
      public range?: unknown,
    ) {
      this.contents = Array.isArray(contents) ? contents : [contents];
    }
  }
  return { Hover, ...createVSCodeMock(vi) };
});

vi.mock('@vscode/python-extension', () => ({ PythonExtension: { api: vi.fn() } }));

vi.mock('vscode-languageclient/node', () => ({
  LanguageClient: vi.fn(),
  State: { Stopped: 1, Running: 2, Starting: 3 },
  RevealOutputChannelOn: { Debug: 0, Info: 1, Warn: 2, Error: 3, Never: 4 },
}));
