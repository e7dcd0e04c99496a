/** Names shared by the manifest (package.json) and the code. */

/** LanguageClient id: vscode-languageclient reads `<id>.trace.server` by this name. */
export const CLIENT_ID = 'inductorLens';
export const DISPLAY_NAME = 'Inductor Lens';
/** The settings section. */
export const SECTION = 'inductorLens';
/** `python -m <SERVER_MODULE> serve` starts the server. */
export const SERVER_MODULE = 'inductor_lens';
/** The oldest Python the server runs on. */
export const MIN_PYTHON: readonly [number, number] = [3, 10];
export const PYTHON_EXTENSION_ID = 'ms-python.python';
export const KERNELS_VIEW_ID = 'inductorLens.kernels';
export const CHANGED_LINES_VIEW_ID = 'inductorLens.changedLines';
export const HOT_LINES_VIEW_ID = 'inductorLens.hotLines';

export const Commands = {
  openTrace: 'inductorLens.openTrace',
  reindex: 'inductorLens.reindex',
  restartServer: 'inductorLens.restartServer',
  showLogs: 'inductorLens.showLogs',
  goToKernel: 'inductorLens.goToKernel',
  openThreePanel: 'inductorLens.openThreePanel',
  sortKernels: 'inductorLens.sortKernels',
  sortCompileHealth: 'inductorLens.sortCompileHealth',
  openProfile: 'inductorLens.openProfile',
  captureTrace: 'inductorLens.captureTrace',
  /** Client-side targets of the server's code lenses and hover links. */
  openLocations: 'inductorLens.openLocations',
  openLocation: 'inductorLens.openLocation',
} as const;

/** The commands of Compare with Trace… (registered by compareCommands.ts). */
export const CompareCommands = {
  compareWithTrace: 'inductorLens.compareWithTrace',
  clearComparison: 'inductorLens.clearComparison',
  openKernelDiff: 'inductorLens.openKernelDiff',
} as const;

/** The Hot Lines view's commands (registered by hotLines.ts). */
export const HotLinesCommands = {
  split: 'inductorLens.hotLinesSplit',
  together: 'inductorLens.hotLinesTogether',
  refresh: 'inductorLens.refreshHotLines',
} as const;
