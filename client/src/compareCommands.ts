/**
 * Compare with Trace… wired into the editor: the commands (Compare with Trace…, Clear Comparison,
 * Open Kernel Diff), the lens, hover and kernel-source providers, the gutter marks of changed
 * lines and the Changed Lines view. What they show is in `compare.ts`.
 */
import * as vscode from 'vscode';
import type { CapturedRun } from './capture';
import {
  Comparison,
  KERNEL_DIFF_SCHEME,
  KernelSourceProvider,
  kernelDiffUri,
  rowsAt,
} from './compare';
import { ChangedLinesProvider, summaryText } from './compareView';
import { CHANGED_LINES_VIEW_ID, CompareCommands as Commands } from './constants';
import { traceError } from './logging';
import { type CompareRow, compareRequest } from './protocol';
import type { ServerManager } from './server';
import { getAllSettings } from './settings';

export interface CompareContext {
  server: ServerManager;
  comparison: Comparison;
  /** Recent captures (Capture Trace…), offered first. */
  captures: () => CapturedRun[];
}

const BROWSE = 'Choose a trace folder or log…';

async function pickBaseline(captures: CapturedRun[]): Promise<string[] | undefined> {
  const items: (vscode.QuickPickItem & { paths?: string[] })[] = captures.map((c) => ({
    label: `$(history) ${c.label}`,
    description: c.time,
    detail: c.out,
    paths: [`${c.out}/trace`],
  }));
  items.push({ label: `$(folder-opened) ${BROWSE}` });
  const picked = items.length > 1 ? await vscode.window.showQuickPick(items, { placeHolder: 'The run to compare this workspace with (the baseline)' }) : items[0];
  if (!picked) {
    return undefined;
  }
  if (picked.paths) {
    return picked.paths;
  }
  const uris = await vscode.window.showOpenDialog({
    canSelectFiles: true,
    canSelectFolders: true,
    canSelectMany: false,
    openLabel: 'Compare',
    // in the workspace (VS Code would start in the folder last opened: the server's extracted code)
    defaultUri: vscode.workspace.workspaceFolders?.[0]?.uri,
    title: 'The baseline run: a TORCH_TRACE folder or log, a capture folder',
  });
  return uris?.map((u) => u.fsPath);
}

/** Which gutter mark a row gets: new, other kernels, the same kernels in another time, or none. */
export function gutterKind(row: CompareRow): 'added' | 'changed' | 'moved' | undefined {
  if (row.change === 'added' || row.change === 'changed') {
    return row.change;
  }
  return row.change === 'same' && row.moved ? 'moved' : undefined;
}

/** The gutter mark of changed lines (a bar in the gutter side and the overview ruler). */
function decorations(comparison: Comparison): vscode.Disposable {
  const kinds = {
    changed: vscode.window.createTextEditorDecorationType({
      borderColor: new vscode.ThemeColor('editorGutter.modifiedBackground'),
      borderStyle: 'solid',
      borderWidth: '0 0 0 3px',
      overviewRulerColor: new vscode.ThemeColor('editorOverviewRuler.modifiedForeground'),
      overviewRulerLane: vscode.OverviewRulerLane.Left,
    }),
    // same kernels, another time per step (a batch size changed): a dashed bar, told apart from a change
    moved: vscode.window.createTextEditorDecorationType({
      borderColor: new vscode.ThemeColor('editorOverviewRuler.warningForeground'),
      borderStyle: 'dashed',
      borderWidth: '0 0 0 3px',
      overviewRulerColor: new vscode.ThemeColor('editorOverviewRuler.warningForeground'),
      overviewRulerLane: vscode.OverviewRulerLane.Left,
    }),
    added: vscode.window.createTextEditorDecorationType({
      borderColor: new vscode.ThemeColor('editorGutter.addedBackground'),
      borderStyle: 'solid',
      borderWidth: '0 0 0 3px',
      overviewRulerColor: new vscode.ThemeColor('editorOverviewRuler.addedForeground'),
      overviewRulerLane: vscode.OverviewRulerLane.Left,
    }),
  };
  const paint = () => {
    for (const editor of vscode.window.visibleTextEditors) {
      const rows = rowsAt(comparison.answer, editor.document.uri.fsPath);
      for (const [kind, type] of Object.entries(kinds)) {
        const lines = rows.filter((r) => gutterKind(r) === kind);
        editor.setDecorations(
          type,
          lines.map((r) => new vscode.Range((r.line ?? 1) - 1, 0, (r.line ?? 1) - 1, 0)),
        );
      }
    }
  };
  const subs = [comparison.onDidChange(paint), vscode.window.onDidChangeVisibleTextEditors(paint)];
  return vscode.Disposable.from(...subs, ...Object.values(kinds));
}

