// shototsu/three's debug helpers, and the World's inspection faces they read: WorldHelper draws
// exactly the world-space triangles (World.triangle) and shapes of the objects, after moves and
// removals, and as many tree boxes per depth as the trees hold; CharacterHelper colours the
// capsule by the ground reason of the move it shows; ContactsHelper draws the queries' points;
// dispose() frees every geometry and material.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as THREE from 'three';
import { loadPackage, unitCube } from './helpers.js';

const { s } = await loadPackage();
const { WorldHelper, CharacterHelper, ContactsHelper, GROUND_COLORS, MOTION_COLORS } = await import(
  new URL('../../dist/three.js', import.meta.url)
);
const TOL = 1e-5;

/** A world of every kind of object: a posed cube, an instance of it, a sphere, a capsule, a box. */
function scene() {
  const world = new s.World();
  const cube = world.addMesh(unitCube(), undefined, {
    transform: {
      position: { x: 3, y: 1, z: 0 },
      quaternion: new THREE.Quaternion().setFromEuler(new THREE.Euler(0.3, 0.5, 0)),
      scale: 2,
    },
  });
  const copy = world.addInstance(cube, { transform: { position: { x: -4, y: 0, z: 2 } } });
  const ball = world.addSphere({ x: 0, y: 5, z: 0 }, 0.75);
  const pill = world.addCapsule({ x: 1, y: 0, z: -3 }, { x: 2, y: 2, z: -3 }, 0.4);
  const crate = world.addBox(
    { x: -2, y: 1, z: -2 },
    { x: 0, y: 0.38268343, z: 0, w: 0.92387953 },
    { x: 0.5, y: 1, z: 1.5 },
  );
  return { world, cube, copy, ball, pill, crate };
}

/** The edges ab, bc, ca of a mesh's triangles as World.triangle gives them, 18 floats each. */
function expectedEdges(world, id) {
  const out = [];
  for (let k = 0; k < world.triangleCount(id); k++) {
    const { a, b, c } = world.triangle(id, k);
    for (const [p, q] of [
      [a, b],
      [b, c],
      [c, a],
    ])
      out.push(p.x, p.y, p.z, q.x, q.y, q.z);
  }
  return new Float32Array(out);
}

const positionsOf = (line) => line.geometry.attributes.position?.array ?? new Float32Array(0);
const boxesIn = (line) => positionsOf(line).length / 72;

test('World.triangles lists triangle(object, k) bit for bit; the primitives read back as added', () => {
  const { world, cube, copy, ball, pill, crate } = scene();
  for (const id of [cube, copy]) {
    const t = world.triangles(id);
    assert.equal(t.length, 9 * world.triangleCount(id));
    for (let k = 0; k < world.triangleCount(id); k++) {
      const { a, b, c } = world.triangle(id, k);
      assert.deepEqual(Array.from(t.subarray(9 * k, 9 * k + 9)), [a.x, a.y, a.z, b.x, b.y, b.z, c.x, c.y, c.z]);
    }
  }
  assert.deepEqual(world.sphere(ball), { center: { x: 0, y: 5, z: 0 }, radius: 0.75 });
  const c = world.capsule(pill);
  assert.ok(Math.abs(c.start.x - 1) < TOL && Math.abs(c.end.y - 2) < TOL && Math.abs(c.radius - 0.4) < TOL);
  const b = world.box(crate);
  assert.ok(Math.abs(b.halfExtents.z - 1.5) < TOL && Math.abs(b.rotation.y - 0.38268343) < TOL);
  assert.equal(world.sphere(pill), null);
  assert.equal(world.box(cube), null);
  assert.throws(() => world.sphere(99), /World.sphere: argument 'object' is not a live object/);
  assert.throws(() => world.triangles(ball), RangeError);
  assert.throws(() => world.treeBoxes(-1), RangeError);
  world.dispose();
});

