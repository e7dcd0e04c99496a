/**
 * The three-panel view: pre-grad graph | post-grad graph | output code, side by side in real
 * editors (columns 1, 2, 3), like tlparse's provenance page but live. The lines linked to the
 * kernel or FX node under the cursor (`inductorLens/linkedRanges`) are highlighted in all three
 * panels (and in a visible model file) and scrolled into view; moving the cursor in any panel
 * re-queries, debounced.
 */
import * as path from 'path';
import {
  type DecorationOptions,
  type Disposable,
  type DocumentLink,
  type Location,
  OverviewRulerLane,
  type Position,
  Range,
  TextEditorRevealType,
  type TextEditor,
  ThemeColor,
  Uri,
  ViewColumn,
} from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import type { GraphFiles, LinkedRanges, TraceInfo } from './protocol';
import { linkedRangesRequest } from './protocol';
import {
  asRelativePath,
  createTextEditorDecorationType,
  executeCommand,
  getVisibleTextEditors,
  onDidChangeTextEditorSelection,
  onDidChangeVisibleTextEditors,
  showTextDocument,
} from './vscodeapi';

/** Linked ranges converted to VS Code locations. */
export interface Links {
  preGrad: Location[];
  postGrad: Location[];
  code: Location[];
  source: Location[];
  /** The server's note on the pre-grad panel (see `LinkedRanges.preGradNote`). */
  preGradNote?: string;
}

/** The documents shown in the three panels (any may be missing, e.g. no pre-grad graph). */
export interface PanelFiles {
  preGrad?: Uri;
  postGrad?: Uri;
  code?: Uri;
}

export const FOLLOW_DELAY_MS = 150;

/**
 * The editor layout of the view (`vscode.setEditorLayout`): the two graphs stacked on the left
 * (pre-grad above post-grad, groups 1 and 2), the output code on the right (group 3), so each
 * panel gets about half the editor's width instead of a third (graph lines carry types, shapes and
 * a `# File:` comment: at a third of a laptop screen they were cut mid-type).
 */
export const PANEL_LAYOUT = {
  orientation: 0,
  groups: [{ groups: [{}, {}], size: 0.46 }, { size: 0.54 }],
};

const samePath = (a: Uri, b: Uri) => path.normalize(a.fsPath) === path.normalize(b.fsPath);

/** The graph whose output code or graph file is `uri`, from the server's trace list. */
export function findGraph(traces: readonly TraceInfo[], uri: Uri): GraphFiles | undefined {
  for (const trace of traces) {
    for (const graph of trace.graphs) {
      const files = [graph.output_code, graph.post_grad_graph, graph.pre_grad_graph];
      if (files.some((f) => f && samePath(Uri.file(f), uri))) {
        return graph;
      }
    }
  }
  return undefined;
}

/**
 * Which file goes in which panel: the files of the linked ranges first, else the graph the
 * cursor's document belongs to.
 */
export function choosePanelFiles(links: Links, graph: GraphFiles | undefined): PanelFiles {
  const file = (p: string | null | undefined) => (p ? Uri.file(p) : undefined);
  return {
    preGrad: links.preGrad[0]?.uri ?? file(graph?.pre_grad_graph),
    postGrad: links.postGrad[0]?.uri ?? file(graph?.post_grad_graph),
    code: links.code[0]?.uri ?? file(graph?.output_code),
  };
}

/** The ranges of `links` that lie in the document `uri`. */
export function rangesIn(links: Links, uri: Uri): Range[] {
  return [...links.preGrad, ...links.postGrad, ...links.code, ...links.source]
    .filter((l) => samePath(l.uri, uri))
    .map((l) => l.range);
}

/**
 * The pre-grad panel's note, drawn after the first linked line of `uri` (or its first line when
 * none is linked) when `uri` is the pre-grad panel's document; none elsewhere.
 */
