/**
 * The messages the Inductor Lens language server adds to LSP, and the shapes they carry.
 *
 * Field names follow the server's JSON (snake_case); paths are file-system paths and lines are
 * 1-based, except inside LSP `Location`s, which are 0-based as LSP says.
 */
import type { Location, TextDocumentPositionParams } from 'vscode-languageserver-protocol';
import { NotificationType, RequestType } from 'vscode-languageserver-protocol';

/** A place in a file: file-system path and 1-based line. */
export interface FileLine {
  path: string;
  line: number;
}

/** One frame of a stack trace recorded by PyTorch; `resolved` is the local file, when found. */
export interface SourceFrame {
  file: string;
  line: number;
  function?: string;
  code?: string;
  resolved: string | null;
}

export type GraphKind = 'forward' | 'backward' | 'inference';

/** A kernel of one compiled graph, with its provenance. */
export interface Kernel {
  trace: string;
  rank: number | null;
  compile_id: string;
  /** The process that wrote the graph, when several processes wrote one log (else null). */
  pid?: number | null;
  graph: GraphKind;
  /** `name:handle` (debug handle) or the bare kernel name. */
  key: string;
  name: string;
  kind: string;
  definition: FileLine | null;
  launches: (FileLine & { provenance?: string })[];
  post_grad_nodes: string[];
  pre_grad_nodes: string[];
  aten_ops: string[];
  /** Every frame PyTorch recorded; null when the kernels were asked for with `summary: true`. */
  source: SourceFrame[] | null;
  provenance: 'mapping' | 'stack_traces' | 'kernel_information' | 'comments' | 'inferred';
  /** How sure its links are: its weakest launch's (`ambiguous`: the inference had to choose). */
  confidence?: 'exact' | 'inferred' | 'ambiguous';
  /** The innermost frame of each stack trace: the model lines the kernel came from. */
  model_lines: SourceFrame[];
  /** Measured device time from the loaded profiles; null when no profile covers the kernel. */
  measured: Measured | null;
  /**
   * Bytes read and written per run of its graph (its launches summed; null when unknown), and
   * FLOPs per run (GEMMs, convolutions, attention; null otherwise): `report --json`'s `bytes`/`flops`.
   */
  bytes?: number | null;
  flops?: number | null;
  /**
   * The module whose parameters the kernel reads (`transformer.h.7.mlp.c_fc`), from the pre-grad
   * graph's names; the common prefix when several (`modules` lists them); null where the graph
   * does not say. `module_shared`: a tied weight (the owner is named).
   */
  module?: string | null;
  modules?: string[];
  module_shared?: boolean;
}

/**
 * A kernel's measured device time, from torch.profiler traces: `runs` graph executions it ran in,
 * `events` device kernel executions (a cuBLAS/cuDNN call can run several), times in µs.
 */
export interface Measured {
  runs: number;
  events: number;
  total_us: number;
  mean_us: number;
  /** `cpu` where the kernel ran on the CPU (C++ kernels; extern calls of a CPU-only run): CPU time. */
  clock?: 'device' | 'cpu';
  /** Bytes per run over the mean time (GB/s); null when the bytes are unknown. */
  gbps?: number | null;
  /** FLOPs per run over the mean time (TFLOP/s); null without FLOPs (not a GEMM, convolution or attention). */
  tflops?: number | null;
  /** The achieved share of the binding roof of the device (HBM or the dtype's dense peak); null: device unknown, CPU time. */
  peak_fraction?: number | null;
  /** Roofline class; below a tenth of both roofs `latency` (a small kernel: launch and latency set its time), `neither` for longer device kernels (not limited by memory or compute bandwidth at that size). */
  bound?: 'memory' | 'compute' | 'latency' | 'neither' | null;
  /** The achieved share of each roof: HBM bandwidth, and the dense peak of `compute_roof`. */
  hbm_fraction?: number | null;
  compute_fraction?: number | null;
  /** The precision whose peak the FLOPs are held to (`FP32`, `TF32`, `BF16`); null without FLOPs. */
  compute_roof?: string | null;
  /** The roof `peak_fraction` is of: `HBM`, or the FLOPs' dtype peak (`FP32`, `BF16`). */
  roof?: string | null;
  /** A sentence the figures need (why a share of HBM is above 100%: L2 hits; why a kernel below a tenth of both roofs is or is not small); null: none. */
  note?: string | null;
  /** The device as the server's peak table names it (`H200`). */
  device?: string | null;
}

/** A device kernel of a profile joined to no compiled kernel (eager op, optimizer step, ...). */
export interface UnattributedKernel {
  /** The kernel name the profile records (demangled C++ for ATen/cuBLAS kernels). */
  name: string;
  /** Device executions. */
  count: number;
  total_us: number;
  /** The profile (Chrome trace) it was read from. */
  profile: string;
}