async function openKernelDiff(row: CompareRow | undefined, comparison: Comparison): Promise<void> {
  if (!row) {
    const editor = vscode.window.activeTextEditor;
    row = editor ? rowsAt(comparison.answer, editor.document.uri.fsPath).find((r) => (r.line ?? 0) - 1 === editor.selection.active.line) : undefined;
  }
  const pairs = (row?.kernels ?? []).filter((p) => p.a && p.b);
  if (!row || !pairs.length) {
    void vscode.window.showInformationMessage('Inductor Lens: no kernel of this line is in both runs (put the cursor on a compared line).');
    return;
  }
  let pair = pairs[0];
  if (pairs.length > 1) {
    const picked = await vscode.window.showQuickPick(
      pairs.map((p) => ({ label: p.b!.name, description: `baseline: ${p.a!.name}`, pair: p })),
      { placeHolder: 'The kernel to compare' },
    );
    if (!picked) {
      return;
    }
    pair = picked.pair;
  }
  await vscode.commands.executeCommand(
    'vscode.diff',
    kernelDiffUri(pair.a!, 'baseline'),
    kernelDiffUri(pair.b!, 'this-run'),
    `${pair.a!.name} (baseline) ↔ ${pair.b!.name} (this run)`,
  );
}

/** Compare with the `compareWith` setting's baseline (after each indexing), when it names one. */
export async function compareWithSetting(ctx: CompareContext): Promise<void> {
  const paths = [...new Set(getAllSettings().flatMap((s) => s.compareWith))];
  if (!paths.length) {
    return;
  }
  try {
    ctx.comparison.set(await ctx.server.request(compareRequest, { paths }), paths);
    await vscode.commands.executeCommand('setContext', 'inductorLens.hasComparison', ctx.comparison.answer !== undefined);
  } catch (err) {
    traceError(`Comparing with ${paths.join(', ')} (inductorLens.compareWith) failed: ${err}`);
  }
}

/** The Problems view's entries for what the comparison found new (graph breaks the baseline has not). */
function problems(comparison: Comparison): vscode.Disposable {
  const collection = vscode.languages.createDiagnosticCollection('inductorLens.compare');
  const show = () => {
    collection.clear();
    const byFile = new Map<string, vscode.Diagnostic[]>();
    for (const p of comparison.answer?.problems ?? []) {
      const line = Math.max(0, p.line - 1);
      const d = new vscode.Diagnostic(new vscode.Range(line, 0, line, 1000), p.message, vscode.DiagnosticSeverity.Warning);
      d.source = 'Inductor Lens (compare)';
      byFile.set(p.path, [...(byFile.get(p.path) ?? []), d]);
    }
    for (const [file, diags] of byFile) {
      collection.set(vscode.Uri.file(file), diags);
    }
  };
  return vscode.Disposable.from(comparison.onDidChange(show), collection);
}

/** The Changed Lines view, its message the comparison's headline (wrapped at any width). */
function changedLinesView(comparison: Comparison): vscode.Disposable {
  const provider = new ChangedLinesProvider(comparison);
  const view = vscode.window.createTreeView(CHANGED_LINES_VIEW_ID, { treeDataProvider: provider });
  const sub = comparison.onDidChange(() => (view.message = provider.message()));
  return vscode.Disposable.from(sub, view);
}

export function registerCompare(ctx: CompareContext): vscode.Disposable[] {
  const { server, comparison } = ctx;
  const selector: vscode.DocumentSelector = [{ scheme: 'file', language: 'python' }];
  return [
    // the lenses and hovers themselves come through the language client (compare.ts
    // withComparisonFirst: before the server's); this provider has VS Code ask again on a change
    vscode.languages.registerCodeLensProvider(selector, { provideCodeLenses: () => [], onDidChangeCodeLenses: comparison.onDidChange }),
    vscode.workspace.registerTextDocumentContentProvider(KERNEL_DIFF_SCHEME, new KernelSourceProvider()),
    changedLinesView(comparison),
    decorations(comparison),
    problems(comparison),
    vscode.commands.registerCommand(Commands.compareWithTrace, async (arg?: vscode.Uri) => {
      try {
        const paths = arg ? [arg.fsPath] : await pickBaseline(ctx.captures());
        if (!paths?.length) {
          return;
        }
        const answer = await vscode.window.withProgress(
          { location: vscode.ProgressLocation.Notification, title: 'Inductor Lens: comparing with the baseline…' },
          () => server.request(compareRequest, { paths }),
        );
        comparison.set(answer, paths);
        await vscode.commands.executeCommand('setContext', 'inductorLens.hasComparison', comparison.answer !== undefined);
        // the view with the headline and the causes, at once
        await vscode.commands.executeCommand(`${CHANGED_LINES_VIEW_ID}.focus`).then(undefined, () => undefined);
        void vscode.window.showInformationMessage(`Inductor Lens: ${summaryText(comparison.answer)} (against ${paths.join(', ')}).`);
      } catch (err) {
        traceError(`Compare with Trace failed: ${err}`);
        void vscode.window.showErrorMessage(`Inductor Lens: could not compare: ${err}`);
      }
    }),
    vscode.commands.registerCommand(Commands.clearComparison, async () => {
      comparison.set(undefined, []);
      await vscode.commands.executeCommand('setContext', 'inductorLens.hasComparison', false);
      await server.request(compareRequest, { paths: [] }).catch(() => undefined);
    }),
    vscode.commands.registerCommand(Commands.openKernelDiff, (row?: CompareRow) => openKernelDiff(row, comparison)),
  ];
}
