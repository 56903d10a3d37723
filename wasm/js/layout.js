// Readers of the output area: each turns the floats a binding wrote (the LAYOUTS of
// ../bind/out.hpp and the per-binding comments) into the plain result object. Small functions,
// inlined by the JIT at their call sites. `h` is HEAPF32, `o` the area's float index.
import { cString } from './memory.js';

// The names of the core's enums, indexed by the numbers the results carry, come from the wasm
// module (bind/names.cpp's enumName) when the first init() resolves: readNames fills these arrays. They are
// plain arrays, not frozen ones: V8 11 reads frozen arrays' elements on a slower path
// (closestPointOnTriangle measured 62 ns with a frozen table, 55 ns with a plain one).

/** Feature names of triangle queries, indexed by the core's TriangleRegion. */
export const REGIONS = [];
/** sweep_sphere_triangle's TriangleFeature, as region names. */
export const SWEEP_FEATURES = [];
/** sweep_sphere_plane's SweepPlaneCase. */
export const SWEEP_PLANE_CASES = [];
/** triangle_bounding_sphere's BoundingSphereKind. */
export const BOUNDING_SPHERE_KINDS = [];
/** CharacterMove's GroundReason. */
export const GROUND_REASONS = [];
/** The public, frozen copy of REGIONS (empty until init() resolves). */
export let TRIANGLE_REGIONS = Object.freeze([]);

/** The core's enums, in the order of bind/names.cpp's enumName, and the tables they fill. */
const ENUMS = [
  ['TriangleRegion', REGIONS],
  ['TriangleFeature', SWEEP_FEATURES],
  ['SweepPlaneCase', SWEEP_PLANE_CASES],
  ['BoundingSphereKind', BOUNDING_SPHERE_KINDS],
  ['GroundReason', GROUND_REASONS],
];

/** { TriangleRegion: [...], GroundReason: [...], … }: every enum's names, read from module M. */
export function enumNames(M) {
  const all = {};
  ENUMS.forEach(([name], e) => {
    const list = (all[name] = []);
    for (let i = 0, p; (p = M._enumName(e, i)) !== 0; i++) list.push(cString(M, p));
  });
  return all;
}

/** Fills the name tables from module M, once. */
export function readNames(M) {
  if (REGIONS.length !== 0) return;
  const names = enumNames(M);
  for (const [name, table] of ENUMS) table.push(...names[name]);
  TRIANGLE_REGIONS = Object.freeze(REGIONS.slice());
}

export const vec = (h, i) => ({ x: h[i], y: h[i + 1], z: h[i + 2] });

/** Contact: hit, point, normal, depth. */
export const contact = (h, o) => ({
  hit: h[o] !== 0,
  point: { x: h[o + 1], y: h[o + 2], z: h[o + 3] },
  normal: { x: h[o + 4], y: h[o + 5], z: h[o + 6] },
  depth: h[o + 7],
});

/** CastHit: hit, t, point, normal. */
export const castHit = (h, o) => ({
  hit: h[o] !== 0,
  t: h[o + 1],
  point: { x: h[o + 2], y: h[o + 3], z: h[o + 4] },
  normal: { x: h[o + 5], y: h[o + 6], z: h[o + 7] },
});

/** TriangleCastHit: CastHit and barycentric. */
export const triangleCastHit = (h, o) => ({
  hit: h[o] !== 0,
  t: h[o + 1],
  point: { x: h[o + 2], y: h[o + 3], z: h[o + 4] },
  normal: { x: h[o + 5], y: h[o + 6], z: h[o + 7] },
  barycentric: { x: h[o + 8], y: h[o + 9], z: h[o + 10] },
});

/** SweepHit: hit, t, point (the moving centre at t), contact, normal. */
export const sweepHit = (h, o) => ({
  hit: h[o] !== 0,
  t: h[o + 1],
  point: { x: h[o + 2], y: h[o + 3], z: h[o + 4] },
  contact: { x: h[o + 5], y: h[o + 6], z: h[o + 7] },
  normal: { x: h[o + 8], y: h[o + 9], z: h[o + 10] },
});

/** AABB: min, max. */
export const aabb = (h, o) => ({
  min: { x: h[o], y: h[o + 1], z: h[o + 2] },
  max: { x: h[o + 3], y: h[o + 4], z: h[o + 5] },
});
