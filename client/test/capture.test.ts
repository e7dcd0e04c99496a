/**
 * Capture Trace…: what runs (active file, setting, launch configurations, earlier runs), the
 * command line it gets, and what happens when the run ends (the trace is indexed, the run is
 * remembered, the user is told). The task that runs the process is faked: it writes the
 * `capture.json` a real `inductor-lens capture` run wrote (fixtures/capture.*.json, from real runs
 * of a script that raises after compiling and of a Python without torch).
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { Uri } from 'vscode';
import {
  buildCaptureLaunch,
  type CapturedRun,
  type CaptureRecord,
  captureOutFolder,
  captureStamp,
  expandCommand,
  launchTargets,
  outcome,
  pickItems,
  settingTarget,
} from '../src/capture';
import { registerCommands } from '../src/commands';
import * as api from '../src/vscodeapi';
import { fakeConfiguration, folder } from './helpers';

vi.mock('../src/vscodeapi');

const fixture = (name: string): CaptureRecord =>
  JSON.parse(fs.readFileSync(path.join(__dirname, 'fixtures', `capture.${name}.json`), 'utf8'));

describe('what runs', () => {
  test('capture folders are named by local date and time, and never reused', () => {
    const date = new Date(2026, 10, 30, 9, 5, 7);
    expect(captureStamp(date)).toBe('20261130-090507');
    const taken = new Set([
      '/ws/inductor-lens-captures/20261130-090507',
      '/ws/inductor-lens-captures/20261130-090507-2',
    ]);
    expect(captureOutFolder('/ws', date, (p) => taken.has(p))).toBe('/ws/inductor-lens-captures/20261130-090507-3');
  });

  test('${interpreter} becomes every part of the interpreter command; ${file} and ${workspaceFolder} are expanded', () => {
    const python = ['/env/bin/python', '-X', 'utf8'];
    expect(
      expandCommand(['${interpreter}', '${file}', '--out=${workspaceFolder}/o'], python, '/ws', '/ws/a/t.py'),
    ).toEqual(['/env/bin/python', '-X', 'utf8', '/ws/a/t.py', '--out=/ws/o']);
    expect(
      settingTarget(['torchrun', '--nproc-per-node=2', '${fileDirname}/train.py'], python, '/ws', '/ws/a/t.py'),
    ).toEqual({
      label: 'torchrun --nproc-per-node=2 /ws/a/train.py',
      source: 'setting',
      command: ['torchrun', '--nproc-per-node=2', '/ws/a/train.py'],
      cwd: '/ws',
    });
    expect(settingTarget([], python, '/ws', undefined)).toBeUndefined();
  });

  test('Python launch configurations become commands with their args, cwd and env; others are skipped', () => {
    const targets = launchTargets(
      [
        {
          type: 'debugpy',
          request: 'launch',
          name: 'Train',
          program: '${workspaceFolder}/train.py',
          args: ['--steps', '3'],
          env: { A: '1' },
        },
        {
          type: 'python',
          request: 'launch',
          name: 'Module',
          module: 'pkg.main',
          args: '--fast  --x 1',
          cwd: '${workspaceFolder}/sub',
          python: '/other/python',
        },
        { type: 'python', request: 'attach', name: 'Attach', connect: { port: 5678 } },
        { type: 'node', request: 'launch', name: 'Node', program: 'x.js' },
      ],
      ['/env/bin/python'],
      '/ws',
      undefined,
    );
    expect(targets).toEqual([
      {
        label: 'Train',
        source: 'launch',
        command: ['/env/bin/python', '/ws/train.py', '--steps', '3'],
        cwd: '/ws',
        env: { A: '1' },
      },
      {
        label: 'Module',
        source: 'launch',
        command: ['/other/python', '-m', 'pkg.main', '--fast', '--x', '1'],
        cwd: '/ws/sub',
        env: undefined,
      },
    ]);
  });

  test('the capture command line: the interpreter runs inductor_lens capture with the bundled libraries, the program after --', () => {
    const target = { label: 't.py', source: 'file' as const, command: ['/env/bin/python', '/ws/t.py'], cwd: '/ws' };
    const launch = buildCaptureLaunch(
      { command: ['/env/bin/python', '-X', 'utf8'], source: 'setting' },
      'useBundled',
      '/ext/bundled/libs',
      { PYTHONPATH: '/user/lib' },
      target,
      '/ws/inductor-lens-captures/x',
      true,
    );
    expect(launch).toEqual({
      command: '/env/bin/python',
      args: [
        '-X',
        'utf8',
        '-m',
        'inductor_lens',
        'capture',
        '--out',
        '/ws/inductor-lens-captures/x',
        '--profile',
        '--',
        '/env/bin/python',
        '/ws/t.py',
      ],
      env: { PYTHONUNBUFFERED: '1', PYTHONPATH: `/ext/bundled/libs${path.delimiter}/user/lib` },
      cwd: '/ws',
    });
    const own = buildCaptureLaunch(
      { command: ['python3'], source: 'default' },
      'fromEnvironment',
      '/b',
      {},
      target,
      '/o',
      false,
    );
    expect(own.env).toEqual({ PYTHONUNBUFFERED: '1' });
    expect(own.args).not.toContain('--profile');
  });

  test('earlier runs are listed with their time, exit status and kernels, to run again', () => {
    const run: CapturedRun = {
      time: '2026-11-30T09:05:07.000Z',
      label: 'tiny.py',
      command: ['/env/bin/python', '/ws/tiny.py'],
      cwd: '/ws',
      profile: true,
      out: '/ws/inductor-lens-captures/20261130-090507',
      exitCode: 1,
      kernels: 2,
    };
    const [item] = pickItems([], [run]);
    expect(item.label).toBe('$(history) tiny.py');
    expect(item.description).toBe(`${new Date(run.time).toLocaleString()} · exit 1 · 2 kernels · profiled`);
    expect(item.detail).toBe('run again: /env/bin/python /ws/tiny.py');
    expect(item.target).toMatchObject({ source: 'history', command: run.command, cwd: '/ws', profile: true });
  });
});

describe('what the user is told (capture.json of real runs)', () => {
  test('a failing program: its exit status, and its trace is indexed', () => {
    expect(outcome('fail.py', 1, fixture('failed'))).toEqual({
      level: 'warning',
      text: 'Inductor Lens: fail.py exited with status 1; its trace is indexed: 2 kernels indexed.',
    });
  });

  test('no torch in the interpreter: said, with what to do in the editor', () => {
    const told = outcome('tiny2.py', 1, fixture('notorch'));
    expect(told.level).toBe('error');
    expect(told.text).toMatch(
      /^Inductor Lens: tiny2\.py exited with status 1 and wrote no trace\. no torch in the interpreter: \S+python3 \(Python 3\.\d+\.\d+\) cannot import torch, so nothing was compiled\. Select the interpreter of your PyTorch environment/,
    );
  });

  test('no capture.json: the capture itself did not run', () => {
    expect(outcome('t.py', 2, undefined).level).toBe('error');
  });
});

describe('the command', () => {
  let tmp: string;
  let history: CapturedRun[];
  const server = { request: vi.fn(), running: {} };
  const kernels = { refresh: vi.fn(), kernels: [] };

  function setup() {
    const handlers = new Map<string, (...args: unknown[]) => unknown>();
    vi.mocked(api.registerCommand).mockImplementation((id, handler) => {
      handlers.set(id, handler);
      return { dispose: () => undefined };
    });
    const rememberTraces = vi.fn();
    registerCommands({
      server,
      kernels,
      threePanel: {},
      outputChannel: {},
      rememberTraces,
      rememberProfiles: vi.fn(),
      capture: {
        extensionPath: '/ext',
        history: () => history,
        saveHistory: async (runs: CapturedRun[]) => {
          history = runs;
        },
      },
    } as never);
    return { run: (...args: unknown[]) => handlers.get('inductorLens.captureTrace')!(...args), rememberTraces };
  }

  /** The fake task: reads --out from the command line and writes a real run's capture.json there. */
  function fakeRun(record: CaptureRecord | undefined, exitCode: number) {
    vi.mocked(api.runProcessTask).mockImplementation(async (spec) => {
      const out = spec.args[spec.args.indexOf('--out') + 1];
      if (record) {
        fs.mkdirSync(out, { recursive: true });
        fs.writeFileSync(
          path.join(out, 'capture.json'),
          JSON.stringify({ ...record, trace_dir: path.join(out, 'trace') }),
        );
      }
      return exitCode;
    });
  }

  beforeEach(() => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'capture-'));
    history = [];
    server.request.mockReset().mockResolvedValue({ kernels: 2 });
    kernels.refresh.mockReset().mockResolvedValue(undefined);
    vi.mocked(api.isWorkspaceTrusted).mockReturnValue(true);
    vi.mocked(api.getWorkspaceFolders).mockReturnValue([folder(tmp)] as never);
    vi.mocked(api.getConfiguration).mockImplementation(() => fakeConfiguration({ interpreter: ['/env/bin/python'] }));
    const doc = { uri: Uri.file(path.join(tmp, 'tiny.py')), languageId: 'python', isDirty: false, save: vi.fn() };
    vi.mocked(api.getActiveTextEditor).mockReturnValue({ document: doc } as never);
    vi.mocked(api.withProgress).mockImplementation((_title, task) => task(() => undefined, {} as never));
    vi.mocked(api.executeCommand).mockResolvedValue(undefined);
  });

  test('runs the active file in a task, indexes its trace, remembers the run and says how it went', async () => {
    fakeRun(fixture('failed'), 1);
    const { run, rememberTraces } = setup();
    await run();
    expect(api.showQuickPick).not.toHaveBeenCalled(); // one thing to run: no question asked
    const spec = vi.mocked(api.runProcessTask).mock.calls[0][0];
    const out = spec.args[spec.args.indexOf('--out') + 1];
    expect(path.dirname(out)).toBe(path.join(tmp, 'inductor-lens-captures'));
    expect(spec).toMatchObject({ name: 'capture tiny.py', command: '/env/bin/python', cwd: tmp });
    expect(spec.args.slice(spec.args.indexOf('--'))).toEqual(['--', '/env/bin/python', path.join(tmp, 'tiny.py')]);
    expect(server.request.mock.calls[0][1]).toEqual({ paths: [path.join(out, 'trace')] });
    expect(rememberTraces).toHaveBeenCalledWith([path.join(out, 'trace')]);
    expect(kernels.refresh).toHaveBeenCalled();
    expect(api.showWarningMessage).toHaveBeenCalledWith(
      'Inductor Lens: tiny.py exited with status 1; its trace is indexed: 2 kernels indexed.',
    );
    expect(history).toMatchObject([
      {
        label: 'tiny.py',
        command: ['/env/bin/python', path.join(tmp, 'tiny.py')],
        out,
        exitCode: 1,
        kernels: 2,
        profile: false,
      },
    ]);
    expect(Number.isNaN(Date.parse(history[0].time))).toBe(false);
  });

  test('a run that wrote no trace indexes nothing and shows the error', async () => {
    fakeRun(fixture('notorch'), 1);
    const { run } = setup();
    await run();
    expect(server.request).not.toHaveBeenCalled();
    expect(vi.mocked(api.showErrorMessage).mock.calls[0][0]).toContain('no torch in the interpreter');
  });

  test('with earlier runs it asks what to capture, and an earlier run runs again as it was', async () => {
    fakeRun(fixture('failed'), 0);
    history = [
      {
        time: '2026-11-30T09:05:07.000Z',
        label: 'train',
        command: ['/p', 'train.py', '--x'],
        cwd: '/w',
        profile: true,
        out: '/w/o',
        exitCode: 0,
        kernels: 9,
      },
    ];
    vi.mocked(api.showQuickPick).mockImplementation(
      async (items) =>
        (items as unknown as Array<{ target: { source: string } }>).find((i) => i.target.source === 'history') as never,
    );
    const { run } = setup();
    await run();
    const offered = (vi.mocked(api.showQuickPick).mock.calls[0][0] as Array<{ label: string }>).map((i) => i.label);
    expect(offered).toEqual(['$(play) tiny.py', '$(history) train']);
    const spec = vi.mocked(api.runProcessTask).mock.calls[0][0];
    expect(spec.cwd).toBe('/w');
    expect(spec.args.slice(spec.args.indexOf('capture'))).toEqual([
      'capture',
      '--out',
      spec.args[spec.args.indexOf('--out') + 1],
      '--profile',
      '--',
      '/p',
      'train.py',
      '--x',
    ]);
    expect(history.map((r) => r.label)).toEqual(['train', 'train']);
  });

  test('refused in an untrusted workspace', async () => {
    vi.mocked(api.isWorkspaceTrusted).mockReturnValue(false);
    const { run } = setup();
    await run();
    expect(api.runProcessTask).not.toHaveBeenCalled();
    expect(vi.mocked(api.showWarningMessage).mock.calls[0][0]).toContain('trust this workspace');
  });
});
