// The contract across the C++/JS seam, held against one table: signatures.js. Each query crosses
// the seam in five places — the core, its binding (wasm/bind), its JS face (wasm/js), its
// signature (signatures.js) and its type (index.d.ts) — and this test fails, naming what is
// missing, when they disagree:
//   * an export of the wasm module (a function, or a method <Class>_<method> of a class) with no
//     JS face of its name and no entry in BEHIND_THE_FACE;
//   * a public function, constructor, method, static method or setter of the API with no
//     SIGNATURES entry (or an entry for nothing);
//   * a public name with no declaration in index.d.ts, or a declaration whose parameter names or
//     optionality differ from its signature's;
//   * an options object whose fields differ between OPTIONS, the fields systems.js passes to wasm
//     (and reads the wasm defaults by) and index.d.ts, or a default documented in index.d.ts that
//     is not the C++ default;
//   * an enum whose names (the core's, through enumName) differ from its union type in index.d.ts.
// index.d.ts is parsed simply: comments stripped, interface bodies split at top-level semicolons.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import {
  BEHIND_THE_FACE,
  CLASS_SIGNATURES,
  loadPackage,
  OPTIONS,
  parseSignature,
  root,
  SIGNATURES,
} from './helpers.js';

const { s, pkg } = await loadPackage();
const { default: createShototsuModule } = await import(new URL('../../dist/shototsu-wasm.js', import.meta.url));
const M = await createShototsuModule();
const DTS = readFileSync(`${root}dist/index.d.ts`, 'utf8');
const { wasmDefaults } = await import(new URL('../../wasm/js/systems.js', import.meta.url));
const { enumNames } = await import(new URL('../../wasm/js/layout.js', import.meta.url));

// ---- the wasm module's exports ------------------------------------------------------------------

/** Exports of the Emscripten runtime itself (not shototsu's). */
const RUNTIME = new Set(['malloc', 'free']);

/** A class's method: Module._<Class>_<method>. _new and _delete are its life cycle (constructor, dispose). */
const METHOD = /^([A-Z][A-Za-z]*)_([a-z][A-Za-z]*)$/;
const CLASS_LIFE_CYCLE = new Set(['new', 'delete']);

/** The functions and classes the module exports (Module._name): { Class: [method, …] } for the classes. */
const wasmFunctions = [];
const wasmClasses = {};
for (const key of Object.keys(M)) {
  if (!(key.startsWith('_') && !key.startsWith('__') && typeof M[key] === 'function')) continue;
  const name = key.slice(1);
  const m = METHOD.exec(name);
  if (m) {
    wasmClasses[m[1]] ??= [];
    if (!CLASS_LIFE_CYCLE.has(m[2])) wasmClasses[m[1]].push(m[2]);
  } else if (!RUNTIME.has(name)) {
    wasmFunctions.push(name);
  }
}

// ---- the JS face --------------------------------------------------------------------------------

const isClass = (v) => typeof v === 'function' && /^[A-Z]/.test(v.name) && typeof v.prototype === 'object';
const apiFunctions = Object.keys(s).filter((k) => typeof s[k] === 'function' && !isClass(s[k]));
const apiClasses = Object.keys(s).filter((k) => isClass(s[k]));

/** The string-keyed members of a class's prototype chain: { name: 'method' | 'getter' | 'setter' }. */
function membersOf(Class) {
  const out = {};
  for (let p = Class.prototype; p && p !== Object.prototype; p = Object.getPrototypeOf(p)) {
    for (const name of Object.getOwnPropertyNames(p)) {
      if (name === 'constructor' || name in out) continue;
      const d = Object.getOwnPropertyDescriptor(p, name);
      out[name] = typeof d.value === 'function' ? 'method' : d.set ? 'setter' : 'getter';
    }
  }
  return out;
}

/** The static methods of a class (called on the class itself): their names. */
const staticsOf = (Class) =>
  Object.getOwnPropertyNames(Class).filter(
    (name) => !['length', 'name', 'prototype'].includes(name) && typeof Class[name] === 'function',
  );

/** Members every disposable class has, documented once (dispose, disposed). */
const LIFE_CYCLE = new Set(['dispose', 'disposed']);

