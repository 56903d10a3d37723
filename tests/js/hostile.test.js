// Hostile input through JS (issue 9), as a matrix. bad-input.test.js covers every argument of
// every function and World method (SIGNATURES) with missing, null, wrong types, NaN, ±Infinity,
// numbers beyond float32 range, negative radii and wrong typed arrays; this file extends it:
//   * the classes built on a World — ParticleSystem, CharacterController, CharacterGroup — from
//     their signatures (CLASS_SIGNATURES; checked to name every method and accessor of their
//     prototypes, so a new one cannot go untested), × {missing, null, wrong types (string,
//     boolean, BigInt, Symbol, function, array), NaN, ±Infinity, beyond float32, negative, zero,
//     fractional, out of range, huge (2^32, 2^53), typed arrays of the wrong type or length, a
//     World of another init() or disposed}; the options' fields by their ranges (OPTIONS);
//   * for every function and World method of SIGNATURES the wrong types bad-input does not try
//     (boolean, BigInt, Symbol, function), zero radii (valid: a point), -0, huge counts;
//   * use after dispose of every method and accessor of every class, directly and through the
//     World's disposal.
// Every bad call must throw a TypeError or RangeError naming the argument (a TypeError naming the
// method for use after dispose), before anything reaches wasm: the object keeps its state
// (compared bit for bit) and the module keeps answering a known query correctly, checked after
// EVERY bad call.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CLASS_SIGNATURES, OPTIONS, parseSignature, QUERY_SIGNATURES, validArg } from './helpers.js';

const pkg = await import(new URL('../../dist/index.js', import.meta.url));
let aborts = 0;
const s = await pkg.init({ onAbort: () => aborts++ });
const other = await pkg.init({ onAbort: () => aborts++ });

const V = (x, y, z) => ({ x, y, z });
const FLOOR = new Float32Array([-50, 0, -50, -50, 0, 50, 50, 0, 50, -50, 0, -50, 50, 0, 50, 50, 0, -50]);
function floorWorld() {
  const w = new s.World();
  w.addMesh(FLOOR);
  return w;
}

/** The module answers a known query correctly and never aborted. */
function assertModuleWorks(context) {
  assert.equal(aborts, 0, `the wasm module aborted (${context})`);
  const r = s.closestPointOnTriangle(V(0.2, 1, 0.2), V(0, 0, 0), V(1, 0, 0), V(0, 0, 1));
  assert.deepEqual(r.point, { x: Math.fround(0.2), y: 0, z: Math.fround(0.2) }, context);
  assert.equal(r.region, 'face', context);
}

const WRONG_TYPES = [
  ['a string', 'abc'],
  ['a boolean', true],
  ['a BigInt', 1n],
  ['a Symbol', Symbol('hostile')],
  ['a function', () => 1],
];

/** A range kind of signatures.js (`[lo,hi]`, `(lo,hi]`, `int[lo,hi]`), parsed; null for others. */
function rangeOf(kind) {
  const m = /^(int)?([[(])([^,]+),([^\])]+)([\])])$/.exec(kind);
  return m && { integer: m[1] === 'int', lo: Number(m[3]), hi: Number(m[4]), openLo: m[2] === '(' };
}

