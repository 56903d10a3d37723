// The world (world.hpp) in JS: a class owning a C++ World by its address in wasm memory, passed
// first to each World_* export of bind/world.cpp.
// dispose() frees it at once ([Symbol.dispose] too, for `using`); a FinalizationRegistry frees
// forgotten worlds eventually, as a safety net only. Any use after dispose throws a TypeError.
import { fail, v3, q4, num, nonneg, upto } from './check.js';
import { REGIONS } from './layout.js';
import { DISPOSE, arrayArg, arrayOutput, cString, placeInput } from './memory.js';

/** Internal: the address of a live World's C++ World (for the systems built on it, systems.js). */
export const WORLD_HANDLE = Symbol('shototsu.worldHandle');
/** Internal: register an object (with dispose()) to be disposed together with the World. */
export const WORLD_ATTACH = Symbol('shototsu.worldAttach');
/**
 * Internal, for shototsu/three's picking: `world[WORLD_RAY_TRIANGLES](all, ox, oy, oz, dx, dy,
 * dz, maxDistance, out)` lists every crossing of the ray (`all`) or its nearest hit, with no
 * filter and no argument checks (the caller passes finite numbers). Returns the count and sets
 * out.f32, out.u32 (the heap) and out.at: record i is 13 words from out.at + 13 i — distance,
 * object (u32), triangle (u32), front (0/1), then the triangle's corners a, b, c. A registered
 * symbol: the dist bundles shototsu/three apart from index.js, so it names it the same way.
 */
export const WORLD_RAY_TRIANGLES = Symbol.for('shototsu.worldRayTriangles/1');

