// The extension in a real VS Code: code-server (already running, extension installed) driven in
// headless Chromium by playwright-core. Started by tests/e2e/run.sh:
//
//   node tests/e2e/vscode.e2e.cjs <code-server URL with ?folder=> <expectations.json> <artifacts dir>
//
// expectations.json (written by run.sh from the shared trace files) picks the scenario:
//   mlp_infer (no `scenario`): { kernel, outputCodeName, definitionLine, launchLine, ... }: status
//     bar, Kernels view, Go to Kernel…, hover, go to definition, three-panel view, code lenses;
//   `"scenario": "profile"` (profile_cnn with its torch.profiler trace; written by
//     profile_expected.py from the server's report): measured time in the status bar, the Kernels
//     view (kernels, graphs, "Unattributed device kernels"), the lens and hover of a Triton launch,
//     a model line's lens, and Open Profile…. Screenshots and results are named profile-*;
//   `"scenario": "health"` (torch-2.14-cpu graph_breaks + recompiles_health with health.py; written
//     by health_expected.py from the server's report): the compile-problem count in the status
//     bar, the Compile health node, the graph-break warnings of health.py (Problems view, a hover
//     with PyTorch's hint), Gate.forward's lens with its recompile count and its peek. health-*;
//   `"scenario": "gpt2"` (gpt2_train; written by gpt2_expected.py from the server's report): Go to
//     Kernel… by module path, and the hover and lens of the GEMM launches of block 1's MLP and of
//     lm_head (transformer.wte's tied weight, said to be shared). gpt2-*;
//   `"scenario": "capture"` (a workspace holding only tiny.py; the extension runs on a PyTorch
//     interpreter): Capture Trace… on the open tiny.py runs it in a terminal, indexes the trace and
//     ends with a code lens on `lensLine`; the captured run is listed with its time and runs again.
//     Screenshots and results are named capture-*.
//
// Each check drives the UI the way a user would (command palette, quick open, keyboard) and reads
// what the workbench draws (status bar, hover, code lenses, decorations). A screenshot of each
// step goes to the artifacts dir. Exit code 0 when every check passed.
const fs = require('fs');
const os = require('os');
const path = require('path');
const { chromium } = require('playwright-core');

const [url, expectationsFile, artifacts] = process.argv.slice(2);
const expected = JSON.parse(fs.readFileSync(expectationsFile, 'utf8'));
fs.mkdirSync(artifacts, { recursive: true });

const t0 = Date.now();
const log = (...args) => console.log(`[${((Date.now() - t0) / 1000).toFixed(1)}s]`, ...args);
const results = [];
const scenario = expected.scenario || 'mlp';
const prefix = scenario === 'mlp' ? '' : scenario === 'hot' ? `hot-${expected.name}-` : `${scenario}-`;

/** Runs one named check; a failure is recorded (with a screenshot) and the next check still runs. */
async function check(page, name, body) {
  const started = Date.now();
  try {
    const detail = await body();
    results.push({ name, ok: true, detail });
    log(`PASS ${name}${detail ? `: ${detail}` : ''}`);
  } catch (err) {
    results.push({ name, ok: false, detail: String(err && err.message ? err.message : err) });
    log(`FAIL ${name}: ${err && err.stack ? err.stack : err}`);
    await page
      .screenshot({ path: path.join(artifacts, `FAILED-${prefix}${name.replace(/\W+/g, '-')}.png`) })
      .catch(() => {});
  }
  log(`  (${((Date.now() - started) / 1000).toFixed(1)}s)`);
}

/** Runs a command from the command palette by its title. */
async function runCommand(page, title) {
  await page.keyboard.press('Escape');
  await page.keyboard.press('F1');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor({ state: 'visible', timeout: 10000 });
  await input.fill(`>${title}`);
  const row = page.locator('.quick-input-list .monaco-list-row', { hasText: title }).first();
  await row.waitFor({ timeout: 10000 });
  await page.keyboard.press('Enter');
}

/** Types into an open quick pick, waits for a row with `text`, and accepts it. */
async function pickQuickItem(page, filter, text) {
  const input = page.locator('.quick-input-widget input');
  await input.waitFor({ state: 'visible', timeout: 10000 });
  await input.fill(filter);
  await page.locator('.quick-input-list .monaco-list-row', { hasText: text }).first().waitFor({ timeout: 30000 });
  await page.keyboard.press('Enter');
}

/** Opens a workspace file through Quick Open (the command palette without its `>`). */
async function quickOpen(page, fileName) {
  await page.keyboard.press('Escape');
  await page.keyboard.press('F1');
  await pickQuickItem(page, fileName, fileName);
}

/** Moves the cursor to a 1-based line with Quick Open's `:line`. */
async function goToLine(page, line) {
  await page.keyboard.press('Escape');
  await page.keyboard.press('F1');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor({ state: 'visible', timeout: 10000 });
  await input.fill(`:${line}`);
  await page.waitForTimeout(300);
  await page.keyboard.press('Enter');
}

/** The cursor position the status bar shows ("Ln 64, Col 1"). */
async function cursorLine(page) {
  const text = await page.locator('[id="status.editor.selection"]').innerText();
  const match = /Ln (\d+)/.exec(text);
  if (!match) throw new Error(`no cursor position in the status bar: "${text}"`);
  return Number(match[1]);
}

/** The file name on the active editor tab. */
async function activeFileName(page) {
  return (await page.locator('.editor-group-container.active .tab.active .label-name').first().innerText()).trim();
}

async function waitForCursorLine(page, line, timeout = 15000) {
  const deadline = Date.now() + timeout;
  let last;
  while (Date.now() < deadline) {
    last = await cursorLine(page).catch(() => undefined);
    if (last === line) return;
    await page.waitForTimeout(200);
  }
  throw new Error(`cursor is on line ${last}, expected ${line}`);
}

/**
 * The highlighted lines of every editor group, as [{group, file, lines: [{line, text}]}]: the
 * line numbers and texts at the vertical positions where a decoration is drawn whose background
 * is the three-panel view's colour (`inductorLens.provenanceHighlightBackground`).
 */
async function highlightedLines(page) {
  return page.evaluate(() => {
    // The colour as the browser computes it, to compare with each decoration's computed background.
    const probe = document.createElement('div');
    probe.style.backgroundColor = 'var(--vscode-inductorLens-provenanceHighlightBackground)';
    document.querySelector('.monaco-workbench').appendChild(probe);
    const highlight = getComputedStyle(probe).backgroundColor;
    probe.remove();
    const groups = [...document.querySelectorAll('.editor-group-container')];
    return groups.map((group, index) => {
      const file = group.querySelector('.tab.active .label-name')?.textContent?.trim() ?? '';
      const editor = group.querySelector('.monaco-editor');
      const lines = [];
      if (editor) {
        const byTop = (selector, read) =>
          new Map([...editor.querySelectorAll(selector)].map((d) => [d.style.top, read(d)]));
        const numbers = byTop('.margin-view-overlays > div', (d) => d.querySelector('.line-numbers')?.textContent?.trim());
        const texts = byTop('.view-lines > .view-line', (d) => d.textContent);
        const seen = new Set();
        for (const el of editor.querySelectorAll('.view-overlays > div > .cdr')) {
          const top = el.parentElement.style.top;
          if (seen.has(top) || getComputedStyle(el).backgroundColor !== highlight) continue;
          seen.add(top);
          lines.push({ line: Number(numbers.get(top)), text: (texts.get(top) ?? '').trim().slice(0, 100) });
        }
      }
      lines.sort((a, b) => a.line - b.line);
      return { group: index + 1, file, lines };
    });
  });
}

/**
 * The text of the code lens drawn right above a 1-based line of the active editor (the lens whose
 * bottom edge is closest above the line's top edge), or undefined when the line has none.
 */
async function lensAbove(page, line) {
  return page.evaluate((line) => {
    const editor = document.querySelector('.editor-group-container.active .monaco-editor');
    if (!editor) return undefined;
    const number = [...editor.querySelectorAll('.margin-view-overlays .line-numbers')].find(
      (el) => el.textContent.trim() === String(line),
    );
    if (!number) return undefined;
    const top = number.getBoundingClientRect().top;
    const height = number.getBoundingClientRect().height || 20;
    let best;
    for (const lens of editor.querySelectorAll('.codelens-decoration')) {
      const rect = lens.getBoundingClientRect();
      const gap = top - rect.bottom;
      if (gap >= -2 && gap < height && (!best || gap < best.gap)) best = { gap, text: lens.textContent.replace(/\u00a0/g, ' ').trim() };
    }
    return best?.text;
  }, line);
}

/** Waits for the lens above `line` to satisfy `ok` (lenses arrive after the document opens). */
async function waitForLensAbove(page, line, ok, timeout = 30000) {
  const deadline = Date.now() + timeout;
  let text;
  while (Date.now() < deadline) {
    text = await lensAbove(page, line);
    if (text && ok(text)) return text;
    await page.waitForTimeout(250);
  }
  throw new Error(`lens above line ${line}: ${JSON.stringify(text)}`);
}

/**
 * Inferred links (torch-2.14-cpu mlp_train_noprov: no provenance recorded): "inferred" is said in
 * the status bar, the Kernels view, Go to Kernel… and the model file's lenses.
 */
