/**
 * The language client's lifecycle: resolve the interpreter, check its version, start
 * `python -m inductor_lens serve` over stdio with the bundled libraries on PYTHONPATH, and restart
 * it on request. Bursts of restart requests (settings edits, interpreter changes, the command)
 * are coalesced into one restart by RestartQueue.
 */
import * as fs from 'fs';
import * as path from 'path';
import { type CodeLens, type Disposable, EventEmitter, type Hover, type LogOutputChannel, type Position, type TextDocument } from 'vscode';
import {
  LanguageClient,
  type LanguageClientOptions,
  RevealOutputChannelOn,
  type ServerOptions,
  State,
} from 'vscode-languageclient/node';
import type { RequestType } from 'vscode-languageserver-protocol';
import { CLIENT_ID, Commands, DISPLAY_NAME, SECTION, SERVER_MODULE } from './constants';
import { traceError, traceInfo, traceWarn } from './logging';
import { type InitializationOptions, type ServerStatus, statusNotification } from './protocol';
import {
  checkPythonVersion,
  getPythonExtensionApi,
  type Interpreter,
  onDidChangePythonEnvironment,
  resolveInterpreter,
} from './python';
import {
  buildInitializationOptions,
  expandConfigurationAnswer,
  getAllSettings,
  getLaunchSettings,
  type ImportStrategy,
} from './settings';
import { executeCommand, getWorkspaceFolders, showErrorMessage } from './vscodeapi';

/** Delay that lets a burst of restart triggers collapse into one restart. */
export const RESTART_DELAY_MS = 500;

/**
 * Runs `run` once per burst of `request()` calls: each request (re)arms a timer; when it fires,
 * `run` starts, unless a run is already going, in which case exactly one more run follows it.
 * Each request's promise resolves when a run that started after the request has finished.
 */
export class RestartQueue {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private running: Promise<void> | undefined;
  private queued = false;
  private waiting: Array<() => void> = [];

  constructor(
    private readonly run: () => Promise<void>,
    private readonly delayMs: number,
  ) {}

  request(delayMs = this.delayMs): Promise<void> {
    return new Promise((resolve) => {
      this.waiting.push(resolve);
      clearTimeout(this.timer);
      this.timer = setTimeout(() => this.fire(), delayMs);
    });
  }

  private fire(): void {
    this.timer = undefined;
    if (this.running) {
      this.queued = true;
      return;
    }
    const served = this.waiting.splice(0);
    this.running = this.run()
      .catch((err) => traceError(`Restart failed: ${err}`))
      .finally(() => {
        this.running = undefined;
        served.forEach((resolve) => resolve());
        if (this.queued) {
          this.queued = false;
          this.fire();
        }
      });
  }

  dispose(): void {
    clearTimeout(this.timer);
  }
}

/** How the server process is started. */
export interface ServerLaunch {
  command: string;
  args: string[];
  env: NodeJS.ProcessEnv;
}

/**
 * `<python> [extra args] -m inductor_lens serve`. With the bundled import strategy, the
 * extension's `bundled/libs` (the server package and its pure-Python dependencies) goes first on
 * PYTHONPATH, so nothing needs to be installed in the user's environment.
 */
export function buildServerLaunch(
  interpreter: Interpreter,
  importStrategy: ImportStrategy,
  bundledLibs: string,
  baseEnv: NodeJS.ProcessEnv,
  bytecodeDir?: string,
): ServerLaunch {
  const env: NodeJS.ProcessEnv = { ...baseEnv, PYTHONUNBUFFERED: '1' };
  if (bytecodeDir) {
    // The server's own byte code, kept in the extension's storage: without it every start compiles
    // pygls, lsprotocol and the server from source (~0.4-0.6 s more to the first lens where the
    // environment sets PYTHONDONTWRITEBYTECODE or the extension folder is read-only). Only this
    // process: the user's programs keep their environment.
    delete env.PYTHONDONTWRITEBYTECODE;
    env.PYTHONPYCACHEPREFIX = baseEnv.PYTHONPYCACHEPREFIX || bytecodeDir;
  }
  if (importStrategy === 'useBundled') {
    env.PYTHONPATH = [bundledLibs, baseEnv.PYTHONPATH].filter(Boolean).join(path.delimiter);
  }
  const [command, ...extra] = interpreter.command;
  return { command, args: [...extra, '-m', SERVER_MODULE, 'serve'], env };
}

