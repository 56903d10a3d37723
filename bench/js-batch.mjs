// Per-element cost of the package's batch calls (one crossing into wasm per call), with plain
// Float32Arrays (copied in and out) and with arrays in wasm memory (zero-copy), against the same
// work done by a JS loop of three.js calls over the same Float32Arrays. Median of interleaved
// repeats (bench/js-common.mjs).   node bench/js-batch.mjs [distDir]
import * as THREE from 'three';
import { loadPackage, rng, timeCases, machine } from './js-common.mjs';

const s = await loadPackage();
const N = 10_000;
const rnd = rng(11);
const fill = (n, k = 1) => Float32Array.from({ length: n }, () => rnd() * k);
const points = fill(3 * N, 2),
  triangles = fill(9 * N),
  spheres = fill(4 * N),
  segments = fill(6 * N, 2);
for (let i = 0; i < N; i++) spheres[4 * i + 3] = Math.abs(spheres[4 * i + 3]);
const out3 = new Float32Array(3 * N),
  out8 = new Float32Array(8 * N);

const wasm = (src) => {
  const a = s.allocFloat32(src.length);
  a.array.set(src);
  return a;
};
const wPoints = wasm(points),
  wTriangles = wasm(triangles),
  wSpheres = wasm(spheres),
  wSegments = wasm(segments);
const wOut3 = s.allocFloat32(3 * N),
  wOut8 = s.allocFloat32(8 * N);

const tri = new THREE.Triangle(),
  p = new THREE.Vector3(),
  target = new THREE.Vector3();
function threeClosest() {
  for (let i = 0; i < N; i++) {
    tri.a.fromArray(triangles, 9 * i);
    tri.b.fromArray(triangles, 9 * i + 3);
    tri.c.fromArray(triangles, 9 * i + 6);
    tri.closestPointToPoint(p.fromArray(points, 3 * i), target).toArray(out3, 3 * i);
  }
  return out3[0];
}
const ray = new THREE.Ray(),
  a = new THREE.Vector3(),
  b = new THREE.Vector3(),
  c = new THREE.Vector3(),
  end = new THREE.Vector3();
function threeSegmentsTriangles() {
  for (let i = 0; i < N; i++) {
    ray.origin.fromArray(segments, 6 * i);
    end.fromArray(segments, 6 * i + 3);
    const len = ray.direction.subVectors(end, ray.origin).length();
    ray.direction.divideScalar(len);
    a.fromArray(triangles, 9 * i);
    b.fromArray(triangles, 9 * i + 3);
    c.fromArray(triangles, 9 * i + 6);
    const hit = ray.intersectTriangle(a, b, c, false, target);
    out8[8 * i] = hit !== null && target.distanceTo(ray.origin) <= len ? 1 : 0;
  }
  return out8[0];
}

const world = new s.World();
{
  const n = 32,
    pos = [],
    idx = [];
  for (let z = 0; z <= n; z++)
    for (let x = 0; x <= n; x++) pos.push(x - n / 2, Math.sin(x * 0.7) * Math.cos(z * 0.5), z - n / 2);
  for (let z = 0; z < n; z++)
    for (let x = 0; x < n; x++) {
      const i = z * (n + 1) + x;
      idx.push(i, i + n + 1, i + 1, i + 1, i + n + 1, i + n + 2);
    }
  world.addMesh(new Float32Array(pos), new Uint32Array(idx));
}
const rays = new Float32Array(6 * N);
for (let i = 0; i < N; i++) rays.set([rnd() * 14, 5, rnd() * 14, rnd() * 0.3, -1, rnd() * 0.3], 6 * i);
const wRays = wasm(rays),
  wRayOut = s.allocFloat32(8 * N);
const origin = new THREE.Vector3(),
  dir = new THREE.Vector3();
function singleRaycasts() {
  let h = 0;
  for (let i = 0; i < N; i++)
    h += world.raycast(origin.fromArray(rays, 6 * i), dir.fromArray(rays, 6 * i + 3), 100).hit;
  return h;
}

const FAST = { exact: false };
const cases = {
  'closestPointsOnTriangles, plain arrays, new result': () => s.closestPointsOnTriangles(points, triangles)[0],
  'closestPointsOnTriangles, plain arrays into out': () => s.closestPointsOnTriangles(points, triangles, out3)[0],
  'closestPointsOnTriangles, zero-copy (WasmArray)': () => s.closestPointsOnTriangles(wPoints, wTriangles, wOut3)[0],
  'closestPointsOnTriangles { exact: false }, plain arrays into out': () =>
    s.closestPointsOnTriangles(points, triangles, out3, FAST)[0],
  'closestPointsOnTriangles { exact: false }, zero-copy': () =>
    s.closestPointsOnTriangles(wPoints, wTriangles, wOut3, FAST)[0],
  'three.js Triangle.closestPointToPoint loop over the arrays': threeClosest,
  'trianglesSpheres, plain arrays into out': () => s.trianglesSpheres(triangles, spheres, out8)[0],
  'trianglesSpheres, zero-copy': () => s.trianglesSpheres(wTriangles, wSpheres, wOut8)[0],
  'intersectSegmentsTriangles, zero-copy': () => s.intersectSegmentsTriangles(wSegments, wTriangles, wOut8)[0],
  'three.js Ray.intersectTriangle loop over the arrays': threeSegmentsTriangles,
  'World.raycastBatch (2048 triangles), zero-copy': () => world.raycastBatch(wRays, 100, wRayOut)[0],
  'World.raycast called per ray': singleRaycasts,
};
const t = timeCases(cases, { n: 1, iters: 20, repeats: 11, warmup: 2 });
console.log(`# batch cost, ns per element (${N} elements per call; median of 11 interleaved repeats) — ${machine()}`);
console.log('| batch | ns / element |');
console.log('| --- | ---: |');
for (const [name, ns] of Object.entries(t)) console.log(`| ${name} | ${(ns / N).toFixed(1)} |`);
world.dispose();
