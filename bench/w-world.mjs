// W (issue #4): the mesh world at 10^3 .. 10^6 triangles, native and wasm in the same run. Build
// time (addMesh) and memory, and ns per query for every query of bench/native/world_bench.cpp,
// which runs the native side; here the same seeded scenes and queries (lib/world-scenes.mjs,
// checked bit for bit against the native program's fingerprints) go through the package's public
// API, one call per query with reused {x, y, z} objects, as a three.js user calls it.
import { runWorldNative } from './lib/native.mjs';
import { median, now, log } from './lib/common.mjs';
import { scene as makeScene, queries as makeQueries, queryVectors, sceneHash, queryHash } from './lib/world-scenes.mjs';

export const W = {
  sizes: [1_000, 10_000, 100_000, 1_000_000],
  kinds: ['terrain', 'soup'],
  // world_bench.cpp's constants: ray length, sweep length, radii.
  rayLength: 10,
  sweepLength: 4,
  sphereCastRadius: 0.5,
  capsuleCastRadius: 0.3,
  overlapSphereRadius: 1.5,
  overlapCapsuleRadius: 1,
  closestMaxDistance: 4,
};

/** The queries in world_bench.cpp's order (its names), then those only the package has. */
export const QUERIES = [
  'raycast',
  'raycast_any',
  'sphere_cast',
  'capsule_cast',
  'overlap_sphere',
  'overlap_capsule',
  'closest_point',
  'floor',
  'floorHeight',
  'raycastBatch',
];
/** The package's method behind each query (wasm column). */
export const METHOD = {
  raycast: 'raycast',
  raycast_any: 'raycastAny',
  sphere_cast: 'sphereCast',
  capsule_cast: 'capsuleCast',
  overlap_sphere: 'overlapSphere',
  overlap_capsule: 'overlapCapsule',
  closest_point: 'closestPoint',
  floor: 'floor',
  floorHeight: 'floorHeight',
  raycastBatch: 'raycastBatch',
};

/** Like world_bench.cpp's time_queries: `repeats` passes over `count` queries; median ns per query. */
function timeQueries(count, repeats, pass) {
  const per = [];
  // Untimed passes first, for 0.2 s at least: V8 runs wasm in a baseline tier and optimises hot
  // functions in the background, which takes several passes on a busy 2-core machine.
  let hits = 0;
  for (let warm = 0, t0 = now(); warm < 2 || (now() - t0 < 200 && warm < 20); warm++) hits = pass();
  for (let r = 0; r < repeats; r++) {
    globalThis.gc?.(); // with node --expose-gc (npm run bench): the last pass's garbage, outside the timing
    const t0 = now();
    hits = pass();
    per.push((1e6 * (now() - t0)) / count);
  }
  return { ns: median(per), hitRate: hits / count };
}

