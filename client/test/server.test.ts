import * as path from 'path';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { LogOutputChannel } from 'vscode';
import type { LanguageClient, LanguageClientOptions, ServerOptions } from 'vscode-languageclient/node';
import * as python from '../src/python';
import type { ServerStatus } from '../src/protocol';
import { buildServerLaunch, RestartQueue, ServerManager } from '../src/server';
import * as api from '../src/vscodeapi';
import { fakeConfiguration, folder } from './helpers';

vi.mock('../src/vscodeapi');
vi.mock('../src/python', async (importOriginal) => ({
  ...(await importOriginal<typeof python>()),
  getPythonExtensionApi: vi.fn(async () => undefined),
  checkPythonVersion: vi.fn(async () => ({ ok: true, version: '3.11.2' })),
}));

describe('RestartQueue', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  test('a burst of requests runs once', async () => {
    const run = vi.fn(async () => undefined);
    const queue = new RestartQueue(run, 500);
    const done = Promise.all([queue.request(), queue.request(), queue.request()]);
    await vi.advanceTimersByTimeAsync(499);
    expect(run).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await done;
    expect(run).toHaveBeenCalledTimes(1);
  });

  test('requests during a run cause exactly one more run after it', async () => {
    let finish!: () => void;
    const run = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const queue = new RestartQueue(run, 10);
    const first = queue.request();
    await vi.advanceTimersByTimeAsync(10);
    expect(run).toHaveBeenCalledTimes(1);
    const later = Promise.all([queue.request(), queue.request()]);
    await vi.advanceTimersByTimeAsync(10);
    expect(run).toHaveBeenCalledTimes(1); // still running: queued, not started
    finish();
    await first;
    await vi.advanceTimersByTimeAsync(0);
    expect(run).toHaveBeenCalledTimes(2);
    finish();
    await later;
    expect(run).toHaveBeenCalledTimes(2);
  });

  test('a failing run does not block later ones', async () => {
    const run = vi.fn().mockRejectedValueOnce(new Error('boom')).mockResolvedValue(undefined);
    const queue = new RestartQueue(run, 0);
    for (const _ of [1, 2]) {
      const done = queue.request();
      await vi.advanceTimersByTimeAsync(0);
      await done;
    }
    expect(run).toHaveBeenCalledTimes(2);
  });
});

describe('buildServerLaunch', () => {
  const libs = '/ext/bundled/libs';

  test('bundled: -m inductor_lens serve with bundled/libs first on PYTHONPATH', () => {
    const launch = buildServerLaunch(
      { command: ['/usr/bin/python3', '-X', 'utf8'], source: 'setting' },
      'useBundled',
      libs,
      { PYTHONPATH: '/mine', PATH: '/bin' },
    );
    expect(launch.command).toBe('/usr/bin/python3');
    expect(launch.args).toEqual(['-X', 'utf8', '-m', 'inductor_lens', 'serve']);
    expect(launch.env.PYTHONPATH).toBe(['/ext/bundled/libs', '/mine'].join(path.delimiter));
    expect(launch.env.PATH).toBe('/bin');
  });

  test('fromEnvironment leaves PYTHONPATH alone', () => {
    const launch = buildServerLaunch({ command: ['python3'], source: 'default' }, 'fromEnvironment', libs, {});
    expect(launch.env.PYTHONPATH).toBeUndefined();
    expect(launch.args).toEqual(['-m', 'inductor_lens', 'serve']);
  });

  test('keeps the server\'s byte code in the extension storage, also where the environment forbids writing it', () => {
    const base = { PYTHONDONTWRITEBYTECODE: '1', PATH: '/usr/bin' };
    const launch = buildServerLaunch({ command: ['python3'], source: 'default' }, 'useBundled', '/ext/bundled/libs', base, '/store/pycache');
    expect(launch.env.PYTHONDONTWRITEBYTECODE).toBeUndefined();
    expect(launch.env.PYTHONPYCACHEPREFIX).toBe('/store/pycache');
    expect(base.PYTHONDONTWRITEBYTECODE).toBe('1'); // the caller's environment is not touched
    const own = buildServerLaunch({ command: ['python3'], source: 'default' }, 'useBundled', '/l', { PYTHONPYCACHEPREFIX: '/mine' }, '/store/pycache');
    expect(own.env.PYTHONPYCACHEPREFIX).toBe('/mine');
  });
});

/** A LanguageClient stand-in that records how it was made and used. */
function fakeClientFactory() {
  const clients: Array<{
    serverOptions: ServerOptions;
    clientOptions: LanguageClientOptions;
    client: LanguageClient;
    notify: (method: string, params: unknown) => void;
  }> = [];
  const create = (serverOptions: ServerOptions, clientOptions: LanguageClientOptions) => {
    const handlers = new Map<string, (params: unknown) => void>();
    const client = {
      state: 1,
      start: vi.fn(async () => {
        client.state = 2;
      }),
      stop: vi.fn(async () => {
        client.state = 1;
      }),
      onNotification: vi.fn((type: { method: string }, handler: (params: unknown) => void) => {
        handlers.set(type.method, handler);
        return { dispose: () => undefined };
      }),
      onDidChangeState: vi.fn(),
      sendRequest: vi.fn(async () => []),
    };
    clients.push({
      serverOptions,
      clientOptions,
      client: client as unknown as LanguageClient,
      notify: (method, params) => handlers.get(method)?.(params),
    });
    return client as unknown as LanguageClient;
  };
  return { clients, create };
}

