/**
 * Choosing the Python interpreter that runs the server, and checking that it is new enough.
 *
 * Order: the `inductorLens.interpreter` setting; else the Python extension's active environment
 * when that (optional) extension is installed; else `python3` from PATH.
 */
import { execFile } from 'child_process';
import { PythonExtension } from '@vscode/python-extension';
import type { Disposable, Uri } from 'vscode';
import { MIN_PYTHON, PYTHON_EXTENSION_ID } from './constants';
import { traceVerbose, traceWarn } from './logging';
import { getExtension } from './vscodeapi';

export type InterpreterSource = 'setting' | 'python-extension' | 'default';

export interface Interpreter {
  /** Executable followed by any extra arguments, e.g. `["/usr/bin/python3", "-X", "utf8"]`. */
  command: string[];
  source: InterpreterSource;
}

export const DEFAULT_PYTHON = 'python3';

/**
 * Returns the Python extension's API, or undefined when the extension is not installed or fails
 * to load. `PythonExtension.api()` throws when ms-python.python is absent, hence the guard.
 */
export async function getPythonExtensionApi(): Promise<PythonExtension | undefined> {
  if (!getExtension(PYTHON_EXTENSION_ID)) {
    return undefined;
  }
  try {
    return await PythonExtension.api();
  } catch (err) {
    traceWarn(`The Python extension is installed but its API is not available: ${err}`);
    return undefined;
  }
}

/** The executable of the Python extension's active environment for `resource`, if any. */
export async function getActiveEnvironmentPython(
  api: PythonExtension | undefined,
  resource: Uri | undefined,
): Promise<string | undefined> {
  if (!api) {
    return undefined;
  }
  try {
    const active = api.environments.getActiveEnvironmentPath(resource);
    const resolved = await api.environments.resolveEnvironment(active);
    return resolved?.executable.uri?.fsPath;
  } catch (err) {
    traceWarn(`Could not resolve the Python extension's active environment: ${err}`);
    return undefined;
  }
}

/** Picks the interpreter: setting, then the Python extension's environment, then `python3`. */
export async function resolveInterpreter(
  setting: readonly string[],
  api: PythonExtension | undefined,
  resource: Uri | undefined,
): Promise<Interpreter> {
  if (setting.length > 0 && setting[0].trim() !== '') {
    return { command: [...setting], source: 'setting' };
  }
  const fromExtension = await getActiveEnvironmentPython(api, resource);
  if (fromExtension) {
    return { command: [fromExtension], source: 'python-extension' };
  }
  return { command: [DEFAULT_PYTHON], source: 'default' };
}

/** Calls `listener` when the Python extension's active environment changes (no-op without it). */
export function onDidChangePythonEnvironment(
  api: PythonExtension | undefined,
  listener: () => unknown,
): Disposable | undefined {
  return api?.environments.onDidChangeActiveEnvironmentPath(() => listener());
}

export type VersionCheck =
  | { ok: true; version: string }
  | { ok: false; version?: string; message: string };

/** Parses `3.11.7`-style output; undefined when it is not a version. */
export function parseVersion(text: string): [number, number, number] | undefined {
  const match = /^(\d+)\.(\d+)\.(\d+)/.exec(text.trim());
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : undefined;
}

/** Judges a version string against MIN_PYTHON, with the message the user will see. */
export function judgeVersion(command: readonly string[], output: string): VersionCheck {
  const version = parseVersion(output);
  if (!version) {
    return { ok: false, message: `Could not read the version of ${command[0]} (it printed "${output.trim()}").` };
  }
  const text = version.join('.');
  const [major, minor] = MIN_PYTHON;
  if (version[0] < major || (version[0] === major && version[1] < minor)) {
    return {
      ok: false,
      version: text,
      message:
        `Inductor Lens needs Python ${major}.${minor} or newer to run its server, ` +
        `but ${command[0]} is Python ${text}. Set "inductorLens.interpreter" or select a newer interpreter.`,
    };
  }
  return { ok: true, version: text };
}

/** Runs the interpreter once to read its version (also proves that it can be started). */
export function checkPythonVersion(command: readonly string[], timeoutMs = 15000): Promise<VersionCheck> {
  const args = [...command.slice(1), '-c', 'import sys; print("%d.%d.%d" % sys.version_info[:3])'];
  return new Promise((resolve) => {
    execFile(command[0], args, { timeout: timeoutMs }, (err, stdout) => {
      if (err) {
        resolve({
          ok: false,
          message:
            `Inductor Lens could not run the Python interpreter "${command.join(' ')}": ${err.message}. ` +
            `Install Python ${MIN_PYTHON.join('.')} or newer, or set "inductorLens.interpreter".`,
        });
        return;
      }
      traceVerbose(`${command.join(' ')} is Python ${stdout.trim()}`);
      resolve(judgeVersion(command, stdout));
    });
  });
}