export function noteDecorations(links: Links, uri: Uri, preGradPanel: Uri | undefined): DecorationOptions[] {
  if (!links.preGradNote || !preGradPanel || !samePath(uri, preGradPanel)) {
    return [];
  }
  const first = links.preGrad.find((l) => samePath(l.uri, uri));
  const line = first ? first.range.start.line : 0;
  return [{ range: new Range(line, 0, line, 0), renderOptions: { after: { contentText: `   ◀ ${links.preGradNote}` } } }];
}

export function isEmpty(links: Links): boolean {
  return !links.preGrad.length && !links.postGrad.length && !links.code.length && !links.source.length;
}

/**
 * The graph panels' `# File: /workspace/proj/models.py:23` comments shown with the local file
 * (`models.py:23` in the workspace, else its full local path): each document link the server
 * gives in a graph file (`textDocument/documentLink`, its target the mapped local file) has its
 * trace path hidden and the local one drawn in its place; the text of the document stays the
 * trace's (its lines are the FX graph's own). Links whose target is not a local file stay as
 * they are.
 */
export function mappedPathDecorations(links: readonly DocumentLink[], relative: (target: Uri) => string): DecorationOptions[] {
  const out: DecorationOptions[] = [];
  for (const link of links) {
    const target = link.target;
    if (!target || target.scheme !== 'file') {
      continue;
    }
    const line = /^L(\d+)/.exec(target.fragment)?.[1];
    const file = relative(target.with({ fragment: '' }));
    out.push({
      range: link.range,
      renderOptions: { before: { contentText: line ? `${file}:${line}` : file } },
      hoverMessage: `local file of the trace's ${target.fsPath}`,
    });
  }
  return out;
}

/** The three-panel view of the window (one at a time). */
export class ThreePanelView implements Disposable {
  private panels: PanelFiles | undefined;
  private links: Links | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private generation = 0;
  private readonly decoration = createTextEditorDecorationType({
    backgroundColor: new ThemeColor('inductorLens.provenanceHighlightBackground'),
    isWholeLine: true,
    overviewRulerColor: new ThemeColor('inductorLens.provenanceHighlightBackground'),
    overviewRulerLane: OverviewRulerLane.Full,
  });
  private readonly noteDecoration = createTextEditorDecorationType({
    after: { color: new ThemeColor('editorCodeLens.foreground'), fontStyle: 'italic' },
  });
  /** Hides a `# File:` comment's trace path (the mapped local path is drawn before it). */
  private readonly tracePath = createTextEditorDecorationType({ textDecoration: 'none; display: none' });
  private readonly localPath = createTextEditorDecorationType({ before: { color: new ThemeColor('textLink.foreground') } });
  /** Editors whose paths are mapped (a TextEditor keeps its decorations while it lives). */
  private readonly mapped = new WeakSet<TextEditor>();
  private readonly disposables: Disposable[];

  constructor(
    private readonly client: () => LanguageClient | undefined,
    private readonly traces: () => readonly TraceInfo[],
    private readonly delayMs = FOLLOW_DELAY_MS,
  ) {
    this.disposables = [
      onDidChangeTextEditorSelection((e) => this.follow(e.textEditor)),
      onDidChangeVisibleTextEditors(() => this.paint()),
    ];
  }

  /** Asks the server what is linked to `position` in `uri`. */
  async query(uri: Uri, position: Position): Promise<Links> {
    const client = this.client();
    if (!client) {
      throw new Error('The Inductor Lens server is not running.');
    }
    const result: LinkedRanges = await client.sendRequest(linkedRangesRequest, {
      textDocument: { uri: client.code2ProtocolConverter.asUri(uri) },
      position: client.code2ProtocolConverter.asPosition(position),
    });
    const convert = (locations: LinkedRanges['preGrad'] | undefined) =>
      Promise.all((locations ?? []).map((l) => client.protocol2CodeConverter.asLocation(l)));
    return {
      preGrad: await convert(result.preGrad),
      postGrad: await convert(result.postGrad),
      code: await convert(result.code),
      source: await convert(result.source),
      preGradNote: result.preGradNote ?? undefined,
    };
  }

