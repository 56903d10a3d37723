// Every package function a playground lab calls names that lab in its JSDoc (wasm/js/index.d.ts),
// as `@see The playground's lab `?mode=lab&query=<id>` (docs/labs.md#<id>)`, and no JSDoc names
// a lab that does not call its function. The labs are read from the playground's sources as text
// (web/src/labs/catalog.js and the files it imports), so this needs neither a build nor three.js.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const read = (path) => readFileSync(`${root}${path}`, 'utf8');

const seeLine = (id) => `@see The playground's lab \`?mode=lab&query=${id}\` (docs/labs.md#${id})`;

/** Where the string literal or comment starting at k ends (its last character), or k. */
function skip(text, k) {
  const ch = text[k];
  if (ch === "'" || ch === '"' || ch === '`') return text.indexOf(ch, k + 1);
  if (text.startsWith('//', k)) return text.indexOf('\n', k);
  if (text.startsWith('/*', k)) return text.indexOf('*/', k) + 1;
  return k;
}

/** The JS source from the bracket at `from` to its matching close, skipping strings and comments. */
function balanced(text, from) {
  const pairs = { '[': ']', '{': '}', '(': ')' };
  const stack = [];
  for (let k = from; k < text.length; k++) {
    const ch = text[k];
    const end = skip(text, k);
    if (end !== k) {
      if (end < 0) break;
      k = end;
    } else if (pairs[ch]) {
      stack.push(pairs[ch]);
    } else if (ch === stack.at(-1)) {
      stack.pop();
      if (stack.length === 0) return text.slice(from, k + 1);
    }
  }
  throw new Error(`unbalanced brackets from offset ${from}`);
}

/** The top-level entries of an array or object literal's text ("[a, { … }, b]"). */
function entries(literal) {
  const inner = literal.slice(1, -1);
  const out = [];
  let depth = 0;
  let start = 0;
  for (let k = 0; k < inner.length; k++) {
    const ch = inner[k];
    const end = skip(inner, k);
    if (end !== k) k = end;
    else if ('[{('.includes(ch)) depth++;
    else if (']})'.includes(ch)) depth--;
    else if (ch === ',' && depth === 0) {
      out.push(inner.slice(start, k).trim());
      start = k + 1;
    }
  }
  out.push(inner.slice(start).trim());
  return out.filter((e) => e !== '');
}

/** A `functions` entry's plain name and explain form, from its object literal's text. */
function functionEntry(text, file) {
  const name = text.match(/\bname: '(\w+)'/)?.[1];
  assert.ok(name, `${file}: a functions entry without a name: ${text}`);
  return { name, explain: text.match(/\bexplain: '(\w+)'/)?.[1] ?? null };
}

/** Every lab of the catalog: { id, file, functions: [{ name, explain }] }. */
function labsFromSources() {
  const catalog = read('web/src/labs/catalog.js');
  const fileOf = new Map();
  for (const m of catalog.matchAll(/import\s*\{([^}]*)\}\s*from\s*'\.\/([\w-]+\.js)'/g))
    for (const binding of m[1].split(',')) fileOf.set(binding.trim(), m[2]);
  const list = catalog.match(/export const LABS = (\[[^\]]*\])/);
  assert.ok(list, 'catalog.js: no `export const LABS = [...]`');
  return entries(list[1]).map((binding) => {
    const file = fileOf.get(binding);
    assert.ok(file, `catalog.js: LABS names ${binding}, which it does not import`);
    const source = read(`web/src/labs/${file}`);
    const at = source.indexOf(`export const ${binding} = `);
    assert.ok(at >= 0, `${file}: no \`export const ${binding}\``);
    const next = source.indexOf('\nexport ', at + 1);
    const definition = source.slice(at, next < 0 ? source.length : next);
    const id = definition.match(/\bid: '([^']+)'/)?.[1];
    assert.ok(id, `${file}: ${binding} has no id`);
    const list = definition.indexOf('functions: [');
    assert.ok(list >= 0, `${file}: ${binding} has no functions list`);
    const functions = entries(balanced(definition, list + 'functions: '.length)).map((entry) => {
      if (entry.startsWith('{')) return functionEntry(entry, file);
      // A name bound elsewhere in the file: `const closestSegments = { name: … }`.
      assert.match(entry, /^\w+$/, `${file}: ${binding}'s functions entry is neither an object nor a name: ${entry}`);
      const decl = source.indexOf(`const ${entry} = {`);
      assert.ok(decl >= 0, `${file}: ${entry} is not declared as an object literal`);
      return functionEntry(balanced(source, source.indexOf('{', decl)), file);
    });
    return { id, file, functions };
  });
}

/** The JSDoc of each method of the package's API (interface Shototsu), by name. */
function apiDocs() {
  const types = read('wasm/js/index.d.ts');
  const start = types.indexOf('export interface Shototsu {');
  assert.ok(start >= 0, 'index.d.ts: no interface Shototsu');
  const body = types.slice(start, types.indexOf('\n}', start));
  const docs = new Map();
  for (const m of body.matchAll(/\/\*\*((?:(?!\*\/)[\s\S])*)\*\/\s*\n\s*(\w+)\(/g)) docs.set(m[2], m[1]);
  return docs;
}

const LABS = labsFromSources();
const DOCS = apiDocs();

test('the catalog’s labs are read: unique ids, each documented in docs/labs.md, each calling declared functions', () => {
  assert.ok(LABS.length >= 10, `only ${LABS.length} labs read from catalog.js`);
  const ids = LABS.map((lab) => lab.id);
  assert.equal(new Set(ids).size, ids.length, `duplicate lab ids: ${ids}`);
  const anchors = new Set([...read('docs/labs.md').matchAll(/<a id="([^"]+)"><\/a>/g)].map((m) => m[1]));
  for (const lab of LABS) {
    assert.ok(anchors.has(lab.id), `docs/labs.md has no anchor for lab ${lab.id}`);
    assert.ok(lab.functions.length > 0, `lab ${lab.id} (${lab.file}) lists no functions`);
    for (const { name } of lab.functions)
      assert.ok(DOCS.has(name), `lab ${lab.id} calls ${name}, which index.d.ts does not declare with a JSDoc`);
  }
});

test('every function a lab calls names that lab in its JSDoc', () => {
  const missing = [];
  for (const lab of LABS) {
    for (const { name, explain } of lab.functions) {
      // An explain form is checked once the package declares it.
      for (const fn of explain && DOCS.has(explain) ? [name, explain] : [name]) {
        if (!DOCS.get(fn)?.includes(seeLine(lab.id))) missing.push(`${fn}: ${seeLine(lab.id)}`);
      }
    }
  }
  assert.deepEqual(missing, [], `index.d.ts lacks these lines:\n${missing.join('\n')}`);
});

test('every lab a JSDoc names is one that calls that function', () => {
  const callers = new Map();
  for (const lab of LABS) {
    for (const { name, explain } of lab.functions) {
      for (const fn of [name, explain].filter(Boolean)) {
        if (!callers.has(fn)) callers.set(fn, new Set());
        callers.get(fn).add(lab.id);
      }
    }
  }
  const stale = [];
  for (const [fn, doc] of DOCS) {
    for (const m of doc.matchAll(/query=([\w-]+)/g)) {
      if (!callers.get(fn)?.has(m[1])) stale.push(`${fn} names lab ${m[1]}`);
      else if (!doc.includes(seeLine(m[1]))) stale.push(`${fn} names lab ${m[1]} not as \`${seeLine(m[1])}\``);
    }
  }
  assert.deepEqual(stale, [], stale.join('\n'));
});
