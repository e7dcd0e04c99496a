/**
 * Reading the `inductorLens.*` settings and turning them into what the server is started with.
 *
 * Settings flow: the interpreter and import strategy decide how the server process is launched,
 * so a change to them restarts the server (RESTART_SETTINGS). Everything else (traces, path
 * mappings, discovery globs, profiles) is sent once as `initializationOptions` and then pulled by
 * the server itself through `workspace/configuration` after `workspace/didChangeConfiguration`,
 * without a restart.
 */
import * as os from 'os';
import * as path from 'path';
import type { ConfigurationChangeEvent, WorkspaceFolder } from 'vscode';
import { SECTION } from './constants';
import type { InitializationOptions } from './protocol';
import { getConfiguration, getWorkspaceFolders, isWorkspaceTrusted } from './vscodeapi';

export type ImportStrategy = 'useBundled' | 'fromEnvironment';

/** The settings of one workspace folder (or of the window, when no folder is open). */
export interface Settings {
  interpreter: string[];
  importStrategy: ImportStrategy;
  traces: string[];
  pathMappings: Record<string, string>;
  discoveryGlobs: string[];
  profiles: string[];
  /** Triton cache folders to find kernels' IR in (`TRITON_CACHE_DIR` or Inductor caches). */
  tritonCache: string[];
  /** Nsight Compute profiles (source page CSV, or .ncu-rep) for per-line measured counters. */
  ncuProfiles: string[];
  /** A baseline run the workspace is compared with after every indexing (Compare with Trace…). */
  compareWith: string[];
  /** Dask workers a job's rank logs are indexed on (`local`, `local:N`, a scheduler address); '' = here. */
  workers: string;
}

/** Settings that change how the server process is launched: changing one restarts it. */
export const RESTART_SETTINGS = [`${SECTION}.interpreter`, `${SECTION}.importStrategy`] as const;

/** Settings that the workspace may not choose in Restricted Mode (they pick what runs, or whom the server trusts). */
const TRUST_SENSITIVE = new Set(['interpreter', 'importStrategy', 'workers']);

/**
 * Expands `${workspaceFolder}`, `${workspaceFolder:name}`, `${userHome}`, `${env:NAME}` and a
 * leading `~` in a setting value. Unknown variables (and unset environment variables) are left for
 * the server to report.
 */
export function expandVariables(
  value: string,
  folder: WorkspaceFolder | undefined,
  folders: readonly WorkspaceFolder[] = getWorkspaceFolders(),
  env: NodeJS.ProcessEnv = process.env,
): string {
  const home = os.homedir();
  let result = value
    .replace(/\$\{userHome\}/g, home)
    .replace(/\$\{env:([^}]+)\}/g, (whole, name: string) => env[name] ?? whole)
    .replace(/\$\{workspaceFolder:([^}]+)\}/g, (whole, name: string) => {
      const named = folders.find((f) => f.name === name);
      return named ? named.uri.fsPath : whole;
    });
  if (folder) {
    result = result.replace(/\$\{workspaceFolder\}/g, folder.uri.fsPath);
  }
  if (result === '~' || result.startsWith('~/')) {
    result = path.join(home, result.slice(1));
  }
  return result;
}

/**
 * Reads the settings for `folder`. In an untrusted workspace, the interpreter and import
 * strategy come from the user's own (global) settings only, never from the workspace.
 */
export function getSettings(folder?: WorkspaceFolder): Settings {
  const config = getConfiguration(SECTION, folder?.uri);
  const trusted = isWorkspaceTrusted();
  const read = <T>(key: string, fallback: T): T => {
    if (!trusted && TRUST_SENSITIVE.has(key)) {
      const inspected = config.inspect<T>(key);
      return inspected?.globalValue ?? inspected?.defaultValue ?? fallback;
    }
    return config.get<T>(key) ?? fallback;
  };
  const expand = (v: string) => expandVariables(v, folder);
  const mappings = read<Record<string, string>>('pathMappings', {});
  return {
    interpreter: read<string[]>('interpreter', []).map(expand),
    importStrategy: read<ImportStrategy>('importStrategy', 'useBundled'),
    traces: read<string[]>('traces', []).map(expand),
    pathMappings: Object.fromEntries(Object.entries(mappings).map(([from, to]) => [from, expand(to)])),
    discoveryGlobs: read<string[]>('discovery.globs', []),
    profiles: read<string[]>('profiles', []).map(expand),
    tritonCache: read<string[]>('tritonCache', []).map(expand),
    ncuProfiles: read<string[]>('ncuProfiles', []).map(expand),
    compareWith: read<string[]>('compareWith', []).map(expand),
    workers: read<string>('workers', '').trim(),
  };
}

