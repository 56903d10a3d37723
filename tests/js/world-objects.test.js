// The moving world through the package: meshes placed by a Matrix4, 16 numbers or
// {position, quaternion, scale}; instances; primitives; setTransform/update/teleport with their
// velocities; updateMesh; remove; filters; errors that name the argument and change nothing. And
// native = wasm bit for bit on a seeded scene that moves, adds, removes and deforms objects for
// 1,000 steps (tests/native/dynamic_golden.cpp; the steps below mirror it line for line).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import * as THREE from 'three';
import { loadPackage, root, unitCube } from './helpers.js';

const { s } = await loadPackage();
const V = (x, y, z) => ({ x, y, z });
const f = Math.fround;

/** A box of half extents (1, 1, 1) as 12 non-indexed triangles, as BoxGeometry would give. */
function cube() {
  const g = new THREE.BoxGeometry(2, 2, 2).toNonIndexed();
  return new Float32Array(g.attributes.position.array);
}

function floor(size = 20) {
  const g = new THREE.PlaneGeometry(size, size).rotateX(-Math.PI / 2);
  return { positions: new Float32Array(g.attributes.position.array), indices: new Uint32Array(g.index.array) };
}

test('World.addMesh with a transform: a Matrix4, its 16 elements and {position, quaternion, scale} agree', () => {
  const m = new THREE.Matrix4().compose(
    new THREE.Vector3(3, 2, -1),
    new THREE.Quaternion().setFromEuler(new THREE.Euler(0.3, 0.7, 0)),
    new THREE.Vector3(2, 2, 2),
  );
  const p = new THREE.Vector3(),
    q = new THREE.Quaternion(),
    sc = new THREE.Vector3();
  m.decompose(p, q, sc);
  const box = cube();
  const answers = [
    m,
    m.elements,
    { position: p, quaternion: q, scale: sc },
    { position: p, quaternion: q, scale: 2 },
  ].map((transform) => {
    const world = new s.World();
    world.addMesh(box, undefined, { transform });
    const hit = world.raycast(V(3, 20, -1), V(0, -1, 0));
    world.dispose();
    return hit;
  });
  // three.js's own answer on the same mesh: the box's top at y = 2 + 2 * (its rotated extent).
  const mesh = new THREE.Mesh(new THREE.BoxGeometry(2, 2, 2));
  m.decompose(mesh.position, mesh.quaternion, mesh.scale);
  mesh.updateMatrixWorld();
  const [hit] = new THREE.Raycaster(new THREE.Vector3(3, 20, -1), new THREE.Vector3(0, -1, 0)).intersectObject(mesh);
  for (const a of answers) {
    assert.equal(a.hit, true);
    assert.equal(a.object, 0);
    assert.ok(Math.abs(a.distance - hit.distance) < 1e-5, `${a.distance} vs three.js ${hit.distance}`);
    assert.ok(Math.abs(a.distance - answers[0].distance) <= 1e-6 * 20);
  }
});

test('World.addInstance shares a mesh; primitives answer with triangle -1; removed objects are gone', () => {
  const world = new s.World();
  const { positions, indices } = floor();
  const ground = world.addMesh(positions, indices);
  const crate = world.addMesh(cube(), undefined, { transform: { position: V(100, 0, 0) } });
  const copy = world.addInstance(crate, { transform: { position: V(0, 1, 0) } });
  const ball = world.addSphere(V(5, 1, 0), 0.5, { layers: 4 });
  const pole = world.addCapsule(V(-5, 0, 0), V(-5, 3, 0), 0.25);
  const slab = world.addBox(V(0, 0.5, 5), { x: 0, y: 0, z: 0, w: 1 }, V(1, 0.5, 1));
  assert.deepEqual([ground, crate, copy, ball, pole, slab], [0, 1, 2, 3, 4, 5]);
  assert.deepEqual(
    [world.kind(ground), world.kind(crate), world.kind(copy), world.kind(ball), world.kind(pole), world.kind(slab)],
    ['mesh', 'mesh', 'instance', 'sphere', 'capsule', 'box'],
  );
  assert.equal(world.stats.meshes, 2);
  assert.equal(world.objectCount, 6);
  const onCopy = world.raycast(V(0, 10, 0), V(0, -1, 0));
  assert.deepEqual([onCopy.object, onCopy.distance], [copy, 8]);
  assert.ok(onCopy.triangle >= 0 && onCopy.triangle < 12);
  const onBall = world.raycast(V(5, 10, 0), V(0, -1, 0));
  assert.deepEqual([onBall.object, onBall.triangle, onBall.distance], [ball, -1, 8.5]);
  assert.deepEqual(onBall.normal, V(0, 1, 0));
  assert.equal(world.floorHeight(-5, 0, 10), 3.25);
  assert.equal(world.floor(0, 5, 10).object, slab);
  assert.equal(world.closestPoint(V(5, 3, 0)).object, ball);
  // Filters: a layer mask and an object to ignore.
  assert.equal(world.raycast(V(5, 10, 0), V(0, -1, 0), Infinity, { layers: 1 }).object, ground);
  assert.equal(world.raycast(V(5, 10, 0), V(0, -1, 0), Infinity, { layers: ~4 }).object, ground);
  assert.equal(world.raycast(V(0, 10, 0), V(0, -1, 0), Infinity, { ignore: copy }).object, ground);
  assert.equal(world.overlapSphere(V(5, 1, 0), 1, { ignore: ground }).length, 1);
  // Removal: the mesh goes, its instance stays; ids are not reused.
  world.remove(crate);
  assert.equal(world.has(crate), false);
  assert.equal(world.raycast(V(0, 10, 0), V(0, -1, 0)).object, copy);
  world.remove(ball);
  assert.equal(world.raycast(V(5, 10, 0), V(0, -1, 0)).object, ground);
  assert.equal(world.addSphere(V(0, 0, 0), 1), 6);
  assert.throws(() => world.remove(ball), { name: 'RangeError', message: /World\.remove: argument 'object' .*got 3/ });
  assert.throws(() => world.addInstance(crate), { name: 'RangeError', message: /argument 'mesh'/ });
});

