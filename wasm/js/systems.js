// The systems over a mesh World (particles.hpp, character.hpp) in JS: ParticleSystem,
// CharacterController and CharacterGroup, each owning a C++ object through an Embind handle.
// Like World: dispose() frees it at once ([Symbol.dispose] too), a FinalizationRegistry frees
// forgotten ones eventually (a safety net only), and any use after dispose throws an Error.
// Disposing the World disposes what was built on it first (it points into the world).
//
// VIEWS. `positions`, `velocities` (and `radii`) are Float32Array views straight into wasm
// memory — no copies, made for a three.js InstancedMesh. A view is valid until the wasm memory
// grows (it then has length 0), which can happen in any call that allocates (World.addMesh,
// World.overlap*, new systems, batch calls with large plain arrays): read the property again
// each frame (it is cached and cheap) rather than keeping the array.
import { v3 } from './check.js';
import { GROUND_REASONS } from './layout.js';
import { DISPOSE } from './memory.js';
import { WORLD_ATTACH, WORLD_HANDLE } from './world.js';

function describe(v) {
  if (v === null) return 'null';
  if (v === undefined) return 'undefined';
  if (typeof v === 'number') return String(v);
  if (typeof v === 'object')
    return v.constructor?.name && v.constructor.name !== 'Object' ? `a ${v.constructor.name}` : 'an object';
  return typeof v;
}

/** A checked option: a finite number in [min, max] (or the default when undefined). */
function option(fn, opts, key, fallback, min, max, { integer = false, above = false } = {}) {
  const v = opts[key];
  if (v === undefined) return fallback;
  const name = `options.${key}`;
  if (typeof v !== 'number') throw new TypeError(`${fn}: argument '${name}' must be a number (got ${describe(v)})`);
  if (!Number.isFinite(v)) throw new RangeError(`${fn}: argument '${name}' must be finite (got ${v})`);
  if (integer && !Number.isInteger(v)) throw new RangeError(`${fn}: argument '${name}' must be an integer (got ${v})`);
  if (above ? !(v > min) : v < min)
    throw new RangeError(`${fn}: argument '${name}' must be ${above ? '>' : '>='} ${min} (got ${v})`);
  if (v > max) throw new RangeError(`${fn}: argument '${name}' must be <= ${max} (got ${v})`);
  return v;
}

function vecOption(fn, opts, key, fallback) {
  const v = opts[key];
  if (v === undefined) return fallback;
  checkVec(fn, `options.${key}`, v);
  return v;
}

function checkVec(fn, name, v) {
  if (v3(v)) return;
  if (v === null || typeof v !== 'object')
    throw new TypeError(`${fn}: argument '${name}' must be an {x, y, z} object (got ${describe(v)})`);
  for (const k of ['x', 'y', 'z']) {
    if (typeof v[k] !== 'number')
      throw new TypeError(`${fn}: argument '${name}.${k}' must be a number (got ${describe(v[k])})`);
    if (!Number.isFinite(v[k])) throw new RangeError(`${fn}: argument '${name}.${k}' must be finite (got ${v[k]})`);
  }
}

/** An integer index below `below` (a number first: a wrong type is a TypeError). */
function checkIndex(fn, name, v, below) {
  if (typeof v !== 'number') throw new TypeError(`${fn}: argument '${name}' must be a number (got ${describe(v)})`);
  if (!Number.isInteger(v) || v < 0 || v >= below)
    throw new RangeError(`${fn}: argument '${name}' must be an integer index below ${below} (got ${v})`);
}

function checkOptions(fn, options) {
  if (options === undefined) return {};
  if (options === null || typeof options !== 'object')
    throw new TypeError(`${fn}: argument 'options' must be an object (got ${describe(options)})`);
  return options;
}

function checkWorld(fn, world) {
  if (world === null || typeof world !== 'object' || typeof world[WORLD_HANDLE] !== 'function') {
    throw new TypeError(`${fn}: argument 'world' must be a shototsu World (got ${describe(world)})`);
  }
  return world[WORLD_HANDLE](fn);
}

function characterSettings(fn, opts) {
  const radius = option(fn, opts, 'radius', 0.35, 0, 1e6, { above: true });
  const height = option(fn, opts, 'height', Math.max(1.7, 2 * radius), 2 * radius, 1e6);
  return {
    radius,
    height,
    stepHeight: option(fn, opts, 'stepHeight', 0.3, 0, 1e6),
    maxSlope: option(fn, opts, 'maxSlope', 45, 0, 90),
    snapDistance: option(fn, opts, 'snapDistance', 0.3, 0, 1e6),
    skinWidth: option(fn, opts, 'skinWidth', 0.01, 0, 1e6, { above: true }),
  };
}

