/**
 * The manifest (package.json) and the code agree: every contributed command is registered,
 * every setting is read, the engine matches vscode-languageclient 11, and the names follow the
 * `inductorLens.*` namespace.
 */
import * as fs from 'fs';
import * as path from 'path';
import { describe, expect, test, vi } from 'vitest';
import { registerCommands } from '../src/commands';
import { Commands, CompareCommands, HotLinesCommands, KERNELS_VIEW_ID } from '../src/constants';
import * as api from '../src/vscodeapi';

vi.mock('../src/vscodeapi');

const root = path.join(__dirname, '..', '..');
const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
const lockfile = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8'));
const settingsSource = ['settings.ts', 'capture.ts']
  .map((f) => fs.readFileSync(path.join(root, 'client', 'src', f), 'utf8'))
  .join('\n');

describe('package.json', () => {
  test('identity', () => {
    expect(manifest).toMatchObject({ name: 'inductor-lens', displayName: 'Inductor Lens', publisher: 'inductor-lens' });
    expect(manifest.main).toBe('./dist/extension.js');
  });

  test('engines.vscode fits vscode-languageclient 11 and @types/vscode', () => {
    expect(manifest.dependencies['vscode-languageclient']).toBe('11.0.0');
    const needed = lockfile.packages['node_modules/vscode-languageclient'].engines.vscode;
    expect(needed).toBe('^1.91.0');
    expect(manifest.engines.vscode).toBe('^1.91.0');
    expect(manifest.devDependencies['@types/vscode']).toBe('1.91.0');
  });

  test('every contributed command is registered, and every registered command is contributed or a lens target', () => {
    vi.mocked(api.registerCommand).mockImplementation(() => ({ dispose: () => undefined }));
    registerCommands({} as never);
    const registered = [
      ...vi.mocked(api.registerCommand).mock.calls.map((c) => c[0]),
      ...Object.values(CompareCommands),
      ...Object.values(HotLinesCommands),
    ];
    const contributed = manifest.contributes.commands.map((c: { command: string }) => c.command);
    expect(new Set(registered)).toEqual(new Set([...Object.values(Commands), ...Object.values(CompareCommands), ...Object.values(HotLinesCommands)]));
    for (const command of contributed) {
      expect(registered).toContain(command);
    }
    expect(registered.filter((c) => !contributed.includes(c)).sort()).toEqual([
      'inductorLens.openLocation',
      'inductorLens.openLocations',
    ]);
    for (const c of manifest.contributes.commands) {
      expect(c.category).toBe('Inductor Lens');
    }
  });

  test('every setting is read by settings.ts or capture.ts (trace.server is read by vscode-languageclient)', () => {
    const keys = manifest.contributes.configuration.flatMap((section: { properties: object }) =>
      Object.keys(section.properties),
    );
    expect(keys.sort()).toEqual([
      'inductorLens.capture.command',
      'inductorLens.capture.profile',
      'inductorLens.compareWith',
      'inductorLens.discovery.globs',
      'inductorLens.importStrategy',
      'inductorLens.interpreter',
      'inductorLens.ncuProfiles',
      'inductorLens.pathMappings',
      'inductorLens.profiles',
      'inductorLens.trace.server',
      'inductorLens.traces',
      'inductorLens.tritonCache',
      'inductorLens.workers',
    ]);
    for (const key of keys.filter((k: string) => k !== 'inductorLens.trace.server')) {
      expect(settingsSource).toContain(`'${key.replace('inductorLens.', '')}'`);
    }
  });

  test('the trust-restricted settings are the ones that choose what runs or whom the server trusts', () => {
    expect(manifest.capabilities.untrustedWorkspaces.restrictedConfigurations).toEqual([
      'inductorLens.interpreter',
      'inductorLens.importStrategy',
      'inductorLens.capture.command',
      'inductorLens.workers',
    ]);
  });

  test('the Kernels view sits in its own activity bar container', () => {
    expect(manifest.contributes.viewsContainers.activitybar[0].id).toBe('inductorLens');
    expect(manifest.contributes.views.inductorLens[0].id).toBe(KERNELS_VIEW_ID);
  });

  test('activates on traces and Python files, never on *', () => {
    expect(manifest.activationEvents).toContain('onLanguage:python');
    expect(manifest.activationEvents).toContain('workspaceContains:**/dedicated_log_torch_trace*.log');
    expect(manifest.activationEvents).not.toContain('*');
  });

  test('the highlight colour the three-panel view uses is contributed', () => {
    expect(manifest.contributes.colors.map((c: { id: string }) => c.id)).toContain(
      'inductorLens.provenanceHighlightBackground',
    );
  });
});

describe('the side bar at its default 300 px (issue 50 item 3)', () => {
  test('each view shows at most 4 toolbar icons (Collapse All counted), the rest in its "..." menu', () => {
    const titles: { command: string; when: string; group?: string }[] = manifest.contributes.menus['view/title'];
    // createTreeView(..., showCollapseAll: true) adds one icon to the Kernels view (extension.ts)
    const collapseAll: Record<string, number> = { [KERNELS_VIEW_ID]: 1 };
    for (const view of manifest.contributes.views.inductorLens.map((v: { id: string }) => v.id)) {
      const shown = titles.filter((t) => t.when.includes(`view == ${view}`) && (t.group ?? '').startsWith('navigation'));
      // commands that exclude each other by a context key are one icon at a time
      const icons = new Set(shown.map((t) => t.when.replace(/ && !?inductorLens\.\w+$/, ''))).size === 1 && shown.length === 2 && shown.every((t) => / && !?inductorLens\.\w+/.test(t.when)) ? 1 : shown.length;
      expect(icons + (collapseAll[view] ?? 0), view).toBeLessThanOrEqual(4);
    }
  });

  test('Hot Lines opens expanded', () => {
    const hot = manifest.contributes.views.inductorLens.find((v: { id: string }) => v.id === 'inductorLens.hotLines');
    expect(hot.visibility ?? 'visible').toBe('visible');
  });
});
