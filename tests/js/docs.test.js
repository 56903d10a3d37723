// The JSDoc of the package's types (wasm/js/index.d.ts, wasm/js/three.d.ts), read with the
// TypeScript compiler's parser:
//   * every class — an interface with methods (but not a `…Like` input shape or a `…Constructor`)
//     or a declared class — has a JSDoc with an @example;
//   * every method, constructor and function has a JSDoc whose @param names are its parameters,
//     in order, and a @returns when it returns something;
//   * the main queries (EXAMPLE_REQUIRED) have an @example;
//   * every @example type-checks (strict) against the types, with the names in PRELUDE given.
// A self-test runs the same checks on a small faulty declaration, so the checks can fail.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import ts from 'typescript';

const root = new URL('../../', import.meta.url);
const FILES = ['wasm/js/index.d.ts', 'wasm/js/three.d.ts'];
const sources = Object.fromEntries(FILES.map((f) => [f, readFileSync(new URL(f, root), 'utf8')]));

/** Members and functions that must show an @example, as `Interface.member` or `function`. */
const EXAMPLE_REQUIRED = [
  ...[
    'raycast',
    'raycastAny',
    'raycastAll',
    'intersectSegment',
    'sphereCast',
    'capsuleCast',
    'overlapSphere',
    'overlapCapsule',
    'closestPoint',
    'floor',
    'floorHeight',
    'raycastBatch',
    'sphereCastBatch',
  ].map((m) => `World.${m}`),
  'CharacterController.move',
  'CharacterGroup.moveAll',
  'ParticleSystem.step',
  'addObject3D',
  'acceleratedRaycast',
  'computeBoundsTree',
];
/** The API's stateless queries that must show an @example: closest points, casts, sweeps, batches. */
const EXAMPLE_REQUIRED_API =
  /^(closestPoint|explainClosestPoint|intersect|sweep|trianglesSpheres$|closestPointsOnTriangles$)/;

/** JSDoc blocks right before a node, as text (the last one is the node's). */
const jsDocOf = (node) => (node.jsDoc ?? []).map((d) => d.getText());
const lastDoc = (node) => jsDocOf(node).at(-1) ?? null;
const paramTags = (doc) => [...doc.matchAll(/@param\s+(?:\{[^}]*\}\s*)?([\w$]+)/g)].map((m) => m[1]);

/** The text of each @example of a JSDoc block, without the leading ` * `. */
function examplesOf(doc) {
  const lines = doc
    .replace(/^\/\*\*/, '')
    .replace(/\*\/$/, '')
    .split('\n')
    .map((l) => l.replace(/^\s*\* ?/, ''));
  const out = [];
  let current = null;
  for (const line of lines) {
    const tag = /^\s*@(\w+)\s?(.*)$/.exec(line);
    if (tag) {
      if (current) out.push(current.join('\n'));
      current = tag[1] === 'example' ? [tag[2]] : null;
    } else if (current) current.push(line);
  }
  if (current) out.push(current.join('\n'));
  return out.map((e) => e.trim()).filter(Boolean);
}

/**
 * Reads a declaration file: { classes: [{ name, doc }], callables: [{ name, doc, params, returns }],
 * exports: { values, types } }. A callable is named `Interface.member`, `Interface.new`,
 * `Class.member` or `function`.
 */
