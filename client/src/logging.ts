/**
 * The extension's log: one `LogOutputChannel` ("Inductor Lens"), shared with the language client
 * so that client, server (`window/logMessage`) and LSP trace lines land in one place, and
 * `Developer: Set Log Level…` works. Lines are mirrored to the console when `CI=true`, so
 * headless test runs show them (as ruff-vscode does).
 */
import type { LogOutputChannel } from 'vscode';

let channel: LogOutputChannel | undefined;
const mirror = process.env.CI === 'true';

export function setLogChannel(logChannel: LogOutputChannel | undefined): void {
  channel = logChannel;
}

function write(level: 'info' | 'warn' | 'error' | 'debug', message: string): void {
  channel?.[level](message);
  if (mirror) {
    console.log(`[inductor-lens ${level}] ${message}`);
  }
}

export const traceInfo = (message: string): void => write('info', message);
export const traceWarn = (message: string): void => write('warn', message);
export const traceError = (message: string): void => write('error', message);
export const traceVerbose = (message: string): void => write('debug', message);
