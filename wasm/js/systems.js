// The systems over a mesh World (particles.hpp, character.hpp) in JS: ParticleSystem,
// CharacterController and CharacterGroup, each owning a C++ object by its address in wasm memory,
// passed first to each <Class>_* export of bind/systems.cpp.
// Like World: dispose() frees it at once ([Symbol.dispose] too), a FinalizationRegistry frees
// forgotten ones eventually (a safety net only), and any use after dispose throws a TypeError.
// Disposing the World disposes what was built on it first (it points into the world).
//
// Arguments are checked by check.js against signatures.js, as every call of the package is. The
// settings cross to wasm as scalars in the order of bind/systems.cpp's SETTINGS (PARTICLE_FIELDS,
// CHARACTER_FIELDS); the options a caller leaves out are the C++ structs' defaults, read from the
// module (particleDefaults, characterDefaults), so no default is written here.
//
// VIEWS. `positions`, `velocities` (and `radii`) are Float32Array views straight into wasm
// memory — no copies, made for a three.js InstancedMesh. A view is valid until the wasm memory
// grows (it then has length 0), which can happen in any call that allocates (World.addMesh,
// World.overlap*, new systems, batch calls with large plain arrays): read the property again
// each frame (it is cached and cheap) rather than keeping the array.
import { bad, check, checkFloats, checkIndex, checkWorld, fail, nonneg, positive, v3, withOptions } from './check.js';
import { GROUND_REASONS } from './layout.js';
import { DISPOSE } from './memory.js';
import { WORLD_ATTACH, WORLD_HANDLE } from './world.js';

const ORIGIN = Object.freeze({ x: 0, y: 0, z: 0 });
/** The live handle of a system (a symbol: not part of its public face). */
const LIVE = Symbol('shototsu.live');

/** The shortest decimal that rounds to the float32 x: a C++ default as its header writes it (0.35f reads 0.35). */
function asWritten(x) {
  if (typeof x !== 'number') return x;
  for (let digits = 1; digits < 9; digits++) {
    const y = Number(x.toPrecision(digits));
    if (Math.fround(y) === x) return y;
  }
  return x;
}

/**
 * The settings' fields in the order of bind/systems.cpp's SETTINGS, and their kinds: 'u32', 'f32',
 * 'vec3' (3 floats) or 'flag' (0/1).
 */
const PARTICLE_FIELDS = [
  ['capacity', 'u32'],
  ['radius', 'f32'],
  ['restitution', 'f32'],
  ['friction', 'f32'],
  ['damping', 'f32'],
  ['gravity', 'vec3'],
  ['collideParticles', 'flag'],
];
// bind/systems.cpp's PARTICLE_ARGS: every particle setting but the capacity, fixed at construction.
const LIVE_PARTICLE_FIELDS = PARTICLE_FIELDS.slice(1);
const CHARACTER_FIELDS = [
  ['radius', 'f32'],
  ['height', 'f32'],
  ['stepHeight', 'f32'],
  ['maxSlope', 'f32'],
  ['snapDistance', 'f32'],
  ['skinWidth', 'f32'],
];

/** Settings as the scalar arguments of a constructor export, in `fields`' order. */
function settingArgs(fields, settings) {
  const args = [];
  for (const [key, type] of fields) {
    const v = settings[key];
    if (type === 'vec3') args.push(v.x, v.y, v.z);
    else args.push(v);
  }
  return args;
}

/** The options kinds (signatures.js's OPTIONS) whose defaults the module gives: the export, the fields. */
const SETTINGS = {
  ParticleOptions: ['particleDefaults', PARTICLE_FIELDS],
  CharacterOptions: ['characterDefaults', CHARACTER_FIELDS],
};

/** The C++ defaults of options kind `kind`, read from module M: float32 numbers, {x, y, z}, booleans. */
export function wasmDefaults(M, kind) {
  const [defaults, fields] = SETTINGS[kind];
  M[`_${defaults}`]();
  const h = M.HEAPF32,
    u = M.HEAPU32;
  const out = {};
  let k = M._outPointer() >> 2;
  for (const [key, type] of fields) {
    if (type === 'vec3') {
      out[key] = { x: h[k], y: h[k + 1], z: h[k + 2] };
      k += 3;
    } else {
      out[key] = type === 'u32' ? u[k] : type === 'flag' ? h[k] !== 0 : h[k];
      k += 1;
    }
  }
  return out;
}

/** A settings object read from wasm, its numbers as written in C++, frozen. */
function readDefaults(settings) {
  const out = {};
  for (const [key, v] of Object.entries(settings)) {
    out[key] =
      typeof v === 'object' ? Object.freeze({ x: asWritten(v.x), y: asWritten(v.y), z: asWritten(v.z) }) : asWritten(v);
  }
  return Object.freeze(out);
}

