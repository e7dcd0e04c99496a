/**
 * *Inductor Lens: Capture Trace…*: runs a Python program under `inductor-lens capture` in a
 * terminal (a task), with the interpreter the extension runs its server with, then indexes the
 * trace it left: the status bar, the Kernels view and the model file's lenses follow.
 *
 * What runs: the active Python file, a command from the `inductorLens.capture.command` setting,
 * or a Python launch configuration (program or module, with its args, cwd and env); earlier
 * captures of this workspace are listed with their time and command and can be run again.
 * The command line is `<python> -m inductor_lens capture --out <folder>/inductor-lens-captures/
 * <stamp> [--profile] -- <command>` (see server/inductor_lens/capture.py), whose `capture.json`
 * says how it went.
 */
import * as fs from 'fs';
import * as path from 'path';
import type { Disposable, QuickPickItem } from 'vscode';
import { Commands, KERNELS_VIEW_ID, SECTION, SERVER_MODULE } from './constants';
import { plural } from './kernels';
import type { KernelsTreeProvider } from './kernelsTree';
import { traceError, traceInfo } from './logging';
import { addTracesRequest } from './protocol';
import { getPythonExtensionApi, type Interpreter, resolveInterpreter } from './python';
import type { ServerManager } from './server';
import { expandVariables, getLaunchSettings, type ImportStrategy } from './settings';
import {
  executeCommand,
  getActiveTextEditor,
  getConfiguration,
  getWorkspaceFolders,
  isWorkspaceTrusted,
  registerCommand,
  runProcessTask,
  showErrorMessage,
  showInformationMessage,
  showQuickPick,
  showWarningMessage,
  withProgress,
} from './vscodeapi';

/** Folder, under the workspace folder, that holds one capture folder per run (as the CLI's default). */
export const CAPTURES_FOLDER = 'inductor-lens-captures';
/** Captured runs remembered per workspace. */
export const MAX_HISTORY = 20;

/** Something to capture: a command line and where it runs. */
export interface CaptureTarget {
  /** What the user sees: `tiny.py`, a launch configuration's name, the command. */
  label: string;
  source: 'file' | 'setting' | 'launch' | 'history';
  command: string[];
  cwd: string;
  env?: Record<string, string>;
  profile?: boolean;
}

/** A capture that ran, as remembered in the workspace state. */
export interface CapturedRun {
  /** ISO time it started. */
  time: string;
  label: string;
  command: string[];
  cwd: string;
  env?: Record<string, string>;
  profile: boolean;
  /** The capture folder (`<out>`; the trace is `<out>/trace`). */
  out: string;
  exitCode: number | null;
  kernels: number | null;
}

/** `<out>/capture.json`, written by `inductor-lens capture` (the fields the extension reads). */
export interface CaptureRecord {
  exit_status: number;
  signal: string | null;
  logs: string[];
  kernels: number;
  trace_dir: string;
  messages: Array<{ level: 'error' | 'warning' | 'info'; text: string }>;
}

/** `20261130-161452`: local date and time, as the CLI names its capture folders. */
export function captureStamp(date: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return (
    `${date.getFullYear()}${two(date.getMonth() + 1)}${two(date.getDate())}-` +
    `${two(date.getHours())}${two(date.getMinutes())}${two(date.getSeconds())}`
  );
}

/** A fresh capture folder under `<root>/inductor-lens-captures/` (`-2`, `-3`, … if taken). */
export function captureOutFolder(root: string, date: Date, exists: (p: string) => boolean = fs.existsSync): string {
  const base = path.join(root, CAPTURES_FOLDER, captureStamp(date));
  let out = base;
  for (let n = 2; exists(out); n++) {
    out = `${base}-${n}`;
  }
  return out;
}

