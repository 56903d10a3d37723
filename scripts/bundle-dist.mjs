// Bundles the JS face that build.sh has put in a dist directory, in place: index.js and the
// modules it imports become one index.js; the three.js subpath one three.js, importing 'three'
// and './index.js'. One file compresses better than a dozen (gzip shares nothing across files:
// the face's 13 files were 18.4 kB, one file is 15.0 kB) and loads in one request. Emscripten's
// glue (shototsu-wasm.js) stays its own file. Run before scripts/minify-dist.mjs.
//   node scripts/bundle-dist.mjs <dir>
import { readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { rolldown } from 'rolldown';

const dir = resolve(process.argv[2] ?? '');
if (!process.argv[2]) throw new Error('usage: node scripts/bundle-dist.mjs <dir>');

/** One entry bundled into one ES module; `keep` lists the imports that stay imports. */
async function bundle(entry, keep) {
  const build = await rolldown({ input: join(dir, entry), external: (id) => keep.includes(id), treeshake: true });
  const { output } = await build.generate({
    format: 'es',
    // Function and class names stay the sources' (users see them in stack traces and `.name`;
    // the contract tests find the API's classes by them).
    keepNames: true,
  });
  await build.close();
  if (output.length !== 1) throw new Error(`bundle-dist: ${entry} gave ${output.map((o) => o.fileName)}`);
  return output[0].code;
}

const index = await bundle('index.js', ['./shototsu-wasm.js']);
const three = await bundle('three.js', ['three', './index.js']);
for (const f of readdirSync(dir)) if (f.endsWith('.js') && f !== 'shototsu-wasm.js') rmSync(join(dir, f));
writeFileSync(join(dir, 'index.js'), index);
writeFileSync(join(dir, 'three.js'), three);