export function systemClasses(W, heap, o, World, mem) {
  const particleDefaults = readDefaults(wasmDefaults(heap.M, 'ParticleOptions'));
  const characterDefaults = readDefaults(wasmDefaults(heap.M, 'CharacterOptions'));

  /** The address of the C++ World of `world`, a World of this instance (a TypeError naming it otherwise). */
  function worldHandle(fn, world) {
    checkWorld(fn, 'world', world, World);
    return world[WORLD_HANDLE](fn);
  }

  /** A character's settings: the defaults with the options given (checked before). */
  function characterSettings(fn, options) {
    const s = withOptions('CharacterOptions', characterDefaults, options);
    // The core makes a capsule at least as tall as it is wide: an omitted height grows with the
    // radius, a given one must allow it.
    if (options?.height === undefined) s.height = Math.max(s.height, 2 * s.radius);
    else if (s.height < 2 * s.radius) {
      throw bad(RangeError, fn, 'options.height', `must be >= 2 * radius (${2 * s.radius})`, s.height);
    }
    return s;
  }

  // Holds { ptr, free } of each undisposed system; dispose() unregisters it first.
  const handles = new FinalizationRegistry(({ ptr, free }) => free(ptr));

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
      groundObject: hasGround ? u[o + 15] : -1,
      groundTriangle: hasGround ? u[o + 16] : -1,
      groundVelocity: { x: h[o + 17], y: h[o + 18], z: h[o + 19] },
      yawChange: h[o + 20],
      carried: h[o + 21] !== 0,
      pushed: h[o + 22] !== 0,
      crushed: h[o + 23] !== 0,
      crushDepth: h[o + 24],
    };
  }

  /** Common life cycle: the address, the world link, dispose (`free`, the <Class>_delete export). */
  class Owned {
    #h;
    #free;
    #detach;
    #name;
    constructor(name, world, ptr, free) {
      this.#name = name;
      this.#h = ptr;
      this.#free = free;
      this.#detach = world[WORLD_ATTACH](this);
      handles.register(this, { ptr, free }, this);
    }
    /** The live address; a TypeError naming `method` after dispose. */
    [LIVE](method) {
      const h = this.#h;
      if (h === 0) throw new TypeError(`${this.#name}.${method}: this ${this.#name} was disposed`);
      return h;
    }
    /** True after dispose() (or after its World was disposed). */
    get disposed() {
      return this.#h === 0;
    }
    /** Frees its memory now. Idempotent; any other use afterwards throws. */
    dispose() {
      if (this.#h === 0) return;
      handles.unregister(this);
      this.#free(this.#h);
      this.#h = 0; // disposed: no object has address 0
      this.#detach();
    }
    [DISPOSE]() {
      this.dispose();
    }
  }

  class ParticleSystem extends Owned {
    #settings;
    #positions = viewCache();
    #velocities = viewCache();
    #radii = viewCache();

    constructor(world, options) {
      const fn = 'ParticleSystem';
      const w = worldHandle(fn, world);
      check(fn, world, options);
      const settings = withOptions('ParticleOptions', particleDefaults, options);
      // The arrays are allocated at once: check that wasm memory can hold them (a RangeError
      // naming the capacity), since running out inside the constructor aborts the module.
      mem.M._free(mem.malloc(W.particleSystemBytes(settings.capacity), `${fn}: options.capacity ${settings.capacity}`));
      const ptr = W.ParticleSystem_new(w, settings.capacity, ...settingArgs(LIVE_PARTICLE_FIELDS, settings));
      super(fn, world, ptr, W.ParticleSystem_delete);
      this.#settings = settings;
    }

    /** Adds a particle; returns its index, or -1 when the system is full. */
    spawn(position, velocity = ORIGIN, radius) {
      const h = this[LIVE]('spawn');
      if (!(v3(position) && v3(velocity) && (radius === undefined || positive(radius)))) {
        fail('ParticleSystem.spawn', position, velocity, radius);
      }
      const p = position,
        v = velocity;
      return W.ParticleSystem_spawn(h, p.x, p.y, p.z, v.x, v.y, v.z, radius === undefined ? -1 : radius);
    }

    /** Advances every particle by dt seconds. */
    step(dt) {
      const h = this[LIVE]('step');
      if (!nonneg(dt)) fail('ParticleSystem.step', dt);
      W.ParticleSystem_step(h, dt);
    }

    /** Removes every particle. */
    clear() {
      W.ParticleSystem_clear(this[LIVE]('clear'));
    }

    get count() {
      return W.ParticleSystem_count(this[LIVE]('count'));
    }

    get capacity() {
      this[LIVE]('capacity');
      return this.#settings.capacity;
    }

    /** Float32Array view into wasm memory, 3 floats (x, y, z) per particle, `count` particles. Writable. */
    get positions() {
      const h = this[LIVE]('positions');
      return this.#positions(W.ParticleSystem_positions(h), 3 * W.ParticleSystem_count(h));
    }

    /** Float32Array view into wasm memory, 3 floats per particle. Writable (writing wakes a sleeping particle). */
    get velocities() {
      const h = this[LIVE]('velocities');
      return this.#velocities(W.ParticleSystem_velocities(h), 3 * W.ParticleSystem_count(h));
    }

    /** Float32Array view into wasm memory, 1 float per particle. */
    get radii() {
      const h = this[LIVE]('radii');
      return this.#radii(W.ParticleSystem_radii(h), W.ParticleSystem_count(h));
    }

    /** What the last step did: contacts, particleContacts, iterations, saturated, sleeping. */
    get stats() {
      W.ParticleSystem_stats(this[LIVE]('stats'));
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
      const h = this[LIVE]('isSleeping');
      checkIndex('ParticleSystem.isSleeping', 'i', i, W.ParticleSystem_count(h));
      return W.ParticleSystem_isSleeping(h, i) !== 0;
    }

    /** The current settings (a copy). */
    get settings() {
      this[LIVE]('settings');
      return { ...this.#settings, gravity: { ...this.#settings.gravity } };
    }

    /** Changes settings live (radius applies to particles spawned afterwards); capacity is fixed. */
    configure(options) {
      const fn = 'ParticleSystem.configure';
      const h = this[LIVE]('configure');
      check(fn, options);
      const next = withOptions('LiveParticleOptions', this.#settings, options);
      W.ParticleSystem_configure(h, ...settingArgs(LIVE_PARTICLE_FIELDS, next));
      this.#settings = next;
    }
  }

  class CharacterController extends Owned {
    #settings;
    #world;

    constructor(world, options, position = ORIGIN) {
      const fn = 'CharacterController';
      const w = worldHandle(fn, world);
      check(fn, world, options, position);
      const settings = characterSettings(fn, options);
      const ptr = W.CharacterController_new(
        w,
        ...settingArgs(CHARACTER_FIELDS, settings),
        position.x,
        position.y,
        position.z,
      );
      super(fn, world, ptr, W.CharacterController_delete);
      this.#settings = settings;
      this.#world = w;
    }

    /**
     * Makes the character a capsule object of its world on `layers` (off by default): other
     * characters, particles and queries meet it; its own queries ignore it. Returns its object id.
     */
    register(layers = 1) {
      const h = this[LIVE]('register');
      check('CharacterController.register', layers);
      return W.CharacterController_register(h, this.#world, layers >>> 0);
    }

    /** Removes the character's capsule object from the world. */
    unregister() {
      W.CharacterController_unregister(this[LIVE]('unregister'));
    }

    /** The character's capsule object id while registered, -1 otherwise. */
    get body() {
      return W.CharacterController_body(this[LIVE]('body'));
    }

    /** The capsule's centre. Setting it teleports (no collision; the next move is not grounded). */
    get position() {
      W.CharacterController_position(this[LIVE]('position'));
      const h = heap.f32();
      return { x: h[o], y: h[o + 1], z: h[o + 2] };
    }

    set position(p) {
      const h = this[LIVE]('position');
      if (!v3(p)) fail('CharacterController.position', p);
      W.CharacterController_setPosition(h, p.x, p.y, p.z);
    }

    get grounded() {
      return W.CharacterController_grounded(this[LIVE]('grounded')) !== 0;
    }

    get settings() {
      this[LIVE]('settings');
      return { ...this.#settings };
    }

    /**
     * Moves by `displacement` (world units; gravity and jumps are the caller's) and reports what
     * happened: { position, grounded, groundNormal, slopeAngle, steppedUp, snapped, hitWall,
     * wallNormal, reason, groundObject, groundTriangle, groundVelocity, yawChange, carried,
     * pushed, crushed, crushDepth }. On moving ground it is first carried, then pushed.
     */
    move(displacement) {
      const h = this[LIVE]('move');
      if (!v3(displacement)) fail('CharacterController.move', displacement);
      const d = displacement;
      W.CharacterController_move(h, d.x, d.y, d.z, 0); // the core's dt: it does not use it (character.hpp)
      return readMove();
    }
  }

  class CharacterGroup extends Owned {
    #capacity;
    #settings;
    #world;
    #scratch = null;
    #positions = viewCache();
    #grounded = null;
    // How many characters it holds (only add() changes that): spares a call into wasm per check.
    #count = 0;

    constructor(world, options, capacity = 64) {
      const fn = 'CharacterGroup';
      const w = worldHandle(fn, world);
      check(fn, world, options, capacity);
      const settings = characterSettings(fn, options);
      const ptr = W.CharacterGroup_new(w, ...settingArgs(CHARACTER_FIELDS, settings), capacity);
      super(fn, world, ptr, W.CharacterGroup_delete);
      this.#capacity = capacity;
      this.#settings = settings;
      this.#world = w;
    }

    /**
     * Makes every character (and those added later) a capsule object of the world on `layers`
     * (CharacterController.register): particles and other controllers meet them.
     */
    register(layers = 1) {
      const h = this[LIVE]('register');
      check('CharacterGroup.register', layers);
      W.CharacterGroup_register(h, this.#world, layers >>> 0);
    }

    /** Removes every character's capsule object from the world. */
    unregister() {
      W.CharacterGroup_unregister(this[LIVE]('unregister'));
    }

    /** Character i's capsule object id while registered, -1 otherwise. */
    body(i) {
      const h = this[LIVE]('body');
      checkIndex('CharacterGroup.body', 'i', i, W.CharacterGroup_count(h));
      return W.CharacterGroup_body(h, i);
    }

    /** Adds a character at `position`; returns its index, or -1 when the group is full. */
    add(position) {
      const h = this[LIVE]('add');
      if (!v3(position)) fail('CharacterGroup.add', position);
      const i = W.CharacterGroup_add(h, position.x, position.y, position.z);
      if (i >= 0) this.#count = i + 1;
      return i;
    }

    get count() {
      return W.CharacterGroup_count(this[LIVE]('count'));
    }

    get capacity() {
      this[LIVE]('capacity');
      return this.#capacity;
    }

    get settings() {
      this[LIVE]('settings');
      return { ...this.#settings };
    }

    /** Float32Array view into wasm memory: the capsule centres, 3 floats per character. */
    get positions() {
      const h = this[LIVE]('positions');
      return this.#positions(W.CharacterGroup_positions(h), 3 * W.CharacterGroup_count(h));
    }

    /**
     * Uint8Array view into wasm memory, 1 per character: 1 when its last move ended grounded
     * (lastMove(i).grounded without building the report), 0 otherwise.
     */
    get grounded() {
      const h = this[LIVE]('grounded');
      const n = this.#count;
      const buffer = heap.f32().buffer;
      let v = this.#grounded;
      if (v === null || v.buffer !== buffer || v.length !== n)
        v = this.#grounded = new Uint8Array(buffer, W.CharacterGroup_grounded(h), n);
      return v;
    }

    /**
     * Moves every character at once: `displacements` holds 3 floats per character (a Float32Array
     * of at least 3 * count). Characters never overlap one another.
     */
    moveAll(displacements) {
      const fn = 'CharacterGroup.moveAll';
      const h = this[LIVE]('moveAll');
      const n = this.#count;
      checkFloats(fn, 'displacements', displacements, 3 * n);
      if (n === 0) return;
      const M = heap.M;
      if (this.#scratch === null) this.#scratch = M._malloc(12 * this.#capacity);
      if (!this.#scratch) throw new RangeError(`${fn}: out of wasm memory`);
      heap.f32().set(displacements.subarray(0, 3 * n), this.#scratch >> 2);
      W.CharacterGroup_moveAll(h, this.#scratch, 0); // the core's dt: it does not use it (character.hpp)
    }

    /** The report of character i's last move (as CharacterController.move returns). */
    lastMove(i) {
      const h = this[LIVE]('lastMove');
      checkIndex('CharacterGroup.lastMove', 'i', i, this.#count);
      W.CharacterGroup_lastMove(h, i);
      return readMove();
    }

    /** Teleports character i. */
    setPosition(i, position) {
      const fn = 'CharacterGroup.setPosition';
      const h = this[LIVE]('setPosition');
      checkIndex(fn, 'i', i, W.CharacterGroup_count(h));
      if (!v3(position)) fail(fn, i, position);
      W.CharacterGroup_setPosition(h, i, position.x, position.y, position.z);
    }

    dispose() {
      if (this.#scratch) heap.M._free(this.#scratch);
      this.#scratch = null;
      super.dispose();
    }
  }

  return { ParticleSystem, CharacterController, CharacterGroup };
}
