// The package's public contract as a user meets it: names, plain results, the conventions of
// results.hpp (t a fraction, starting inside gives t = 0, misses give t = 1), THREE.Vector3
// accepted, the World's life cycle and a three.js BufferGeometry added as a mesh.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as THREE from 'three';
import { loadPackage, root } from './helpers.js';

const { s, pkg } = await loadPackage();
const V = (x, y, z) => ({ x, y, z });
const isPlain = (o) => Object.getPrototypeOf(o) === Object.prototype;

test("version is package.json's, as an export and on the API", () => {
  const { version } = JSON.parse(readFileSync(`${root}package.json`, 'utf8'));
  assert.equal(pkg.version, version);
  assert.equal(s.version, version);
});

test('init() returns one shared instance; init(options) a new one', async () => {
  assert.equal(await pkg.init(), s);
  const other = await pkg.init({});
  assert.notEqual(other, s);
  assert.equal(other.closestPointOnTriangle(V(1, 1, 1), V(0, 0, 0), V(1, 0, 0), V(0, 0, 1)).region, 'BC');
});

test("the issue's public names are all there", () => {
  for (const name of [
    'closestPointOnTriangle',
    'explainClosestPointOnTriangle',
    'triangleSphere',
    'triangleBoundingSphere',
    'triangleCircumsphere',
    'sweepSpherePlane',
    'sweepSphereTriangle',
    'floorHeight',
    'intersectSegmentPlane',
    'intersectSegmentSphere',
    'intersectSegmentAABB',
    'intersectSegmentTriangle',
    'intersectSegmentCapsule',
    'sweepSphereSphere',
    'sweepCapsuleTriangle',
    'sphereSphere',
    'aabbAABB',
    'aabbSphere',
    'capsuleCapsule',
    'obbOBB',
    'obbSphere',
    'triangleCapsule',
    'sphereContainsPoint',
    'convexPolygonContainsPoint',
    'pushOutAABBAABB',
    'reflect',
    'closestPointsOnTriangles',
  ]) {
    assert.equal(typeof s[name], 'function', name);
  }
  assert.equal(typeof s.World, 'function');
});

test('THREE.Vector3 in, plain {x, y, z} out; regions as strings', () => {
  const r = s.closestPointOnTriangle(
    new THREE.Vector3(2, 1, -1),
    new THREE.Vector3(0, 0, 0),
    new THREE.Vector3(1, 0, 0),
    new THREE.Vector3(0, 0, 1),
  );
  assert.deepEqual(r, { point: V(1, 0, 0), region: 'B', barycentric: V(0, 1, 0), degenerate: false });
  assert.ok(isPlain(r) && isPlain(r.point) && isPlain(r.barycentric));
  const seen = new Set();
  for (const p of [V(-1, 0, -1), V(2, 0, -1), V(-1, 0, 2), V(0.5, 0, -1), V(1, 0, 1), V(-1, 0, 0.5), V(0.2, 3, 0.2)]) {
    seen.add(s.closestPointOnTriangle(p, V(0, 0, 0), V(1, 0, 0), V(0, 0, 1)).region);
  }
  assert.deepEqual([...seen].sort(), ['A', 'AB', 'B', 'BC', 'C', 'CA', 'face']);
  const collapsed = s.closestPointOnTriangle(V(5, 1, 0), V(0, 0, 0), V(1, 0, 0), V(2, 0, 0));
  assert.equal(collapsed.degenerate, true);
  assert.equal(collapsed.region, 'C', 'a zero-area triangle reports the vertex it collapsed to');
  assert.equal(
    s.closestPointOnTriangle(V(1.5, 1, 0), V(0, 0, 0), V(1, 0, 0), V(2, 0, 0)).region,
    'BC',
    '… or the edge',
  );
});

test('explainClosestPointOnTriangle gives the steps with their numbers', () => {
  const e = s.explainClosestPointOnTriangle(V(0.25, 1, 0.25), V(0, 0, 0), V(1, 0, 0), V(0, 0, 1));
  assert.equal(e.region, 'face');
  assert.deepEqual(
    e.tests.map((t) => t.region),
    ['A', 'B', 'AB', 'C', 'CA', 'BC', 'face'],
  );
  assert.deepEqual(
    e.tests.map((t) => t.passed),
    [false, false, false, false, false, false, true],
  );
  assert.equal(e.tests[0].condition, 'd1 <= 0 && d2 <= 0');
  assert.deepEqual(e.dots, { d1: 0.25, d2: 0.25, d3: -0.75, d4: 0.25, d5: 0.25, d6: -0.75 });
  assert.deepEqual(e.lagrange, { va: 0.5, vb: 0.25, vc: 0.25 });
});

