// shototsu/three against three.js itself (r187): acceleratedRaycast returns what Mesh.raycast
// returns, and a World built by addObject3D answers like three.js math over the scene's
// world-space triangles. Seeded; three.js computes in double, the core in float32, so distances
// and points agree within TOL of the scene's scale, and a ray may differ only where it passes
// within TOL of a triangle's edge (counted, and required to stay rare).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as THREE from 'three';
import { loadPackage, rng } from './helpers.js';
import { skinnedCylinder } from './three-fixtures.js';

const { s } = await loadPackage();
const three = await import(new URL('../../dist/three.js', import.meta.url));
const { computeBoundsTree, acceleratedRaycast, addObject3D } = three;
const threeRaycast = THREE.Mesh.prototype.raycast;
const threeSkinnedRaycast = THREE.SkinnedMesh.prototype.raycast;
THREE.BufferGeometry.prototype.computeBoundsTree = computeBoundsTree;

const RAYS = 10_000;
const TOL = 2 ** -16;

/** Raycaster.intersectObjects with three.js's own raycast, then with the accelerated one. */
function both(raycaster, objects) {
  THREE.Mesh.prototype.raycast = threeRaycast;
  THREE.SkinnedMesh.prototype.raycast = threeSkinnedRaycast;
  const want = raycaster.intersectObjects(objects);
  THREE.Mesh.prototype.raycast = acceleratedRaycast;
  THREE.SkinnedMesh.prototype.raycast = acceleratedRaycast;
  const got = raycaster.intersectObjects(objects);
  THREE.Mesh.prototype.raycast = threeRaycast;
  THREE.SkinnedMesh.prototype.raycast = threeSkinnedRaycast;
  return { want, got };
}

const close = (a, b, tol) => Math.abs(a - b) <= tol;
const closeV = (a, b, tol) =>
  close(a.x, b.x, tol) && close(a.y, b.y, tol) && close(a.z, b.z, tol) && (a.w === undefined || close(a.w, b.w, tol));

/** Whether two intersection lists are the same: hits, order, and within TOL the numbers. */
function same(got, want, scale) {
  if (got.length !== want.length) return false;
  const tol = TOL * scale;
  for (let i = 0; i < want.length; i++) {
    const g = got[i],
      w = want[i];
    if (g.object !== w.object || g.faceIndex !== w.faceIndex || g.instanceId !== w.instanceId) return false;
    if (g.face.a !== w.face.a || g.face.b !== w.face.b || g.face.c !== w.face.c) return false;
    if (g.face.materialIndex !== w.face.materialIndex || !closeV(g.face.normal, w.face.normal, 1e-9)) return false;
    if (!close(g.distance, w.distance, tol) || !closeV(g.point, w.point, tol)) return false;
    if (
      (g.uv === undefined) !== (w.uv === undefined) ||
      (w.uv && !(close(g.uv.x, w.uv.x, 1e-4) && close(g.uv.y, w.uv.y, 1e-4)))
    )
      return false;
  }
  return true;
}

/** Rays from a box around the objects toward random points near them; near/far sometimes set. */
function compareRays(objects, seed, { radius = 3, rays = RAYS, firstHitOnly = false } = {}) {
  const r = rng(seed);
  const raycaster = new THREE.Raycaster();
  const o = new THREE.Vector3(),
    t = new THREE.Vector3();
  let differ = 0,
    hits = 0;
  const failures = [];
  for (let k = 0; k < rays; k++) {
    o.set((r() * 2 - 1) * 2 * radius, (r() * 2 - 1) * 2 * radius, (r() * 2 - 1) * 2 * radius);
    t.set((r() * 2 - 1) * radius, (r() * 2 - 1) * radius, (r() * 2 - 1) * radius);
    raycaster.set(o, t.sub(o).normalize());
    raycaster.near = r() < 0.2 ? r() * radius : 0;
    raycaster.far = r() < 0.2 ? raycaster.near + r() * 4 * radius : Infinity;
    raycaster.firstHitOnly = false;
    let { want, got } = both(raycaster, objects);
    if (firstHitOnly) {
      raycaster.firstHitOnly = true;
      const firsts = new Map();
      for (const h of want) {
        const key = `${h.object.id}/${h.instanceId}`;
        if (!firsts.has(key)) firsts.set(key, h);
      }
      want = [...firsts.values()];
      THREE.Mesh.prototype.raycast = acceleratedRaycast;
      THREE.SkinnedMesh.prototype.raycast = acceleratedRaycast;
      got = raycaster.intersectObjects(objects);
      THREE.Mesh.prototype.raycast = threeRaycast;
      THREE.SkinnedMesh.prototype.raycast = threeSkinnedRaycast;
    }
    hits += want.length;
    if (!same(got, want, radius * 4)) {
      differ++;
      if (failures.length < 3)
        failures.push({
          k,
          want: want.map((h) => [h.faceIndex, h.distance]),
          got: got.map((h) => [h.faceIndex, h.distance]),
        });
    }
  }
  return { differ, hits, failures };
}

