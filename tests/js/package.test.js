// The package as a user gets it: `npm pack`, installed from the tarball into a scratch project
// (offline), imported by name in Node; and a tiny page built with Vite (no configuration) that
// must emit the .wasm, then loaded in headless Chromium (playwright-core, the system chromium)
// where it must compute the expected answers with no console errors.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, writeFileSync, readdirSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { createServer } from 'node:http';
import { join, extname } from 'node:path';
import { tmpdir } from 'node:os';
import { root } from './helpers.js';
import { packageSize, BUDGET } from '../../scripts/package-size.mjs';

const { version } = JSON.parse(readFileSync(`${root}package.json`, 'utf8'));
let work, project, tarball;

/** What the Node script and the page compute, and what they must print. */
const PROBE = `
  const V = (x, y, z) => ({ x, y, z });
  const r = s.closestPointOnTriangle(V(1, 1, 1), V(0, 0, 0), V(1, 0, 0), V(0, 0, 1));
  const world = new s.World();
  world.addMesh(new Float32Array([-5, 0, -5, 5, 0, -5, 0, 0, 5]));
  const hit = world.raycast(V(0, 3, 0), V(0, -1, 0));
  world.dispose();
  const batch = Array.from(s.closestPointsOnTriangles(new Float32Array([1, 1, 1]), new Float32Array([0, 0, 0, 1, 0, 0, 0, 0, 1])));
  const result = { version: s.version, point: r.point, region: r.region, distance: hit.distance, batch };`;
const EXPECTED = { version, point: { x: 0.5, y: 0, z: 0.5 }, region: 'BC', distance: 3, batch: [0.5, 0, 0.5] };

const run = (cmd, args, cwd) => execFileSync(cmd, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

before(() => {
  work = mkdtempSync(join(tmpdir(), 'shototsu-pack-'));
  const out = run('npm', ['pack', '--json', '--pack-destination', work], root);
  tarball = join(work, JSON.parse(out)[0].filename);
  project = join(work, 'app');
  mkdirSync(project);
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'app', private: true, type: 'module' }));
  run('npm', ['install', '--offline', '--no-audit', '--no-fund', '--loglevel=error', tarball], project);
});

after(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

test('npm pack ships dist/ with the wasm and the types, package.json, README and LICENSE, and nothing else', () => {
  const files = run('tar', ['-tzf', tarball], work)
    .trim()
    .split('\n')
    .map((f) => f.replace(/^package\//, ''))
    .sort();
  for (const f of [
    'package.json',
    'README.md',
    'LICENSE',
    'dist/index.js',
    'dist/index.d.ts',
    'dist/shototsu-wasm.js',
    'dist/shototsu-wasm.wasm',
    'dist/three.js',
    'dist/three.d.ts',
  ]) {
    assert.ok(files.includes(f), `${f} is in the tarball`);
  }
  assert.deepEqual(
    files.filter((f) => !f.startsWith('dist/') && !['package.json', 'README.md', 'LICENSE'].includes(f)),
    [],
  );
  const installed = JSON.parse(readFileSync(join(project, 'node_modules/shototsu/package.json'), 'utf8'));
  assert.equal(installed.exports['.'].types, './dist/index.d.ts');
  assert.deepEqual(Object.keys(installed.exports['.']), ['types', 'default'], 'types first');
});

// Issue 18's budget is BUDGET.app (100 KB); the bound checked here is the figure measured when it
// was set plus a small margin, lowered as the package shrinks, so that growth fails here.
const APP_LIMIT = 167_500;
test(`what an app imports from the installed package is at most ${APP_LIMIT} B gzip -9 (three.js subpath ${BUDGET.three} B)`, () => {
  const { parts, app } = packageSize(join(project, 'node_modules/shototsu/dist'));
  const table = parts.map((p) => `${p.key} ${p.gzip}`).join(', ');
  assert.ok(app.gzip <= APP_LIMIT, `the package is ${app.gzip} B gzip -9 (${table}), over ${APP_LIMIT} B`);
  const three = parts.find((p) => p.key === 'three');
  assert.ok(three.gzip <= BUDGET.three, `the three.js subpath is ${three.gzip} B gzip -9, over ${BUDGET.three} B`);
});

test('the installed package imports by name in Node and answers', () => {
  writeFileSync(
    join(project, 'main.mjs'),
    `import { init } from 'shototsu';\nconst s = await init();\n${PROBE}\nconsole.log(JSON.stringify(result));\n`,
  );
  assert.deepEqual(JSON.parse(run(process.execPath, ['main.mjs'], project)), EXPECTED);
});

test('Vite builds a page that imports it, emitting the .wasm; headless Chromium runs it', async () => {
  writeFileSync(
    join(project, 'index.html'),
    `<!doctype html>
<html><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>shototsu</title></head>
<body><pre id="out">loading</pre><script type="module" src="/main.js"></script></body></html>\n`,
  );
  writeFileSync(
    join(project, 'main.js'),
    `import { init } from 'shototsu';
init().then((s) => {${PROBE}
  document.getElementById('out').textContent = JSON.stringify(result);
}, (e) => { document.getElementById('out').textContent = 'error: ' + e; });\n`,
  );
  run(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'error'], project);
  const assets = readdirSync(join(project, 'dist/assets'));
  const wasm = assets.filter((f) => f.endsWith('.wasm'));
  assert.equal(wasm.length, 1, `one .wasm among ${assets}`);
  const js = assets
    .filter((f) => f.endsWith('.js'))
    .map((f) => readFileSync(join(project, 'dist/assets', f), 'utf8'))
    .join('\n');
  assert.ok(js.includes(wasm[0]), 'the bundle refers to the emitted .wasm');

  assert.ok(existsSync('/usr/bin/chromium'), 'chromium is installed (scripts/setup.sh installs it)');
  const server = await serve(join(project, 'dist'));
  const { chromium } = await import('playwright-core');
  const context = await chromium.launchPersistentContext(mkdtempSync(join(work, 'pw-')), {
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
    const page = await context.newPage();
    const problems = [];
    page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
    page.on('pageerror', (e) => problems.push(String(e)));
    await page.goto(`http://127.0.0.1:${server.address().port}/`);
    await page.waitForFunction(() => document.getElementById('out').textContent !== 'loading', null, {
      timeout: 60_000,
    });
    const text = await page.textContent('#out');
    assert.deepEqual(JSON.parse(text.startsWith('error') ? 'null' : text), EXPECTED, text);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
    server.close();
  }
});

/** A static file server for the built page (the right MIME type for .wasm). */
function serve(dir) {
  const types = { '.html': 'text/html', '.js': 'text/javascript', '.wasm': 'application/wasm' };
  const server = createServer((req, res) => {
    const path = join(dir, new URL(req.url, 'http://x').pathname.replace(/\/$/, '/index.html'));
    if (!path.startsWith(dir) || !existsSync(path)) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': types[extname(path)] ?? 'application/octet-stream' }).end(readFileSync(path));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}
