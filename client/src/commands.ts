/**
 * The extension's commands: Open Trace…, Open Profile…, Reindex, Restart Server, Show Logs, Go to Kernel…,
 * Open Three-Panel View, Sort Kernels…, Sort Compile Health…, Capture Trace… (capture.ts), and the
 * client-side targets of the server's code lenses and hover links (`inductorLens.openLocations`,
 * `inductorLens.openLocation`).
 */
import { type Disposable, type LogOutputChannel, Position, Range, Uri } from 'vscode';
import type * as lsp from 'vscode-languageclient/node';
import { type CapturedRun, registerCaptureCommand } from './capture';
import { Commands, KERNELS_VIEW_ID } from './constants';
import { formatUs, kernelPickItem, plural } from './kernels';
import type { HealthSort } from './healthTree';
import type { KernelSort, KernelsTreeProvider, TreeNode } from './kernelsTree';
import { traceError } from './logging';
import { addProfilesRequest, addTracesRequest, type Kernel, reindexRequest } from './protocol';
import type { ServerManager } from './server';
import type { ThreePanelView } from './threePanel';
import {
  executeCommand,
  getActiveTextEditor,
  registerCommand,
  showErrorMessage,
  showInformationMessage,
  showOpenDialog,
  showQuickPick,
  showTextDocument,
  showWarningMessage,
} from './vscodeapi';

export interface CommandContext {
  server: ServerManager;
  kernels: KernelsTreeProvider;
  threePanel: ThreePanelView;
  outputChannel: LogOutputChannel;
  /** Remembers traces opened with Open Trace… so that a restarted server gets them again. */
  rememberTraces: (paths: string[]) => Thenable<void>;
  /** Remembers profiles opened with Open Profile… likewise. */
  rememberProfiles: (paths: string[]) => Thenable<void>;
  /** Capture Trace…: the extension's folder (bundled server) and this workspace's captured runs. */
  capture: {
    extensionPath: string;
    history: () => CapturedRun[];
    saveHistory: (runs: CapturedRun[]) => Thenable<void>;
  };
}

/** Where a kernel is: its definition, else its first launch (extern kernels have no definition). */
export function kernelTarget(kernel: Kernel): { uri: Uri; position: Position } | undefined {
  const place = kernel.definition ?? kernel.launches[0];
  return place ? { uri: Uri.file(place.path), position: new Position(Math.max(0, place.line - 1), 0) } : undefined;
}

/** Opens `uri` with the cursor at `position`, centred. */
async function reveal(uri: Uri, position: Position): Promise<void> {
  await showTextDocument(uri, { selection: new Range(position, position), preview: false });
}

/** Runs a command body, turning a failure into an error message instead of a silent rejection. */
function guarded<A extends unknown[]>(body: (...args: A) => Promise<unknown>): (...args: A) => Promise<void> {
  return async (...args: A) => {
    try {
      await body(...args);
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      traceError(message);
      void showErrorMessage(`Inductor Lens: ${message}`);
    }
  };
}

/** Asks for trace files or a trace folder (one dialog cannot offer both on Linux and Windows). */
async function pickTracePaths(): Promise<string[] | undefined> {
  const choice = await showQuickPick(
    [
      { label: '$(file) Trace Files…', detail: 'TORCH_TRACE logs, output_code.py files', folders: false },
      { label: '$(folder) Trace Folder…', detail: 'a TORCH_TRACE, tlparse or TORCH_COMPILE_DEBUG folder', folders: true },
    ],
    { placeHolder: 'Open a TorchInductor trace' },
  );
  if (!choice) {
    return undefined;
  }
  const uris = await showOpenDialog({
    canSelectFiles: !choice.folders,
    canSelectFolders: choice.folders,
    canSelectMany: true,
    openLabel: 'Open Trace',
  });
  return uris?.map((u) => u.fsPath);
}

/** Asks for torch.profiler Chrome traces (`.json`, `.json.gz`). */
async function pickProfilePaths(): Promise<string[] | undefined> {
  const uris = await showOpenDialog({
    canSelectFiles: true,
    canSelectFolders: false,
    canSelectMany: true,
    openLabel: 'Open Profile',
    title: 'Open torch.profiler traces (Chrome trace .json or .json.gz)',
    filters: { 'torch.profiler Chrome traces': ['json', 'gz'], 'All files': ['*'] },
  });
  return uris?.map((u) => u.fsPath);
}

