// Every function of the package against the native core on the same inputs, bit for bit: the
// golden files hold >= 10^4 seeded cases per function, written by tests/native/golden.cpp
// (the native build of the same core, -ffp-contract=off, our own trigonometry).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  loadPackage,
  goldenManifest,
  goldenRecords,
  goldenMeshes,
  decodeArgs,
  flatten,
  bitDifferences,
  QUERY_SIGNATURES,
  WORLD_SIGNATURES,
} from './helpers.js';

const { s } = await loadPackage();
const manifest = goldenManifest();

/**
 * Functions checked another way: the batch forms (against these goldens, batch.test.js), memory,
 * and the World's object methods (world-objects.test.js: native = wasm on a seeded moving scene).
 */
const NOT_GOLDEN = new Set([
  'World.addInstance',
  'World.addSphere',
  'World.addCapsule',
  'World.addBox',
  'World.setTransform',
  'World.teleport',
  'World.setTransforms',
  'World.update',
  'World.updateMesh',
  'World.remove',
  'World.setLayers',
  'World.has',
  'World.kind',
  'World.layers',
  'World.transform',
  'World.velocityAt',
  'World.bounds',
  'World.triangleCount',
  'World.triangles',
  'World.treeBoxes',
  'World.meshTreeBoxes',
  'World.changedSince',
  'World.sphere',
  'World.capsule',
  'World.box',
  'closestPointsOnTriangles',
  'trianglesSpheres',
  'intersectSegmentsTriangles',
  'intersectSegmentsSpheres',
  'intersectSegmentsAABBs',
  'allocFloat32',
  'allocUint32',
  'World.addMesh',
  'World.triangle',
  'World.raycastBatch',
  'World.sphereCastBatch',
  'World.serialize',
  'World.raycastAll',
]);

test("golden files exist for every function of the package, with the package's signatures", () => {
  const functions = Object.keys(QUERY_SIGNATURES).filter((name) => !NOT_GOLDEN.has(name));
  assert.deepEqual(Object.keys(manifest).sort(), functions.sort());
  for (const [name, { signature, cases }] of Object.entries(manifest)) {
    assert.equal(signature, QUERY_SIGNATURES[name], `signature of ${name}`);
    assert.ok(cases >= 10_000, `${name}: ${cases} cases`);
  }
  // and every exported function has a signature (so the list above is complete); the classes
  // (World here, the systems in systems.test.js) are compared by whole runs instead.
  const CLASSES = new Set(['World', 'ParticleSystem', 'CharacterController', 'CharacterGroup']);
  const exported = Object.keys(s).filter((k) => typeof s[k] === 'function' && !CLASSES.has(k));
  assert.deepEqual(
    exported.sort(),
    Object.keys(QUERY_SIGNATURES)
      .filter((k) => !k.startsWith('World.'))
      .sort(),
  );
});

/**
 * Known differences between the native and wasm builds of the core, to be fixed in the core
 * (reported to the lead). Each is allowed only in the form described; its exact comparison runs
 * as a `todo` test so that it shows until fixed.
 */
const KNOWN = {};

const show = (v) => (Object.is(v, -0) ? '-0' : v);

function mismatchesOf(name, call) {
  const records = goldenRecords(name);
  assert.equal(records.length, manifest[name].cases);
  const mismatches = [];
  records.forEach(({ input, output }, k) => {
    const actual = flatten(call(decodeArgs(manifest[name].signature, input, k)));
    const diffs = bitDifferences(actual, output);
    if (diffs.length) {
      mismatches.push({
        k,
        input: Array.from(input, show),
        actual: actual.map(show),
        expected: Array.from(output, show),
        diffs,
      });
    }
  });
  return mismatches;
}

function compare(name, call) {
  const mismatches = mismatchesOf(name, call);
  const known = KNOWN[name];
  const unexplained = known
    ? mismatches.filter((m) => m.diffs.some((i) => !known.allowed(m.actual[i], m.expected[i])))
    : mismatches;
  assert.equal(
    unexplained.length,
    0,
    `${name}: ${unexplained.length} of ${manifest[name].cases} cases differ from the native core; first: ${JSON.stringify(unexplained[0])}`,
  );
}

for (const name of Object.keys(manifest).filter((n) => !n.startsWith('World.'))) {
  const known = KNOWN[name];
  test(`${name}: 10^4 golden cases equal the native core bit for bit${known ? ' (up to a known difference)' : ''}`, () => {
    compare(name, (args) => s[name](...args));
  });
  if (known) {
    test(`${name}: every golden case equal to the native core, sign of zero included`, { todo: known.why }, () => {
      const mismatches = mismatchesOf(name, (args) => s[name](...args));
      assert.equal(mismatches.length, 0, `${mismatches.length} cases; first: ${JSON.stringify(mismatches[0])}`);
    });
  }
}

const world = new s.World();
for (const { positions, indices } of goldenMeshes()) world.addMesh(positions, indices);

for (const name of Object.keys(manifest).filter((n) => n.startsWith('World.'))) {
  const method = name.slice('World.'.length);
  test(`${name}: 10^4 golden cases on four meshes equal the native core bit for bit`, () => {
    compare(name, (args) => world[method](...args));
  });
}

test('the golden world has the four meshes of the native program', () => {
  const st = world.stats;
  assert.equal(st.meshes, 4);
  assert.equal(
    st.triangles,
    goldenMeshes().reduce((n, m) => n + (m.indices ? m.indices.length : m.positions.length / 3) / 3, 0),
  );
  assert.ok(WORLD_SIGNATURES.raycast);
});
