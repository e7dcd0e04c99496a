import { describe, expect, test } from 'vitest';
import { Location, Range, Uri } from 'vscode';
import { choosePanelFiles, findGraph, isEmpty, type Links, mappedPathDecorations, noteDecorations, rangesIn } from '../src/threePanel';
import { mlpInfer } from './helpers';

const loc = (file: string, line: number) => new Location(Uri.file(file), new Range(line, 0, line, 0));
const none: Links = { preGrad: [], postGrad: [], code: [], source: [] };

describe('three-panel view helpers', () => {
  const { traces } = mlpInfer();
  const graph = traces[0].graphs[0];

  test('findGraph finds the graph of an output code or graph file', () => {
    expect(findGraph(traces, Uri.file(graph.output_code))).toBe(graph);
    expect(findGraph(traces, Uri.file('/cache/post_grad.txt'))).toBe(graph);
    expect(findGraph(traces, Uri.file('/elsewhere.py'))).toBeUndefined();
  });

  test("the linked ranges' files go in the panels; the graph's files fill the gaps", () => {
    const links: Links = { ...none, code: [loc('/x/code.py', 63)], postGrad: [loc('/x/post.txt', 4)] };
    const panels = choosePanelFiles(links, graph);
    expect(panels.preGrad?.fsPath).toBe('/cache/pre_grad.txt');
    expect(panels.postGrad?.fsPath).toBe('/x/post.txt');
    expect(panels.code?.fsPath).toBe('/x/code.py');
  });

  test('nothing linked and no known graph: no panels', () => {
    expect(choosePanelFiles(none, undefined)).toEqual({ preGrad: undefined, postGrad: undefined, code: undefined });
    expect(isEmpty(none)).toBe(true);
  });

  test('rangesIn picks the ranges of one document, from every panel and the model file', () => {
    const links: Links = {
      preGrad: [loc('/p.txt', 1), loc('/p.txt', 2)],
      postGrad: [loc('/q.txt', 3)],
      code: [loc('/c.py', 63)],
      source: [loc('/models.py', 22)],
    };
    expect(rangesIn(links, Uri.file('/p.txt')).map((r) => r.start.line)).toEqual([1, 2]);
    expect(rangesIn(links, Uri.file('/models.py')).map((r) => r.start.line)).toEqual([22]);
    expect(rangesIn(links, Uri.file('/other.py'))).toEqual([]);
    expect(isEmpty(links)).toBe(false);
  });

  test("the server's note on the pre-grad panel is drawn in that panel only, after its first linked line", () => {
    const note = 'Backward kernel: its provenance names no pre-grad node; shown are the forward pre-grad nodes of its model lines';
    const links: Links = { ...none, preGrad: [loc('/p.txt', 7), loc('/p.txt', 9)], preGradNote: note };
    const [decoration] = noteDecorations(links, Uri.file('/p.txt'), Uri.file('/p.txt'));
    expect(decoration.range.start.line).toBe(7);
    expect(decoration.renderOptions?.after?.contentText).toContain(note);
    expect(noteDecorations(links, Uri.file('/q.txt'), Uri.file('/p.txt'))).toEqual([]);
    // nothing linked: the note says why, on the panel's first line
    const why = { ...none, preGradNote: 'No pre-grad graph in this trace' };
    expect(noteDecorations(why, Uri.file('/p.txt'), Uri.file('/p.txt'))[0].range.start.line).toBe(0);
    expect(noteDecorations(none, Uri.file('/p.txt'), Uri.file('/p.txt'))).toEqual([]);
  });
});

describe('mapped # File: paths', () => {
  test("draws each link's local file and line in place of the trace path", () => {
    const links = [
      { range: new Range(10, 16, 10, 47), target: Uri.parse('file:///ws/models.py#L23') },
      { range: new Range(11, 16, 11, 47), target: Uri.parse('https://example.com/x') },
    ];
    const out = mappedPathDecorations(links as never, (u) => u.path.replace('/ws/', ''));
    expect(out).toHaveLength(1);
    expect(out[0].range).toBe(links[0].range);
    expect(out[0].renderOptions?.before?.contentText).toBe('models.py:23');
  });
});
