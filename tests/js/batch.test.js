// The batch forms give exactly the single queries' results (which golden.test.js ties to the
// native core), for plain typed arrays, arrays in wasm memory (zero-copy), a given `out`, and
// one element broadcast against many; and wasm memory views behave as documented when the
// memory grows.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  loadPackage,
  goldenRecords,
  goldenMeshes,
  decodeArgs,
  flatten,
  bitDifferences,
  SIGNATURES,
  rng,
} from './helpers.js';

const { s, pkg } = await loadPackage();

/** The golden inputs of `name` packed as batch arrays: one Float32Array per argument. */
function packed(name, strides) {
  const records = goldenRecords(name);
  const arrays = strides.map((n) => new Float32Array(records.length * n));
  records.forEach(({ input }, k) => {
    let at = 0;
    strides.forEach((n, j) => {
      arrays[j].set(input.subarray(at, at + n), k * n);
      at += n;
    });
  });
  return { records, arrays };
}

/** The single query's outputs for each record, flattened (first `width` values). */
function _singles(name, records, width) {
  return records.map(({ input }) => flatten(s[name](...decodeArgs(SIGNATURES[name], input))).slice(0, width));
}

function assertRows(batch, rows, width, what) {
  assert.equal(batch.length, rows.length * width, `${what}: length`);
  let bad = 0,
    first = null;
  rows.forEach((row, k) => {
    const diffs = bitDifferences(Array.from(batch.subarray(k * width, (k + 1) * width)), row);
    if (diffs.length && bad++ === 0)
      first = { k, batch: Array.from(batch.subarray(k * width, (k + 1) * width)), single: row };
  });
  assert.equal(
    bad,
    0,
    `${what}: ${bad} of ${rows.length} elements differ from single calls; first ${JSON.stringify(first)}`,
  );
}

test('closestPointsOnTriangles equals closestPointOnTriangle on 10^4 golden cases, plain and zero-copy', () => {
  const {
    records,
    arrays: [points, triangles],
  } = packed('closestPointOnTriangle', [3, 9]);
  const rows = records.map(({ output }) => Array.from(output.subarray(0, 3))); // golden point
  assertRows(s.closestPointsOnTriangles(points, triangles), rows, 3, 'plain, new out');

  const out = new Float32Array(points.length);
  assert.equal(s.closestPointsOnTriangles(points, triangles, out), out, 'returns the given out');
  assertRows(out, rows, 3, 'plain, given out');

  const wp = s.allocFloat32(points.length),
    wt = s.allocFloat32(triangles.length),
    wo = s.allocFloat32(points.length);
  wp.array.set(points);
  wt.array.set(triangles);
  const result = s.closestPointsOnTriangles(wp, wt, wo);
  assert.equal(result.buffer, wo.array.buffer, 'the result is the wasm array itself');
  assertRows(wo.array, rows, 3, 'zero-copy handles');
  // A raw view of wasm memory (handle.array) is used in place too.
  wo.array.fill(0);
  assertRows(s.closestPointsOnTriangles(wp.array, wt.array, wo.array), rows, 3, 'zero-copy views');
  for (const h of [wp, wt, wo]) h.dispose();
});

test('closestPointsOnTriangles: one triangle is used for every point', () => {
  const {
    records,
    arrays: [points],
  } = packed('closestPointOnTriangle', [3, 9]);
  const tri = [
    { x: -1, y: 0, z: -1 },
    { x: 2, y: 0.5, z: 0 },
    { x: 0, y: -0.5, z: 2 },
  ];
  const one = new Float32Array(tri.flatMap((v) => [v.x, v.y, v.z]));
  const rows = records.slice(0, 2000).map(({ input }) => {
    const p = { x: input[0], y: input[1], z: input[2] };
    const r = s.closestPointOnTriangle(p, ...tri).point;
    return [r.x, r.y, r.z];
  });
  assertRows(s.closestPointsOnTriangles(points.subarray(0, 6000), one), rows, 3, 'broadcast triangle');
});

