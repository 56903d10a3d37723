// What each library costs to ship and to start: the files an application imports (raw and
// gzip -9 bytes), and the time from `import` to ready (init() where the library has one), median
// of fresh Node processes.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join, resolve } from 'node:path';
import { execFileSync } from 'node:child_process';
import { median } from './common.mjs';
import { packageSize } from '../../scripts/package-size.mjs';

const BENCH = resolve(new URL('..', import.meta.url).pathname);
const NM = join(BENCH, 'node_modules');

function measure(files) {
  let raw = 0,
    gzip = 0;
  for (const f of files) {
    const bytes = readFileSync(f);
    raw += bytes.length;
    gzip += gzipSync(bytes, { level: 9 }).length;
  }
  return { files: files.map((f) => f.replace(`${BENCH}/`, 'bench/').replace(/^.*\/dist\//, 'dist/')), raw, gzip };
}

const version = (pkg) => JSON.parse(readFileSync(join(NM, pkg, 'package.json'), 'utf8')).version;

/** The libraries, what an application imports from each, and how it becomes ready. */
export function libraries(dist) {
  // shototsu per part (scripts/package-size.mjs); the total is what `import 'shototsu'` loads.
  const { parts, app } = packageSize(dist);
  const appFiles = parts.filter((p) => p.key !== 'three').flatMap((p) => p.files);
  return [
    {
      key: 'shototsu',
      name: 'shototsu',
      version: JSON.parse(readFileSync(join(dist, '..', 'package.json'), 'utf8')).version,
      what: 'dist/ (JS face + .js loader + .wasm; minified)',
      files: appFiles.map((f) => `dist/${f}`),
      ...app,
      parts: parts.map(({ key, name, raw, gzip }) => ({ key, name, raw, gzip })),
      ready: `const { init } = await import(${JSON.stringify(join(dist, 'index.js'))}); await init();`,
    },
    {
      key: 'three',
      name: 'three (+ Octree, Capsule)',
      version: version('three'),
      what: 'build/three.module.js + three.core.js + examples/jsm/math/Octree.js + Capsule.js',
      ...measure(
        [
          'build/three.module.js',
          'build/three.core.js',
          'examples/jsm/math/Octree.js',
          'examples/jsm/math/Capsule.js',
        ].map((f) => join(NM, 'three', f)),
      ),
      ready: "await import('three'); await import('three/examples/jsm/math/Octree.js');",
    },
    {
      key: 'bvh',
      name: 'three-mesh-bvh (three not counted)',
      version: version('three-mesh-bvh'),
      what: 'build/index.module.js',
      ...measure([join(NM, 'three-mesh-bvh/build/index.module.js')]),
      ready: "await import('three-mesh-bvh');",
    },
    {
      key: 'rapier',
      name: '@dimforge/rapier3d-compat',
      version: version('@dimforge/rapier3d-compat'),
      what: 'dist/rapier.mjs (wasm inlined as base64)',
      ...measure([join(NM, '@dimforge/rapier3d-compat/dist/rapier.mjs')]),
      ready: "const R = (await import('@dimforge/rapier3d-compat')).default; await R.init();",
    },
    {
      key: 'jolt',
      name: 'jolt-physics (single-threaded)',
      version: version('jolt-physics'),
      what: 'dist/jolt-physics.wasm-compat.js (wasm inlined as base64)',
      ...measure([join(NM, 'jolt-physics/dist/jolt-physics.wasm-compat.js')]),
      ready: "await (await import('jolt-physics/wasm-compat')).default();",
    },
  ];
}

/** Median ms from the first import to ready, over `runs` fresh Node processes each. */
export function readyTimes(libs, runs) {
  const out = {};
  for (const lib of libs) {
    const times = [];
    for (let i = 0; i < runs; i++) {
      const script = `const t0 = performance.now(); ${lib.ready} console.log(performance.now() - t0);`;
      const text = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
        cwd: BENCH,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      });
      times.push(Number(text.trim().split('\n').pop()));
    }
    out[lib.key] = median(times);
  }
  return out;
}
