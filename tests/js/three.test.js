// The package against three.js (r187) where it answers the same question, on 10^4 seeded random
// cases each. Inputs are float32 values, so both libraries see exactly the same numbers.
//
// Tolerance: three.js computes in double and returns doubles; we return float32 roundings of
// (near-)exact answers. Points must agree within TOL = 2^-20 (~8 float32 ulps) of the case's
// scale (the largest coordinate involved, at least 1); yes/no answers must agree exactly except
// where the case is within that tolerance of touching (a grazing ray, spheres touching), where
// rounding may decide either way — such cases are counted and must stay rare.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as THREE from 'three';
import { loadPackage, rng } from './helpers.js';

const { s } = await loadPackage();
const CASES = 10_000;
const TOL = 2 ** -20;
const f = Math.fround;

/** Random float32 vectors in [-k, k]^3 as THREE.Vector3, sometimes snapped to a grid (ties). */
function vectors(seed) {
  const r = rng(seed);
  return (k = 1, snap = false) => {
    const c = () => (snap ? (Math.round((r() * 2 - 1) * 4) / 4) * k : f((r() * 2 - 1) * k));
    return new THREE.Vector3(c(), c(), c());
  };
}
const scaleOf = (...vs) => Math.max(1, ...vs.flatMap((v) => [Math.abs(v.x), Math.abs(v.y), Math.abs(v.z)]));
const near = (a, b, tol) => Math.abs(a.x - b.x) <= tol && Math.abs(a.y - b.y) <= tol && Math.abs(a.z - b.z) <= tol;

test('closestPointOnTriangle agrees with Triangle.closestPointToPoint within TOL on 10^4 cases', () => {
  const v = vectors(1),
    tri = new THREE.Triangle(),
    target = new THREE.Vector3();
  let worst = 0;
  for (let k = 0; k < CASES; k++) {
    const p = v(3),
      a = v(),
      b = v(),
      c = v();
    tri.set(a, b, c).closestPointToPoint(p, target);
    const ours = s.closestPointOnTriangle(p, a, b, c).point;
    const err =
      Math.max(Math.abs(ours.x - target.x), Math.abs(ours.y - target.y), Math.abs(ours.z - target.z)) /
      scaleOf(p, a, b, c);
    worst = Math.max(worst, err);
    assert.ok(err <= TOL, `case ${k}: ours ${JSON.stringify(ours)} three ${JSON.stringify(target)}`);
  }
  assert.ok(worst > 0, 'the comparison saw rounding differences at all');
});

test('intersectRayTriangle agrees with Ray.intersectTriangle (both sides) on 10^4 cases', () => {
  const v = vectors(2),
    r = rng(22),
    ray = new THREE.Ray(),
    target = new THREE.Vector3();
  let hits = 0,
    grazing = 0;
  for (let k = 0; k < CASES; k++) {
    const o = v(2),
      a = v(),
      b = v(),
      c = v();
    // aimed at a point of the triangle, give or take: most rays hit, some pass an edge closely
    const u = r(),
      w = r() * (1 - u);
    const aim = a
      .clone()
      .multiplyScalar(1 - u - w)
      .addScaledVector(b, u)
      .addScaledVector(c, w)
      .add(v(0.15));
    const d = aim.sub(o);
    d.set(f(d.x), f(d.y), f(d.z));
    const three = ray.set(o, d).intersectTriangle(a, b, c, false, target);
    const sHit = s.intersectRayTriangle(o, d, a, b, c);
    if ((three !== null) !== (sHit !== null)) {
      // Only where the ray grazes an edge or vertex (within TOL) may rounding decide differently.
      assert.ok(grazesEdge(o, d, a, b, c, TOL), `case ${k}: three ${three && target.toArray()} ours ${sHit}`);
      grazing++;
      continue;
    }
    if (sHit === null) continue;
    hits++;
    const ours = o.clone().addScaledVector(d, sHit);
    assert.ok(
      near(ours, target, TOL * scaleOf(o, a, b, c, ours)),
      `case ${k}: ours ${ours.toArray()} three ${target.toArray()}`,
    );
  }
  assert.ok(hits > CASES / 5, `${hits} hits`);
  assert.ok(grazing <= CASES / 1000, `${grazing} grazing disagreements`);
});

