// closestPointsOnTriangles(points, triangles, out, { exact: false }): the float32 batch gives the
// native core's bits (closestPointsOnTriangles.fast.bin, written by tests/native/golden.cpp),
// stays within its documented bound of a double-precision reference, and answers degenerate
// triangles and non-finite input exactly as the exact batch.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadPackage, goldenRecords, bitDifferences, rng } from './helpers.js';

const { s } = await loadPackage();
const FAST = { exact: false };
const U = 2 ** -24;

/** The records of the fast batch's golden file as packed points and triangles, and the answers. */
function golden() {
  const records = goldenRecords('closestPointsOnTriangles.fast');
  const points = new Float32Array(3 * records.length),
    triangles = new Float32Array(9 * records.length),
    want = new Float32Array(3 * records.length);
  records.forEach(({ input, output }, k) => {
    points.set(input.subarray(0, 3), 3 * k);
    triangles.set(input.subarray(3, 12), 9 * k);
    want.set(output, 3 * k);
  });
  return { points, triangles, want };
}

function assertSameBits(actual, expected, what) {
  assert.equal(actual.length, expected.length, `${what}: length`);
  const diffs = bitDifferences(Array.from(actual), Array.from(expected));
  assert.equal(
    diffs.length,
    0,
    `${what}: ${diffs.length} floats differ; first at element ${Math.floor(diffs[0] / 3)}: ${actual[diffs[0]]} vs ${expected[diffs[0]]}`,
  );
}

test('closestPointsOnTriangles { exact: false } equals the native core bit for bit on 4 x 10^4 golden cases', () => {
  const { points, triangles, want } = golden();
  assert.ok(points.length / 3 >= 40_000);
  assertSameBits(s.closestPointsOnTriangles(points, triangles, undefined, FAST), want, 'plain arrays');
  const wp = s.allocFloat32(points.length),
    wt = s.allocFloat32(triangles.length),
    wo = s.allocFloat32(points.length);
  wp.array.set(points);
  wt.array.set(triangles);
  assert.equal(s.closestPointsOnTriangles(wp, wt, wo, FAST).buffer, wo.array.buffer, 'the wasm array itself');
  assertSameBits(wo.array, want, 'zero-copy');
  for (const h of [wp, wt, wo]) h.dispose();
});

// ---- an independent reference in double: the plane projection if inside, else the nearest edge.
const sub = (a, b) => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const dot = (a, b) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const cross = (a, b) => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
const len = (a) => Math.sqrt(dot(a, a));
function onSegment(p, a, b) {
  const ab = sub(b, a),
    l2 = dot(ab, ab);
  const t = l2 === 0 ? 0 : Math.min(1, Math.max(0, dot(sub(p, a), ab) / l2));
  return [a[0] + ab[0] * t, a[1] + ab[1] * t, a[2] + ab[2] * t];
}
function reference(p, a, b, c) {
  const n = cross(sub(b, a), sub(c, a)),
    nn = dot(n, n);
  if (nn > 0) {
    const s = dot(sub(p, a), n) / nn;
    const q = [p[0] - n[0] * s, p[1] - n[1] * s, p[2] - n[2] * s];
    const inside = [
      [b, c],
      [c, a],
      [a, b],
    ].every(([u, v]) => dot(cross(sub(v, u), sub(q, u)), n) >= 0);
    if (inside) return q;
  }
  let best = null;
  for (const [u, v] of [
    [a, b],
    [b, c],
    [c, a],
  ]) {
    const e = onSegment(p, u, v);
    if (best === null || len(sub(p, e)) < len(sub(p, best))) best = e;
  }
  return best;
}

