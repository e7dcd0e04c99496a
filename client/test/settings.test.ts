import * as os from 'os';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import type { ConfigurationChangeEvent } from 'vscode';
import {
  buildInitializationOptions,
  expandConfigurationAnswer,
  expandSection,
  expandVariables,
  getAllSettings,
  getSettings,
  needsRestart,
  RESTART_SETTINGS,
} from '../src/settings';
import * as api from '../src/vscodeapi';
import { fakeConfiguration, folder } from './helpers';

vi.mock('../src/vscodeapi');

const proj = folder('/home/u/proj', 'proj');
const other = folder('/home/u/other', 'other', 1);

beforeEach(() => {
  vi.mocked(api.getWorkspaceFolders).mockReturnValue([proj, other]);
  vi.mocked(api.isWorkspaceTrusted).mockReturnValue(true);
});

describe('expandVariables', () => {
  test('workspace folder, named folder, user home and ~', () => {
    expect(expandVariables('${workspaceFolder}/torch_trace', proj)).toBe('/home/u/proj/torch_trace');
    expect(expandVariables('${workspaceFolder:other}/x', proj)).toBe('/home/u/other/x');
    expect(expandVariables('${userHome}/t', undefined)).toBe(`${os.homedir()}/t`);
    expect(expandVariables('~/t', undefined)).toBe(`${os.homedir()}/t`);
  });

  test('unknown variables and a missing folder are left for the server to report', () => {
    expect(expandVariables('${workspaceFolder:nope}/x', proj)).toBe('${workspaceFolder:nope}/x');
    expect(expandVariables('${workspaceFolder}/x', undefined)).toBe('${workspaceFolder}/x');
    expect(expandVariables('${env:IL_UNSET_VARIABLE}/x', proj, [proj], {})).toBe('${env:IL_UNSET_VARIABLE}/x');
  });

  test('environment variables', () => {
    expect(expandVariables('${env:RUNS}/tc', proj, [proj], { RUNS: '/data/runs' })).toBe('/data/runs/tc');
  });
});

describe('the section the server pulls (workspace/configuration) is expanded as initializationOptions are', () => {
  const section = {
    tritonCache: ['${workspaceFolder}/torchinductor/triton', '~/.triton/cache'],
    traces: ['${workspaceFolder:other}/trace'],
    pathMappings: { '/workspace/proj': '${workspaceFolder}' },
    discovery: { enabled: false, globs: ['${workspaceFolder}/x'] },
    workers: '',
  };

  test('paths of the section, for the folder of the scope', () => {
    expect(expandSection(section, proj)).toEqual({
      tritonCache: ['/home/u/proj/torchinductor/triton', `${os.homedir()}/.triton/cache`],
      traces: ['/home/u/other/trace'],
      pathMappings: { '/workspace/proj': '/home/u/proj' },
      discovery: { enabled: false, globs: ['${workspaceFolder}/x'] }, // globs are patterns, not paths
      workers: '',
    });
  });

  test('each item by its scopeUri; other sections and odd values pass as they are', () => {
    const answer = expandConfigurationAnswer(
      [
        { section: 'inductorLens', scopeUri: other.uri.toString() },
        { section: 'inductorLens' },
        { section: 'python' },
        { section: 'inductorLens' },
      ],
      [section, section, { path: '${workspaceFolder}' }, null],
    ) as Record<string, string[]>[];
    expect(answer[0].tritonCache[0]).toBe('/home/u/other/torchinductor/triton');
    expect(answer[1].tritonCache[0]).toBe('/home/u/proj/torchinductor/triton'); // no scope: the first folder
    expect(answer[2]).toEqual({ path: '${workspaceFolder}' });
    expect(answer[3]).toBeNull();
  });
});

