// S3 (issue #8): single queries over a seeded set with 1% collinear, 1% repeated-vertex and 1%
// needle triangles. ns per query for closest point on triangle and triangle–sphere, for shototsu
// (native, wasm single calls, wasm batch copying plain arrays, wasm batch over wasm memory),
// three.js (Triangle.closestPointToPoint; the Octree's triangleSphereIntersect) and Rapier
// (projectPoint / contactShape on a Triangle shape), each answer measured against a
// double-precision reference (lib/reference.mjs).
import { closestPointOnTriangle } from './lib/reference.mjs';
import { readOutput } from './lib/binio.mjs';
import { runNative } from './lib/native.mjs';
import { median, now, log } from './lib/common.mjs';
import * as three from './peers/three.mjs';
import * as rapier from './peers/rapier.mjs';
import * as shototsu from './peers/shototsu.mjs';
import { join } from 'node:path';

const KINDS = ['random', 'collinear', 'repeated vertex', 'needle'];

/** The reference answers: closest points of the query points, and of the sphere centres. */
function reference(q, count) {
  const closest = new Float64Array(3 * count),
    sphereDistance = new Float64Array(count);
  const T = q.triangles,
    P = q.points,
    S = q.spheres;
  for (let k = 0; k < count; k++) {
    const a = [T[9 * k], T[9 * k + 1], T[9 * k + 2]],
      b = [T[9 * k + 3], T[9 * k + 4], T[9 * k + 5]],
      c = [T[9 * k + 6], T[9 * k + 7], T[9 * k + 8]];
    closest.set(closestPointOnTriangle([P[3 * k], P[3 * k + 1], P[3 * k + 2]], a, b, c), 3 * k);
    const centre = [S[4 * k], S[4 * k + 1], S[4 * k + 2]];
    const r = closestPointOnTriangle(centre, a, b, c);
    sphereDistance[k] = Math.hypot(r[0] - centre[0], r[1] - centre[1], r[2] - centre[2]);
  }
  return { closest, sphereDistance };
}

/** Max distance to the reference point, overall and per triangle kind; NaN answers counted apart. */
function closestErrors(q, count, ref, out) {
  const perKind = KINDS.map(() => 0);
  let nan = 0;
  for (let k = 0; k < count; k++) {
    const e = Math.hypot(
      out[3 * k] - ref.closest[3 * k],
      out[3 * k + 1] - ref.closest[3 * k + 1],
      out[3 * k + 2] - ref.closest[3 * k + 2],
    );
    if (Number.isNaN(e)) nan++;
    else perKind[q.kinds[k]] = Math.max(perKind[q.kinds[k]], e);
  }
  return {
    maxError: Math.max(...perKind),
    maxErrorByKind: Object.fromEntries(KINDS.map((n, i) => [n, perKind[i]])),
    nan,
  };
}

/** Whether the sphere's centre is on the front (counter-clockwise) side of its triangle, or the triangle has no side. */
function inFront(q, k) {
  const T = q.triangles,
    t = 9 * k,
    S = q.spheres;
  const e1 = [T[t + 3] - T[t], T[t + 4] - T[t + 1], T[t + 5] - T[t + 2]],
    e2 = [T[t + 6] - T[t], T[t + 7] - T[t + 1], T[t + 8] - T[t + 2]];
  const n = [e1[1] * e2[2] - e1[2] * e2[1], e1[2] * e2[0] - e1[0] * e2[2], e1[0] * e2[1] - e1[1] * e2[0]];
  const side = n[0] * (S[4 * k] - T[t]) + n[1] * (S[4 * k + 1] - T[t + 1]) + n[2] * (S[4 * k + 2] - T[t + 2]);
  return side >= 0 || (n[0] === 0 && n[1] === 0 && n[2] === 0);
}

/**
 * Triangle–sphere against the reference distance d: a wrong answer is a hit/miss disagreement
 * farther than 1e-6 from touching (d = r), per triangle kind. The depth error (vs r - d) is taken
 * where both say hit and the centre is on the triangle's front side: behind a triangle three.js's
 * Octree answers the push through to the front (r + d), a one-sided convention, not an error.
 */
function sphereErrors(q, count, ref, out) {
  const wrong = KINDS.map(() => 0);
  let depthError = 0;
  for (let k = 0; k < count; k++) {
    const r = q.spheres[4 * k + 3],
      d = ref.sphereDistance[k];
    const hit = out[2 * k] !== 0,
      refHit = d <= r;
    if (hit !== refHit) {
      if (Math.abs(d - r) > 1e-6) wrong[q.kinds[k]]++;
    } else if (hit && inFront(q, k)) {
      depthError = Math.max(depthError, Math.abs(out[2 * k + 1] - (r - d)));
    }
  }
  return {
    wrong: wrong.reduce((s, v) => s + v, 0),
    wrongByKind: Object.fromEntries(KINDS.map((n, i) => [n, wrong[i]])),
    maxDepthError: depthError,
  };
}