/** Bad values of an argument kind: [label, value, error class, name the error must give]. */
function badValues(kind) {
  const missing = [
    ['missing', undefined, TypeError],
    ['null', null, TypeError],
  ];
  const types = WRONG_TYPES.map(([label, v]) => [label, v, TypeError]);
  const nonFinite = [
    ['NaN', NaN, RangeError],
    ['+Infinity', Infinity, RangeError],
    ['-Infinity', -Infinity, RangeError],
    ['beyond float32 range', 3.5e38, RangeError],
  ];
  const range = rangeOf(kind);
  if (range) {
    const bad = [...missing, ...types, ...nonFinite, ['below the range', range.lo - 1, RangeError]];
    bad.push(['above the range', range.hi + 1, RangeError], ['2^53', 2 ** 53, RangeError]);
    if (range.openLo) bad.push([`equal to ${range.lo}`, range.lo, RangeError]);
    if (range.integer) bad.push(['fractional', range.lo + 0.5, RangeError]);
    return bad;
  }
  switch (kind) {
    case 'vec3':
      return [
        ...missing,
        ...types.filter(([l]) => l !== 'a function'),
        ['a number', 3, TypeError],
        ['an array', [1, 2, 3], TypeError],
        ['x NaN', V(NaN, 0, 0), RangeError],
        ['y +Infinity', V(0, Infinity, 0), RangeError],
        ['z -Infinity', V(0, 0, -Infinity), RangeError],
        ['x beyond float32 range', V(3.5e38, 0, 0), RangeError],
        ['x a string', V('1', 0, 0), TypeError],
        ['y a BigInt', V(0, 1n, 0), TypeError],
        ['z a Symbol', V(0, 0, Symbol('z')), TypeError],
        ['z missing', { x: 0, y: 0 }, TypeError],
      ];
    case 'seconds': // a finite number >= 0
      return [...missing, ...types, ...nonFinite, ['negative', -1 / 60, RangeError]];
    case 'positive': // a finite number > 0
      return [...missing, ...types, ...nonFinite, ['negative', -0.5, RangeError], ['zero', 0, RangeError]];
    case 'index': // an integer below the count
      return [
        ...missing,
        ...types,
        ...nonFinite,
        ['negative', -1, RangeError],
        ['fractional', 0.5, RangeError],
        ['the count (one past the end)', 'COUNT', RangeError],
        ['2^32 (aliases 0 as uint32)', 2 ** 32, RangeError],
        ['2^53', 2 ** 53, RangeError],
      ];
    case 'layers': // an integer bit mask
      return [...missing, ['a string', 'x', TypeError], ['fractional', 0.5, TypeError], ['NaN', Number.NaN, TypeError]];
    case 'world':
      return [
        ...missing,
        ...types,
        ['a plain object', {}, TypeError],
        ['a Float32Array', new Float32Array(9), TypeError],
        ['a World of another init()', 'OTHER_WORLD', TypeError],
        ['a disposed World', 'DISPOSED_WORLD', TypeError],
      ];
    case 'f32/3': // 3 floats per member
      return [
        ...missing,
        ...types,
        ['a plain array', [0, 0, 0], TypeError],
        ['a Float64Array', new Float64Array(3), TypeError],
        ['too short', new Float32Array(2), RangeError],
        ['empty', new Float32Array(0), RangeError],
      ];
    default: {
      if (!(kind in OPTIONS)) throw new Error(`no bad values for kind ${kind}`);
      const bad = [
        ['null', null, TypeError],
        ['a string', 'abc', TypeError],
        ['a number', 3, TypeError],
        ['a Symbol', Symbol('o'), TypeError],
      ];
      for (const { name: key, kind: field } of parseSignature(OPTIONS[kind])) {
        if (field === 'flag') continue; // any value is read as a boolean
        for (const [label, v, Err] of badValues(field).filter(([l]) => l !== 'missing')) {
          bad.push([`options.${key} ${label}`, { [key]: v }, Err, `options.${key}`]);
        }
      }
      if (kind === 'CharacterOptions') {
        bad.push(['options.height below 2 radius', { radius: 0.5, height: 0.9 }, RangeError, 'options.height']);
      }
      return bad;
    }
  }
}

/** A valid value of each kind. */
function valid(kind) {
  if (rangeOf(kind)) return 4;
  switch (kind) {
    case 'vec3':
      return V(0.5, 1, -0.5);
    case 'seconds':
      return 1 / 60;
    case 'positive':
      return 0.2;
    case 'index':
      return 0;
    case 'layers':
      return 2;
    case 'f32/3':
      return new Float32Array([0.01, -0.05, 0, -0.01, -0.05, 0]);
    case 'ParticleOptions':
      return { capacity: 4, radius: 0.1 };
    case 'LiveParticleOptions':
      return { restitution: 0.4 };
    case 'CharacterOptions':
      return { radius: 0.3 };
    default:
      throw new Error(`no valid value for kind ${kind}`);
  }
}

/** A bad value as the call receives it: placeholders for values that need the object or a World. */
function resolve(value, obj) {
  if (value === 'COUNT') return obj.count;
  if (value === 'OTHER_WORLD') return new other.World();
  if (value === 'DISPOSED_WORLD') {
    const w = new s.World();
    w.dispose();
    return w;
  }
  return value;
}

