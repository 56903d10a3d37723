// addObject3D against three.js math: on a scene of every kind the adapter reads (indexed and
// non-indexed meshes, interleaved attributes, drawRange, groups, an InstancedMesh with a
// non-uniformly scaled instance, a SkinnedMesh, morph targets, a mesh scaled non-uniformly when
// added), every World query equals the same query answered by brute force over the scene's
// world-space triangles, which three.js places (getVertexPosition: skinning and morphs; the
// instance and world matrices) and its Triangle/Ray math or plain double-precision JS measures.
// Checked as added, after moving, rotating, re-skinning and re-morphing, and after removing a
// part. Seeded. The World is float32 and the reference double, so numbers agree within TOL, and
// a query whose answer turns on a rounding-sized margin (a ray along an edge, a grazing sweep)
// may differ: those are counted and must stay rare.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as THREE from 'three';
import { loadPackage, rng } from './helpers.js';
import { skinnedCylinder } from './three-fixtures.js';

const { s } = await loadPackage();
const { addObject3D } = await import(new URL('../../dist/three.js', import.meta.url));

const N = 250; // queries per kind and phase
const TOL = 2e-4; // metres: float32 rounding of a scene some 10 m across, with room
const RARE = 3; // queries per kind and phase that may differ on a rounding-sized margin

const material = () => new THREE.MeshBasicMaterial({ side: THREE.DoubleSide });

// ---- the scene --------------------------------------------------------------------------------

/** Positions interleaved with two other floats, and a drawRange of part of the triangles. */
function interleaved() {
  const src = new THREE.IcosahedronGeometry(0.9, 1);
  const pos = src.attributes.position;
  const data = new Float32Array(pos.count * 5);
  for (let i = 0; i < pos.count; i++) data.set([i, pos.getX(i), pos.getY(i), pos.getZ(i), -i], 5 * i);
  const g = new THREE.BufferGeometry();
  g.setAttribute('position', new THREE.InterleavedBufferAttribute(new THREE.InterleavedBuffer(data, 5), 3, 1));
  g.setDrawRange(30, 150);
  return g;
}

function everyKind() {
  const root = new THREE.Group();
  root.position.set(0.5, 5, -0.3);
  root.rotation.set(0.1, 0.3, 0);
  const knot = new THREE.Mesh(new THREE.TorusKnotGeometry(0.9, 0.25, 32, 6), material());
  knot.position.set(-2, 0.5, 0);
  knot.rotation.set(0.5, 0.2, 0.9);
  const soup = new THREE.Mesh(new THREE.SphereGeometry(0.8, 10, 6).toNonIndexed(), material());
  soup.position.set(2, 0, 0.5);
  const inter = new THREE.Mesh(interleaved(), material());
  inter.position.set(0, 2, 1.5);
  const grouped = new THREE.Mesh(
    new THREE.BoxGeometry(1, 1, 1, 2, 2, 2),
    Array.from({ length: 6 }, () => material()),
  );
  grouped.geometry.groups.splice(2, 2); // two faces of the box are not drawn
  grouped.position.set(0, -1.5, 2);
  const inst = new THREE.InstancedMesh(new THREE.IcosahedronGeometry(0.35, 1), material(), 4);
  for (let i = 0; i < 4; i++) {
    const scale = i === 3 ? new THREE.Vector3(1.5, 0.6, 1) : new THREE.Vector3(1, 1, 1).multiplyScalar(1 + 0.2 * i);
    const q = new THREE.Quaternion().setFromEuler(new THREE.Euler(i, 2 * i, 0));
    inst.setMatrixAt(i, new THREE.Matrix4().compose(new THREE.Vector3(i - 1.5, -2.5, -1), q, scale));
  }
  const { mesh: skin, tip } = skinnedCylinder(0.4, 3, 10, 6, material());
  skin.position.set(0, 0, -2.5);
  tip.rotation.z = 0.5;
  const morphG = new THREE.SphereGeometry(0.7, 10, 6);
  const p = morphG.attributes.position;
  const target = new Float32Array(p.count * 3);
  for (let i = 0; i < p.count; i++) target.set([p.getX(i) * 0.5, p.getY(i) * 1.8, p.getZ(i)], 3 * i);
  morphG.morphAttributes.position = [new THREE.Float32BufferAttribute(target, 3)];
  const morph = new THREE.Mesh(morphG, material());
  morph.morphTargetInfluences = [0.6];
  morph.position.set(2, 2, -1.5);
  const slab = new THREE.Mesh(new THREE.BoxGeometry(1, 1, 1, 2, 1, 2), material());
  slab.scale.set(2.5, 0.3, 1.2); // scaled differently along each axis when added
  slab.position.set(-2, -2, 2);
  slab.rotation.y = 0.4;
  root.add(knot, soup, inter, grouped, inst, skin, morph, slab);
  // A static part added by its own call, removed later.
  const extra = new THREE.Group();
  const post = new THREE.Mesh(new THREE.CylinderGeometry(0.3, 0.3, 6, 8), material());
  post.position.set(3.5, 5, 3);
  extra.add(post);
  return {
    root,
    extra,
    knot,
    soup,
    inst,
    skin,
    tip,
    morph,
    slab,
    meshes: [knot, soup, inter, grouped, inst, skin, morph, slab],
  };
}

