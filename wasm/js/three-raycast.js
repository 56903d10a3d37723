// shototsu/three, picking: computeBoundsTree / acceleratedRaycast, the two lines three-mesh-bvh
// users know. A geometry's tree is a private World holding its triangles in the mesh's own space
// (triangle k is face k of the index, or of the positions when there is none), so transforms cost
// nothing. A ray is carried into that space; the core lists every triangle it crosses and the
// side it meets (World.raycastAll) and decides which it hits; three.js's own math then builds
// what Raycaster returns (the point, barycoord, uv, normal, face), so the answers are three's.
import {
  BufferAttribute,
  Matrix4,
  Ray,
  Sphere,
  Triangle,
  Vector2,
  Vector3,
  Mesh,
  BackSide,
  FrontSide,
  DoubleSide,
} from 'three';
import { shototsu } from './three-common.js';

const threeRaycast = Mesh.prototype.raycast;
// World's internal raycast with the hit triangles' corners (world.js, WORLD_RAY_TRIANGLES).
const WORLD_RAY_TRIANGLES = Symbol.for('shototsu.worldRayTriangles/1');

/**
 * A geometry's tree: a World with one mesh at the identity. `exact` when its corners are the
 * very numbers three.js reads for the vertices (positions in float32, not normalized, not posed):
 * the raycast then takes a hit triangle's corners from the tree, where they were just tested.
 */
export class BoundsTree {
  /** @param {object} world @param {number} triangles @param {boolean} indexed @param {boolean} exact */
  constructor(world, triangles, indexed, exact = false) {
    this.world = world;
    this.triangleCount = triangles;
    this.indexed = indexed;
    this.exact = exact;
  }
  dispose() {
    this.world.dispose();
  }
}

/** Vertex positions as floats (interleaved and normalised attributes read through getX). */
export function readPositions(position, count = position.count) {
  const out = new Float32Array(count * 3);
  for (let i = 0; i < count; i++) {
    out[3 * i] = position.getX(i);
    out[3 * i + 1] = position.getY(i);
    out[3 * i + 2] = position.getZ(i);
  }
  return out;
}

/** The whole triangles of an index (a trailing partial one is dropped), as Uint32Array. */
export function readIndices(index) {
  const n = index.count - (index.count % 3);
  const out = new Uint32Array(n);
  for (let i = 0; i < n; i++) out[i] = index.getX(i);
  return out;
}

/** Whether getX of a position attribute gives float32 numbers as they are (what the tree holds). */
const float32Positions = (position) =>
  position.normalized !== true &&
  (position.isInterleavedBufferAttribute ? position.data.array : position.array) instanceof Float32Array;

/** A new tree over `positions` (Float32Array) with the geometry's triangles. */
function buildTree(fn, geometry, positions, exact) {
  const s = shototsu(fn);
  const index = geometry.index;
  const world = new s.World();
  try {
    if (index !== null) {
      const idx = readIndices(index);
      world.addMesh(positions, idx);
      return new BoundsTree(world, idx.length / 3, true, exact);
    }
    const whole = positions.length - (positions.length % 9);
    world.addMesh(whole === positions.length ? positions : positions.subarray(0, whole));
    return new BoundsTree(world, whole / 9, false, exact);
  } catch (e) {
    world.dispose();
    throw e;
  }
}

/**
 * Builds the geometry's tree (`this` is a BufferGeometry): install it as
 * `THREE.BufferGeometry.prototype.computeBoundsTree`. Needs `await init()` from 'shototsu' first.
 * Call it again after changing the positions or the index.
 */
export function computeBoundsTree() {
  const fn = 'computeBoundsTree';
  if (this === null || typeof this !== 'object' || !this.isBufferGeometry)
    throw new TypeError(`${fn}: 'this' must be a BufferGeometry (install it on BufferGeometry.prototype)`);
  const position = this.attributes.position;
  if (position === undefined) throw new TypeError(`${fn}: the geometry has no 'position' attribute`);
  if (this.boundsTree instanceof BoundsTree) this.boundsTree.dispose();
  this.boundsTree = buildTree(fn, this, readPositions(position), float32Positions(position));
  return this.boundsTree;
}

/** Frees the geometry's tree (`this` is a BufferGeometry). */
export function disposeBoundsTree() {
  if (this.boundsTree instanceof BoundsTree) this.boundsTree.dispose();
  this.boundsTree = null;
}

// ---- posed meshes: skinned or morphed, a tree per object refitted when the pose changes ---------

const posed = new WeakMap(); // Mesh -> { tree, key: Float64Array, positions: Float32Array }
const _v = new Vector3();