/**
 * The classes built on a World, beside their signatures (CLASS_SIGNATURES): `getters` their
 * read-only accessors, `make` builds an object with some state, `state` reads all of it (compared
 * bit for bit around every bad call), `use` exercises it (after the matrix, it must still work).
 */
const CLASSES = {
  ParticleSystem: {
    construct: (...args) => new s.ParticleSystem(...args),
    getters: ['count', 'capacity', 'positions', 'velocities', 'radii', 'stats', 'settings', 'disposed'],
    make(w) {
      const ps = new s.ParticleSystem(w, { capacity: 8, radius: 0.25 });
      ps.spawn(V(0, 2, 0), V(1, 0, 0));
      ps.spawn(V(1, 3, 0));
      ps.step(1 / 60);
      return ps;
    },
    state: (ps) => [...ps.positions, ...ps.velocities, ...ps.radii, ps.count, JSON.stringify(ps.settings)],
    use(ps) {
      const n = ps.count;
      assert.equal(ps.spawn(V(2, 1, 0)), n);
      for (let i = 0; i < 120; i++) ps.step(1 / 60);
      assert.ok(Math.abs(ps.positions[3 * n + 1] - 0.25) < 1e-3, 'the new particle came to rest on the floor');
    },
  },
  CharacterController: {
    construct: (...args) => new s.CharacterController(...args),
    getters: ['position', 'grounded', 'settings', 'body', 'disposed'],
    make(w) {
      const ch = new s.CharacterController(w, {}, V(0, 0.86, 0));
      ch.move(V(0.05, -0.1, 0));
      return ch;
    },
    state: (ch) => [ch.position.x, ch.position.y, ch.position.z, ch.grounded, JSON.stringify(ch.settings)],
    use(ch) {
      let m;
      for (let i = 0; i < 30; i++) m = ch.move(V(0.05, -0.1, 0));
      assert.equal(m.grounded, true);
      assert.equal(m.reason, 'walkable');
    },
  },
  CharacterGroup: {
    construct: (...args) => new s.CharacterGroup(...args),
    getters: ['count', 'capacity', 'settings', 'positions', 'grounded', 'disposed'],
    make(w) {
      const g = new s.CharacterGroup(w, {}, 4);
      g.add(V(-2, 0.86, 0));
      g.add(V(2, 0.86, 0));
      g.moveAll(new Float32Array([0.01, -0.05, 0, -0.01, -0.05, 0]));
      return g;
    },
    state: (g) => [...g.positions, g.count, JSON.stringify(g.settings)],
    use(g) {
      for (let i = 0; i < 30; i++) g.moveAll(new Float32Array([0.05, -0.1, 0, -0.05, -0.1, 0]));
      assert.equal(g.lastMove(0).grounded, true);
      assert.equal(g.lastMove(1).grounded, true);
    },
  },
};

/** Object.is for every element (so NaN and -0 compare by identity, as bits would). */
function sameState(a, b) {
  return a.length === b.length && a.every((x, i) => Object.is(x, b[i]));
}

/** Expects `call` to throw `Err` whose message names `arg`. */
function expectError(call, Err, arg, context) {
  let error = null;
  try {
    call();
  } catch (e) {
    error = e;
  }
  assert.ok(error !== null, `${context}: did not throw`);
  assert.ok(
    error instanceof Err,
    `${context}: expected ${Err.name}, got ${error?.constructor?.name}: ${error?.message ?? String(error)}`,
  );
  assert.ok(error.message.includes(`'${arg}`), `${context}: the message names '${arg}': ${error.message}`);
}

let tried = 0;

