// D: the moving world, in wasm through the package's public API.
//   * 1,000 instances of a 980-triangle rock (an icosphere) circling over a 100 m field: per
//     frame, a transform for every rock and World.update — through setTransforms (one call, a
//     Float32Array of matrices) and through setTransform per rock (a THREE.Matrix4 each);
//   * rays and sphere casts into that scene against the same 980,000 triangles baked into one
//     static mesh (same answers asserted on a sample), the ratio being the price of the two-level
//     tree;
//   * refit of a 10^5-triangle mesh deformed every frame (a skinned-mesh stand-in): updateMesh
//     against three-mesh-bvh's MeshBVH.refit on the same positions in the same run.
import {
  BufferAttribute,
  BufferGeometry,
  IcosahedronGeometry,
  Matrix4,
  Quaternion,
  TorusKnotGeometry,
  Vector3,
} from 'three';
import { MeshBVH } from 'three-mesh-bvh';
import { median, now, log } from './lib/common.mjs';

export const D = { rocks: 1_000, detail: 6, field: 100, frames: 200, rays: 20_000, casts: 5_000, refitFrames: 100 };

function rng(seed) {
  let x = seed >>> 0;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 4294967296;
  };
}

/** The rocks' poses at time t: each circles its own centre, turning about its own axis. */
function poses(n, field, seed) {
  const r = rng(seed);
  return Array.from({ length: n }, () => ({
    centre: new Vector3((r() - 0.5) * field, r() * 4, (r() - 0.5) * field),
    radius: 0.5 + r() * 2,
    speed: 0.5 + r(),
    axis: new Vector3(r() - 0.5, r() - 0.5, r() - 0.5).normalize(),
    scale: 0.6 + r() * 0.8,
  }));
}

function matrixAt(p, t, m) {
  const a = p.speed * t;
  const q = new Quaternion().setFromAxisAngle(p.axis, a);
  return m.compose(
    new Vector3(p.centre.x + p.radius * Math.cos(a), p.centre.y, p.centre.z + p.radius * Math.sin(a)),
    q,
    new Vector3(p.scale, p.scale, p.scale),
  );
}

function timeMs(repeats, fn) {
  const per = [];
  for (let i = 0; i < 3; i++) fn(i);
  for (let r = 0; r < repeats; r++) {
    const t0 = now();
    fn(r);
    per.push(now() - t0);
  }
  return median(per);
}