/** Whether three.js places this mesh's vertices through skinning or morph targets. */
export function isPosed(mesh) {
  if (mesh.isSkinnedMesh) return true;
  const morph = mesh.geometry.morphAttributes.position;
  return morph !== undefined && morph.length > 0 && Array.isArray(mesh.morphTargetInfluences);
}

/** The numbers a pose is made of: bind matrix, bones' world matrices, morph influences. */
function poseKey(mesh) {
  const parts = [];
  if (mesh.isSkinnedMesh) {
    parts.push(mesh.bindMatrix.elements);
    for (const bone of mesh.skeleton.bones) parts.push(bone.matrixWorld.elements);
    for (const inverse of mesh.skeleton.boneInverses) parts.push(inverse.elements);
  }
  if (Array.isArray(mesh.morphTargetInfluences)) parts.push(mesh.morphTargetInfluences);
  let n = 0;
  for (const p of parts) n += p.length;
  const key = new Float64Array(n);
  let k = 0;
  for (const p of parts) for (let i = 0; i < p.length; i++) key[k++] = p[i];
  return key;
}

const sameKey = (a, b) => {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
};

/** The mesh's vertices as three.js poses them (getVertexPosition), in the mesh's space. */
export function posedPositions(mesh, out) {
  const count = mesh.geometry.attributes.position.count;
  const p = out !== undefined && out.length === count * 3 ? out : new Float32Array(count * 3);
  for (let i = 0; i < count; i++) {
    mesh.getVertexPosition(i, _v);
    p[3 * i] = _v.x;
    p[3 * i + 1] = _v.y;
    p[3 * i + 2] = _v.z;
  }
  return p;
}

/** The tree of a posed mesh at its current pose (built, or refitted when the pose changed). */
function posedTree(mesh) {
  let entry = posed.get(mesh);
  const key = poseKey(mesh);
  if (entry !== undefined && entry.geometry === mesh.geometry && entry.source === mesh.geometry.boundsTree) {
    if (!sameKey(key, entry.key)) {
      entry.positions = posedPositions(mesh, entry.positions);
      entry.tree.world.updateMesh(0, entry.positions);
      entry.key = key;
    }
    return entry.tree;
  }
  if (entry !== undefined) entry.tree.dispose();
  const positions = posedPositions(mesh);
  entry = {
    tree: buildTree('acceleratedRaycast', mesh.geometry, positions, false),
    key,
    positions,
    geometry: mesh.geometry,
    source: mesh.geometry.boundsTree,
  };
  posed.set(mesh, entry);
  return entry.tree;
}

// ---- the raycast -----------------------------------------------------------------------------------

const _inverse = new Matrix4();
const _ray = new Ray();
const _sphere = new Sphere();
const _hitAt = new Vector3();
const _a = new Vector3(),
  _b = new Vector3(),
  _c = new Vector3();
const _point = new Vector3();
const _local = new Vector3();
const _scaled = new Vector3();
const _origin = { x: 0, y: 0, z: 0 },
  _dir = { x: 0, y: 0, z: 0 };

/**
 * three.js's own early-outs (so that the same meshes are looked into), and the ray carried into
 * the mesh's space in _ray: the bounding sphere in world space; for a skinned mesh also its box
 * (a plain mesh's box holds all its triangles, so what it turns away the tree misses too).
 */
function reachable(mesh, raycaster) {
  const geometry = mesh.geometry;
  if (mesh.isSkinnedMesh) {
    if (mesh.boundingSphere === null) mesh.computeBoundingSphere();
    place(mesh.matrixWorld, mesh.boundingSphere);
    if (!raycaster.ray.intersectsSphere(_sphere)) return false;
  } else {
    if (geometry.boundingSphere === null) geometry.computeBoundingSphere();
    place(mesh.matrixWorld, geometry.boundingSphere);
    _ray.copy(raycaster.ray).recast(raycaster.near);
    if (!_sphere.containsPoint(_ray.origin)) {
      if (_ray.intersectSphere(_sphere, _hitAt) === null) return false;
      if (_ray.origin.distanceToSquared(_hitAt) > (raycaster.far - raycaster.near) ** 2) return false;
    }
  }
  _ray.copy(raycaster.ray).applyMatrix4(_inverse);
  return !mesh.isSkinnedMesh || mesh.boundingBox === null || _ray.intersectsBox(mesh.boundingBox);
}

/**
 * _inverse = matrix's inverse and _sphere = `sphere` placed by it, as three.js computes them;
 * kept from the last call when the matrix and the sphere hold the same numbers (rays cast at one
 * mesh after another, or at the same mesh again, need them computed once).
 */
