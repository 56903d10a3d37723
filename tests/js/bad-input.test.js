// Bad input on every argument of every function and World method: missing, wrong type, NaN,
// ±Infinity, numbers beyond float32 range, negative radius/extent/distance, typed arrays of the
// wrong length or type, use after dispose. Each must throw a TypeError or RangeError naming the
// argument (a TypeError naming the method for use after dispose), never abort the wasm module, and
// the module must keep answering correctly.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseSignature, QUERY_SIGNATURES, validArg } from './helpers.js';

const pkg = await import(new URL('../../dist/index.js', import.meta.url));
let aborts = 0;
const s = await pkg.init({ onAbort: () => aborts++ });

const V = (x, y, z) => ({ x, y, z });
/** Finite in JS, infinite as a float32: beyond the largest float32, 3.4028234663852886e38. */
const BEYOND_FLOAT32 = 3.5e38;

/** Bad values for an argument kind: [label, value, expected error class]. */
function badValues(kind) {
  const common = [
    ['missing', undefined, TypeError],
    ['null', null, TypeError],
    ['a string', 'abc', TypeError],
  ];
  switch (kind) {
    case 'vec3':
    case 'extent':
    case 'quat':
    case 'vec2': {
      const base = validArg(kind);
      const bad = [
        ...common,
        ['a number', 5, TypeError],
        ['x NaN', { ...base, x: NaN }, RangeError],
        ['y +Infinity', { ...base, y: Infinity }, RangeError],
        ['x -Infinity', { ...base, x: -Infinity }, RangeError],
        ['x a string', { ...base, x: '1' }, TypeError],
        ['x missing', { ...base, x: undefined }, TypeError],
        ['x beyond float32 range', { ...base, x: BEYOND_FLOAT32 }, RangeError],
        ['y beyond float32 range, negative', { ...base, y: -BEYOND_FLOAT32 }, RangeError],
      ];
      if (kind === 'quat') bad.push(['w missing', { x: 0, y: 0, z: 0 }, TypeError]);
      if (kind === 'extent') bad.push(['a negative half extent', { ...base, z: -1 }, RangeError]);
      return bad;
    }
    case 'number':
    case 'radius':
    case 'distance':
    case 'maxDistance':
    case 'index': {
      const bad = [
        ...common,
        ['an object', V(1, 2, 3), TypeError],
        ['NaN', NaN, RangeError],
        ['-Infinity', -Infinity, RangeError],
        ['beyond float32 range', BEYOND_FLOAT32, RangeError],
        ['1e300', 1e300, RangeError],
      ];
      if (kind !== 'maxDistance') bad.push(['+Infinity', Infinity, RangeError]);
      if (kind !== 'number') bad.push(['negative', -0.5, RangeError]);
      if (kind === 'index') bad.push(['fractional', 1.5, RangeError]);
      return bad;
    }
    case 'mat4':
      return [
        ...common,
        ['15 elements', new Array(15).fill(0), RangeError],
        ['an element NaN', [NaN, ...new Array(15).fill(0)], RangeError],
        ['an element beyond float32 range', [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, BEYOND_FLOAT32, 0, 0, 1], RangeError],
      ];
    case 'object':
    case 'id': {
      const bad = [...common, ['negative', -1, RangeError], ['fractional', 1.5, RangeError], ['NaN', NaN, RangeError]];
      if (kind === 'object') bad.push(['not an object of the world', 99, RangeError]);
      return bad;
    }
    case 'transform':
      return [
        ...common,
        ['15 elements', new Array(15).fill(0), RangeError],
        ['an element NaN', [NaN, ...new Array(15).fill(0)], RangeError],
        ['a non-uniform scale', [1, 0, 0, 0, 0, 2, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1], RangeError],
        ['a position with NaN', { position: V(NaN, 0, 0) }, TypeError],
      ];
    case 'dt':
      return [...common, ['NaN', NaN, RangeError], ['zero', 0, RangeError], ['negative', -1, RangeError]];
    case 'layers':
      return [...common, ['fractional', 1.5, TypeError]];
    case 'filter':
      return [
        ['null', null, TypeError],
        ['a string', 'abc', TypeError],
        ['layers a string', { layers: 'x' }, TypeError],
        ['ignore fractional', { ignore: 0.5 }, TypeError],
      ];
    case 'objectOptions':
      return [
        ['null', null, TypeError],
        ['a string', 'abc', TypeError],
        ['layers fractional', { layers: 0.5 }, TypeError],
        ['a mirroring transform', { transform: [-1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1] }, RangeError],
      ];
    case 'BatchOptions':
      return [
        ['null', null, TypeError],
        ['a string', 'abc', TypeError],
        ['a number', 3, TypeError],
      ];
    case 'layerOptions':
      return [
        ['null', null, TypeError],
        ['a string', 'abc', TypeError],
        ['layers fractional', { layers: 0.5 }, TypeError],
      ];
    case 'polygon':
      return [
        ...common,
        ['an odd-length Float32Array', new Float32Array(3), RangeError],
        ['a vertex with NaN', [{ x: NaN, y: 0 }], RangeError],
        ['a vertex that is a number', [3], TypeError],
        ['a vertex beyond float32 range', [{ x: 0, y: -BEYOND_FLOAT32 }], RangeError],
      ];
    default: {
      const [type, stride] = kind.split('/');
      const Type = type === 'u32' ? Uint32Array : Float32Array;
      const bad = [
        ...common,
        ['a plain array', Array.from(validArg(kind)), TypeError],
        [
          'the other typed array type',
          type === 'u32' ? new Int32Array(Number(stride)) : new Float64Array(Number(stride)),
          TypeError,
        ],
      ];
      if (Number(stride) > 1) bad.push(['a wrong length', new Type(Number(stride) + 1), RangeError]);
      return bad;
    }
  }
}

