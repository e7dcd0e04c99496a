// Driver of bench/editor_open.sh (which starts code-server and makes the workspaces):
//
//   node bench/editor_open.cjs run <url> <run dir> <case> <i> <model file (relative)>
//     opens <url> (?folder=WS&payload=openFile) in a fresh headless Chromium profile and records,
//     in the page (a MutationObserver installed before any script of the page), the first time
//     the workbench, the status bar, the open model file, each Inductor Lens status text and the
//     first Inductor Lens code lens appear; then reads the run's logs (code-server's
//     remoteagent.log and remoteexthost.log, the "Inductor Lens" output channel, the interpreter
//     wrapper's stamps) and writes <run dir>/result.json: every time in ms after navigation.
//   node bench/editor_open.cjs summarize <out.json> <meta json> <result.json...>
//     prints the medians and every run as tables, writes <out.json>.
const fs = require('fs');
const path = require('path');
const { chromium } = require('playwright-core');

const TIMEOUT_MS = Number(process.env.BENCH_TIMEOUT_MS || 120000);

/** Installed in every frame before the page's scripts: first-seen epoch times, in window.__bench. */
function pageProbe(modelBase) {
  if (window.top !== window) return;
  const marks = (window.__bench = {});
  const mark = (name) => {
    if (!(name in marks)) marks[name] = Date.now();
  };
  const lensRe = /\bkernels?\b/;
  const check = () => {
    if (document.querySelector('.monaco-workbench')) mark('workbench');
    const items = document.querySelectorAll('.statusbar-item');
    if (items.length) mark('statusbar');
    for (const el of items) {
      const t = el.textContent || '';
      if (t.includes('Inductor Lens: starting')) mark('starting');
      else if (t.includes('Inductor Lens: indexing')) mark('indexing');
      else if (/^\s*\d+ kernels?\b/.test(t) && (el.id || '').includes('inductor')) mark('kernels');
      else if (t.includes('Inductor Lens') && (el.id || '').includes('inductor')) mark('statusOther');
    }
    const tab = document.querySelector('.editor-group-container.active .tab.active .label-name');
    if (tab && tab.textContent.trim() === modelBase) {
      mark('editorTab');
      if (document.querySelector('.editor-group-container.active .monaco-editor .view-lines .view-line')) mark('editorText');
      for (const lens of document.querySelectorAll('.editor-group-container.active .monaco-editor .codelens-decoration')) {
        if (lensRe.test(lens.textContent || '')) {
          mark('lens');
          if (!marks.lensText) marks.lensText = (lens.textContent || '').replace(/\u00a0/g, ' ').trim().slice(0, 160);
          break;
        }
      }
    }
  };
  const start = () => {
    new MutationObserver(check).observe(document, { childList: true, subtree: true, characterData: true });
    check();
  };
  start();
}

/** Log lines `2026-12-01 10:50:27.306 [info] text` as [{t (epoch ms), level, text}]. */
function readLog(file) {
  if (!file || !fs.existsSync(file)) return [];
  const out = [];
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    const m = /^(\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d\.\d{3}) \[(\w+)\] (.*)$/.exec(line);
    if (m) out.push({ t: new Date(`${m[1]}T${m[2]}`).getTime(), level: m[3], text: m[4] });
    else if (out.length) out[out.length - 1].text += `\n${line}`;
  }
  return out;
}

function findFiles(dir, test, found = []) {
  if (!fs.existsSync(dir)) return found;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) findFiles(p, test, found);
    else if (test(p)) found.push(p);
  }
  return found.sort();
}

const first = (lines, re) => lines.find((l) => re.test(l.text));