async function inferredChecks(page, shot) {
  await check(page, 'status bar says how many kernels have inferred links', async () => {
    const item = page.locator('.statusbar-item', { hasText: `${expected.kernels} kernels` }).first();
    await item.waitFor({ timeout: 120000 });
    const text = (await item.innerText()).trim();
    if (!text.includes(`${expected.inferred} inferred`)) throw new Error(`status bar "${text}"`);
    await shot('inferred-01-status-bar.png');
    return text;
  });

  await check(page, 'Kernels view rows say inferred', async () => {
    await runCommand(page, 'Inductor Lens: Focus on Kernels View');
    const row = page.locator('.pane-body .monaco-list-row', { hasText: 'inferred' }).first();
    await row.waitFor({ timeout: 30000 });
    await shot('inferred-02-kernels-view.png');
    return (await row.innerText()).replace(/\s+/g, ' ');
  });

  await check(page, 'Go to Kernel… says inferred links', async () => {
    await runCommand(page, 'Inductor Lens: Go to Kernel…');
    const input = page.locator('.quick-input-widget input');
    await input.waitFor({ state: 'visible', timeout: 10000 });
    await input.fill(expected.kernel);
    const item = page.locator('.quick-input-list .monaco-list-row', { hasText: 'inferred links' }).first();
    await item.waitFor({ timeout: 30000 });
    await shot('inferred-03-go-to-kernel.png');
    const text = (await item.innerText()).replace(/\s+/g, ' ');
    await page.keyboard.press('Escape');
    return text;
  });

  await check(page, "the model file's lens says inferred links", async () => {
    await quickOpen(page, expected.modelFile);
    await goToLine(page, expected.modelLine);
    await waitForCursorLine(page, expected.modelLine);
    const lens = await waitForLensAbove(page, expected.modelLine, (t) => t.includes('inferred'));
    await shot('inferred-04-model-lens.png');
    return `${expected.modelFile}:${expected.modelLine}: "${lens}"`;
  });
}

/**
 * Down to the instructions (issue 30): the GPU mlp_train run `inductor-lens capture` left with its
 * Triton cache beside the trace.  Go to Kernel… opens the kernel's source in the output code; a
 * hover on its tl.sum line gives the instruction counts; Go to Definition opens the PTX file at the
 * PTX lines of that line (as the PTX's .loc directives say), and back.
 */
async function irChecks(page, shot) {
  await check(page, 'Go to Kernel… opens the Triton kernel in the output code', async () => {
    const item = page.locator('.statusbar-item', { hasText: /\d+ kernels?/ }).first();
    await item.waitFor({ timeout: 120000 });
    await runCommand(page, 'Inductor Lens: Go to Kernel…');
    await pickQuickItem(page, expected.kernel, expected.kernel);
    await waitForCursorLine(page, expected.definitionLine);
    return `${await activeFileName(page)}:${expected.definitionLine}`;
  });

  await check(page, "hover on a kernel line gives what it compiled to", async () => {
    await goToLine(page, expected.codeLine);
    await waitForCursorLine(page, expected.codeLine);
    await page.keyboard.press('End');
    await page.keyboard.press('Home');
    await page.waitForTimeout(800); // the linked highlight of the new line is drawn first
    await runCommand(page, 'Show or Focus Hover');
    const hover = page.locator('.monaco-hover-content').filter({ hasText: expected.hoverText }).first();
    await hover.waitFor({ timeout: 90000 }); // the first IR hover disassembles the cubin (nvdisasm): 2.4 s here alone, over 30 s on this 2-core machine beside a pytest run and a pip install
    await page.waitForTimeout(400);
    await shot('ir-01-hover.png');
    const text = (await page.locator('.monaco-hover-content').allInnerTexts()).join('\n');
    if (!text.includes(expected.ptxText)) throw new Error(`the hover shows no PTX line ${expected.ptxText}: ${text.slice(0, 300)}`);
    return JSON.stringify(text.slice(0, 300));
  });

  await check(page, 'Find References on the kernel line names each IR file by its stage, readable in the peek', async () => {
    // issue 50 item 6: the peek lists files by name; Triton's long kernel names made the five alike
    await page.keyboard.press('Escape');
    await runCommand(page, 'Peek References');
    const peek = page.locator('.peekview-widget').first();
    await peek.waitFor({ timeout: 20000 });
    const labels = peek.locator('.ref-tree .monaco-list-row .label-name');
    await labels.first().waitFor({ timeout: 20000 });
    await page.waitForTimeout(800);
    // as it opens: the group of the reference nearest the cursor, expanded, its file named by the stage
    await shot('ir-02-references-open.png');
    // every group collapsed (the tree's Collapse All, Ctrl+Left): the five files one under the other
    const collapsed = async () => {
      for (let i = 0; i < 12 && (await labels.count()) < expected.stages.length; i++) await page.waitForTimeout(250);
      return (await labels.count()) >= expected.stages.length;
    };
    await page.keyboard.press('Control+ArrowLeft'); // (the tree has the focus as the peek opens)
    if (!(await collapsed())) {
      await peek.locator('.ref-tree .monaco-list-row.selected').first().click({ force: true });
      await page.keyboard.press('Control+ArrowLeft');
      await collapsed();
    }
    await page.waitForTimeout(600);
    await shot('ir-02-references.png');
    // each file row's name, and whether its stage (the text before ' · ') is drawn inside the row, not cut
    const rows = await peek.evaluate((widget) =>
      [...widget.querySelectorAll('.ref-tree .monaco-list-row .label-name')].map((el) => {
        const text = el.textContent || '';
        const node = [...el.querySelectorAll('*'), el].flatMap((e) => [...e.childNodes]).find((n) => n.nodeType === 3 && n.textContent.includes(' · '));
        const clip = (el.closest('.monaco-icon-label') || el).getBoundingClientRect();
        let shown = false;
        if (node) {
          const range = document.createRange();
          range.setStart(node, 0);
          range.setEnd(node, node.textContent.indexOf(' · '));
          const r = range.getBoundingClientRect();
          shown = r.width > 0 && r.left >= clip.left - 1 && r.right <= clip.right + 1;
        }
        return { text, shown, width: Math.round(clip.width) };
      }),
    );
    const stageOf = (t) => t.split(' · ')[0];
    const named = rows.filter((r) => r.text.includes(' · ') && r.text.endsWith(`${expected.kernel}.${stageOf(r.text).toLowerCase()}`));
    const missing = expected.stages.filter((s) => !named.some((r) => stageOf(r.text) === s));
    if (missing.length) throw new Error(`no file named ${missing.join(', ')} · ${expected.kernel}: rows ${JSON.stringify(rows)}`);
    const cut = named.filter((r) => !r.shown);
    if (cut.length) throw new Error(`stage names cut: ${JSON.stringify(cut)}`);
    await page.keyboard.press('Escape');
    return named.map((r) => `${r.text} (${r.width} px)`).join(' | ');
  });

  await check(page, 'Go to Definition on the kernel line opens its PTX lines', async () => {
    await page.keyboard.press('Escape');
    await goToLine(page, expected.codeLine);
    await waitForCursorLine(page, expected.codeLine);
    await runCommand(page, 'Go to Definition');
    // one PTX line: VS Code jumps there; several (a tl.load is a few dozen): it peeks them, in the PTX
    // file, named by its stage (issue 50 item 6)
    const ptxLink = `PTX · ${expected.ptxName}`;
    const peek = page.locator('.peekview-widget', { hasText: ptxLink }).first();
    for (let i = 0; i < 60 && (await activeFileName(page)) !== ptxLink && !(await peek.count()); i++) await page.waitForTimeout(250);
    await page.waitForTimeout(800);
    await shot('ir-03-ptx.png');
    if ((await activeFileName(page)) === ptxLink) return `jumped to ${ptxLink}:${await cursorLine(page)}`;
    if (!(await peek.count())) throw new Error(`neither ${ptxLink} nor a peek of it opened`);
    const text = (await peek.innerText()).replace(/\s+/g, ' ');
    if (!text.includes(expected.ptxText)) throw new Error(`the peek shows no ${expected.ptxText}: ${text.slice(0, 300)}`);
    await page.keyboard.press('Escape');
    return `peek of ${expected.ptxName} (PTX lines ${expected.ptxLines.join(', ')}): ${text.slice(0, 160)}`;
  });

  await check(page, 'Go to Definition on a PTX line goes back to the kernel line', async () => {
    await page.keyboard.press('Escape');
    await quickOpen(page, expected.ptxName);
    await goToLine(page, expected.ptxLines[0]);
    await waitForCursorLine(page, expected.ptxLines[0]);
    await runCommand(page, 'Go to Definition');
    await waitForCursorLine(page, expected.codeLine);
    await shot('ir-04-back.png');
    return `${expected.ptxName}:${expected.ptxLines[0]} → ${await activeFileName(page)}:${expected.codeLine}`;
  });

  await check(page, 'the kernel line and its PTX lines are lit together, side by side', async () => {
    await runCommand(page, 'View: Split Editor Right');
    await quickOpen(page, expected.ptxName); // the PTX in the right group, the output code in the left
    await runCommand(page, 'View: Focus First Editor Group');
    await goToLine(page, expected.codeLine - 1);
    await goToLine(page, expected.codeLine); // a cursor move the highlight follows
    let groups = [];
    for (let i = 0; i < 40; i++) {
      groups = await highlightedLines(page);
      const ptx = groups.find((g) => g.file === expected.ptxName);
      if (ptx && ptx.lines.length && groups.some((g) => g.file !== expected.ptxName && g.lines.length)) break;
      await page.waitForTimeout(250);
    }
    await shot('ir-05-linked.png');
    const ptx = groups.find((g) => g.file === expected.ptxName);
    const code = groups.find((g) => g.file !== expected.ptxName && g.lines.length);
    if (!ptx || !code) throw new Error(`highlighted: ${JSON.stringify(groups.map((g) => [g.file, g.lines.map((l) => l.line)]))}`);
    const lit = ptx.lines.map((l) => l.line);
    const stray = lit.filter((n) => !expected.linkedPtxLines.includes(n));
    if (!lit.length || stray.length) throw new Error(`PTX lines lit ${lit.join(',')}; not of kernel line ${expected.kernelLine}: ${stray.join(',')}`);
    if (!code.lines.some((l) => l.line === expected.codeLine)) throw new Error(`code lines lit ${code.lines.map((l) => l.line).join(',')}`);
    return `output code line ${expected.codeLine} with PTX lines ${lit.join(', ')} (of ${expected.linkedPtxLines.length} for kernel line ${expected.kernelLine})`;
  });
}