function check(name, objects, seed, opts) {
  const { differ, hits, failures } = compareRays(objects, seed, opts);
  assert.ok(hits > RAYS / 10, `${name}: the rays hit (${hits} hits)`);
  // A ray within rounding of an edge may hit one neighbour in double and the other in float32.
  assert.ok(differ <= RAYS / 2000, `${name}: ${differ} rays differ: ${JSON.stringify(failures)}`);
}

const material = (side = THREE.DoubleSide) => new THREE.MeshBasicMaterial({ side });

function placed(mesh, seed) {
  const r = rng(seed);
  mesh.position.set(r() - 0.5, r() - 0.5, r() - 0.5);
  mesh.rotation.set(r() * 6, r() * 6, r() * 6);
  mesh.scale.set(0.6 + r(), 0.6 + r(), 0.6 + r());
  mesh.updateMatrixWorld(true);
  return mesh;
}

test('acceleratedRaycast equals Mesh.raycast on a rotated, scaled indexed mesh, for each side', () => {
  const g = new THREE.TorusKnotGeometry(1, 0.35, 96, 12);
  g.computeBoundsTree();
  for (const [i, side] of [THREE.FrontSide, THREE.BackSide, THREE.DoubleSide].entries()) {
    check(`side ${side}`, [placed(new THREE.Mesh(g, material(side)), 10 + i)], 100 + i);
  }
});

test('acceleratedRaycast equals Mesh.raycast on non-indexed, interleaved and drawRange meshes', () => {
  const plain = new THREE.SphereGeometry(1.5, 24, 16).toNonIndexed();
  plain.computeBoundsTree();
  check('non-indexed', [placed(new THREE.Mesh(plain, material(THREE.FrontSide)), 20)], 200);
  const src = new THREE.IcosahedronGeometry(1.5, 3);
  const pos = src.attributes.position;
  const data = new Float32Array(pos.count * 5);
  for (let i = 0; i < pos.count; i++) data.set([pos.getX(i), pos.getY(i), pos.getZ(i), i, -i], 5 * i);
  const buffer = new THREE.InterleavedBuffer(data, 5);
  const inter = new THREE.BufferGeometry();
  inter.setAttribute('position', new THREE.InterleavedBufferAttribute(buffer, 3, 0));
  inter.setAttribute('uv', new THREE.InterleavedBufferAttribute(buffer, 2, 3));
  inter.setDrawRange(30, 600);
  inter.computeBoundsTree();
  check('interleaved with drawRange', [placed(new THREE.Mesh(inter, material()), 21)], 201);
});