function readDeclarations(file, text) {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true);
  const classes = [];
  const callables = [];
  const values = [];
  const types = [];
  const exported = (node) => node.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
  const callable = (owner, node) => {
    if (node.name && !ts.isIdentifier(node.name)) return; // [Symbol.dispose]
    if (node.modifiers?.some((m) => m.kind === ts.SyntaxKind.PrivateKeyword)) return;
    const member =
      ts.isConstructSignatureDeclaration(node) || ts.isConstructorDeclaration(node) ? 'new' : node.name.text;
    const returns =
      !ts.isConstructSignatureDeclaration(node) &&
      !ts.isConstructorDeclaration(node) &&
      node.type !== undefined &&
      node.type.kind !== ts.SyntaxKind.VoidKeyword;
    callables.push({
      name: owner ? `${owner}.${member}` : member,
      doc: lastDoc(node),
      params: node.parameters.map((p) => p.name.getText()),
      returns,
    });
  };
  for (const st of sf.statements) {
    if (ts.isInterfaceDeclaration(st)) {
      const name = st.name.text;
      if (exported(st)) types.push(name);
      if (/Like$/.test(name)) continue; // shapes of the caller's objects (three.js's), not the package's
      const methods = st.members.filter(
        (m) => ts.isMethodSignature(m) || ts.isConstructSignatureDeclaration(m) || ts.isCallSignatureDeclaration(m),
      );
      if (methods.length > 0 && !/Constructor$/.test(name) && methods.some((m) => ts.isMethodSignature(m)))
        classes.push({ name, doc: lastDoc(st) });
      for (const m of methods) callable(name, m);
    } else if (ts.isClassDeclaration(st) && st.name) {
      values.push(st.name.text);
      classes.push({ name: st.name.text, doc: lastDoc(st) });
      for (const m of st.members)
        if (ts.isMethodDeclaration(m) || ts.isConstructorDeclaration(m)) callable(st.name.text, m);
    } else if (ts.isFunctionDeclaration(st) && st.name) {
      values.push(st.name.text);
      callable(null, st);
    } else if (ts.isVariableStatement(st)) {
      for (const d of st.declarationList.declarations) values.push(d.name.getText());
    } else if (ts.isTypeAliasDeclaration(st) && exported(st)) {
      types.push(st.name.text);
    }
  }
  return { classes, callables, exports: { values, types } };
}

/** What is wrong with the JSDoc of one file's declarations: a list of messages. */
function docProblems(decls) {
  const problems = [];
  for (const { name, doc } of decls.classes) {
    if (doc === null) problems.push(`${name}: no JSDoc`);
    else if (examplesOf(doc).length === 0) problems.push(`${name}: the class's JSDoc has no @example`);
  }
  for (const { name, doc, params, returns } of decls.callables) {
    if (doc === null) {
      problems.push(`${name}: no JSDoc`);
      continue;
    }
    const tags = paramTags(doc);
    if (tags.join(',') !== params.join(','))
      problems.push(`${name}: @param ${tags.join(', ') || '(none)'}, but the parameters are (${params.join(', ')})`);
    if (returns && !/@returns?\b/.test(doc)) problems.push(`${name}: returns a value but has no @returns`);
    const required =
      EXAMPLE_REQUIRED.includes(name) || (name.startsWith('Shototsu.') && EXAMPLE_REQUIRED_API.test(name.slice(9)));
    if (required && examplesOf(doc).length === 0) problems.push(`${name}: a main query without an @example`);
  }
  return problems;
}

const DECLS = Object.fromEntries(FILES.map((f) => [f, readDeclarations(f, sources[f])]));

test('the JSDoc checks catch a missing @example, a wrong @param, a missing @returns and a missing JSDoc', () => {
  const faulty = `
    /** A thing. */
    export interface Thing {
      /** Goes. @param a the first @returns how far */
      go(a: number, b: number): number;
      /** Stops. @param a the first */
      stop(a: number): number;
      undocumented(): void;
    }
    /** Ok. @param x an x @example f(1) */
    export declare function f(x: number): void;`;
  const problems = docProblems(readDeclarations('faulty.d.ts', faulty));
  assert.deepEqual(problems, [
    "Thing: the class's JSDoc has no @example",
    'Thing.go: @param a, but the parameters are (a, b)',
    'Thing.stop: returns a value but has no @returns',
    'Thing.undocumented: no JSDoc',
  ]);
  assert.deepEqual(examplesOf('/**\n * Text.\n * @example\n * f(1);\n * f(2);\n * @see x\n */'), ['f(1);\nf(2);']);
});

for (const file of FILES) {
  test(`${file}: every class has an @example; every method and function its @param and @returns`, () => {
    const { classes, callables } = DECLS[file];
    assert.ok(classes.length >= (file.includes('three') ? 2 : 6), `${file}: only ${classes.length} classes read`);
    assert.ok(callables.length >= (file.includes('three') ? 5 : 100), `${file}: only ${callables.length} read`);
    const problems = docProblems(DECLS[file]);
    assert.deepEqual(problems, [], `${file}:\n${problems.join('\n')}`);
  });
}