/** Creates the LanguageClient; replaced in unit tests. */
export type ClientFactory = (serverOptions: ServerOptions, clientOptions: LanguageClientOptions) => LanguageClient;

const defaultClientFactory: ClientFactory = (serverOptions, clientOptions) =>
  new LanguageClient(CLIENT_ID, DISPLAY_NAME, serverOptions, clientOptions);

export interface ServerManagerOptions {
  extensionPath: string;
  /** A folder of the extension's own (its global storage): the server's byte code is kept there. */
  storagePath?: string;
  outputChannel: LogOutputChannel;
  /** Traces opened with "Open Trace…" in this workspace, sent again after every restart. */
  openedTraces: () => string[];
  /** Profiles opened with "Open Profile…" in this workspace, likewise. */
  openedProfiles?: () => string[];
  createClient?: ClientFactory;
  restartDelayMs?: number;
  /** Lenses and hovers put before the server's own (the comparison's: `compare.ts` withComparisonFirst). */
  first?: {
    lenses(doc: TextDocument, theirs: CodeLens[] | null | undefined): CodeLens[];
    hover(doc: TextDocument, position: Position, theirs: Hover | null | undefined): Hover | null | undefined;
  };
}

/** Owns the one LanguageClient of the window. */
export class ServerManager implements Disposable {
  private client: LanguageClient | undefined;
  private stopping = false;
  private readonly queue: RestartQueue;
  private readonly statusEmitter = new EventEmitter<ServerStatus>();
  private readonly clientEmitter = new EventEmitter<LanguageClient | undefined>();
  private pythonEnvListener: Disposable | undefined;
  private lastFailure: string | undefined;

  /** Indexing status pushed by the server, plus synthetic errors when it cannot start. */
  readonly onDidChangeStatus = this.statusEmitter.event;
  /** A client started (or stopped: undefined). */
  readonly onDidChangeClient = this.clientEmitter.event;

  constructor(private readonly options: ServerManagerOptions) {
    this.queue = new RestartQueue(() => this.restart(), options.restartDelayMs ?? RESTART_DELAY_MS);
  }

  /** The running client, if the server is up. */
  get running(): LanguageClient | undefined {
    return this.client?.state === State.Running ? this.client : undefined;
  }

  /** Starts the server now; later calls to requestRestart() restart it. */
  start(): Promise<void> {
    return this.queue.request(0);
  }

  /** Asks for a restart; bursts of requests are coalesced. */
  requestRestart(reason: string): Promise<void> {
    traceInfo(`Restart requested: ${reason}`);
    return this.queue.request();
  }

  /** Sends a request to the server, failing clearly when it is not running. */
  async request<P, R>(type: RequestType<P, R, void>, params: P): Promise<R> {
    const client = this.running;
    if (!client) {
      throw new Error(this.lastFailure ?? 'The Inductor Lens server is not running.');
    }
    return client.sendRequest<R>(type.method, params);
  }