// ---- the reference: the scene's world-space triangles, placed by three.js ----------------------

/** Faces three.js draws: drawRange, and with a material array the groups' ranges (Mesh.raycast's loops). */
function drawnFaces(mesh) {
  const g = mesh.geometry;
  const count = g.index !== null ? g.index.count : g.attributes.position.count;
  const lo = Math.max(0, g.drawRange.start),
    hi = Math.min(count, g.drawRange.start + g.drawRange.count);
  const ranges = Array.isArray(mesh.material) ? g.groups.map((gr) => [gr.start, gr.start + gr.count]) : [[0, count]];
  const faces = new Set();
  for (const [a, b] of ranges) for (let j = Math.max(a, lo); j + 3 <= Math.min(b, hi); j += 3) faces.add(j / 3);
  return [...faces];
}

/** Every drawn triangle of `meshes` in world space: { key, object, instanceId, faceIndex, tri, box, sphere }. */
function worldTriangles(meshes) {
  const out = [];
  const v = [new THREE.Vector3(), new THREE.Vector3(), new THREE.Vector3()];
  const im = new THREE.Matrix4();
  for (const mesh of meshes) {
    mesh.updateWorldMatrix(true, false);
    const index = mesh.geometry.index;
    const instances = mesh.isInstancedMesh ? mesh.count : 1;
    for (let i = 0; i < instances; i++) {
      if (mesh.isInstancedMesh) mesh.getMatrixAt(i, im);
      for (const f of drawnFaces(mesh)) {
        for (let k = 0; k < 3; k++) {
          mesh.getVertexPosition(index !== null ? index.getX(3 * f + k) : 3 * f + k, v[k]);
          if (mesh.isInstancedMesh) v[k].applyMatrix4(im);
          v[k].applyMatrix4(mesh.matrixWorld);
        }
        const tri = new THREE.Triangle(v[0].clone(), v[1].clone(), v[2].clone());
        const box = new THREE.Box3().setFromPoints([tri.a, tri.b, tri.c]);
        const sphere = box.getBoundingSphere(new THREE.Sphere());
        const instanceId = mesh.isInstancedMesh ? i : undefined;
        out.push({ key: `${mesh.id}/${instanceId}/${f}`, object: mesh, instanceId, faceIndex: f, tri, box, sphere });
      }
    }
  }
  return out;
}

// ---- double-precision distances ---------------------------------------------------------------

const _cp = new THREE.Vector3();
const _ray = new THREE.Ray();
const _hit = new THREE.Vector3();

function pointTriangle(p, t) {
  return t.tri.closestPointToPoint(p, _cp).distanceTo(p);
}

