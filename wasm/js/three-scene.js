// shototsu/three, scenes: addObject3D walks an Object3D and adds its meshes to a World.
//
// What collides (the rule, also in docs/three.md): every Mesh, InstancedMesh and SkinnedMesh
// under `root`, except a subtree whose root has `userData.collide === false`, or is invisible
// (`visible === false`) without `userData.collide === true` (an invisible collision proxy), or
// whose `layers` share no bit with `options.layers`. The object's three.js layer mask becomes
// its World layer mask, so a QueryFilter's layers select like a camera's.
import { Matrix4, Quaternion, Vector3 } from 'three';
import { isPosed, posedPositions, readIndices, readPositions } from './three-raycast.js';

const _m = new Matrix4();
const _p = new Vector3(),
  _q = new Quaternion(),
  _s = new Vector3();
const ONE = new Vector3(1, 1, 1);

/** The triangles three.js draws: drawRange, and with a material per group the groups' ranges. */
function drawnTriangles(mesh) {
  const g = mesh.geometry;
  const count = g.index !== null ? g.index.count : g.attributes.position.count;
  const lo = Math.max(0, g.drawRange.start),
    hi = Math.min(count, g.drawRange.start + g.drawRange.count);
  const keep = new Uint8Array(Math.floor(count / 3));
  const mark = (a, b) => {
    for (let j = Math.ceil(Math.max(a, lo) / 3) * 3; j + 3 <= Math.min(b, hi); j += 3) keep[j / 3] = 1;
  };
  if (Array.isArray(mesh.material)) for (const gr of g.groups) mark(gr.start, gr.start + gr.count);
  else mark(lo, hi);
  const faces = [];
  for (let k = 0; k < keep.length; k++) if (keep[k]) faces.push(k);
  return Uint32Array.from(faces);
}

/** Positions and indices of the mesh's drawn faces; `vertices` (3 floats each) are transformed already. */
function meshArrays(mesh, faces, vertices) {
  const g = mesh.geometry;
  const src = g.index !== null ? readIndices(g.index) : null;
  const indices = new Uint32Array(faces.length * 3);
  for (let f = 0; f < faces.length; f++)
    for (let v = 0; v < 3; v++) indices[3 * f + v] = src !== null ? src[3 * faces[f] + v] : 3 * faces[f] + v;
  return { positions: vertices, indices };
}

/** Vertices scaled by (sx, sy, sz), or carried by a whole matrix. */
function transformed(local, matrix) {
  const out = new Float32Array(local.length);
  for (let i = 0; i < local.length; i += 3) {
    _p.set(local[i], local[i + 1], local[i + 2]).applyMatrix4(matrix);
    out[i] = _p.x;
    out[i + 1] = _p.y;
    out[i + 2] = _p.z;
  }
  return out;
}

/** The rigid part of a matrix as a Matrix4 (scale 1) and its scale in `scale`. */
function rigid(matrix, out, scale) {
  matrix.decompose(_p, _q, scale);
  return out.compose(_p, _q, ONE);
}

/**
 * Adds what collides under `root` to `world` (see the rule above) and returns the scene handle.
 * Static objects are baked at their world matrix; dynamic ones (options.dynamic, or
 * userData.dynamic on the object) keep a rigid transform and bake only their scale at add time.
 */
