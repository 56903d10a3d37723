// Prebuilt worlds through the package: world.serialize() and s.World.deserialize(bytes). A loaded
// world answers as the saved one, bit for bit; the package writes the same bytes as the native
// core for the same scene (tests/native/serialize_golden.cpp; the steps below mirror it line for
// line); bad bytes are a TypeError or RangeError naming 'bytes', and the module keeps working.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { goldenDir, loadPackage, unitCube } from './helpers.js';

const { s } = await loadPackage();
const V = (x, y, z) => ({ x, y, z });

/** An 8 x 8 grid over [-8, 8]^2 whose heights follow a dyadic pattern shifted by `phase`. */
function ground(phase) {
  const p = [];
  for (let j = 0; j <= 8; j++)
    for (let i = 0; i <= 8; i++) p.push(2 * i - 8, ((i * 7 + j * 3 + phase) % 5) / 8, 2 * j - 8);
  return new Float32Array(p);
}

function groundIndices() {
  const idx = [];
  for (let j = 0; j < 8; j++)
    for (let i = 0; i < 8; i++) {
      const a = j * 9 + i,
        b = a + 1,
        c = a + 9,
        d = c + 1;
      idx.push(a, c, d, a, d, b);
    }
  return new Uint32Array(idx);
}

const ID = { x: 0, y: 0, z: 0, w: 1 };
const at = (x, y, z, scale = 1, quaternion = ID) => ({ position: V(x, y, z), quaternion, scale });

/** The scene of tests/native/serialize_golden.cpp, step for step. */
function scene() {
  const w = new s.World();
  const groundId = w.addMesh(ground(0), groundIndices());
  const cubeId = w.addMesh(unitCube(), undefined, {
    transform: at(2, 1, -3, 1, { x: 0.5, y: 0.5, z: 0.5, w: 0.5 }),
    layers: 2,
  });
  const inst = w.addInstance(cubeId, { transform: at(-2, 0.5, 1, 2) });
  const sphere = w.addSphere(V(0, 2, 4), 0.75, { layers: 4 });
  w.addCapsule(V(3, 0.5, 3), V(4, 1.5, 3), 0.25);
  w.addBox(V(-4, 1, -4), ID, V(0.5, 1, 0.25));
  w.remove(cubeId);
  w.setTransform(sphere, at(0.5, 2, 4));
  w.setTransform(inst, at(-2, 0.75, 1, 2));
  w.update(0.015625);
  w.updateMesh(groundId, ground(2));
  w.setTransform(sphere, at(1, 2, 4)); // pending: no update after it
  return w;
}

/** Every answer of a world to seeded queries, as plain data (compared with Object.is semantics). */
function answers(w) {
  let seed = 12345;
  const rnd = () => {
    seed = (seed * 1103515245 + 12345) >>> 0;
    return seed / 2 ** 32;
  };
  const r = (lo, hi) => lo + (hi - lo) * rnd();
  const out = [];
  for (let q = 0; q < 400; q++) {
    const o = V(r(-8, 8), r(-1, 4), r(-8, 8));
    const d = V(r(-1, 1), r(-1, 1), r(-1, 1));
    out.push(
      w.raycast(o, d, r(0, 20)),
      w.sphereCast(o, r(0.1, 1), d, 10),
      w.capsuleCast(o, V(o.x + 1, o.y, o.z), 0.3, d, 10),
      w.overlapSphere(o, r(0.5, 3)),
      w.closestPoint(o, 5),
      w.floor(o.x, o.z, o.y),
    );
  }
  for (let id = 0; id < 8; id++) out.push(w.has(id) ? [w.kind(id), w.layers(id), w.transform(id), w.bounds(id)] : null);
  return out;
}

const native = () => new Uint8Array(readFileSync(`${goldenDir}/world.serialized.bin`));

test('World.deserialize(world.serialize()) answers every query as the saved world, and saves the same bytes', () => {
  const w = scene();
  const bytes = w.serialize();
  assert.ok(bytes instanceof Uint8Array && bytes.length > 0);
  const copy = s.World.deserialize(bytes);
  assert.deepStrictEqual(answers(copy), answers(w));
  assert.deepStrictEqual(copy.serialize(), bytes);
  // Both go on alike: the pending target, and a new id after the removed one.
  w.update(0.015625);
  copy.update(0.015625);
  assert.deepStrictEqual(answers(copy), answers(w));
  assert.equal(copy.addSphere(V(0, 0, 0), 1), w.addSphere(V(0, 0, 0), 1));
  assert.equal(copy.has(1), false, 'a removed id stays removed');
  // An ArrayBuffer does as well as a Uint8Array.
  const again = s.World.deserialize(bytes.slice().buffer);
  assert.deepStrictEqual(again.serialize(), bytes);
  for (const x of [w, copy, again]) x.dispose();
});

test('the package writes the same bytes as the native core for the same scene', () => {
  const w = scene();
  const bytes = w.serialize();
  const want = native();
  assert.equal(bytes.length, want.length, 'byte length');
  const first = bytes.findIndex((b, i) => b !== want[i]);
  assert.equal(first, -1, `the bytes differ first at offset ${first}`);
  // And the native bytes load in the package.
  const loaded = s.World.deserialize(want);
  assert.deepStrictEqual(answers(loaded), answers(w));
  loaded.dispose();
  w.dispose();
});

/** Expects a call to throw `Err` whose message names 'bytes'. */
function throwsNaming(call, Err, context) {
  assert.throws(call, (e) => {
    assert.ok(e instanceof Err, `${context}: expected ${Err.name}, got ${e.constructor.name}: ${e.message}`);
    assert.match(e.message, /^World\.deserialize: .*'bytes'/, context);
    return true;
  });
}

test('World.deserialize: what is not bytes is a TypeError, bad bytes a RangeError saying why; the module keeps working', () => {
  for (const [label, v] of [
    ['missing', undefined],
    ['null', null],
    ['a string', 'SHOTOTSU'],
    ['a plain array', [1, 2, 3]],
    ['a Float32Array', new Float32Array(8)],
    ['a World', new s.World()],
  ])
    throwsNaming(() => s.World.deserialize(v), TypeError, label);
  const bytes = scene().serialize();
  const refused = (b, label, why) => {
    throwsNaming(() => s.World.deserialize(b), RangeError, label);
    if (why) assert.throws(() => s.World.deserialize(b), why, label);
  };
  refused(new Uint8Array(0), 'empty', /too short/);
  for (let n = 1; n < bytes.length; n += 13) refused(bytes.subarray(0, n), `cut to ${n}`);
  const b = bytes.slice();
  b[0] ^= 1;
  refused(b, 'another magic', /magic/);
  const v = bytes.slice();
  v[8] = 2;
  refused(v, 'version 2', /version/);
  let seed = 7;
  for (let trial = 0; trial < 300; trial++) {
    const c = bytes.slice();
    seed = (seed * 1103515245 + 12345) >>> 0;
    c[seed % c.length] ^= 1 << (seed >>> 29);
    refused(c, `a flipped bit at ${seed % c.length}`);
  }
  // Still working: a fresh world loads and answers.
  const w = s.World.deserialize(bytes);
  assert.equal(w.raycast(V(0, 10, 0), V(0, -1, 0)).hit, true);
  w.dispose();
});
