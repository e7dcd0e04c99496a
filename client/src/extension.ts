/**
 * Activation: wires the log, status bar, language server, Kernels view, three-panel view and
 * commands together. The logic lives in the modules it imports.
 */
import type { ExtensionContext } from 'vscode';
import type { CapturedRun } from './capture';
import { registerCommands } from './commands';
import { Comparison, withComparisonFirst } from './compare';
import { compareWithSetting, registerCompare } from './compareCommands';
import { DISPLAY_NAME, KERNELS_VIEW_ID } from './constants';
import { registerHotLines } from './hotLines';
import { KernelsTreeProvider, type TreeNode } from './kernelsTree';
import { setLogChannel, traceError } from './logging';
import { fetchAllKernels, fetchConsistent } from './kernels';
import { type CompilesAnswer, compilesRequest, kernelPageRequest, tracesRequest } from './protocol';
import { ServerManager } from './server';
import { needsRestart } from './settings';
import { StatusBar } from './statusBar';
import { IrHighlight } from './irHighlight';
import { ThreePanelView } from './threePanel';
import {
  createLogOutputChannel,
  createTreeView,
  onDidChangeConfiguration,
  onDidGrantWorkspaceTrust,
  setContext,
} from './vscodeapi';

const OPENED_TRACES_KEY = 'inductorLens.openedTraces';
const OPENED_PROFILES_KEY = 'inductorLens.openedProfiles';
const CAPTURES_KEY = 'inductorLens.captures';

let server: ServerManager | undefined;

export async function activate(context: ExtensionContext): Promise<void> {
  const outputChannel = createLogOutputChannel(DISPLAY_NAME);
  setLogChannel(outputChannel);
  const statusBar = new StatusBar();

  const openedTraces = () => context.workspaceState.get<string[]>(OPENED_TRACES_KEY, []);
  const openedProfiles = () => context.workspaceState.get<string[]>(OPENED_PROFILES_KEY, []);
  const remember = (key: string, opened: () => string[]) => (paths: string[]) =>
    context.workspaceState.update(key, [...new Set([...opened(), ...paths])]);
  const comparison = new Comparison();
  server = new ServerManager({
    first: withComparisonFirst(comparison),
    extensionPath: context.extensionPath,
    storagePath: context.globalStorageUri?.fsPath,
    outputChannel,
    openedTraces,
    openedProfiles,
  });
  const manager = server;

  const noHealth: CompilesAnswer = { compiles: [], compile_events: [] };
  const fetchOnce = async () => {
    const [traces, kernelList, health] = await Promise.all([
      manager.request(tracesRequest, {}),
      fetchAllKernels((offset, limit) => manager.request(kernelPageRequest, { summary: true, offset, limit })),
      // an older server has no compile health: the view still shows the kernels
      manager.request(compilesRequest, {}).catch(() => noHealth),
    ]);
    return { traces, kernels: kernelList, health };
  };
  const kernels = new KernelsTreeProvider(() => fetchConsistent(fetchOnce));
  const refreshKernels = () =>
    kernels.refresh().then(
      () => setContext('inductorLens.hasKernels', kernels.kernels.length > 0),
      (err) => traceError(`Could not load the kernels: ${err}`),
    );
  // The status bar shows the measured device time of the kernels the view last fetched.
  kernels.onDidChangeTreeData(() => statusBar.setMeasured(kernels.measuredTotalUs));
  const hotLines = registerHotLines(manager, context.extensionPath);
  const threePanel = new ThreePanelView(() => manager.running, () => kernels.traces);
  const irHighlight = new IrHighlight(() => manager.running);

  manager.onDidChangeStatus((status) => {
    statusBar.update(status);
    if (status.state === 'ready') {
      void refreshKernels();
      void hotLines.provider.refresh();
      void compareWithSetting({ server: manager, comparison, captures: () => [] });
    }
  });
  // A new client: load the kernels (the server answers once indexing is done). No client: the
  // server is being restarted.
  manager.onDidChangeClient((client) => (client ? void refreshKernels() : statusBar.starting()));

  context.subscriptions.push(
    outputChannel,
    statusBar,
    manager,
    kernels,
    threePanel,
    irHighlight,
    createTreeView<TreeNode>(KERNELS_VIEW_ID, { treeDataProvider: kernels, showCollapseAll: true }),
    ...registerCommands({
      server: manager,
      kernels,
      threePanel,
      outputChannel,
      rememberTraces: remember(OPENED_TRACES_KEY, openedTraces),
      rememberProfiles: remember(OPENED_PROFILES_KEY, openedProfiles),
      capture: {
        extensionPath: context.extensionPath,
        history: () => context.workspaceState.get<CapturedRun[]>(CAPTURES_KEY, []),
        saveHistory: (runs) => context.workspaceState.update(CAPTURES_KEY, runs),
      },
    }),
    onDidChangeConfiguration((e) => {
      if (needsRestart(e)) {
        void manager.requestRestart('the interpreter settings changed');
      }
    }),
    onDidGrantWorkspaceTrust(() => manager.requestRestart('the workspace was trusted')),
    ...hotLines.disposables,
    comparison,
    ...registerCompare({
      server: manager,
      comparison,
      captures: () => context.workspaceState.get<CapturedRun[]>(CAPTURES_KEY, []),
    }),
  );

  await manager.start();
}

export async function deactivate(): Promise<void> {
  await server?.stop();
}