describe('getSettings', () => {
  test('reads and expands every setting of a folder', () => {
    vi.mocked(api.getConfiguration).mockReturnValue(
      fakeConfiguration({
        interpreter: ['${workspaceFolder}/.venv/bin/python', '-X', 'utf8'],
        importStrategy: 'fromEnvironment',
        traces: ['${workspaceFolder}/torch_trace'],
        pathMappings: { '/workspace/proj': '${workspaceFolder}' },
        'discovery.globs': ['**/*.log'],
        profiles: ['${workspaceFolder}/prof.json'],
        compareWith: ['${workspaceFolder}/baseline'],
        workers: ' tcp://scheduler:8786 ',
        tritonCache: ['${workspaceFolder}/triton_cache'],
        ncuProfiles: ['${workspaceFolder}/profile.csv'],
      }),
    );
    expect(getSettings(proj)).toEqual({
      interpreter: ['/home/u/proj/.venv/bin/python', '-X', 'utf8'],
      importStrategy: 'fromEnvironment',
      traces: ['/home/u/proj/torch_trace'],
      pathMappings: { '/workspace/proj': '/home/u/proj' },
      discoveryGlobs: ['**/*.log'],
      profiles: ['/home/u/proj/prof.json'],
      compareWith: ['/home/u/proj/baseline'],
      tritonCache: ['/home/u/proj/triton_cache'],
      ncuProfiles: ['/home/u/proj/profile.csv'],
      workers: 'tcp://scheduler:8786',
    });
    expect(api.getConfiguration).toHaveBeenCalledWith('inductorLens', proj.uri);
  });

  test('defaults when nothing is set', () => {
    vi.mocked(api.getConfiguration).mockReturnValue(fakeConfiguration({}));
    expect(getSettings(proj)).toEqual({
      interpreter: [],
      importStrategy: 'useBundled',
      traces: [],
      pathMappings: {},
      discoveryGlobs: [],
      profiles: [],
      compareWith: [],
      tritonCache: [],
      ncuProfiles: [],
      workers: '',
    });
  });

  test('an untrusted workspace cannot choose the interpreter or import strategy', () => {
    vi.mocked(api.isWorkspaceTrusted).mockReturnValue(false);
    vi.mocked(api.getConfiguration).mockReturnValue(
      fakeConfiguration(
        { interpreter: ['./evil'], importStrategy: 'fromEnvironment', traces: ['t.log'], workers: 'tcp://evil:8786' },
        { interpreter: ['/usr/bin/python3'] },
      ),
    );
    const settings = getSettings(proj);
    expect(settings.interpreter).toEqual(['/usr/bin/python3']);
    expect(settings.importStrategy).toBe('useBundled');
    expect(settings.workers).toBe('');
    expect(settings.traces).toEqual(['t.log']);
  });

  test('getAllSettings reads each workspace folder', () => {
    vi.mocked(api.getConfiguration).mockImplementation(() =>
      fakeConfiguration({ traces: ['${workspaceFolder}/t'] }),
    );
    expect(getAllSettings().map((s) => s.traces)).toEqual([['/home/u/proj/t'], ['/home/u/other/t']]);
  });
});

describe('buildInitializationOptions', () => {
  test('merges folders and opened traces and profiles into the shape the server reads', () => {
    vi.mocked(api.getConfiguration).mockImplementation((_section, scope) =>
      fakeConfiguration({
        traces: ['${workspaceFolder}/torch_trace', '/shared/t.log'],
        pathMappings: { '/workspace/proj': '${workspaceFolder}' },
        'discovery.globs': ['**/dedicated_log_torch_trace*.log'],
        profiles: ['${workspaceFolder}/profile_trace.json'],
        scope,
      }),
    );
    const options = buildInitializationOptions(
      getAllSettings(),
      ['/opened/trace', '/shared/t.log'],
      ['/opened/p.json.gz', '/home/u/proj/profile_trace.json'],
    );
    expect(options).toEqual({
      traces: ['/home/u/proj/torch_trace', '/shared/t.log', '/home/u/other/torch_trace', '/opened/trace'],
      // The first folder's mapping wins.
      pathMappings: { '/workspace/proj': '/home/u/proj' },
      sitePackages: [],
      discovery: { globs: ['**/dedicated_log_torch_trace*.log'] },
      profiles: ['/home/u/proj/profile_trace.json', '/home/u/other/profile_trace.json', '/opened/p.json.gz'],
      trusted: true,
      tritonCache: [],
      ncuProfiles: [],
      workers: '',
    });
  });

  test('the first folder that names workers gives them to the server', () => {
    const folder = (workers: string) => ({ ...getSettings(proj), workers });
    vi.mocked(api.getConfiguration).mockReturnValue(fakeConfiguration({}));
    expect(buildInitializationOptions([folder(''), folder('local:4'), folder('tcp://other:8786')]).workers).toBe('local:4');
  });

  test('tells the server when the workspace is not trusted', () => {
    vi.mocked(api.isWorkspaceTrusted).mockReturnValue(false);
    expect(buildInitializationOptions([]).trusted).toBe(false);
  });
});

describe('needsRestart', () => {
  const change = (...keys: string[]): ConfigurationChangeEvent => ({
    affectsConfiguration: (section: string) => keys.some((k) => k === section || k.startsWith(`${section}.`)),
  });

  test('interpreter and import strategy restart the server', () => {
    expect(needsRestart(change('inductorLens.interpreter'))).toBe(true);
    expect(needsRestart(change('inductorLens.importStrategy'))).toBe(true);
  });

  test('traces, path mappings and trace level are pulled by the server without a restart', () => {
    expect(needsRestart(change('inductorLens.traces'))).toBe(false);
    expect(needsRestart(change('inductorLens.pathMappings'))).toBe(false);
    expect(needsRestart(change('inductorLens.trace.server'))).toBe(false);
    expect(needsRestart(change('editor.fontSize'))).toBe(false);
  });

  test('the restart list names real settings', () => {
    expect(RESTART_SETTINGS).toEqual(['inductorLens.interpreter', 'inductorLens.importStrategy']);
  });
});