test('segment casts: t is a fraction in [0, 1]; starting inside gives t = 0; a miss gives t = 1', () => {
  const from = V(0, 5, 0),
    to = V(0, -5, 0),
    inside = V(0, 0.1, 0);
  const casts = {
    plane: (a, b) => s.intersectSegmentPlane(a, b, V(0, 1, 0), V(0, 0, 0)),
    sphere: (a, b) => s.intersectSegmentSphere(a, b, V(0, 0, 0), 1),
    aabb: (a, b) => s.intersectSegmentAABB(a, b, V(-1, -1, -1), V(1, 1, 1)),
    obb: (a, b) => s.intersectSegmentOBB(a, b, V(0, 0, 0), { x: 0, y: 0, z: 0, w: 1 }, V(1, 1, 1)),
    triangle: (a, b) => s.intersectSegmentTriangle(a, b, V(-1, 0.1, -1), V(1, 0.1, -1), V(0, 0.1, 2)),
    capsule: (a, b) => s.intersectSegmentCapsule(a, b, V(-1, 0, 0), V(1, 0, 0), 1),
  };
  for (const [name, cast] of Object.entries(casts)) {
    const h = cast(from, to);
    assert.equal(h.hit, true, name);
    assert.ok(h.t > 0 && h.t < 1, `${name}: t ${h.t}`);
    assert.ok(Math.abs(h.point.y - (5 - 10 * h.t)) < 1e-6, `${name}: point at t`);
    if (name !== 'plane') {
      // a plane has no inside: the cast from just above hits it later
      const start = cast(inside, to);
      assert.equal(start.hit, true, name);
      assert.equal(start.t, 0, `${name} from inside`);
    }
    const miss = cast(V(5, 5, 5), V(6, 5, 5));
    assert.deepEqual([miss.hit, miss.t, miss.normal], [false, 1, V(0, 0, 0)], `${name} miss`);
  }
  assert.equal(s.intersectSegmentAABB(from, to, V(-1, -1, -1), V(1, 1, 1)).t, Math.fround(0.4));
  assert.deepEqual(s.intersectSegmentAABB(from, to, V(-1, -1, -1), V(1, 1, 1)).normal, V(0, 1, 0), 'the entry normal');
  assert.equal(s.intersectRayTriangle(from, V(0, -1, 0), V(-1, 0, -1), V(1, 0, -1), V(0, 0, 2)), 5);
  assert.equal(s.intersectRayTriangle(from, V(0, 1, 0), V(-1, 0, -1), V(1, 0, -1), V(0, 0, 2)), null);
});

test('sweeps: the centre at contact, starting embedded gives t = 0, touching and moving away is free', () => {
  const p = s.sweepSpherePlane(0.5, V(0, 2, 0), V(0, -2, 0), V(0, 1, 0), V(0, 0, 0));
  assert.deepEqual([p.hit, p.t, p.point, p.kind], [true, 0.375, V(0, 0.5, 0), 'hitFront']);
  const embedded = s.sweepSpherePlane(0.5, V(0, 0.2, 0), V(0, -2, 0), V(0, 1, 0), V(0, 0, 0));
  assert.deepEqual([embedded.hit, embedded.t, embedded.kind], [true, 0, 'embedded']);
  const away = s.sweepSpherePlane(0.5, V(0, 0.5, 0), V(0, 3, 0), V(0, 1, 0), V(0, 0, 0));
  assert.deepEqual([away.hit, away.t, away.point, away.kind], [false, 1, V(0, 3, 0), 'movingAway']);
  const t = s.sweepSphereTriangle(0.5, V(0.2, 3, 0.2), V(0.2, -3, 0.2), V(0, 0, 0), V(0, 0, 2), V(2, 0, 0));
  assert.equal(t.hit, true);
  assert.equal(t.feature, 'face');
  assert.ok(t.point.y >= 0.5 - 1e-6 && t.point.y < 0.5 + 1e-5, `centre at contact ${t.point.y}`);
  const ss = s.sweepSphereSphere(V(-5, 0, 0), V(5, 0, 0), 1, V(0, 0, 0), V(0, 0, 0), 1);
  assert.equal(ss.hit, true);
  assert.ok(Math.abs(ss.t - 0.3) < 1e-6, `t ${ss.t}`);
  const cap = s.sweepCapsuleTriangle(
    V(0.2, 2, 0.2),
    V(0.2, 3, 0.2),
    0.5,
    V(0, -4, 0),
    V(0, 0, 0),
    V(0, 0, 2),
    V(2, 0, 0),
  );
  assert.equal(cap.hit, true);
  assert.ok(Math.abs(cap.t - 0.375) < 1e-5, `t ${cap.t}`);
});