/** Distance between segments p0p1 and q0q1 (Ericson, Real-Time Collision Detection 5.1.9). */
function segmentSegment(p0, p1, q0, q1) {
  const d1x = p1.x - p0.x,
    d1y = p1.y - p0.y,
    d1z = p1.z - p0.z;
  const d2x = q1.x - q0.x,
    d2y = q1.y - q0.y,
    d2z = q1.z - q0.z;
  const rx = p0.x - q0.x,
    ry = p0.y - q0.y,
    rz = p0.z - q0.z;
  const a = d1x * d1x + d1y * d1y + d1z * d1z,
    e = d2x * d2x + d2y * d2y + d2z * d2z,
    f = d2x * rx + d2y * ry + d2z * rz;
  const clamp = (x) => Math.min(Math.max(x, 0), 1);
  let s = 0,
    t = 0;
  if (a === 0 && e === 0) return Math.hypot(rx, ry, rz);
  if (a === 0) t = clamp(f / e);
  else {
    const c = d1x * rx + d1y * ry + d1z * rz;
    if (e === 0) s = clamp(-c / a);
    else {
      const b = d1x * d2x + d1y * d2y + d1z * d2z,
        denom = a * e - b * b;
      s = denom > 0 ? clamp((b * f - c * e) / denom) : 0;
      t = (b * s + f) / e;
      if (t < 0) {
        t = 0;
        s = clamp(-c / a);
      } else if (t > 1) {
        t = 1;
        s = clamp((b - c) / a);
      }
    }
  }
  return Math.hypot(rx + d1x * s - d2x * t, ry + d1y * s - d2y * t, rz + d1z * s - d2z * t);
}

/** Distance between segment p0p1 and a triangle: 0 when it pierces it, else at an end or an edge. */
function segmentTriangle(p0, p1, t) {
  const len = p0.distanceTo(p1);
  if (len > 0) {
    _ray.origin.copy(p0);
    _ray.direction.copy(p1).sub(p0).divideScalar(len);
    if (_ray.intersectTriangle(t.tri.a, t.tri.b, t.tri.c, false, _hit) && _hit.distanceTo(p0) <= len) return 0;
  }
  const { a, b, c } = t.tri;
  return Math.min(
    pointTriangle(p0, t),
    pointTriangle(p1, t),
    segmentSegment(p0, p1, a, b),
    segmentSegment(p0, p1, b, c),
    segmentSegment(p0, p1, c, a),
  );
}

/** First s in [0, max] where clearance(s) <= 0, for a clearance convex in s; Infinity if none. */
function firstContact(clearance, max) {
  if (clearance(0) <= 0) return 0;
  let lo = 0,
    hi = max;
  for (let i = 0; i < 45; i++) {
    const m1 = lo + (hi - lo) / 3,
      m2 = hi - (hi - lo) / 3;
    if (clearance(m1) <= clearance(m2)) hi = m2;
    else lo = m1;
  }
  const best = (lo + hi) / 2;
  if (clearance(best) > 0) return Infinity;
  lo = 0;
  hi = best;
  for (let i = 0; i < 45; i++) {
    const m = (lo + hi) / 2;
    if (clearance(m) > 0) lo = m;
    else hi = m;
  }
  return hi;
}

const _segment = new THREE.Line3();
const _on = new THREE.Vector3();

/** Whether the triangle's bounding sphere comes within r of the segment p0p1 (a cheap cull). */
function near(t, p0, p1, r) {
  _segment.set(p0, p1).closestPointToPoint(t.sphere.center, true, _on);
  return _on.distanceTo(t.sphere.center) <= t.sphere.radius + r;
}

// ---- the queries, by brute force --------------------------------------------------------------

/** Every triangle the ray crosses within max: [{ t, d }] sorted by distance. */
function rayAll(tris, o, d, max) {
  _ray.origin.copy(o);
  _ray.direction.copy(d);
  const out = [];
  for (const t of tris) {
    if (!_ray.intersectsBox(t.box) && !t.box.containsPoint(o)) continue;
    if (_ray.intersectTriangle(t.tri.a, t.tri.b, t.tri.c, false, _hit) === null) continue;
    const dist = _hit.distanceTo(o);
    if (dist <= max) out.push({ t, d: dist });
  }
  return out.sort((x, y) => x.d - y.d);
}

/**
 * The earliest s in [0, max] at which a point moving from `from` along unit `dir` comes within
 * `reach` of the triangle's bounding sphere: no contact happens before it. Infinity if never.
 */
function earliest(t, from, dir, max, reach) {
  const R = t.sphere.radius + reach;
  const toC = t.sphere.center.clone().sub(from);
  const along = toC.dot(dir);
  const perp2 = toC.lengthSq() - along * along;
  if (perp2 > R * R) return Infinity;
  const s = Math.max(0, along - Math.sqrt(R * R - perp2));
  return s <= max ? s : Infinity;
}

