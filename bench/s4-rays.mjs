// S4 (issue #8): 10^5 rays against a 10^5-triangle torus knot. ns per ray for shototsu (native;
// wasm World.raycast per ray; wasm World.raycastBatch), three-mesh-bvh (raycastFirst, both
// sides) and Rapier (World.castRay on a trimesh). Accuracy: against a brute-force double-precision
// reference on the first `referenceRays` rays (hit/miss disagreements, max distance error), and
// the hit count of every engine over all rays.
import { join } from 'node:path';
import { S4 } from './scenes.mjs';
import { rayTriangle } from './lib/reference.mjs';
import { readOutput } from './lib/binio.mjs';
import { runNative } from './lib/native.mjs';
import { median, now, log } from './lib/common.mjs';
import * as bvh from './peers/three-mesh-bvh.mjs';
import * as rapier from './peers/rapier.mjs';
import * as shototsu from './peers/shototsu.mjs';

function reference(mesh, rays, count) {
  const P = mesh.positions,
    I = mesh.indices,
    out = new Float64Array(count);
  const v = (i) => [P[3 * i], P[3 * i + 1], P[3 * i + 2]];
  const tris = [];
  for (let t = 0; t < I.length / 3; t++) tris.push([v(I[3 * t]), v(I[3 * t + 1]), v(I[3 * t + 2])]);
  for (let k = 0; k < count; k++) {
    const o = [rays[6 * k], rays[6 * k + 1], rays[6 * k + 2]],
      d = [rays[6 * k + 3], rays[6 * k + 4], rays[6 * k + 5]];
    let best = Infinity;
    for (const [a, b, c] of tris) best = Math.min(best, rayTriangle(o, d, a, b, c));
    out[k] = best <= S4.maxDistance ? best : Infinity;
  }
  return out;
}

function accuracy(hits, ref, count) {
  let wrong = 0,
    maxError = 0,
    hitCount = 0;
  for (let k = 0; k < hits.length / 2; k++) hitCount += hits[2 * k] ? 1 : 0;
  for (let k = 0; k < ref.length; k++) {
    const hit = hits[2 * k] !== 0;
    if (hit !== Number.isFinite(ref[k])) wrong++;
    else if (hit) maxError = Math.max(maxError, Math.abs(hits[2 * k + 1] - ref[k]));
  }
  return {
    hits: hitCount,
    hitFraction: hitCount / count,
    referenceRays: ref.length,
    wrong,
    maxDistanceError: maxError,
  };
}

export async function runS4({ scene, count, repeats, native, s, referenceRays }) {
  const {
    knot: mesh,
    rays: { rays },
  } = scene;
  await rapier.init();
  const t0 = now();
  const ref = reference(mesh, rays, referenceRays);
  log(`S4 reference (${referenceRays} rays, brute force): ${(now() - t0).toFixed(0)} ms`);

  const build = (fn) => {
    const a = now();
    const r = fn();
    return [r, now() - a];
  };
  const [sh, shBuild] = build(() => shototsu.prepareRays(s, mesh));
  const [bv, bvBuild] = build(() => bvh.prepareRays(mesh));
  const [ra, raBuild] = build(() => rapier.prepareRays(mesh));
  const engines = [
    { key: 'wasm', name: 'shototsu (wasm), World.raycast', buildMs: shBuild, cast: sh.cast },
    { key: 'wasmBatch', name: 'shototsu (wasm), World.raycastBatch', buildMs: shBuild, cast: sh.castBatch },
    { key: 'bvh', name: 'three-mesh-bvh raycastFirst', buildMs: bvBuild, cast: bv.cast },
    { key: 'rapier', name: 'Rapier World.castRay', buildMs: raBuild, cast: ra.cast },
  ];
  const outs = Object.fromEntries(engines.map((e) => [e.key, new Float64Array(2 * count)]));
  const times = Object.fromEntries(engines.map((e) => [e.key, []]));
  for (let round = 0; round < repeats; round++) {
    for (const e of engines) {
      const a = now();
      e.cast(rays, count, S4.maxDistance, outs[e.key]);
      times[e.key].push((1e6 * (now() - a)) / count);
    }
    log(`S4 round ${round}: ${engines.map((e) => `${e.key} ${times[e.key].at(-1).toFixed(0)} ns`).join(', ')}`);
  }
  const rows = engines.map((e) => ({
    key: e.key,
    name: e.name,
    rayNs: median(times[e.key]),
    buildMs: e.buildMs,
    ...accuracy(outs[e.key], ref, count),
  }));
  sh.dispose();
  ra.dispose();
  if (native) {
    const out = join(scene.dir, 's4-native-hits.bin');
    const r = runNative('s4', {
      mesh: scene.files.s4Mesh,
      rays: scene.files.rays,
      maxDistance: S4.maxDistance,
      repeats,
      out,
    });
    rows.unshift({
      key: 'native',
      name: 'shototsu (native), World::raycast',
      rayNs: median(r.rayNs),
      buildMs: r.buildMs,
      ...accuracy(readOutput(out).values, ref, count),
    });
  }
  return { scene: 'S4', count, triangles: mesh.indices.length / 3, repeats, rows };
}