test("acceleratedRaycast's hits carry three.js's own numbers, corners from the tree or from the mesh", () => {
  // Float32 positions: the tree holds three's numbers and the raycast takes a hit's corners from
  // it. Normalized Int16 positions: getX divides in double, the tree's floats are rounded, so
  // the corners come from the mesh. Either way a hit both find is bit for bit three.js's.
  const src = new THREE.IcosahedronGeometry(1.5, 4);
  const float32 = src.clone();
  const quantized = src.clone();
  const p = src.attributes.position;
  const q = new Int16Array(p.count * 3);
  for (let i = 0; i < p.count * 3; i++) q[i] = Math.round((p.array[i] / 1.5) * 32767);
  quantized.setAttribute('position', new THREE.BufferAttribute(q, 3, true));
  // Second uvs: plain floats on one (read straight from the array), normalized Uint16 on the
  // other (read through getX); either way interpolated as three.js does it.
  const uv = src.attributes.uv;
  const uv1 = new Float32Array(uv.count * 2);
  const uvq = new Uint16Array(uv.count * 2);
  for (let i = 0; i < uv.count * 2; i++) {
    uv1[i] = 1 - uv.array[i] * 0.75;
    uvq[i] = Math.round(uv.array[i] * 65535);
  }
  float32.setAttribute('uv1', new THREE.BufferAttribute(uv1, 2));
  quantized.setAttribute('uv1', new THREE.BufferAttribute(uvq, 2, true));
  for (const [name, g, exact] of [
    ['float32', float32, true],
    ['normalized int16', quantized, false],
  ]) {
    const tree = g.computeBoundsTree();
    assert.equal(tree.exact, exact, `${name}: exact`);
    // The corners' raycast the adapter looks for on its World (the bundled three.js and index.js
    // share it by a registered symbol).
    assert.equal(typeof tree.world[Symbol.for('shototsu.worldRayTriangles/1')], 'function');
    const mesh = placed(new THREE.Mesh(g, material(THREE.FrontSide)), 22);
    const r = rng(202);
    const raycaster = new THREE.Raycaster();
    let compared = 0;
    for (let k = 0; k < 2000; k++) {
      const o = new THREE.Vector3((r() - 0.5) * 8, (r() - 0.5) * 8, (r() - 0.5) * 8);
      const t = new THREE.Vector3((r() - 0.5) * 2, (r() - 0.5) * 2, (r() - 0.5) * 2);
      raycaster.set(o, t.sub(o).normalize());
      raycaster.firstHitOnly = k % 2 === 1;
      const { want, got } = both(raycaster, [mesh]);
      const wanted = raycaster.firstHitOnly ? want.slice(0, 1) : want;
      if (got.length !== wanted.length || got.some((h, i) => h.faceIndex !== wanted[i].faceIndex)) continue;
      for (let i = 0; i < got.length; i++) {
        const g = got[i],
          w = wanted[i];
        assert.ok(
          g.distance === w.distance && g.point.equals(w.point) && g.barycoord.equals(w.barycoord),
          `${name}: ray ${k} hit ${i}: ${g.distance} vs ${w.distance}`,
        );
        assert.ok(g.face.normal.equals(w.face.normal) && g.normal.equals(w.normal) && g.uv.equals(w.uv), name);
        assert.ok(g.uv1?.equals(w.uv1) === true, `${name}: uv1`);
        compared++;
      }
    }
    assert.ok(compared > 500, `${name}: ${compared} hits compared`);
  }
});

test("acceleratedRaycast interpolates through another copy's getX, and through an overridden one", () => {
  // A second copy of three.js (an app's and a library's) has its own BufferAttribute.getX with the
  // same source: the attribute is read straight from its array. A getX of other code is called,
  // as three.js calls it. Either way the uv is three.js's, bit for bit.
  const src = new THREE.IcosahedronGeometry(1.5, 3);
  const text = THREE.BufferAttribute.prototype.getX.toString();
  const copied = new Function(`return { ${text} }.getX;`)();
  assert.notEqual(copied, THREE.BufferAttribute.prototype.getX);
  const doubled = function (index) {
    return 2 * this.array[index * this.itemSize];
  };
  for (const [name, getX] of [
    ['copied getX', copied],
    ['overridden getX', doubled],
  ]) {
    const g = src.clone();
    g.attributes.uv.getX = getX;
    g.computeBoundsTree();
    const mesh = placed(new THREE.Mesh(g, material(THREE.DoubleSide)), 23);
    const r = rng(203);
    const raycaster = new THREE.Raycaster();
    let compared = 0;
    for (let k = 0; k < 500; k++) {
      const o = new THREE.Vector3((r() - 0.5) * 8, (r() - 0.5) * 8, (r() - 0.5) * 8);
      const t = new THREE.Vector3((r() - 0.5) * 2, (r() - 0.5) * 2, (r() - 0.5) * 2);
      raycaster.set(o, t.sub(o).normalize());
      const { want, got } = both(raycaster, [mesh]);
      if (got.length !== want.length || got.some((h, i) => h.faceIndex !== want[i].faceIndex)) continue;
      for (let i = 0; i < got.length; i++) {
        assert.ok(got[i].uv.equals(want[i].uv), `${name}: ray ${k} hit ${i}`);
        compared++;
      }
    }
    assert.ok(compared > 200, `${name}: ${compared} hits compared`);
  }
});

