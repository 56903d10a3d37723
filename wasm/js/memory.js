// Wasm memory for the batch calls: arrays that live in wasm memory (zero-copy), scratch areas
// that plain typed arrays are copied through, and the rules that keep both valid.
//
// LIFETIME. A typed-array view of wasm memory (HEAPF32, WasmArray.array, any view whose buffer
// is the module's memory) is detached — length 0 — when the memory grows, which can happen in
// any call that allocates: allocFloat32/allocUint32, World.addMesh, World.overlap*, and a batch
// call given plain arrays larger than any before. The data stays where it was: re-read
// `handle.array` (cheap: it returns the cached view until the memory has grown).
//
// Order inside a batch call: first every argument that already lives in wasm memory gives its
// address (before any allocation could detach it), then scratch is allocated and plain arrays
// are copied in, then the core runs, then results are copied out (or left in place).
const PTR = Symbol('shototsu.ptr');
const DISPOSE = typeof Symbol.dispose === 'symbol' ? Symbol.dispose : Symbol.for('nodejs.dispose');
export { DISPOSE };

const heapOf = (M, Type) => (Type === Float32Array ? M.HEAPF32 : M.HEAPU32);

/**
 * The module's HEAPF32/HEAPU32 views, cached outside the Emscripten Module object: the Module
 * has too many properties for V8's fast mode, and a dictionary lookup per call measured ~10-20 ns.
 * A view detached by memory growth has length 0; then the current one is fetched again.
 */
export class Heap {
  constructor(M) {
    this.M = M;
    this.F32 = M.HEAPF32;
    this.U32 = M.HEAPU32;
  }

  f32() {
    const h = this.F32;
    return h.length !== 0 ? h : (this.refresh(), this.F32);
  }

  u32() {
    const h = this.U32;
    return h.length !== 0 ? h : (this.refresh(), this.U32);
  }

  refresh() {
    this.F32 = this.M.HEAPF32;
    this.U32 = this.M.HEAPU32;
  }
}

/**
 * The module's functions, copied into a plain object that stays in V8's fast mode and whose
 * entries never change (so the JIT calls them directly): the C exports (Module._name) under
 * their names without the '_' (closestPointOnTriangle, World_raycast, worldLastError, …).
 *
 * Emscripten 3.1.6 (with asynchronous instantiation) sets Module._name to a forwarding wrapper
 * that looks the wasm export up (by its minified name, "Q") at each call. We take that export
 * itself: calls through the wrapper, or through a table entry that changes after the first call,
 * measured 15-25 ns slower. The dist's glue lists the names in Module.asmNames
 * (scripts/minify-dist.mjs); Emscripten's own glue names each in its wrapper's body,
 * `function(){return(_name=Module["_name"]=Module["asm"]["Q"]).apply(null,arguments)}`. Where
 * neither names it, the wrapper is used (slower, correct).
 */
export function bindingTable(M) {
  const table = [];
  const asm = M.asm ?? {};
  const names = M.asmNames ?? {};
  for (const key of Object.keys(M)) {
    const value = M[key];
    if (typeof value !== 'function') continue;
    if (key.startsWith('_') && !key.startsWith('__')) {
      const minified = Object.hasOwn(names, key.slice(1))
        ? names[key.slice(1)]
        : /Module\["asm"\]\["([^"]+)"\]/.exec(Function.prototype.toString.call(value))?.[1];
      const direct = minified && asm[minified];
      table.push([key.slice(1), typeof direct === 'function' ? direct : value]);
    }
  }
  // fromEntries builds it in fast mode; adding 150 properties one by one turns it into a
  // dictionary after about 20 (a hash lookup per call).
  return Object.fromEntries(table);
}

const utf8 = new TextDecoder();
/** The NUL-terminated UTF-8 string at byte address `ptr` of wasm memory. */
export function cString(M, ptr) {
  const u8 = M.HEAPU8;
  let end = ptr;
  while (u8[end] !== 0) end++;
  return utf8.decode(u8.subarray(ptr, end));
}

/** The scratch areas and allocation of one module instance. */
export class Memory {
  constructor(M) {
    this.M = M;
    /** slot -> { ptr, bytes }: grown (never shrunk) to the largest request. */
    this.slots = [];
  }

  malloc(bytes, what) {
    if (bytes > 0x7fff0000) throw new RangeError(`${what}: ${bytes} bytes is more than wasm memory can hold`);
    const ptr = this.M._malloc(Math.max(bytes, 4));
    if (!ptr) throw new RangeError(`${what}: out of wasm memory (${bytes} bytes requested)`);
    return ptr;
  }

  /** Byte address of scratch slot `slot` holding at least `bytes`. May grow the memory. */
  scratchBytes(slot, bytes) {
    const s = this.slots[slot] ?? (this.slots[slot] = { ptr: 0, bytes: 0 });
    if (s.bytes < bytes) {
      if (s.ptr) this.M._free(s.ptr);
      s.ptr = 0;
      s.bytes = 0;
      const size = Math.max(bytes, 2 * s.bytes, 256);
      s.ptr = this.malloc(size, 'shototsu scratch');
      s.bytes = size;
    }
    return s.ptr;
  }

  /** Float index into HEAPF32 of scratch slot `slot` holding at least `floats`. */
  scratch(slot, floats) {
    return this.scratchBytes(slot, floats * 4) >> 2;
  }
}

/**
 * A typed array allocated in wasm memory: pass it (or its `.array`) to batch calls and nothing
 * is copied. Free it with dispose(); the FinalizationRegistry frees forgotten ones eventually.
 */
export class WasmArray {
  #mem;
  #Type;
  #length;
  #view = null;

