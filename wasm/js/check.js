// Argument checks of the JS face: every public function validates its arguments here before
// anything reaches wasm, so bad input throws a TypeError/RangeError naming the argument and
// the module stays usable. The fast paths are inlined at the call sites
// (`Number.isFinite(v.x) && ...`); these functions build the precise error when that fails.

function describe(value) {
  if (value === null) return 'null';
  if (value === undefined) return 'undefined';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return JSON.stringify(value.length > 20 ? value.slice(0, 20) + '…' : value);
  if (Array.isArray(value)) return `an array of length ${value.length}`;
  if (ArrayBuffer.isView(value)) return `a ${value.constructor.name} of length ${value.length}`;
  return typeof value === 'object' ? 'an object' : typeof value;
}

/** Throws the right error for an argument that failed the inline {x, y, z} check. */
export function badVec3(fn, name, v) {
  if (v === null || typeof v !== 'object') {
    throw new TypeError(`${fn}: argument '${name}' must be an {x, y, z} object (got ${describe(v)})`);
  }
  for (const k of ['x', 'y', 'z']) {
    const c = v[k];
    if (typeof c !== 'number') {
      throw new TypeError(`${fn}: argument '${name}.${k}' must be a number (got ${describe(c)})`);
    }
    if (!Number.isFinite(c)) throw new RangeError(`${fn}: argument '${name}.${k}' must be finite (got ${c})`);
  }
  throw new TypeError(`${fn}: argument '${name}' is not a valid {x, y, z}`);
}

/** Throws the right error for a number that failed the inline finite check. */
export function badNumber(fn, name, v) {
  if (typeof v !== 'number') throw new TypeError(`${fn}: argument '${name}' must be a number (got ${describe(v)})`);
  throw new RangeError(`${fn}: argument '${name}' must be finite (got ${v})`);
}

/** A finite number >= 0 (radii). */
export function badRadius(fn, name, v) {
  if (typeof v === 'number' && Number.isFinite(v)) {
    throw new RangeError(`${fn}: argument '${name}' must be >= 0 (got ${v})`);
  }
  badNumber(fn, name, v);
}

/** A Float32Array whose length is a positive multiple of `stride` (or empty). */
export function checkFloat32Array(fn, name, v, stride) {
  if (!(v instanceof Float32Array)) {
    throw new TypeError(`${fn}: argument '${name}' must be a Float32Array (got ${describe(v)})`);
  }
  if (v.length % stride !== 0) {
    throw new RangeError(`${fn}: argument '${name}' must hold a multiple of ${stride} floats (got ${v.length})`);
  }
  return v.length / stride;
}

export function checkArgCount(fn, args, count) {
  if (args.length < count) {
    throw new TypeError(`${fn}: expected ${count} arguments, got ${args.length}`);
  }
}