function newWorld() {
  const w = new s.World();
  w.addMesh(new Float32Array([-5, 0, -5, 5, 0, -5, 0, 0, 5]));
  return w;
}

const P = V(0.2, 1, 0.2),
  A = V(0, 0, 0),
  B = V(1, 0, 0),
  C = V(0, 0, 1);
/** The module still works and never aborted. */
function assertStillWorking() {
  assert.equal(aborts, 0, 'the wasm module aborted');
  const r = s.closestPointOnTriangle(P, A, B, C);
  assert.deepEqual(r.point, { x: Math.fround(0.2), y: 0, z: Math.fround(0.2) });
  assert.equal(r.region, 'face');
}

/** The call with valid arguments, as a function of the argument list. */
function caller(name) {
  if (!name.startsWith('World.')) return (args) => s[name](...args);
  const method = name.slice('World.'.length);
  return (args) => {
    const w = newWorld();
    try {
      return w[method](...args);
    } finally {
      w.dispose();
    }
  };
}

let tried = 0;
for (const [name, text] of Object.entries(QUERY_SIGNATURES)) {
  test(`${name}: bad input on each argument throws an error naming it, and the module keeps working`, () => {
    const sig = parseSignature(text);
    const call = caller(name);
    const good = sig.map(({ kind, name: arg }) => validArg(kind, arg));
    call(good); // the valid call works: errors below come from the bad argument
    for (let i = 0; i < sig.length; i++) {
      const { name: arg, kind, optional } = sig[i];
      for (const [label, value, Err] of badValues(kind)) {
        if (optional && value === undefined) continue; // leaving an optional argument out is fine
        const args = good.slice();
        args[i] = value;
        if (label === 'missing') args.length = i; // really missing, not an explicit undefined
        assert.throws(
          () => call(args),
          (e) => {
            assert.ok(
              e instanceof Err,
              `${name}(${arg} ${label}): expected ${Err.name}, got ${e.constructor.name}: ${e.message}`,
            );
            assert.ok(
              e.message.includes(`'${arg}`),
              `${name}(${arg} ${label}): the message names the argument: ${e.message}`,
            );
            return true;
          },
          `${name}(${arg} ${label}) did not throw`,
        );
        tried++;
      }
    }
    assertStillWorking();
  });
}

