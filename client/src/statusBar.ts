/**
 * The status bar item: what the server is doing (starting, indexing, N kernels and, once a
 * profile is loaded, their measured device time; errors; the count of compile problems: graph
 * breaks, recompilations, failures).
 * Clicking it shows the Kernels view when all is well and the logs when something failed.
 */
import { type StatusBarItem, ThemeColor } from 'vscode';
import { Commands, KERNELS_VIEW_ID } from './constants';
import { formatUs, plural } from './kernels';
import type { ServerStatus } from './protocol';
import { createStatusBarItem } from './vscodeapi';

/** What the item shows: text (with codicons), tooltip, click command, and whether it is an error. */
export interface StatusView {
  text: string;
  tooltip: string;
  command: string;
  error: boolean;
}

const FOCUS_KERNELS = `${KERNELS_VIEW_ID}.focus`;


/**
 * Maps a server status notification to what the item shows; `measuredUs` is the measured device
 * time of every kernel together (from the Kernels view's last fetch), null without a profile.
 */
export function describeStatus(status: ServerStatus, measuredUs: number | null = null): StatusView {
  const counts = `${plural(status.kernels, 'kernel')} in ${plural(status.traces, 'trace')}`;
  const errors =
    status.errors > 0 ? `\n${plural(status.errors, 'warning')} while reading the traces: damaged or unexpected input, named by file and line (click to show the logs)` : '';
  switch (status.state) {
    case 'indexing':
      return {
        text: '$(sync~spin) Inductor Lens: indexing…',
        tooltip: status.message || `Indexing TorchInductor traces (${counts} so far)`,
        command: Commands.showLogs,
        error: false,
      };
    case 'ready': {
      const time = measuredUs === null ? '' : ` · ${formatUs(measuredUs)}`;
      const timeTip = measuredUs === null ? '' : `\n${formatUs(measuredUs)} of measured device time (torch.profiler)`;
      const problems = status.problems ?? 0;
      // PyTorch's and libraries' own graph breaks (DDP's forward: every rank has them) apart from the user's
      const library = status.libraryGraphBreaks ?? 0;
      const own = status.userProblems ?? problems - library;
      const libraryText = library > 0 ? ` · ${library} in libraries` : '';
      const health = problems > 0 ? `${own > 0 ? ` · $(flame) ${plural(own, 'compile problem')}` : ''}${libraryText}` : '';
      const healthTip =
        problems > 0
          ? `\nCompile health: ${plural(status.graphBreaks ?? 0, 'graph break')}, ${plural(status.recompiles ?? 0, 'recompile')}, ` +
            `${plural(status.failures ?? 0, 'failure')} in the trace (Compile health in the Kernels view). The Problems view ` +
            'lists those of the open files, where the line still reads as in the trace, one per line and compile ' +
            '(a compile\'s attempts and its ranks together)' +
            (library > 0
              ? `\n${plural(library, 'graph break')} on PyTorch's or a library's own lines (such as DistributedDataParallel's forward), ` +
                `not your code's; ${plural(own, 'problem')} at your code`
              : '')
          : '';
      const inferred = status.inferred ?? 0;
      const inferredText = inferred > 0 ? ` · ${inferred} inferred` : '';
      const inferredTip =
        inferred > 0
          ? `\n${plural(inferred, 'kernel')} with inferred links: the trace recorded no provenance for them, so their FX nodes ` +
            'and model lines were rebuilt from the code\'s dataflow (INDUCTOR_PROVENANCE=1 records exact ones)'
          : '';
      return {
        text: `$(pulse) ${plural(status.kernels, 'kernel')}${time}${inferredText}${status.errors > 0 ? ` $(warning) ${status.errors}` : ''}${health}`,
        tooltip: `Inductor Lens: ${counts}${errors}${timeTip}${inferredTip}${healthTip}${status.message ? `\n${status.message}` : ''}`,
        command: status.errors > 0 ? Commands.showLogs : FOCUS_KERNELS,
        error: false,
      };
    }
    case 'error':
    default:
      return {
        text: '$(warning) Inductor Lens',
        tooltip: `Inductor Lens: ${status.message || 'indexing failed'} (click to show the logs)`,
        command: Commands.showLogs,
        error: true,
      };
  }
}

/** The one status bar item of the extension. */
export class StatusBar {
  private readonly item: StatusBarItem;
  private status: ServerStatus | undefined;
  private measuredUs: number | null = null;

  constructor() {
    this.item = createStatusBarItem('inductorLens.status', 100);
    this.item.name = 'Inductor Lens';
    this.starting();
  }

  /** Shows a server status notification. */
  update(status: ServerStatus): void {
    this.status = status;
    this.show(describeStatus(status, this.measuredUs));
  }

  /** The measured device time of all kernels (null: none measured), shown once the server is ready. */
  setMeasured(us: number | null): void {
    this.measuredUs = us;
    if (this.status?.state === 'ready') {
      this.show(describeStatus(this.status, us));
    }
  }

  starting(): void {
    this.status = undefined;
    this.show({
      text: '$(sync~spin) Inductor Lens: starting…',
      tooltip: 'Starting the Inductor Lens server',
      command: Commands.showLogs,
      error: false,
    });
  }

  /** Shows a failure to start or a crash. */
  failed(message: string): void {
    this.status = undefined;
    this.show(describeStatus({ state: 'error', kernels: 0, traces: 0, errors: 1, message }));
  }

  private show(view: StatusView): void {
    this.item.text = view.text;
    this.item.tooltip = view.tooltip;
    this.item.command = view.command;
    this.item.backgroundColor = view.error ? new ThemeColor('statusBarItem.errorBackground') : undefined;
    this.item.show();
  }

  dispose(): void {
    this.item.dispose();
  }
}