test('closestPointsOnTriangles equals the single query on near-degenerate triangles and region boundaries', () => {
  // The wasm batch decides two pairs per SIMD128 vector: lattice coordinates put points exactly on
  // region boundaries (signed zeros included); collinear, repeated-vertex and needle triangles
  // straddle the zero-area test; huge, tiny and non-finite input is mixed into the same groups.
  const rand = rng(0x18b0);
  const n = 8001;
  const points = new Float32Array(3 * n),
    triangles = new Float32Array(9 * n);
  const lattice = () => {
    const v = (Math.floor(rand() * 17) - 8) / 4;
    return v === 0 && rand() < 0.5 ? -0 : v;
  };
  const vec = () => [lattice(), lattice(), lattice()];
  const uni = (lo, hi) => [0, 1, 2].map(() => lo + (hi - lo) * rand());
  for (let k = 0; k < n; k++) {
    let a = vec(),
      b = vec(),
      c = vec(),
      p = vec();
    const kind = Math.floor(rand() * 7);
    if (kind === 1) {
      const d = vec().map((x) => x / 4),
        m = Math.floor(rand() * 5) - 2;
      [b, c] = [a.map((x, i) => x + d[i]), a.map((x, i) => x + m * d[i])];
    } else if (kind === 2) {
      if (rand() < 0.5) b = a.slice();
      else c = b.slice();
    } else if (kind === 3) {
      const t = rand() * 2 - 0.5,
        h = 10 ** (-10 + 4 * rand());
      c = a.map((x, i) => x + t * (b[i] - x) + h * (rand() - 0.5));
      p = uni(-3, 3);
    } else if (kind === 4) {
      const s = rand() < 0.5 ? 2 ** 60 : 2 ** -60;
      [a, b, c, p] = [a, b, c, p].map((v) => v.map((x) => x * s));
    } else if (kind === 5) {
      const o = uni(-1, 1);
      [a, b, c] = [o, o.map((x) => x + 1e-31 * rand()), o.map((x) => x - 1e-31 * rand())];
      p = o.map((x) => x + 0.1 * (rand() - 0.5));
    } else if (kind === 6) {
      const all = [...a, ...b, ...c, ...p];
      all[Math.floor(rand() * 12)] = [NaN, Infinity, -Infinity][Math.floor(rand() * 3)];
      [a, b, c, p] = [all.slice(0, 3), all.slice(3, 6), all.slice(6, 9), all.slice(9)];
    }
    triangles.set([...a, ...b, ...c], 9 * k);
    points.set(p, 3 * k);
  }
  // The single query: the public call, or for non-finite input (which it rejects) a batch of one
  // element, which the core answers with the single query itself.
  const v3 = (f, at) => ({ x: f[at], y: f[at + 1], z: f[at + 2] });
  const rows = [];
  for (let k = 0; k < n; k++) {
    const pk = points.subarray(3 * k, 3 * k + 3),
      tk = triangles.subarray(9 * k, 9 * k + 9);
    if ([...pk, ...tk].every(Number.isFinite)) {
      const r = s.closestPointOnTriangle(v3(pk, 0), v3(tk, 0), v3(tk, 3), v3(tk, 6)).point;
      rows.push([r.x, r.y, r.z]);
    } else rows.push(Array.from(s.closestPointsOnTriangles(pk, tk)));
  }
  assertRows(s.closestPointsOnTriangles(points, triangles), rows, 3, 'near-degenerate');
});

test('trianglesSpheres equals triangleSphere on 10^4 golden cases', () => {
  const {
    records,
    arrays: [triangles, centers, radii],
  } = packed('triangleSphere', [9, 3, 1]);
  const spheres = new Float32Array(records.length * 4);
  for (let k = 0; k < records.length; k++) spheres.set([...centers.subarray(3 * k, 3 * k + 3), radii[k]], 4 * k);
  const rows = records.map(({ output }) => Array.from(output)); // hit, point, normal, depth
  assertRows(s.trianglesSpheres(triangles, spheres), rows, 8, 'trianglesSpheres');
});