/** The real mlp_infer trace: navigation, hover, three-panel view, code lenses. */
async function mlpChecks(page, shot) {
  await check(page, 'status bar shows the indexed kernels', async () => {
    const item = page.locator('.statusbar-item', { hasText: /\d+ kernels?/ }).first();
    await item.waitFor({ timeout: 120000 });
    const text = (await item.innerText()).trim();
    await shot('01-status-bar.png');
    // a clean, complete trace raises no alarm: no warning mark, no compile problems
    if ((await item.locator('.codicon-warning').count()) > 0 || /compile problem/.test(text)) {
      throw new Error(`a clean trace shows a warning: "${text}"`);
    }
    return text;
  });

  await check(page, 'Kernels view lists the kernel', async () => {
    await runCommand(page, 'Inductor Lens: Focus on Kernels View');
    const row = page.locator('.pane-body .monaco-list-row', { hasText: expected.kernelLabel }).first();
    await row.waitFor({ timeout: 30000 });
    const rows = await page.locator('.pane-body .monaco-list-row').allInnerTexts();
    await shot('02-kernels-view.png');
    // at the default side-bar width every kernel row's label (its essentials: kind, short name,
    // module) is drawn whole; what does not fit is in the description and the tooltip
    const cut = await page.evaluate(() =>
      [...document.querySelectorAll('.pane-body .monaco-list-row .label-name')]
        .filter((el) => el.scrollWidth > el.clientWidth + 1)
        .map((el) => el.textContent),
    );
    const width = await page.evaluate(() => document.querySelector('.part.sidebar').getBoundingClientRect().width);
    if (cut.length) throw new Error(`labels cut at a ${width}px side bar: ${cut.join(' | ')}`);
    return `side bar ${Math.round(width)}px: ` + rows.map((r) => r.replace(/\s+/g, ' ')).join(' | ');
  });

  await check(page, 'Go to Kernel… opens the kernel definition in the output code', async () => {
    await runCommand(page, 'Inductor Lens: Go to Kernel…');
    await pickQuickItem(page, expected.kernel, expected.kernel);
    await waitForCursorLine(page, expected.definitionLine);
    const file = await activeFileName(page);
    if (file !== expected.outputCodeName) throw new Error(`active file is ${file}, expected ${expected.outputCodeName}`);
    await shot('03-go-to-kernel.png');
    return `${file}:${expected.definitionLine}`;
  });

  await check(page, 'hover on the kernel name shows its model line', async () => {
    await page.locator('.editor-group-container.active .monaco-editor textarea').first().focus();
    await runCommand(page, 'Show or Focus Hover');
    const hover = page.locator('.monaco-hover-content').filter({ hasText: expected.hoverText }).first();
    await hover.waitFor({ timeout: 20000 });
    await page.waitForTimeout(400);
    await shot('04-hover.png');
    const text = (await page.locator('.monaco-hover-content').allInnerTexts()).join('\n');
    // short: the model lines come first, right under the kernel's title and compile
    const lines = text.split('\n').filter((l) => l.trim());
    const heading = lines.indexOf('Model lines');
    const at = lines.findIndex((l) => l.includes(expected.hoverText));
    if (heading < 0 || heading > 2 || at < 0 || at > heading + 3) {
      throw new Error(`the model lines are not first (heading at ${heading}, ${expected.hoverText} at ${at}): ${JSON.stringify(lines.slice(0, 8))}`);
    }
    return JSON.stringify(text.slice(0, 400));
  });

  await check(page, 'go to definition from a launch lands on the kernel definition', async () => {
    await page.keyboard.press('Escape');
    await goToLine(page, expected.launchLine);
    await waitForCursorLine(page, expected.launchLine);
    await page.keyboard.press('End');
    await page.keyboard.press('Home'); // first non-blank: the kernel name of `<kernel>.run(`
    await runCommand(page, 'Go to Definition');
    await waitForCursorLine(page, expected.definitionLine);
    const file = await activeFileName(page);
    if (file !== expected.outputCodeName) throw new Error(`active file is ${file}`);
    await shot('05-definition.png');
    return `launch line ${expected.launchLine} → ${file}:${expected.definitionLine}`;
  });

  await check(page, 'three-panel view highlights the kernel in the pre-grad graph, post-grad graph and output code', async () => {
    await runCommand(page, 'Inductor Lens: Open Three-Panel View');
    await page.locator('.editor-group-container').nth(2).waitFor({ timeout: 30000 });
    let groups = [];
    for (let i = 0; i < 40; i++) {
      groups = await highlightedLines(page);
      if (groups.length >= 3 && groups.slice(0, 3).every((g) => g.lines.length > 0)) break;
      await page.waitForTimeout(250);
    }
    await shot('06-three-panel.png');
    const summary = groups.map((g) => `${g.group}:${g.file} [${g.lines.map((l) => l.line).join(',')}]`).join('  ');
    log('highlighted:', JSON.stringify(groups, null, 1));
    if (groups.length < 3) throw new Error(`expected 3 editor groups, got ${summary}`);
    const [pre, post, code] = groups;
    if (!pre.lines.length || !post.lines.length) throw new Error(`no highlight in a graph panel: ${summary}`);
    // each panel's tab says what it is, and each panel gets about half the editor's width (the
    // graphs stacked on the left, the output code on the right), not a third
    const names = [pre.file, post.file, code.file];
    const wanted = [/^compile 0_0 · pre-grad graph\.py$/, /^inference · compile 0_0 · post-grad graph\.py$/, /^inference · compile 0_0 · output code\.py$/];
    if (!wanted.every((re, i) => re.test(names[i]))) throw new Error(`panel tabs: ${names.join(' | ')}`);
    const widths = await page.evaluate(() => {
      const part = document.querySelector('.part.editor').getBoundingClientRect().width;
      return [...document.querySelectorAll('.editor-group-container')].map((g) => g.getBoundingClientRect().width / part);
    });
    if (widths.length !== 3 || widths.some((w) => w < 0.4)) throw new Error(`panel widths (share of the editor): ${widths.map((w) => w.toFixed(2)).join(', ')}`);
    // the graphs' `# File:` comments show the local model file (drawn before the hidden trace
    // path: CSS ::before content), not the trace's /workspace/proj path
    let shown = { text: '', drawn: [] };
    for (let i = 0; i < 40; i++) {
      shown = await page.evaluate(() => {
        const lines = document.querySelectorAll('.editor-group-container')[0].querySelector('.view-lines');
        const drawn = [...lines.querySelectorAll('span')]
          .map((el) => getComputedStyle(el, '::before').content)
          .filter((c) => c && c !== 'none' && c !== 'normal');
        return { text: lines.innerText.replace(/\u00a0/g, ' '), drawn };
      });
      if (!shown.text.includes('/workspace/proj/') && shown.drawn.some((c) => /models\.py:\d+/.test(c))) break;
      await page.waitForTimeout(250);
    }
    if (shown.text.includes('/workspace/proj/') || !shown.drawn.some((c) => /models\.py:\d+/.test(c))) {
      throw new Error(`pre-grad panel # File: paths not mapped: drawn ${JSON.stringify(shown.drawn.slice(0, 3))}`);
    }
    if (!code.lines.some((l) => l.line === expected.definitionLine)) {
      throw new Error(`output code panel does not highlight line ${expected.definitionLine}: ${summary}`);
    }
    for (const [g, words] of [[pre, expected.preGradWords], [post, expected.postGradWords]]) {
      const text = g.lines.map((l) => l.text).join('\n');
      const missing = words.filter((w) => !text.includes(w));
      if (missing.length) throw new Error(`${g.file} highlights lack ${missing.join(', ')}: ${summary}`);
    }
    return summary;
  });

  await check(page, 'three-panel view follows the cursor', async () => {
    const before = await highlightedLines(page);
    // Move the cursor in the output code panel to the other Triton kernel's definition.
    await page.locator('.editor-group-container').nth(2).locator('.monaco-editor textarea').first().focus();
    await goToLine(page, expected.otherDefinitionLine);
    let after = before;
    for (let i = 0; i < 40; i++) {
      after = await highlightedLines(page);
      if (after[2] && after[2].lines.some((l) => l.line === expected.otherDefinitionLine)) break;
      await page.waitForTimeout(250);
    }
    await shot('07-three-panel-follow.png');
    const summary = after.map((g) => `${g.group}:${g.file} [${g.lines.map((l) => l.line).join(',')}]`).join('  ');
    if (!after[2] || !after[2].lines.some((l) => l.line === expected.otherDefinitionLine)) {
      throw new Error(`highlight did not follow to line ${expected.otherDefinitionLine}: ${summary}`);
    }
    if (JSON.stringify(after[1].lines) === JSON.stringify(before[1].lines)) {
      throw new Error(`post-grad highlight did not change: ${summary}`);
    }
    return summary;
  });

  await check(page, 'code lens on a model line in models.py names its kernels', async () => {
    await runCommand(page, 'View: Single Column Editor Layout');
    await quickOpen(page, 'models.py');
    const lens = page.locator('.monaco-editor .codelens-decoration', { hasText: /kernel/ }).first();
    await lens.waitFor({ timeout: 30000 });
    await page.waitForTimeout(300);
    await shot('08-code-lens.png');
    const texts = await page.locator('.monaco-editor .codelens-decoration').allInnerTexts();
    return JSON.stringify(texts.filter((t) => t.trim()).slice(0, 8));
  });

  await check(page, 'clicking a code lens peeks the launches of its kernels', async () => {
    const lens = page.locator('.monaco-editor .codelens-decoration a', { hasText: expected.lensKernel }).first();
    await lens.click();
    const peek = page.locator('.peekview-widget').first();
    await peek.waitFor({ timeout: 15000 });
    const rows = peek.locator('.monaco-list-row');
    await rows.first().waitFor({ timeout: 15000 });
    await page.waitForTimeout(500);
    await shot('09-code-lens-peek.png');
    const title = (await peek.locator('.peekview-title').innerText()).replace(/\s+/g, ' ').trim();
    const texts = (await rows.allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim());
    // Line 26 became extern_kernels.mm:3 and the Triton kernel: one launch each, in the output code.
    const launches = ['extern_kernels.mm(', `${expected.lensKernel}.run(`];
    if (!title.includes(expected.outputCodeName) || !launches.every((l) => texts.some((t) => t.startsWith(l)))) {
      throw new Error(`peek "${title}": ${texts.join(' | ')}`);
    }
    // the peeked output code shows each launch's lens, which names the launch's module
    const peekLenses = (await peek.locator('.codelens-decoration').allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim());
    if (!peekLenses.some((t) => t.includes(` · ${expected.peekModule} · `))) {
      throw new Error(`no lens naming module ${expected.peekModule} in the peek: ${peekLenses.join(' | ')}`);
    }
    return `${title}: ${texts.join(' | ')}; lenses in the peek: ${peekLenses.filter(Boolean).join(' | ')}`;
  });
}