describe('ServerManager', () => {
  const proj = folder('/home/u/proj', 'proj');
  let factory: ReturnType<typeof fakeClientFactory>;
  let manager: ServerManager;

  beforeEach(() => {
    factory = fakeClientFactory();
    vi.mocked(api.getWorkspaceFolders).mockReturnValue([proj]);
    vi.mocked(api.isWorkspaceTrusted).mockReturnValue(true);
    vi.mocked(api.showErrorMessage).mockResolvedValue(undefined);
    vi.mocked(api.getConfiguration).mockReturnValue(
      fakeConfiguration({
        interpreter: ['/usr/bin/python3'],
        traces: ['${workspaceFolder}/torch_trace'],
        pathMappings: { '/workspace/proj': '${workspaceFolder}' },
      }),
    );
    manager = new ServerManager({
      extensionPath: '/ext',
      outputChannel: {} as LogOutputChannel,
      openedTraces: () => ['/opened.log'],
      openedProfiles: () => ['/opened/profile_trace.json'],
      createClient: factory.create,
      restartDelayMs: 5,
    });
  });

  afterEach(() => manager.dispose());

  test('start launches the configured interpreter with the initialization options', async () => {
    await manager.start();
    expect(factory.clients).toHaveLength(1);
    const { serverOptions, clientOptions, client } = factory.clients[0];
    expect(serverOptions).toMatchObject({
      command: '/usr/bin/python3',
      args: ['-m', 'inductor_lens', 'serve'],
      options: { cwd: '/home/u/proj' },
    });
    expect((serverOptions as { options: { env: NodeJS.ProcessEnv } }).options.env.PYTHONPATH).toMatch(
      /^\/ext\/bundled\/libs/,
    );
    expect(clientOptions.initializationOptions).toEqual({
      traces: ['/home/u/proj/torch_trace', '/opened.log'],
      pathMappings: { '/workspace/proj': '/home/u/proj' },
      sitePackages: [],
      discovery: { globs: [] },
      profiles: ['/opened/profile_trace.json'],
      trusted: true,
      tritonCache: [],
      ncuProfiles: [],
      workers: '',
    });
    expect(clientOptions.documentSelector).toEqual([{ scheme: 'file' }]);
    expect(client.start).toHaveBeenCalledTimes(1);
    expect(manager.running).toBe(client);
    // Opened traces and profiles travel in initializationOptions only (the server keeps them).
    expect(client.sendRequest).not.toHaveBeenCalled();
  });

  test('a burst of restart requests stops the old client and starts one new client', async () => {
    await manager.start();
    await Promise.all([manager.requestRestart('a'), manager.requestRestart('b'), manager.requestRestart('c')]);
    expect(factory.clients).toHaveLength(2);
    expect(factory.clients[0].client.stop).toHaveBeenCalledTimes(1);
    expect(manager.running).toBe(factory.clients[1].client);
  });

  test('server status notifications reach listeners, from every new client', async () => {
    const seen: ServerStatus[] = [];
    manager.onDidChangeStatus((s) => seen.push(s));
    await manager.start();
    factory.clients[0].notify('inductorLens/status', { state: 'indexing', kernels: 0, traces: 1, errors: 0 });
    await manager.requestRestart('test');
    factory.clients[1].notify('inductorLens/status', { state: 'ready', kernels: 4, traces: 1, errors: 0 });
    expect(seen.map((s) => s.state)).toEqual(['indexing', 'ready']);
  });

  test('a too-old Python is reported and no client is started', async () => {
    vi.mocked(python.checkPythonVersion).mockResolvedValueOnce({
      ok: false,
      version: '3.8.10',
      message: 'Inductor Lens needs Python 3.10 or newer',
    });
    const seen: ServerStatus[] = [];
    manager.onDidChangeStatus((s) => seen.push(s));
    await manager.start();
    expect(factory.clients).toHaveLength(0);
    expect(seen).toEqual([expect.objectContaining({ state: 'error', message: 'Inductor Lens needs Python 3.10 or newer' })]);
    expect(api.showErrorMessage).toHaveBeenCalledWith('Inductor Lens needs Python 3.10 or newer', 'Show Logs');
    await expect(manager.request({ method: 'inductorLens/kernels' } as never, {})).rejects.toThrow(
      'Inductor Lens needs Python 3.10 or newer',
    );
  });

  test('a server that fails to start is reported', async () => {
    const seen: ServerStatus[] = [];
    manager.onDidChangeStatus((s) => seen.push(s));
    const create = factory.create;
    const failing = (s: ServerOptions, c: LanguageClientOptions) => {
      const client = create(s, c);
      vi.mocked(client.start).mockRejectedValue(new Error('No module named inductor_lens'));
      return client;
    };
    manager.dispose();
    manager = new ServerManager({
      extensionPath: '/ext',
      outputChannel: {} as LogOutputChannel,
      openedTraces: () => [],
      createClient: failing,
    });
    manager.onDidChangeStatus((s) => seen.push(s));
    await manager.start();
    expect(seen[0]).toMatchObject({ state: 'error' });
    expect(seen[0].message).toContain('No module named inductor_lens');
  });
});
