// `npm run bench [-- --quick] [-- --only S1,S3,W] [-- --repeats N] [-- --no-native] [-- --no-build]`
// `npm run bench -- --report` only re-renders results.md and ratios.svg from results.json.
// Builds what is missing (the package's dist/ and the native scene program, incrementally),
// writes the seeded scenes to bench/out/, runs S1–S4 for every engine in this one process (the
// native program as a child), S5 (characters and particles in a moving world, against Rapier and
// Jolt), W (the mesh world at 10^3..10^6 triangles, native and wasm) and D (the moving world:
// instances, refit),
// measures package sizes and start-up, and writes
// bench/out/results.json, results.md and ratios.svg (--quick: bench/out/quick/).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import os from 'node:os';
import { machine, log, now } from './lib/common.mjs';
import { buildNative } from './lib/native.mjs';
import { libraries, readyTimes } from './lib/sizes.mjs';
import { markdown, svg } from './lib/report.mjs';
import { writeScenes, S1, S2, S3, S4 } from './scenes.mjs';
import { runS1 } from './s1-particles.mjs';
import { runS2 } from './s2-characters.mjs';
import { runS3 } from './s3-queries.mjs';
import { runS4 } from './s4-rays.mjs';
import { runW, W } from './w-world.mjs';
import { runD } from './d-dynamic.mjs';
import { runS5Characters } from './s5-characters.mjs';
import { runS5Particles } from './s5-particles.mjs';
import * as shototsu from './peers/shototsu.mjs';

const args = process.argv.slice(2);
const flag = (name) => args.includes(`--${name}`);
const option = (name) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const quick = flag('quick');
const only = new Set((option('only') ?? 'S1,S2,S3,S4,S5,W,D').toUpperCase().split(','));
const ROOT = resolve(new URL('..', import.meta.url).pathname);
const OUT = join(ROOT, 'bench/out');
// The committed results are those of a full run; --quick (a check that everything runs) writes
// its report beside them, in bench/out/quick/ (ignored by git).
const REPORT = flag('quick') ? join(OUT, 'quick') : OUT;

// --quick: the smallest sizes, half of S1's steps, two runs each; otherwise as the issues define the scenes.
const settings = {
  quick,
  repeats: Number(option('repeats') ?? (quick ? 2 : 3)),
  particles: quick ? [1000] : S1.counts,
  particleSteps: quick ? 150 : S1.steps, // 2.5 s: drops land and bounce
  characters: quick ? [4] : S2.counts, // 4 = the behaviour probes alone
  queries: quick ? 50_000 : S3.count,
  rays: quick ? 5_000 : S4.rays,
  referenceRays: quick ? 32 : 256,
  readyRuns: quick ? 3 : 7,
  worldSizes: quick ? W.sizes.slice(0, 2) : W.sizes, // W: 10^3, 10^4 with --quick
  native: !flag('no-native'),
};

if (flag('report')) {
  const results = JSON.parse(readFileSync(join(REPORT, 'results.json'), 'utf8'));
  writeFileSync(join(REPORT, 'results.md'), markdown(results));
  writeFileSync(join(REPORT, 'ratios.svg'), svg(results));
  log(`re-rendered ${REPORT.replace(`${ROOT}/`, '')}/results.md and ratios.svg`);
  process.exit(0);
}

const started = now();
const loadBefore = os.loadavg().map((x) => x.toFixed(2));
const phase = async (what, fn) => {
  const t0 = now();
  const r = await fn();
  log(`${what}: ${((now() - t0) / 1000).toFixed(1)} s`);
  return r;
};
if (!flag('no-build')) {
  await phase('build', () => {
    // A fresh checkout has no dist/: let build.sh's setup install what is missing first.
    const fresh = !existsSync(join(shototsu.DIST, 'index.js'));
    execFileSync('bash', ['scripts/build.sh'], {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, SHOTOTSU_SKIP_SETUP: fresh ? '0' : '1' },
    });
    if (settings.native) buildNative();
  });
}
mkdirSync(OUT, { recursive: true });
// The scene files are S1–S4's (W makes its own scenes in memory).
const scene = [...only].some((k) => /^S[1-4]$/.test(k)) ? await phase('scenes', () => writeScenes(OUT, settings)) : {};
scene.dir = OUT;
const s = await shototsu.load();

// --only on a full run replaces those scenes in the last full results and keeps the others
// (each scene records when it ran).
const previous =
  !quick && args.includes('--only') && existsSync(join(OUT, 'results.json'))
    ? JSON.parse(readFileSync(join(OUT, 'results.json'), 'utf8'))
    : null;
const scenes = { ...previous?.scenes };
const common = { scene, repeats: settings.repeats, native: settings.native, s };
if (only.has('S1'))
  scenes.S1 = await phase('S1', () => runS1({ ...common, counts: settings.particles, steps: settings.particleSteps }));
if (only.has('S2')) scenes.S2 = await phase('S2', () => runS2({ ...common, counts: settings.characters }));
if (only.has('S3')) scenes.S3 = await phase('S3', () => runS3({ ...common, count: settings.queries }));
if (only.has('S4'))
  scenes.S4 = await phase('S4', () =>
    runS4({ ...common, count: settings.rays, referenceRays: settings.referenceRays }),
  );
if (only.has('S5'))
  scenes.S5 = await phase('S5', async () => ({
    characters: await runS5Characters({ s, quick }),
    particles: await runS5Particles({ s, quick }),
  }));
if (only.has('W'))
  scenes.W = await phase('W', () => runW({ sizes: settings.worldSizes, quick, native: settings.native, s }));
if (only.has('D')) scenes.D = await phase('D', () => runD({ s, quick }));
for (const key of Object.keys(scenes))
  if (only.has(key)) scenes[key].ran = { date: machine().date, loadAverage: os.loadavg().map((x) => x.toFixed(2)) };

const libs = libraries(shototsu.DIST);
const ready = await phase('start-up', () => readyTimes(libs, settings.readyRuns));
const packages = libs.map(({ ready: _, ...lib }) => ({ ...lib, readyMs: ready[lib.key] }));
const results = {
  machine: { ...machine(), loadBefore, loadAfter: os.loadavg().map((x) => x.toFixed(2)) },
  settings,
  peers: packages
    .filter((p) => p.key !== 'shototsu')
    .map((p) => ({ name: p.name.replace(/ \(.*\)$/, ''), version: p.version })),
  scenes,
  packages,
  seconds: (now() - started) / 1000,
};
mkdirSync(REPORT, { recursive: true });
writeFileSync(join(REPORT, 'results.json'), JSON.stringify(results, null, 1));
writeFileSync(join(REPORT, 'results.md'), markdown(results));
writeFileSync(join(REPORT, 'ratios.svg'), svg(results));
log(`done in ${results.seconds.toFixed(1)} s: ${REPORT.replace(`${ROOT}/`, '')}/results.md, results.json, ratios.svg`);