/** Folds the side-bar pane titled `title` when it is expanded (a click on its header, as a user does). */
async function collapsePane(page, title) {
  const header = page.locator('.pane-header[aria-expanded="true"]', { hasText: new RegExp(`^${title}`, 'i') }).first();
  if (await header.count()) {
    await header.click();
    await page.waitForTimeout(300);
  }
}

/** Drags the side bar's right edge to `width` pixels (to read the Kernels view's descriptions); returns the old width. */
async function resizeSideBar(page, width) {
  const box = await page.locator('[id="workbench.parts.sidebar"]').boundingBox();
  if (!box) return undefined;
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + box.width, y);
  await page.mouse.down();
  await page.mouse.move(box.x + width, y, { steps: 8 });
  await page.mouse.up();
  await page.waitForTimeout(300);
  return box.width;
}

/** profile_cnn with the torch.profiler trace beside it: measured device time everywhere. */
async function profileChecks(page, shot) {
  await check(page, 'status bar shows the measured device time', async () => {
    const item = page.locator('.statusbar-item', { hasText: expected.statusText }).first();
    await item.waitFor({ timeout: 120000 });
    await shot('profile-01-status-bar.png');
    return (await item.innerText()).trim();
  });

  await check(page, 'Kernels view shows measured times and the unattributed device kernels', async () => {
    await runCommand(page, 'Inductor Lens: Focus on Kernels View');
    const rows = page.locator('.pane-body .monaco-list-row');
    const kernelRow = rows.filter({ hasText: expected.kernelLabel }).first();
    await kernelRow.waitFor({ timeout: 30000 });
    const kernelText = (await kernelRow.innerText()).replace(/\s+/g, ' ');
    if (!kernelText.includes(expected.kernelDescription)) {
      throw new Error(`kernel row lacks "${expected.kernelDescription}": ${kernelText}`);
    }
    // Hot Lines opens expanded under Kernels: fold it to see the whole tree
    await collapsePane(page, 'Hot Lines');
    const node = rows.filter({ hasText: 'Unattributed device kernels' }).first();
    await node.waitFor({ timeout: 10000 });
    const nodeText = (await node.innerText()).replace(/\s+/g, ' ');
    if (!nodeText.includes(expected.unattributedDescription)) {
      throw new Error(`unattributed node lacks "${expected.unattributedDescription}": ${nodeText}`);
    }
    // Expand it: its kernels are listed with their runs and time, slowest first.
    await node.click();
    const top = rows.filter({ hasText: expected.unattributedTop }).first();
    await top.waitFor({ timeout: 10000 });
    await shot('profile-02a-kernels-view-default-width.png'); // the time leads each kernel's label
    const cut = await kernelRow.locator('.label-name').first().evaluate((el) => {
      const box = el.getBoundingClientRect();
      const row = el.closest('.monaco-list-row').getBoundingClientRect();
      return box.left < row.left || box.left > row.right;
    });
    if (cut) throw new Error('the kernel label does not start inside the view at its default width');
    const narrow = await resizeSideBar(page, 1100);
    await shot('profile-02-kernels-view.png');
    if (narrow) await resizeSideBar(page, narrow);
    const texts = (await rows.allInnerTexts()).map((r) => r.replace(/\s+/g, ' ').trim());
    const graphs = texts.filter((t) => / graph\d+ kernels · [\d.]+ (µs|ms)/.test(t));
    if (graphs.length !== 2) throw new Error(`expected 2 graph rows with a time: ${texts.join(' | ')}`);
    const compile = texts.find((t) => t.startsWith('compile '));
    if (!/ · [\d.]+ (µs|ms)$/.test(compile ?? '')) throw new Error(`compile row has no time: ${compile}`);
    const below = texts.slice(texts.findIndex((t) => t.startsWith('Unattributed device kernels')) + 1);
    if (below.length < expected.unattributedCount) {
      throw new Error(`${below.length} rows under the unattributed node, expected ${expected.unattributedCount}`);
    }
    return texts.join(' | ');
  });

  await check(page, 'Sort Kernels… by measured time puts the slowest kernel of each graph first', async () => {
    // Sort Kernels… is in the title bar's '...' menu (at most 4 icons there), and in the palette
    await runCommand(page, 'Inductor Lens: Sort Kernels…');
    await pickQuickItem(page, 'Measured', 'Measured time');
    const rows = page.locator('.pane-body .monaco-list-row');
    const firstUnder = async (graph) => {
      const texts = (await rows.allInnerTexts()).map((r) => r.replace(/\s+/g, ' ').trim());
      return texts[texts.findIndex((t) => t.startsWith(`${graph} graph`)) + 1] ?? '';
    };
    const found = {};
    for (const [graph, drawn] of Object.entries(expected.slowestByGraph)) {
      const label = drawn.replace(/\s+/g, ' '); // rows are read with their whitespace collapsed
      const deadline = Date.now() + 10000;
      do {
        found[graph] = await firstUnder(graph);
        if (found[graph].startsWith(label)) break;
        await page.waitForTimeout(200);
      } while (Date.now() < deadline);
      if (!found[graph].startsWith(label)) throw new Error(`first ${graph} kernel is "${found[graph]}", expected ${label}`);
    }
    const narrow = await resizeSideBar(page, 1100);
    await shot('profile-03-sorted-by-time.png');
    if (narrow) await resizeSideBar(page, narrow);
    return Object.entries(found).map(([g, t]) => `${g}: ${t}`).join(' | ');
  });

  await check(page, 'the lens and hover of a Triton kernel launch show its measured runs and time', async () => {
    await runCommand(page, 'Inductor Lens: Go to Kernel…');
    await pickQuickItem(page, expected.kernel, expected.kernel);
    await waitForCursorLine(page, expected.definitionLine);
    const file = await activeFileName(page);
    if (file !== expected.outputCodeName) throw new Error(`active file is ${file}, expected ${expected.outputCodeName}`);
    await goToLine(page, expected.launchLine);
    await waitForCursorLine(page, expected.launchLine);
    const lens = await waitForLensAbove(page, expected.launchLine, (t) => t.startsWith(expected.launchLens));
    await shot('profile-04-launch-lens.png');
    await page.keyboard.press('End');
    await page.keyboard.press('Home'); // first non-blank: the kernel name of `<kernel>.run(`
    await runCommand(page, 'Show or Focus Hover');
    const hover = page.locator('.monaco-hover-content').filter({ hasText: expected.hoverMeasured }).first();
    await hover.waitFor({ timeout: 20000 });
    await page.waitForTimeout(400);
    await shot('profile-05-launch-hover.png');
    const text = (await hover.innerText()).split('\n').find((l) => l.includes('Measured:'));
    return `lens above line ${expected.launchLine}: "${lens}"; hover: "${text}"`;
  });

  await check(page, 'the code lens of a model line sums the measured time of its kernels', async () => {
    await page.keyboard.press('Escape');
    await quickOpen(page, 'models.py');
    await goToLine(page, expected.modelLine);
    await waitForCursorLine(page, expected.modelLine);
    const kernels = expected.modelLineLens.split(' · ')[0];
    const lens = await waitForLensAbove(
      page,
      expected.modelLine,
      (t) => t.startsWith(`${kernels} · `) && t.includes(` · ${expected.modelLineTotal} · ${expected.modelLineSpeed}`),
    );
    await page.waitForTimeout(300);
    await shot('profile-06-model-line-lens.png');
    // its hover: the share, of how much its kernels ran in all
    await page.keyboard.press('End');
    await runCommand(page, 'Show or Focus Hover');
    const share = `${expected.modelLineShare} is this line's share of the ${expected.modelLineWhole} its kernels ran`;
    const hover = page.locator('.monaco-hover-content').filter({ hasText: share }).first();
    await hover.waitFor({ timeout: 20000 });
    await page.waitForTimeout(300);
    await shot('profile-06b-model-line-hover.png');
    await page.keyboard.press('Escape');
    return `models.py:${expected.modelLine} (${expected.modelLineCode}): "${lens}"; hover: "${share}"`;
  });

  await check(page, 'Open Profile… loads a profile and says how many kernels got measurements', async () => {
    await runCommand(page, 'Inductor Lens: Open Profile…');
    // code-server's own file dialog: a quick input holding a path. It fills in the folder it starts
    // from asynchronously, so wait for that before typing, and check what it holds before Enter.
    const input = page.locator('.quick-input-widget input');
    await input.waitFor({ state: 'visible', timeout: 10000 });
    const value = () => input.inputValue().catch(() => '');
    for (let i = 0; i < 50 && !(await value()).endsWith('/'); i++) await page.waitForTimeout(100);
    for (let i = 0; i < 5 && (await value()) !== expected.profile; i++) {
      await input.fill(expected.profile);
      await page.waitForTimeout(400);
    }
    if ((await value()) !== expected.profile) throw new Error(`file dialog holds "${await value()}"`);
    await page.keyboard.press('Enter');
    const toast = page.locator('.notifications-toasts .notification-toast', { hasText: 'kernels measured' }).first();
    await toast.waitFor({ timeout: 60000 });
    const text = (await toast.innerText()).replace(/\s+/g, ' ').trim();
    await shot('profile-07-open-profile.png');
    const want = `${expected.measuredKernels} kernels measured`;
    if (!text.includes(want)) throw new Error(`notification "${text}" lacks "${want}"`);
    return text;
  });
}