test('World.treeBoxes and meshTreeBoxes: as many boxes as the trees have nodes, nested, per depth', () => {
  const world = new s.World();
  const r = (k) => Math.sin(k * 12.9898) * 43758.5453 - Math.floor(Math.sin(k * 12.9898) * 43758.5453);
  for (let k = 0; k < 60; k++)
    world.addSphere({ x: 40 * r(k) - 20, y: 40 * r(k + 100) - 20, z: 40 * r(k + 200) - 20 }, 0.5);
  const all = world.treeBoxes();
  assert.equal(all.length / 8, world.stats.topNodes);
  let deepest = 0;
  for (let i = 6; i < all.length; i += 8) deepest = Math.max(deepest, all[i]);
  assert.ok(deepest >= 3, `a tree of ${deepest} levels`);
  for (let d = 0; d <= deepest; d++) {
    let expected = 0;
    for (let i = 6; i < all.length; i += 8) expected += all[i] <= d ? 1 : 0;
    assert.equal(world.treeBoxes(d).length / 8, expected, `depth ${d}`);
  }
  const cube = world.addMesh(unitCube());
  const before = world.stats.nodes;
  assert.equal(world.meshTreeBoxes(cube).length / 8, before);
  assert.equal(world.meshTreeBoxes(cube, 0).length, 0);
  world.dispose();
});

test("WorldHelper draws each object's world-space triangles and shapes, after moving and removing", () => {
  const { world, cube, copy, ball, pill, crate } = scene();
  const helper = new WorldHelper(world);
  assert.equal(helper.objects.children.length, 5);
  for (const id of [cube, copy]) assert.deepEqual(positionsOf(helper.lines(id)), expectedEdges(world, id));

  // The sphere's vertices lie on it; the capsule's at its radius from its segment; the box's are its corners.
  const sp = world.sphere(ball);
  const v = new THREE.Vector3();
  const at = (a, i) => v.set(a[i], a[i + 1], a[i + 2]);
  const sv = positionsOf(helper.lines(ball));
  for (let i = 0; i < sv.length; i += 3) assert.ok(Math.abs(at(sv, i).distanceTo(sp.center) - sp.radius) < TOL);
  const cp = world.capsule(pill);
  const segment = new THREE.Line3(new THREE.Vector3().copy(cp.start), new THREE.Vector3().copy(cp.end));
  const cv = positionsOf(helper.lines(pill));
  for (let i = 0; i < cv.length; i += 3) {
    const p = at(cv, i).clone();
    assert.ok(Math.abs(segment.closestPointToPoint(p, true, new THREE.Vector3()).distanceTo(p) - cp.radius) < TOL);
  }
  const bx = world.box(crate);
  const q = new THREE.Quaternion().copy(bx.rotation);
  const corners = [];
  for (let c = 0; c < 8; c++)
    corners.push(
      new THREE.Vector3(c & 1 ? 0.5 : -0.5, c & 2 ? 1 : -1, c & 4 ? 1.5 : -1.5).applyQuaternion(q).add(bx.center),
    );
  const bv = positionsOf(helper.lines(crate));
  assert.equal(bv.length, 72);
  for (let i = 0; i < bv.length; i += 3) assert.ok(corners.some((c) => c.distanceTo(at(bv, i)) < TOL));

  // Moving the cube and the sphere, removing the instance: update() redraws what changed, only.
  const drawnBefore = positionsOf(helper.lines(cube)).slice();
  const crateVersion = helper.lines(crate).geometry.attributes.position.version;
  world.setTransform(cube, { position: { x: 0, y: 7, z: 1 }, quaternion: { x: 0, y: 0, z: 0.6, w: 0.8 } });
  world.setTransform(ball, { position: { x: 3, y: 3, z: 3 } });
  world.update(1 / 60);
  world.remove(copy);
  helper.update();
  assert.notDeepEqual(positionsOf(helper.lines(cube)), drawnBefore);
  assert.deepEqual(positionsOf(helper.lines(cube)), expectedEdges(world, cube));
  assert.equal(helper.lines(copy), undefined);
  assert.equal(helper.lines(crate).geometry.attributes.position.version, crateVersion, 'the box did not move');
  assert.equal(helper.objects.children.length, 4);
  const moved = positionsOf(helper.lines(ball));
  for (let i = 0; i < moved.length; i += 3)
    assert.ok(Math.abs(at(moved, i).distanceTo({ x: 3, y: 3, z: 3 }) - 0.75) < TOL);
  const added = world.addSphere({ x: 9, y: 0, z: 0 }, 1);
  helper.update();
  assert.equal(helper.lines(added).userData.object, added);
  helper.dispose();
  world.dispose();
});