for (const [className, spec] of Object.entries(CLASSES)) {
  const { new: ctor, ...methods } = CLASS_SIGNATURES[className];
  const proto = s[className].prototype;
  /** [member, signature, 'method' | 'setter'] from the class's signatures. */
  const members = Object.entries(methods).map(([m, sig]) => [
    m,
    sig,
    Object.getOwnPropertyDescriptor(proto, m)?.set ? 'setter' : 'method',
  ]);

  test(`${className}: the signature table names every method and accessor of the class`, () => {
    const names = new Set();
    for (let p = proto; p && p !== Object.prototype; p = Object.getPrototypeOf(p)) {
      for (const name of Object.getOwnPropertyNames(p)) if (name !== 'constructor') names.add(name);
    }
    const covered = new Set([...Object.keys(methods), ...spec.getters, 'dispose']);
    assert.deepEqual([...names].sort(), [...covered].sort());
  });

  test(`${className}: bad input to the constructor throws an error naming the argument, and the module keeps working`, () => {
    const w = floorWorld();
    const sig = parseSignature(ctor);
    const good = sig.map(({ kind }) => (kind === 'world' ? w : valid(kind)));
    spec.construct(...good).dispose();
    for (let i = 0; i < sig.length; i++) {
      const { name, kind, optional } = sig[i];
      for (const [label, raw, Err, names] of badValues(kind)) {
        if (optional && raw === undefined) continue;
        const args = good.slice();
        args[i] = resolve(raw);
        if (label === 'missing') args.length = i;
        expectError(() => spec.construct(...args), Err, names ?? name, `new ${className}(${name} ${label})`);
        assertModuleWorks(`after new ${className}(${name} ${label})`);
        tried++;
      }
    }
    w.dispose();
    assertModuleWorks(`after new ${className}`);
  });

  for (const [member, text, how] of members) {
    const sig = parseSignature(text);
    if (sig.length === 0) continue;
    test(`${className}.${member}: bad input on each argument throws an error naming it, the object keeps its state and the module keeps working`, () => {
      const w = floorWorld();
      const obj = spec.make(w);
      const call =
        how === 'setter'
          ? (args) => {
              obj[member] = args[0];
            }
          : (args) => obj[member](...args);
      const good = sig.map(({ kind }) => valid(kind));
      for (let i = 0; i < sig.length; i++) {
        const { name, kind, optional } = sig[i];
        for (const [label, raw, Err, names] of badValues(kind)) {
          if (optional && raw === undefined) continue;
          const args = good.slice();
          args[i] = resolve(raw, obj);
          if (label === 'missing') args.length = i;
          const before = spec.state(obj);
          const context = `${className}.${member}(${name} ${label})`;
          expectError(() => call(args), Err, names ?? name, context);
          assert.ok(sameState(spec.state(obj), before), `${context}: the object's state changed`);
          assertModuleWorks(`after ${context}`);
          tried++;
        }
      }
      spec.use(obj);
      w.dispose();
    });
  }

  test(`${className}: every method and accessor throws a TypeError naming it after dispose (and after its World's), dispose is idempotent`, () => {
    for (const how of ['dispose', 'world.dispose']) {
      const w = floorWorld();
      const obj = spec.make(w);
      if (how === 'dispose') obj.dispose();
      else w.dispose();
      assert.equal(obj.disposed, true);
      obj.dispose();
      obj[Symbol.dispose]();
      for (const [member, text, kind] of members) {
        const args = parseSignature(text).map(({ kind: k }) => valid(k));
        const call =
          kind === 'setter'
            ? () => {
                obj[member] = args[0];
              }
            : () => obj[member](...args);
        assert.throws(
          call,
          (e) =>
            e.constructor === TypeError && e.message.includes(`${className}.${member}: this ${className} was disposed`),
          `${member} after ${how}`,
        );
        tried++;
      }
      for (const getter of spec.getters.filter((g) => g !== 'disposed')) {
        assert.throws(
          () => obj[getter],
          (e) =>
            e.constructor === TypeError && e.message.includes(`${className}.${getter}: this ${className} was disposed`),
          `${getter} after ${how}`,
        );
        tried++;
      }
      if (how === 'dispose') w.dispose();
      assertModuleWorks(`${className} after ${how}`);
    }
  });
}

// ---- the stateless functions and World methods: what bad-input.test.js does not try ----------

function callerOf(name) {
  if (!name.startsWith('World.')) return (args) => s[name](...args);
  const method = name.slice('World.'.length);
  return (args) => {
    const w = new s.World();
    w.addMesh(new Float32Array([-5, 0, -5, 5, 0, -5, 0, 0, 5]));
    try {
      return w[method](...args);
    } finally {
      w.dispose();
    }
  };
}