/**
 * gpt2_train: which layer a GEMM launch belongs to. Go to Kernel… finds it by its module path; the
 * hover on its launch and the lens above it name the module; lm_head's GEMM names the owner of its
 * tied weight and says it is shared.
 */
async function gpt2Checks(page, shot) {
  await check(page, 'status bar shows the indexed kernels', async () => {
    const item = page.locator('.statusbar-item', { hasText: `${expected.kernels} kernels` }).first();
    await item.waitFor({ timeout: 120000 });
    return (await item.innerText()).trim();
  });
  for (const [n, gemm] of expected.gemms.entries()) {
    await check(page, `Go to Kernel… by module path, then the hover and lens of ${gemm.key} name ${gemm.module}`, async () => {
      await runCommand(page, 'Inductor Lens: Go to Kernel…');
      const input = page.locator('.quick-input-widget input');
      await input.waitFor({ state: 'visible', timeout: 10000 });
      await input.fill(gemm.module);
      const row = page.locator('.quick-input-list .monaco-list-row', { hasText: gemm.pick }).first();
      await row.waitFor({ timeout: 30000 });
      await row.click();
      await waitForCursorLine(page, gemm.launchLine);
      const file = await activeFileName(page);
      if (file !== gemm.outputCodeName) throw new Error(`active file is ${file}, expected ${gemm.outputCodeName}`);
      const lens = await waitForLensAbove(page, gemm.launchLine, (t) => t.includes(` · ${gemm.module}${gemm.shared ? ' (shared)' : ''} · `));
      await page.keyboard.press('End');
      await page.keyboard.press('Home'); // first non-blank: the kernel name of `extern_kernels.addmm(`
      await runCommand(page, 'Show or Focus Hover');
      const want = `Module: ${gemm.module}`;
      const hover = page.locator('.monaco-hover-content').filter({ hasText: want }).first();
      await hover.waitFor({ timeout: 20000 });
      const text = (await hover.innerText()).split('\n').find((l) => l.includes('Module:'));
      if (gemm.shared && !text.includes('shared')) throw new Error(`hover does not say the weight is shared: "${text}"`);
      await page.waitForTimeout(300);
      await shot(`gpt2-0${n + 1}-module-hover.png`);
      await page.keyboard.press('Escape');
      return `${gemm.key} at ${file}:${gemm.launchLine}: lens "${lens}"; hover "${text}"`;
    });
  }
}

/** The capture scenario: Capture Trace… on an open tiny.py, then the run listed and run again. */
async function captureChecks(page, shot) {
  const toast = (text) => page.locator('.notifications-toasts .notification-toast', { hasText: text });
  const captures = () => {
    const root = path.join(expected.workspace, 'inductor-lens-captures');
    return fs.existsSync(root) ? fs.readdirSync(root).filter((d) => fs.existsSync(path.join(root, d, 'capture.json'))) : [];
  };

  await check(page, 'Capture Trace… on the open tiny.py ends with a code lens on one of its lines', async () => {
    await page.locator('.statusbar-item', { hasText: /\d+ kernels?/ }).first().waitFor({ timeout: 120000 });
    await quickOpen(page, expected.file);
    await page.locator('.editor-group-container.active .monaco-editor').first().waitFor({ timeout: 20000 });
    await runCommand(page, 'Inductor Lens: Capture Trace…');
    await toast(`capturing ${expected.file}`).first().waitFor({ timeout: 30000 });
    await page.waitForTimeout(1500);
    await shot('capture-01-running.png');
    const done = toast(`captured ${expected.file}`).first();
    await done.waitFor({ timeout: 300000 });
    const told = (await done.innerText()).replace(/\s+/g, ' ').trim();
    if (!/captured tiny\.py: [1-9]\d* kernels? indexed/.test(told)) throw new Error(`notification: "${told}"`);
    const status = page.locator('.statusbar-item', { hasText: /[1-9]\d* kernels?/ }).first();
    await status.waitFor({ timeout: 30000 });
    // back in the editor, as the user is after the run (the task's terminal took the focus; a code
    // lens refresh that arrives while the editor is not focused was seen not to redraw it)
    await quickOpen(page, expected.file);
    const lens = await waitForLensAbove(page, expected.lensLine, (t) => /kernel/.test(t), 60000);
    if (!lens.includes('extern_kernels.addmm')) throw new Error(`lens above line ${expected.lensLine}: "${lens}"`);
    await page.waitForTimeout(500);
    await shot('capture-02-lens.png');
    // the view expands the new trace's compile and graph as their children arrive
    await page.locator('.pane-body .monaco-list-row', { hasText: /cpp_fused_/ }).first().waitFor({ timeout: 30000 }).catch(() => {});
    // Hot Lines opens expanded under Kernels: fold it so the Kernels tree has the height
    await collapsePane(page, 'Hot Lines');
    // a C++ kernel's row: after its time when measured and its model line, its short name (`cpp relu_mul_sigmoid_0`)
    const CPP_ROW = /^(\d[\d.]* (µs|ms|s)( CPU)? )?(\S+( \+\d+)? · )?cpp \w/;
    const cppRow = (texts) => texts.some((r) => CPP_ROW.test(r));
    let rows = (await page.locator('.pane-body .monaco-list-row').allInnerTexts()).map((r) => r.replace(/\s+/g, ' ').trim());
    for (let i = 0; i < 8 && !cppRow(rows); i++) {  // a loaded machine draws the children late: up to ~25 s
      // not in view (seen on a loaded CI machine): the list is virtual, so rows below the pane's
      // height are not drawn. Fold the Compile health node above, scroll the list down and open
      // the collapsed nodes, as a user would; the kernels must then be there
      const health = page.locator('.pane-body .monaco-list-row[aria-expanded="true"]', { hasText: /^Compile health/ }).first();
      if (await health.count()) await health.click().catch(() => {});
      await page.waitForTimeout(300);
      const list = page.locator('.pane-body .monaco-list-row', { hasText: /torch \d/ }).first();
      if (await list.count()) {
        await list.hover().catch(() => {});
        await page.mouse.wheel(0, 600);
        await page.waitForTimeout(300);
      }
      for (const row of await page.locator('.pane-body .monaco-list-row[aria-expanded="false"]').all()) {
        if (/^Compile health/.test((await row.innerText().catch(() => '')).trim())) continue;
        await row.click().catch(() => {});
        await page.waitForTimeout(300);
      }
      if (i >= 2) {
        // seen twice on CI: the new trace's node drawn open with no children (opened before the
        // re-index finished); closing and opening it again asks the view for them, as a user would
        for (const row of await page.locator('.pane-body .monaco-list-row[aria-expanded="true"]', { hasText: /\.log/ }).all()) {
          await row.click().catch(() => {});
          await page.waitForTimeout(300);
          await row.click().catch(() => {});
          await page.waitForTimeout(300);
        }
      }
      await page.waitForTimeout(2000);
      rows = (await page.locator('.pane-body .monaco-list-row').allInnerTexts()).map((r) => r.replace(/\s+/g, ' ').trim());
    }
    if (!cppRow(rows)) throw new Error(`Kernels view rows: ${rows.join(' | ')}`);
    return `"${told}"; status bar "${(await status.innerText()).trim()}"; lens above tiny.py:${expected.lensLine} (${expected.lensCode}): "${lens}"; Kernels view: ${rows.join(' | ')}`;
  });

  await check(page, 'the captured run is listed with its time and command, and runs again', async () => {
    const before = captures().length;
    if (before !== 1) throw new Error(`${before} capture folders before the re-run, expected 1`);
    await runCommand(page, 'Notifications: Clear All Notifications');
    await page.keyboard.press('Escape');
    await quickOpen(page, expected.file);
    await runCommand(page, 'Inductor Lens: Capture Trace…');
    const row = page.locator('.quick-input-list .monaco-list-row', { hasText: /exit 0 · [1-9]\d* kernels?/ }).first();
    await row.waitFor({ timeout: 20000 });
    const text = (await row.innerText()).replace(/\s+/g, ' ').trim();
    await shot('capture-03-captured-runs.png');
    await row.click();
    const deadline = Date.now() + 300000;
    while (captures().length < 2 && Date.now() < deadline) await page.waitForTimeout(500);
    if (captures().length < 2) throw new Error('the re-run wrote no second capture');
    const [first, second] = captures().sort();
    const read = (d) => JSON.parse(fs.readFileSync(path.join(expected.workspace, 'inductor-lens-captures', d, 'capture.json'), 'utf8'));
    const [a, b] = [read(first), read(second)];
    if (JSON.stringify(a.command) !== JSON.stringify(b.command) || b.exit_status !== 0) {
      throw new Error(`re-run ${JSON.stringify(b.command)} (exit ${b.exit_status}) differs from ${JSON.stringify(a.command)}`);
    }
    await toast(`captured ${expected.file}`).first().waitFor({ timeout: 60000 });
    // the Kernels view lists the new trace beside the first
    // each trace row is labelled by its log's name without PyTorch's fixed prefix
    const logs = [a, b].map((r) => path.basename(r.logs[0]).replace(/^dedicated_log_torch_trace_/, ''));
    for (const log of logs) {
      await page.locator('.pane-body .monaco-list-row', { hasText: log }).first().waitFor({ timeout: 30000 });
    }
    await page.waitForTimeout(500);
    await shot('capture-04-rerun.png');
    return `listed as "${text}"; re-ran ${b.command.join(' ')} into ${second}; Kernels view lists ${logs.join(', ')}`;
  });
}