export function systemClasses(W, heap, o) {
  const handles = new FinalizationRegistry((handle) => {
    if (!handle.isDeleted()) handle.delete();
  });

  /** A Float32Array view of `length` floats at byte address `ptr`, cached while valid. */
  function viewCache() {
    let cached = null;
    return (ptr, length) => {
      const buffer = heap.f32().buffer;
      if (cached === null || cached.buffer !== buffer || cached.byteOffset !== ptr || cached.length !== length) {
        cached = new Float32Array(buffer, ptr, length);
      }
      return cached;
    };
  }

  /** The CharacterMove at o (see bind/systems.cpp). */
  function readMove() {
    const h = heap.f32(),
      u = heap.u32();
    const grounded = h[o + 3] !== 0;
    const hasGround = h[o + 4] !== 0 || h[o + 5] !== 0 || h[o + 6] !== 0;
    return {
      position: { x: h[o], y: h[o + 1], z: h[o + 2] },
      grounded,
      groundNormal: { x: h[o + 4], y: h[o + 5], z: h[o + 6] },
      slopeAngle: h[o + 7],
      steppedUp: h[o + 8] !== 0,
      snapped: h[o + 9] !== 0,
      hitWall: h[o + 10] !== 0,
      wallNormal: { x: h[o + 11], y: h[o + 12], z: h[o + 13] },
      reason: GROUND_REASONS[h[o + 14] | 0],
      groundMesh: hasGround ? u[o + 15] : -1,
      groundTriangle: hasGround ? u[o + 16] : -1,
    };
  }

  /** Common life cycle: the handle, the world link, dispose. */
  class Owned {
    #h;
    #detach;
    #name;
    constructor(name, world, handle) {
      this.#name = name;
      this.#h = handle;
      this.#detach = world[WORLD_ATTACH](this);
      handles.register(this, handle, this);
    }
    live(method) {
      const h = this.#h;
      if (h === null) throw new Error(`${this.#name}.${method}: this ${this.#name} was disposed`);
      return h;
    }
    /** True after dispose() (or after its World was disposed). */
    get disposed() {
      return this.#h === null;
    }
    /** Frees its memory now. Idempotent; any other use afterwards throws. */
    dispose() {
      if (this.#h === null) return;
      handles.unregister(this);
      this.#h.delete();
      this.#h = null;
      this.#detach();
    }
    [DISPOSE]() {
      this.dispose();
    }
  }

  class ParticleSystem extends Owned {
    #capacity;
    #settings;
    #positions = viewCache();
    #velocities = viewCache();
    #radii = viewCache();

    constructor(world, options) {
      const fn = 'ParticleSystem';
      const w = checkWorld(fn, world);
      const opts = checkOptions(fn, options);
      const capacity = option(fn, opts, 'capacity', 1024, 1, 1 << 24, { integer: true });
      const settings = {
        radius: option(fn, opts, 'radius', 0.1, 0, 1e6, { above: true }),
        restitution: option(fn, opts, 'restitution', 0.5, 0, 1),
        friction: option(fn, opts, 'friction', 0.3, 0, 1e6),
        damping: option(fn, opts, 'damping', 0, 0, 1e6),
        gravity: vecOption(fn, opts, 'gravity', { x: 0, y: -9.81, z: 0 }),
        collideParticles: Boolean(opts.collideParticles),
      };
      const g = settings.gravity;
      const h = new W.ParticleSystem(
        w,
        capacity,
        settings.radius,
        settings.restitution,
        settings.friction,
        settings.damping,
        g.x,
        g.y,
        g.z,
        settings.collideParticles,
      );
      super('ParticleSystem', world, h);
      this.#capacity = capacity;
      this.#settings = { ...settings, gravity: { x: g.x, y: g.y, z: g.z } };
    }

    /** Adds a particle; returns its index, or -1 when the system is full. */
    spawn(position, velocity = { x: 0, y: 0, z: 0 }, radius) {
      const fn = 'ParticleSystem.spawn';
      const h = this.live('spawn');
      checkVec(fn, 'position', position);
      checkVec(fn, 'velocity', velocity);
      let r = -1;
      if (radius !== undefined) {
        if (typeof radius !== 'number')
          throw new TypeError(`${fn}: argument 'radius' must be a number (got ${describe(radius)})`);
        if (!(radius > 0) || !Number.isFinite(radius))
          throw new RangeError(`${fn}: argument 'radius' must be finite and > 0 (got ${radius})`);
        r = radius;
      }
      return h.spawn(position.x, position.y, position.z, velocity.x, velocity.y, velocity.z, r);
    }

    /** Advances every particle by dt seconds. */
    step(dt) {
      const h = this.live('step');
      if (typeof dt !== 'number')
        throw new TypeError(`ParticleSystem.step: argument 'dt' must be a number (got ${describe(dt)})`);
      if (!(dt >= 0) || !Number.isFinite(dt))
        throw new RangeError(`ParticleSystem.step: argument 'dt' must be finite and >= 0 (got ${dt})`);
      h.step(dt);
    }

    /** Removes every particle. */
    clear() {
      this.live('clear').clear();
    }

    get count() {
      return this.live('count').count();
    }

    get capacity() {
      this.live('capacity');
      return this.#capacity;
    }

    /** Float32Array view into wasm memory, 3 floats (x, y, z) per particle, `count` particles. Writable. */
    get positions() {
      const h = this.live('positions');
      return this.#positions(h.positions(), 3 * h.count());
    }

    /** Float32Array view into wasm memory, 3 floats per particle. Writable (writing wakes a sleeping particle). */
    get velocities() {
      const h = this.live('velocities');
      return this.#velocities(h.velocities(), 3 * h.count());
    }

    /** Float32Array view into wasm memory, 1 float per particle. */
    get radii() {
      const h = this.live('radii');
      return this.#radii(h.radii(), h.count());
    }

    /** What the last step did: contacts, particleContacts, iterations, saturated, sleeping. */
    get stats() {
      this.live('stats').stats();
      const u = heap.u32();
      return {
        contacts: u[o],
        particleContacts: u[o + 1],
        iterations: u[o + 2],
        saturated: u[o + 3],
        sleeping: u[o + 4],
      };
    }

    /** Whether particle i is asleep (resting, skipped until disturbed). */
    isSleeping(i) {
      const h = this.live('isSleeping');
      checkIndex('ParticleSystem.isSleeping', 'i', i, h.count());
      return h.sleeping(i);
    }

    /** The current settings (a copy). */
    get settings() {
      this.live('settings');
      return { ...this.#settings, gravity: { ...this.#settings.gravity }, capacity: this.#capacity };
    }

    /** Changes settings live (radius applies to particles spawned afterwards); capacity is fixed. */
    configure(options) {
      const fn = 'ParticleSystem.configure';
      const h = this.live('configure');
      const opts = checkOptions(fn, options);
      const s = this.#settings;
      const next = {
        radius: option(fn, opts, 'radius', s.radius, 0, 1e6, { above: true }),
        restitution: option(fn, opts, 'restitution', s.restitution, 0, 1),
        friction: option(fn, opts, 'friction', s.friction, 0, 1e6),
        damping: option(fn, opts, 'damping', s.damping, 0, 1e6),
        gravity: vecOption(fn, opts, 'gravity', s.gravity),
        collideParticles: opts.collideParticles === undefined ? s.collideParticles : Boolean(opts.collideParticles),
      };
      const g = next.gravity;
      h.configure(next.radius, next.restitution, next.friction, next.damping, g.x, g.y, g.z, next.collideParticles);
      this.#settings = { ...next, gravity: { x: g.x, y: g.y, z: g.z } };
    }
  }

  class CharacterController extends Owned {
    #settings;

    constructor(world, options, position = { x: 0, y: 0, z: 0 }) {
      const fn = 'CharacterController';
      const w = checkWorld(fn, world);
      const s = characterSettings(fn, checkOptions(fn, options));
      checkVec(fn, 'position', position);
      const h = new W.CharacterController(
        w,
        s.radius,
        s.height,
        s.stepHeight,
        s.maxSlope,
        s.snapDistance,
        s.skinWidth,
        position.x,
        position.y,
        position.z,
      );
      super('CharacterController', world, h);
      this.#settings = s;
    }

    /** The capsule's centre. Setting it teleports (no collision; the next move is not grounded). */
    get position() {
      this.live('position').position();
      const h = heap.f32();
      return { x: h[o], y: h[o + 1], z: h[o + 2] };
    }

    set position(p) {
      const h = this.live('position');
      checkVec('CharacterController.position', 'position', p);
      h.setPosition(p.x, p.y, p.z);
    }

    get grounded() {
      return this.live('grounded').grounded();
    }

    get settings() {
      this.live('settings');
      return { ...this.#settings };
    }

    /**
     * Moves by `displacement` (world units; gravity and jumps are the caller's) and reports what
     * happened: { position, grounded, groundNormal, slopeAngle, steppedUp, snapped, hitWall,
     * wallNormal, reason, groundMesh, groundTriangle }.
     */
    move(displacement, dt = 0) {
      const fn = 'CharacterController.move';
      const h = this.live('move');
      checkVec(fn, 'displacement', displacement);
      if (typeof dt !== 'number') throw new TypeError(`${fn}: argument 'dt' must be a number (got ${describe(dt)})`);
      if (!(dt >= 0) || !Number.isFinite(dt))
        throw new RangeError(`${fn}: argument 'dt' must be finite and >= 0 (got ${dt})`);
      h.move(displacement.x, displacement.y, displacement.z, dt);
      return readMove();
    }
  }

  class CharacterGroup extends Owned {
    #capacity;
    #settings;
    #scratch = null;
    #positions = viewCache();

    constructor(world, options, capacity = 64) {
      const fn = 'CharacterGroup';
      const w = checkWorld(fn, world);
      const s = characterSettings(fn, checkOptions(fn, options));
      if (typeof capacity !== 'number')
        throw new TypeError(`${fn}: argument 'capacity' must be a number (got ${describe(capacity)})`);
      if (!Number.isInteger(capacity) || capacity < 1 || capacity > 1 << 20) {
        throw new RangeError(`${fn}: argument 'capacity' must be an integer from 1 to ${1 << 20} (got ${capacity})`);
      }
      const h = new W.CharacterGroup(
        w,
        s.radius,
        s.height,
        s.stepHeight,
        s.maxSlope,
        s.snapDistance,
        s.skinWidth,
        capacity,
      );
      super('CharacterGroup', world, h);
      this.#capacity = capacity;
      this.#settings = s;
    }

    /** Adds a character at `position`; returns its index, or -1 when the group is full. */
    add(position) {
      const h = this.live('add');
      checkVec('CharacterGroup.add', 'position', position);
      return h.add(position.x, position.y, position.z);
    }

    get count() {
      return this.live('count').count();
    }

    get capacity() {
      this.live('capacity');
      return this.#capacity;
    }

    get settings() {
      this.live('settings');
      return { ...this.#settings };
    }

    /** Float32Array view into wasm memory: the capsule centres, 3 floats per character. */
    get positions() {
      const h = this.live('positions');
      return this.#positions(h.positions(), 3 * h.count());
    }

    /**
     * Moves every character at once: `displacements` holds 3 floats per character (a Float32Array
     * of at least 3 * count). Characters never overlap one another.
     */
    moveAll(displacements, dt = 0) {
      const fn = 'CharacterGroup.moveAll';
      const h = this.live('moveAll');
      const n = h.count();
      if (!(displacements instanceof Float32Array)) {
        throw new TypeError(`${fn}: argument 'displacements' must be a Float32Array (got ${describe(displacements)})`);
      }
      if (displacements.length < 3 * n) {
        throw new RangeError(
          `${fn}: argument 'displacements' must hold 3 floats per character (${3 * n}; got ${displacements.length})`,
        );
      }
      if (typeof dt !== 'number') throw new TypeError(`${fn}: argument 'dt' must be a number (got ${describe(dt)})`);
      if (!(dt >= 0) || !Number.isFinite(dt))
        throw new RangeError(`${fn}: argument 'dt' must be finite and >= 0 (got ${dt})`);
      if (n === 0) return;
      const M = heap.M;
      if (this.#scratch === null) this.#scratch = M._malloc(12 * this.#capacity);
      if (!this.#scratch) throw new RangeError(`${fn}: out of wasm memory`);
      heap.f32().set(displacements.subarray(0, 3 * n), this.#scratch >> 2);
      h.moveAll(this.#scratch, dt);
    }

    /** The report of character i's last move (as CharacterController.move returns). */
    lastMove(i) {
      const h = this.live('lastMove');
      checkIndex('CharacterGroup.lastMove', 'i', i, h.count());
      h.lastMove(i);
      return readMove();
    }

    /** Teleports character i. */
    setPosition(i, position) {
      const h = this.live('setPosition');
      checkIndex('CharacterGroup.setPosition', 'i', i, h.count());
      checkVec('CharacterGroup.setPosition', 'position', position);
      h.setPosition(i, position.x, position.y, position.z);
    }

    dispose() {
      if (this.#scratch) heap.M._free(this.#scratch);
      this.#scratch = null;
      super.dispose();
    }
  }

  return { ParticleSystem, CharacterController, CharacterGroup };
}