export function worldClass(W, heap, o, mem) {
  // Holds the address of each undisposed World; dispose() unregisters it first.
  const handles = new FinalizationRegistry((ptr) => W.World_delete(ptr));
  /** Why the core refused the last call (bind/world.cpp's worldLastError). */
  const lastError = () => cString(mem.M, W.worldLastError());

  /** Where worldRayRecordsSlot's word is (u32 index), once asked. */
  let raySlot = -1;

  /** A u32 index as JS sees it: the core's "none" (2^32 - 1) is -1. */
  const index = (v) => (v === 0xffffffff ? -1 : v);

  /** WorldHit at o: hit, distance, point, position, normal, object, triangle. */
  const worldHit = (h, u) => ({
    hit: h[o] !== 0,
    distance: h[o + 1],
    point: { x: h[o + 2], y: h[o + 3], z: h[o + 4] },
    position: { x: h[o + 5], y: h[o + 6], z: h[o + 7] },
    normal: { x: h[o + 8], y: h[o + 9], z: h[o + 10] },
    object: h[o] !== 0 ? u[o + 11] : -1,
    triangle: h[o] !== 0 ? index(u[o + 12]) : -1,
  });

  const ALL = 0xffffffff;
  /** The filter's layers (all when absent); checked by filterOk. */
  const layersOf = (f) => (f === undefined || f.layers === undefined ? ALL : f.layers >>> 0);
  const ignoreOf = (f) =>
    f === undefined || f.ignore === undefined || f.ignore === null || f.ignore < 0 ? ALL : f.ignore;
  /** A query filter: undefined, or { layers?: integer, ignore?: object id or -1 }. */
  const filterOk = (f) =>
    f === undefined ||
    (f !== null &&
      typeof f === 'object' &&
      (f.layers === undefined || Number.isInteger(f.layers)) &&
      (f.ignore === undefined || f.ignore === null || (Number.isInteger(f.ignore) && f.ignore >= -1)));
  /** An object id: an integer in [0, 2^32 - 2]. */
  const idOk = (id) => Number.isInteger(id) && id >= 0 && id < ALL;
  const layerMaskOk = (l) => l === undefined || Number.isInteger(l);

  const KINDS = ['mesh', 'instance', 'sphere', 'capsule', 'box'];
  /** A value in an error message (Symbols cannot go through a template literal). */
  const show = (v) =>
    typeof v === 'symbol' ? v.toString() : typeof v === 'object' && v !== null ? 'an object' : String(v);

  let input = -1;
  /**
   * Writes a transform into the input area and returns its form (0 none, 1 matrix, 2 parts):
   * a Matrix4 ({elements}), 16 numbers column-major, or { position, quaternion?, scale? }
   * (an Object3D's own fields; scale a number or {x, y, z}). Throws a TypeError when it is none
   * of these; the core judges whether it is rigid.
   */
  function placeTransform(fn, name, t) {
    if (t === undefined || t === null) return 0;
    if (typeof t !== 'object') {
      throw new TypeError(
        `${fn}: argument '${name}' must be a Matrix4, 16 numbers or { position, quaternion, scale } (got ${typeof t})`,
      );
    }
    if (input < 0) input = W.worldInputPointer() >> 2;
    const h = heap.f32();
    const e = 'elements' in t ? t.elements : t;
    if (e != null && typeof e === 'object' && typeof e.length === 'number') {
      if (e.length !== 16)
        throw new RangeError(`${fn}: argument '${name}' must have 16 elements (got length ${e.length})`);
      for (let i = 0; i < 16; i++) {
        if (typeof e[i] !== 'number')
          throw new TypeError(`${fn}: argument '${name}[${i}]' must be a number (got ${typeof e[i]})`);
        h[input + i] = e[i];
      }
      return 1;
    }
    if (typeof t !== 'object' || !v3(t.position)) {
      throw new TypeError(
        `${fn}: argument '${name}' must be a Matrix4, 16 numbers or { position, quaternion, scale } with finite numbers`,
      );
    }
    const q = t.quaternion === undefined ? { x: 0, y: 0, z: 0, w: 1 } : t.quaternion;
    if (!q4(q)) throw new TypeError(`${fn}: argument '${name}.quaternion' must be an {x, y, z, w} of finite numbers`);
    const sc = t.scale === undefined ? 1 : t.scale;
    const sv = typeof sc === 'number' ? { x: sc, y: sc, z: sc } : sc;
    if (!v3(sv))
      throw new TypeError(`${fn}: argument '${name}.scale' must be a number or an {x, y, z} of finite numbers`);
    h[input] = t.position.x;
    h[input + 1] = t.position.y;
    h[input + 2] = t.position.z;
    h[input + 3] = q.x;
    h[input + 4] = q.y;
    h[input + 5] = q.z;
    h[input + 6] = q.w;
    h[input + 7] = sv.x;
    h[input + 8] = sv.y;
    h[input + 9] = sv.z;
    return 2;
  }

  /** The options of addMesh / addInstance: { transform?, layers? }. */
  function optionsOf(fn, options) {
    if (options === undefined) return { form: 0, layers: 1 };
    if (options === null || typeof options !== 'object') {
      throw new TypeError(`${fn}: argument 'options' must be an object { transform?, layers? } (got ${show(options)})`);
    }
    if (!layerMaskOk(options.layers)) {
      throw new TypeError(`${fn}: argument 'options.layers' must be an integer bit mask (got ${show(options.layers)})`);
    }
    const form = placeTransform(fn, 'options.transform', options.transform);
    return { form, layers: options.layers === undefined ? 1 : options.layers >>> 0 };
  }

  function contacts(count) {
    const at = W.worldContactsPointer() >> 2;
    const h = heap.f32(),
      u = heap.u32();
    const list = new Array(count);
    for (let i = 0, k = at; i < count; i++, k += 10) {
      list[i] = {
        object: u[k],
        triangle: index(u[k + 1]),
        point: { x: h[k + 2], y: h[k + 3], z: h[k + 4] },
        normal: { x: h[k + 5], y: h[k + 6], z: h[k + 7] },
        depth: h[k + 8],
        feature: REGIONS[h[k + 9] | 0],
      };
    }
    return list;
  }

  class World {
    #h;

    /** An empty world. Add meshes, instances and primitive colliders with the add* methods. */
    constructor() {
      this.#h = W.World_new();
      handles.register(this, this.#h, this);
    }

    /** ParticleSystems and CharacterControllers built on this world: disposed with it. */
    #dependents = new Set();

    [WORLD_HANDLE](fn) {
      const h = this.#h;
      if (h === 0) throw new TypeError(`${fn}: argument 'world' is a World that was disposed`);
      return h;
    }

    [WORLD_RAY_TRIANGLES](all, ox, oy, oz, dx, dy, dz, maxDistance, out) {
      const w = this.#live('raycastAll');
      const n = all
        ? W.World_raycastAllTriangles(w, ox, oy, oz, dx, dy, dz, maxDistance, ALL, ALL)
        : W.World_raycastTriangle(w, ox, oy, oz, dx, dy, dz, maxDistance, ALL, ALL);
      out.f32 = heap.f32();
      out.u32 = heap.u32();
      // The records' address, read from the word where the export left it (fixed for the module).
      if (raySlot < 0) raySlot = W.worldRayRecordsSlot() >> 2;
      out.at = out.u32[raySlot] >> 2;
      return n;
    }

    [WORLD_ATTACH](dependent) {
      this.#dependents.add(dependent);
      return () => this.#dependents.delete(dependent);
    }

    #live(method) {
      const h = this.#h;
      if (h === 0) throw new TypeError(`World.${method}: this World was disposed`);
      return h;
    }

    /** True after dispose(). */
    get disposed() {
      return this.#h === 0;
    }

    /** Throws the error of a refused call: a bad id, or a bad transform. */
    #refused(fn, code, id) {
      const why = lastError();
      if (code === 2) throw new RangeError(`${fn}: argument 'transform': ${why}`);
      throw new RangeError(`${fn}: argument 'object' ${why} (got ${id})`);
    }

    #id(fn, id) {
      if (!idOk(id)) {
        if (typeof id !== 'number')
          throw new TypeError(`${fn}: argument 'object' must be an object id (got ${typeof id})`);
        throw new RangeError(`${fn}: argument 'object' must be an object id, an integer >= 0 (got ${id})`);
      }
    }

    addMesh(positions, indices, options) {
      const fn = 'World.addMesh';
      const w = this.#live('addMesh');
      const pos = arrayArg(mem, fn, 'positions', positions, Float32Array, 3);
      // three.js stores small meshes' indices as Uint16Array (glTF also as Uint8Array): widen them.
      const wide =
        indices instanceof Uint16Array || indices instanceof Uint8Array ? Uint32Array.from(indices) : indices;
      const idx = indices === undefined ? null : arrayArg(mem, fn, 'indices', wide, Uint32Array, 3);
      if (idx === null && pos.count % 3 !== 0) {
        throw new RangeError(
          `${fn}: argument 'positions' must hold 9 floats per triangle when there are no indices (got length ${positions.length})`,
        );
      }
      const { form, layers } = optionsOf(fn, options);
      const pp = placeInput(mem, pos, 0);
      const ip = idx === null ? 0 : placeInput(mem, idx, 1);
      const id = W.World_addMesh(w, pp, pos.value.length, ip, idx === null ? 0 : idx.value.length, form, layers);
      if (id < 0) {
        const why = lastError();
        const arg = /index/.test(why)
          ? 'indices'
          : /matrix|scale|rotation|position/.test(why)
            ? 'options.transform'
            : 'positions';
        throw new RangeError(`${fn}: argument '${arg}': ${why}`);
      }
      return id;
    }

    addInstance(mesh, options) {
      const fn = 'World.addInstance';
      const w = this.#live('addInstance');
      if (!idOk(mesh)) fail(fn, mesh, options);
      const { form, layers } = optionsOf(fn, options);
      const id = W.World_addInstance(w, mesh, form, layers);
      if (id < 0) {
        const why = lastError();
        if (/mesh/.test(why)) throw new RangeError(`${fn}: argument 'mesh' ${why} (got ${mesh})`);
        throw new RangeError(`${fn}: argument 'options.transform': ${why}`);
      }
      return id;
    }

    addSphere(center, radius, options) {
      const fn = 'World.addSphere';
      const w = this.#live('addSphere');
      if (!(v3(center) && nonneg(radius))) fail(fn, center, radius, options);
      const layers = this.#layers(fn, options);
      return W.World_addSphere(w, center.x, center.y, center.z, radius, layers);
    }

    addCapsule(start, end, radius, options) {
      const fn = 'World.addCapsule';
      const w = this.#live('addCapsule');
      if (!(v3(start) && v3(end) && nonneg(radius))) fail(fn, start, end, radius, options);
      const layers = this.#layers(fn, options);
      const id = W.World_addCapsule(w, start.x, start.y, start.z, end.x, end.y, end.z, radius, layers);
      if (id < 0) throw new RangeError(`${fn}: argument 'end': ${lastError()}`);
      return id;
    }

    addBox(center, rotation, halfExtents, options) {
      const fn = 'World.addBox';
      const w = this.#live('addBox');
      if (
        !(
          v3(center) &&
          q4(rotation) &&
          v3(halfExtents) &&
          halfExtents.x >= 0 &&
          halfExtents.y >= 0 &&
          halfExtents.z >= 0
        )
      )
        fail(fn, center, rotation, halfExtents, options);
      const layers = this.#layers(fn, options);
      const r = rotation,
        h = halfExtents;
      const id = W.World_addBox(w, center.x, center.y, center.z, r.x, r.y, r.z, r.w, h.x, h.y, h.z, layers);
      if (id < 0) throw new RangeError(`${fn}: argument 'rotation': ${lastError()}`);
      return id;
    }

    #layers(fn, options) {
      if (options === undefined) return 1;
      if (options === null || typeof options !== 'object' || !layerMaskOk(options.layers)) {
        throw new TypeError(`${fn}: argument 'options' must be { layers?: integer bit mask } (got ${show(options)})`);
      }
      return options.layers === undefined ? 1 : options.layers >>> 0;
    }

    setTransform(object, transform) {
      this.#place('setTransform', object, transform, false);
    }

    teleport(object, transform) {
      this.#place('teleport', object, transform, true);
    }

    #place(method, object, transform, teleport) {
      const fn = `World.${method}`;
      const w = this.#live(method);
      this.#id(fn, object);
      if (transform === undefined || transform === null) throw new TypeError(`${fn}: missing argument 'transform'`);
      const form = placeTransform(fn, 'transform', transform);
      const code = W.World_setTransform(w, object, form, teleport);
      if (code !== 0) this.#refused(fn, code, object);
    }

    setTransforms(objects, matrices) {
      const fn = 'World.setTransforms';
      const w = this.#live('setTransforms');
      const ids = arrayArg(mem, fn, 'objects', objects, Uint32Array, 1);
      const ms = arrayArg(mem, fn, 'matrices', matrices, Float32Array, 16);
      if (ms.count !== ids.count) {
        throw new RangeError(
          `${fn}: argument 'matrices' must hold 16 floats per object (${ids.count} objects; got ${ms.count})`,
        );
      }
      const pi = placeInput(mem, ids, 0);
      const pm = placeInput(mem, ms, 1);
      const done = W.World_setTransforms(w, pi, pm, ids.count);
      if (done !== ids.count) {
        throw new RangeError(`${fn}: element ${done} (object ${ids.value[done]}): ${lastError()}`);
      }
    }

    update(dt) {
      const w = this.#live('update');
      if (!(typeof dt === 'number' && dt > 0 && dt <= 3.4e38)) {
        if (typeof dt !== 'number')
          throw new TypeError(`World.update: argument 'dt' must be a number (got ${typeof dt})`);
        throw new RangeError(`World.update: argument 'dt' must be finite and > 0 (got ${dt})`);
      }
      W.World_update(w, dt);
    }

    updateMesh(object, positions) {
      const fn = 'World.updateMesh';
      const w = this.#live('updateMesh');
      this.#id(fn, object);
      const pos = arrayArg(mem, fn, 'positions', positions, Float32Array, 3);
      const kind = W.World_kind(w, object);
      if (kind !== 0 && kind !== 1)
        throw new RangeError(`${fn}: argument 'object' is not a live mesh or instance (got ${object})`);
      const pp = placeInput(mem, pos, 0);
      if (W.World_updateMesh(w, object, pp, pos.value.length) !== 0) {
        throw new RangeError(`${fn}: argument 'positions' ${lastError()} (got length ${pos.value.length})`);
      }
    }

    remove(object) {
      const fn = 'World.remove';
      const w = this.#live('remove');
      this.#id(fn, object);
      if (W.World_remove(w, object) !== 0) this.#refused(fn, 1, object);
    }

    setLayers(object, layers) {
      const fn = 'World.setLayers';
      const w = this.#live('setLayers');
      this.#id(fn, object);
      if (!Number.isInteger(layers))
        throw new TypeError(`${fn}: argument 'layers' must be an integer bit mask (got ${show(layers)})`);
      if (W.World_setLayers(w, object, layers >>> 0) !== 0) this.#refused(fn, 1, object);
    }

    /** Whether `object` (an id) is a live object of this world. */
    has(object) {
      const w = this.#live('has');
      this.#id('World.has', object);
      return W.World_kind(w, object) >= 0;
    }

    /** 'mesh' | 'instance' | 'sphere' | 'capsule' | 'box', or null when not live. */
    kind(object) {
      const w = this.#live('kind');
      this.#id('World.kind', object);
      const k = W.World_kind(w, object);
      return k < 0 ? null : KINDS[k];
    }

    layers(object) {
      const w = this.#liveObject('layers', object);
      return W.World_layers(w, object) >>> 0;
    }

    /** The address, after checking that `object` names a live object of this world. */
    #liveObject(method, object) {
      const fn = `World.${method}`;
      const w = this.#live(method);
      this.#id(fn, object);
      if (W.World_kind(w, object) < 0)
        throw new RangeError(`${fn}: argument 'object' is not a live object of this world (got ${object})`);
      return w;
    }

    /** The object's pose and its velocities over the current step. */
    transform(object) {
      const w = this.#liveObject('transform', object);
      W.World_objectState(w, object);
      const h = heap.f32();
      return {
        position: { x: h[o], y: h[o + 1], z: h[o + 2] },
        quaternion: { x: h[o + 3], y: h[o + 4], z: h[o + 5], w: h[o + 6] },
        scale: h[o + 7],
        linearVelocity: { x: h[o + 8], y: h[o + 9], z: h[o + 10] },
        angularVelocity: { x: h[o + 11], y: h[o + 12], z: h[o + 13] },
      };
    }

    velocityAt(object, point) {
      const w = this.#liveObject('velocityAt', object);
      if (!v3(point)) fail('World.velocityAt', object, point);
      W.World_velocityAt(w, object, point.x, point.y, point.z);
      const h = heap.f32();
      return { x: h[o], y: h[o + 1], z: h[o + 2] };
    }

    bounds(object) {
      const w = this.#liveObject('bounds', object);
      W.World_bounds(w, object);
      const h = heap.f32();
      return { min: { x: h[o], y: h[o + 1], z: h[o + 2] }, max: { x: h[o + 3], y: h[o + 4], z: h[o + 5] } };
    }

    /** Live objects. */
    get objectCount() {
      return W.World_objectCount(this.#live('objectCount')) >>> 0;
    }

    raycast(origin, direction, maxDistance = Infinity, filter) {
      const w = this.#live('raycast');
      if (!(v3(origin) && v3(direction) && upto(maxDistance) && filterOk(filter)))
        fail('World.raycast', origin, direction, maxDistance, filter);
      const p = origin,
        d = direction;
      W.World_raycast(w, p.x, p.y, p.z, d.x, d.y, d.z, maxDistance, layersOf(filter), ignoreOf(filter));
      return worldHit(heap.f32(), heap.u32());
    }

    raycastAny(origin, direction, maxDistance = Infinity, filter) {
      const w = this.#live('raycastAny');
      if (!(v3(origin) && v3(direction) && upto(maxDistance) && filterOk(filter)))
        fail('World.raycastAny', origin, direction, maxDistance, filter);
      const d = direction;
      return (
        W.World_raycastAny(
          w,
          origin.x,
          origin.y,
          origin.z,
          d.x,
          d.y,
          d.z,
          maxDistance,
          layersOf(filter),
          ignoreOf(filter),
        ) !== 0
      );
    }

    raycastAll(origin, direction, maxDistance = Infinity, filter) {
      const w = this.#live('raycastAll');
      if (!(v3(origin) && v3(direction) && upto(maxDistance) && filterOk(filter)))
        fail('World.raycastAll', origin, direction, maxDistance, filter);
      const d = direction;
      const n = W.World_raycastAll(
        w,
        origin.x,
        origin.y,
        origin.z,
        d.x,
        d.y,
        d.z,
        maxDistance,
        layersOf(filter),
        ignoreOf(filter),
      );
      const at = W.worldContactsPointer() >> 2;
      const h = heap.f32(),
        u = heap.u32();
      const list = new Array(n);
      for (let i = 0, k = at; i < n; i++, k += 4) {
        list[i] = { distance: h[k], object: u[k + 1], triangle: index(u[k + 2]), front: h[k + 3] !== 0 };
      }
      return list;
    }

    intersectSegment(from, to, filter) {
      const w = this.#live('intersectSegment');
      if (!(v3(from) && v3(to) && filterOk(filter))) fail('World.intersectSegment', from, to, filter);
      W.World_intersectSegment(w, from.x, from.y, from.z, to.x, to.y, to.z, layersOf(filter), ignoreOf(filter));
      return worldHit(heap.f32(), heap.u32());
    }

    sphereCast(center, radius, direction, maxDistance, filter) {
      const w = this.#live('sphereCast');
      if (!(v3(center) && nonneg(radius) && v3(direction) && nonneg(maxDistance) && filterOk(filter))) {
        fail('World.sphereCast', center, radius, direction, maxDistance, filter);
      }
      const c = center,
        d = direction;
      W.World_sphereCast(w, c.x, c.y, c.z, radius, d.x, d.y, d.z, maxDistance, layersOf(filter), ignoreOf(filter));
      return worldHit(heap.f32(), heap.u32());
    }

    capsuleCast(a, b, radius, direction, maxDistance, filter) {
      const w = this.#live('capsuleCast');
      if (!(v3(a) && v3(b) && nonneg(radius) && v3(direction) && nonneg(maxDistance) && filterOk(filter))) {
        fail('World.capsuleCast', a, b, radius, direction, maxDistance, filter);
      }
      const d = direction;
      W.World_capsuleCast(
        w,
        a.x,
        a.y,
        a.z,
        b.x,
        b.y,
        b.z,
        radius,
        d.x,
        d.y,
        d.z,
        maxDistance,
        layersOf(filter),
        ignoreOf(filter),
      );
      return worldHit(heap.f32(), heap.u32());
    }

    overlapSphere(center, radius, filter) {
      const w = this.#live('overlapSphere');
      if (!(v3(center) && nonneg(radius) && filterOk(filter))) fail('World.overlapSphere', center, radius, filter);
      return contacts(
        W.World_overlapSphere(w, center.x, center.y, center.z, radius, layersOf(filter), ignoreOf(filter)),
      );
    }

    overlapCapsule(a, b, radius, filter) {
      const w = this.#live('overlapCapsule');
      if (!(v3(a) && v3(b) && nonneg(radius) && filterOk(filter))) fail('World.overlapCapsule', a, b, radius, filter);
      return contacts(
        W.World_overlapCapsule(w, a.x, a.y, a.z, b.x, b.y, b.z, radius, layersOf(filter), ignoreOf(filter)),
      );
    }

    closestPoint(point, maxDistance = Infinity, filter) {
      const w = this.#live('closestPoint');
      if (!(v3(point) && upto(maxDistance) && filterOk(filter))) fail('World.closestPoint', point, maxDistance, filter);
      W.World_closestPoint(w, point.x, point.y, point.z, maxDistance, layersOf(filter), ignoreOf(filter));
      const h = heap.f32(),
        u = heap.u32();
      const hit = h[o] !== 0;
      return {
        hit,
        point: { x: h[o + 1], y: h[o + 2], z: h[o + 3] },
        distance: h[o + 4],
        object: hit ? u[o + 5] : -1,
        triangle: hit ? index(u[o + 6]) : -1,
        feature: REGIONS[h[o + 7] | 0],
      };
    }

    floor(x, z, fromY, filter) {
      const w = this.#live('floor');
      if (!(num(x) && num(z) && num(fromY) && filterOk(filter))) fail('World.floor', x, z, fromY, filter);
      W.World_floor(w, x, z, fromY, layersOf(filter), ignoreOf(filter));
      const h = heap.f32(),
        u = heap.u32();
      const hit = h[o] !== 0;
      return {
        hit,
        height: h[o + 1],
        normal: { x: h[o + 2], y: h[o + 3], z: h[o + 4] },
        object: hit ? u[o + 5] : -1,
        triangle: hit ? index(u[o + 6]) : -1,
      };
    }

    floorHeight(x, z, fromY, filter) {
      const w = this.#live('floorHeight');
      if (!(num(x) && num(z) && num(fromY) && filterOk(filter))) fail('World.floorHeight', x, z, fromY, filter);
      W.World_floor(w, x, z, fromY, layersOf(filter), ignoreOf(filter));
      const h = heap.f32();
      return h[o] !== 0 ? h[o + 1] : null;
    }

    /** A triangle of a mesh or instance in world space at its current pose. */
    triangle(object, index) {
      const w = this.#live('triangle');
      if (!(idOk(object) && Number.isInteger(index) && index >= 0)) fail('World.triangle', object, index);
      const count = W.World_triangleCount(w, object);
      if (W.World_kind(w, object) < 0 || (count === 0 && W.World_kind(w, object) > 1))
        throw new RangeError(`World.triangle: argument 'object' is not a live mesh or instance (got ${object})`);
      if (index >= count) throw new RangeError(`World.triangle: argument 'index' must be < ${count} (got ${index})`);
      W.World_triangle(w, object, index);
      const h = heap.f32();
      return {
        a: { x: h[o], y: h[o + 1], z: h[o + 2] },
        b: { x: h[o + 3], y: h[o + 4], z: h[o + 5] },
        c: { x: h[o + 6], y: h[o + 7], z: h[o + 8] },
      };
    }

    /** Triangles of a mesh or instance (0 for primitives). */
    triangleCount(object) {
      const w = this.#liveObject('triangleCount', object);
      return W.World_triangleCount(w, object) >>> 0;
    }

    /** Every triangle of a mesh or instance in world space: 9 floats each (a, b, c), a copy. */
    triangles(object) {
      const fn = 'World.triangles';
      const w = this.#liveObject('triangles', object);
      if (W.World_kind(w, object) > 1)
        throw new RangeError(`${fn}: argument 'object' is not a live mesh or instance (got ${object})`);
      return this.#flat(W.World_triangles(w, object) * 9);
    }

    /** The top level's nodes down to maxDepth: 8 floats each (min xyz, max xyz, depth, leaf). */
    treeBoxes(maxDepth = ALL - 1) {
      const w = this.#live('treeBoxes');
      if (!(Number.isInteger(maxDepth) && maxDepth >= 0 && maxDepth < ALL)) fail('World.treeBoxes', maxDepth);
      return this.#flat(W.World_treeBoxes(w, maxDepth) * 8);
    }

    /** A mesh's (or instance's) tree nodes in the mesh's own space, as treeBoxes lists them. */
    meshTreeBoxes(object, maxDepth = ALL - 1) {
      const fn = 'World.meshTreeBoxes';
      const w = this.#liveObject('meshTreeBoxes', object);
      if (!(Number.isInteger(maxDepth) && maxDepth >= 0 && maxDepth < ALL)) fail(fn, object, maxDepth);
      if (W.World_kind(w, object) > 1)
        throw new RangeError(`${fn}: argument 'object' is not a live mesh or instance (got ${object})`);
      return this.#flat(W.World_meshTreeBoxes(w, object, maxDepth) * 8);
    }

    /** Increases whenever geometry that queries see changes (add, remove, move, refit). */
    get revision() {
      return W.World_revision(this.#live('revision'));
    }

    /** The live objects changed after `revision` (0: every live object), by increasing id. */
    changedSince(revision) {
      const w = this.#live('changedSince');
      if (!nonneg(revision)) fail('World.changedSince', revision);
      const n = W.World_changedSince(w, revision);
      return heap.u32().slice(W.worldContactsPointer() >> 2, (W.worldContactsPointer() >> 2) + n);
    }

    /** A sphere object in world space: { center, radius }; null for other objects. */
    sphere(object) {
      const w = this.#liveObject('sphere', object);
      if (!W.World_sphere(w, object)) return null;
      const h = heap.f32();
      return { center: { x: h[o], y: h[o + 1], z: h[o + 2] }, radius: h[o + 3] };
    }

    /** A capsule object in world space: { start, end, radius }; null for other objects. */
    capsule(object) {
      const w = this.#liveObject('capsule', object);
      if (!W.World_capsule(w, object)) return null;
      const h = heap.f32();
      return {
        start: { x: h[o], y: h[o + 1], z: h[o + 2] },
        end: { x: h[o + 3], y: h[o + 4], z: h[o + 5] },
        radius: h[o + 6],
      };
    }

    /** A box object in world space: { center, rotation, halfExtents }; null for other objects. */
    box(object) {
      const w = this.#liveObject('box', object);
      if (!W.World_box(w, object)) return null;
      const h = heap.f32();
      return {
        center: { x: h[o], y: h[o + 1], z: h[o + 2] },
        rotation: { x: h[o + 3], y: h[o + 4], z: h[o + 5], w: h[o + 6] },
        halfExtents: { x: h[o + 7], y: h[o + 8], z: h[o + 9] },
      };
    }

    /** A copy of the first `n` floats of the scratch list. */
    #flat(n) {
      const at = W.worldContactsPointer() >> 2;
      return heap.f32().slice(at, at + n);
    }

    get stats() {
      W.World_stats(this.#live('stats'));
      const u = heap.u32();
      return {
        objects: u[o + 6],
        meshes: u[o],
        triangles: u[o + 1],
        nodes: u[o + 2],
        memoryBytes: u[o + 3],
        maxDepth: u[o + 4],
        buildMs: heap.f32()[o + 5],
        topNodes: u[o + 7],
        topRebuilds: u[o + 8],
        topRefits: u[o + 9],
        meshRebuilds: u[o + 10],
      };
    }

    raycastBatch(rays, maxDistance, out, ids, filter) {
      const fn = 'World.raycastBatch';
      const w = this.#live('raycastBatch');
      if (!(upto(maxDistance) && filterOk(filter))) fail(fn, rays, maxDistance, out, ids, filter);
      const l = layersOf(filter),
        g = ignoreOf(filter);
      return castBatch(fn, rays, out, ids, 8, (pr, n, po, pi) =>
        W.World_raycastBatch(w, pr, n, maxDistance, po, pi, l, g),
      );
    }

    sphereCastBatch(casts, radius, maxDistance, out, ids, filter) {
      const fn = 'World.sphereCastBatch';
      const w = this.#live('sphereCastBatch');
      if (!(nonneg(radius) && nonneg(maxDistance) && filterOk(filter)))
        fail(fn, casts, radius, maxDistance, out, ids, filter);
      const l = layersOf(filter),
        g = ignoreOf(filter);
      return castBatch(fn, casts, out, ids, 11, (pc, n, po, pi) =>
        W.World_sphereCastBatch(w, pc, n, radius, maxDistance, po, pi, l, g),
      );
    }

    /** The whole world as bytes (docs/serialization.md): load them with World.deserialize. */
    serialize() {
      const at = W.World_serialize(this.#live('serialize'));
      const n = heap.u32()[o];
      const bytes = mem.M.HEAPU8.slice(at, at + n);
      W.worldBytesRelease();
      return bytes;
    }

    /** A World from serialize()'s bytes, answering as the saved one did. Bad bytes: a RangeError. */
    static deserialize(bytes) {
      const fn = 'World.deserialize';
      if (!(bytes instanceof Uint8Array || bytes instanceof ArrayBuffer)) fail(fn, bytes);
      const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
      const world = new World();
      const ptr = mem.malloc(view.length, fn);
      try {
        mem.M.HEAPU8.set(view, ptr);
        if (W.World_deserialize(world.#h, ptr, view.length) !== 0) {
          const why = lastError();
          world.dispose();
          throw new RangeError(`${fn}: argument 'bytes': ${why} (got ${view.length} bytes)`);
        }
      } finally {
        mem.M._free(ptr);
      }
      return world;
    }

    /** Frees the world's memory now, and disposes the particle systems and characters built on it.
     *  Idempotent; any other use afterwards throws. */
    dispose() {
      if (this.#h === 0) return;
      // What was built on this world points into it: it goes first.
      for (const d of [...this.#dependents]) d.dispose();
      this.#dependents.clear();
      handles.unregister(this);
      W.World_delete(this.#h);
      this.#h = 0; // disposed: no World has address 0
    }

    [DISPOSE]() {
      this.dispose();
    }
  }

  function castBatch(fn, casts, out, ids, stride, call) {
    const arg = arrayArg(mem, fn, fn.endsWith('raycastBatch') ? 'rays' : 'casts', casts, Float32Array, 6);
    const n = arg.count;
    const result = arrayOutput(mem, fn, 'out', out, Float32Array, stride, n);
    const idOut = ids === undefined ? null : arrayOutput(mem, fn, 'ids', ids, Uint32Array, 2, n);
    const pc = placeInput(mem, arg, 0);
    const po = result.where(1);
    const pi = idOut === null ? 0 : idOut.where(2);
    call(pc, n, po, pi);
    if (idOut !== null) idOut.finish();
    return result.finish();
  }

  return World;
}