/** Events from the run's logs, as {name: epoch ms} (+ details). */
function logEvents(runDir) {
  const ev = {};
  const info = {};
  const logs = path.join(runDir, 'udd', 'logs');
  const put = (name, line) => {
    if (line && !(name in ev)) ev[name] = line.t;
  };
  // code-server's own start and health check (the shell's stamps)
  const cs = fs.existsSync(path.join(runDir, 'cs-start.txt')) ? fs.readFileSync(path.join(runDir, 'cs-start.txt'), 'utf8') : '';
  for (const line of cs.split('\n')) {
    const m = /^(\d+\.\d+) (.*)$/.exec(line);
    if (m) ev[m[2] === 'code-server spawned' ? 'csSpawned' : 'csHealthy'] = Math.round(Number(m[1]) * 1000);
  }
  const agent = readLog(findFiles(logs, (p) => p.endsWith('remoteagent.log'))[0]);
  put('agentStarted', first(agent, /Extension host agent started/));
  put('mgmtConnection', first(agent, /ManagementConnection\] New connection established/));
  put('exthostConnection', first(agent, /ExtensionHostConnection\] New connection established/));
  put('exthostLaunched', first(agent, /Launched Extension Host Process/));
  const exthostLog = findFiles(logs, (p) => /exthost1[/\\]remoteexthost\.log$/.test(p))[0];
  const exthost = readLog(exthostLog);
  put('exthostStarted', first(exthost, /Extension host with pid \d+ started/));
  const activation = first(exthost, /_doActivateExtension inductor-lens\.inductor-lens/);
  put('activate', activation);
  if (activation) info.activationEvent = (/activationEvent: '([^']*)'/.exec(activation.text) || [])[1];
  put('eagerActivated', first(exthost, /Eager extensions activated/));
  const firstAct = first(exthost, /_doActivateExtension /);
  put('firstActivation', firstAct);
  const channel = readLog(findFiles(logs, (p) => /exthost1[/\\].*Inductor Lens\.log$/.test(p))[0]);
  info.channelLines = channel.length;
  put('interpreterChosen', first(channel, /^Interpreter \(/));
  put('startingLogged', first(channel, /^Starting: /));
  put('initializeSent', first(channel, /Sending request 'initialize/));
  const initAnswer = first(channel, /Received response 'initialize/);
  put('initializeAnswered', initAnswer);
  if (initAnswer) info.initializeMs = Number((/in (\d+)ms/.exec(initAnswer.text) || [])[1]);
  put('initializedSent', first(channel, /Sending notification 'initialized'/));
  put('didOpenSent', first(channel, /Sending notification 'textDocument\/didOpen'/));
  put('firstStatusNotification', first(channel, /Received notification 'inductorLens\/status'/));
  put('firstCodeLensSent', first(channel, /Sending request 'textDocument\/codeLens/));
  put('firstCodeLensAnswered', first(channel, /Received response 'textDocument\/codeLens/));
  put('firstResolveSent', first(channel, /Sending request 'codeLens\/resolve/));
  put('firstResolveAnswered', first(channel, /Received response 'codeLens\/resolve/));
  put('codeLensRefresh', first(channel, /Received request 'workspace\/codeLens\/refresh/));
  const firstAnswers = first(channel, /first answers for the open documents/);
  put('serverFirstAnswers', firstAnswers);
  if (firstAnswers) info.firstAnswers = firstAnswers.text.split('\n')[0];
  const indexed = first(channel, /indexed \d+ trace\(s\)/);
  put('serverIndexed', indexed);
  if (indexed) {
    info.indexed = indexed.text.split('\n')[0].replace(/^\[\w+\s*-[^\]]*\]\s*/, '');
    info.serverIndexSeconds = Number((/in ([\d.]+)s/.exec(indexed.text) || [])[1]);
  }
  // the lens responses that carried lenses (the empty ones come before the first snapshot)
  const lensAnswers = channel.filter((l) => /Received response 'textDocument\/codeLens/.test(l.text));
  info.codeLensResponses = lensAnswers.length;
  // the interpreter wrapper: version check (-c ...) and the server (-m inductor_lens serve)
  const stampsFile = path.join(runDir, 'stamps.log');
  const stamps = fs.existsSync(stampsFile) ? fs.readFileSync(stampsFile, 'utf8').split('\n').filter(Boolean) : [];
  for (const s of stamps) {
    const m = /^(\d+\.\d+) (\d+) (.*)$/.exec(s);
    if (!m) continue;
    const t = Math.round(Number(m[1]) * 1000);
    if (/^-c /.test(m[3]) && !('versionCheckSpawned' in ev)) ev.versionCheckSpawned = t;
    if (/-m inductor_lens serve/.test(m[3]) && !('serverSpawned' in ev)) ev.serverSpawned = t;
  }
  info.interpreterProcesses = stamps.length;
  info.channel = channel.map((l) => `${new Date(l.t).toISOString().slice(11, 23)} ${l.text.split('\n')[0]}`).slice(0, 80);
  return { ev, info };
}

async function run([url, runDir, caseName, index, modelFile]) {
  const profile = fs.mkdtempSync(path.join(runDir, 'chrome-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    viewport: { width: 1600, height: 1000 },
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync'],
  });
  const result = { case: caseName, run: Number(index), url, modelFile, ok: false, loadavgBefore: require('os').loadavg() };
  try {
    const page = context.pages()[0] || (await context.newPage());
    await page.addInitScript(pageProbe, path.basename(modelFile));
    const tNav = Date.now();
    result.navigation = tNav;
    await page.goto(url, { waitUntil: 'commit' });
    const deadline = tNav + TIMEOUT_MS;
    let marks = {};
    while (Date.now() < deadline) {
      marks = (await page.evaluate(() => window.__bench).catch(() => ({}))) || {};
      if (marks.kernels && marks.lens) break;
      await page.waitForTimeout(100);
    }
    result.ok = Boolean(marks.kernels && marks.lens);
    await page.waitForTimeout(1500); // let the logs flush
    marks = (await page.evaluate(() => window.__bench).catch(() => marks)) || marks;
    const timing = await page.evaluate(() => {
      const n = performance.getEntriesByType('navigation')[0];
      return { timeOrigin: performance.timeOrigin, domContentLoaded: n && n.domContentLoadedEventEnd, load: n && n.loadEventEnd };
    });
    await page.screenshot({ path: path.join(runDir, 'final.png') }).catch(() => {});
    result.loadavgAfter = require('os').loadavg();
    result.lensText = marks.lensText;
    delete marks.lensText;
    const page_ = { ...marks };
    if (timing.domContentLoaded) page_.domContentLoaded = Math.round(timing.timeOrigin + timing.domContentLoaded);
    if (timing.load) page_.load = Math.round(timing.timeOrigin + timing.load);
    const statusTexts = await page.locator('.statusbar-item[id*="inductor"]').allInnerTexts().catch(() => []);
    result.finalStatus = statusTexts.map((t) => t.trim()).join(' | ');
    const { ev, info } = logEvents(runDir);
    result.info = info;
    // every event in ms after navigation
    result.t = {};
    for (const [k, v] of Object.entries({ ...ev, ...page_ })) result.t[k] = v - tNav;
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
  fs.writeFileSync(path.join(runDir, 'result.json'), JSON.stringify(result, null, 2));
  const t = result.t || {};
  console.log(`${caseName} #${index}: ${result.ok ? 'ok' : 'INCOMPLETE'} starting ${t.starting} indexing ${t.indexing} kernels ${t.kernels} lens ${t.lens} ms` +
    ` (activation '${(result.info || {}).activationEvent}'; lens "${result.lensText}")`);
  process.exit(result.ok ? 0 : 1);
}

// ---------------------------------------------------------------- summary
const median = (xs) => {
  const v = xs.filter((x) => typeof x === 'number' && Number.isFinite(x)).sort((a, b) => a - b);
  if (!v.length) return undefined;
  const m = Math.floor(v.length / 2);
  return v.length % 2 ? v[m] : (v[m - 1] + v[m]) / 2;
};
const MILESTONES = [
  ['starting', '(a) status "starting…"'],
  ['indexing', '(b) status "indexing…"'],
  ['kernels', '(c) status "N kernels"'],
  ['lens', '(d) first code lens'],
];
/** [name, from, to, what]: the open-to-first-lens time cut into consecutive phases. */
const PHASES = [
  ['page', 'nav', 'workbench', 'navigation → workbench DOM (HTML, workbench JS)'],
  ['exthost', 'workbench', 'exthostStarted', 'workbench → extension host process up (remote agent launches it)'],
  ['activate', 'exthostStarted', 'activate', 'extension host up → Inductor Lens activated'],
  ['interp', 'activate', 'versionCheckSpawned', 'activate → version check spawned (interpreter resolution)'],
  ['version', 'versionCheckSpawned', 'serverSpawned', 'version check → server process spawned'],
  ['init', 'serverSpawned', 'initializeAnswered', 'server spawned → initialize answered (imports)'],
  ['index', 'initializeAnswered', 'serverIndexed', 'initialize answered → server logs "indexed"'],
  ['lens', 'serverIndexed', 'lens', '"indexed" → first lens drawn'],
  ['lensRequest', 'serverFirstAnswers', 'firstCodeLensSent', '  of which: server\'s first answers (+refresh) → codeLens request sent'],
  ['lensResolve', 'firstCodeLensAnswered', 'firstResolveSent', '  of which: codeLens answered → codeLens/resolve sent'],
  ['lensDraw', 'firstResolveAnswered', 'lens', '  of which: resolve answered → lens drawn'],
  ['ours', 'activate', 'lens', 'Inductor Lens\'s part: activated → first lens drawn'],
  ['theirs', 'nav', 'activate', 'code-server + browser part: navigation → activated'],
];
const EXTRA = ['csHealthy', 'domContentLoaded', 'workbench', 'statusbar', 'editorTab', 'editorText', 'mgmtConnection', 'exthostConnection',
  'exthostLaunched', 'exthostStarted', 'firstActivation', 'activate', 'interpreterChosen', 'versionCheckSpawned', 'startingLogged',
  'serverSpawned', 'initializeSent', 'initializeAnswered', 'initializedSent', 'didOpenSent', 'firstStatusNotification', 'firstCodeLensSent',
  'firstCodeLensAnswered', 'firstResolveSent', 'firstResolveAnswered', 'serverFirstAnswers', 'serverIndexed', 'codeLensRefresh', 'eagerActivated'];

function table(rows) {
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => String(r[c] ?? '').length)));
  return rows.map((r) => r.map((x, c) => (c === 0 ? String(x ?? '').padEnd(widths[c]) : String(x ?? '–').padStart(widths[c]))).join('  ')).join('\n');
}

function summarize([outFile, metaJson, ...files]) {
  const results = files.filter((f) => fs.existsSync(f)).map((f) => JSON.parse(fs.readFileSync(f, 'utf8')));
  const cases = [...new Set(results.map((r) => r.case))];
  const summary = { meta: JSON.parse(metaJson), when: new Date().toISOString(), cases: {} };
  for (const c of cases) {
    const runs = results.filter((r) => r.case === c);
    const val = (r, k) => (k === 'nav' ? 0 : r.t[k]);
    const med = {};
    for (const k of [...MILESTONES.map((m) => m[0]), ...EXTRA]) med[k] = median(runs.map((r) => val(r, k)));
    const phases = {};
    for (const [name, from, to] of PHASES) phases[name] = median(runs.map((r) => (val(r, to) ?? NaN) - (val(r, from) ?? NaN)));
    summary.cases[c] = {
      modelFile: runs[0].modelFile,
      activationEvent: runs.map((r) => r.info && r.info.activationEvent),
      lensText: runs[0].lensText,
      finalStatus: runs[0].finalStatus,
      serverIndexed: runs.map((r) => r.info && r.info.indexed),
      serverFirstAnswers: runs.map((r) => r.info && r.info.firstAnswers),
      medians_ms: med,
      phase_medians_ms: phases,
      runs,
    };
    console.log(`\n== ${c}: ${runs.length} runs, model file ${runs[0].modelFile}; activation event: ${summary.cases[c].activationEvent[0]}`);
    console.log(`   lens: "${runs[0].lensText}"; status bar at the end: "${runs[0].finalStatus}"; server: ${runs[0].info && runs[0].info.indexed}`);
    console.log(`   1-min load average before each run: ${runs.map((r) => (r.loadavgBefore || [NaN])[0].toFixed(2)).join(', ')} (${require('os').cpus().length} CPUs)`);
    const head = ['ms after navigation', 'median', ...runs.map((r) => `run ${r.run}${r.ok ? '' : ' (!)'}`)];
    console.log(table([head, ...MILESTONES.map(([k, label]) => [label, med[k], ...runs.map((r) => r.t[k])])]));
    console.log('\n   where the time goes (consecutive phases; median of each phase, so they need not add up exactly):');
    console.log(table([['phase', 'median', ...runs.map((r) => `run ${r.run}`)],
      ...PHASES.map(([name, from, to, what]) => [what, phases[name], ...runs.map((r) => (val(r, to) ?? NaN) - (val(r, from) ?? NaN))])]));
    console.log('\n   every event (ms after navigation):');
    console.log(table([['event', 'median', ...runs.map((r) => `run ${r.run}`)], ...EXTRA.map((k) => [k, med[k], ...runs.map((r) => r.t[k])])]));
  }
  // the checkout's own path (and its URL-encoded form) as <repo>: a result names no folder of the machine
  const repo = path.resolve(__dirname, '..');
  const text = JSON.stringify(summary, null, 2)
    .split(repo).join('<repo>')
    .split(encodeURIComponent(repo)).join(encodeURIComponent('<repo>'));
  fs.writeFileSync(outFile, text);
  console.log(`\nwrote ${outFile}`);
}

const [mode, ...args] = process.argv.slice(2);
(mode === 'run' ? run(args) : Promise.resolve(summarize(args))).catch((err) => {
  console.error(err);
  process.exit(2);
});