function measureWasm(s, mesh, quick) {
  const buildRepeats = mesh.triangles >= 1_000_000 ? 3 : quick ? 3 : 5;
  const build = [],
    coreBuild = [];
  let stats = null;
  for (let r = 0; r < buildRepeats; r++) {
    globalThis.gc?.();
    const world = new s.World();
    const t0 = now();
    world.addMesh(mesh.positions, mesh.indices);
    build.push(now() - t0);
    stats = world.stats;
    coreBuild.push(stats.buildMs);
    world.dispose();
  }
  const world = new s.World();
  world.addMesh(mesh.positions, mesh.indices);

  const count = quick ? 4000 : 20000,
    repeats = quick ? 3 : 5;
  const q = makeQueries(mesh, count);
  const { P, D, A, B } = queryVectors(q, count);
  const rays = new Float32Array(6 * count);
  for (let k = 0; k < count; k++) rays.set(q.subarray(9 * k, 9 * k + 6), 6 * k);
  const hitsOut = new Float32Array(8 * count);

  const c = W;
  const loop = (one) => () => {
    let hits = 0;
    for (let k = 0; k < count; k++) hits += one(k);
    return hits;
  };
  const passes = {
    raycast: loop((k) => (world.raycast(P[k], D[k], c.rayLength).hit ? 1 : 0)),
    raycast_any: loop((k) => (world.raycastAny(P[k], D[k], c.rayLength) ? 1 : 0)),
    sphere_cast: loop((k) => (world.sphereCast(P[k], c.sphereCastRadius, D[k], c.sweepLength).hit ? 1 : 0)),
    capsule_cast: loop((k) => (world.capsuleCast(A[k], B[k], c.capsuleCastRadius, D[k], c.sweepLength).hit ? 1 : 0)),
    overlap_sphere: loop((k) => (world.overlapSphere(P[k], c.overlapSphereRadius).length > 0 ? 1 : 0)),
    overlap_capsule: loop((k) => (world.overlapCapsule(A[k], B[k], c.overlapCapsuleRadius).length > 0 ? 1 : 0)),
    closest_point: loop((k) => (world.closestPoint(P[k], c.closestMaxDistance).hit ? 1 : 0)),
    floor: loop((k) => (world.floor(P[k].x, P[k].z, P[k].y).hit ? 1 : 0)),
    floorHeight: loop((k) => (world.floorHeight(P[k].x, P[k].z, P[k].y) !== null ? 1 : 0)),
    raycastBatch: () => {
      world.raycastBatch(rays, c.rayLength, hitsOut);
      let hits = 0;
      for (let k = 0; k < count; k++) hits += hitsOut[8 * k] !== 0 ? 1 : 0;
      return hits;
    },
  };
  const queries = Object.fromEntries(QUERIES.map((name) => [name, timeQueries(count, repeats, passes[name])]));
  world.dispose();
  return {
    buildMs: median(build),
    coreBuildMs: median(coreBuild),
    memoryMb: stats.memoryBytes / (1024 * 1024),
    nodes: stats.nodes,
    depth: stats.maxDepth,
    queryHash: queryHash(q),
    queries,
  };
}

/** native: run world_bench.cpp too; s: the package's API (init()ed). */
export async function runW({ sizes = W.sizes, quick = false, native = true, s }) {
  const nativeRows = native ? runWorldNative(sizes, quick).rows : [];
  // Warm-up, untimed: the first World and the first calls run while V8 still compiles.
  for (const kind of W.kinds) measureWasm(s, makeScene(kind, 10_000), quick);
  const rows = [];
  for (const kind of W.kinds) {
    for (const target of sizes) {
      const t0 = now();
      const mesh = makeScene(kind, target);
      const hash = sceneHash(mesh);
      const madeMs = now() - t0;
      const wasm = measureWasm(s, mesh, quick);
      const n = nativeRows.find((r) => r.scene === kind && r.triangles === mesh.triangles);
      const row = { kind, target, triangles: mesh.triangles, wasm, native: null, same: null };
      if (n) {
        row.native = {
          buildMs: n.build_ms,
          memoryMb: n.memory_mb,
          residentGrowthMb: n.resident_growth_mb,
          nodes: n.nodes,
          depth: n.depth,
          queries: Object.fromEntries(
            Object.entries(n.queries).map(([name, r]) => [name, { ns: r.ns, hitRate: r.hit_rate }]),
          ),
        };
        // The same geometry and queries (fingerprints), and the same answers (hit counts).
        const hitsDiffer = Object.keys(n.queries).filter(
          (name) => n.queries[name].hit_rate !== wasm.queries[name]?.hitRate,
        );
        row.same = { scene: n.scene_hash === hash, queries: n.query_hash === wasm.queryHash, hitsDiffer };
      }
      rows.push(row);
      const q = wasm.queries;
      log(
        `W ${kind} ${mesh.triangles}: scene made in ${madeMs.toFixed(0)} ms; build native ${row.native?.buildMs.toFixed(1) ?? '—'} / wasm ${wasm.buildMs.toFixed(1)} ms; ` +
          `raycast ${row.native?.queries.raycast.ns.toFixed(0) ?? '—'} / ${q.raycast.ns.toFixed(0)} ns${row.same ? `; same scene ${row.same.scene}, queries ${row.same.queries}, hit counts differ: ${row.same.hitsDiffer.join(', ') || 'none'}` : ''}`,
      );
    }
  }
  return { scene: 'W', sizes, quick, count: quick ? 4000 : 20000, constants: W, rows };
}