test('World.setTransform moves at the next update with velocities; teleport moves now without', () => {
  const world = new s.World();
  const lift = world.addBox(V(0, 0, 0), { x: 0, y: 0, z: 0, w: 1 }, V(2, 0.25, 2));
  world.setTransform(lift, { position: V(0, 0.5, 0) });
  assert.equal(world.floorHeight(0, 0, 10), 0.25, 'not moved before update');
  world.update(0.25);
  assert.equal(world.floorHeight(0, 0, 10), 0.75);
  const t = world.transform(lift);
  assert.deepEqual([t.position, t.scale, t.linearVelocity], [V(0, 0.5, 0), 1, V(0, 2, 0)]);
  assert.deepEqual(world.velocityAt(lift, V(1, 0.75, 0)), V(0, 2, 0));
  // A quarter turn about y over 0.5 s: pi rad/s; a point 1 m out along x moves at pi m/s in -z.
  const turn = new THREE.Matrix4().makeRotationY(Math.PI / 2).setPosition(0, 0.5, 0);
  world.setTransform(lift, turn);
  world.update(0.5);
  const w = world.transform(lift).angularVelocity;
  assert.ok(Math.abs(w.y - Math.PI) < 1e-4 && Math.abs(w.x) < 1e-6, JSON.stringify(w));
  const v = world.velocityAt(lift, V(1, 0.75, 0));
  assert.ok(Math.abs(v.z + Math.PI) < 1e-4, JSON.stringify(v));
  world.update(0.5);
  assert.deepEqual(world.transform(lift).linearVelocity, V(0, 0, 0), 'at rest when not set again');
  world.teleport(lift, { position: V(10, 0, 0) });
  assert.equal(world.floorHeight(10, 0, 10), 0.25);
  assert.deepEqual(world.transform(lift).linearVelocity, V(0, 0, 0));
  // Many at once from a Float32Array of matrices.
  const b = world.addBox(V(0, 0, 0), { x: 0, y: 0, z: 0, w: 1 }, V(1, 1, 1));
  const mats = new Float32Array(32);
  mats.set(new THREE.Matrix4().makeTranslation(20, 0, 0).elements, 0);
  mats.set(new THREE.Matrix4().makeTranslation(30, 0, 0).elements, 16);
  world.setTransforms(new Uint32Array([lift, b]), mats);
  world.update(1 / 60);
  assert.equal(world.transform(b).position.x, 30);
});

test('World.updateMesh refits a mesh in place and answers like a fresh one', () => {
  const world = new s.World();
  const { positions, indices } = floor(10);
  const id = world.addMesh(positions, indices, { transform: { position: V(0, 1, 0), scale: 2 } });
  assert.equal(world.floorHeight(0, 0, 10), 1);
  const raised = positions.map((v, i) => (i % 3 === 1 ? v + 0.5 : v));
  world.updateMesh(id, raised);
  assert.equal(world.floorHeight(0, 0, 10), 2);
  const fresh = new s.World();
  fresh.addMesh(raised, indices, { transform: { position: V(0, 1, 0), scale: 2 } });
  for (let i = 0; i < 50; i++) {
    const o = V(i / 5 - 5, 5, 3 - i / 10);
    assert.deepEqual(world.raycast(o, V(0.1, -1, 0.2)), fresh.raycast(o, V(0.1, -1, 0.2)));
  }
  assert.throws(() => world.updateMesh(id, raised.subarray(3)), {
    name: 'RangeError',
    message: /World\.updateMesh: argument 'positions'/,
  });
  assert.equal(world.floorHeight(0, 0, 10), 2, 'a refused update changes nothing');
});

