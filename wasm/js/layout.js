// Readers of the output area: each turns the floats a binding wrote (the LAYOUTS of
// ../bind/out.hpp and the per-binding comments) into the plain result object. Small functions,
// inlined by the JIT at their call sites. `h` is HEAPF32, `o` the area's float index.

// The name tables are plain arrays, not frozen ones: V8 11 reads frozen arrays' elements on a
// slower path (closestPointOnTriangle measured 62 ns with a frozen table, 55 ns with a plain
// one). The public TRIANGLE_REGIONS is a frozen copy.

/** Feature names of triangle queries, indexed by the core's TriangleRegion. */
export const REGIONS = ['A', 'B', 'C', 'AB', 'BC', 'CA', 'face'];
export const TRIANGLE_REGIONS = Object.freeze(REGIONS.slice());
/** sweep_sphere_triangle's TriangleFeature (Face, EdgeAB, EdgeBC, EdgeCA, VertexA..C), as region names. */
export const SWEEP_FEATURES = ['face', 'AB', 'BC', 'CA', 'A', 'B', 'C'];
/** sweep_sphere_plane's SweepPlaneCase. */
export const SWEEP_PLANE_CASES = [
  'hitFront',
  'embedded',
  'embeddedParallel',
  'movingAway',
  'parallel',
  'tooFar',
  'behindPlane',
  'invalid',
];
/** triangle_bounding_sphere's BoundingSphereKind. */
export const BOUNDING_SPHERE_KINDS = ['acute', 'rightOrObtuse', 'degenerate'];

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