// ---- index.d.ts, parsed simply ------------------------------------------------------------------

const code = DTS.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');

/** The text between the brace that follows `at` and its match. */
function braced(text, at) {
  const open = text.indexOf('{', at);
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '{') depth++;
    else if (text[i] === '}' && --depth === 0) return text.slice(open + 1, i);
  }
  throw new Error('unbalanced braces in index.d.ts');
}

/** Splits at `sep` outside brackets, parentheses, braces and angle brackets (`=>` is no bracket). */
function splitTop(text, sep) {
  const parts = [];
  let depth = 0,
    start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if ('([{<'.includes(c)) depth++;
    else if (')]}'.includes(c) || (c === '>' && text[i - 1] !== '=')) depth--;
    else if (c === sep && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts.map((p) => p.trim()).filter(Boolean);
}

/** The parameters of a parenthesised list: [{ name, optional }]. */
function paramsOf(text) {
  const open = text.indexOf('(');
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '(') depth++;
    else if (text[i] === ')' && --depth === 0) {
      return splitTop(text.slice(open + 1, i), ',').map((p) => {
        const m = /^(\w+)(\?)?\s*:/.exec(p);
        return { name: m[1], optional: m[2] === '?' };
      });
    }
  }
  throw new Error(`no parameter list in ${text}`);
}

