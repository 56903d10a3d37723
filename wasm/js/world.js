// The mesh world (world.hpp) in JS: a class owning a C++ World through an Embind handle.
// dispose() frees it at once ([Symbol.dispose] too, for `using`); a FinalizationRegistry frees
// forgotten worlds eventually, as a safety net only. Any use after dispose throws a TypeError.
import { fail, v3, num, nonneg, upto } from './check.js';
import { REGIONS } from './layout.js';
import { DISPOSE, arrayArg, arrayOutput, placeInput } from './memory.js';

/** Internal: the live Embind handle of a World (for the systems built on it, systems.js). */
export const WORLD_HANDLE = Symbol('shototsu.worldHandle');
/** Internal: register an object (with dispose()) to be disposed together with the World. */
export const WORLD_ATTACH = Symbol('shototsu.worldAttach');

export function worldClass(W, heap, o, mem) {
  const handles = new FinalizationRegistry((handle) => {
    if (!handle.isDeleted()) handle.delete();
  });

  /** WorldHit at o: hit, distance, point, position, normal, mesh, triangle. */
  const worldHit = (h, u) => ({
    hit: h[o] !== 0,
    distance: h[o + 1],
    point: { x: h[o + 2], y: h[o + 3], z: h[o + 4] },
    position: { x: h[o + 5], y: h[o + 6], z: h[o + 7] },
    normal: { x: h[o + 8], y: h[o + 9], z: h[o + 10] },
    mesh: h[o] !== 0 ? u[o + 11] : -1,
    triangle: h[o] !== 0 ? u[o + 12] : -1,
  });

  function contacts(count) {
    const at = W.worldContactsPointer() >> 2;
    const h = heap.f32(),
      u = heap.u32();
    const list = new Array(count);
    for (let i = 0, k = at; i < count; i++, k += 10) {
      list[i] = {
        mesh: u[k],
        triangle: u[k + 1],
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
    /** Triangles per mesh, by mesh index (for World.triangle's range check). */
    #triangles = [];

    /** An empty world. Add static triangle meshes with addMesh. */
    constructor() {
      this.#h = new W.World();
      handles.register(this, this.#h, this);
    }

    /** ParticleSystems and CharacterControllers built on this world: disposed with it. */
    #dependents = new Set();

    [WORLD_HANDLE](fn) {
      const h = this.#h;
      if (h === null) throw new TypeError(`${fn}: argument 'world' is a World that was disposed`);
      return h;
    }

    [WORLD_ATTACH](dependent) {
      this.#dependents.add(dependent);
      return () => this.#dependents.delete(dependent);
    }

    #live(method) {
      const h = this.#h;
      if (h === null) throw new TypeError(`World.${method}: this World was disposed`);
      return h;
    }

    /** True after dispose(). */
    get disposed() {
      return this.#h === null;
    }

    addMesh(positions, indices) {
      const fn = 'World.addMesh';
      const w = this.#live('addMesh');
      const pos = arrayArg(mem, fn, 'positions', positions, Float32Array, 3);
      // three.js stores small meshes' indices as Uint16Array: widen them.
      const wide = indices instanceof Uint16Array ? Uint32Array.from(indices) : indices;
      const idx = indices === undefined ? null : arrayArg(mem, fn, 'indices', wide, Uint32Array, 3);
      if (idx === null && pos.count % 3 !== 0) {
        throw new RangeError(
          `${fn}: argument 'positions' must hold 9 floats per triangle when there are no indices (got length ${positions.length})`,
        );
      }
      const pp = placeInput(mem, pos, 0);
      const ip = idx === null ? 0 : placeInput(mem, idx, 1);
      const mesh = w.addMesh(pp, pos.value.length, ip, idx === null ? 0 : idx.value.length);
      if (mesh < 0) {
        const why = W.worldLastError();
        throw new RangeError(`${fn}: argument '${/index/.test(why) ? 'indices' : 'positions'}': ${why}`);
      }
      this.#triangles.push(idx === null ? pos.count / 3 : idx.count);
      return mesh;
    }

    raycast(origin, direction, maxDistance = Infinity) {
      const w = this.#live('raycast');
      if (!(v3(origin) && v3(direction) && upto(maxDistance))) fail('World.raycast', origin, direction, maxDistance);
      const p = origin,
        d = direction;
      w.raycast(p.x, p.y, p.z, d.x, d.y, d.z, maxDistance);
      return worldHit(heap.f32(), heap.u32());
    }

    raycastAny(origin, direction, maxDistance = Infinity) {
      const w = this.#live('raycastAny');
      if (!(v3(origin) && v3(direction) && upto(maxDistance))) fail('World.raycastAny', origin, direction, maxDistance);
      return w.raycastAny(origin.x, origin.y, origin.z, direction.x, direction.y, direction.z, maxDistance);
    }

    intersectSegment(from, to) {
      const w = this.#live('intersectSegment');
      if (!(v3(from) && v3(to))) fail('World.intersectSegment', from, to);
      w.intersectSegment(from.x, from.y, from.z, to.x, to.y, to.z);
      return worldHit(heap.f32(), heap.u32());
    }

    sphereCast(center, radius, direction, maxDistance) {
      const w = this.#live('sphereCast');
      if (!(v3(center) && nonneg(radius) && v3(direction) && nonneg(maxDistance))) {
        fail('World.sphereCast', center, radius, direction, maxDistance);
      }
      const c = center,
        d = direction;
      w.sphereCast(c.x, c.y, c.z, radius, d.x, d.y, d.z, maxDistance);
      return worldHit(heap.f32(), heap.u32());
    }

    capsuleCast(a, b, radius, direction, maxDistance) {
      const w = this.#live('capsuleCast');
      if (!(v3(a) && v3(b) && nonneg(radius) && v3(direction) && nonneg(maxDistance))) {
        fail('World.capsuleCast', a, b, radius, direction, maxDistance);
      }
      const d = direction;
      w.capsuleCast(a.x, a.y, a.z, b.x, b.y, b.z, radius, d.x, d.y, d.z, maxDistance);
      return worldHit(heap.f32(), heap.u32());
    }

    overlapSphere(center, radius) {
      const w = this.#live('overlapSphere');
      if (!(v3(center) && nonneg(radius))) fail('World.overlapSphere', center, radius);
      return contacts(w.overlapSphere(center.x, center.y, center.z, radius));
    }

    overlapCapsule(a, b, radius) {
      const w = this.#live('overlapCapsule');
      if (!(v3(a) && v3(b) && nonneg(radius))) fail('World.overlapCapsule', a, b, radius);
      return contacts(w.overlapCapsule(a.x, a.y, a.z, b.x, b.y, b.z, radius));
    }

    closestPoint(point, maxDistance = Infinity) {
      const w = this.#live('closestPoint');
      if (!(v3(point) && upto(maxDistance))) fail('World.closestPoint', point, maxDistance);
      w.closestPoint(point.x, point.y, point.z, maxDistance);
      const h = heap.f32(),
        u = heap.u32();
      const hit = h[o] !== 0;
      return {
        hit,
        point: { x: h[o + 1], y: h[o + 2], z: h[o + 3] },
        distance: h[o + 4],
        mesh: hit ? u[o + 5] : -1,
        triangle: hit ? u[o + 6] : -1,
        feature: REGIONS[h[o + 7] | 0],
      };
    }

    floor(x, z, fromY) {
      const w = this.#live('floor');
      if (!(num(x) && num(z) && num(fromY))) fail('World.floor', x, z, fromY);
      w.floor(x, z, fromY);
      const h = heap.f32(),
        u = heap.u32();
      const hit = h[o] !== 0;
      return {
        hit,
        height: h[o + 1],
        normal: { x: h[o + 2], y: h[o + 3], z: h[o + 4] },
        mesh: hit ? u[o + 5] : -1,
        triangle: hit ? u[o + 6] : -1,
      };
    }

    floorHeight(x, z, fromY) {
      const w = this.#live('floorHeight');
      if (!(num(x) && num(z) && num(fromY))) fail('World.floorHeight', x, z, fromY);
      w.floor(x, z, fromY);
      const h = heap.f32();
      return h[o] !== 0 ? h[o + 1] : null;
    }

    triangle(mesh, index) {
      const w = this.#live('triangle');
      if (!(Number.isInteger(mesh) && mesh >= 0 && Number.isInteger(index) && index >= 0))
        fail('World.triangle', mesh, index);
      const meshes = this.#triangles.length;
      if (mesh >= meshes) throw new RangeError(`World.triangle: argument 'mesh' must be < ${meshes} (got ${mesh})`);
      const count = this.#triangles[mesh];
      if (index >= count) throw new RangeError(`World.triangle: argument 'index' must be < ${count} (got ${index})`);
      w.triangle(mesh, index);
      const h = heap.f32();
      return {
        a: { x: h[o], y: h[o + 1], z: h[o + 2] },
        b: { x: h[o + 3], y: h[o + 4], z: h[o + 5] },
        c: { x: h[o + 6], y: h[o + 7], z: h[o + 8] },
      };
    }

    get stats() {
      this.#live('stats').stats();
      const u = heap.u32();
      return {
        meshes: u[o],
        triangles: u[o + 1],
        nodes: u[o + 2],
        memoryBytes: u[o + 3],
        maxDepth: u[o + 4],
        buildMs: heap.f32()[o + 5],
      };
    }

    raycastBatch(rays, maxDistance, out, ids) {
      const fn = 'World.raycastBatch';
      const w = this.#live('raycastBatch');
      if (!upto(maxDistance)) fail(fn, rays, maxDistance, out, ids);
      return castBatch(fn, rays, out, ids, 8, (pr, n, po, pi) => w.raycastBatch(pr, n, maxDistance, po, pi));
    }

    sphereCastBatch(casts, radius, maxDistance, out, ids) {
      const fn = 'World.sphereCastBatch';
      const w = this.#live('sphereCastBatch');
      if (!(nonneg(radius) && nonneg(maxDistance))) fail(fn, casts, radius, maxDistance, out, ids);
      return castBatch(fn, casts, out, ids, 11, (pc, n, po, pi) =>
        w.sphereCastBatch(pc, n, radius, maxDistance, po, pi),
      );
    }

    /** Frees the world's memory now, and disposes the particle systems and characters built on it.
     *  Idempotent; any other use afterwards throws. */
    dispose() {
      if (this.#h === null) return;
      // What was built on this world points into it: it goes first.
      for (const d of [...this.#dependents]) d.dispose();
      this.#dependents.clear();
      handles.unregister(this);
      this.#h.delete();
      this.#h = null;
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
