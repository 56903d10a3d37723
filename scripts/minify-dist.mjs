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

/**
 * Emscripten 3.1.6 writes one forwarding wrapper per C export (147 of them, half the glue's gzip):
 * `var _f=Module["_f"]=function(){return(_f=Module["_f"]=Module["asm"]["Q"]).apply(null,arguments)};`.
 * They become one table, export name -> wasm export name, published as Module.asmNames (the face's
 * bindingTable takes the wasm exports from it), and one loop that sets the same Module._f
 * forwarders. A wrapper the rest of the glue calls by its variable (_malloc) stays as it was.
 * The glue is left unchanged, with a warning, when it holds no wrapper of this form.
 */
function slimExports(glue) {
  const wrapper =
    /var (_[\w$]+)=Module\["\1"\]=function\(\)\{return\(\1=Module\["\1"\]=Module\["asm"\]\["([\w$]+)"\]\)\.apply\(null,arguments\)\};/g;
  const found = [...glue.matchAll(wrapper)];
  if (found.length === 0) {
    console.warn('minify-dist: no export wrappers found in the glue; left as it is');
    return glue;
  }
  const rest = glue.replace(wrapper, '');
  const used = (v) => new RegExp(`(^|[^\\w$])${v.replace(/\$/g, '\\$')}(?![\\w$])`).test(rest);
  const table = found.map(([, v, asm]) => `${JSON.stringify(v.slice(1))}:${JSON.stringify(asm)}`).join(',');
  let first = true;
  return glue.replace(wrapper, (all, v) => {
    const keep = used(v) ? all : '';
    if (!first) return keep;
    first = false;
    return (
      `var asmNames={${table}};Module["asmNames"]=asmNames;` +
      'Object.keys(asmNames).forEach(function(k){var a=asmNames[k];' +
      'Module["_"+k]=function(){return Module["asm"][a].apply(null,arguments)}});' +
      keep
    );
  });
}

for (const name of readdirSync(dir).filter((f) => f.endsWith('.js'))) {
  const file = join(dir, name);
  // The face's function and class names stay: users see them (`ParticleSystem.name`, stack
  // traces) and the contract tests find the API's classes by them. Emscripten's glue needs none
  // of its inner names. Other top-level names (constants, tables, module state) are not seen by
  // users and are mangled: each file is one module whose exports keep their names.
  const glue = name.startsWith('shototsu-wasm');
  const keepNames = { function: !glue, class: !glue };
  const source = readFileSync(file, 'utf8');
  const { code, errors } = minifySync(name, glue ? slimExports(source) : source, {
    compress: { keepNames },
    mangle: { toplevel: true, keepNames },
    module: true,
  });
  if (errors?.length) throw new Error(`minify ${name}: ${errors.map((e) => e.message).join('; ')}`);
  writeFileSync(file, code);
}