test('acceleratedRaycast equals Mesh.raycast on a grouped mesh with a material per group', () => {
  const g = new THREE.BoxGeometry(2, 2, 2, 6, 6, 6);
  g.computeBoundsTree();
  const mats = [
    material(THREE.FrontSide),
    material(THREE.BackSide),
    material(),
    undefined,
    material(),
    material(THREE.FrontSide),
  ];
  mats[3] = material(THREE.BackSide);
  check('groups', [placed(new THREE.Mesh(g, mats), 30)], 300);
});

test('acceleratedRaycast equals Mesh.raycast on an InstancedMesh, and with firstHitOnly', () => {
  const g = new THREE.IcosahedronGeometry(0.6, 2);
  g.computeBoundsTree();
  const mesh = new THREE.InstancedMesh(g, material(THREE.FrontSide), 12);
  const r = rng(4);
  const m = new THREE.Matrix4();
  for (let i = 0; i < 12; i++) {
    m.compose(
      new THREE.Vector3((r() - 0.5) * 5, (r() - 0.5) * 5, (r() - 0.5) * 5),
      new THREE.Quaternion().setFromEuler(new THREE.Euler(r() * 6, r() * 6, r() * 6)),
      new THREE.Vector3(0.5 + r(), 0.5 + r(), 0.5 + r()),
    );
    mesh.setMatrixAt(i, m);
  }
  placed(mesh, 40);
  check('instanced', [mesh], 400);
  check('instanced, firstHitOnly', [mesh], 401, { firstHitOnly: true });
});

test("acceleratedRaycast stays three.js's own when its records outgrow their list and memory grows", () => {
  // A stack of parallel squares: a ray along z crosses every layer, more crossings than any ray
  // before, so the core's list of records moves; then wasm memory grows under it.
  const layers = 1500;
  const positions = new Float32Array(layers * 18);
  for (let i = 0; i < layers; i++) {
    const z = i / 64;
    positions.set([-1, -1, z, 1, -1, z, 1, 1, z, -1, -1, z, 1, 1, z, -1, 1, z], 18 * i);
  }
  const stackGeometry = new THREE.BufferGeometry();
  stackGeometry.setAttribute('position', new THREE.BufferAttribute(positions, 3));
  stackGeometry.computeBoundsTree();
  const stack = placed(new THREE.Mesh(stackGeometry, material()), 50);
  const small = new THREE.TorusKnotGeometry(1, 0.35, 48, 8);
  small.computeBoundsTree();
  const knot = placed(new THREE.Mesh(small, material(THREE.FrontSide)), 51);
  const r = rng(52);
  const raycaster = new THREE.Raycaster();
  const o = new THREE.Vector3(),
    t = new THREE.Vector3();
  let stackHits = 0;
  const compare = (object, firstHitOnly) => {
    const scale = object === stack ? 64 : 4;
    if (object === stack) {
      // Down the stack's axis, in its space, carried out to the world.
      o.set(r() - 0.5, r() - 0.5, 40).applyMatrix4(stack.matrixWorld);
      t.set(r() - 0.5, r() - 0.5, -10).applyMatrix4(stack.matrixWorld);
    } else {
      o.set((r() * 2 - 1) * 6, (r() * 2 - 1) * 6, (r() * 2 - 1) * 6);
      t.set(r() - 0.5, r() - 0.5, r() - 0.5);
    }
    raycaster.set(o, t.sub(o).normalize());
    raycaster.firstHitOnly = false;
    let { want, got } = both(raycaster, [object]);
    if (firstHitOnly) {
      want = want.slice(0, 1);
      raycaster.firstHitOnly = true;
      THREE.Mesh.prototype.raycast = acceleratedRaycast;
      got = raycaster.intersectObject(object);
      THREE.Mesh.prototype.raycast = threeRaycast;
    }
    if (object === stack && !firstHitOnly) stackHits += want.length;
    assert.ok(same(got, want, scale), `${object === stack ? 'stack' : 'knot'} firstHitOnly ${firstHitOnly}`);
  };
  for (let round = 0; round < 3; round++) {
    for (let k = 0; k < 20; k++) compare(knot, k % 2 === 0);
    for (let k = 0; k < 4; k++) compare(stack, k % 2 === 0);
    for (let k = 0; k < 20; k++) compare(knot, k % 2 === 0);
    // Wasm memory grows (the heap's views are replaced) and the space is given back.
    const big = s.allocFloat32((16 << 20) * (round + 1));
    big.dispose();
  }
  assert.ok(stackHits >= 6 * layers * 0.9, `the stack's rays cross its layers (${stackHits} hits)`);
  stackGeometry.boundsTree.dispose();
  small.boundsTree.dispose();
});