test('floorHeight is a number over the triangle and null outside it or for a wall', () => {
  const a = V(0, 1, 0),
    b = V(0, 1, 2),
    c = V(2, 3, 0);
  assert.equal(s.floorHeight(a, b, c, 1, 0.5), 2);
  assert.equal(s.floorHeightByArea(a, b, c, 1, 0.5), 2);
  assert.equal(s.floorHeight(a, b, c, 3, 3), null);
  assert.equal(s.floorHeight(V(0, 0, 0), V(1, 0, 0), V(0, 1, 0), 0.2, 0), null, 'a vertical wall has no height');
});

test('overlaps, containment and bounding spheres answer as documented', () => {
  const c = s.triangleSphere(V(0, 0, 0), V(0, 0, 2), V(2, 0, 0), V(0.5, 0.25, 0.5), 0.5);
  assert.deepEqual(c, { hit: true, point: V(0.5, 0, 0.5), normal: V(0, 1, 0), depth: 0.25 });
  assert.equal(s.sphereSphere(V(0, 0, 0), 1, V(2, 0, 0), 1).hit, true, 'touching counts');
  assert.equal(s.sphereSphere(V(0, 0, 0), 1, V(2, 0, 0), 1).depth, 0);
  assert.deepEqual(s.pushOutAABBAABB(V(0, 0, 0), V(1, 1, 1), V(0.5, 0, 0), V(1.5, 1, 1)), V(0.5, 0, 0));
  assert.deepEqual(s.reflect(V(1, -1, 0), V(0, 1, 0)), V(1, 1, 0));
  assert.equal(
    s.convexPolygonContainsPoint(new Float32Array([0, 0, 1, 0, 0, 1]), { x: 0.5, y: 0.5 }),
    true,
    'on an edge is inside',
  );
  assert.equal(
    s.convexPolygonContainsPoint(
      [
        { x: 0, y: 0 },
        { x: 0, y: 1 },
        { x: 1, y: 0 },
      ],
      { x: 0.6, y: 0.6 },
    ),
    false,
  );
  const right = s.triangleBoundingSphere(V(0, 0, 0), V(2, 0, 0), V(0, 2, 0));
  assert.deepEqual([right.center, right.kind, right.oppositeVertex], [V(1, 1, 0), 'rightOrObtuse', 0]);
  assert.equal(s.triangleCircumsphere(V(0, 0, 0), V(1, 0, 0), V(2, 0, 0)).exists, false);
  assert.deepEqual(s.aabbTransform(V(-1, -1, -1), V(1, 1, 1), new THREE.Matrix4().makeTranslation(1, 2, 3)), {
    min: V(0, 1, 2),
    max: V(2, 3, 4),
  });
  assert.deepEqual(s.aabbFromPoints(new Float32Array(0)), {
    min: V(Infinity, Infinity, Infinity),
    max: V(-Infinity, -Infinity, -Infinity),
  });
});