/** The first contact over the triangles, visited by their earliest possible contact. */
function firstOver(tris, from, dir, max, reach, clearance) {
  const candidates = [];
  for (const t of tris) {
    const lb = earliest(t, from, dir, max, reach);
    if (lb < Infinity) candidates.push({ t, lb });
  }
  candidates.sort((x, y) => x.lb - y.lb);
  let best = { d: Infinity, t: null };
  for (const { t, lb } of candidates) {
    if (lb > best.d) break;
    const s = firstContact((u) => clearance(t, u), max);
    if (s < best.d) best = { d: s, t };
  }
  return best;
}

function sweepSphere(tris, c, r, dir, max) {
  const at = new THREE.Vector3();
  return firstOver(tris, c, dir, max, r, (t, u) => pointTriangle(at.copy(c).addScaledVector(dir, u), t) - r);
}

function sweepCapsule(tris, a, b, r, dir, max) {
  const mid = a.clone().add(b).multiplyScalar(0.5);
  const pa = new THREE.Vector3(),
    pb = new THREE.Vector3();
  return firstOver(
    tris,
    mid,
    dir,
    max,
    r + a.distanceTo(b) / 2,
    (t, u) => segmentTriangle(pa.copy(a).addScaledVector(dir, u), pb.copy(b).addScaledVector(dir, u), t) - r,
  );
}

/** Height of the triangle under (x, z) seen from fromY downward, or -Infinity. */
function heightUnder(t, x, z, fromY) {
  _ray.origin.set(x, fromY, z);
  _ray.direction.set(0, -1, 0);
  return _ray.intersectTriangle(t.tri.a, t.tri.b, t.tri.c, false, _hit) === null ? -Infinity : _hit.y;
}

// ---- comparing --------------------------------------------------------------------------------

const V = (p) => new THREE.Vector3(p.x, p.y, p.z);