/** The members of `interface name` (and what it extends, when declared here): { member: { kind, params } }. */
function interfaceOf(name) {
  const m = new RegExp(`export (?:declare )?interface ${name}\\b([^{]*)\\{`).exec(code);
  if (!m) return null;
  const out = {};
  const base = /extends\s+(\w+)/.exec(m[1]);
  if (base) Object.assign(out, interfaceOf(base[1]) ?? {});
  for (const member of splitTop(braced(code, m.index), ';')) {
    let k;
    if ((k = /^new\s*\(/.exec(member))) out.new = { kind: 'method', params: paramsOf(member) };
    else if ((k = /^(\w+)\s*(<[^(]*>)?\s*\(/.exec(member))) out[k[1]] = { kind: 'method', params: paramsOf(member) };
    else if ((k = /^(readonly\s+)?(\w+)\??\s*:/.exec(member))) out[k[2]] = { kind: k[1] ? 'readonly' : 'property' };
  }
  return out;
}

/** The string literals of `export type name = 'a' | 'b' …`, or null. */
function unionOf(name) {
  const m = new RegExp(`export type ${name}\\s*=([^;]*);`).exec(code);
  return m && [...m[1].matchAll(/'([^']*)'/g)].map((x) => x[1]);
}

const shototsu = interfaceOf('Shototsu');

function assertParams(what, declared, signature) {
  const sig = parseSignature(signature).map(({ name, optional }) => ({ name, optional }));
  assert.deepEqual(
    declared,
    sig,
    `${what}: index.d.ts declares (${JSON.stringify(declared)}), SIGNATURES says '${signature}'`,
  );
}

// ---- the tests ----------------------------------------------------------------------------------

test('every export of the wasm module has a JS face of its name, or says in BEHIND_THE_FACE what uses it', () => {
  assert.ok(wasmFunctions.length > 60 && Object.keys(wasmClasses).length >= 4, 'the module was read');
  const faceless = wasmFunctions.filter((name) => !apiFunctions.includes(name) && !(name in BEHIND_THE_FACE));
  assert.deepEqual(faceless, [], 'exports with no JS function of their name (add one, or a BEHIND_THE_FACE entry)');
  for (const [cls, methods] of Object.entries(wasmClasses)) {
    assert.ok(apiClasses.includes(cls), `the wasm class ${cls} has no JS class`);
    const js = membersOf(s[cls]);
    const statics = staticsOf(s[cls]);
    const faced = (m) =>
      m in js ||
      statics.includes(m) ||
      (/^set[A-Z]/.test(m) && js[m[3].toLowerCase() + m.slice(4)] === 'setter') ||
      `${cls}.${m}` in BEHIND_THE_FACE;
    assert.deepEqual(
      methods.filter((m) => !faced(m)),
      [],
      `methods of the wasm class ${cls} with no JS member of their name`,
    );
  }
  const exported = new Set([
    ...wasmFunctions,
    ...Object.entries(wasmClasses).flatMap(([c, ms]) => ms.map((m) => `${c}.${m}`)),
  ]);
  assert.deepEqual(
    Object.keys(BEHIND_THE_FACE).filter((name) => !exported.has(name)),
    [],
    'BEHIND_THE_FACE entries that the module does not export',
  );
});

test('the module binds everything as plain C exports: no Embind runtime in the glue, no class handles', () => {
  const glue = readFileSync(`${root}dist/shototsu-wasm.js`, 'utf8');
  for (const marker of ['BindingError', 'UnboundTypeError', 'isAliasOf']) {
    assert.ok(!glue.includes(marker), `the glue holds Embind's ${marker}`);
  }
  const handles = Object.keys(M).filter((k) => typeof M[k] === 'function' && M[k].prototype?.isAliasOf !== undefined);
  assert.deepEqual(handles, [], 'Embind classes on the module');
  const w = new s.World();
  assert.ok(w.serialize() instanceof Uint8Array, 'a World answers through its exports');
  w.dispose();
});

test('every public function, constructor, method and setter has a SIGNATURES entry, and every entry a function', () => {
  const expected = new Set(apiFunctions);
  for (const cls of apiClasses) {
    expected.add(cls);
    for (const [m, kind] of Object.entries(membersOf(s[cls]))) {
      if (kind !== 'getter' && !LIFE_CYCLE.has(m)) expected.add(`${cls}.${m}`);
    }
    for (const m of staticsOf(s[cls])) expected.add(`${cls}.${m}`);
  }
  assert.deepEqual(
    [...expected].filter((name) => !(name in SIGNATURES)),
    [],
    'public functions with no SIGNATURES entry',
  );
  assert.deepEqual(
    Object.keys(SIGNATURES).filter((name) => !expected.has(name)),
    [],
    'SIGNATURES entries for no public function',
  );
  assert.deepEqual(Object.keys(CLASS_SIGNATURES).sort(), apiClasses.sort(), 'CLASS_SIGNATURES names the classes');
});

test("every function of the API is declared in index.d.ts's Shototsu with its signature's parameters", () => {
  assert.ok(shototsu, 'index.d.ts declares interface Shototsu');
  for (const name of apiFunctions) {
    assert.equal(shototsu[name]?.kind, 'method', `Shototsu.${name} is not declared as a method`);
    assertParams(name, shototsu[name].params, SIGNATURES[name]);
  }
  assert.ok(shototsu.version, 'Shototsu.version');
});

test('every class of the API is declared in index.d.ts: its constructor, methods, setters and getters', () => {
  for (const cls of apiClasses) {
    assert.ok(shototsu[cls], `Shototsu.${cls} is not declared`);
    const ctor = interfaceOf(`${cls}Constructor`);
    assert.ok(ctor?.new, `interface ${cls}Constructor with new (...) is not declared`);
    assertParams(`new ${cls}`, ctor.new.params, SIGNATURES[cls]);
    for (const m of staticsOf(s[cls])) {
      assert.equal(ctor[m]?.kind, 'method', `the static ${cls}.${m} is not declared in interface ${cls}Constructor`);
      assertParams(`${cls}.${m}`, ctor[m].params, SIGNATURES[`${cls}.${m}`]);
    }
    const declared = interfaceOf(cls);
    assert.ok(declared, `interface ${cls} is not declared`);
    for (const [m, kind] of Object.entries(membersOf(s[cls]))) {
      const d = declared[m];
      assert.ok(d, `${cls}.${m} is not declared in interface ${cls}`);
      if (kind === 'method') {
        assert.equal(d.kind, 'method', `${cls}.${m} is a method`);
        if (!LIFE_CYCLE.has(m)) assertParams(`${cls}.${m}`, d.params, SIGNATURES[`${cls}.${m}`]);
      } else if (kind === 'setter') {
        assert.equal(d.kind, 'property', `${cls}.${m} has a setter: it is declared without readonly`);
      } else {
        assert.equal(d.kind, 'readonly', `${cls}.${m} is a getter only: it is declared readonly`);
      }
    }
  }
});

test("every export of the package's entry point is declared in index.d.ts", () => {
  for (const name of Object.keys(pkg)) {
    assert.match(code, new RegExp(`export declare (const|function) ${name}\\b`), `${name} is not declared`);
  }
});

/** The options objects whose defaults the module gives (particleDefaults, characterDefaults). */
const SETTINGS = ['ParticleOptions', 'CharacterOptions'];

/** The `(default …)` values documented for the fields of `interface name`: { field: text }. */
function documentedDefaults(name) {
  const m = new RegExp(`export interface ${name}\\b[^{]*\\{`).exec(DTS);
  const body = braced(DTS, m.index);
  const out = {};
  for (const [, doc, field] of body.matchAll(/\/\*\*([\s\S]*?)\*\/\s*(\w+)\??:/g)) {
    const d = /default (\{[^}]*\}|[-\w.]+)/.exec(doc);
    if (d) out[field] = d[1];
  }
  return out;
}

/** A documented default, parsed: a number, a boolean or an {x, y, z}. */
function parseDefault(text) {
  if (text === 'true' || text === 'false') return text === 'true';
  if (text.startsWith('{')) {
    return Object.fromEntries([...text.matchAll(/(\w+):\s*(-?[\d.e+-]+)/g)].map(([, k, v]) => [k, Number(v)]));
  }
  return Number(text);
}

/** Equal as the core sees it: numbers as float32. */
function sameSetting(documented, actual) {
  if (typeof actual === 'number') return Math.fround(documented) === actual;
  if (typeof actual === 'object') return ['x', 'y', 'z'].every((k) => Math.fround(documented[k]) === actual[k]);
  return documented === actual;
}

for (const kind of SETTINGS) {
  test(`${kind}: OPTIONS, the settings fields passed to wasm and index.d.ts name the same fields, and the documented defaults are the C++ ones`, () => {
    const fields = parseSignature(OPTIONS[kind]).map((f) => f.name);
    const defaults = wasmDefaults(M, kind);
    assert.deepEqual(Object.keys(defaults).sort(), [...fields].sort(), `the wasm defaults against OPTIONS.${kind}`);
    const declared = interfaceOf(kind);
    assert.ok(declared, `interface ${kind} is not declared`);
    assert.deepEqual(Object.keys(declared).sort(), [...fields].sort(), `interface ${kind} against OPTIONS.${kind}`);
    const documented = documentedDefaults(kind);
    for (const field of fields) {
      assert.ok(field in documented, `${kind}.${field}: index.d.ts does not say its default`);
      assert.ok(
        sameSetting(parseDefault(documented[field]), defaults[field]),
        `${kind}.${field}: index.d.ts says default ${documented[field]}, the core ${JSON.stringify(defaults[field])}`,
      );
    }
  });
}

test("the systems' settings without options are the C++ defaults, numbers as the header writes them", () => {
  const w = new s.World();
  const particles = wasmDefaults(M, 'ParticleOptions');
  const ps = new s.ParticleSystem(w);
  for (const [key, v] of Object.entries(ps.settings))
    assert.ok(sameSetting(v, particles[key]), `ParticleSystem ${key}`);
  assert.equal(ps.settings.radius, 0.1, 'read back as written (0.1f is 0.1, not 0.10000000149011612)');
  const character = wasmDefaults(M, 'CharacterOptions');
  const ch = new s.CharacterController(w);
  for (const [key, v] of Object.entries(ch.settings))
    assert.ok(sameSetting(v, character[key]), `CharacterController ${key}`);
  assert.deepEqual(new s.CharacterGroup(w).settings, ch.settings);
  w.dispose();
});

test("the enums' names are the core's (enumName) and index.d.ts's union types list them", () => {
  const names = enumNames(M);
  assert.ok(Object.keys(names).length >= 5);
  for (const [name, list] of Object.entries(names)) {
    const union = unionOf(name);
    assert.ok(union, `index.d.ts declares no union type ${name}`);
    assert.deepEqual([...union].sort(), [...list].sort(), `type ${name}`);
  }
  assert.deepEqual(pkg.TRIANGLE_REGIONS, names.TriangleRegion, 'TRIANGLE_REGIONS are the core names, in order');
});