test('World: a three.js BufferGeometry in world space, its queries, stats, and dispose', () => {
  const geometry = new THREE.PlaneGeometry(10, 10, 4, 4).rotateX(-Math.PI / 2); // y = 0, facing up
  const mesh = new THREE.Mesh(geometry);
  mesh.position.set(0, 2, 0);
  mesh.updateMatrixWorld();
  const g = mesh.geometry.clone().applyMatrix4(mesh.matrixWorld);
  assert.ok(g.index.array instanceof Uint16Array, 'three.js used a 16-bit index');
  const world = new s.World();
  assert.equal(world.addMesh(g.attributes.position.array, g.index.array), 0);
  assert.deepEqual(
    { ...world.stats, buildMs: 0 },
    {
      objects: 1,
      meshes: 1,
      triangles: 32,
      nodes: world.stats.nodes,
      memoryBytes: world.stats.memoryBytes,
      maxDepth: world.stats.maxDepth,
      buildMs: 0,
      topNodes: 1,
      topRebuilds: 1,
      topRefits: 0,
      meshRebuilds: 0,
    },
  );
  assert.ok(world.stats.nodes >= 1 && world.stats.memoryBytes > 32 * 36);

  const down = world.raycast(V(1.1, 10, 1.3), V(0, -2, 0), 100);
  assert.deepEqual(
    [down.hit, down.distance, down.point, down.normal, down.object],
    [true, 8, { x: Math.fround(1.1), y: 2, z: Math.fround(1.3) }, V(0, 1, 0), 0],
  );
  assert.ok(down.triangle >= 0 && down.triangle < 32);
  const tri = world.triangle(0, down.triangle);
  assert.equal(tri.a.y, 2);
  assert.equal(world.raycast(V(1, 10, 1), V(0, 1, 0)).hit, false);
  assert.deepEqual(world.raycast(V(1, 10, 1), V(0, 1, 0), 50).object, -1);
  assert.equal(world.raycastAny(V(1, 10, 1), V(0, -1, 0), 7), false);
  assert.equal(world.raycastAny(V(1, 10, 1), V(0, -1, 0), 8), true);
  assert.equal(world.floorHeight(1, 1, 5), 2);
  assert.equal(world.floorHeight(1, 1, 1), null, 'no floor below y = 1');
  assert.equal(world.floor(1, 1, 5).normal.y, 1);
  const sphere = world.sphereCast(V(0.3, 5, 0.3), 0.5, V(0, -1, 0), 10);
  assert.deepEqual([sphere.hit, sphere.position.y, sphere.point.y], [true, sphere.position.y, 2]);
  assert.ok(Math.abs(sphere.distance - 2.5) < 1e-5 && Math.abs(sphere.position.y - 2.5) < 1e-5);
  const capsule = world.capsuleCast(V(0.3, 5, 0.3), V(0.3, 6, 0.3), 0.5, V(0, -1, 0), 10);
  assert.ok(capsule.hit && Math.abs(capsule.distance - 2.5) < 1e-5);
  const contacts = world.overlapSphere(V(0.3, 2.25, 0.3), 0.5);
  assert.ok(
    contacts.some((c) => c.feature === 'face' && c.depth === 0.25 && c.normal.y === 1),
    'the face under the centre',
  );
  for (const c of contacts) {
    assert.ok(c.object === 0 && c.depth > 0 && c.normal.y > 0 && isPlain(c), JSON.stringify(c)); // neighbours touch at an edge
    assert.ok(Math.abs(Math.hypot(c.normal.x, c.normal.y, c.normal.z) - 1) < 1e-6);
  }
  assert.ok(world.overlapCapsule(V(0.3, 2.25, 0.3), V(0.3, 4, 0.3), 0.5).length >= 1);
  const closest = world.closestPoint(V(0.3, 7, 0.3));
  assert.deepEqual([closest.hit, closest.distance, closest.point.y, closest.feature], [true, 5, 2, 'face']);
  assert.equal(world.closestPoint(V(0.3, 7, 0.3), 4).hit, false);
  assert.equal(world.intersectSegment(V(1, 3, 1), V(1, 1, 1)).distance, 1);

  world[Symbol.dispose]();
  assert.equal(world.disposed, true);
  assert.throws(() => world.raycast(V(0, 1, 0), V(0, -1, 0)), /World\.raycast: this World was disposed/);
});

test('World: several meshes report which mesh answered; many worlds can live at once', () => {
  const worlds = [new s.World(), new s.World()];
  const quad = (y) => new Float32Array([-5, y, -5, 5, y, -5, 5, y, 5, -5, y, -5, 5, y, 5, -5, y, 5]);
  worlds[0].addMesh(quad(0));
  assert.equal(worlds[0].addMesh(quad(1)), 1);
  worlds[1].addMesh(quad(3));
  assert.equal(worlds[0].raycast(V(0, 10, 0), V(0, -1, 0)).object, 1);
  assert.equal(worlds[0].raycast(V(0, 0.5, 0), V(0, -1, 0)).object, 0);
  assert.equal(worlds[1].raycast(V(0, 10, 0), V(0, -1, 0)).distance, 7);
  for (const w of worlds) w.dispose();
});