/**
 * The lines of the "Graph break in" warnings the Problems view lists (its filter set, the panel
 * maximized: the list draws only the rows that fit), waiting up to 30 s for them to be `wanted`;
 * `snap` takes the screenshot while the panel is maximized. Returns the lines and every row drawn.
 */
async function graphBreakWarnings(page, wanted, snap) {
  await runCommand(page, 'Problems: Focus on Problems View');
  await page.keyboard.press('Control+f'); // the Problems view's filter
  await page.waitForTimeout(300);
  await page.keyboard.press('Control+a');
  await page.keyboard.insertText('Graph break in');
  await page.waitForTimeout(800);
  await runCommand(page, 'View: Toggle Maximized Panel');
  let lines = [];
  let rows = [];
  for (let i = 0; i < 120; i++) {
    rows = await problemRows(page);
    lines = rows.filter((r) => r.startsWith('Graph break in')).map((r) => Number((/\[Ln (\d+), Col \d+\]/.exec(r) || [])[1]));
    if (JSON.stringify(lines) === JSON.stringify(wanted)) break;
    await page.waitForTimeout(250);
  }
  await snap();
  await runCommand(page, 'View: Toggle Maximized Panel');
  return { lines, rows };
}

/** The text of the Problems view's rows (markers), as drawn. */
async function problemRows(page) {
  return (await page.locator('.markers-panel .monaco-list-row').allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim());
}

/**
 * Compile health (torch-2.14-cpu graph_breaks + recompiles_health, health.py): the status bar's
 * problem count, the Compile health node, the graph-break warnings on health.py's lines (Problems
 * view and a hover with PyTorch's hint), and the lens of Gate.forward with its recompile count.
 */
async function healthChecks(page, shot) {
  await check(page, 'status bar names the count of compile problems', async () => {
    const item = page.locator('.statusbar-item', { hasText: expected.statusText }).first();
    await item.waitFor({ timeout: 120000 });
    await shot('health-01-status-bar.png');
    return (await item.innerText()).trim();
  });

  await check(page, 'Kernels view opens with the Compile health node', async () => {
    await runCommand(page, 'Inductor Lens: Focus on Kernels View');
    const rows = page.locator('.pane-body .monaco-list-row');
    const node = rows.filter({ hasText: 'Compile health' }).first();
    await node.waitFor({ timeout: 30000 });
    const text = (await node.innerText()).replace(/\s+/g, ' ');
    if (!text.includes(expected.healthNode)) throw new Error(`Compile health row lacks "${expected.healthNode}": ${text}`);
    const first = (await rows.first().innerText()).replace(/\s+/g, ' ');
    if (!first.startsWith('Compile health')) throw new Error(`first row is "${first}"`);
    const narrow = await resizeSideBar(page, 1000);
    await shot('health-02-kernels-view.png');
    if (narrow) await resizeSideBar(page, narrow);
    return (await rows.allInnerTexts()).slice(0, 8).map((r) => r.replace(/\s+/g, ' ')).join(' | ');
  });

  await check(page, 'opening health.py shows the graph-break warnings on their lines', async () => {
    await quickOpen(page, expected.modelFile);
    await page.waitForTimeout(500);
    await runCommand(page, 'Problems: Focus on Problems View');
    // Only the graph breaks (the view also lists the guard failures), in a maximized panel: the
    // list draws only the rows that fit.
    await page.keyboard.press('Control+f'); // the Problems view's filter
    await page.waitForTimeout(300);
    await page.keyboard.insertText('Graph break in');
    await page.waitForTimeout(800);
    await runCommand(page, 'View: Toggle Maximized Panel');
    let rows = [];
    let lines = [];
    for (let i = 0; i < 120; i++) {
      rows = await problemRows(page);
      lines = rows.filter((r) => r.startsWith('Graph break in')).map((r) => Number((/\[Ln (\d+), Col \d+\]/.exec(r) || [])[1]));
      if (lines.length >= expected.breakLines.length) break;
      await page.waitForTimeout(250);
    }
    await shot('health-03-problems.png');
    await runCommand(page, 'View: Toggle Maximized Panel');
    if (JSON.stringify(lines) !== JSON.stringify(expected.breakLines)) {
      throw new Error(`graph-break warnings on lines ${JSON.stringify(lines)}, expected ${JSON.stringify(expected.breakLines)}: ${rows.join(' | ')}`);
    }
    for (const message of expected.breakMessages) {
      if (!rows.some((r) => r.includes(message))) throw new Error(`no warning says "${message}": ${rows.join(' | ')}`);
    }
    return rows.filter((r) => r.startsWith('Graph break in')).join(' | ');
  });

  await check(page, "the hover of a graph-break line shows PyTorch's hint", async () => {
    await page.locator('.editor-group-container.active .monaco-editor textarea').first().focus();
    await goToLine(page, expected.hoverLine);
    await waitForCursorLine(page, expected.hoverLine);
    await page.keyboard.press('End');
    await page.keyboard.press('Home'); // first non-blank: inside the warning's range
    await runCommand(page, 'Show or Focus Hover');
    const hover = page.locator('.monaco-hover-content').filter({ hasText: expected.hoverHint }).first();
    await hover.waitFor({ timeout: 20000 });
    await page.waitForTimeout(400);
    await shot('health-04-hover-hint.png');
    const text = (await hover.innerText()).split('\n').filter((l) => l.trim());
    return JSON.stringify(text.slice(0, 6));
  });

  await check(page, 'the lens of Gate.forward reads its recompile count and peeks the reasons', async () => {
    await page.keyboard.press('Escape');
    await goToLine(page, expected.gateLine);
    await waitForCursorLine(page, expected.gateLine);
    const lens = await waitForLensAbove(page, expected.gateLine, (t) => t.includes(expected.gateLens));
    if (!lens.includes(`${expected.recompiles} recompiles`)) throw new Error(`lens "${lens}"`);
    await shot('health-05-gate-lens.png');
    await page.locator('.monaco-editor .codelens-decoration a', { hasText: expected.gateLens }).first().click();
    const peek = page.locator('.peekview-widget').first();
    await peek.waitFor({ timeout: 15000 });
    const rows = peek.locator('.monaco-list-row');
    await rows.first().waitFor({ timeout: 15000 });
    await page.waitForTimeout(600);
    await shot('health-06-gate-peek.png');
    const texts = (await rows.allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim());
    if (!texts.some((t) => t.includes('size mismatch')) || !texts.some((t) => t.includes('self.scale == 1.0'))) {
      throw new Error(`peek rows lack the recompile reasons: ${texts.join(' | ')}`);
    }
    return `${expected.modelFile}:${expected.gateLine} (${expected.gateCode}): "${lens}"; peek: ${texts.join(' | ')}`;
  });

  await check(page, 'two lines inserted and saved move the warnings and lenses with their lines', async () => {
    await page.keyboard.press('Escape');
    await page.locator('.editor-group-container.active .monaco-editor textarea').first().focus();
    await page.keyboard.press('Control+Home');
    await page.keyboard.type('# edited\n# edited\n');
    await page.keyboard.press('Control+s');
    const lens = await waitForLensAbove(page, expected.gateLine + 2, (t) => t.includes(expected.gateLens), 45000);
    const wanted = expected.breakLines.map((n) => n + 2);
    const { lines } = await graphBreakWarnings(page, wanted, () => shot('health-07-after-edit.png'));
    if (JSON.stringify(lines) !== JSON.stringify(wanted)) {
      throw new Error(`after the edit, graph-break warnings on lines ${JSON.stringify(lines)}, expected ${JSON.stringify(wanted)}`);
    }
    return `lens above line ${expected.gateLine + 2}: "${lens}"; warnings on lines ${lines.join(', ')}`;
  });

  await check(page, 'a graph-break line rewritten loses its warning, which goes to its function with the reason', async () => {
    // the file is not the traced one at that line any more: a warning there would sit on other
    // code; the compiled function's own line (its text unchanged) says where it was and why not there
    const moved = expected.breakLines.map((n) => n + 2);
    const target = expected.hoverLine + 2;
    const home = expected.explicitFunctionLine + 2;
    await page.keyboard.press('Escape');
    await quickOpen(page, expected.modelFile);
    await page.locator('.editor-group-container.active .monaco-editor textarea').first().focus();
    await goToLine(page, target);
    await waitForCursorLine(page, target);
    await page.keyboard.press('End');
    await page.keyboard.press('Shift+Home');
    await page.keyboard.type('pass  # the explicit graph break removed');
    await page.keyboard.press('Control+s');
    const wanted = [...moved.filter((n) => n !== target), home].sort((a, b) => a - b);
    const { lines, rows } = await graphBreakWarnings(page, wanted, () => shot('health-08-line-rewritten.png'));
    if (JSON.stringify(lines) !== JSON.stringify(wanted)) {
      throw new Error(`after line ${target} was rewritten, graph-break warnings on lines ${JSON.stringify(lines)}, expected ${JSON.stringify(wanted)}`);
    }
    const moved_off = rows.find((r) => r.includes(`[Ln ${home},`));
    if (!moved_off || !/is not in this file as it is now/.test(moved_off)) {
      throw new Error(`the warning on the function's line ${home} does not say why it is there: "${moved_off}"`);
    }
    // the status bar counts the trace's problems, the Problems view those of open files whose
    // lines match: its tooltip says so
    const item = page.locator('.statusbar-item', { hasText: /compile problem/ }).first();
    const tip = (await item.getAttribute('aria-label')) || '';
    await item.hover();
    const hover = page.locator('.monaco-hover, .workbench-hover, .custom-hover').filter({ hasText: 'Problems view' }).first();
    const told = await hover.waitFor({ timeout: 5000 }).then(() => hover.innerText(), () => tip);
    await shot('health-09-status-tooltip.png');
    if (!/Problems view\s+lists those of the open files/.test(told.replace(/\s+/g, ' '))) {
      throw new Error(`the status bar's tooltip does not say why the Problems view lists fewer: "${told}"`);
    }
    return `warnings on lines ${lines.join(', ')} (line ${target} rewritten; ${home}: "${moved_off.slice(0, 160)}"); status tooltip: "${told.replace(/\s+/g, ' ').slice(0, 240)}"`;
  });
}