/** Whether the ray's crossing of the triangle's plane is within `tol` (relative) of its boundary. */
function grazesEdge(o, d, a, b, c, tol) {
  const n = new THREE.Vector3().subVectors(b, a).cross(new THREE.Vector3().subVectors(c, a));
  const denom = n.dot(d);
  if (Math.abs(denom) < 1e-12) return true; // parallel: either answer is rounding
  const t = n.dot(new THREE.Vector3().subVectors(a, o)) / denom;
  const q = o.clone().addScaledVector(d, t);
  const bary = new THREE.Triangle(a, b, c).getBarycoord(q, new THREE.Vector3());
  return (
    bary !== null &&
    Math.min(bary.x, bary.y, bary.z) > -tol * 64 &&
    Math.min(Math.abs(bary.x), Math.abs(bary.y), Math.abs(bary.z)) < tol * 64
  );
}

test('intersectSegmentSphere agrees with Ray.intersectSphere from outside on 10^4 cases', () => {
  const v = vectors(3),
    r = rng(33),
    ray = new THREE.Ray(),
    target = new THREE.Vector3();
  let hits = 0,
    grazing = 0,
    tried = 0;
  for (let k = 0; tried < CASES; k++) {
    const o = v(4),
      center = v(),
      radius = f(0.1 + r());
    if (o.distanceTo(center) <= radius) continue; // three.js reports the exit point from inside
    tried++;
    const d = v().sub(o).add(v(0.5)).normalize();
    d.set(f(d.x), f(d.y), f(d.z));
    const to = o.clone().addScaledVector(d, 16);
    to.set(f(to.x), f(to.y), f(to.z));
    // the same line as our segment (three.js wants a unit direction)
    const three = ray.set(o, to.clone().sub(o).normalize()).intersectSphere(new THREE.Sphere(center, radius), target);
    const ours = s.intersectSegmentSphere(o, to, center, radius);
    const tol = TOL * 16;
    if ((three !== null) !== ours.hit) {
      const miss = ray.distanceToPoint(center) - radius; // grazing: the line passes within tol of the surface
      assert.ok(Math.abs(miss) <= tol, `case ${k}: three ${three !== null} ours ${ours.hit}`);
      grazing++;
      continue;
    }
    if (!ours.hit) continue;
    hits++;
    assert.ok(near(ours.point, target, tol), `case ${k}: ours ${JSON.stringify(ours.point)} three ${target.toArray()}`);
  }
  assert.ok(hits > CASES / 5, `${hits} hits`);
  assert.ok(grazing <= CASES / 1000, `${grazing} grazing disagreements`);
});

test('intersectSegmentAABB agrees with Ray.intersectBox from outside on 10^4 cases', () => {
  const v = vectors(4),
    r = rng(44),
    ray = new THREE.Ray(),
    target = new THREE.Vector3();
  let hits = 0,
    grazing = 0,
    tried = 0;
  for (let k = 0; tried < CASES; k++) {
    const snap = k % 5 === 0;
    const box = new THREE.Box3().setFromPoints([v(1, snap), v(1, snap)]);
    const o = v(4, snap);
    if (box.containsPoint(o)) continue; // three.js reports the exit point from inside
    tried++;
    // aimed at a point of the box, give or take
    const size = box.getSize(new THREE.Vector3());
    const aim = new THREE.Vector3(box.min.x + size.x * r(), box.min.y + size.y * r(), box.min.z + size.z * r()).add(
      v(0.2),
    );
    const to = o.clone().addScaledVector(aim.sub(o), 4);
    to.set(f(to.x), f(to.y), f(to.z));
    const three = ray.set(o, to.clone().sub(o)).intersectBox(box, target);
    const ours = s.intersectSegmentAABB(o, to, box.min, box.max);
    const tol = TOL * 16;
    if ((three !== null) !== ours.hit) {
      assert.ok(grazesBox(o, to, box, tol), `case ${k}: three ${three !== null} ours ${ours.hit}`);
      grazing++;
      continue;
    }
    if (!ours.hit) continue;
    hits++;
    assert.ok(near(ours.point, target, tol), `case ${k}: ours ${JSON.stringify(ours.point)} three ${target.toArray()}`);
  }
  assert.ok(hits > CASES / 5, `${hits} hits`);
  assert.ok(grazing <= CASES / 100, `${grazing} grazing disagreements`);
});

/** Whether the segment passes within `tol` of the box's surface without entering it by more. */
function grazesBox(o, to, box, tol) {
  const grown = box.clone().expandByScalar(tol),
    shrunk = box.clone().expandByScalar(-tol);
  const hitsGrown = new THREE.Ray(o, to.clone().sub(o)).intersectBox(grown, new THREE.Vector3());
  const hitsShrunk = new THREE.Ray(o, to.clone().sub(o)).intersectBox(shrunk, new THREE.Vector3());
  return hitsGrown !== null && (hitsShrunk === null || hitsShrunk.distanceTo(o) > to.distanceTo(o) - tol);
}

