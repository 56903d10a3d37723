// Argument checks of the JS face. Every public function tests its arguments with the cheap
// predicates below before anything reaches wasm; when one fails it calls `fail(name, ...args)`,
// which walks the function's signature (signatures.js) and throws a TypeError or RangeError
// naming the first bad argument. The module itself never sees bad input, so it keeps working.
//
// The predicates are written for speed (they run on every call): `typeof x === 'number'` then
// `x - x === 0`, which is false exactly for NaN and ±Infinity (Number.isFinite measured ~3x
// slower here on V8 11). Property reads are repeated rather than cached: V8 eliminates the
// repeated loads, and the call site reads them again for the wasm call.
import { SIGNATURES } from './signatures.js';

/** A finite number. */
export const num = (x) => typeof x === 'number' && x - x === 0;
/** A finite number >= 0. */
export const nonneg = (x) => typeof x === 'number' && x - x === 0 && x >= 0;
/** A number >= 0, +Infinity allowed (maximum distances of rays). */
export const upto = (x) => typeof x === 'number' && x >= 0;
/** An {x, y, z} of finite numbers. */
export const v3 = (v) =>
  v != null &&
  typeof v.x === 'number' &&
  typeof v.y === 'number' &&
  typeof v.z === 'number' &&
  v.x - v.x + (v.y - v.y) + (v.z - v.z) === 0;
/** An {x, y, z, w} of finite numbers. */
export const q4 = (v) =>
  v != null &&
  typeof v.x === 'number' &&
  typeof v.y === 'number' &&
  typeof v.z === 'number' &&
  typeof v.w === 'number' &&
  v.x - v.x + (v.y - v.y) + (v.z - v.z) + (v.w - v.w) === 0;
/** An {x, y, z} of finite numbers, each >= 0 (half extents). */
export const ext3 = (v) => v3(v) && v.x >= 0 && v.y >= 0 && v.z >= 0;
/** An {x, y} of finite numbers. */
export const v2 = (v) =>
  v != null && typeof v.x === 'number' && typeof v.y === 'number' && v.x - v.x + (v.y - v.y) === 0;

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

const bad = (Err, fn, name, text, value) => new Err(`${fn}: argument '${name}' ${text} (got ${describe(value)})`);

function checkNumber(fn, name, v, { min, infinite } = {}) {
  if (typeof v !== 'number') throw bad(TypeError, fn, name, 'must be a number', v);
  if (Number.isNaN(v) || (!infinite && !Number.isFinite(v)) || (infinite && v === -Infinity)) {
    throw bad(RangeError, fn, name, infinite ? 'must be a number or +Infinity, not NaN' : 'must be finite', v);
  }
  if (min !== undefined && v < min) throw bad(RangeError, fn, name, `must be >= ${min}`, v);
}

function checkFields(fn, name, v, keys, what, min) {
  if (v === null || (typeof v !== 'object' && typeof v !== 'function')) {
    throw bad(TypeError, fn, name, `must be an ${what} object`, v);
  }
  for (const k of keys) checkNumber(fn, `${name}.${k}`, v[k], { min });
}

/** The parsed signature: [{ name, kind, optional }] per argument. */
const parsed = new Map();
export function signatureOf(fn) {
  let sig = parsed.get(fn);
  if (!sig) {
    const text = SIGNATURES[fn];
    if (text === undefined) throw new Error(`shototsu: no signature for ${fn}`);
    sig = text
      .split(/\s+/)
      .filter(Boolean)
      .map((arg) => {
        const [name, kind] = arg.split(':');
        return { name: name.replace('?', ''), kind, optional: name.endsWith('?') };
      });
    parsed.set(fn, sig);
  }
  return sig;
}

/** Checks one argument by its kind; throws if it is bad. Exported for the batch and world code. */
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
      return checkNumber(fn, name, v, { min: 0 });
    case 'distance':
      return checkNumber(fn, name, v, { min: 0 });
    case 'maxDistance':
      return checkNumber(fn, name, v, { min: 0, infinite: true });
    case 'index':
      checkNumber(fn, name, v, { min: 0 });
      if (!Number.isInteger(v) || v > 0xfffffffe) throw bad(RangeError, fn, name, 'must be an integer index', v);
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
    default:
      if (kind.startsWith('f32/') || kind.startsWith('u32/')) return; // checked by batch.js
      throw new Error(`shototsu: unknown argument kind ${kind}`);
  }
}

/**
 * Called when a fast check failed: throws the precise TypeError/RangeError for the first bad
 * argument of `fn`. Never returns.
 */
export function fail(fn, ...args) {
  const sig = signatureOf(fn);
  for (let i = 0; i < sig.length; i++) {
    const { name, kind, optional } = sig[i];
    if (optional && args[i] === undefined) continue;
    if (args[i] === undefined) throw new TypeError(`${fn}: missing argument '${name}'`);
    checkArg(fn, name, kind, args[i]);
  }
  throw new TypeError(`${fn}: invalid arguments`);
}