test('WorldHelper draws the tree boxes to the chosen depth, and a mesh tree placed by its pose', () => {
  const { world, cube } = scene();
  for (let k = 0; k < 20; k++) world.addSphere({ x: k * 3 - 30, y: (k % 4) * 5, z: (k % 3) * 7 }, 1);
  const helper = new WorldHelper(world, { depth: 1 });
  assert.equal(boxesIn(helper.tree), 1);
  const root = helper.tree.geometry.attributes.position;
  const box = new THREE.Box3().setFromBufferAttribute(root);
  for (const id of world.changedSince(0)) {
    const b = world.bounds(id);
    assert.ok(box.containsBox(new THREE.Box3().set(b.min, b.max)), `the root holds object ${id}`);
  }
  for (const depth of [2, 3, Infinity]) {
    helper.depth = depth;
    helper.update();
    assert.equal(boxesIn(helper.tree), world.treeBoxes(depth === Infinity ? undefined : depth).length / 8);
  }
  assert.equal(boxesIn(helper.tree), world.stats.topNodes);
  assert.equal(helper.lines(cube).children.length, 0, 'no mesh tree by default');

  helper.meshDepth = Infinity;
  helper.update();
  const tree = helper.lines(cube).children[0];
  assert.equal(boxesIn(tree), world.meshTreeBoxes(cube).length / 8);
  // The tree's root box, placed by the object's pose, holds every world-space vertex of the cube.
  helper.updateMatrixWorld(true);
  const local = new THREE.Box3().setFromBufferAttribute(tree.geometry.attributes.position);
  const inverse = tree.matrixWorld.clone().invert();
  const t = world.triangles(cube);
  for (let i = 0; i < t.length; i += 3) {
    const p = new THREE.Vector3(t[i], t[i + 1], t[i + 2]).applyMatrix4(inverse);
    assert.ok(local.clone().expandByScalar(TOL).containsPoint(p));
  }
  helper.dispose();
  world.dispose();
});

test('WorldHelper.dispose frees every geometry and material; bad arguments name themselves', () => {
  const { world } = scene();
  const helper = new WorldHelper(world, { depth: 2, meshDepth: 2 });
  const owned = new Set();
  helper.traverse((o) => {
    if (o.geometry) owned.add(o.geometry);
    if (o.material) owned.add(o.material);
  });
  assert.ok(owned.size >= 9);
  const freed = new Set();
  for (const x of owned) x.addEventListener('dispose', () => freed.add(x));
  helper.dispose();
  assert.equal(freed.size, owned.size);
  assert.equal(helper.children.length, 0);
  assert.throws(() => new WorldHelper({}), /WorldHelper: argument 'world' must be a World/);
  assert.throws(() => new WorldHelper(world, { depth: -1 }), /argument 'options.depth'/);
  assert.throws(() => new WorldHelper(world, 3), TypeError);
  world.dispose();
});