/** The settings that decide how the server is launched: those of the first workspace folder. */
export function getLaunchSettings(): Settings {
  return getSettings(getWorkspaceFolders()[0]);
}

/**
 * Builds the server's `initializationOptions` from every workspace folder's settings plus the
 * traces and profiles the user opened with "Open Trace…" and "Open Profile…" in this workspace. Lists are merged without
 * duplicates; for path mappings a later folder does not override an earlier one.
 */
export function buildInitializationOptions(
  perFolder: readonly Settings[],
  openedTraces: readonly string[] = [],
  openedProfiles: readonly string[] = [],
): InitializationOptions {
  const unique = (values: string[]) => [...new Set(values)];
  const pathMappings: Record<string, string> = {};
  for (const settings of perFolder) {
    for (const [from, to] of Object.entries(settings.pathMappings)) {
      pathMappings[from] ??= to;
    }
  }
  return {
    traces: unique([...perFolder.flatMap((s) => s.traces), ...openedTraces]),
    pathMappings,
    sitePackages: [],
    discovery: { globs: unique(perFolder.flatMap((s) => s.discoveryGlobs)) },
    profiles: unique([...perFolder.flatMap((s) => s.profiles), ...openedProfiles]),
    tritonCache: unique(perFolder.flatMap((s) => s.tritonCache)),
    ncuProfiles: unique(perFolder.flatMap((s) => s.ncuProfiles)),
    trusted: isWorkspaceTrusted(),
    workers: perFolder.find((s) => s.workers)?.workers ?? '',
  };
}

/** The settings of every workspace folder, or the window's when no folder is open. */
export function getAllSettings(): Settings[] {
  const folders = getWorkspaceFolders();
  return folders.length ? folders.map((f) => getSettings(f)) : [getSettings()];
}

/** Whether a configuration change touches a setting that needs a server restart. */
export function needsRestart(e: ConfigurationChangeEvent): boolean {
  return RESTART_SETTINGS.some((key) => e.affectsConfiguration(key));
}

/** The keys of the `inductorLens` section whose values are paths (lists of paths, a map's values). */
const PATH_KEYS = ['traces', 'profiles', 'tritonCache', 'ncuProfiles', 'compareWith', 'sitePackages', 'interpreter'] as const;

/**
 * The `inductorLens` section as the server pulls it through `workspace/configuration`, with its
 * paths expanded as `getSettings` expands them (VS Code hands the values as written:
 * `${workspaceFolder}/...` reached the server as a folder name). Other values are passed as they are.
 */
export function expandSection(section: unknown, folder: WorkspaceFolder | undefined): unknown {
  if (section === null || typeof section !== 'object' || Array.isArray(section)) {
    return section;
  }
  const out: Record<string, unknown> = { ...(section as Record<string, unknown>) };
  const expand = (v: unknown) => (typeof v === 'string' ? expandVariables(v, folder) : v);
  for (const key of PATH_KEYS) {
    if (Array.isArray(out[key])) {
      out[key] = (out[key] as unknown[]).map(expand);
    }
  }
  const mappings = out.pathMappings;
  if (mappings !== null && typeof mappings === 'object' && !Array.isArray(mappings)) {
    out.pathMappings = Object.fromEntries(Object.entries(mappings as Record<string, unknown>).map(([k, v]) => [k, expand(v)]));
  }
  return out;
}

/**
 * The answer to a `workspace/configuration` request with every `inductorLens` section expanded
 * (`expandSection`) for the folder its item's `scopeUri` names (else the first folder).
 */
export function expandConfigurationAnswer(
  items: readonly { section?: string; scopeUri?: string }[],
  answer: unknown[],
  folders: readonly WorkspaceFolder[] = getWorkspaceFolders(),
): unknown[] {
  return answer.map((value, i) => {
    const item = items[i];
    if (!item || item.section !== SECTION) {
      return value;
    }
    const scoped = item.scopeUri ? folders.find((f) => item.scopeUri!.startsWith(f.uri.toString())) : undefined;
    return expandSection(value, scoped ?? folders[0]);
  });
}