export function runD({ s, quick }) {
  const rocks = quick ? 200 : D.rocks;
  const frames = quick ? 30 : D.frames;
  const rock = new IcosahedronGeometry(1, D.detail); // non-indexed: 980 triangles
  const rockPositions = new Float32Array(rock.attributes.position.array);
  const rockTriangles = rockPositions.length / 9;
  const ps = poses(rocks, D.field, 7);
  const dt = 1 / 60;

  // ---- the moving scene ----------------------------------------------------------------------
  const world = new s.World();
  world.addMesh(new Float32Array([-60, -1, -60, -60, -1, 60, 60, -1, 60, -60, -1, -60, 60, -1, 60, 60, -1, -60]));
  const base = world.addMesh(rockPositions, undefined, { transform: matrixAt(ps[0], 0, new Matrix4()) });
  const ids = new Uint32Array(rocks);
  ids[0] = base;
  const m = new Matrix4();
  for (let i = 1; i < rocks; i++) ids[i] = world.addInstance(base, { transform: matrixAt(ps[i], 0, m) });
  world.update(dt);
  const mats = new Float32Array(16 * rocks);
  let frame = 1;
  const fill = () => {
    const t = frame++ * dt;
    for (let i = 0; i < rocks; i++) mats.set(matrixAt(ps[i], t, m).elements, 16 * i);
  };
  // Matrices are made outside the timing (that is the caller's three.js work).
  const batchMs = [];
  for (let f = 0; f < frames; f++) {
    fill();
    const t0 = now();
    world.setTransforms(ids, mats);
    world.update(dt);
    batchMs.push(now() - t0);
  }
  const matrices = Array.from({ length: rocks }, () => new Matrix4());
  const singleMs = [];
  for (let f = 0; f < frames; f++) {
    const t = frame++ * dt;
    for (let i = 0; i < rocks; i++) matrixAt(ps[i], t, matrices[i]);
    const t0 = now();
    for (let i = 0; i < rocks; i++) world.setTransform(ids[i], matrices[i]);
    world.update(dt);
    singleMs.push(now() - t0);
  }
  const stats = world.stats;

  // ---- the same triangles, static ------------------------------------------------------------
  const baked = new Float32Array(rockPositions.length * rocks + 18);
  baked.set([-60, -1, -60, -60, -1, 60, 60, -1, 60, -60, -1, -60, 60, -1, 60, 60, -1, -60], 0);
  const tf = [];
  for (let i = 0; i < rocks; i++) {
    const t = world.transform(ids[i]);
    tf.push(t);
    const mm = new Matrix4().compose(
      new Vector3(t.position.x, t.position.y, t.position.z),
      new Quaternion(t.quaternion.x, t.quaternion.y, t.quaternion.z, t.quaternion.w),
      new Vector3(t.scale, t.scale, t.scale),
    );
    const v = new Vector3();
    for (let k = 0; k < rockPositions.length; k += 3) {
      v.set(rockPositions[k], rockPositions[k + 1], rockPositions[k + 2]).applyMatrix4(mm);
      baked.set([v.x, v.y, v.z], 18 + rockPositions.length * i + k);
    }
  }
  const flat = new s.World();
  const tb0 = now();
  flat.addMesh(baked);
  const staticBuildMs = now() - tb0;

  const r = rng(99);
  const rays = new Float32Array(6 * D.rays);
  for (let i = 0; i < D.rays; i++) {
    const o = [(r() - 0.5) * 110, 10 + r() * 10, (r() - 0.5) * 110];
    const d = new Vector3((r() - 0.5) * 0.6, -1, (r() - 0.5) * 0.6).normalize();
    rays.set([...o, d.x, d.y, d.z], 6 * i);
  }
  const rayPass = (w) => () => {
    let hits = 0;
    const o = { x: 0, y: 0, z: 0 },
      d = { x: 0, y: 0, z: 0 };
    for (let i = 0; i < D.rays; i++) {
      o.x = rays[6 * i];
      o.y = rays[6 * i + 1];
      o.z = rays[6 * i + 2];
      d.x = rays[6 * i + 3];
      d.y = rays[6 * i + 4];
      d.z = rays[6 * i + 5];
      hits += w.raycast(o, d, 40).hit ? 1 : 0;
    }
    return hits;
  };
  const castPass = (w) => () => {
    let hits = 0;
    const o = { x: 0, y: 0, z: 0 },
      d = { x: 0, y: 0, z: 0 };
    for (let i = 0; i < D.casts; i++) {
      o.x = rays[6 * i];
      o.y = rays[6 * i + 1] - 8;
      o.z = rays[6 * i + 2];
      d.x = rays[6 * i + 3];
      d.y = rays[6 * i + 4];
      d.z = rays[6 * i + 5];
      hits += w.sphereCast(o, 0.3, d, 12).hit ? 1 : 0;
    }
    return hits;
  };
  // Both worlds answer alike (the same triangles, placed by the core or by three.js in double:
  // distances within float rounding of the placement).
  let worst = 0;
  for (let i = 0; i < 500; i++) {
    const o = { x: rays[6 * i], y: rays[6 * i + 1], z: rays[6 * i + 2] };
    const d = { x: rays[6 * i + 3], y: rays[6 * i + 4], z: rays[6 * i + 5] };
    const a = world.raycast(o, d, 40),
      b = flat.raycast(o, d, 40);
    if (a.hit !== b.hit) worst = Infinity;
    else if (a.hit) worst = Math.max(worst, Math.abs(a.distance - b.distance));
  }
  const repeats = quick ? 2 : 5;
  const dynRay = timeMs(repeats, rayPass(world));
  const statRay = timeMs(repeats, rayPass(flat));
  const dynCast = timeMs(repeats, castPass(world));
  const statCast = timeMs(repeats, castPass(flat));
  const rayHits = rayPass(world)();
  world.dispose();
  flat.dispose();

  // ---- refit: 10^5 triangles deformed each frame ---------------------------------------------
  const knot = new TorusKnotGeometry(10, 3, 1000, 50); // 100,000 triangles
  const restPositions = new Float32Array(knot.attributes.position.array);
  const indices = new Uint32Array(knot.index.array);
  const moved = new Float32Array(restPositions.length);
  const deform = (t) => {
    for (let k = 0; k < restPositions.length; k += 3) {
      const x = restPositions[k],
        y = restPositions[k + 1],
        z = restPositions[k + 2];
      const wob = 0.3 * Math.sin(0.5 * y + t);
      moved[k] = x + wob;
      moved[k + 1] = y;
      moved[k + 2] = z - wob;
    }
  };
  const kw = new s.World();
  const knotId = kw.addMesh(restPositions, indices);
  let tRefit = 0;
  const ours = [];
  for (let f = 0; f < D.refitFrames; f++) {
    deform((tRefit += 0.1));
    const t0 = now();
    kw.updateMesh(knotId, moved);
    ours.push(now() - t0);
  }
  const meshRebuilds = kw.stats.meshRebuilds;
  kw.dispose();
  const geometry = new BufferGeometry();
  const attr = new BufferAttribute(new Float32Array(restPositions), 3);
  geometry.setAttribute('position', attr);
  geometry.setIndex(new BufferAttribute(indices, 1));
  const bvh = new MeshBVH(geometry);
  const theirs = [];
  tRefit = 0;
  for (let f = 0; f < D.refitFrames; f++) {
    deform((tRefit += 0.1));
    attr.array.set(moved);
    const t0 = now();
    bvh.refit();
    theirs.push(now() - t0);
  }
  const result = {
    rocks,
    rockTriangles,
    frames,
    setTransformsUpdateMs: median(batchMs),
    setTransformUpdateMs: median(singleMs),
    topNodes: stats.topNodes,
    topRebuilds: stats.topRebuilds,
    topRefits: stats.topRefits,
    rays: D.rays,
    casts: D.casts,
    rayHitRate: rayHits / D.rays,
    sampleMaxDistanceDiff: worst,
    staticBuildMs,
    rayUsDynamic: (1000 * dynRay) / D.rays,
    rayUsStatic: (1000 * statRay) / D.rays,
    castUsDynamic: (1000 * dynCast) / D.casts,
    castUsStatic: (1000 * statCast) / D.casts,
    refitTriangles: indices.length / 3,
    refitMs: median(ours),
    refitMsThreeMeshBvh: median(theirs),
    refitMeshRebuilds: meshRebuilds,
  };
  log(
    `D: ${rocks} rocks: setTransforms+update ${result.setTransformsUpdateMs.toFixed(3)} ms, per-rock setTransform+update ${result.setTransformUpdateMs.toFixed(3)} ms; ray ${result.rayUsDynamic.toFixed(2)} vs static ${result.rayUsStatic.toFixed(2)} µs; sphere cast ${result.castUsDynamic.toFixed(2)} vs ${result.castUsStatic.toFixed(2)} µs; refit ${result.refitMs.toFixed(2)} ms vs three-mesh-bvh ${result.refitMsThreeMeshBvh.toFixed(2)} ms`,
  );
  return result;
}