/** A cylinder skinned to two bones, and posed. */
function skinned() {
  const skin = skinnedCylinder(0.5, 4, 16, 8, material(THREE.FrontSide));
  skin.mesh.geometry.computeBoundsTree();
  return skin;
}

test('acceleratedRaycast equals SkinnedMesh.raycast, before and after re-posing', () => {
  const { mesh, tip } = skinned();
  tip.rotation.z = 0.8;
  placed(mesh, 50);
  mesh.computeBoundingSphere();
  check('skinned', [mesh], 500);
  tip.rotation.z = -1.1;
  mesh.updateMatrixWorld(true);
  mesh.computeBoundingSphere();
  mesh.computeBoundingBox();
  check('skinned, re-posed', [mesh], 501);
});

test('acceleratedRaycast equals Mesh.raycast on a mesh with morph targets', () => {
  const g = new THREE.SphereGeometry(1.5, 20, 12);
  const pos = g.attributes.position;
  const target = new Float32Array(pos.count * 3);
  for (let i = 0; i < pos.count; i++) target.set([pos.getX(i) * 0.5, pos.getY(i) * 1.8, pos.getZ(i)], 3 * i);
  g.morphAttributes.position = [new THREE.Float32BufferAttribute(target, 3)];
  g.computeBoundsTree();
  const mesh = placed(new THREE.Mesh(g, material()), 60);
  mesh.morphTargetInfluences = [0.7];
  check('morphed', [mesh], 600);
});

// ---- addObject3D: the World answers like three.js over the scene's world-space triangles -------

/** A scene of every kind: indexed, non-indexed, grouped, instanced, skinned, morphed, skipped. */
function everyKind() {
  const scene = new THREE.Group();
  scene.position.set(0, 5, 0); // moved up, as scenes are: the matrices must be updated first
  const knot = placed(new THREE.Mesh(new THREE.TorusKnotGeometry(1, 0.3, 48, 8), material()), 70);
  const soup = placed(new THREE.Mesh(new THREE.SphereGeometry(1, 12, 8).toNonIndexed(), material()), 71);
  soup.position.x += 3;
  const box = placed(
    new THREE.Mesh(
      new THREE.BoxGeometry(1, 1, 1, 2, 2, 2),
      Array.from({ length: 6 }, () => material()),
    ),
    72,
  );
  box.position.x -= 3;
  const inst = new THREE.InstancedMesh(new THREE.IcosahedronGeometry(0.4, 1), material(), 5);
  for (let i = 0; i < 5; i++)
    inst.setMatrixAt(
      i,
      new THREE.Matrix4().compose(
        new THREE.Vector3(i - 2, -2, 1),
        new THREE.Quaternion(),
        new THREE.Vector3(1 + i * 0.1, 1 + i * 0.1, 1 + i * 0.1),
      ),
    );
  const { mesh: skin, tip } = skinned();
  skin.material = material();
  skin.position.set(0, 0, -3);
  tip.rotation.z = 0.5;
  const hidden = new THREE.Mesh(new THREE.BoxGeometry(9, 9, 9), material());
  hidden.userData.collide = false;
  const invisible = new THREE.Mesh(new THREE.BoxGeometry(9, 9, 9), material());
  invisible.visible = false;
  scene.add(knot, soup, box, inst, skin, hidden, invisible);
  return { scene, knot, soup, box, inst, skin, tip, plain: [knot, soup, box, inst, skin] };
}