function compareAll(world, handles, tris, seed, phase) {
  const r = rng(seed);
  const keyOf = (object, triangle) => {
    for (const h of handles) {
      const who = h.lookup(object, triangle);
      if (who !== null) return `${who.object.id}/${who.instanceId}/${who.faceIndex}`;
    }
    return `unknown ${object}/${triangle}`;
  };
  const byKey = new Map(tris.map((t) => [t.key, t]));
  const box = new THREE.Box3();
  for (const t of tris) box.union(t.box);
  const centre = box.getCenter(new THREE.Vector3()),
    size = box.getSize(new THREE.Vector3());
  const around = (grow) =>
    new THREE.Vector3(
      centre.x + (r() - 0.5) * size.x * grow,
      centre.y + (r() - 0.5) * size.y * grow,
      centre.z + (r() - 0.5) * size.z * grow,
    );
  /** A start around the scene and a unit direction toward a point near a random triangle. */
  const aimed = () => {
    const o = around(1.6);
    const t = tris[Math.floor(r() * tris.length)].tri;
    const target = t.getMidpoint(new THREE.Vector3()).add(new THREE.Vector3(r() - 0.5, r() - 0.5, r() - 0.5));
    return { o, d: target.sub(o).normalize() };
  };
  const differ = {};
  const hits = {};
  const count = (kind, same, hit) => {
    differ[kind] = (differ[kind] ?? 0) + (same ? 0 : 1);
    hits[kind] = (hits[kind] ?? 0) + (hit ? 1 : 0);
  };
  /** A first hit like `want`: at its distance, on its triangle or on one reached there too. */
  const firstSame = (got, want, reach) => {
    if (got.hit !== (want.t !== null)) return false;
    if (!got.hit) return true;
    const named = byKey.get(keyOf(got.object, got.triangle));
    return (
      Math.abs(got.distance - want.d) <= TOL &&
      named !== undefined &&
      (named === want.t || Math.abs(reach(named) - want.d) <= TOL)
    );
  };

  for (let k = 0; k < N; k++) {
    // Rays: the nearest hit (and the one the World names is hit there too), any, all, a segment.
    const { o, d } = aimed();
    const max = r() < 0.3 ? r() * size.length() : Infinity;
    const all = rayAll(tris, o, d, max);
    const want = all.length > 0 ? { t: all[0].t, d: all[0].d } : { t: null, d: Infinity };
    const at = (t) => rayAll([t], o, d, Infinity)[0]?.d ?? Infinity;
    count('raycast', firstSame(world.raycast(o, d, max), want, at), want.t !== null);
    count('raycastAny', world.raycastAny(o, d, max) === (want.t !== null), want.t !== null);
    const got = world.raycastAll(o, d, max);
    const gotKeys = got.map((c) => keyOf(c.object, c.triangle)).sort();
    const wantKeys = all.map((c) => c.t.key).sort();
    const sorted = got.every((c, i) => i === 0 || c.distance >= got[i - 1].distance);
    count('raycastAll', sorted && JSON.stringify(gotKeys) === JSON.stringify(wantKeys), all.length > 0);
    const to = o.clone().addScaledVector(d, 2 + r() * size.length());
    const seg = rayAll(tris, o, d, o.distanceTo(to));
    const segWant = seg.length > 0 ? { t: seg[0].t, d: seg[0].d } : { t: null, d: Infinity };
    count('intersectSegment', firstSame(world.intersectSegment(o, to), segWant, at), segWant.t !== null);

    // Sweeps: a sphere and a capsule over a finite distance.
    const radius = 0.05 + r() * 0.4;
    const reach = 1 + r() * size.length();
    const c = aimed();
    const sphereWant = sweepSphere(tris, c.o, radius, c.d, reach);
    const sphereAt = (t) => sweepSphere([t], c.o, radius, c.d, reach).d;
    count(
      'sphereCast',
      firstSame(world.sphereCast(c.o, radius, c.d, reach), sphereWant, sphereAt),
      sphereWant.t !== null,
    );
    const axis = new THREE.Vector3(r() - 0.5, r() - 0.5, r() - 0.5).setLength(0.2 + r());
    const a = c.o.clone().sub(axis),
      b = c.o.clone().add(axis);
    const capWant = sweepCapsule(tris, a, b, radius, c.d, reach);
    const capAt = (t) => sweepCapsule([t], a, b, radius, c.d, reach).d;
    count('capsuleCast', firstSame(world.capsuleCast(a, b, radius, c.d, reach), capWant, capAt), capWant.t !== null);

    // Overlaps: the same set of triangles, leaving out those within TOL of touching.
    const p = around(1.1);
    const rr = 0.2 + r() * 1.2;
    const setSame = (contacts, dist) => {
      const got = new Set(contacts.map((x) => keyOf(x.object, x.triangle)));
      for (const t of tris) {
        const g = dist(t);
        if (Math.abs(g - rr) <= TOL) continue;
        if (g < rr !== got.has(t.key)) return false;
      }
      return got.size === contacts.length;
    };
    const sphereContacts = world.overlapSphere(p, rr);
    count(
      'overlapSphere',
      setSame(sphereContacts, (t) => pointTriangle(p, t)),
      sphereContacts.length > 0,
    );
    const q = p.clone().add(axis);
    const capsuleContacts = world.overlapCapsule(p, q, rr);
    count(
      'overlapCapsule',
      setSame(capsuleContacts, (t) => (near(t, p, q, rr + 1) ? segmentTriangle(p, q, t) : Infinity)),
      capsuleContacts.length > 0,
    );

    // The closest point: its distance is the least, and it lies on the triangle it names.
    const far = r() < 0.3 ? r() * 2 : Infinity;
    let least = Infinity;
    for (const t of tris) least = Math.min(least, pointTriangle(p, t));
    const cp = world.closestPoint(p, far);
    const cpHit = least <= far;
    count(
      'closestPoint',
      Math.abs(least - far) <= TOL ||
        (cp.hit === cpHit &&
          (!cpHit ||
            (Math.abs(cp.distance - least) <= TOL &&
              Math.abs(V(cp.point).distanceTo(p) - least) <= TOL &&
              byKey.has(keyOf(cp.object, cp.triangle)) &&
              pointTriangle(V(cp.point), byKey.get(keyOf(cp.object, cp.triangle))) <= TOL))),
      cpHit,
    );

    // The floor: the highest surface at or below fromY, seen from above.
    // Over a random triangle, so that most columns hold something.
    const under = tris[Math.floor(r() * tris.length)].tri;
    const u = r(),
      w = r() * (1 - u);
    const column = under.a
      .clone()
      .multiplyScalar(1 - u - w)
      .addScaledVector(under.b, u)
      .addScaledVector(under.c, w);
    const fromY = column.y + (r() - 0.3) * 3;
    p.copy(column);
    let top = -Infinity;
    for (const t of tris) {
      if (p.x < t.box.min.x || p.x > t.box.max.x || p.z < t.box.min.z || p.z > t.box.max.z) continue;
      const h = heightUnder(t, p.x, p.z, fromY);
      if (h > top) top = h;
    }
    const fl = world.floor(p.x, p.z, fromY);
    const height = world.floorHeight(p.x, p.z, fromY);
    count(
      'floor',
      fl.hit === top > -Infinity &&
        (top === -Infinity
          ? height === null
          : Math.abs(fl.height - top) <= TOL &&
            height === fl.height &&
            byKey.has(keyOf(fl.object, fl.triangle)) &&
            Math.abs(heightUnder(byKey.get(keyOf(fl.object, fl.triangle)), p.x, p.z, fromY + TOL) - top) <= TOL),
      top > -Infinity,
    );
  }
  if (process.env.SHOTOTSU_TEST_VERBOSE) console.log(phase, JSON.stringify({ differ, hits }));
  for (const kind of Object.keys(differ)) {
    assert.ok(differ[kind] <= RARE, `${phase}: ${kind} differs on ${differ[kind]} of ${N} queries`);
    assert.ok(hits[kind] >= N / 5, `${phase}: ${kind} finds something on ${hits[kind]} of ${N} queries`);
  }
  return differ;
}