export function addObject3D(world, root, options = {}) {
  const fn = 'addObject3D';
  if (world === null || typeof world !== 'object' || typeof world.addMesh !== 'function')
    throw new TypeError(`${fn}: argument 'world' must be a World`);
  if (root === null || typeof root !== 'object' || !root.isObject3D)
    throw new TypeError(`${fn}: argument 'object3D' must be a THREE.Object3D`);
  if (options === null || typeof options !== 'object')
    throw new TypeError(`${fn}: argument 'options' must be an object { dynamic?, layers? }`);
  const mask = options.layers === undefined ? 0xffffffff : (options.layers.mask ?? options.layers);
  if (!Number.isInteger(mask))
    throw new TypeError(`${fn}: argument 'options.layers' must be a THREE.Layers or an integer mask`);
  root.updateWorldMatrix(true, true);

  const entries = []; // { id, object, instanceId, faces, dynamic, scale, posed }
  const byId = new Map();
  const add = (e) => {
    entries.push(e);
    byId.set(e.id, e);
  };
  const visit = (o) => {
    const collide = o.userData?.collide;
    if (collide === false || (o.visible === false && collide !== true) || (o.layers.mask & mask) === 0) return;
    if (o.isMesh && o.geometry?.attributes?.position !== undefined) addMesh(o);
    for (const child of o.children) visit(child);
  };
  const addMesh = (mesh) => {
    const dynamic = typeof mesh.userData.dynamic === 'boolean' ? mesh.userData.dynamic : options.dynamic === true;
    const layers = mesh.layers.mask >>> 0;
    const faces = drawnTriangles(mesh);
    if (faces.length === 0) return;
    const pose = isPosed(mesh);
    const local = pose ? posedPositions(mesh) : readPositions(mesh.geometry.attributes.position);
    if (mesh.isInstancedMesh) {
      const { indices } = meshArrays(mesh, faces, local);
      let base = -1;
      for (let i = 0; i < mesh.count; i++) {
        mesh.getMatrixAt(i, _m);
        _m.premultiply(mesh.matrixWorld);
        const scale = new Vector3();
        const transform = rigid(_m, new Matrix4(), scale);
        const uniform =
          Math.abs(scale.x - scale.y) <= 1e-6 * Math.abs(scale.x) &&
          Math.abs(scale.x - scale.z) <= 1e-6 * Math.abs(scale.x);
        let id;
        if (uniform && scale.x > 0) {
          id =
            base < 0
              ? world.addMesh(local, indices, { transform: _m, layers })
              : world.addInstance(base, { transform: _m, layers });
          if (base < 0) base = id;
          scale.set(1, 1, 1);
        } else {
          // Scale differing between axes: its own tree, scaled at add time.
          id = world.addMesh(transformed(local, new Matrix4().makeScale(scale.x, scale.y, scale.z)), indices, {
            transform,
            layers,
          });
        }
        add({
          id,
          object: mesh,
          instanceId: i,
          faces,
          dynamic,
          scale,
          posed: false,
          keepScale: uniform && scale.x > 0,
        });
      }
      return;
    }
    const scale = new Vector3();
    let id;
    if (dynamic) {
      const transform = rigid(mesh.matrixWorld, new Matrix4(), scale);
      const { positions, indices } = meshArrays(
        mesh,
        faces,
        transformed(local, new Matrix4().makeScale(scale.x, scale.y, scale.z)),
      );
      id = world.addMesh(positions, indices, { transform, layers });
    } else {
      const { positions, indices } = meshArrays(mesh, faces, transformed(local, mesh.matrixWorld));
      id = world.addMesh(positions, indices, { layers });
    }
    add({ id, object: mesh, instanceId: undefined, faces, dynamic, scale, posed: pose });
  };
  visit(root);

  const moving = entries.filter((e) => e.dynamic);
  const ids = new Uint32Array(moving.map((e) => e.id));
  const matrices = new Float32Array(16 * moving.length);
  let removed = false;
  const live = (method) => {
    if (removed) throw new TypeError(`scene.${method}: this scene was removed`);
  };

  return {
    /** The World's ids of the objects added. */
    get ids() {
      return entries.map((e) => e.id);
    },
    /**
     * Reads every dynamic object's matrixWorld (and every skinned or morphed mesh's pose) into
     * the World: set_transforms for the step that world.update(dt) then begins.
     */
    update() {
      live('update');
      root.updateWorldMatrix(true, true);
      for (let k = 0; k < moving.length; k++) {
        const e = moving[k];
        if (e.instanceId !== undefined) {
          e.object.getMatrixAt(e.instanceId, _m);
          _m.premultiply(e.object.matrixWorld);
        } else _m.copy(e.object.matrixWorld);
        if (!e.keepScale) rigid(_m, _m, _s);
        matrices.set(_m.elements, 16 * k);
      }
      if (moving.length > 0) world.setTransforms(ids, matrices);
      for (const e of entries) {
        if (!e.posed) continue;
        const local = posedPositions(e.object);
        const v = e.dynamic
          ? transformed(local, new Matrix4().makeScale(e.scale.x, e.scale.y, e.scale.z))
          : transformed(local, e.object.matrixWorld);
        world.updateMesh(e.id, v);
      }
    },
    /** Takes every object this call added out of the World. */
    remove() {
      live('remove');
      removed = true;
      for (const e of entries) if (world.has(e.id)) world.remove(e.id);
    },
    /**
     * What a World id (and triangle) stands for: { object, instanceId, faceIndex }, or null.
     * faceIndex is the triangle's face in the geometry (Raycaster's faceIndex).
     */
    lookup(id, triangle) {
      const e = byId.get(id);
      if (e === undefined) return null;
      const faceIndex =
        Number.isInteger(triangle) && triangle >= 0 && triangle < e.faces.length ? e.faces[triangle] : undefined;
      return { object: e.object, instanceId: e.instanceId, faceIndex };
    },
  };
}
