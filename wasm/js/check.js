// Argument checks of the JS face. Every public function tests its arguments with the cheap
// predicates below before anything reaches wasm; when one fails it calls `fail(name, ...args)`,
// which walks the function's signature (signatures.js) and throws a TypeError or RangeError
// naming the first bad argument. Constructors and settings, called rarely, walk the signature at
// once (`check`). The module itself never sees bad input, so it keeps working.
//
// A number must be finite and within float32 range: a larger one would reach wasm as ±Infinity.
// The predicates are written for speed (they run on every call). A scalar is compared once,
// `Math.abs(x) <= FLOAT32_MAX`, false for NaN, ±Infinity and numbers beyond float32 alike. A
// vector's squared length is compared once with FLOAT32_MAX², which costs no more than a test of
// finiteness alone (bench/js-single.mjs) and is exact for one component (the square of the next
// double above FLOAT32_MAX rounds above FLOAT32_MAX²); it also refuses a valid vector longer than
// FLOAT32_MAX — then `fail` finds every argument valid and returns, and the call goes on. Property
// reads are repeated rather than cached: V8 eliminates the repeated loads, and the call site reads
// them again for the wasm call.
import { OPTIONS, SIGNATURES } from './signatures.js';

/** The largest finite float32 (FLT_MAX). */
export const FLOAT32_MAX = 3.4028234663852886e38;
const MAX = FLOAT32_MAX;
const MAX_SQ = MAX * MAX; // exact in double

/** A finite number within float32 range. */
export const num = (x) => typeof x === 'number' && Math.abs(x) <= MAX;
/** A number of num() that is >= 0. */
export const nonneg = (x) => typeof x === 'number' && x >= 0 && x <= MAX;
/** A number of num() that is > 0. */
export const positive = (x) => typeof x === 'number' && x > 0 && x <= MAX;
/** A number >= 0, +Infinity allowed (maximum distances of rays). */
export const upto = (x) => typeof x === 'number' && x >= 0 && (x <= MAX || x === Infinity);
/** An {x, y, z} of num() (conservative, see above). */
export const v3 = (v) =>
  v != null &&
  typeof v.x === 'number' &&
  typeof v.y === 'number' &&
  typeof v.z === 'number' &&
  v.x * v.x + v.y * v.y + v.z * v.z <= MAX_SQ;
/** An {x, y, z, w} of num() (conservative). */
export const q4 = (v) =>
  v != null &&
  typeof v.x === 'number' &&
  typeof v.y === 'number' &&
  typeof v.z === 'number' &&
  typeof v.w === 'number' &&
  v.x * v.x + v.y * v.y + v.z * v.z + v.w * v.w <= MAX_SQ;
/** An {x, y, z} of num(), each >= 0 (half extents; conservative). */
export const ext3 = (v) => v3(v) && v.x >= 0 && v.y >= 0 && v.z >= 0;
/** An {x, y} of num() (conservative). */
export const v2 = (v) =>
  v != null && typeof v.x === 'number' && typeof v.y === 'number' && v.x * v.x + v.y * v.y <= MAX_SQ;

function describe(value) {
  if (value === null) return 'null';
  if (value === undefined) return 'undefined';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return JSON.stringify(value.length > 20 ? `${value.slice(0, 20)}…` : value);
  if (Array.isArray(value)) return `an array of length ${value.length}`;
  if (ArrayBuffer.isView(value)) return `a ${value.constructor.name} of length ${value.length}`;
  if (typeof value === 'object') {
    const type = value.constructor?.name;
    return type && type !== 'Object' ? `a ${type}` : 'an object';
  }
  return typeof value;
}

/** The error `fn: argument 'name' <text> (got <value>)`. */
export const bad = (Err, fn, name, text, value) =>
  new Err(`${fn}: argument '${name}' ${text} (got ${describe(value)})`);

function checkNumber(fn, name, v, { min, above, infinite } = {}) {
  if (typeof v !== 'number') throw bad(TypeError, fn, name, 'must be a number', v);
  if (Number.isNaN(v) || (!infinite && !Number.isFinite(v)) || (infinite && v === -Infinity)) {
    throw bad(RangeError, fn, name, infinite ? 'must be a number or +Infinity, not NaN' : 'must be finite', v);
  }
  if (Math.abs(v) > MAX && v !== Infinity) {
    throw bad(RangeError, fn, name, `must be within float32 range (|x| <= ${MAX})`, v);
  }
  if (min !== undefined && v < min) throw bad(RangeError, fn, name, `must be >= ${min}`, v);
  if (above !== undefined && !(v > above)) throw bad(RangeError, fn, name, `must be > ${above}`, v);
}

