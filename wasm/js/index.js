// shototsu — the JS face of the package. `init()` loads the WebAssembly core once and returns
// an object whose methods check their arguments, call the core, and return plain objects.
// Vectors are accepted as any {x, y, z} (a THREE.Vector3 works) and returned as plain {x, y, z}.
import createShototsuModule from './shototsu-wasm.js';
import { version } from './version.js';
import { badVec3 } from './check.js';

export { version };

/** Region names of closestPointOnTriangle, indexed by the core's TriangleRegion. */
export const TRIANGLE_REGIONS = Object.freeze(['A', 'B', 'C', 'AB', 'BC', 'CA', 'face']);

let defaultInstance = null;

/**
 * Load the WebAssembly core and return the API. Repeated calls return the same instance.
 * @param {object} [options] passed to the Emscripten module factory (e.g. `locateFile`, `wasmBinary`)
 */
export function init(options) {
  if (options) return createShototsuModule(options).then(makeApi);
  if (!defaultInstance) defaultInstance = createShototsuModule().then(makeApi);
  return defaultInstance;
}

const ok3 = (v) => v !== null && typeof v === 'object' && Number.isFinite(v.x) && Number.isFinite(v.y) && Number.isFinite(v.z);

function makeApi(M) {
  const OUT = M.outPointer() >> 2; // float index of the output area in HEAPF32
  const vec = (h, i) => ({ x: h[i], y: h[i + 1], z: h[i + 2] });

  return {
    version,

    /**
     * Closest point of triangle abc to p, with the Voronoi region that decided it.
     * @returns {{point, region, barycentric, degenerate}}
     */
    closestPointOnTriangle(p, a, b, c) {
      const fn = 'closestPointOnTriangle';
      if (!ok3(p)) badVec3(fn, 'p', p);
      if (!ok3(a)) badVec3(fn, 'a', a);
      if (!ok3(b)) badVec3(fn, 'b', b);
      if (!ok3(c)) badVec3(fn, 'c', c);
      M.closestPointOnTriangle(p.x, p.y, p.z, a.x, a.y, a.z, b.x, b.y, b.z, c.x, c.y, c.z);
      const h = M.HEAPF32;
      return {
        point: vec(h, OUT),
        region: TRIANGLE_REGIONS[h[OUT + 6]],
        barycentric: vec(h, OUT + 3),
        degenerate: h[OUT + 7] !== 0,
      };
    },

    /**
     * closestPointOnTriangle with every number its decision used (seed 000's dot products and
     * Lagrange-identity terms) and the region tests in the order they ran.
     */
    explainClosestPointOnTriangle(p, a, b, c) {
      const fn = 'explainClosestPointOnTriangle';
      if (!ok3(p)) badVec3(fn, 'p', p);
      if (!ok3(a)) badVec3(fn, 'a', a);
      if (!ok3(b)) badVec3(fn, 'b', b);
      if (!ok3(c)) badVec3(fn, 'c', c);
      M.explainClosestPointOnTriangle(p.x, p.y, p.z, a.x, a.y, a.z, b.x, b.y, b.z, c.x, c.y, c.z);
      const h = M.HEAPF32;
      const o = OUT;
      const tests = [];
      for (let i = 0; i < h[o + 17]; ++i) {
        const region = TRIANGLE_REGIONS[h[o + 18 + 2 * i]];
        tests.push({ region, condition: REGION_CONDITIONS[region], passed: h[o + 19 + 2 * i] !== 0 });
      }
      return {
        point: vec(h, o),
        region: TRIANGLE_REGIONS[h[o + 6]],
        barycentric: vec(h, o + 3),
        degenerate: h[o + 7] !== 0,
        dots: { d1: h[o + 8], d2: h[o + 9], d3: h[o + 10], d4: h[o + 11], d5: h[o + 12], d6: h[o + 13] },
        lagrange: { va: h[o + 14], vb: h[o + 15], vc: h[o + 16] },
        tests,
      };
    },
  };
}

/** The condition each region test checks (see closest_point.hpp), for teaching views. */
export const REGION_CONDITIONS = Object.freeze({
  A: 'd1 <= 0 && d2 <= 0',
  B: 'd3 >= 0 && d4 <= d3',
  AB: 'vc <= 0 && d1 >= 0 && d3 <= 0',
  C: 'd6 >= 0 && d5 <= d6',
  CA: 'vb <= 0 && d2 >= 0 && d6 <= 0',
  BC: 'va <= 0 && d4 - d3 >= 0 && d5 - d6 >= 0',
  face: 'none of the above',
});
