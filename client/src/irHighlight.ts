/**
 * Linked highlighting down to the instructions (issue 30): with the cursor on a line of a Triton
 * kernel's source in the output code, or on a line of one of its IR files (`.ptx`, `.sass`,
 * `.ttgir`, `.ttir`, `.llir`), that kernel line and every IR line it became are highlighted in
 * every visible editor (the `ir` ranges of `inductorLens/linkedRanges`), debounced. Open the PTX
 * beside the output code (Go to Definition, then "Open to the Side") to see both follow the cursor.
 */
import {
  type Disposable,
  type Location,
  OverviewRulerLane,
  type Range,
  type TextEditor,
  TextEditorRevealType,
  ThemeColor,
  type Uri,
} from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { linkedRangesRequest } from './protocol';
import { createTextEditorDecorationType, getVisibleTextEditors, onDidChangeTextEditorSelection } from './vscodeapi';

/** Files whose cursor moves are followed: output code (Python wrappers) and Triton's IR forms. */
export const FOLLOWED = /\.(py|ptx|sass|ttgir|ttir|llir)$/;

const samePath = (a: Uri, b: Uri) => a.fsPath === b.fsPath;

/** The ranges of `locations` that lie in `uri`. */
export function irRangesIn(locations: readonly Location[], uri: Uri): Range[] {
  return locations.filter((l) => samePath(l.uri, uri)).map((l) => l.range);
}

/** Follows the cursor and paints the linked IR lines; one per window. */
export class IrHighlight implements Disposable {
  private locations: Location[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;
  private generation = 0;
  private readonly decoration = createTextEditorDecorationType({
    backgroundColor: new ThemeColor('inductorLens.provenanceHighlightBackground'),
    isWholeLine: true,
    overviewRulerColor: new ThemeColor('inductorLens.provenanceHighlightBackground'),
    overviewRulerLane: OverviewRulerLane.Full,
  });
  private readonly subscription: Disposable;

  constructor(
    private readonly client: () => LanguageClient | undefined,
    private readonly delayMs = 150,
  ) {
    this.subscription = onDidChangeTextEditorSelection((e) => this.follow(e.textEditor));
  }

  private follow(editor: TextEditor): void {
    if (!FOLLOWED.test(editor.document.uri.fsPath) || editor.document.uri.scheme !== 'file') {
      return;
    }
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.query(editor), this.delayMs);
  }

  private async query(editor: TextEditor): Promise<void> {
    const client = this.client();
    if (!client) {
      return;
    }
    const generation = ++this.generation;
    try {
      const result = await client.sendRequest(linkedRangesRequest, {
        textDocument: { uri: client.code2ProtocolConverter.asUri(editor.document.uri) },
        position: client.code2ProtocolConverter.asPosition(editor.selection.active),
      });
      const locations = await Promise.all((result.ir ?? []).map((l) => client.protocol2CodeConverter.asLocation(l)));
      if (generation !== this.generation) {
        return;
      }
      const key = (ls: readonly Location[]) => ls.map((l) => `${l.uri.toString()}:${l.range.start.line}`).join('|');
      if (key(locations) === key(this.locations)) {
        return; // the same lines (the cursor moved within a kernel line): nothing to redraw
      }
      this.locations = locations;
      this.paint(editor);
    } catch {
      // the server restarted or went away: keep the last highlight
    }
  }

  /** Decorates every visible editor; scrolls the others' first linked line into view. */
  private paint(origin: TextEditor): void {
    for (const editor of getVisibleTextEditors()) {
      const ranges = irRangesIn(this.locations, editor.document.uri);
      editor.setDecorations(this.decoration, ranges);
      if (editor !== origin && ranges.length) {
        editor.revealRange(ranges[0], TextEditorRevealType.InCenterIfOutsideViewport);
      }
    }
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.decoration.dispose();
    this.subscription.dispose();
  }
}
