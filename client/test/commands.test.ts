import { beforeEach, describe, expect, test, vi } from 'vitest';
import { Location, Position, Range, Uri } from 'vscode';
import { kernelTarget, registerCommands } from '../src/commands';
import * as api from '../src/vscodeapi';
import { kernel } from './helpers';

vi.mock('../src/vscodeapi');

/** Registers the commands against fakes and returns a way to run one. */
function setup(extra: Record<string, unknown> = {}) {
  const handlers = new Map<string, (...args: unknown[]) => unknown>();
  vi.mocked(api.registerCommand).mockImplementation((id, handler) => {
    handlers.set(id, handler);
    return { dispose: () => undefined };
  });
  // Converts LSP JSON as vscode-languageclient's protocol2CodeConverter does.
  const p2c = {
    asUri: (uri: string) => Uri.parse(uri),
    asPosition: (p: { line: number; character: number }) => new Position(p.line, p.character),
    asLocation: (l: { uri: string; range: { start: { line: number; character: number } } }) =>
      new Location(Uri.parse(l.uri), new Range(l.range.start.line, l.range.start.character, l.range.start.line, 0)),
  };
  const server = { running: { protocol2CodeConverter: p2c }, request: vi.fn(), requestRestart: vi.fn() };
  const kernels = { refresh: vi.fn(), kernels: [], setSort: vi.fn(), measuredTotalUs: null as number | null };
  registerCommands({ server, kernels, threePanel: {}, outputChannel: { show: vi.fn() }, ...extra } as never);
  return { run: (id: string, ...args: unknown[]) => handlers.get(id)!(...args), server, kernels };
}

const lspLocation = (path: string, line: number) => ({
  uri: `file://${path}`,
  range: { start: { line, character: 0 }, end: { line, character: 10 } },
});

beforeEach(() => {
  vi.mocked(api.showTextDocument).mockResolvedValue({} as never);
  vi.mocked(api.executeCommand).mockResolvedValue(undefined);
});

describe('code lens targets', () => {
  test('openLocations with several locations peeks them with editor.action.showReferences', async () => {
    const { run } = setup();
    await run('inductorLens.openLocations', 'file:///ws/models.py', { line: 25, character: 8 }, [
      lspLocation('/c/code.py', 212),
      lspLocation('/c/code.py', 225),
    ]);
    expect(api.executeCommand).toHaveBeenCalledTimes(1);
    const [command, uri, position, locations] = vi.mocked(api.executeCommand).mock.calls[0] as [
      string,
      Uri,
      Position,
      Location[],
    ];
    expect(command).toBe('editor.action.showReferences');
    expect(uri.fsPath).toBe('/ws/models.py');
    expect(position).toEqual(new Position(25, 8));
    expect(locations.map((l) => [l.uri.fsPath, l.range.start.line])).toEqual([
      ['/c/code.py', 212],
      ['/c/code.py', 225],
    ]);
  });

  test('openLocations with one location opens it', async () => {
    const { run } = setup();
    await run('inductorLens.openLocations', 'file:///ws/models.py', { line: 25, character: 0 }, [
      lspLocation('/c/code.py', 63),
    ]);
    expect(api.executeCommand).not.toHaveBeenCalled();
    const [uri, options] = vi.mocked(api.showTextDocument).mock.calls[0];
    expect(uri.fsPath).toBe('/c/code.py');
    expect((options!.selection as Range).start.line).toBe(63);
  });

  test('openLocation opens {uri, range}', async () => {
    const { run } = setup();
    await run('inductorLens.openLocation', lspLocation('/ws/models.py', 22));
    expect(vi.mocked(api.showTextDocument).mock.calls[0][0].fsPath).toBe('/ws/models.py');
  });
});