for (const [name, text] of Object.entries(QUERY_SIGNATURES)) {
  test(`${name}: booleans, BigInts, Symbols and functions on each argument throw a TypeError naming it; zero radii and -0 work`, () => {
    const sig = parseSignature(text);
    const call = callerOf(name);
    const good = sig.map(({ kind, name: arg }) => validArg(kind, arg));
    for (let i = 0; i < sig.length; i++) {
      const { name: arg, kind } = sig[i];
      const wrong = [...WRONG_TYPES.filter(([l]) => l !== 'a string')];
      if (kind === 'vec3' || kind === 'extent' || kind === 'quat' || kind === 'vec2') {
        wrong.push(
          ['x a BigInt', { ...validArg(kind), x: 1n }],
          ['x a Symbol', { ...validArg(kind), x: Symbol('x') }],
          ['x a boolean', { ...validArg(kind), x: false }],
        );
      }
      for (const [label, value] of wrong) {
        const args = good.slice();
        args[i] = value;
        const context = `${name}(${arg} ${label})`;
        expectError(() => call(args), TypeError, arg, context);
        assertModuleWorks(`after ${context}`);
        tried++;
      }
      // Valid edge values: a zero radius or distance (a point, a zero-length cast) and -0 anywhere numeric.
      if (kind === 'radius' || kind === 'distance' || kind === 'maxDistance' || kind === 'number') {
        for (const value of [0, -0]) {
          const args = good.slice();
          args[i] = value;
          assert.doesNotThrow(() => call(args), `${name}(${arg} = ${Object.is(value, -0) ? '-0' : '0'})`);
          tried++;
        }
      }
      if (kind === 'vec3') {
        const args = good.slice();
        args[i] = V(-0, -0, -0);
        assert.doesNotThrow(() => call(args), `${name}(${arg} = (-0, -0, -0))`);
      }
    }
    assertModuleWorks(name);
  });
}

test('huge counts are RangeErrors naming the argument, and the module keeps working', () => {
  const w = floorWorld();
  const cases = [
    ['allocFloat32(2^31)', () => s.allocFloat32(2 ** 31), 'length'],
    ['allocUint32(2^53)', () => s.allocUint32(2 ** 53), 'length'],
    [
      'new ParticleSystem capacity 2^24 + 1',
      () => new s.ParticleSystem(w, { capacity: 2 ** 24 + 1 }),
      'options.capacity',
    ],
    ['new CharacterGroup capacity 2^32', () => new s.CharacterGroup(w, {}, 2 ** 32), 'capacity'],
    ['World.triangle(0, 2^32)', () => w.triangle(0, 2 ** 32), 'index'],
    ['World.triangle(2^40, 0)', () => w.triangle(2 ** 40, 0), 'object'],
  ];
  for (const [label, call, arg] of cases) {
    let error = null;
    try {
      call();
    } catch (e) {
      error = e;
    }
    assert.ok(
      error instanceof RangeError,
      `${label}: expected a RangeError, got ${error?.constructor?.name}: ${error?.message ?? String(error)}`,
    );
    assert.ok(
      error.message.includes(`'${arg}'`) || error.message.startsWith(label.split('(')[0]),
      `${label}: ${error.message}`,
    );
    assertModuleWorks(label);
    tried++;
  }
  w.dispose();
});

test('a disposed WasmArray passed to a batch or a mesh is an Error naming the argument', () => {
  const a = s.allocFloat32(9);
  a.dispose();
  const w = new s.World();
  assert.throws(
    () => w.addMesh(a),
    (e) => /'positions' is a WasmArray that was disposed/.test(e.message),
  );
  assert.throws(
    () => w.raycastBatch(a, 10),
    (e) => /'rays' is a WasmArray that was disposed/.test(e.message),
  );
  assert.throws(
    () => s.pairsAll(a),
    (e) => /'boxes' is a WasmArray that was disposed/.test(e.message),
  );
  w.dispose();
  assertModuleWorks('disposed WasmArray');
});

test('the matrix above tried enough bad calls', () => {
  assert.ok(tried > 2000, `${tried} bad calls`);
});

// ---- errors of one kind -----------------------------------------------------------------------