function checkFields(fn, name, v, keys, what, min) {
  if (v === null || (typeof v !== 'object' && typeof v !== 'function')) {
    throw bad(TypeError, fn, name, `must be an ${what} object`, v);
  }
  for (const k of keys) checkNumber(fn, `${name}.${k}`, v[k], { min });
}

/** [{ name, kind, optional }] per argument of a signature's text. */
function parse(text) {
  return text
    .split(/\s+/)
    .filter(Boolean)
    .map((arg) => {
      const [name, kind] = arg.split(':');
      return { name: name.replace('?', ''), kind, optional: name.endsWith('?') };
    });
}

/** The parsed signature of a function: [{ name, kind, optional }] per argument. */
const parsed = new Map();
export function signatureOf(fn) {
  let sig = parsed.get(fn);
  if (!sig) {
    const text = SIGNATURES[fn];
    if (text === undefined) throw new Error(`shototsu: no signature for ${fn}`);
    sig = parse(text);
    parsed.set(fn, sig);
  }
  return sig;
}

/** The parsed fields of an options kind (OPTIONS): [{ name, kind }]. */
const parsedOptions = new Map();
export function fieldsOf(kind) {
  let fields = parsedOptions.get(kind);
  if (!fields) {
    fields = parse(OPTIONS[kind]);
    parsedOptions.set(kind, fields);
  }
  return fields;
}

/** A range kind, `[lo,hi]`, `(lo,hi]`, … with an `int` prefix for integers, parsed. */
const ranges = new Map();
function rangeOf(kind) {
  let r = ranges.get(kind);
  if (r === undefined) {
    const m = /^(int)?([[(])([^,]+),([^\])]+)([\])])$/.exec(kind);
    r = m && {
      integer: m[1] === 'int',
      lo: Number(m[3]),
      hi: Number(m[4]),
      openLo: m[2] === '(',
      openHi: m[5] === ')',
      text: `${m[2]}${m[3]}, ${m[4]}${m[5]}`,
    };
    ranges.set(kind, r);
  }
  return r;
}

function checkRange(fn, name, v, r) {
  checkNumber(fn, name, v);
  const inside = (r.openLo ? v > r.lo : v >= r.lo) && (r.openHi ? v < r.hi : v <= r.hi);
  if (!inside || (r.integer && !Number.isInteger(v))) {
    throw bad(RangeError, fn, name, `must be ${r.integer ? 'an integer' : 'a number'} in ${r.text}`, v);
  }
}

function checkOptions(fn, name, v, kind) {
  if (v === null || typeof v !== 'object') throw bad(TypeError, fn, name, 'must be an object', v);
  for (const field of fieldsOf(kind)) {
    if (v[field.name] !== undefined) checkArg(fn, `${name}.${field.name}`, field.kind, v[field.name]);
  }
}