/** The D section of results.md. */
export function markdownD(D) {
  if (!D) return [];
  const f = (x, d = 2) => (Number.isFinite(x) ? x.toFixed(d) : String(x));
  return [
    '',
    `## D the moving world — wasm (${D.rocks} instances of a ${D.rockTriangles}-triangle rock, ${D.frames} frames)`,
    '',
    '| figure | shototsu | reference | ratio | target |',
    '| --- | ---: | ---: | ---: | --- |',
    `| setTransforms (one call) + update, ms per frame | ${f(D.setTransformsUpdateMs, 3)} | | | ≤ 0.3 ms |`,
    `| setTransform per rock (Matrix4) + update, ms per frame | ${f(D.setTransformUpdateMs, 3)} | | | |`,
    `| raycast, µs (moving instances vs the same triangles as one static mesh) | ${f(D.rayUsDynamic)} | ${f(D.rayUsStatic)} | ${f(D.rayUsDynamic / D.rayUsStatic)} | ≤ 1.5 |`,
    `| sphere cast r 0.3, µs (same) | ${f(D.castUsDynamic)} | ${f(D.castUsStatic)} | ${f(D.castUsDynamic / D.castUsStatic)} | ≤ 1.5 |`,
    `| refit of ${D.refitTriangles.toLocaleString('en')} triangles, ms (updateMesh vs three-mesh-bvh refit) | ${f(D.refitMs)} | ${f(D.refitMsThreeMeshBvh)} | ${f(D.refitMsThreeMeshBvh / D.refitMs)} | ≤ 2 ms, faster |`,
    '',
    `Top level: ${D.topNodes} nodes, ${D.topRebuilds} rebuilds and ${D.topRefits} refits over the run; ray hit rate ${f(100 * D.rayHitRate, 1)} %; on 500 sampled rays both scenes answered alike (largest distance difference ${f(D.sampleMaxDistanceDiff, 6)} m, float rounding of the placement); the static mesh took ${f(D.staticBuildMs, 0)} ms to build. Refit rebuilt the tree ${D.refitMeshRebuilds} times.`,
  ];
}