test('numbers beyond float32 range (|x| > 3.4028234663852886e38, finite in JS) are RangeErrors naming the argument', () => {
  const FLT_MAX = 3.4028234663852886e38;
  const cases = [
    ['sphereSphere(centerA.x)', () => s.sphereSphere(V(1e39, 0, 0), 1, V(0, 0, 0), 1), 'centerA.x'],
    [
      'closestPointOnTriangle(p.x)',
      () => s.closestPointOnTriangle(V(-1e39, 0, 0), V(0, 0, 0), V(1, 0, 0), V(0, 0, 1)),
      'p.x',
    ],
    ['aabbOfSphere(radius)', () => s.aabbOfSphere(V(0, 0, 0), 3.5e38), 'radius'],
    ['floorHeight(x)', () => s.floorHeight(V(0, 0, 0), V(1, 0, 0), V(0, 0, 1), 1e300, 0), 'x'],
  ];
  const w = floorWorld();
  const ps = new s.ParticleSystem(w, { capacity: 2 });
  const ch = new s.CharacterController(w);
  cases.push(
    ['World.raycast(maxDistance)', () => w.raycast(V(0, 1, 0), V(0, -1, 0), 3.5e38), 'maxDistance'],
    ['World.floor(fromY)', () => w.floor(0, 0, -1e39), 'fromY'],
    ['ParticleSystem.spawn(velocity.y)', () => ps.spawn(V(0, 1, 0), V(0, 1e39, 0)), 'velocity.y'],
    ['ParticleSystem.step(dt)', () => ps.step(1e39), 'dt'],
    ['CharacterController.move(displacement.z)', () => ch.move(V(0, 0, -1e39)), 'displacement.z'],
    [
      'new ParticleSystem(options.gravity.y)',
      () => new s.ParticleSystem(w, { gravity: V(0, -1e39, 0) }),
      'options.gravity.y',
    ],
  );
  for (const [label, call, arg] of cases) {
    expectError(call, RangeError, arg, label);
    assertModuleWorks(label);
  }
  // The largest float32 itself is valid, so are vectors whose components are all near it (the fast
  // check sums their magnitudes and leaves the verdict to the signature), and +Infinity stays valid
  // where it means "no limit".
  assert.doesNotThrow(() => s.aabbOfSphere(V(FLT_MAX, 0, 0), 1));
  assert.deepEqual(s.closestPointOnAABB(V(2e38, -2e38, 2e38), V(0, 0, 0), V(1, 1, 1)), V(1, 0, 1));
  assert.equal(s.sphereContainsPoint(V(-3e38, 3e38, 0), 1, V(0, 0, 0)), false);
  assert.doesNotThrow(() => w.raycast(V(0, 1, 0), V(0, -1, 0), Infinity));
  w.dispose();
});

test("a World from another init() instance is a TypeError naming 'world', for every class built on a World", () => {
  const foreign = new other.World();
  foreign.addMesh(FLOOR);
  for (const className of Object.keys(CLASSES)) {
    expectError(() => new s[className](foreign), TypeError, 'world', `new ${className}(a World of another init())`);
    assertModuleWorks(className);
  }
  // … and the other instance's own classes take it.
  const ps = new other.ParticleSystem(foreign, { capacity: 2 });
  assert.equal(ps.spawn(V(0, 1, 0)), 0);
  foreign.dispose();
  assert.equal(ps.disposed, true);
});

// Capacities past what 32-bit wasm memory can address (2 GB here) answer at once, before any
// memory grows; the module stays usable.
test('a ParticleSystem capacity that wasm memory cannot hold is a RangeError, not an abort of the module', async () => {
  let aborted = 0;
  const t = await pkg.init({ onAbort: () => aborted++ });
  const w = new t.World();
  w.addMesh(FLOOR);
  for (const capacity of [2 ** 22, 2 ** 23, 2 ** 24]) {
    assert.throws(
      () => new t.ParticleSystem(w, { capacity }),
      (e) => e instanceof RangeError && e.message.includes(`options.capacity ${capacity}`),
    );
  }
  assert.equal(aborted, 0, 'the module aborted');
  const ps = new t.ParticleSystem(w, { capacity: 4 });
  assert.equal(ps.spawn({ x: 0, y: 1, z: 0 }), 0);
  ps.step(1 / 60);
  assert.ok(ps.positions[1] < 1, 'the module still steps particles');
  ps.dispose();
  w.dispose();
});
