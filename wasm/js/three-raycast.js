// shototsu/three, picking: computeBoundsTree / acceleratedRaycast, the two lines three-mesh-bvh
// users know. A geometry's tree is a private World holding its triangles in the mesh's own space
// (triangle k is face k of the index, or of the positions when there is none), so transforms cost
// nothing. A ray is carried into that space; the core lists every triangle it crosses and the
// side it meets (World.raycastAll) and decides which it hits; three.js's own math then builds
// what Raycaster returns (the point, barycoord, uv, normal, face), so the answers are three's.
import { Matrix4, Ray, Sphere, Triangle, Vector2, Vector3, Mesh, BackSide, FrontSide, DoubleSide } from 'three';
import { shototsu } from './three-common.js';

const threeRaycast = Mesh.prototype.raycast;

/** A geometry's tree: a World with one mesh at the identity. */
export class BoundsTree {
  /** @param {object} world @param {number} triangles @param {boolean} indexed */
  constructor(world, triangles, indexed) {
    this.world = world;
    this.triangleCount = triangles;
    this.indexed = indexed;
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

/** A new tree over `positions` (Float32Array) with the geometry's triangles. */
function buildTree(fn, geometry, positions) {
  const s = shototsu(fn);
  const index = geometry.index;
  const world = new s.World();
  try {
    if (index !== null) {
      const idx = readIndices(index);
      world.addMesh(positions, idx);
      return new BoundsTree(world, idx.length / 3, true);
    }
    const whole = positions.length - (positions.length % 9);
    world.addMesh(whole === positions.length ? positions : positions.subarray(0, whole));
    return new BoundsTree(world, whole / 9, false);
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
  this.boundsTree = buildTree(fn, this, readPositions(position));
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
    tree: buildTree('acceleratedRaycast', mesh.geometry, positions),
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
    _sphere.copy(mesh.boundingSphere).applyMatrix4(mesh.matrixWorld);
    if (!raycaster.ray.intersectsSphere(_sphere)) return false;
  } else {
    if (geometry.boundingSphere === null) geometry.computeBoundingSphere();
    _sphere.copy(geometry.boundingSphere).applyMatrix4(mesh.matrixWorld);
    _ray.copy(raycaster.ray).recast(raycaster.near);
    if (!_sphere.containsPoint(_ray.origin)) {
      if (_ray.intersectSphere(_sphere, _hitAt) === null) return false;
      if (_ray.origin.distanceToSquared(_hitAt) > (raycaster.far - raycaster.near) ** 2) return false;
    }
  }
  _inverse.copy(mesh.matrixWorld).invert();
  _ray.copy(raycaster.ray).applyMatrix4(_inverse);
  return !mesh.isSkinnedMesh || mesh.boundingBox === null || _ray.intersectsBox(mesh.boundingBox);
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

  // How far `far` reaches in the mesh's units: world length of a unit local step along the ray.
  const m = this.matrixWorld.elements;
  const d = _ray.direction;
  _scaled.set(
    m[0] * d.x + m[4] * d.y + m[8] * d.z,
    m[1] * d.x + m[5] * d.y + m[9] * d.z,
    m[2] * d.x + m[6] * d.y + m[10] * d.z,
  );
  const unit = _scaled.length();
  // A little beyond far: the exact test on world distances follows, as three.js does it.
  const reach = raycaster.far === Infinity ? Infinity : (raycaster.far / unit) * (1 + 2 ** -16) + 2 ** -20;
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
  const crossings = tree.world.raycastAll(_origin, _dir, reach);
  if (crossings.length === 0) return;

  const found = [];
  for (const c of crossings) {
    const j = 3 * c.triangle;
    if (groups === null) {
      const end = Math.min(count, drawRange.start + drawRange.count);
      if (j < drawRange.start || j >= end) continue;
      if (!shows(material.side, c.front)) continue;
      const hit = intersection(this, raycaster, material.side, c, index, -1);
      if (hit !== null) found.push({ order: c.triangle, hit });
    } else {
      for (let g = 0; g < groups.length; g++) {
        const group = groups[g];
        const groupMaterial = material[group.materialIndex];
        const start = Math.max(group.start, drawRange.start);
        const end = Math.min(count, Math.min(group.start + group.count, drawRange.start + drawRange.count));
        if (groupMaterial === undefined || j < start || j >= end || (j - start) % 3 !== 0) continue;
        if (!shows(groupMaterial.side, c.front)) continue;
        const hit = intersection(this, raycaster, groupMaterial.side, c, index, group.materialIndex);
        if (hit !== null) found.push({ order: g * shared.triangleCount + c.triangle, hit });
      }
    }
  }
  // three.js pushes in group, then index order; Raycaster's stable sort keeps it among ties.
  found.sort((x, y) => x.order - y.order);
  if (first) {
    let best = null;
    for (const f of found) if (best === null || f.hit.distance < best.hit.distance) best = f;
    if (best !== null) intersects.push(best.hit);
    return;
  }
  for (const f of found) intersects.push(f.hit);
}

/**
 * firstHitOnly without groups: the core's nearest crossing alone, when it is the answer — drawn
 * (inside drawRange), shown by the material's side and within near/far. Returns false when the
 * full list must decide (the nearest crossing is culled or out of range), true when it answered.
 */
function nearestOnly(mesh, raycaster, tree, reach, index, count, intersects) {
  const h = tree.world.raycast(_origin, _dir, reach);
  if (!h.hit) return true;
  const j = 3 * h.triangle;
  const drawRange = mesh.geometry.drawRange;
  if (j < drawRange.start || j >= Math.min(count, drawRange.start + drawRange.count)) return false;
  const side = mesh.material.side;
  const hit = intersection(mesh, raycaster, side, h, index, -1);
  if (hit === null) return false;
  // Met from the front when the ray runs against the face normal (three.js's own test).
  if (side !== DoubleSide && shows(side, _ray.direction.dot(hit.face.normal) < 0) === false) return false;
  intersects.push(hit);
  return true;
}

/** What three.js returns for a hit the core found on triangle c.triangle, or null when outside near/far. */
function intersection(mesh, raycaster, side, c, index, materialIndex) {
  const geometry = mesh.geometry;
  const j = 3 * c.triangle;
  const a = index !== null ? index.getX(j) : j;
  const b = index !== null ? index.getX(j + 1) : j + 1;
  const cc = index !== null ? index.getX(j + 2) : j + 2;
  mesh.getVertexPosition(a, _a);
  mesh.getVertexPosition(b, _b);
  mesh.getVertexPosition(cc, _c);
  // The point as three.js computes it; where rounding puts the ray just outside in its arithmetic,
  // the core's distance along the same ray.
  const at =
    side === BackSide
      ? _ray.intersectTriangle(_c, _b, _a, false, _point)
      : _ray.intersectTriangle(_a, _b, _c, false, _point);
  if (at === null) _ray.at(c.distance, _point);
  const local = _point.clone();
  const point = _point.applyMatrix4(mesh.matrixWorld).clone();
  const distance = raycaster.ray.origin.distanceTo(point);
  if (distance < raycaster.near || distance > raycaster.far) return null;
  const barycoord = new Vector3();
  Triangle.getBarycoord(local, _a, _b, _c, barycoord);
  const hit = { distance, point, object: mesh };
  const { uv, uv1, normal } = geometry.attributes;
  if (uv) hit.uv = Triangle.getInterpolatedAttribute(uv, a, b, cc, barycoord, new Vector2());
  if (uv1) hit.uv1 = Triangle.getInterpolatedAttribute(uv1, a, b, cc, barycoord, new Vector2());
  if (normal) {
    hit.normal = Triangle.getInterpolatedAttribute(normal, a, b, cc, barycoord, new Vector3());
    if (hit.normal.dot(_ray.direction) > 0) hit.normal.multiplyScalar(-1);
  }
  const face = { a, b, c: cc, normal: new Vector3(), materialIndex: 0 };
  Triangle.getNormal(_a, _b, _c, face.normal);
  hit.face = face;
  hit.barycoord = barycoord;
  hit.faceIndex = c.triangle;
  if (materialIndex >= 0) face.materialIndex = materialIndex;
  return hit;
}