/** Checks one argument by its kind; throws if it is bad. */
export function checkArg(fn, name, kind, v) {
  switch (kind) {
    case 'vec3':
      return checkFields(fn, name, v, ['x', 'y', 'z'], '{x, y, z}');
    case 'extent':
      return checkFields(fn, name, v, ['x', 'y', 'z'], '{x, y, z}', 0);
    case 'quat':
      return checkFields(fn, name, v, ['x', 'y', 'z', 'w'], '{x, y, z, w}');
    case 'vec2':
      return checkFields(fn, name, v, ['x', 'y'], '{x, y}');
    case 'number':
      return checkNumber(fn, name, v);
    case 'radius':
    case 'distance':
    case 'seconds':
      return checkNumber(fn, name, v, { min: 0 });
    case 'positive':
      return checkNumber(fn, name, v, { above: 0 });
    case 'maxDistance':
      return checkNumber(fn, name, v, { min: 0, infinite: true });
    case 'index':
      checkNumber(fn, name, v, { min: 0 });
      if (!Number.isInteger(v) || v > 0xfffffffe) throw bad(RangeError, fn, name, 'must be an integer index', v);
      return;
    case 'flag': // any value, read as a boolean
    case 'world': // checked by checkWorld, which knows the instance
      return;
    case 'mat4': {
      const e = v != null && typeof v === 'object' && 'elements' in v ? v.elements : v;
      if (e == null || typeof e !== 'object' || typeof e.length !== 'number') {
        throw bad(TypeError, fn, name, 'must be a Matrix4 ({elements}) or 16 numbers', v);
      }
      if (e.length !== 16) throw bad(RangeError, fn, name, 'must have 16 elements', e);
      for (let i = 0; i < 16; i++) checkNumber(fn, `${name}[${i}]`, e[i]);
      return;
    }
    case 'polygon': {
      if (v instanceof Float32Array) {
        if (v.length % 2 !== 0) throw bad(RangeError, fn, name, 'must hold 2 floats (x, y) per vertex', v);
        return;
      }
      if (!Array.isArray(v)) throw bad(TypeError, fn, name, 'must be an array of {x, y} or a Float32Array', v);
      for (let i = 0; i < v.length; i++) checkFields(fn, `${name}[${i}]`, v[i], ['x', 'y'], '{x, y}');
      return;
    }
    case 'object':
    case 'id':
      if (typeof v !== 'number') throw bad(TypeError, fn, name, 'must be an object id', v);
      if (!Number.isInteger(v) || v < 0 || v > 0xfffffffe)
        throw bad(RangeError, fn, name, 'must be an object id, an integer >= 0', v);
      return;
    case 'layers':
      if (!Number.isInteger(v)) throw bad(TypeError, fn, name, 'must be an integer bit mask', v);
      return;
    case 'dt':
      return checkNumber(fn, name, v, { min: Number.MIN_VALUE });
    case 'filter':
      if (v === null || typeof v !== 'object') throw bad(TypeError, fn, name, 'must be { layers?, ignore? }', v);
      if (v.layers !== undefined && !Number.isInteger(v.layers))
        throw bad(TypeError, fn, `${name}.layers`, 'must be an integer bit mask', v.layers);
      if (v.ignore !== undefined && v.ignore !== null && !(Number.isInteger(v.ignore) && v.ignore >= -1))
        throw bad(TypeError, fn, `${name}.ignore`, 'must be an object id or -1', v.ignore);
      return;
    case 'transform':
    case 'objectOptions':
    case 'layerOptions':
      return; // checked where they are read (world.js), with the argument named
    case 'bytes':
      if (!(v instanceof Uint8Array || v instanceof ArrayBuffer))
        throw bad(TypeError, fn, name, 'must be a Uint8Array or an ArrayBuffer', v);
      return;
    default: {
      if (kind.startsWith('f32/') || kind.startsWith('u32/')) return; // checked by memory.js's arrayArg
      if (kind in OPTIONS) return checkOptions(fn, name, v, kind);
      const range = rangeOf(kind);
      if (range) return checkRange(fn, name, v, range);
      throw new Error(`shototsu: unknown argument kind ${kind}`);
    }
  }
}

/** Checks every argument of `fn` by its signature; throws the error for the first bad one. */
export function check(fn, ...args) {
  const sig = signatureOf(fn);
  for (let i = 0; i < sig.length; i++) {
    const { name, kind, optional } = sig[i];
    if (optional && args[i] === undefined) continue;
    if (args[i] === undefined) throw new TypeError(`${fn}: missing argument '${name}'`);
    checkArg(fn, name, kind, args[i]);
  }
}

/**
 * Called when a fast check failed: throws the precise TypeError/RangeError for the first bad
 * argument of `fn`, or returns when every argument is valid after all (a conservative fast check).
 */
export function fail(fn, ...args) {
  check(fn, ...args);
}

/** Checks that `v` is an integer index below `count` (the state a signature cannot know). */
export function checkIndex(fn, name, v, count) {
  if (typeof v === 'number' && v >>> 0 === v && v < count) return;
  checkArg(fn, name, 'index', v);
  throw bad(RangeError, fn, name, `must be an integer index below ${count}`, v);
}

/** Checks that `v` is a Float32Array of at least `least` floats. */
export function checkFloats(fn, name, v, least) {
  if (!(v instanceof Float32Array)) throw bad(TypeError, fn, name, 'must be a Float32Array', v);
  if (v.length < least) throw bad(RangeError, fn, name, `must hold at least ${least} floats`, v);
}

/**
 * Checks that `v` is an instance of `World`, the World class of the caller's init() instance: a
 * World of another instance lives in another wasm memory.
 */
export function checkWorld(fn, name, v, World) {
  if (v instanceof World) return;
  if (v != null && typeof v === 'object' && v.constructor?.name === 'World') {
    throw new TypeError(`${fn}: argument '${name}' must be a World of the same init() (got a World of another init())`);
  }
  throw bad(TypeError, fn, name, 'must be a shototsu World', v);
}

/**
 * `base` (settings) with the fields of an options object of kind `kind` (OPTIONS) that `options`
 * gives, checked before: vectors copied as plain {x, y, z}, flags read as booleans.
 */
export function withOptions(kind, base, options) {
  const out = {};
  for (const { name, kind: k } of fieldsOf(kind)) {
    const given = options?.[name];
    const v = given === undefined ? base[name] : given;
    out[name] = k === 'vec3' ? { x: v.x, y: v.y, z: v.z } : k === 'flag' ? Boolean(v) : v;
  }
  for (const key of Object.keys(base)) if (!(key in out)) out[key] = base[key];
  return out;
}