export function registerCommands(ctx: CommandContext): Disposable[] {
  const { server, kernels, threePanel } = ctx;

  /** The kernels, fetched if the view has not loaded them yet. */
  const allKernels = async () => {
    if (!kernels.kernels.length) {
      await kernels.refresh();
    }
    return kernels.kernels;
  };

  const pickKernel = async (placeHolder: string) => {
    const item = await showQuickPick((await allKernels()).map(kernelPickItem), {
      placeHolder,
      matchOnDescription: true,
      matchOnDetail: true,
    });
    return item?.kernel;
  };

  return [
    registerCaptureCommand({
      server,
      kernels,
      rememberTraces: (paths) => ctx.rememberTraces(paths),
      ...ctx.capture,
    }),
    registerCommand(
      Commands.openTrace,
      guarded(async (arg?: Uri | Uri[]) => {
        const paths = arg ? (Array.isArray(arg) ? arg : [arg]).map((u) => u.fsPath) : await pickTracePaths();
        if (!paths?.length) {
          return;
        }
        const result = await server.request(addTracesRequest, { paths });
        await ctx.rememberTraces(paths);
        await kernels.refresh();
        void executeCommand(`${KERNELS_VIEW_ID}.focus`);
        void showInformationMessage(`Inductor Lens: ${result.kernels} kernels indexed.`);
      }),
    ),
    registerCommand(
      Commands.openProfile,
      guarded(async (arg?: Uri | Uri[]) => {
        const paths = arg ? (Array.isArray(arg) ? arg : [arg]).map((u) => u.fsPath) : await pickProfilePaths();
        if (!paths?.length) {
          return;
        }
        const result = await server.request(addProfilesRequest, { paths });
        await ctx.rememberProfiles(paths);
        await kernels.refresh();
        void executeCommand(`${KERNELS_VIEW_ID}.focus`);
        if (result.kernels === 0) {
          void showWarningMessage(
            'Inductor Lens: no kernel got a measurement. Is it a torch.profiler trace (with CUDA activity) ' +
              'of the program whose trace is loaded?',
          );
          return;
        }
        const total = kernels.measuredTotalUs;
        const time = total === null ? '' : `, ${formatUs(total)} of device time`;
        void showInformationMessage(`Inductor Lens: ${plural(result.kernels, 'kernel')} measured${time}.`);
      }),
    ),
    registerCommand(
      Commands.reindex,
      guarded(async () => {
        await server.request(reindexRequest, {});
        await kernels.refresh();
      }),
    ),
    registerCommand(Commands.restartServer, () => server.requestRestart('the Restart Server command')),
    registerCommand(Commands.showLogs, () => ctx.outputChannel.show()),
    registerCommand(
      Commands.goToKernel,
      guarded(async () => {
        const kernel = await pickKernel('Go to kernel: type a kernel name, ATen op or model line');
        const target = kernel && kernelTarget(kernel);
        if (target) {
          await reveal(target.uri, target.position);
        }
      }),
    ),
    registerCommand(
      Commands.sortKernels,
      guarded(async () => {
        const sorts: Array<{ label: string; sort: KernelSort; description?: string }> = [
          { label: 'Launches', sort: 'launches', description: 'most launched first' },
          {
            label: 'Measured time',
            sort: 'time',
            description: kernels.hasMeasurements ? 'slowest first' : 'needs a profile: Open Profile…',
          },
          {
            label: 'Share of the device peak',
            sort: 'peak',
            description: kernels.hasMeasurements ? 'furthest from peak first (GB/s or TFLOP/s against the device)' : 'needs a profile: Open Profile…',
          },
          { label: 'Name', sort: 'name' },
        ];
        const picked = await showQuickPick(
          sorts.map((s) => ({ ...s, picked: s.sort === kernels.sortOrder })),
          { placeHolder: 'Sort kernels by' },
        );
        if (picked) {
          kernels.setSort(picked.sort);
        }
      }),
    ),
    registerCommand(
      Commands.sortCompileHealth,
      guarded(async () => {
        const sorts: Array<{ label: string; sort: HealthSort; description: string }> = [
          { label: 'Compile time', sort: 'time', description: 'longest first' },
          { label: 'Recompiles', sort: 'recompiles', description: 'most first' },
          { label: 'Graph breaks', sort: 'breaks', description: 'most first' },
          { label: 'Compiles', sort: 'compiles', description: 'most first' },
          { label: 'Name', sort: 'name', description: 'trace, then function name' },
        ];
        const picked = await showQuickPick(
          sorts.map((s) => ({ ...s, picked: s.sort === kernels.healthSortOrder })),
          { placeHolder: 'Sort the traces and compiled functions of Compile health by' },
        );
        if (picked) {
          kernels.setHealthSort(picked.sort);
        }
      }),
    ),
    registerCommand(
      Commands.openThreePanel,
      guarded(async (node?: TreeNode) => {
        let target: { uri: Uri; position: Position } | undefined;
        if (node?.type === 'kernel') {
          target = kernelTarget(node.kernel);
        } else if (node?.type === 'graph' && node.files) {
          target = { uri: Uri.file(node.files.output_code), position: new Position(0, 0) };
        } else {
          const editor = getActiveTextEditor();
          target = editor && { uri: editor.document.uri, position: editor.selection.active };
        }
        if (target && (await threePanel.open(target.uri, target.position))) {
          return;
        }
        const kernel = await pickKernel('Nothing linked at the cursor: pick a kernel for the three-panel view');
        const picked = kernel && kernelTarget(kernel);
        if (picked) {
          await threePanel.open(picked.uri, picked.position);
        }
      }),
    ),
    registerCommand(
      Commands.openLocations,
      guarded(async (uri: string, position: lsp.Position, locations: lsp.Location[]) => {
        const client = server.running;
        if (!client || !locations?.length) {
          return;
        }
        const converted = await Promise.all(locations.map((l) => client.protocol2CodeConverter.asLocation(l)));
        if (converted.length === 1) {
          await reveal(converted[0].uri, converted[0].range.start);
          return;
        }
        await executeCommand(
          'editor.action.showReferences',
          client.protocol2CodeConverter.asUri(uri),
          client.protocol2CodeConverter.asPosition(position),
          converted,
        );
      }),
    ),
    registerCommand(
      Commands.openLocation,
      guarded(async (location: lsp.Location) => {
        const client = server.running;
        if (client && location) {
          const converted = client.protocol2CodeConverter.asLocation(location);
          await reveal(converted.uri, converted.range.start);
        }
      }),
    ),
  ];
}