/** One graph of a compile, with the files the server extracted for it. */
export interface GraphFiles {
  compile_id: string;
  /** The process that wrote the graph, when several processes wrote one log (else null). */
  pid?: number | null;
  graph: GraphKind;
  output_code: string;
  post_grad_graph: string | null;
  pre_grad_graph: string | null;
  /** The graph's kernel count. */
  kernels?: number;
  /** Total measured device time of the graph's kernels (µs); null without a profile. */
  measured_us?: number | null;
}

/** One indexed trace (a log file, or one rank's log). */
export interface TraceInfo {
  path: string;
  rank: number | null;
  torch_version: string | null;
  compile_ids: string[];
  kernels: number;
  graphs: GraphFiles[];
  /** Device kernels of the profiles beside this trace that were joined to no compiled kernel. */
  unattributed?: UnattributedKernel[];
  /** In a job of several ranks: the trace of the first rank whose compiles and kernels this one's equal. */
  same_as?: string;
}

/** The function a compile compiled: `co_filename`, `co_firstlineno`, `co_name`; `resolved` is the local file. */
export interface CompiledFunction {
  file: string;
  line: number;
  name: string;
  resolved: string | null;
}

/** One frame compile (its `compilation_metrics` record); times in seconds. */
export interface CompileInfo {
  trace: string;
  rank: number | null;
  /** The record's compile id: `0/0_1` when the compile restarted after a graph break. */
  compile_id: string;
  function: CompiledFunction | null;
  compile_time_s: number | null;
  phases: Record<string, number>;
  /** Graph-break records of this compile. */
  graph_breaks: number;
  guards: number | null;
  cache: Record<string, number>;
  failure: { type: string | null; reason: string; file: string | null; line: number | null } | null;
}

/** `conversion_failure`: PyTorch's WON'T CONVERT, the backend compiler raised an exception Dynamo falls back on. */
export type CompileEventKind = 'graph_break' | 'recompile' | 'failure' | 'conversion_failure';

/** A graph break, a recompilation or a failure as a record of the trace states it. */
export interface CompileEvent {
  trace: string;
  rank: number | null;
  compile_id: string;
  kind: CompileEventKind;
  /** PyTorch's graph-break type, the first failed guard, or the failure's first line. */
  message: string;
  explanation: string | null;
  /** PyTorch's hints, one per line. */
  hint: string | null;
  /** The user line PyTorch names, or null. */
  location: SourceFrame | null;
  stack: SourceFrame[];
  /** Every failed guard of a recompile, newest cache entry first. */
  reasons: string[];
  url: string | null;
  /** The record in the log: its line, and the line that shows the reason. */
  record: { name: string; line: number; target_line: number };
}

/** `inductorLens/compiles`: the `compiles` and `compile_events` of `inductor-lens report --json`. */
export interface CompilesAnswer {
  compiles: CompileInfo[];
  compile_events: CompileEvent[];
}

/** What the kernel or FX node at a position is linked to, in each of the panels. */
export interface LinkedRanges {
  preGrad: Location[];
  postGrad: Location[];
  code: Location[];
  source: Location[];
  /** On a Triton kernel's source line or an IR line: that kernel line and every IR line it became. */
  ir?: Location[];
  /** Why the pre-grad panel shows what it shows (a backward kernel's forward nodes matched by model
   * line) or nothing; null when it shows the kernel's own pre-grad nodes. */
  preGradNote?: string | null;
}

/** Indexing state pushed by the server. */
export interface ServerStatus {
  state: 'indexing' | 'ready' | 'error';
  kernels: number;
  traces: number;
  errors: number;
  message?: string;
  /** Compile problems of the loaded traces: graph breaks, recompiled and failed frame compiles. */
  problems?: number;
  graphBreaks?: number;
  recompiles?: number;
  failures?: number;
  /** Graph breaks on PyTorch's or a library's line (DDP's own forward, contextlib), every rank has them. */
  libraryGraphBreaks?: number;
  /** `problems` less `libraryGraphBreaks`: the problems at the user's own code. */
  userProblems?: number;
  /** Kernels with a link inferred from the code's dataflow (the trace recorded no provenance for them). */
  inferred?: number;
}

/** `initializationOptions` the client sends (the server also pulls the `inductorLens` section). */
export interface InitializationOptions {
  traces: string[];
  pathMappings: Record<string, string>;
  sitePackages: string[];
  discovery: { globs: string[] };
  profiles: string[];
  /** false in Restricted Mode: the server then discovers nothing beyond the files the user opens. */
  trusted: boolean;
  /** Triton cache folders to find kernels' IR in (every folder's, merged). */
  tritonCache: string[];
  /** Nsight Compute profiles (every folder's, merged). */
  ncuProfiles: string[];
  /** Dask workers a job's rank logs are indexed on (the first folder's that sets it); '' = on this machine. */
  workers: string;
}

/** `summary: true` leaves out each kernel's full `source` stacks (`model_lines` stay). */
export const kernelsRequest = new RequestType<{ trace?: string; summary?: boolean }, Kernel[], void>('inductorLens/kernels');