/** The command line as a shell would show it. */
export function commandText(command: readonly string[]): string {
  return command.map((a) => (/^[\w@%+=:,./-]+$/.test(a) ? a : `'${a.replace(/'/g, `'\\''`)}'`)).join(' ');
}

/**
 * Expands `${interpreter}` (an argument of its own: replaced by the interpreter command's parts),
 * `${file}`, `${fileDirname}`, `${workspaceFolder}`, `${userHome}` in a command.
 */
export function expandCommand(
  command: readonly string[],
  python: readonly string[],
  folder: string | undefined,
  file: string | undefined,
): string[] {
  const out: string[] = [];
  for (const arg of command) {
    if (arg === '${interpreter}') {
      out.push(...python);
      continue;
    }
    let value = arg.replace(/\$\{interpreter\}/g, python[0]);
    if (file) {
      value = value.replace(/\$\{file\}/g, file).replace(/\$\{fileDirname\}/g, path.dirname(file));
    }
    if (folder) {
      value = value.replace(/\$\{workspaceFolder\}/g, folder);
    }
    out.push(expandVariables(value, undefined));
  }
  return out;
}

/** The active Python file, run as `<python> <file>` from its workspace folder (else its own folder). */
export function fileTarget(file: string, python: readonly string[], folder: string | undefined): CaptureTarget {
  return { label: path.basename(file), source: 'file', command: [...python, file], cwd: folder ?? path.dirname(file) };
}

/** The `inductorLens.capture.command` setting as a target, if set. */
export function settingTarget(
  setting: readonly string[],
  python: readonly string[],
  folder: string | undefined,
  file: string | undefined,
): CaptureTarget | undefined {
  if (!setting.length || !setting[0].trim()) {
    return undefined;
  }
  const command = expandCommand(setting, python, folder, file);
  return { label: commandText(command), source: 'setting', command, cwd: folder ?? process.cwd() };
}

interface LaunchConfiguration {
  type?: string;
  request?: string;
  name?: string;
  program?: string;
  module?: string;
  args?: string[] | string;
  cwd?: string;
  env?: Record<string, string>;
  python?: string;
}

/**
 * The Python launch configurations (`type` `python` or `debugpy`, `request` `launch`, with a
 * `program` or a `module`) as targets: `<python> <program> <args>` or `<python> -m <module> <args>`,
 * with their `cwd` and `env`; the configuration's own `python` replaces the interpreter.
 */
export function launchTargets(
  configurations: readonly unknown[],
  python: readonly string[],
  folder: string | undefined,
  file: string | undefined,
): CaptureTarget[] {
  const targets: CaptureTarget[] = [];
  for (const raw of configurations) {
    const c = raw as LaunchConfiguration;
    if (!c || (c.type !== 'python' && c.type !== 'debugpy') || c.request !== 'launch' || (!c.program && !c.module)) {
      continue;
    }
    const exe = c.python ? expandCommand([c.python], python, folder, file) : [...python];
    const args = typeof c.args === 'string' ? c.args.split(/\s+/).filter(Boolean) : (c.args ?? []);
    const head = c.program ? [c.program] : ['-m', c.module as string];
    const command = [...exe, ...expandCommand([...head, ...args], python, folder, file)];
    const cwd = c.cwd ? expandCommand([c.cwd], python, folder, file)[0] : (folder ?? process.cwd());
    const env = c.env ? Object.fromEntries(Object.entries(c.env).map(([k, v]) => [k, String(v)])) : undefined;
    targets.push({ label: c.name ?? commandText(command), source: 'launch', command, cwd, env });
  }
  return targets;
}

/** How the capture process is started: `<python> -m inductor_lens capture --out OUT [--profile] -- COMMAND`. */
export interface CaptureLaunch {
  command: string;
  args: string[];
  /** Added to the extension host's environment (the bundled server package on PYTHONPATH). */
  env: Record<string, string>;
  cwd: string;
}

export function buildCaptureLaunch(
  interpreter: Interpreter,
  importStrategy: ImportStrategy,
  bundledLibs: string,
  baseEnv: NodeJS.ProcessEnv,
  target: CaptureTarget,
  out: string,
  profile: boolean,
): CaptureLaunch {
  const env: Record<string, string> = { ...(target.env ?? {}), PYTHONUNBUFFERED: '1' };
  if (importStrategy === 'useBundled') {
    // as for the server; `capture` takes its own folder off the PYTHONPATH the program gets
    env.PYTHONPATH = [bundledLibs, target.env?.PYTHONPATH ?? baseEnv.PYTHONPATH].filter(Boolean).join(path.delimiter);
  }
  const [command, ...extra] = interpreter.command;
  const args = [
    ...extra,
    '-m',
    SERVER_MODULE,
    'capture',
    '--out',
    out,
    ...(profile ? ['--profile'] : []),
    '--',
    ...target.command,
  ];
  return { command, args, env, cwd: target.cwd };
}

/** Reads `<out>/capture.json`; undefined when the capture never got to write it. */
export function readCaptureRecord(out: string): CaptureRecord | undefined {
  try {
    return JSON.parse(fs.readFileSync(path.join(out, 'capture.json'), 'utf8')) as CaptureRecord;
  } catch {
    return undefined;
  }
}

/** A capture message with the CLI's advice replaced by the editor's. */
function inEditor(text: string): string {
  const at = text.indexOf(' Run the command with the Python of your PyTorch environment');
  if (text.startsWith('no torch in the interpreter') && at > 0) {
    return (
      `${text.slice(0, at)} Select the interpreter of your PyTorch environment (Python: Select Interpreter, ` +
      'or the "inductorLens.interpreter" setting), or set "inductorLens.capture.command".'
    );
  }
  return text.endsWith('.') ? text : `${text}.`;
}

/** What to tell the user once a capture ended: a level and one message. */
export function outcome(
  label: string,
  exitCode: number | undefined,
  record: CaptureRecord | undefined,
): { level: 'info' | 'warning' | 'error'; text: string } {
  if (!record) {
    const why = exitCode === undefined ? 'was stopped' : `ended with status ${exitCode}`;
    return {
      level: 'error',
      text: `Inductor Lens: capturing ${label} ${why} before a trace was recorded. See the terminal.`,
    };
  }
  const status = record.signal ? `was ended by ${record.signal}` : `exited with status ${record.exit_status}`;
  const problems = record.messages.filter((m) => m.level !== 'info' && !/^the command (exited|was ended)/.test(m.text));
  const told = problems.length ? ` ${problems.map((m) => inEditor(m.text)).join(' ')}` : '';
  if (!record.logs.length) {
    return { level: 'error', text: `Inductor Lens: ${label} ${status} and wrote no trace.${told}` };
  }
  const kernels = `${plural(record.kernels, 'kernel')} indexed`;
  if (record.exit_status !== 0 || record.signal) {
    return { level: 'warning', text: `Inductor Lens: ${label} ${status}; its trace is indexed: ${kernels}.${told}` };
  }
  return { level: problems.length ? 'warning' : 'info', text: `Inductor Lens: captured ${label}: ${kernels}.${told}` };
}

/** The quick pick's entries: targets first, then earlier runs (newest first). */
export function pickItems(
  targets: CaptureTarget[],
  history: readonly CapturedRun[],
): Array<QuickPickItem & { target: CaptureTarget }> {
  const icon = { file: '$(play)', setting: '$(gear)', launch: '$(debug-alt)', history: '$(history)' };
  const described = {
    file: 'the active file',
    setting: 'inductorLens.capture.command',
    launch: 'launch configuration',
  };
  const items: Array<QuickPickItem & { target: CaptureTarget }> = targets.map((t) => ({
    label: `${icon[t.source]} ${t.label}`,
    description: t.source === 'history' ? undefined : described[t.source],
    detail: commandText(t.command),
    target: t,
  }));
  for (const run of history) {
    const when = new Date(run.time).toLocaleString();
    const how = run.exitCode === null ? 'stopped' : `exit ${run.exitCode}`;
    const kernels = run.kernels === null ? '' : ` · ${plural(run.kernels, 'kernel')}`;
    items.push({
      label: `${icon.history} ${run.label}`,
      description: `${when} · ${how}${kernels}${run.profile ? ' · profiled' : ''}`,
      detail: `run again: ${commandText(run.command)}`,
      target: {
        label: run.label,
        source: 'history',
        command: run.command,
        cwd: run.cwd,
        env: run.env,
        profile: run.profile,
      },
    });
  }
  return items;
}

export interface CaptureDeps {
  server: ServerManager;
  kernels: KernelsTreeProvider;
  extensionPath: string;
  /** Captured runs of this workspace, newest first. */
  history: () => CapturedRun[];
  saveHistory: (runs: CapturedRun[]) => Thenable<void>;
  rememberTraces: (paths: string[]) => Thenable<void>;
  now?: () => Date;
}

/** Registers *Capture Trace…* (`inductorLens.captureTrace`). */
export function registerCaptureCommand(deps: CaptureDeps): Disposable {
  return registerCommand(Commands.captureTrace, async (given?: CaptureTarget) => {
    try {
      await captureTrace(deps, given);
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      traceError(message);
      void showErrorMessage(`Inductor Lens: ${message}`);
    }
  });
}

/** The targets the command offers now. */
export async function captureTargets(python: readonly string[]): Promise<CaptureTarget[]> {
  const editor = getActiveTextEditor();
  const doc = editor?.document;
  const file =
    doc && doc.uri.scheme === 'file' && (doc.languageId === 'python' || doc.uri.fsPath.endsWith('.py'))
      ? doc.uri.fsPath
      : undefined;
  const folders = getWorkspaceFolders();
  const folder = (file ? folders.find((f) => file.startsWith(f.uri.fsPath + path.sep)) : undefined) ?? folders[0];
  const root = folder?.uri.fsPath;
  const config = getConfiguration(SECTION, folder?.uri);
  const targets: CaptureTarget[] = [];
  const fromSetting = settingTarget(config.get<string[]>('capture.command', []), python, root, file);
  if (fromSetting) {
    targets.push(fromSetting);
  }
  if (file) {
    if (doc?.isDirty) {
      await doc.save();
    }
    targets.push(fileTarget(file, python, root));
  }
  const launch = getConfiguration('launch', folder?.uri).get<unknown[]>('configurations', []);
  targets.push(...launchTargets(launch ?? [], python, root, file));
  return targets;
}

async function captureTrace(deps: CaptureDeps, given?: CaptureTarget): Promise<void> {
  if (!isWorkspaceTrusted()) {
    void showWarningMessage('Inductor Lens: Capture Trace runs a program; trust this workspace first.');
    return;
  }
  const settings = getLaunchSettings();
  const resource = getWorkspaceFolders()[0]?.uri;
  const interpreter = await resolveInterpreter(settings.interpreter, await getPythonExtensionApi(), resource);
  let target = given;
  if (!target) {
    const targets = await captureTargets(interpreter.command);
    const history = deps.history();
    if (!targets.length && !history.length) {
      void showWarningMessage(
        'Inductor Lens: nothing to capture. Open a Python file, or set "inductorLens.capture.command", or add a Python launch configuration.',
      );
      return;
    }
    if (targets.length === 1 && !history.length) {
      target = targets[0];
    } else {
      const picked = await showQuickPick(pickItems(targets, history), {
        placeHolder: 'Capture a trace of: (the program runs in a terminal with provenance on)',
        matchOnDetail: true,
      });
      target = picked?.target;
    }
  }
  if (!target) {
    return;
  }
  const root = getWorkspaceFolders().find((f) => target.cwd.startsWith(f.uri.fsPath))?.uri.fsPath ?? target.cwd;
  const started = (deps.now ?? (() => new Date()))();
  const out = captureOutFolder(root, started);
  const profile = target.profile ?? getConfiguration(SECTION, resource).get<boolean>('capture.profile', false) ?? false;
  const launch = buildCaptureLaunch(
    interpreter,
    settings.importStrategy,
    path.join(deps.extensionPath, 'bundled', 'libs'),
    process.env,
    target,
    out,
    profile,
  );
  traceInfo(`Capture: ${launch.command} ${launch.args.join(' ')} (in ${launch.cwd})`);
  const label = target.label;
  const exitCode = await withProgress(`Inductor Lens: capturing ${label}`, async (report, token) => {
    report('running in the terminal…');
    const code = await runProcessTask(
      { name: `capture ${label}`, command: launch.command, args: launch.args, cwd: launch.cwd, env: launch.env },
      token,
    );
    report('indexing the trace…');
    return code;
  });
  const record = readCaptureRecord(out);
  const run: CapturedRun = {
    time: started.toISOString(),
    label,
    command: target.command,
    cwd: target.cwd,
    env: target.env,
    profile,
    out,
    exitCode: exitCode ?? null,
    kernels: record ? record.kernels : null,
  };
  await deps.saveHistory([run, ...deps.history().filter((r) => r.out !== out)].slice(0, MAX_HISTORY));
  if (record?.logs.length) {
    const traceDir = record.trace_dir || path.join(out, 'trace');
    await deps.server.request(addTracesRequest, { paths: [traceDir] });
    await deps.rememberTraces([traceDir]);
    await deps.kernels.refresh();
    void executeCommand(`${KERNELS_VIEW_ID}.focus`);
  }
  const told = outcome(label, exitCode, record);
  const show = { info: showInformationMessage, warning: showWarningMessage, error: showErrorMessage }[told.level];
  void show(told.text);
}