test('addObject3D: every World query equals brute force over three.js world-space triangles, as added, moved, re-posed and removed', () => {
  const scene = everyKind();
  const world = new s.World();
  const handle = addObject3D(world, scene.root, { dynamic: true });
  const extra = addObject3D(world, scene.extra);
  const meshes = [...scene.meshes, ...scene.extra.children];
  // 8 meshes, 4 instances for the one InstancedMesh, and the static post.
  assert.equal(world.objectCount, 7 + 4 + 1);
  const report = {};
  report.added = compareAll(world, [handle, extra], worldTriangles(meshes), 1601, 'as added');

  // Move, rotate, re-skin and re-morph; the scale each had when added stays.
  scene.root.rotation.y += 0.5;
  scene.knot.position.y += 1;
  scene.knot.rotation.x += 0.7;
  scene.soup.rotation.z += 1;
  scene.slab.rotation.y += 0.8;
  scene.slab.position.x += 0.5;
  scene.inst.rotation.x = 0.4;
  scene.tip.rotation.z = -0.9;
  scene.morph.morphTargetInfluences[0] = 0.1;
  scene.root.updateMatrixWorld(true);
  handle.update();
  world.update(1 / 60);
  report.moved = compareAll(world, [handle, extra], worldTriangles(meshes), 1602, 'moved');

  extra.remove();
  assert.equal(world.objectCount, 7 + 4);
  report.removed = compareAll(world, [handle], worldTriangles(scene.meshes), 1603, 'after removing the post');
  handle.remove();
  assert.equal(world.objectCount, 0);
  world.dispose();
});

test('World.addMesh takes an index three.js keeps as Uint8Array (glTF UNSIGNED_BYTE) like a Uint32Array one', () => {
  const g = new THREE.IcosahedronGeometry(1, 1);
  g.setIndex([...Array(g.attributes.position.count).keys()]); // 240 vertices: indices fit a byte
  const positions = g.attributes.position.array;
  const small = new s.World(),
    wide = new s.World();
  small.addMesh(positions, Uint8Array.from(g.index.array));
  wide.addMesh(positions, Uint32Array.from(g.index.array));
  const r = rng(1604);
  let hits = 0;
  for (let k = 0; k < 50; k++) {
    const o = { x: (r() - 0.5) * 6, y: (r() - 0.5) * 6, z: 3 };
    const d = new THREE.Vector3(-o.x * r(), -o.y * r(), -3).normalize();
    const a = small.raycast(o, d),
      b = wide.raycast(o, d);
    assert.deepEqual(a, b);
    hits += a.hit ? 1 : 0;
  }
  assert.ok(hits > 10, `${hits} hits`);
  assert.throws(
    () => small.addMesh(Int16Array.from(positions)),
    /World.addMesh: argument 'positions' must be a Float32Array/,
  );
  small.dispose();
  wide.dispose();
});