test('World: bad transforms and ids throw errors naming the argument and change nothing', () => {
  const world = new s.World();
  const id = world.addBox(V(0, 0, 0), { x: 0, y: 0, z: 0, w: 1 }, V(1, 1, 1));
  const shear = new THREE.Matrix4().set(1, 0.6, 0, 0, 0, 0.8, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1); // unit columns, not orthogonal
  const cases = [
    [() => world.setTransform(id, new THREE.Matrix4().makeScale(1, 2, 1)), RangeError, /'transform'.*non-uniform/],
    [() => world.setTransform(id, shear), RangeError, /'transform'.*shear/],
    [() => world.setTransform(id, new THREE.Matrix4().makeScale(-1, 1, 1)), RangeError, /'transform'.*mirror/],
    [() => world.setTransform(id, { position: V(NaN, 0, 0) }), TypeError, /'transform'/],
    [() => world.setTransform(id, { position: V(0, 0, 0), scale: V(1, 1, 2) }), RangeError, /non-uniform/],
    [() => world.setTransform(id, new Array(15).fill(0)), RangeError, /16 elements/],
    [() => world.setTransform(id, 'up'), TypeError, /'transform'/],
    [() => world.setTransform(id), TypeError, /'transform'/],
    [() => world.setTransform(99, new THREE.Matrix4()), RangeError, /'object'.*got 99/],
    [() => world.setTransform(-1, new THREE.Matrix4()), RangeError, /'object'/],
    [() => world.setTransform('a', new THREE.Matrix4()), TypeError, /'object'/],
    [() => world.teleport(1.5, new THREE.Matrix4()), RangeError, /'object'/],
    [() => world.update(0), RangeError, /'dt'/],
    [() => world.update(NaN), RangeError, /'dt'/],
    [() => world.raycast(V(0, 5, 0), V(0, -1, 0), 10, { layers: 'all' }), TypeError, /'filter\.layers'/],
    [() => world.raycast(V(0, 5, 0), V(0, -1, 0), 10, 7), TypeError, /'filter'/],
    [
      () => world.addMesh(cube(), undefined, { transform: new THREE.Matrix4().makeScale(0, 0, 0) }),
      RangeError,
      /options\.transform/,
    ],
    [() => world.addSphere(V(0, 0, 0), -1), RangeError, /'radius'/],
  ];
  for (const [call, Err, message] of cases)
    assert.throws(call, (e) => e instanceof Err && message.test(e.message), String(call));
  world.update(1 / 60);
  assert.deepEqual(world.transform(id).position, V(0, 0, 0));
  assert.equal(world.raycast(V(0, 5, 0), V(0, -1, 0)).distance, 4);
});

// ---- native = wasm on a seeded dynamic scene (tests/native/dynamic_golden.cpp) ---------------

const STEPS = 1000;

class Rng {
  constructor(seed) {
    this.x = seed >>> 0;
  }
  next() {
    let x = this.x;
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    this.x = x >>> 0;
    return this.x;
  }
  coord() {
    return ((this.next() % 4097) - 2048) / 128;
  }
  small() {
    return ((this.next() % 129) - 64) / 256;
  }
  scale() {
    return 1 + (this.next() % 9) / 8;
  }
  quat() {
    const x = ((this.next() % 2001) - 1000) / 1024;
    const y = ((this.next() % 2001) - 1000) / 1024;
    const z = ((this.next() % 2001) - 1000) / 1024;
    const w = ((this.next() % 2001) - 1000) / 1024;
    return x === 0 && y === 0 && z === 0 && w === 0 ? { x, y, z, w: 1 } : { x, y, z, w };
  }
  pose(y) {
    const x = this.coord();
    const z = this.coord();
    const quaternion = this.quat();
    const scale = this.scale();
    return { position: V(x, y, z), quaternion, scale };
  }
}

