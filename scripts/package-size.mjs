// What the npm package costs an application, per part, in gzip -9 bytes of the files it imports
// from dist/. Shared by the budget test (tests/js/package.test.js) and `npm run bench`'s size
// report (bench/lib/sizes.mjs), so both count the same files.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** Budgets from issue 18, in bytes (1 KB = 1000 B): the main entry, and the three.js subpath. */
export const BUDGET = { app: 100_000, three: 15_000 };

/** The parts, in report order: which dist/ files each holds. .d.ts files are not imported. */
const PARTS = [
  { key: 'wasm', name: 'shototsu-wasm.wasm (the core and the bindings)', test: (f) => f.endsWith('.wasm') },
  {
    key: 'glue',
    name: "shototsu-wasm.js (Emscripten's loader and export wrappers)",
    test: (f) => f === 'shototsu-wasm.js',
  },
  { key: 'three', name: 'three*.js (the shototsu/three subpath)', test: (f) => /^three.*\.js$/.test(f) },
  { key: 'face', name: 'the JS face (index.js and the files it imports)', test: (f) => f.endsWith('.js') },
];

/**
 * { parts: [{ key, name, files, raw, gzip }], app: { raw, gzip } } for a dist directory; `app` is
 * what `import 'shototsu'` loads (everything but the three.js subpath).
 */
export function packageSize(dist) {
  const parts = PARTS.map(({ key, name }) => ({ key, name, files: [], raw: 0, gzip: 0 }));
  for (const file of readdirSync(dist).sort()) {
    const i = PARTS.findIndex((p) => p.test(file));
    if (i < 0) continue;
    const bytes = readFileSync(join(dist, file));
    parts[i].files.push(file);
    parts[i].raw += bytes.length;
    parts[i].gzip += gzipSync(bytes, { level: 9 }).length;
  }
  const app = parts.filter((p) => p.key !== 'three');
  return {
    parts,
    app: { raw: app.reduce((a, p) => a + p.raw, 0), gzip: app.reduce((a, p) => a + p.gzip, 0) },
  };
}
