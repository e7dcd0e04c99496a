/**
 * Thin wrappers over the `vscode` API calls this extension makes, so that the other modules can
 * be unit-tested with this module mocked (the pattern of Microsoft's python-tools template).
 */
import * as vscode from 'vscode';

export function getConfiguration(section: string, scope?: vscode.ConfigurationScope): vscode.WorkspaceConfiguration {
  return vscode.workspace.getConfiguration(section, scope);
}

export function getWorkspaceFolders(): readonly vscode.WorkspaceFolder[] {
  return vscode.workspace.workspaceFolders ?? [];
}

export function isWorkspaceTrusted(): boolean {
  return vscode.workspace.isTrusted;
}

export function onDidGrantWorkspaceTrust(listener: () => unknown): vscode.Disposable {
  return vscode.workspace.onDidGrantWorkspaceTrust(listener);
}

export function onDidChangeConfiguration(
  listener: (e: vscode.ConfigurationChangeEvent) => unknown,
): vscode.Disposable {
  return vscode.workspace.onDidChangeConfiguration(listener);
}

export function registerCommand(command: string, callback: (...args: any[]) => unknown): vscode.Disposable {
  return vscode.commands.registerCommand(command, callback);
}

export function executeCommand<T = unknown>(command: string, ...args: unknown[]): Thenable<T> {
  return vscode.commands.executeCommand<T>(command, ...args);
}

export function getExtension(id: string): vscode.Extension<unknown> | undefined {
  return vscode.extensions.getExtension(id);
}

export function createLogOutputChannel(name: string): vscode.LogOutputChannel {
  return vscode.window.createOutputChannel(name, { log: true });
}

export function createStatusBarItem(id: string, priority: number): vscode.StatusBarItem {
  return vscode.window.createStatusBarItem(id, vscode.StatusBarAlignment.Left, priority);
}

export function showErrorMessage(message: string, ...items: string[]): Thenable<string | undefined> {
  return vscode.window.showErrorMessage(message, ...items);
}

export function showWarningMessage(message: string, ...items: string[]): Thenable<string | undefined> {
  return vscode.window.showWarningMessage(message, ...items);
}

export function showInformationMessage(message: string, ...items: string[]): Thenable<string | undefined> {
  return vscode.window.showInformationMessage(message, ...items);
}

export function showQuickPick<T extends vscode.QuickPickItem>(
  items: readonly T[] | Thenable<readonly T[]>,
  options: vscode.QuickPickOptions,
): Thenable<T | undefined> {
  return vscode.window.showQuickPick(items, options);
}

export function showOpenDialog(options: vscode.OpenDialogOptions): Thenable<vscode.Uri[] | undefined> {
  return vscode.window.showOpenDialog(options);
}

/** Opens a file at a 0-based range (or just the file), revealing the range in the center. */
export async function showTextDocument(
  uri: vscode.Uri,
  options: vscode.TextDocumentShowOptions = {},
): Promise<vscode.TextEditor> {
  const document = await vscode.workspace.openTextDocument(uri);
  return vscode.window.showTextDocument(document, options);
}

export function getActiveTextEditor(): vscode.TextEditor | undefined {
  return vscode.window.activeTextEditor;
}

export function getVisibleTextEditors(): readonly vscode.TextEditor[] {
  return vscode.window.visibleTextEditors;
}

export function onDidChangeTextEditorSelection(
  listener: (e: vscode.TextEditorSelectionChangeEvent) => unknown,
): vscode.Disposable {
  return vscode.window.onDidChangeTextEditorSelection(listener);
}

export function onDidChangeVisibleTextEditors(
  listener: (editors: readonly vscode.TextEditor[]) => unknown,
): vscode.Disposable {
  return vscode.window.onDidChangeVisibleTextEditors(listener);
}

export function createTextEditorDecorationType(
  options: vscode.DecorationRenderOptions,
): vscode.TextEditorDecorationType {
  return vscode.window.createTextEditorDecorationType(options);
}

export function createTreeView<T>(viewId: string, options: vscode.TreeViewOptions<T>): vscode.TreeView<T> {
  return vscode.window.createTreeView(viewId, options);
}

export function setContext(key: string, value: unknown): Thenable<unknown> {
  return vscode.commands.executeCommand('setContext', key, value);
}

/** A process to run as a task in the terminal panel. */
export interface ProcessTaskSpec {
  name: string;
  command: string;
  args: string[];
  cwd: string;
  /** Added to the extension host's environment. */
  env: Record<string, string>;
}

let taskCounter = 0;

/**
 * Runs a process as a task (its own terminal, shown) and resolves with its exit code once it
 * ends (undefined when it was terminated without one). Cancelling `token` terminates it.
 */
export function runProcessTask(spec: ProcessTaskSpec, token?: vscode.CancellationToken): Promise<number | undefined> {
  const id = `inductorLens-${process.pid}-${++taskCounter}`;
  const task = new vscode.Task(
    { type: 'inductorLens', id },
    vscode.TaskScope.Workspace,
    spec.name,
    'Inductor Lens',
    new vscode.ProcessExecution(spec.command, spec.args, { cwd: spec.cwd, env: spec.env }),
  );
  task.presentationOptions = {
    reveal: vscode.TaskRevealKind.Always,
    panel: vscode.TaskPanelKind.Dedicated,
    clear: true,
    showReuseMessage: false,
    focus: false,
  };
  const ours = (e: { execution: vscode.TaskExecution }) => e.execution.task.definition.id === id;
  return new Promise((resolve, reject) => {
    let exitCode: number | undefined;
    const subscriptions: vscode.Disposable[] = [];
    const done = () => {
      subscriptions.forEach((d) => d.dispose());
      resolve(exitCode);
    };
    subscriptions.push(
      vscode.tasks.onDidEndTaskProcess((e) => {
        if (ours(e)) {
          exitCode = e.exitCode;
        }
      }),
      vscode.tasks.onDidEndTask((e) => {
        if (ours(e)) {
          done();
        }
      }),
    );
    vscode.tasks.executeTask(task).then(
      (execution) => {
        if (token) {
          subscriptions.push(token.onCancellationRequested(() => execution.terminate()));
        }
      },
      (err) => {
        subscriptions.forEach((d) => d.dispose());
        reject(err);
      },
    );
  });
}

/** Runs `task` under a cancellable progress notification titled `title`. */
export function withProgress<T>(
  title: string,
  task: (report: (message: string) => void, token: vscode.CancellationToken) => Promise<T>,
): Thenable<T> {
  return vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title, cancellable: true },
    (progress, token) => task((message) => progress.report({ message }), token),
  );
}

export function asRelativePath(uri: vscode.Uri): string {
  return vscode.workspace.asRelativePath(uri, false);
}
