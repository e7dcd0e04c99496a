/**
 * Where the time goes, in the editor: the Hot Lines view (model lines across files by their share
 * of the measured time, forward and backward together or split, the user's own calls of compiled
 * code last; click to open) and a heat mark in the gutter of every model line with measured time
 * (by launches without a profile). Data: the server's `inductorLens/hotLines`, fetched after each
 * indexing; the grouping and bucketing are `hotLineModel.ts` (unit-tested).
 */
import * as path from 'path';
import * as vscode from 'vscode';
import { HOT_LINES_VIEW_ID, HotLinesCommands } from './constants';
import {
  HEAT_LEVELS,
  type HotLinesMode,
  type HotNode,
  callDescription,
  callLabel,
  heatIcon,
  heatOf,
  heatRulerColor,
  hotTree,
  rowDescription,
  stepsOf,
  rowLabel,
  rowTooltip,
  runsText,
  viewMessage,
} from './hotLineModel';
import { traceError } from './logging';
import { type HotLinesAnswer, hotLinesRequest } from './protocol';
import type { ServerManager } from './server';

function openAt(uri: string | null, line: number): vscode.Command | undefined {
  if (!uri) {
    return undefined;
  }
  return { command: 'vscode.open', title: 'Open', arguments: [vscode.Uri.parse(uri), { selection: new vscode.Range(line, 0, line, 0) }] };
}

export class HotLinesProvider implements vscode.TreeDataProvider<HotNode> {
  private readonly changed = new vscode.EventEmitter<HotNode | undefined | void>();
  readonly onDidChangeTreeData = this.changed.event;
  answer: HotLinesAnswer | undefined;
  mode: HotLinesMode = 'together';
  private fetches = 0;

  constructor(private readonly server: ServerManager) {}

  /** Fetches the ranking again (the newest of overlapping fetches wins). */
  async refresh(): Promise<void> {
    const mine = ++this.fetches;
    try {
      const answer = await this.server.request(hotLinesRequest, {});
      if (mine === this.fetches) {
        this.answer = answer;
        this.changed.fire();
      }
    } catch (err) {
      traceError(`Could not load the hot lines: ${err}`);
    }
  }

  setMode(mode: HotLinesMode): void {
    this.mode = mode;
    this.changed.fire();
  }

  getChildren(node?: HotNode): HotNode[] {
    if (!node) {
      return hotTree(this.answer, this.mode);
    }
    return node.type === 'group' ? node.rows : [];
  }

  getTreeItem(node: HotNode): vscode.TreeItem {
    if (node.type === 'group') {
      const item = new vscode.TreeItem(node.label, vscode.TreeItemCollapsibleState.Expanded);
      item.description = node.description;
      item.iconPath = new vscode.ThemeIcon('type-hierarchy');
      return item;
    }
    if (node.type === 'call') {
      const item = new vscode.TreeItem(callLabel(node.call), vscode.TreeItemCollapsibleState.None);
      item.description = callDescription(node.call);
      item.tooltip = `${node.call.file}:${node.call.line + 1}\n${node.call.code}\ncalls compile ${node.call.compile_ids.join(', ')} (${node.call.graphs.join(', ')})`;
      item.iconPath = new vscode.ThemeIcon('call-outgoing');
      item.command = openAt(node.call.uri, node.call.line);
      return item;
    }
    const item = new vscode.TreeItem(rowLabel(node), vscode.TreeItemCollapsibleState.None);
    item.description = rowDescription(node, stepsOf(this.answer));
    item.tooltip = new vscode.MarkdownString(rowTooltip(node, this.answer));
    item.iconPath = new vscode.ThemeIcon(node.line.uri ? 'flame' : 'circle-slash');
    item.command = openAt(node.line.uri, node.line.line);
    return item;
  }

  /** The view's message line: the measured total and runs, or what is missing. */
  get message(): string | undefined {
    return viewMessage(this.answer);
  }

  dispose(): void {
    this.changed.dispose();
  }
}

/**
 * The gutter heat marks: one decoration type per heat level and kind (measured time, or launches
 * without a profile: another shape, `heatIcon`), painted on the visible editors.
 */
function heatMarks(provider: HotLinesProvider, extensionPath: string): vscode.Disposable {
  const make = (measured: boolean) =>
    Array.from({ length: HEAT_LEVELS }, (_, i) =>
      vscode.window.createTextEditorDecorationType({
        gutterIconPath: vscode.Uri.file(path.join(extensionPath, 'media', heatIcon(measured, i + 1))),
        gutterIconSize: 'contain',
        overviewRulerColor: heatRulerColor(measured, i + 1),
        overviewRulerLane: vscode.OverviewRulerLane.Right,
      }),
    );
  const kinds = { time: make(true), launches: make(false) };
  const paint = () => {
    const measured = provider.answer?.measured ?? false;
    for (const editor of vscode.window.visibleTextEditors) {
      const heat = heatOf(provider.answer, editor.document.uri.toString());
      for (const [kind, types] of Object.entries(kinds)) {
        const mine = (kind === 'time') === measured;
        types.forEach((type, i) => {
          const lines = mine ? [...heat.entries()].filter(([, level]) => level === i + 1).map(([line]) => line) : [];
          const said = measured
            ? `Inductor Lens heat ${i + 1}/${HEAT_LEVELS}: share of the measured time${runsText(provider.answer)}`
            : `Inductor Lens ${i + 1}/${HEAT_LEVELS}: kernel launches from this line, relative to the busiest line (no profile: not time)`;
          editor.setDecorations(type, lines.map((line) => ({ range: new vscode.Range(line, 0, line, 0), hoverMessage: said })));
        });
      }
    }
  };
  const subs = [provider.onDidChangeTreeData(paint), vscode.window.onDidChangeVisibleTextEditors(paint)];
  return vscode.Disposable.from(...subs, ...kinds.time, ...kinds.launches);
}

export function registerHotLines(server: ServerManager, extensionPath: string): { provider: HotLinesProvider; disposables: vscode.Disposable[] } {
  const provider = new HotLinesProvider(server);
  const view = vscode.window.createTreeView(HOT_LINES_VIEW_ID, { treeDataProvider: provider });
  const retitle = () => {
    view.message = provider.message;
  };
  provider.onDidChangeTreeData(retitle);
  const setMode = async (mode: HotLinesMode) => {
    provider.setMode(mode);
    await vscode.commands.executeCommand('setContext', 'inductorLens.hotLinesSplit', mode === 'split');
  };
  return {
    provider,
    disposables: [
      provider,
      view,
      heatMarks(provider, extensionPath),
      vscode.commands.registerCommand(HotLinesCommands.split, () => setMode('split')),
      vscode.commands.registerCommand(HotLinesCommands.together, () => setMode('together')),
      vscode.commands.registerCommand(HotLinesCommands.refresh, () => provider.refresh()),
    ],
  };
}