export async function runS3({ scene, count, repeats, native, s }) {
  const q = scene.queries;
  await rapier.init();
  const t0 = now();
  const ref = reference(q, count);
  log(`S3 reference: ${(now() - t0).toFixed(0)} ms`);

  // Every engine: run() is timed (it answers all `count` queries), read(out) gives the answers
  // in the common layout (closest: 3 floats; triangle–sphere: hit, depth).
  const direct = (fn, stride) => {
    const out = new Float64Array(stride * count);
    return { run: () => fn(out), read: () => out };
  };
  const closestOut = new Float32Array(3 * count),
    contactsRaw = new Float32Array(8 * count);
  // A batch over wasm memory, timed by its call; its floats (`width` per query) read back after.
  const zeroCopyTimed = (batch, width) => ({
    run: () => batch.run(),
    read: () => {
      const o = new Float32Array(width * count);
      batch.read(o);
      return o;
    },
  });
  const zc = {
    closest: shototsu.zeroCopy(s, q, count, 'closest'),
    closestFast: shototsu.zeroCopy(s, q, count, 'closestFast'),
    sphere: shototsu.zeroCopy(s, q, count, 'sphere'),
  };
  const engines = [
    {
      key: 'wasm',
      name: 'shototsu (wasm), single calls',
      closest: direct((o) => shototsu.closestPointsSingle(s, q, count, o), 3),
      sphere: direct((o) => shototsu.triangleSpheresSingle(s, q, count, o), 2),
    },
    {
      key: 'wasmBatch',
      name: 'shototsu (wasm), batch over plain arrays',
      closest: { run: () => shototsu.closestPointsBatch(s, q, count, closestOut), read: () => closestOut },
      sphere: {
        run: () => shototsu.triangleSpheresBatch(s, q, count, contactsRaw),
        read: () => unpackContacts(contactsRaw, count),
      },
    },
    {
      key: 'wasmZeroCopy',
      name: 'shototsu (wasm), batch over wasm memory',
      closest: zeroCopyTimed(zc.closest, 3),
      sphere: zeroCopyTimed(zc.sphere, 2),
    },
    {
      // The float32 closest point ({ exact: false }); triangle–sphere has one mode, timed again.
      key: 'wasmZeroCopyFast',
      name: 'shototsu (wasm), batch over wasm memory, { exact: false }',
      closest: zeroCopyTimed(zc.closestFast, 3),
      sphere: zeroCopyTimed(zc.sphere, 2),
    },
    {
      key: 'three',
      name: 'three.js (Triangle.closestPointToPoint; Octree.triangleSphereIntersect)',
      closest: direct((o) => three.closestPoints(q, count, o), 3),
      sphere: direct((o) => three.triangleSpheres(q, count, o), 2),
    },
    {
      key: 'rapier',
      name: 'Rapier (Triangle.projectPoint; Triangle.contactShape)',
      closest: direct((o) => rapier.closestPoints(q, count, o), 3),
      sphere: direct((o) => rapier.triangleSpheres(q, count, o), 2),
    },
  ];
  const times = Object.fromEntries(engines.map((e) => [e.key, { closest: [], sphere: [] }]));
  for (let round = 0; round < repeats; round++) {
    for (const e of engines) {
      for (const what of ['closest', 'sphere']) {
        const a = now();
        e[what].run();
        times[e.key][what].push((1e6 * (now() - a)) / count);
      }
    }
    log(
      `S3 round ${round}: ${engines.map((e) => `${e.key} ${times[e.key].closest.at(-1).toFixed(0)}/${times[e.key].sphere.at(-1).toFixed(0)} ns`).join(', ')}`,
    );
  }
  const rows = engines.map((e) => ({
    key: e.key,
    name: e.name,
    closestNs: median(times[e.key].closest),
    triangleSphereNs: median(times[e.key].sphere),
    closest: closestErrors(q, count, ref, e.closest.read()),
    sphere: sphereErrors(q, count, ref, e.sphere.read()),
  }));
  zc.closest.dispose();
  zc.closestFast.dispose();
  zc.sphere.dispose();
  if (native) {
    const paths = {
      closestOut: join(scene.dir, 's3-native-closest.bin'),
      sphereOut: join(scene.dir, 's3-native-sphere.bin'),
    };
    const r = runNative('s3', { queries: scene.files.queries, repeats, ...paths });
    rows.unshift({
      key: 'native',
      name: 'shototsu (native), single calls',
      closestNs: median(r.closestNs),
      triangleSphereNs: median(r.triangleSphereNs),
      closest: closestErrors(q, count, ref, readOutput(paths.closestOut).values),
      sphere: sphereErrors(q, count, ref, readOutput(paths.sphereOut).values),
    });
  }
  return { scene: 'S3', count, repeats, rows };
}

function unpackContacts(raw, count) {
  const out = new Float32Array(2 * count);
  for (let k = 0; k < count; k++) {
    out[2 * k] = raw[8 * k];
    out[2 * k + 1] = raw[8 * k] ? raw[8 * k + 7] : 0;
  }
  return out;
}