const _placedBy = new Float64Array(20);
let _placed = false;
function place(matrix, sphere) {
  const e = matrix.elements,
    c = sphere.center;
  let same =
    _placed &&
    _placedBy[16] === c.x &&
    _placedBy[17] === c.y &&
    _placedBy[18] === c.z &&
    _placedBy[19] === sphere.radius;
  for (let i = 0; same && i < 16; i++) same = _placedBy[i] === e[i];
  if (same) return;
  for (let i = 0; i < 16; i++) _placedBy[i] = e[i];
  _placedBy[16] = c.x;
  _placedBy[17] = c.y;
  _placedBy[18] = c.z;
  _placedBy[19] = sphere.radius;
  _inverse.copy(matrix).invert();
  _sphere.copy(sphere).applyMatrix4(matrix);
  _placed = true;
}

/** Whether a material of side `side` shows a triangle met from the front (`front`, the core's). */
const shows = (side, front) => side === DoubleSide || (side === FrontSide ? front : side === BackSide && !front);

/**
 * Mesh.raycast through the geometry's tree (`this` is a Mesh): install it as
 * `THREE.Mesh.prototype.raycast` (and `THREE.SkinnedMesh.prototype.raycast` for skinned meshes).
 * Meshes whose geometry has no tree (computeBoundsTree) are raycast by three.js as before.
 * Honours raycaster.near/far, `raycaster.firstHitOnly` (the nearest hit per mesh or instance),
 * the material's side, drawRange and groups.
 */
export function acceleratedRaycast(raycaster, intersects) {
  const geometry = this.geometry;
  const shared = geometry.boundsTree;
  const drawRange = geometry.drawRange;
  if (!(shared instanceof BoundsTree) || drawRange.start % 3 !== 0 || shared.world.disposed) {
    threeRaycast.call(this, raycaster, intersects);
    return;
  }
  const material = this.material;
  if (material === undefined) return;
  if (!reachable(this, raycaster)) return;
  const pose = isPosed(this);
  const tree = pose ? posedTree(this) : shared;

  const d = _ray.direction;
  const reach = raycaster.far === Infinity ? Infinity : localReach(this.matrixWorld.elements, d, raycaster.far);
  _origin.x = _ray.origin.x;
  _origin.y = _ray.origin.y;
  _origin.z = _ray.origin.z;
  _dir.x = d.x;
  _dir.y = d.y;
  _dir.z = d.z;
  if (!Number.isFinite(_origin.x + _origin.y + _origin.z + _dir.x + _dir.y + _dir.z) || !(reach >= 0)) return;
  const index = geometry.index;
  const count = index !== null ? index.count : geometry.attributes.position.count;
  const groups = Array.isArray(material) ? geometry.groups : null;
  const first = raycaster.firstHitOnly === true;
  if (first && groups === null && nearestOnly(this, raycaster, tree, reach, index, count, intersects)) return;
  const n = crossings(tree, true, reach);
  if (n === 0) return;

  // Hits with their order as three.js pushes them (group, then index), kept in reused arrays.
  const f = _rec.f32,
    u = _rec.u32,
    corners = _rec.corners;
  let found = 0;
  for (let i = 0, k = _rec.at; i < n; i++, k += _rec.stride) {
    const triangle = u[k + 2];
    const front = f[k + 3] !== 0;
    const j = 3 * triangle;
    if (groups === null) {
      const end = Math.min(count, drawRange.start + drawRange.count);
      if (j < drawRange.start || j >= end) continue;
      if (!shows(material.side, front)) continue;
      const hit = intersection(this, raycaster, material.side, triangle, f[k], corners ? k + 4 : -1, index, -1);
      if (hit !== null) found = keep(found, triangle, hit);
    } else {
      for (let g = 0; g < groups.length; g++) {
        const group = groups[g];
        const groupMaterial = material[group.materialIndex];
        const start = Math.max(group.start, drawRange.start);
        const end = Math.min(count, Math.min(group.start + group.count, drawRange.start + drawRange.count));
        if (groupMaterial === undefined || j < start || j >= end || (j - start) % 3 !== 0) continue;
        if (!shows(groupMaterial.side, front)) continue;
        const at = corners ? k + 4 : -1;
        const hit = intersection(this, raycaster, groupMaterial.side, triangle, f[k], at, index, group.materialIndex);
        if (hit !== null) found = keep(found, g * shared.triangleCount + triangle, hit);
      }
    }
  }
  if (first) {
    let best = 0;
    for (let i = 1; i < found; i++) if (_found[i].distance < _found[best].distance) best = i;
    if (found > 0) intersects.push(_found[best]);
  } else {
    for (let i = 0; i < found; i++) intersects.push(_found[i]);
  }
  _found.fill(null, 0, found);
}

