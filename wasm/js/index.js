// shototsu — the JS face of the package. `init()` loads the WebAssembly core once and returns
// an object whose methods check their arguments, call the core, and return plain objects.
// Vectors are accepted as any {x, y, z} (a THREE.Vector3 works) and returned as plain {x, y, z}.
// The methods are grouped by query family, one file each; index.d.ts documents every one.
import createShototsuModule from './shototsu-wasm.js';
import { version } from './version.js';
import { closestFamily, REGION_CONDITIONS } from './closest.js';
import { overlapFamily } from './overlap.js';
import { castFamily } from './cast.js';
import { sweepFamily } from './sweep.js';
import { boundingFamily } from './bounding.js';
import { batchFamily } from './batch.js';
import { worldClass } from './world.js';
import { systemClasses } from './systems.js';
import { Heap, Memory, WasmArray, bindingTable } from './memory.js';
import { TRIANGLE_REGIONS, readNames } from './layout.js';

export { version, TRIANGLE_REGIONS, REGION_CONDITIONS, WasmArray };

let defaultInstance = null;

/**
 * Load the WebAssembly core and return the API. Repeated calls without options return the same
 * instance; with options (passed to the Emscripten module factory, e.g. `locateFile` or
 * `wasmBinary`) a new, independent instance.
 */
export function init(options) {
  if (options) return createShototsuModule(options).then(makeApi);
  if (!defaultInstance) defaultInstance = createShototsuModule().then(makeApi);
  return defaultInstance;
}

function makeApi(M) {
  const W = bindingTable(M); // the bound functions, in an object V8 keeps fast
  const heap = new Heap(M);
  const o = W.outPointer() >> 2; // float index of the output area in HEAPF32
  const mem = new Memory(M);
  const arrays = new FinalizationRegistry((ptr) => M._free(ptr));
  readNames(M);
  const World = worldClass(W, heap, o, mem);
  return Object.freeze({
    version,
    ...closestFamily(W, heap, o),
    ...overlapFamily(W, heap, o, mem),
    ...castFamily(W, heap, o),
    ...sweepFamily(W, heap, o),
    ...boundingFamily(W, heap, o, mem),
    ...batchFamily(W, heap, mem, arrays),
    World,
    ...systemClasses(W, heap, o, World, mem),
  });
}