function compareWorld(world, handle, objects, seed, rays = 2000) {
  const r = rng(seed);
  const raycaster = new THREE.Raycaster();
  let differ = 0,
    hits = 0;
  for (let k = 0; k < rays; k++) {
    const o = new THREE.Vector3((r() - 0.5) * 14, 5 + (r() - 0.5) * 14, (r() - 0.5) * 14);
    const t = new THREE.Vector3((r() - 0.5) * 6, 5 + (r() - 0.5) * 6, (r() - 0.5) * 6);
    const d = t.sub(o).normalize();
    raycaster.set(o, d);
    THREE.Mesh.prototype.raycast = threeRaycast;
    const want = raycaster.intersectObjects(objects, false)[0];
    const got = world.raycast(o, d);
    hits += want ? 1 : 0;
    if (!want) {
      if (got.hit) differ++;
      continue;
    }
    const who = got.hit ? handle.lookup(got.object, got.triangle) : null;
    if (
      !got.hit ||
      who.object !== want.object ||
      who.instanceId !== want.instanceId ||
      who.faceIndex !== want.faceIndex ||
      Math.abs(got.distance - want.distance) > 1e-4
    )
      differ++;
  }
  return { differ, hits };
}

test('addObject3D: World.raycast equals Raycaster over every kind, before and after moving, re-skinning and removing', () => {
  const { scene, knot, soup, inst, skin, tip, plain } = everyKind();
  const world = new s.World();
  const handle = addObject3D(world, scene, { dynamic: true });
  assert.equal(world.objectCount, 3 + 5 + 1, 'the hidden and invisible boxes were skipped');
  let { differ, hits } = compareWorld(world, handle, plain, 700);
  assert.ok(hits > 300 && differ <= 2, `before: ${differ} of ${hits}`);
  knot.position.y += 1.5;
  knot.rotation.x += 0.7;
  soup.rotation.y += 1;
  inst.rotation.z = 0.4;
  tip.rotation.z = -0.9;
  scene.updateMatrixWorld(true);
  skin.computeBoundingSphere(); // three.js keeps a skinned mesh's first bounds otherwise
  skin.computeBoundingBox();
  handle.update();
  world.update(1 / 60);
  ({ differ, hits } = compareWorld(world, handle, plain, 701));
  assert.ok(hits > 300 && differ <= 2, `after moving: ${differ} of ${hits}`);
  handle.remove();
  assert.equal(world.objectCount, 0);
  assert.equal(world.raycast({ x: 0, y: 20, z: 0 }, { x: 0, y: -1, z: 0 }).hit, false);
  world.dispose();
});

test('addObject3D: a static scene is baked at its world matrix; bad arguments name themselves', () => {
  const { scene, plain } = everyKind();
  const world = new s.World();
  const handle = addObject3D(world, scene);
  const { differ, hits } = compareWorld(world, handle, plain, 702);
  assert.ok(hits > 300 && differ <= 2, `static: ${differ} of ${hits}`);
  assert.throws(() => addObject3D({}, scene), /argument 'world'/);
  assert.throws(() => addObject3D(world, {}), /argument 'object3D'/);
  assert.throws(() => addObject3D(world, scene, { layers: 'x' }), /options.layers/);
  world.dispose();
});