/** Compare with Trace… (the compareWith setting): the edited CNN run against the run before the edit. */
async function compareChecks(page, shot) {
  await check(page, 'the model file shows the comparison lens on the new line', async () => {
    await page.locator('.statusbar-item', { hasText: /\d+ kernels?/ }).first().waitFor({ timeout: 120000 });
    await quickOpen(page, expected.modelFile);
    await page.waitForTimeout(500);
    await goToLine(page, expected.geluLine);
    await waitForCursorLine(page, expected.geluLine);
    const lens = await waitForLensAbove(page, expected.geluLine, (t) => t.includes('⇄'), 60000);
    await shot('compare-01-lens.png');
    if (!lens.includes(expected.geluLens)) throw new Error(`lens "${lens}", expected "${expected.geluLens}"`);
    // the comparison first, in its own short lens (VS Code joins a line's lenses with " | ")
    if (!lens.startsWith('⇄ ') || lens.split(' | ')[0].length > 60) throw new Error(`the comparison is not the first, short lens: "${lens}"`);
    return lens;
  });

  await check(page, 'changed lines carry a gutter mark', async () => {
    const decorated = await page.evaluate(() => {
      const editor = document.querySelector('.editor-group-container.active .monaco-editor');
      if (!editor) return 0;
      return [...editor.querySelectorAll('.view-overlays > div > div')].filter((el) => getComputedStyle(el).borderLeftWidth === '3px').length;
    });
    if (!decorated) throw new Error('no line has the 3px gutter bar');
    return `${decorated} decorated lines`;
  });

  await check(page, 'the hover of a changed line shows the baseline | this-run table', async () => {
    await page.locator('.editor-group-container.active .monaco-editor textarea').first().focus();
    await goToLine(page, expected.poolLine);
    await waitForCursorLine(page, expected.poolLine);
    await page.keyboard.press('End');
    await runCommand(page, 'Show or Focus Hover');
    const hover = page.locator('.monaco-hover-content').filter({ hasText: 'Compared with the baseline' }).first();
    await hover.waitFor({ timeout: 20000 });
    await page.waitForTimeout(400);
    await shot('compare-02-hover.png');
    const text = await hover.innerText();
    if (!text.includes('changed') || !text.includes('left')) throw new Error(`hover: ${text}`);
    return JSON.stringify(text.split('\n').filter((l) => l.trim()).slice(0, 8));
  });

  await check(page, 'the Changed Lines view lists the changed lines', async () => {
    await page.keyboard.press('Escape');
    await runCommand(page, 'Inductor Lens: Focus on Changed Lines View');
    const rows = page.locator('.pane', { hasText: 'Changed Lines' }).locator('.monaco-list-row');
    await rows.first().waitFor({ timeout: 20000 });
    await page.waitForTimeout(500);
    await shot('compare-03-changed-lines.png');
    const texts = (await rows.allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim());
    if (texts.length < expected.changed) throw new Error(`${texts.length} rows, expected at least ${expected.changed}: ${texts.join(' | ')}`);
    return texts.slice(0, 6).join(' | ');
  });
}

/**
 * The rows of a side-bar view (by its pane title) as drawn: each row's label and description and
 * whether the label is cut (its text runs past the row's label container, which clips it with an
 * ellipsis), and the view's message. Read off the DOM, at whatever width the side bar has.
 */
async function viewRows(page, title) {
  return page.evaluate((title) => {
    const pane = [...document.querySelectorAll('.pane')].find((p) => p.querySelector('.pane-header')?.textContent.toUpperCase().includes(title.toUpperCase()));
    if (!pane) return undefined;
    const rows = [...pane.querySelectorAll('.monaco-list-row')].map((row) => {
      const name = row.querySelector('.label-name');
      const box = row.querySelector('.monaco-icon-label-container') || row;
      const clip = box.getBoundingClientRect().right;
      return {
        label: name ? name.textContent : row.textContent,
        description: row.querySelector('.label-description')?.textContent ?? '',
        cut: name ? name.getBoundingClientRect().right > clip + 0.5 : false,
      };
    });
    const message = pane.querySelector('.message:not(.hide)');
    const sidebar = document.querySelector('[id="workbench.parts.sidebar"]').getBoundingClientRect().width;
    return { rows, message: message ? message.textContent.trim() : '', messageCut: message ? message.scrollWidth > message.clientWidth + 1 : false, sidebar };
  }, title);
}

/** Compare at the default side bar and a 1400 px window: tf_bs (batch 32) against tf_plain (16). */
async function comparebsChecks(page, shot) {
  await check(page, 'Changed Lines opens with the wall headline and the first three causes, uncut at the default side bar', async () => {
    await page.locator('.statusbar-item', { hasText: /\d+ kernels?/ }).first().waitFor({ timeout: 120000 });
    // the view (and its focus command) comes once the comparison is there (compareWith: the
    // baseline opened after indexing)
    for (let tries = 0; ; tries++) {
      try {
        await runCommand(page, 'Inductor Lens: Focus on Changed Lines View');
        break;
      } catch (err) {
        if (tries >= 12) throw err;
        await page.keyboard.press('Escape');
        await page.waitForTimeout(5000);
      }
    }
    let view;
    const deadline = Date.now() + 60000;
    while (Date.now() < deadline) {
      view = await viewRows(page, 'Changed Lines');
      if (view && view.message && view.rows.length >= 4) break;
      await page.waitForTimeout(500);
    }
    await page.waitForTimeout(500);
    await shot('comparebs-01-changed-lines-300px.png');
    if (!view || view.message !== expected.headline) throw new Error(`message "${view?.message}", expected "${expected.headline}"`);
    if (view.messageCut) throw new Error('the headline is cut');
    const causes = view.rows.slice(0, 3);
    if (!causes.every((r) => /^[+−]/.test(r.label))) throw new Error(`the first rows are not causes: ${JSON.stringify(view.rows.slice(0, 5))}`);
    const cut = view.rows.filter((r) => r.cut);
    if (cut.length) throw new Error(`cut at ${view.sidebar} px: ${JSON.stringify(cut)}`);
    const lines = view.rows.findIndex((r) => r.label.startsWith('Lines ('));
    if (lines !== 4 || !view.rows[lines].description.includes(`${expected.lines} take more time per step`))
      throw new Error(`causes before lines, the lines' time said: ${JSON.stringify(view.rows)}`);
    return `side bar ${view.sidebar} px; ${view.rows.map((r) => `${r.label} | ${r.description}`).slice(0, 8).join(' ; ')}`;
  });

  await check(page, "a line whose kernels stayed but whose time moved: its own short lens first and a gutter mark", async () => {
    await quickOpen(page, expected.modelFile);
    await page.waitForTimeout(500);
    await goToLine(page, expected.line);
    await waitForCursorLine(page, expected.line);
    const lens = await waitForLensAbove(page, expected.line, (t) => t.includes('⇄'), 60000);
    await shot('comparebs-02-lens.png');
    const first = lens.split(' | ')[0];
    if (!first.startsWith('⇄ ') || !first.includes('/step') || !first.includes('same') || first.length > 60) throw new Error(`lens "${lens}"`);
    const dashed = await page.evaluate(() => {
      const editor = document.querySelector('.editor-group-container.active .monaco-editor');
      return [...editor.querySelectorAll('.view-overlays > div > div')].filter((el) => getComputedStyle(el).borderLeftStyle === 'dashed').length;
    });
    if (!dashed) throw new Error('no line has the dashed gutter bar of a time that moved');
    return `${first}; ${dashed} lines with the dashed mark in view`;
  });

  await check(page, "a compared line's hover starts with the comparison", async () => {
    await page.locator('.editor-group-container.active .monaco-editor textarea').first().focus();
    await page.keyboard.press('End');
    await runCommand(page, 'Show or Focus Hover');
    const hover = page.locator('.monaco-hover-content').filter({ hasText: 'Compared with the baseline' }).first();
    await hover.waitFor({ timeout: 20000 });
    await page.waitForTimeout(400);
    await shot('comparebs-03-hover.png');
    const text = (await hover.innerText()).trim();
    if (!text.startsWith('Compared with the baseline')) throw new Error(`hover starts "${text.slice(0, 200)}"`);
    return JSON.stringify(text.split('\n').filter((l) => l.trim()).slice(0, 4));
  });
  await sidebarChecks(page, shot);
}