/**
 * How far `far` (world units) reaches along the local direction `d` in the mesh's units: far over
 * the world length of a unit local step, and a little beyond (the exact test on world distances
 * follows, as three.js does it).
 */
function localReach(m, d, far) {
  _scaled.set(
    m[0] * d.x + m[4] * d.y + m[8] * d.z,
    m[1] * d.x + m[5] * d.y + m[9] * d.z,
    m[2] * d.x + m[6] * d.y + m[10] * d.z,
  );
  return (far / _scaled.length()) * (1 + 2 ** -16) + 2 ** -20;
}

// The hits of one raycast in three.js's push order (group, then index): Raycaster's stable sort
// by distance then keeps that order among ties. Crossings come nearest first, so the order is
// almost always already right and the insertion sort does next to nothing.
const _found = [];
const _order = [];
function keep(found, order, hit) {
  let i = found;
  for (; i > 0 && _order[i - 1] > order; i--) {
    _order[i] = _order[i - 1];
    _found[i] = _found[i - 1];
  }
  _order[i] = order;
  _found[i] = hit;
  return found + 1;
}

/**
 * The tree's crossings of the ray in (_origin, _dir) up to `reach` (`all`), or its nearest hit,
 * into _rec: records of _rec.stride words from _rec.at in _rec.f32 / _rec.u32 — distance,
 * triangle (u32) at +2, front (0/1) at +3, and with _rec.corners the triangle's corners at +4.
 * Returns the count.
 */
const _rec = { f32: new Float32Array(0), u32: new Uint32Array(0), at: 0, stride: 13, corners: false };
function crossings(tree, all, reach) {
  const world = tree.world;
  if (typeof world[WORLD_RAY_TRIANGLES] === 'function') {
    const n = world[WORLD_RAY_TRIANGLES](all, _origin.x, _origin.y, _origin.z, _dir.x, _dir.y, _dir.z, reach, _rec);
    _rec.stride = 13;
    _rec.corners = tree.exact;
    return n;
  }
  // An instance of another copy of the package (useShototsu): its public raycasts.
  let list;
  if (all) list = world.raycastAll(_origin, _dir, reach);
  else {
    const h = world.raycast(_origin, _dir, reach);
    list = h.hit ? [{ distance: h.distance, triangle: h.triangle, front: true }] : [];
  }
  const buffer = new ArrayBuffer(16 * list.length);
  _rec.f32 = new Float32Array(buffer);
  _rec.u32 = new Uint32Array(buffer);
  for (let i = 0; i < list.length; i++) {
    _rec.f32[4 * i] = list[i].distance;
    _rec.u32[4 * i + 2] = list[i].triangle;
    _rec.f32[4 * i + 3] = list[i].front ? 1 : 0;
  }
  _rec.at = 0;
  _rec.stride = 4;
  _rec.corners = false;
  return list.length;
}

/**
 * firstHitOnly without groups: the core's nearest crossing alone, when it is the answer — drawn
 * (inside drawRange), shown by the material's side and within near/far. Returns false when the
 * full list must decide (the nearest crossing is culled or out of range), true when it answered.
 */
function nearestOnly(mesh, raycaster, tree, reach, index, count, intersects) {
  if (crossings(tree, false, reach) === 0) return true;
  const k = _rec.at;
  const triangle = _rec.u32[k + 2];
  const j = 3 * triangle;
  const drawRange = mesh.geometry.drawRange;
  if (j < drawRange.start || j >= Math.min(count, drawRange.start + drawRange.count)) return false;
  const side = mesh.material.side;
  const hit = intersection(mesh, raycaster, side, triangle, _rec.f32[k], _rec.corners ? k + 4 : -1, index, -1);
  if (hit === null) return false;
  // Met from the front when the ray runs against the face normal (three.js's own test).
  if (side !== DoubleSide && shows(side, _ray.direction.dot(hit.face.normal) < 0) === false) return false;
  intersects.push(hit);
  return true;
}

/**
 * What three.js returns for a hit the core found on `triangle` at `coreDistance`, or null when
 * outside near/far. The corners are read from _rec.f32 at `corners` (the tree's, when they are
 * three's own numbers), else from the mesh as three.js places them.
 */