describe('other commands', () => {
  test('Restart Server asks the manager for a (coalesced) restart', async () => {
    const { run, server } = setup();
    await run('inductorLens.restartServer');
    expect(server.requestRestart).toHaveBeenCalledWith('the Restart Server command');
  });

  test('Open Trace… with a folder sends inductorLens/addTraces, remembers it and refreshes the view', async () => {
    const rememberTraces = vi.fn(async () => undefined);
    const { run, server, kernels } = setup({ rememberTraces });
    server.request.mockResolvedValue({ kernels: 7 });
    vi.mocked(api.showInformationMessage).mockResolvedValue(undefined);
    await run('inductorLens.openTrace', Uri.file('/runs/torch_trace'));
    expect(server.request.mock.calls[0][0].method).toBe('inductorLens/addTraces');
    expect(server.request.mock.calls[0][1]).toEqual({ paths: ['/runs/torch_trace'] });
    expect(rememberTraces).toHaveBeenCalledWith(['/runs/torch_trace']);
    expect(kernels.refresh).toHaveBeenCalled();
    expect(api.showInformationMessage).toHaveBeenCalledWith('Inductor Lens: 7 kernels indexed.');
  });

  test('Open Profile… asks for .json/.json.gz files, sends inductorLens/addProfiles and says how many kernels got times', async () => {
    const rememberProfiles = vi.fn(async () => undefined);
    const { run, server, kernels } = setup({ rememberProfiles });
    vi.mocked(api.showOpenDialog).mockResolvedValue([Uri.file('/runs/profile_trace.json')]);
    server.request.mockResolvedValue({ kernels: 16, profiles: ['/runs/profile_trace.json'] });
    kernels.refresh.mockImplementation(async () => {
      kernels.measuredTotalUs = 267.39;
    });
    vi.mocked(api.showInformationMessage).mockResolvedValue(undefined);
    await run('inductorLens.openProfile');
    const options = vi.mocked(api.showOpenDialog).mock.calls[0][0];
    expect(options).toMatchObject({ canSelectFiles: true, canSelectFolders: false, canSelectMany: true });
    expect(options.filters!['torch.profiler Chrome traces']).toEqual(['json', 'gz']);
    expect(server.request.mock.calls[0][0].method).toBe('inductorLens/addProfiles');
    expect(server.request.mock.calls[0][1]).toEqual({ paths: ['/runs/profile_trace.json'] });
    expect(rememberProfiles).toHaveBeenCalledWith(['/runs/profile_trace.json']);
    expect(kernels.refresh).toHaveBeenCalled();
    expect(api.executeCommand).toHaveBeenCalledWith('inductorLens.kernels.focus');
    expect(api.showInformationMessage).toHaveBeenCalledWith('Inductor Lens: 16 kernels measured, 267 µs of device time.');
  });

  test('Open Profile… with a file argument skips the dialog; no kernel joined warns', async () => {
    const { run, server } = setup({ rememberProfiles: vi.fn(async () => undefined) });
    server.request.mockResolvedValue({ kernels: 0, profiles: ['/other/p.json.gz'] });
    vi.mocked(api.showWarningMessage).mockResolvedValue(undefined);
    await run('inductorLens.openProfile', Uri.file('/other/p.json.gz'));
    expect(api.showOpenDialog).not.toHaveBeenCalled();
    expect(server.request.mock.calls[0][1]).toEqual({ paths: ['/other/p.json.gz'] });
    expect(vi.mocked(api.showWarningMessage).mock.calls[0][0]).toMatch(/no kernel got a measurement/);
  });

  test('Open Profile… cancelled sends nothing', async () => {
    const { run, server } = setup({ rememberProfiles: vi.fn() });
    vi.mocked(api.showOpenDialog).mockResolvedValue(undefined);
    await run('inductorLens.openProfile');
    expect(server.request).not.toHaveBeenCalled();
  });

  test('a failing command shows an error instead of rejecting silently', async () => {
    const { run, server } = setup({ rememberTraces: vi.fn() });
    server.request.mockRejectedValue(new Error('The Inductor Lens server is not running.'));
    vi.mocked(api.showErrorMessage).mockResolvedValue(undefined);
    await run('inductorLens.reindex');
    expect(api.showErrorMessage).toHaveBeenCalledWith('Inductor Lens: The Inductor Lens server is not running.');
  });

  test('Sort Compile Health… offers the orders, marks the current one and applies the pick', async () => {
    const setHealthSort = vi.fn();
    const { run } = setup({ kernels: { healthSortOrder: 'time', setHealthSort } });
    vi.mocked(api.showQuickPick).mockImplementation(async (items) => {
      const list = (await items) as unknown as Array<{ label: string; sort: string; picked: boolean }>;
      expect(list.map((i) => i.sort)).toEqual(['time', 'recompiles', 'breaks', 'compiles', 'name']);
      expect(list.filter((i) => i.picked).map((i) => i.sort)).toEqual(['time']);
      return list[1] as never;
    });
    await run('inductorLens.sortCompileHealth');
    expect(setHealthSort).toHaveBeenCalledWith('recompiles');
    vi.mocked(api.showQuickPick).mockResolvedValue(undefined);
    await run('inductorLens.sortCompileHealth');
    expect(setHealthSort).toHaveBeenCalledTimes(1);
  });

  test('kernelTarget: the definition, else the first launch (extern kernels)', () => {
    expect(kernelTarget(kernel({ definition: { path: '/c.py', line: 64 } }))).toMatchObject({
      position: new Position(63, 0),
    });
    const extern = kernelTarget(kernel({ launches: [{ path: '/c.py', line: 213 }] }))!;
    expect([extern.uri.fsPath, extern.position.line]).toEqual(['/c.py', 212]);
    expect(kernelTarget(kernel({}))).toBeUndefined();
  });
});