test('the matrix above tried every argument', () => {
  assert.ok(tried > 1500, `${tried} bad calls`);
});

test('batch inputs whose element counts disagree throw a RangeError naming the argument', () => {
  assert.throws(
    () => s.closestPointsOnTriangles(new Float32Array(6), new Float32Array(27)),
    (e) => e instanceof RangeError && /'points'/.test(e.message),
  );
  assert.throws(
    () => s.trianglesSpheres(new Float32Array(18), new Float32Array(12)),
    (e) => e instanceof RangeError && /'triangles'/.test(e.message),
  );
  assert.throws(
    () => s.closestPointsOnTriangles(new Float32Array(6), new Float32Array(9), new Float32Array(3)),
    (e) => e instanceof RangeError && /'out'/.test(e.message),
  );
  const w = new s.World();
  assert.throws(
    () => w.raycastBatch(new Float32Array(12), 5, new Float32Array(8)),
    (e) => e instanceof RangeError && /'out'/.test(e.message),
  );
  assert.throws(
    () => w.raycastBatch(new Float32Array(12), 5, undefined, new Uint32Array(2)),
    (e) => e instanceof RangeError && /'ids'/.test(e.message),
  );
  w.dispose();
  assertStillWorking();
});

test('World.addMesh: an index out of range or a non-indexed mesh not in triangles is a RangeError naming the argument', () => {
  const w = new s.World();
  assert.throws(
    () => w.addMesh(new Float32Array(9), new Uint32Array([0, 1, 3])),
    (e) => e instanceof RangeError && /'indices'/.test(e.message) && /out of range/.test(e.message),
  );
  assert.throws(
    () => w.addMesh(new Float32Array(12)),
    (e) => e instanceof RangeError && /'positions'/.test(e.message),
  );
  assert.equal(w.stats.meshes, 0, 'nothing was added');
  assert.equal(w.addMesh(new Float32Array(9), new Uint32Array([0, 1, 2])), 0);
  assert.throws(
    () => w.triangle(1, 0),
    (e) => e instanceof RangeError && /'object'/.test(e.message),
  );
  assert.throws(
    () => w.triangle(0, 1),
    (e) => e instanceof RangeError && /'index'/.test(e.message),
  );
  w.dispose();
  assertStillWorking();
});

test('a World used after dispose throws a TypeError naming the method from every method, and dispose is idempotent', () => {
  const w = newWorld();
  w.dispose();
  assert.equal(w.disposed, true);
  w.dispose();
  w[Symbol.dispose]();
  for (const [method, text] of Object.entries(QUERY_SIGNATURES).filter(([n]) => n.startsWith('World.'))) {
    const name = method.slice('World.'.length);
    const args = parseSignature(text).map(({ kind, name: arg }) => validArg(kind, arg));
    assert.throws(
      () => w[name](...args),
      (e) => e.constructor === TypeError && e.message === `World.${name}: this World was disposed`,
      name,
    );
  }
  assert.throws(
    () => w.stats,
    (e) => e instanceof TypeError && /World\.stats: this World was disposed/.test(e.message),
  );
  assertStillWorking();
});

test('a disposed WasmArray cannot be used', () => {
  const a = s.allocFloat32(3);
  a[Symbol.dispose]();
  assert.throws(
    () => a.array,
    (e) => e instanceof TypeError && /WasmArray\.array: this array was disposed/.test(e.message),
  );
  assert.throws(
    () => s.closestPointsOnTriangles(a, new Float32Array(9)),
    (e) => e instanceof TypeError && /'points' is a WasmArray that was disposed/.test(e.message),
  );
  assert.throws(
    () => s.allocFloat32(2 ** 31),
    (e) => e instanceof RangeError && /more than wasm memory/.test(e.message),
  );
  assertStillWorking();
});