test('CharacterHelper colours the capsule by the ground reason and shows the ground normal', () => {
  const world = new s.World();
  world.addMesh(new Float32Array([-20, 0, -20, 20, 0, 20, 20, 0, -20, -20, 0, -20, -20, 0, 20, 20, 0, 20]));
  // A 60 degree slope, too steep to stand on, at x > 30.
  const h = Math.tan(Math.PI / 3) * 10;
  world.addMesh(new Float32Array([30, 0, -10, 40, h, 10, 40, h, -10, 30, 0, -10, 30, 0, 10, 40, h, 10]));
  const player = new s.CharacterController(world, {}, { x: 0, y: 0.86, z: 0 });
  const helper = new CharacterHelper(player);
  assert.equal(helper.reason, null);
  const shown = () => `#${helper.capsule.material.color.getHexString()}`;
  const seen = new Map();
  const show = (move) => {
    helper.update(move);
    assert.equal(helper.reason, move.reason);
    assert.equal(shown(), `#${new THREE.Color(GROUND_COLORS[move.reason]).getHexString()}`);
    seen.set(move.reason, shown());
    return move;
  };
  const walk = show(player.move({ x: 0.05, y: -0.05, z: 0 }));
  assert.equal(walk.reason, 'walkable');
  assert.ok(helper.groundNormal.visible);
  assert.equal(helper.position.x, player.position.x);
  player.position = { x: 0, y: 6, z: 0 };
  assert.equal(show(player.move({ x: 0, y: 0.1, z: 0 })).reason, 'rising');
  assert.equal(show(player.move({ x: 0, y: -0.1, z: 0 })).reason, 'no ground');
  assert.equal(helper.groundNormal.visible, false);
  player.position = { x: 35, y: h / 2 + 2, z: 0 };
  let move;
  for (let k = 0; k < 60 && move?.reason !== 'too steep'; k++) move = player.move({ x: 0, y: -0.2, z: 0 });
  show(move);
  assert.equal(move.reason, 'too steep');
  assert.equal(new Set(seen.values()).size, 4, 'four reasons, four colours');
  helper.update();
  assert.equal(helper.reason, 'too steep', 'without a report it shows the last one');
  assert.throws(() => helper.update(null), /argument 'move'/);
  assert.throws(() => new CharacterHelper({}), /argument 'character'/);
  helper.dispose();
  world.dispose();
});

test("CharacterHelper follows a group's character and rings it when moving ground carries it", () => {
  const world = new s.World();
  const platform = world.addBox({ x: 0, y: -0.5, z: 0 }, { x: 0, y: 0, z: 0, w: 1 }, { x: 3, y: 0.5, z: 3 });
  const group = new s.CharacterGroup(world, {}, 4);
  group.add({ x: 5, y: 10, z: 5 });
  group.add({ x: 0, y: 0.86, z: 0 });
  const helper = new CharacterHelper(group, 1);
  assert.throws(() => new CharacterHelper(group, 2), /argument 'index'/);
  const d = new Float32Array(6);
  d[4] = -0.05;
  group.moveAll(d);
  helper.update();
  assert.equal(helper.reason, group.lastMove(1).reason);
  assert.equal(helper.ring.visible, false);
  const p = group.positions;
  assert.deepEqual([helper.position.x, helper.position.y, helper.position.z], [p[3], p[4], p[5]]);
  let carried = false;
  for (let k = 1; k <= 10 && !carried; k++) {
    world.setTransform(platform, { position: { x: 0.05 * k, y: -0.5, z: 0 } });
    world.update(1 / 60);
    group.moveAll(d);
    carried = group.lastMove(1).carried;
    helper.update();
  }
  assert.ok(carried, 'the platform carried the character');
  assert.ok(helper.ring.visible);
  assert.equal(
    `#${helper.ring.material.color.getHexString()}`,
    `#${new THREE.Color(MOTION_COLORS.carried).getHexString()}`,
  );
  assert.ok(helper.groundVelocity.visible);
  // A report given is shown at its position, whatever the group says.
  helper.update({
    ...group.lastMove(1),
    position: { x: 7, y: 8, z: 9 },
    hitWall: true,
    wallNormal: { x: 1, y: 0, z: 0 },
  });
  assert.deepEqual([helper.position.x, helper.position.y, helper.position.z], [7, 8, 9]);
  assert.ok(helper.wallNormal.visible);
  assert.equal(helper.wallNormal.position.x, -helper.radius, 'the wall arrow starts on the capsule, facing the wall');
  const owned = [helper.capsule.geometry, helper.capsule.material, helper.ring.geometry, helper.ring.material];
  let freed = 0;
  for (const x of owned) x.addEventListener('dispose', () => freed++);
  helper.dispose();
  assert.equal(freed, owned.length);
  world.dispose();
});

