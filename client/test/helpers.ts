/** Test data and fakes shared by the unit tests. */
import * as fs from 'fs';
import * as path from 'path';
import type { WorkspaceConfiguration } from 'vscode';
import { Uri } from 'vscode';
import type { Kernel, TraceInfo } from '../src/protocol';

/**
 * The real mlp_infer trace as the server's `inductor-lens report --json` lists it
 * (../shared/traces/torch-2.11-cuda/mlp_infer): 4 kernels of compile 0/0's inference graph.
 * scripts/test.sh makes a fresh report and passes it in INDUCTOR_LENS_REPORT, so the tests follow
 * the server; the committed fixture is the same command's output, for running vitest alone.
 */
export function mlpInfer(): { traces: TraceInfo[]; kernels: Kernel[] } {
  const file = process.env.INDUCTOR_LENS_REPORT || path.join(__dirname, 'fixtures', 'mlp_infer.report.json');
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  const kernels: Kernel[] = report.kernels.map((k: Kernel) => ({ ...k, measured: k.measured ?? null }));
  const outputCode = kernels.find((k) => k.definition)!.definition!.path;
  const traces: TraceInfo[] = report.traces.map((t: TraceInfo) => ({
    ...t,
    kernels: kernels.length,
    graphs: [
      {
        compile_id: '0/0',
        graph: 'inference',
        output_code: outputCode,
        post_grad_graph: '/cache/post_grad.txt',
        pre_grad_graph: '/cache/pre_grad.txt',
      },
    ],
  }));
  return { traces, kernels };
}

/** A minimal kernel with the given fields. */
export function kernel(fields: Partial<Kernel>): Kernel {
  return {
    trace: '/t/a.log',
    rank: null,
    compile_id: '0/0',
    graph: 'forward',
    key: fields.name ?? 'k',
    name: 'k',
    kind: 'pointwise',
    definition: null,
    launches: [],
    post_grad_nodes: [],
    pre_grad_nodes: [],
    aten_ops: [],
    source: [],
    provenance: 'mapping',
    model_lines: [],
    measured: null,
    ...fields,
  };
}

/**
 * A WorkspaceConfiguration over plain values: `values` are what `get` returns (the effective
 * value), `globalValues` what `inspect().globalValue` returns.
 */
export function fakeConfiguration(
  values: Record<string, unknown>,
  globalValues: Record<string, unknown> = {},
): WorkspaceConfiguration {
  return {
    get: (key: string, fallback?: unknown) => (key in values ? values[key] : fallback),
    has: (key: string) => key in values,
    inspect: (key: string) => ({ key, globalValue: globalValues[key], defaultValue: undefined }),
    update: async () => undefined,
  } as unknown as WorkspaceConfiguration;
}

export function folder(fsPath: string, name = path.basename(fsPath), index = 0) {
  return { uri: Uri.file(fsPath), name, index };
}