  constructor(mem, Type, length, registry) {
    this.#mem = mem;
    this.#Type = Type;
    this.#length = length;
    this[PTR] = mem.malloc(length * 4, `alloc${Type === Float32Array ? 'Float32' : 'Uint32'}`);
    heapOf(mem.M, Type).fill(0, this[PTR] >> 2, (this[PTR] >> 2) + length);
    this.registry = registry;
    registry.register(this, this[PTR], this);
  }

  /** Number of elements. */
  get length() {
    return this.#length;
  }

  /** The element type: Float32Array or Uint32Array. */
  get type() {
    return this.#Type;
  }

  /** True after dispose(). */
  get disposed() {
    return this[PTR] === 0;
  }

  /** A view of the memory, valid until the wasm memory grows; re-read it after such calls. */
  get array() {
    if (this[PTR] === 0) throw new TypeError('WasmArray.array: this array was disposed');
    const heap = heapOf(this.#mem.M, this.#Type);
    if (this.#view === null || this.#view.buffer !== heap.buffer) {
      this.#view = new this.#Type(heap.buffer, this[PTR], this.#length);
    }
    return this.#view;
  }

  /** Frees the memory. Idempotent; any later use throws. */
  dispose() {
    if (this[PTR] === 0) return;
    this.registry.unregister(this);
    this.#mem.M._free(this[PTR]);
    this[PTR] = 0;
    this.#view = null;
  }

  [DISPOSE]() {
    this.dispose();
  }
}

/**
 * One typed-array argument of a batch call, checked and located:
 * { value, count, ptr } with ptr the byte address when it already lives in wasm memory, else -1
 * (placeInput copies it). `Type` is Float32Array or Uint32Array; `stride` elements per item.
 */
export function arrayArg(mem, fn, name, value, Type, stride) {
  const typeName = Type.name;
  let length;
  let ptr = -1;
  if (value instanceof WasmArray) {
    if (value.disposed) throw new TypeError(`${fn}: argument '${name}' is a WasmArray that was disposed`);
    if (value.type !== Type)
      throw new TypeError(`${fn}: argument '${name}' must be a ${typeName} (got a WasmArray of ${value.type.name})`);
    length = value.length;
    ptr = value[PTR];
  } else if (value instanceof Type) {
    length = value.length;
    if (value.buffer === mem.M.HEAPF32.buffer) ptr = value.byteOffset;
  } else {
    throw new TypeError(
      `${fn}: argument '${name}' must be a ${typeName} or a WasmArray (got ${value === undefined ? 'undefined' : value === null ? 'null' : ArrayBuffer.isView(value) ? `a ${value.constructor.name}` : typeof value})`,
    );
  }
  if (length % stride !== 0) {
    throw new RangeError(`${fn}: argument '${name}' must hold ${stride} values per element (got length ${length})`);
  }
  return { value, count: length / stride, ptr, Type };
}

/** Copies an input that is not in wasm memory into scratch slot `slot`; returns its address. */
export function placeInput(mem, arg, slot) {
  if (arg.ptr >= 0) return arg.ptr;
  const p = mem.scratchBytes(slot, arg.value.length * 4);
  heapOf(mem.M, arg.Type).set(arg.value, p >> 2);
  return p;
}

/** A Float32Array input of one call (checked, located and copied in): { ptr, count }. */
export function f32Input(mem, fn, name, value, stride, slot) {
  const arg = arrayArg(mem, fn, name, value, Float32Array, stride);
  return { ptr: placeInput(mem, arg, slot), count: arg.count };
}

/**
 * The output of a batch call: `out` checked to hold at least `length` values, or null when
 * not given. `where(slot)` gives the byte address to write to; `finish()` copies results back
 * and returns what the caller returns.
 */
export function arrayOutput(mem, fn, name, out, Type, stride, count) {
  const length = count * stride;
  const arg = out === undefined ? null : arrayArg(mem, fn, name, out, Type, stride);
  if (arg && arg.value.length < length) {
    throw new RangeError(
      `${fn}: argument '${name}' must hold at least ${length} values (${stride} per element; got ${arg.value.length})`,
    );
  }
  let ptr = arg ? arg.ptr : -1;
  return {
    where(slot) {
      if (ptr < 0) ptr = mem.scratchBytes(slot, length * 4);
      return ptr;
    },
    finish() {
      const heap = heapOf(mem.M, Type);
      if (arg === null) return heap.slice(ptr >> 2, (ptr >> 2) + length);
      if (arg.value instanceof WasmArray) return arg.value.array;
      if (arg.ptr >= 0) {
        // A view of wasm memory: return it, or a fresh view if the memory grew meanwhile.
        return arg.value.buffer === heap.buffer ? arg.value : new Type(heap.buffer, arg.ptr, arg.value.length);
      }
      if (length > 0) arg.value.set(heap.subarray(ptr >> 2, (ptr >> 2) + length));
      return arg.value;
    },
  };
}

/**
 * The number of elements of a batch whose inputs each hold `count` elements or exactly one
 * (which is then used for every element). Throws a RangeError naming the odd one.
 */
export function batchCount(fn, args) {
  let n = 0;
  for (const [, a] of args) n = Math.max(n, a.count);
  for (const [name, a] of args) {
    if (a.count !== n && a.count !== 1) {
      const lens = args.map(([nm, x]) => `${nm}: ${x.count}`).join(', ');
      const hint =
        a.count === 0 ? ' — a view of wasm memory has length 0 once the memory grew: re-read WasmArray.array' : '';
      throw new RangeError(`${fn}: argument '${name}' must hold ${n} elements or 1 (got ${a.count}; ${lens})${hint}`);
    }
  }
  return n;
}