/** One page of `inductorLens/kernels` (asked for with `limit`): `next` is the offset of the next page, null after the last. */
export interface KernelPage {
  kernels: Kernel[];
  total: number;
  next: number | null;
}

/**
 * `inductorLens/kernels` page by page (`offset`, `limit`): a big index (16,644 kernels: 35 MB in
 * summary) is never one answer. An older server ignores `limit` and answers the whole list.
 */
export const kernelPageRequest = new RequestType<
  { trace?: string; summary?: boolean; offset: number; limit: number },
  KernelPage | Kernel[],
  void
>('inductorLens/kernels');
export const tracesRequest = new RequestType<Record<string, never>, TraceInfo[], void>('inductorLens/traces');
export const compilesRequest = new RequestType<{ trace?: string }, CompilesAnswer, void>('inductorLens/compiles');
export const linkedRangesRequest = new RequestType<TextDocumentPositionParams, LinkedRanges, void>(
  'inductorLens/linkedRanges',
);
export const addTracesRequest = new RequestType<{ paths: string[] }, { kernels: number }, void>(
  'inductorLens/addTraces',
);
/** Adds Chrome traces written by torch.profiler; answers how many kernels have a measurement. */
export const addProfilesRequest = new RequestType<{ paths: string[] }, { kernels: number; profiles: string[] }, void>(
  'inductorLens/addProfiles',
);
export const reindexRequest = new RequestType<Record<string, never>, { kernels: number }, void>(
  'inductorLens/reindex',
);
export const statusNotification = new NotificationType<ServerStatus>('inductorLens/status');

/** A kernel's source in one run: lines `start..end` of its output code `path` (1-based). */
export interface CompareKernelSource {
  name: string;
  path: string;
  start: number;
  end: number;
}

/** One model line of a comparison, placed on this workspace's file (`path`/`line` null when nowhere). */
export interface CompareRow {
  change: 'added' | 'removed' | 'changed' | 'same';
  file: string;
  code: string;
  path: string | null;
  line: number | null;
  lens: string;
  hover: string;
  delta_us: number | null;
  words: string[];
  kernels: { a: CompareKernelSource | null; b: CompareKernelSource | null }[];
  /** The compiled time per step moved by over 5% (and 1 µs): more or less; null when not (or unmeasured). */
  moved?: 'more' | 'less' | null;
  /** The row's compiled device time per step in each run (µs), null when unmeasured. */
  time_a_us?: number | null;
  time_b_us?: number | null;
}

/** A cause of the wall-clock change, ranked by the server (`analysis/causes.py`); `delta_us` per step, B − A. */
export interface CompareCause {
  kind: string;
  file: string | null;
  line: number | null;
  code: string | null;
  delta_us: number;
  message: string;
}

/** `inductorLens/compare`: the baseline run at `paths` compared with the traces open here. */
export interface CompareAnswer {
  /** B against A in one sentence (the wall clock per step when both runs have profiles), diff --json's. */
  headline?: string | null;
  causes?: CompareCause[];
  notes?: string[];
  summary: { lines: number; added: number; removed: number; changed: number; same: number; delta_us: number | null } | null;
  rows: CompareRow[];
  /** Graph breaks of this run that the baseline has not, on their local lines (1-based). */
  problems?: { path: string; line: number; message: string }[];
}

export const compareRequest = new RequestType<{ paths: string[]; profiles?: string[] }, CompareAnswer, void>('inductorLens/compare');

/** A place of `inductorLens/hotLines`: `uri` null when the file is not on this machine; `line` 0-based. */
export interface HotPlace {
  uri: string | null;
  line: number;
  file: string;
  basename: string;
  code: string;
  /** user | library | torch_api | torch | generated */
  kind: string;
}

export interface HotLine extends HotPlace {
  share_us: number | null;
  percent: number | null;
  by_graph: Record<string, number>;
  launches: number;
  ops: number;
  kernels: number;
  caller: HotPlace | null;
  /** Device time launched outside compiled code at the line (µs over the window; profiles with stacks). */
  eager_us?: number | null;
  /** What the line called with the most eager time (`cross_entropy`). */
  eager_call?: string | null;
}

/** A profile's whole step (`timing/step.py`): `line` as report prints it; figures in µs over the window. */
export interface HotStep {
  profile: string;
  line: string;
  steps: number | null;
  wall_us: number;
}

export interface HotCall extends HotPlace {
  innermost: boolean;
  compile_ids: string[];
  graphs: string[];
  kernels: number;
  measured_us: number | null;
  percent: number | null;
}

/** `inductorLens/hotLines`: the model lines ranked by their share of the measured time (by launches without a profile). */
export interface HotLinesAnswer {
  measured: boolean;
  heading: string;
  total_us?: number;
  runs?: number[];
  clock?: string;
  rows: HotLine[];
  more?: number;
  calls: HotCall[];
  /** The whole step of each profile (issue 45). */
  steps?: HotStep[];
}

export const hotLinesRequest = new RequestType<Record<string, never>, HotLinesAnswer, void>('inductorLens/hotLines');
