// Minifies the JavaScript that build.sh has put in a dist directory, in place: the JS face copied
// from wasm/js/ (readable and commented in the repository) and Emscripten's glue. Each file stays
// its own ES module with the same exports, so imports between them and the package's "exports"
// are unchanged. The .d.ts files are left as they are (editors show their comments).
//   node scripts/minify-dist.mjs <dir>
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { minifySync } from 'rolldown/utils';

const dir = process.argv[2];
if (!dir) throw new Error('usage: node scripts/minify-dist.mjs <dir>');
for (const name of readdirSync(dir).filter((f) => f.endsWith('.js'))) {
  const file = join(dir, name);
  // The face's function and class names stay: users see them (`ParticleSystem.name`, stack
  // traces) and the contract tests find the API's classes by them. Emscripten's glue needs none
  // of its inner names. Other top-level names (constants, tables, module state) are not seen by
  // users and are mangled: each file is one module whose exports keep their names.
  const glue = name.startsWith('shototsu-wasm');
  const keepNames = { function: !glue, class: !glue };
  const { code, errors } = minifySync(name, readFileSync(file, 'utf8'), {
    compress: { keepNames },
    mangle: { toplevel: true, keepNames },
    module: true,
  });
  if (errors?.length) throw new Error(`minify ${name}: ${errors.map((e) => e.message).join('; ')}`);
  writeFileSync(file, code);
}