/** The Inductor Lens side bar at its default width: the Kernels title whole beside at most 4 icons, Hot Lines open with the step. */
async function sidebarChecks(page, shot) {
  await check(page, 'the side bar at its default width: the Kernels title whole, at most 4 toolbar icons, Hot Lines open with the step and eager rows', async () => {
    await runCommand(page, 'Inductor Lens: Focus on Kernels View');
    await page.waitForTimeout(1000);
    await page.locator('.pane-header', { hasText: /^Kernels/i }).first().hover();
    await page.waitForTimeout(400);
    const head = await page.evaluate(() => {
      const h = [...document.querySelectorAll('.pane-header')].find((e) => /^kernels$/i.test(e.querySelector('.title')?.textContent.trim() ?? ''));
      if (!h) return undefined;
      const title = h.querySelector('.title');
      const visible = (a) => a.getBoundingClientRect().width > 0 && getComputedStyle(a).display !== 'none';
      const actions = [...h.querySelectorAll('.actions .action-item')].filter(visible);
      const icons = actions.filter((a) => !a.querySelector('.codicon-toolbar-more')).map((a) => a.querySelector('a')?.getAttribute('aria-label') ?? '');
      return { title: title.textContent.trim(), cut: title.scrollWidth > title.clientWidth, icons };
    });
    let hot;
    const deadline = Date.now() + 60000;
    while (Date.now() < deadline) {
      hot = await viewRows(page, 'Hot Lines');
      if (hot && hot.rows.length && hot.message) break;
      await page.waitForTimeout(500);
    }
    await shot('comparebs-04-sidebar-300px.png');
    if (!head || head.cut) throw new Error(`Kernels title cut: ${JSON.stringify(head)}`);
    if (head.icons.length > 4) throw new Error(`${head.icons.length} toolbar icons: ${head.icons.join(', ')}`);
    if (!hot || !hot.rows.length) throw new Error('Hot Lines is not open');
    if (!/^step [\d.]+ ms \(5 steps\)/.test(hot.message)) throw new Error(`Hot Lines header: "${hot.message}"`);
    const eager = hot.rows.find((r) => r.label.startsWith('eager · train.py:'));
    if (!eager || !/^eager [\d.]+ (µs|ms)\/step \(/.test(eager.description)) throw new Error(`no eager row: ${JSON.stringify(hot.rows.slice(0, 6))}`);
    return `title "${head.title}" with ${head.icons.length} icons (${head.icons.join(', ')}); Hot Lines: ${hot.message.slice(0, 120)}; ${eager.label} | ${eager.description}`;
  });
}

/** Where the time goes (hot_expected.py): the Hot Lines view, heat marks, the user's call of the compiled code. */
async function hotChecks(page, shot) {
  const n = expected.name;
  await check(page, `${n}: the status bar shows the indexed kernels`, async () => {
    const item = page.locator('.statusbar-item', { hasText: /\d+ kernels?/ }).first();
    await item.waitFor({ timeout: 120000 });
    return (await item.innerText()).trim();
  });

  await check(page, `${n}: the Hot Lines view ranks the model lines across files`, async () => {
    await runCommand(page, 'Inductor Lens: Focus on Hot Lines View');
    const pane = page.locator('.pane', { hasText: 'Hot Lines' });
    const rows = pane.locator('.monaco-list-row');
    const top = rows.filter({ hasText: expected.topRow }).first();
    await top.waitFor({ timeout: 30000 });
    const texts = (await rows.allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim());
    const first = texts.find((t) => !t.startsWith('your call · ')) ?? '';
    if (!first.startsWith(expected.topRow)) throw new Error(`first line row "${first}", expected ${expected.topRow}`);
    if (!first.includes(expected.topCode)) throw new Error(`first line row lacks its code: ${first}`);
    const call = texts.find((t) => t.startsWith(`your call · ${expected.file}:${expected.callLine}`));
    if (texts[0] !== call) throw new Error(`the user's call is not listed first: ${texts[0]}`);
    if (!call) throw new Error(`no row for the user's call ${expected.file}:${expected.callLine}: ${texts.join(' | ')}`);
    // the view's message is set with the same answer as its rows but may be drawn a moment later
    // (CI on fc80d8f read it empty 0.4 s after the rows): read it once it is there, for up to 10 s
    let message = '';
    for (let waited = 0; waited <= 10000 && !message.trim(); waited += 250) {
      message = (await pane.locator('.message, .tree-explorer-viewlet-tree-view-message').allInnerTexts()).join(' ');
      if (!message.trim()) await page.waitForTimeout(250);
    }
    if (!expected.measured && !message.includes('not time')) throw new Error(`without a profile the view must say it is not time: "${message}"`);
    const narrow = await resizeSideBar(page, 900);
    await page.waitForTimeout(400);
    await shot(`hot-${n}-01-hot-lines.png`);
    if (narrow) await resizeSideBar(page, narrow);
    return `${texts.slice(0, 4).join(' | ')} … ${call}; message "${message}"`;
  });

  if (expected.heatLine) {
    await check(page, `${n}: heat marks in the gutter of the model file`, async () => {
      await quickOpen(page, expected.heatFile);
      await goToLine(page, expected.heatLine);
      await waitForCursorLine(page, expected.heatLine);
      const deadline = Date.now() + 20000;
      let marks = 0;
      while (Date.now() < deadline && !marks) {
        marks = await page.evaluate(() => {
          const editor = document.querySelector('.editor-group-container.active .monaco-editor');
          return editor ? [...editor.querySelectorAll('.cgmr')].length : 0;
        });
        if (!marks) await page.waitForTimeout(250);
      }
      if (!marks) throw new Error('no gutter heat mark drawn');
      const lens = await waitForLensAbove(page, expected.heatLine, (t) => /compiled [^(]+ \(\d+%\)/.test(t));
      await page.waitForTimeout(300);
      await shot(`hot-${n}-02-heat-marks.png`);
      return `${marks} heat marks drawn; lens above ${expected.heatFile}:${expected.heatLine}: "${lens}"`;
    });
  }

  await check(page, `${n}: the user's own call of the compiled code has a lens and references`, async () => {
    await page.keyboard.press('Escape');
    await quickOpen(page, expected.file);
    await goToLine(page, expected.callLine);
    await waitForCursorLine(page, expected.callLine);
    const lens = await waitForLensAbove(page, expected.callLine, (t) => t.includes(expected.callLens));
    if (expected.callTime && !lens.includes(expected.callTime)) throw new Error(`call lens lacks "${expected.callTime}": ${lens}`);
    if (!expected.callTime && / (µs|ms) \(/.test(lens)) throw new Error(`a lens without a profile names a time: ${lens}`);
    await page.waitForTimeout(300);
    await shot(`hot-${n}-03-call-lens.png`);
    await page.keyboard.press('End');
    await runCommand(page, 'Show or Focus Hover');
    const hover = page.locator('.monaco-hover-content').filter({ hasText: 'This line calls compiled code' }).first();
    await hover.waitFor({ timeout: 20000 });
    await page.waitForTimeout(300);
    await shot(`hot-${n}-04-call-hover.png`);
    const hoverText = (await hover.innerText()).replace(/\s+/g, ' ').slice(0, 300);
    await page.keyboard.press('Escape');
    await runCommand(page, 'Peek References');
    const peek = page.locator('.peekview-widget, .zone-widget .reference-zone-widget').first();
    await peek.waitFor({ timeout: 20000 });
    const peekText = await peek.innerText();
    const named = expected.outputCodes.filter((f) => peekText.includes(f));
    if (!named.length) throw new Error(`the references peek names none of ${expected.outputCodes.join(', ')}: ${peekText.slice(0, 300)}`);
    await page.waitForTimeout(400);
    await shot(`hot-${n}-05-call-references.png`);
    await page.keyboard.press('Escape');
    return `lens "${lens}"; hover "${hoverText}"; references in ${named.length} output code file(s)`;
  });
}

(async () => {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'chrome-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    viewport: expected.viewport || { width: 1600, height: 1000 },
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const page = context.pages()[0] || (await context.newPage());
  const shot = (name) => page.screenshot({ path: path.join(artifacts, name) });
  try {
    await page.goto(url, { waitUntil: 'domcontentloaded' });
    await page.waitForSelector('.monaco-workbench', { timeout: 90000 });
    log('workbench rendered');
    const checks = { ir: irChecks, inferred: inferredChecks, profile: profileChecks, health: healthChecks, gpt2: gpt2Checks, capture: captureChecks, compare: compareChecks, comparebs: comparebsChecks, mlp: mlpChecks, hot: hotChecks }[scenario];
    await checks(page, shot);
  } finally {
    await shot(`${prefix}99-final.png`).catch(() => {});
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
  fs.writeFileSync(path.join(artifacts, `${prefix}vscode-results.json`), JSON.stringify(results, null, 2));
  const failed = results.filter((r) => !r.ok).length;
  console.log(`vscode-e2e (${scenario}): ${results.length - failed} passed, ${failed} failed`);
  process.exit(failed ? 1 : 0);
})().catch((err) => {
  console.error(err);
  process.exit(2);
});
