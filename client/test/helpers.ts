/** Test data and fakes shared by the unit tests. */
import * as fs from 'fs';
import * as path from 'path';
import type { WorkspaceConfiguration } from 'vscode';
import { Uri } from 'vscode';
import type { CompilesAnswer, GraphFiles, Kernel, TraceInfo, UnattributedKernel } from '../src/protocol';

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

/**
 * The real profile_cnn trace (../shared/traces/torch-2.11-cuda/profile_cnn: SmallCNN training,
 * compile 0/0's forward and backward graphs) with the torch.profiler trace beside it, as
 * `inductor-lens report <case> --json` lists it: 16 kernels with `measured`, and the device
 * kernels the profile could not join (eager loss, optimizer) in `unattributed`. scripts/test.sh
 * passes a fresh report in INDUCTOR_LENS_PROFILE_REPORT; the committed fixture is the same
 * command's output. Shaped like the server's `inductorLens/traces` answer: one graph per
 * (compile, graph kind) with its output code, and each trace's unattributed kernels; the graphs
 * carry no `measured_us` (the report has none), so the view sums their kernels.
 */
export function profileCnn(): { traces: TraceInfo[]; kernels: Kernel[]; unattributed: UnattributedKernel[] } {
  const file =
    process.env.INDUCTOR_LENS_PROFILE_REPORT || path.join(__dirname, 'fixtures', 'profile_cnn.report.json');
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  const kernels: Kernel[] = report.kernels;
  const unattributed: UnattributedKernel[] = report.unattributed ?? [];
  const traces: TraceInfo[] = report.traces.map((t: TraceInfo) => {
    const own = kernels.filter((k) => k.trace === t.path);
    const graphs = new Map<string, GraphFiles>();
    for (const k of own) {
      const code = (k.definition ?? k.launches[0])?.path;
      const key = `${k.compile_id}\0${k.graph}`;
      if (code && !graphs.has(key)) {
        graphs.set(key, {
          compile_id: k.compile_id,
          graph: k.graph,
          output_code: code,
          post_grad_graph: null,
          pre_grad_graph: null,
          kernels: own.filter((x) => x.compile_id === k.compile_id && x.graph === k.graph).length,
        });
      }
    }
    return { ...t, kernels: own.length, graphs: [...graphs.values()], unattributed };
  });
  return { traces, kernels, unattributed };
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

/**
 * The compile records of three real traces (../shared/traces: torch-2.14-cpu/graph_breaks and
 * recompiles_health, torch-2.11-cuda/graph_break) as `inductor-lens report ... --path-map
 * /workspace/proj=../shared/traces --json` lists them: the `inductorLens/compiles` answer.
 * scripts/test.sh passes a fresh report in INDUCTOR_LENS_HEALTH_REPORT; the committed fixture is
 * the same command's output (its traces, compiles and compile_events).
 */
export function healthReport(): CompilesAnswer & { traces: TraceInfo[] } {
  const file = process.env.INDUCTOR_LENS_HEALTH_REPORT || path.join(__dirname, 'fixtures', 'health.report.json');
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  return { traces: report.traces, compiles: report.compiles, compile_events: report.compile_events };
}
