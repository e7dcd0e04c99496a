import { PythonExtension } from '@vscode/python-extension';
import { describe, expect, test, vi } from 'vitest';
import { Uri } from 'vscode';
import {
  checkPythonVersion,
  getPythonExtensionApi,
  judgeVersion,
  parseVersion,
  resolveInterpreter,
} from '../src/python';
import * as api from '../src/vscodeapi';

vi.mock('../src/vscodeapi');

/** A fake Python extension API whose active environment is `executable`. */
function fakePythonApi(executable: string | undefined): PythonExtension {
  return {
    environments: {
      getActiveEnvironmentPath: vi.fn(() => ({ id: 'env', path: executable ?? '' })),
      resolveEnvironment: vi.fn(async () => (executable ? { executable: { uri: Uri.file(executable) } } : undefined)),
      onDidChangeActiveEnvironmentPath: vi.fn(),
    },
  } as unknown as PythonExtension;
}

describe('resolveInterpreter', () => {
  const resource = Uri.file('/proj');

  test('the inductorLens.interpreter setting comes first, with its extra arguments', async () => {
    const python = fakePythonApi('/envs/py/bin/python');
    expect(await resolveInterpreter(['/opt/py/bin/python3', '-X', 'utf8'], python, resource)).toEqual({
      command: ['/opt/py/bin/python3', '-X', 'utf8'],
      source: 'setting',
    });
    expect(python.environments.getActiveEnvironmentPath).not.toHaveBeenCalled();
  });

  test("then the Python extension's active environment", async () => {
    const python = fakePythonApi('/envs/py/bin/python');
    expect(await resolveInterpreter([], python, resource)).toEqual({
      command: ['/envs/py/bin/python'],
      source: 'python-extension',
    });
    expect(python.environments.getActiveEnvironmentPath).toHaveBeenCalledWith(resource);
  });

  test('then python3, also when the extension resolves no environment or is absent', async () => {
    expect(await resolveInterpreter([''], fakePythonApi(undefined), resource)).toEqual({
      command: ['python3'],
      source: 'default',
    });
    expect(await resolveInterpreter([], undefined, resource)).toEqual({ command: ['python3'], source: 'default' });
  });

  test('an environment that fails to resolve falls back to python3', async () => {
    const python = fakePythonApi('/x');
    vi.mocked(python.environments.resolveEnvironment).mockRejectedValue(new Error('boom'));
    expect((await resolveInterpreter([], python, resource)).source).toBe('default');
  });
});

describe('getPythonExtensionApi', () => {
  test('does not call PythonExtension.api() when ms-python.python is not installed (it would throw)', async () => {
    vi.mocked(api.getExtension).mockReturnValue(undefined);
    expect(await getPythonExtensionApi()).toBeUndefined();
    expect(api.getExtension).toHaveBeenCalledWith('ms-python.python');
    expect(PythonExtension.api).not.toHaveBeenCalled();
  });

  test('returns the API when the extension is installed', async () => {
    const python = fakePythonApi('/p');
    vi.mocked(api.getExtension).mockReturnValue({} as never);
    vi.mocked(PythonExtension.api).mockResolvedValue(python);
    expect(await getPythonExtensionApi()).toBe(python);
  });

  test('swallows a failing API', async () => {
    vi.mocked(api.getExtension).mockReturnValue({} as never);
    vi.mocked(PythonExtension.api).mockRejectedValue(new Error('not activated'));
    expect(await getPythonExtensionApi()).toBeUndefined();
  });
});

describe('version check', () => {
  test('parseVersion', () => {
    expect(parseVersion('3.11.7\n')).toEqual([3, 11, 7]);
    expect(parseVersion('Python')).toBeUndefined();
  });

  test('3.10 and newer pass', () => {
    expect(judgeVersion(['python3'], '3.10.0')).toEqual({ ok: true, version: '3.10.0' });
    expect(judgeVersion(['python3'], '4.0.1').ok).toBe(true);
  });

  test('older than 3.10 gets a clear message', () => {
    const result = judgeVersion(['/usr/bin/python3.8'], '3.8.10');
    expect(result.ok).toBe(false);
    expect(result).toMatchObject({ version: '3.8.10' });
    expect(!result.ok && result.message).toBe(
      'Inductor Lens needs Python 3.10 or newer to run its server, but /usr/bin/python3.8 is Python 3.8.10. ' +
        'Set "inductorLens.interpreter" or select a newer interpreter.',
    );
  });

  test('checkPythonVersion runs the interpreter (this machine has python3 >= 3.10)', async () => {
    const result = await checkPythonVersion(['python3']);
    expect(result.ok).toBe(true);
  });

  test('checkPythonVersion passes the extra arguments before -c', async () => {
    const result = await checkPythonVersion(['python3', '-X', 'utf8']);
    expect(result.ok).toBe(true);
  });

  test('an interpreter that cannot run says so', async () => {
    const result = await checkPythonVersion(['/nonexistent/python']);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.message).toContain('could not run the Python interpreter "/nonexistent/python"');
  });
});
