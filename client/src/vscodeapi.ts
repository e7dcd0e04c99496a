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