function intersection(mesh, raycaster, side, triangle, coreDistance, corners, index, materialIndex) {
  const geometry = mesh.geometry;
  const j = 3 * triangle;
  let a = j,
    b = j + 1,
    cc = j + 2;
  if (index !== null) {
    if (plain(index, 1)) {
      const array = index.array;
      a = array[j];
      b = array[j + 1];
      cc = array[j + 2];
    } else {
      a = index.getX(j);
      b = index.getX(j + 1);
      cc = index.getX(j + 2);
    }
  }
  if (corners >= 0) {
    const f = _rec.f32;
    _a.set(f[corners], f[corners + 1], f[corners + 2]);
    _b.set(f[corners + 3], f[corners + 4], f[corners + 5]);
    _c.set(f[corners + 6], f[corners + 7], f[corners + 8]);
  } else {
    mesh.getVertexPosition(a, _a);
    mesh.getVertexPosition(b, _b);
    mesh.getVertexPosition(cc, _c);
  }
  // The point as three.js computes it; where rounding puts the ray just outside in its arithmetic,
  // the core's distance along the same ray.
  const at =
    side === BackSide
      ? _ray.intersectTriangle(_c, _b, _a, false, _point)
      : _ray.intersectTriangle(_a, _b, _c, false, _point);
  if (at === null) _ray.at(coreDistance, _point);
  _local.copy(_point);
  const point = _point.applyMatrix4(mesh.matrixWorld).clone();
  const distance = raycaster.ray.origin.distanceTo(point);
  if (distance < raycaster.near || distance > raycaster.far) return null;
  const barycoord = new Vector3();
  Triangle.getBarycoord(_local, _a, _b, _c, barycoord);
  const hit = { distance, point, object: mesh };
  const { uv, uv1, normal } = geometry.attributes;
  if (uv) hit.uv = interpolated(uv, 2, a, b, cc, barycoord, new Vector2());
  if (uv1) hit.uv1 = interpolated(uv1, 2, a, b, cc, barycoord, new Vector2());
  if (normal) {
    hit.normal = interpolated(normal, 3, a, b, cc, barycoord, new Vector3());
    if (hit.normal.dot(_ray.direction) > 0) hit.normal.multiplyScalar(-1);
  }
  const face = { a, b, c: cc, normal: new Vector3(), materialIndex: 0 };
  Triangle.getNormal(_a, _b, _c, face.normal);
  hit.face = face;
  hit.barycoord = barycoord;
  hit.faceIndex = triangle;
  if (materialIndex >= 0) face.materialIndex = materialIndex;
  return hit;
}

/**
 * Whether getX, getY, ... of `attribute` read its array as it is, at itemSize per vertex, with at
 * least `n` components each (a BufferAttribute, not normalized, not interleaved, whose getX is
 * BufferAttribute's own).
 */
const plain = (attribute, n) =>
  attribute.isBufferAttribute === true &&
  attribute.normalized === false &&
  attribute.itemSize >= n &&
  attribute.array !== undefined &&
  ownGetX(attribute.getX);

// BufferAttribute's getX: this copy of three.js's, or another copy's (an app and a library can
// each bring one) recognised by its source text, which is then the same code. The last function
// asked about is remembered: a scene's attributes share one.
const getX = BufferAttribute.prototype.getX;
const getXSource = Function.prototype.toString.call(getX);
let _lastGetX = getX,
  _lastOwn = true;
function ownGetX(fn) {
  if (fn === _lastGetX) return _lastOwn;
  _lastGetX = fn;
  _lastOwn = typeof fn === 'function' && Function.prototype.toString.call(fn) === getXSource;
  return _lastOwn;
}

/**
 * Triangle.getInterpolatedAttribute(attribute, a, b, c, w, target) for a Vector2 (`n` = 2) or
 * Vector3 (`n` = 3) target: the same sums in the same order, so the same numbers, read straight
 * from the array of a plain attribute (three's own call, for any other).
 */
function interpolated(attribute, n, a, b, c, w, target) {
  if (!plain(attribute, n)) return Triangle.getInterpolatedAttribute(attribute, a, b, c, w, target);
  const array = attribute.array,
    size = attribute.itemSize;
  const ia = a * size,
    ib = b * size,
    ic = c * size;
  const wa = w.x,
    wb = w.y,
    wc = w.z;
  // three.js: target = 0, then target += corner * weight for a, b, c in turn.
  target.x = 0 + array[ia] * wa + array[ib] * wb + array[ic] * wc;
  target.y = 0 + array[ia + 1] * wa + array[ib + 1] * wb + array[ic + 1] * wc;
  if (n === 3) target.z = 0 + array[ia + 2] * wa + array[ib + 2] * wb + array[ic + 2] * wc;
  return target;
}