  private async restart(): Promise<void> {
    await this.stop();
    this.lastFailure = undefined;
    const settings = getLaunchSettings();
    const api = await getPythonExtensionApi();
    this.pythonEnvListener?.dispose();
    this.pythonEnvListener = onDidChangePythonEnvironment(api, () => {
      // Only matters when the interpreter comes from the Python extension.
      if (!getLaunchSettings().interpreter.length) {
        void this.requestRestart('the Python extension changed the active environment');
      }
    });
    const resource = getWorkspaceFolders()[0]?.uri;
    const interpreter = await resolveInterpreter(settings.interpreter, api, resource);
    traceInfo(`Interpreter (${interpreter.source}): ${interpreter.command.join(' ')}`);
    const version = await checkPythonVersion(interpreter.command);
    if (!version.ok) {
      this.fail(version.message);
      return;
    }
    const bundledLibs = path.join(this.options.extensionPath, 'bundled', 'libs');
    if (settings.importStrategy === 'useBundled' && !fs.existsSync(bundledLibs)) {
      traceWarn(`${bundledLibs} is missing (run "npm run package"); relying on the interpreter's own packages.`);
    }
    const bytecode = this.options.storagePath ? path.join(this.options.storagePath, 'pycache') : undefined;
    const launch = buildServerLaunch(interpreter, settings.importStrategy, bundledLibs, process.env, bytecode);
    traceInfo(`Starting: ${launch.command} ${launch.args.join(' ')} (Python ${version.version})`);
    const initializationOptions: InitializationOptions = buildInitializationOptions(
      getAllSettings(),
      this.options.openedTraces(),
      this.options.openedProfiles?.() ?? [],
    );
    const serverOptions: ServerOptions = {
      command: launch.command,
      args: launch.args,
      // No `transport`: with TransportKind.stdio the client would append `--stdio` to the args.
      options: { env: launch.env, cwd: resource?.fsPath },
    };
    const clientOptions: LanguageClientOptions = {
      // Broad on purpose: the server decides which files it knows (model code, output code,
      // graphs, logs), and read-only files outside the workspace (extracted code) included.
      documentSelector: [{ scheme: 'file' }],
      outputChannel: this.options.outputChannel,
      traceOutputChannel: this.options.outputChannel,
      revealOutputChannelOn: RevealOutputChannelOn.Never,
      initializationOptions,
      synchronize: { configurationSection: SECTION },
      // the server pulls the section itself: its paths expanded as initializationOptions' are
      middleware: {
        provideCodeLenses: async (doc, token, next) => {
          const theirs = await next(doc, token);
          return this.options.first ? this.options.first.lenses(doc, theirs) : theirs;
        },
        provideHover: async (doc, position, token, next) => {
          const theirs = await next(doc, position, token);
          return this.options.first ? this.options.first.hover(doc, position, theirs) : theirs;
        },
        workspace: {
          configuration: async (params, token, next) => {
            const answer = await next(params, token);
            return Array.isArray(answer) ? expandConfigurationAnswer(params.items, answer) : answer;
          },
        },
      },
      connectionOptions: { maxRestartCount: 2 },
      markdown: { isTrusted: { enabledCommands: [Commands.openLocation, Commands.openLocations] } },
    };
    const client = (this.options.createClient ?? defaultClientFactory)(serverOptions, clientOptions);
    client.onNotification(statusNotification, (status) => this.statusEmitter.fire(status));
    client.onDidChangeState((e) => {
      if (e.oldState === State.Running && e.newState === State.Stopped && !this.stopping) {
        this.fail('The Inductor Lens server stopped. See the logs for why.');
      }
    });
    this.client = client;
    try {
      await client.start();
    } catch (err) {
      this.fail(`The Inductor Lens server failed to start: ${err instanceof Error ? err.message : err}`);
      return;
    }
    this.clientEmitter.fire(client);
  }

  /** Shows a failure in the status bar, the logs and a message with a "Show Logs" button. */
  private fail(message: string): void {
    this.lastFailure = message;
    traceError(message);
    this.statusEmitter.fire({ state: 'error', kernels: 0, traces: 0, errors: 1, message });
    void showErrorMessage(message, 'Show Logs').then((choice) => {
      if (choice) {
        void executeCommand(Commands.showLogs);
      }
    });
  }

  /** Stops the server, if running; failures to stop are logged, not thrown. */
  async stop(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    if (!client) {
      return;
    }
    this.stopping = true;
    try {
      await client.stop();
    } catch (err) {
      traceWarn(`Stopping the server: ${err}`);
    } finally {
      this.stopping = false;
      this.clientEmitter.fire(undefined);
    }
  }

  dispose(): void {
    this.queue.dispose();
    this.pythonEnvListener?.dispose();
    this.statusEmitter.dispose();
    this.clientEmitter.dispose();
  }
}