  /**
   * Opens the three panels for the kernel or FX node at `position` in `uri`, highlighted.
   * Returns false when nothing there is linked and the document belongs to no known graph.
   */
  async open(uri: Uri, position: Position): Promise<boolean> {
    const links = await this.query(uri, position);
    const panels = choosePanelFiles(links, findGraph(this.traces(), uri));
    if (!panels.preGrad && !panels.postGrad && !panels.code) {
      return false;
    }
    this.panels = panels;
    this.links = links;
    await executeCommand('vscode.setEditorLayout', PANEL_LAYOUT);
    const columns: Array<[Uri | undefined, ViewColumn]> = [
      [panels.preGrad, ViewColumn.One],
      [panels.postGrad, ViewColumn.Two],
      [panels.code, ViewColumn.Three],
    ];
    let originColumn: ViewColumn | undefined;
    for (const [file, column] of columns) {
      if (file) {
        await showTextDocument(file, { viewColumn: column, preserveFocus: true, preview: false });
        if (samePath(file, uri)) {
          originColumn = column;
        }
      }
    }
    // The cursor goes back where it was, in the panel that shows its document, in view.
    const origin =
      originColumn &&
      (await showTextDocument(uri, { viewColumn: originColumn, selection: new Range(position, position) }));
    this.paint(origin);
    return true;
  }

  /** Whether `editor` shows one of the panels' documents. */
  private isPanel(editor: TextEditor): boolean {
    const panels = this.panels;
    return !!panels && [panels.preGrad, panels.postGrad, panels.code].some((p) => p && samePath(p, editor.document.uri));
  }

  /** Re-queries after the cursor moved in a panel, debounced; stale answers are dropped. */
  private follow(editor: TextEditor): void {
    if (!this.isPanel(editor)) {
      return;
    }
    clearTimeout(this.timer);
    this.timer = setTimeout(async () => {
      const generation = ++this.generation;
      try {
        const links = await this.query(editor.document.uri, editor.selection.active);
        if (generation === this.generation) {
          this.links = links;
          this.paint(editor);
        }
      } catch {
        // The server restarted or went away: keep the last highlight.
      }
    }, this.delayMs);
  }

  /** Shows a graph panel's `# File:` paths as the local files they map to (once per editor). */
  private async mapPaths(editor: TextEditor): Promise<void> {
    const panels = this.panels;
    const uri = editor.document.uri;
    if (!panels || ![panels.preGrad, panels.postGrad].some((p) => p && samePath(p, uri))) {
      return;
    }
    if (this.mapped.has(editor)) {
      return;
    }
    this.mapped.add(editor);
    try {
      const links = (await executeCommand<DocumentLink[]>('vscode.executeLinkProvider', uri)) ?? [];
      const decorations = mappedPathDecorations(links, asRelativePath);
      editor.setDecorations(this.tracePath, decorations.map((d) => d.range));
      editor.setDecorations(this.localPath, decorations);
    } catch {
      this.mapped.delete(editor); // the server restarted: try again on the next paint
    }
  }

  /** Decorates every visible editor with its linked ranges; reveals them except in `origin`. */
  private paint(origin?: TextEditor): void {
    const links = this.links;
    if (!links) {
      return;
    }
    for (const editor of getVisibleTextEditors()) {
      void this.mapPaths(editor);
      const ranges = rangesIn(links, editor.document.uri);
      editor.setDecorations(this.decoration, ranges);
      editor.setDecorations(this.noteDecoration, noteDecorations(links, editor.document.uri, this.panels?.preGrad));
      if (origin && editor !== origin && ranges.length) {
        editor.revealRange(ranges[0], TextEditorRevealType.InCenterIfOutsideViewport);
      }
    }
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.decoration.dispose();
    this.noteDecoration.dispose();
    this.tracePath.dispose();
    this.localPath.dispose();
    this.disposables.forEach((d) => d.dispose());
  }
}