test('every name EXAMPLE_REQUIRED lists is declared', () => {
  const names = new Set(Object.values(DECLS).flatMap((d) => d.callables.map((c) => c.name)));
  assert.deepEqual(
    EXAMPLE_REQUIRED.filter((n) => !names.has(n)),
    [],
  );
});

// ---- the examples, type-checked -----------------------------------------------------------------

/**
 * Names the examples use without declaring them: the API, a World, and what a three.js program
 * has at hand (typed `any`: the examples are checked against the package's types, not three's).
 */
const PRELUDE = `
declare const s: Shototsu;
declare const world: World;
declare const particles: ParticleSystem;
declare const character: CharacterController;
declare const crowd: CharacterGroup;
/** Object ids (player, lift) and a step in seconds. */
declare const player: number, lift: number, ids: Uint32Array, dt: number;
declare const THREE: any, scene: any, camera: any, renderer: any, mesh: any, geometry: any;
declare const raycaster: any, gltf: any, keys: any;
declare const console: { log(...what: unknown[]): void; warn(...what: unknown[]): void };
declare function fetch(url: string): Promise<{ arrayBuffer(): Promise<ArrayBuffer> }>;
`;

test('every @example type-checks against the package types', () => {
  const here = new URL('wasm/js/', root);
  const examples = [];
  for (const file of FILES) {
    for (const c of [...DECLS[file].classes, ...DECLS[file].callables]) {
      for (const example of c.doc ? examplesOf(c.doc) : []) {
        // The package's own imports are the prelude's: an example may show them.
        const code = example.replace(/^import .* from 'shototsu(\/three)?';$/gm, '');
        examples.push({ where: `${file} ${c.name}`, code });
      }
    }
  }
  assert.ok(examples.length >= 40, `only ${examples.length} examples found`);
  const index = DECLS['wasm/js/index.d.ts'].exports;
  const three = DECLS['wasm/js/three.d.ts'].exports;
  const imported = new Set([...index.values, ...index.types]);
  const types = (d) => d.types.filter((n) => !d.values.includes(n) && !(d !== index && imported.has(n)));
  const lines = [
    `import { ${index.values.join(', ')} } from './index.js';`,
    `import type { ${types(index).join(', ')} } from './index.js';`,
    `import { ${three.values.filter((n) => !imported.has(n)).join(', ')} } from './three.js';`,
    `import type { ${types(three).join(', ')} } from './three.js';`,
    PRELUDE,
  ];
  const starts = [];
  examples.forEach((e, k) => {
    starts.push(lines.join('\n').split('\n').length);
    lines.push(`export async function example${k}() {`, e.code, '}');
  });
  const name = new URL('__examples__.ts', here).pathname;
  const text = lines.join('\n');
  const options = {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ES2022,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    lib: ['lib.es2022.d.ts', 'lib.esnext.disposable.d.ts'],
    types: [],
    skipLibCheck: true,
  };
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile;
  host.getSourceFile = (f, lang, ...rest) =>
    f === name ? ts.createSourceFile(f, text, lang) : getSourceFile.call(host, f, lang, ...rest);
  const fileExists = host.fileExists;
  host.fileExists = (f) => f === name || fileExists.call(host, f);
  const program = ts.createProgram([name], options, host);
  const diagnostics = ts.getPreEmitDiagnostics(program).map((d) => {
    const message = ts.flattenDiagnosticMessageText(d.messageText, '\n');
    if (d.file?.fileName !== name) return `${d.file?.fileName ?? ''}: ${message}`;
    const line = d.file.getLineAndCharacterOfPosition(d.start).line + 1;
    const k = starts.findLastIndex((s) => s <= line);
    if (k < 0) return `prelude line ${line}: ${message}`;
    const source = text.split('\n')[line - 1].trim();
    return `${examples[k].where}: ${message}\n    ${source}`;
  });
  assert.deepEqual(diagnostics, [], diagnostics.join('\n'));
});