test('closestPointsOnTriangles { exact: false }: 10^4 seeded cases within the documented bound, the rest exact', () => {
  const r = rng(0xfa57);
  const N = 10_001;
  const points = new Float32Array(3 * N),
    triangles = new Float32Array(9 * N);
  const vec = (k) => [(2 * r() - 1) * k, (2 * r() - 1) * k, (2 * r() - 1) * k];
  for (let i = 0; i < N; i++) {
    let a = vec(1),
      b = vec(1),
      c = vec(1),
      p = vec(1.5);
    const kind = i % 5;
    if (kind === 1) {
      // a sliver or needle: c near the line ab, heights from 1e-9 to 1 of |ab|
      const t = 2 * r() - 0.5,
        h = 10 ** (-9 * r()) * len(sub(b, a));
      const d = vec(1);
      c = [
        a[0] + (b[0] - a[0]) * t + d[0] * h,
        a[1] + (b[1] - a[1]) * t + d[1] * h,
        a[2] + (b[2] - a[2]) * t + d[2] * h,
      ];
    } else if (kind === 2) {
      // any scale, off the origin
      const s = 10 ** (12 * r() - 6),
        o = vec(s * 10 ** (6 * r() - 3));
      [a, b, c, p] = [a, b, c, p].map((v) => v.map((x, j) => o[j] + x * s));
    } else if (kind === 3) {
      // the point on a vertex, an edge or the face
      const u = r(),
        v = r() * (1 - u);
      p = [0, 1, 2].map((j) => a[j] + (b[j] - a[j]) * u + (c[j] - a[j]) * v);
      if (i % 3 === 0) p = [a, b, c][i % 9 === 0 ? 0 : 1].slice();
    } else if (kind === 4) {
      // exactly degenerate: a repeated vertex or three collinear lattice points
      if (i % 2) c = a.slice();
      else {
        const q = (x) => Math.round(x * 64) / 64;
        a = a.map(q);
        const d = vec(1).map(q);
        b = a.map((x, j) => x + d[j]);
        c = a.map((x, j) => x + 2 * d[j]);
      }
    }
    points.set(p, 3 * i);
    triangles.set([...a, ...b, ...c], 9 * i);
  }
  const fast = s.closestPointsOnTriangles(points, triangles, undefined, FAST);
  const exact = s.closestPointsOnTriangles(points, triangles);
  let checked = 0,
    worst = 0;
  for (let i = 0; i < N; i++) {
    const p = Array.from(points.subarray(3 * i, 3 * i + 3)),
      a = Array.from(triangles.subarray(9 * i, 9 * i + 3)),
      b = Array.from(triangles.subarray(9 * i + 3, 9 * i + 6)),
      c = Array.from(triangles.subarray(9 * i + 6, 9 * i + 9));
    const L = Math.max(len(sub(b, a)), len(sub(c, a)), len(sub(c, b))),
      R = len(sub(p, a)),
      area2 = len(cross(sub(b, a), sub(c, a)));
    const kappa = area2 > 0 ? (L * L) / area2 : Infinity;
    const got = Array.from(fast.subarray(3 * i, 3 * i + 3));
    // Clearly outside the fast lanes' conditions (closest_point.hpp): the exact batch's bits.
    if (!(kappa < 32.5) || R > 64.5 * L || L * L < 2 ** -51 || L * L > 2 ** 57) {
      assert.deepEqual(bitDifferences(got, Array.from(exact.subarray(3 * i, 3 * i + 3))), [], `case ${i}: exact`);
      continue;
    }
    const want = reference(p, a, b, c),
      S = Math.max(L, R);
    const err = len(sub(got, want));
    const bound = U * (len(want) + (12 * kappa * kappa + 48 * kappa + 24) * S);
    assert.ok(err <= bound, `case ${i}: error ${err} above the bound ${bound} (kappa ${kappa})`);
    worst = Math.max(worst, (err - U * len(want)) / (U * S));
    checked++;
  }
  assert.ok(checked > 5000, `${checked} cases in the fast lanes`);
  assert.ok(worst < 64, `largest error ${worst} u S`);
});

test('closestPointsOnTriangles: non-finite input gives the same answers with { exact: false }', () => {
  const values = [NaN, Infinity, -Infinity, 3.4e38, 0];
  const points = [],
    triangles = [];
  const base = [0, 0, 0, 1, 0, 0, 0, 1, 0];
  for (let at = 0; at < 12; at++)
    for (const v of values) {
      const p = [0.25, 0.25, 1],
        t = base.slice();
      if (at < 3) p[at] = v;
      else t[at - 3] = v;
      points.push(...p);
      triangles.push(...t);
    }
  const P = new Float32Array(points),
    T = new Float32Array(triangles);
  assertSameBits(s.closestPointsOnTriangles(P, T, undefined, FAST), s.closestPointsOnTriangles(P, T), 'non-finite');
});

test('closestPointsOnTriangles options: exact by default and with { exact: true }; bad options name the argument', () => {
  const points = new Float32Array([0.2, 1, 0.2, 2, 1, 0, 0.3, -0.5, 0.1, 5, 5, 5, -1, 0.5, 0]);
  const tri = new Float32Array([0, 0, 0, 1, 0, 0, 0, 0, 1]);
  const exact = s.closestPointsOnTriangles(points, tri);
  for (const options of [undefined, {}, { exact: true }, { exact: 1 }]) {
    assertSameBits(s.closestPointsOnTriangles(points, tri, undefined, options), exact, JSON.stringify(options));
  }
  const out = new Float32Array(15);
  assert.equal(s.closestPointsOnTriangles(points, tri, out, { exact: false }), out);
  for (let i = 0; i < 15; i++) assert.ok(Math.abs(out[i] - exact[i]) <= 1e-6, `element ${Math.floor(i / 3)}`);
  for (const bad of [null, 5, 'fast', true]) {
    assert.throws(
      () => s.closestPointsOnTriangles(points, tri, undefined, bad),
      (e) => e instanceof TypeError && /closestPointsOnTriangles: argument 'options' must be an object/.test(e.message),
      String(bad),
    );
  }
  // the array checks name the public function, whichever path runs
  assert.throws(
    () => s.closestPointsOnTriangles(new Float32Array(6), new Float32Array(27), undefined, FAST),
    (e) => e instanceof RangeError && /^closestPointsOnTriangles:/.test(e.message),
  );
});