test('intersectSegmentsTriangles, intersectSegmentsSpheres, intersectSegmentsAABBs equal their single casts on 10^4 golden cases', () => {
  {
    const {
      records,
      arrays: [from, to, triangles],
    } = packed('intersectSegmentTriangle', [3, 3, 9]);
    const segments = interleave(from, to, 3);
    const rows = records.map(({ output }) => Array.from(output.subarray(0, 8))); // without barycentric
    assertRows(s.intersectSegmentsTriangles(segments, triangles), rows, 8, 'segments/triangles');
  }
  {
    const {
      records,
      arrays: [from, to, centers, radii],
    } = packed('intersectSegmentSphere', [3, 3, 3, 1]);
    const spheres = new Float32Array(records.length * 4);
    for (let k = 0; k < records.length; k++) spheres.set([...centers.subarray(3 * k, 3 * k + 3), radii[k]], 4 * k);
    assertRows(
      s.intersectSegmentsSpheres(interleave(from, to, 3), spheres),
      records.map((r) => Array.from(r.output)),
      8,
      'segments/spheres',
    );
  }
  {
    const {
      records,
      arrays: [from, to, min, max],
    } = packed('intersectSegmentAABB', [3, 3, 3, 3]);
    assertRows(
      s.intersectSegmentsAABBs(interleave(from, to, 3), interleave(min, max, 3)),
      records.map((r) => Array.from(r.output)),
      8,
      'segments/boxes',
    );
  }
});

/** [a0 b0 a1 b1 ...] with `n` floats from each per element. */
function interleave(a, b, n) {
  const out = new Float32Array(a.length + b.length);
  for (let k = 0; k < a.length / n; k++) {
    out.set(a.subarray(k * n, k * n + n), 2 * n * k);
    out.set(b.subarray(k * n, k * n + n), 2 * n * k + n);
  }
  return out;
}

test('the broadphase: all pairs, sweep and prune and the tree give the same pairs, also for boxes stacked on x', () => {
  const rnd = mulberry(5);
  const boxes = new Float32Array(6 * 600);
  for (let k = 0; k < 600; k++) {
    const stacked = k % 2 === 0; // half of them share one x range
    const x = stacked ? 0 : rnd() * 50,
      y = rnd() * 50,
      z = rnd() * 50;
    boxes.set([x, y, z, x + 1 + rnd(), y + 1 + rnd(), z + 1 + rnd()], 6 * k);
  }
  const all = s.pairsAll(boxes);
  assert.ok(all.length > 200, `${all.length / 2} pairs`);
  assert.deepEqual(s.pairsSweepAndPrune(boxes), all);
  assert.deepEqual(s.pairsTree(boxes), all);
  for (let i = 0; i < all.length; i += 2) assert.ok(all[i] < all[i + 1]);
});