test('ContactsHelper draws contacts, rays and sweeps where the queries put them, until clear()', () => {
  const { world } = scene();
  const helper = new ContactsHelper({ size: 0.2, normalLength: 1 });
  const contacts = world.overlapSphere({ x: 0, y: 5.5, z: 0 }, 0.5);
  assert.ok(contacts.length > 0);
  helper.add(contacts);
  const normals = contacts.filter((c) => c.normal.x !== 0 || c.normal.y !== 0 || c.normal.z !== 0).length;
  assert.equal(helper.count, 3 * contacts.length + normals);
  const p = helper.geometry.attributes.position.array;
  // The cross's first segment is centred on the point and `size` long.
  assert.ok(Math.abs((p[0] + p[3]) / 2 - contacts[0].point.x) < TOL && Math.abs(p[1] - contacts[0].point.y) < TOL);
  assert.ok(Math.abs(p[3] - p[0] - 0.2) < TOL);
  helper.add({ hit: false, point: { x: 1, y: 2, z: 3 }, normal: { x: 0, y: 1, z: 0 } });
  assert.equal(helper.count, 3 * contacts.length + normals, 'a miss draws nothing');

  helper.clear();
  assert.equal(helper.count, 0);
  assert.equal(helper.geometry.attributes.position.count, 0);
  const origin = { x: 0, y: 10, z: 0 },
    down = { x: 0, y: -1, z: 0 };
  const hit = world.raycast(origin, down, 50);
  assert.ok(hit.hit);
  helper.addRay(origin, down, hit, 50);
  const r = helper.geometry.attributes.position.array;
  assert.deepEqual([r[3], r[4], r[5]], [hit.point.x, hit.point.y, hit.point.z].map(Math.fround));
  const miss = world.raycast(origin, { x: 0, y: 1, z: 0 }, 5);
  helper.clear().addRay(origin, { x: 0, y: 1, z: 0 }, miss, 5);
  assert.equal(helper.count, 1);
  assert.equal(helper.geometry.attributes.position.array[4], 15);

  helper.clear();
  const from = { x: 0, y: 9, z: 0 };
  const cast = world.sphereCast(from, 0.5, down, 10);
  assert.ok(cast.hit);
  helper.addSweep({ center: from, radius: 0.5 }, down, 10, cast);
  const w = helper.geometry.attributes.position.array;
  assert.ok(Math.abs(w[4] - cast.position.y) < TOL, 'the path ends where the sphere stopped');
  // After the path, the sphere's wireframes at the start and where it stopped, then the contact (4 segments).
  const stopped = new THREE.Vector3().copy(cast.position);
  for (let i = 6; i < w.length; i += 3) {
    const d = Math.min(
      stopped.distanceTo({ x: w[i], y: w[i + 1], z: w[i + 2] }),
      new THREE.Vector3().copy(from).distanceTo({ x: w[i], y: w[i + 1], z: w[i + 2] }),
    );
    if (i < 6 * (helper.count - 4)) assert.ok(Math.abs(d - 0.5) < TOL, `vertex ${i / 3} is on a sphere`);
  }
  const capsuleCast = world.capsuleCast({ x: 0, y: 9, z: 0 }, { x: 0, y: 10, z: 0 }, 0.3, down, 10);
  const before = helper.count;
  helper.addSweep({ start: { x: 0, y: 9, z: 0 }, end: { x: 0, y: 10, z: 0 }, radius: 0.3 }, down, 10, capsuleCast);
  assert.ok(helper.count > before);
  assert.throws(() => helper.add(42), /argument 'result'/);
  assert.throws(() => helper.addSweep({}, down, 1, cast), /argument 'shape'/);
  let freed = 0;
  helper.geometry.addEventListener('dispose', () => freed++);
  helper.material.addEventListener('dispose', () => freed++);
  helper.dispose();
  assert.equal(freed, 2);
  world.dispose();
});