test('aabbOverlapsAABB and aabbAABB.hit agree exactly with Box3.intersectsBox (touching included) on 10^4 cases', () => {
  const v = vectors(5);
  let overlaps = 0;
  for (let k = 0; k < CASES; k++) {
    const snap = k % 2 === 0; // grid boxes: many exactly touching
    const a = new THREE.Box3().setFromPoints([v(1, snap), v(1, snap)]);
    const b = new THREE.Box3().setFromPoints([v(1, snap), v(1, snap)]);
    const three = a.intersectsBox(b);
    overlaps += three;
    assert.equal(s.aabbOverlapsAABB(a.min, a.max, b.min, b.max), three, `case ${k}`);
    assert.equal(s.aabbAABB(a.min, a.max, b.min, b.max).hit, three, `case ${k}`);
  }
  assert.ok(overlaps > CASES / 10 && overlaps < CASES * 0.9, `${overlaps} overlaps`);
});

test('sphereSphere, aabbSphere and the containment tests agree with Sphere/Box3 on 10^4 cases each', () => {
  const v = vectors(6),
    r = rng(66);
  let touching = 0,
    yes = 0;
  for (let k = 0; k < CASES; k++) {
    const snap = k % 3 === 0;
    const ca = v(1, snap),
      cb = v(1, snap),
      p = v(1.5, snap);
    const ra = snap ? Math.round(r() * 4) / 4 : f(r()),
      rb = snap ? Math.round(r() * 4) / 4 : f(r());
    const sa = new THREE.Sphere(ca, ra),
      sb = new THREE.Sphere(cb, rb);
    const box = new THREE.Box3().setFromPoints([v(1, snap), v(1, snap)]);
    // three.js: distanceSq <= (ra + rb)^2 in double — ours decides in double too.
    const three = sa.intersectsSphere(sb);
    const ours = s.sphereSphere(ca, ra, cb, rb).hit;
    const margin = ca.distanceToSquared(cb) - (ra + rb) ** 2;
    if (ours !== three) {
      assert.ok(Math.abs(margin) <= TOL, `sphereSphere case ${k}: margin ${margin}`);
      touching++;
    }
    yes += three;
    const threeBox = box.intersectsSphere(sb);
    if (s.aabbSphere(box.min, box.max, cb, rb).hit !== threeBox) {
      assert.ok(Math.abs(box.distanceToPoint(cb) - rb) <= TOL, `aabbSphere case ${k}`);
      touching++;
    }
    assert.equal(s.aabbContainsPoint(box.min, box.max, p), box.containsPoint(p), `aabbContainsPoint case ${k}`);
    const inSphere = sa.containsPoint(p);
    if (s.sphereContainsPoint(ca, ra, p) !== inSphere) {
      assert.ok(Math.abs(p.distanceToSquared(ca) - ra * ra) <= TOL, `sphereContainsPoint case ${k}`);
      touching++;
    }
    const clamped = box.clampPoint(p, new THREE.Vector3()),
      q = s.closestPointOnAABB(p, box.min, box.max);
    assert.ok(q.x === clamped.x && q.y === clamped.y && q.z === clamped.z, `closestPointOnAABB case ${k}`); // -0 == +0
  }
  assert.ok(yes > CASES / 10, `${yes} sphere overlaps`);
  assert.ok(touching <= CASES / 1000, `${touching} touching disagreements`);
});

test("aabbTransform holds Box3.applyMatrix4's box and is no larger than it by more than TOL, on 10^4 cases", () => {
  const v = vectors(7),
    r = rng(77);
  for (let k = 0; k < CASES; k++) {
    const box = new THREE.Box3().setFromPoints([v(), v()]);
    const m = new THREE.Matrix4().compose(
      v(3),
      new THREE.Quaternion(r() - 0.5, r() - 0.5, r() - 0.5, r() - 0.5).normalize(),
      v(2),
    );
    m.elements.forEach((e, i) => (m.elements[i] = f(e)));
    const three = box.clone().applyMatrix4(m); // the 8 corners, in double
    const ours = s.aabbTransform(box.min, box.max, m);
    const tol = TOL * scaleOf(three.min, three.max);
    for (const axis of ['x', 'y', 'z']) {
      assert.ok(
        ours.min[axis] <= three.min[axis] + tol && ours.min[axis] >= three.min[axis] - tol,
        `case ${k} min.${axis}`,
      );
      assert.ok(
        ours.max[axis] >= three.max[axis] - tol && ours.max[axis] <= three.max[axis] + tol,
        `case ${k} max.${axis}`,
      );
    }
  }
});