test('World.raycastBatch and sphereCastBatch equal single raycasts and sphere casts, ids included', () => {
  const world = new s.World();
  for (const { positions, indices } of goldenMeshes()) world.addMesh(positions, indices);
  const rnd = mulberry(9);
  const n = 3000;
  const rays = new Float32Array(6 * n);
  for (let k = 0; k < n; k++)
    rays.set([rnd() * 24 - 12, 2 + rnd() * 4, rnd() * 24 - 12, rnd() - 0.5, -1, rnd() - 0.5], 6 * k);
  const ids = new Uint32Array(2 * n);
  const out = world.raycastBatch(rays, 50, undefined, ids);
  const sphereIds = s.allocUint32(2 * n);
  const spheres = world.sphereCastBatch(rays, 0.3, 8, undefined, sphereIds);
  let hits = 0;
  for (let k = 0; k < n; k++) {
    const o = { x: rays[6 * k], y: rays[6 * k + 1], z: rays[6 * k + 2] };
    const d = { x: rays[6 * k + 3], y: rays[6 * k + 4], z: rays[6 * k + 5] };
    const r = world.raycast(o, d, 50);
    hits += r.hit;
    assert.deepEqual(
      bitDifferences(Array.from(out.subarray(8 * k, 8 * k + 8)), [
        r.hit ? 1 : 0,
        r.distance,
        r.point.x,
        r.point.y,
        r.point.z,
        r.normal.x,
        r.normal.y,
        r.normal.z,
      ]),
      [],
    );
    assert.deepEqual([ids[2 * k], ids[2 * k + 1]], r.hit ? [r.object, r.triangle] : [0xffffffff, 0xffffffff]);
    const c = world.sphereCast(o, 0.3, d, 8);
    assert.deepEqual(
      bitDifferences(
        Array.from(spheres.subarray(11 * k, 11 * k + 11)),
        flatten([c.hit, c.distance, c.point, c.position, c.normal]).slice(1),
      ),
      [],
    );
    assert.deepEqual(
      [sphereIds.array[2 * k], sphereIds.array[2 * k + 1]],
      c.hit ? [c.object, c.triangle] : [0xffffffff, 0xffffffff],
    );
  }
  assert.ok(hits > n / 2, `${hits} of ${n} rays hit`);
  sphereIds.dispose();
  world.dispose();
});

test('a view of wasm memory is detached when the memory grows; WasmArray.array gives a fresh one with the same data', () => {
  const a = s.allocFloat32(1000);
  const view = a.array;
  view.set([1, 2, 3]);
  assert.equal(a.array, view, 'cached while the memory does not grow');
  const big = s.allocFloat32(16 * 1024 * 1024); // 64 MB: the memory must grow
  assert.equal(view.length, 0, 'the old view is detached');
  assert.deepEqual(Array.from(a.array.subarray(0, 3)), [1, 2, 3]);
  // A detached view passed to a batch call is an error naming the argument, not a silent empty batch.
  assert.throws(
    () => s.closestPointsOnTriangles(view, new Float32Array(9 * 2)),
    (e) => e instanceof RangeError && /'points'/.test(e.message) && /re-read WasmArray\.array/.test(e.message),
  );
  // single queries keep working after growth (their cached heap view is refreshed)
  assert.deepEqual(
    s.closestPointOnTriangle({ x: 1, y: 1, z: 1 }, { x: 0, y: 0, z: 0 }, { x: 1, y: 0, z: 0 }, { x: 0, y: 0, z: 1 })
      .point,
    { x: 0.5, y: 0, z: 0.5 },
  );
  big.dispose();
  a.dispose();
  assert.equal(a.disposed, true);
  assert.throws(() => a.array, /disposed/);
  a.dispose(); // idempotent
});

test('a batch result is a copy when no out is given, and out may be longer than needed', () => {
  const points = new Float32Array([1, 1, 1, 0.2, 5, 0.2]);
  const tri = new Float32Array([0, 0, 0, 1, 0, 0, 0, 0, 1]);
  const out = new Float32Array(9).fill(7);
  s.closestPointsOnTriangles(points, tri, out);
  assert.deepEqual(Array.from(out), [0.5, 0, 0.5, Math.fround(0.2), 0, Math.fround(0.2), 7, 7, 7]);
  const r1 = s.closestPointsOnTriangles(points, tri);
  const r2 = s.closestPointsOnTriangles(points, tri);
  assert.notEqual(r1, r2);
  assert.ok(
    !(r1.buffer instanceof SharedArrayBuffer) && r1.buffer.byteLength === 24,
    'a fresh array, not a view of wasm memory',
  );
  assert.ok(pkg.WasmArray);
});

function mulberry(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