class Hash {
  h = 2166136261;
  #f = new Float32Array(1);
  #u = new Uint32Array(this.#f.buffer);
  word(w) {
    this.h = Math.imul(this.h ^ (w >>> 0), 16777619) >>> 0;
  }
  f(v) {
    this.#f[0] = v;
    this.word(this.#u[0]);
  }
  v(p) {
    this.f(p.x);
    this.f(p.y);
    this.f(p.z);
  }
}

function terrain(rng) {
  const pos = [];
  for (let j = 0; j <= 16; j++) for (let i = 0; i <= 16; i++) pos.push(2 * i - 16, rng.coord() / 8, 2 * j - 16);
  const idx = [];
  for (let j = 0; j < 16; j++)
    for (let i = 0; i < 16; i++) {
      const a = j * 17 + i,
        b = a + 1,
        c = a + 17,
        d = c + 1;
      idx.push(a, c, d, a, d, b);
    }
  return { positions: new Float32Array(pos), indices: new Uint32Array(idx) };
}

function wasmHashes(steps) {
  const rng = new Rng(0x5eed1234);
  const w = new s.World();
  const t0 = terrain(rng);
  const ground = w.addMesh(t0.positions, t0.indices);
  const box = unitCube();
  const movers = [];
  const crate = w.addMesh(box, undefined, { transform: rng.pose(2), layers: 2 });
  movers.push(crate);
  for (let i = 0; i < 3; i++) movers.push(w.addInstance(crate, { transform: rng.pose(3) }));
  for (let i = 0; i < 2; i++) {
    const c = V(rng.coord(), 2, rng.coord());
    const r = 0.5 + rng.scale() / 4;
    movers.push(w.addSphere(c, r, { layers: 4 }));
    const a = V(rng.coord(), 2, rng.coord());
    const bx = rng.small();
    const bz = rng.small();
    const b = V(f(a.x + bx), f(a.y + 1), f(a.z + bz));
    movers.push(w.addCapsule(a, b, 0.5, { layers: 4 }));
    const bc = V(rng.coord(), 2, rng.coord());
    const bq = rng.quat();
    movers.push(w.addBox(bc, bq, V(1, 0.5, 0.75), { layers: 1 }));
  }
  const hashes = [];
  for (let step = 0; step < steps; step++) {
    const h = new Hash();
    for (const id of movers) {
      if (!w.has(id)) continue;
      const t = w.transform(id);
      const px = f(t.position.x + rng.small());
      const py = f(t.position.y + rng.small() / 4);
      const pz = f(t.position.z + rng.small());
      const q = rng.quat();
      const sc = w.kind(id) === 'sphere' ? 1 : rng.scale();
      w.setTransform(id, { position: V(px, py, pz), quaternion: q, scale: sc });
    }
    if (step % 50 === 49) {
      const victim = movers[rng.next() % movers.length];
      if (victim !== crate && w.has(victim)) w.remove(victim);
      movers.push(w.addInstance(crate, { transform: rng.pose(3) }));
    }
    if (step % 100 === 99) w.updateMesh(ground, terrain(rng).positions);
    w.update(1 / 64);
    for (const id of movers) {
      if (!w.has(id)) continue;
      const t = w.transform(id);
      h.v(t.position);
      h.f(t.quaternion.x);
      h.f(t.quaternion.y);
      h.f(t.quaternion.z);
      h.f(t.quaternion.w);
      h.f(t.scale);
      h.v(t.linearVelocity);
      h.v(t.angularVelocity);
    }
    for (let q = 0; q < 8; q++) {
      const origin = V(rng.coord(), 8, rng.coord());
      const d = rng.quat();
      const filter = q % 2 === 0 ? undefined : { layers: 3 };
      const r = w.raycast(origin, V(d.x, f(d.y - 2), d.z), 64, filter);
      h.word(r.hit ? 1 : 0);
      h.f(r.distance);
      h.v(r.point);
      h.v(r.normal);
      h.word(r.object);
      h.word(r.triangle);
      const c = w.sphereCast(origin, 0.5, V(d.x, -1, d.z), 16);
      h.word(c.hit ? 1 : 0);
      h.f(c.distance);
      h.v(c.point);
      h.v(c.position);
      h.v(c.normal);
      h.word(c.object);
      h.word(c.triangle);
    }
    hashes.push(h.h);
  }
  return hashes;
}

test('World: a seeded moving, growing, shrinking and deforming scene gives native bits in wasm for 1,000 steps', () => {
  const native = `${root}build/native/tests/native/shototsu_dynamic_golden`;
  if (!existsSync(native)) throw new Error(`${native} is missing: build the native tree first (npm test does)`);
  const want = JSON.parse(execFileSync(native, [String(STEPS)], { encoding: 'utf8' })).hashes;
  const got = wasmHashes(STEPS);
  const first = got.findIndex((h, i) => h !== want[i]);
  assert.equal(first, -1, `step ${first} differs: wasm ${got[first]} native ${want[first]}`);
  assert.equal(got.length, STEPS);
  assert.ok(new Set(got).size > STEPS / 2, 'the scene changes from step to step');
});
