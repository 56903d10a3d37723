// A/B of two or more builds of the package (dist directories) in one process on the world's
// single queries (section W's 10^5-triangle terrain and seeded queries, lib/world-scenes.mjs),
// the builds taking turns each round; median ns per query over the rounds. For flag changes of
// the query code (issue 18: size against speed), beside ab-size.mjs.
//   node --expose-gc bench/ab-queries.mjs /path/to/distA /path/to/distB [rounds, default 7]
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import { scene, queries, queryVectors } from './lib/world-scenes.mjs';

const args = process.argv.slice(2);
const rounds = Number(args.find((a) => /^\d+$/.test(a)) ?? 7);
const dirs = args.filter((a) => !/^\d+$/.test(a));
const mesh = scene('terrain', 100_000);
const count = 4000;
const q = queries(mesh, count);
const { P, D, A, B } = queryVectors(q, count);
const names = ['raycast', 'raycastAny', 'sphereCast', 'capsuleCast', 'overlapSphere', 'closestPoint', 'floor'];
const engines = [];
for (const d of dirs) {
  const { init } = await import(pathToFileURL(`${resolve(d)}/index.js`).href);
  const s = await init();
  const w = new s.World();
  w.addMesh(mesh.positions, mesh.indices);
  const loop = (one) => () => {
    let hits = 0;
    for (let k = 0; k < count; k++) hits += one(k);
    return hits;
  };
  const passes = {
    raycast: loop((k) => (w.raycast(P[k], D[k], 10).hit ? 1 : 0)),
    raycastAny: loop((k) => (w.raycastAny(P[k], D[k], 10) ? 1 : 0)),
    sphereCast: loop((k) => (w.sphereCast(P[k], 0.5, D[k], 4).hit ? 1 : 0)),
    capsuleCast: loop((k) => (w.capsuleCast(A[k], B[k], 0.3, D[k], 4).hit ? 1 : 0)),
    overlapSphere: loop((k) => (w.overlapSphere(P[k], 1.5).length > 0 ? 1 : 0)),
    closestPoint: loop((k) => (w.closestPoint(P[k], 4).hit ? 1 : 0)),
    floor: loop((k) => (w.floor(P[k].x, P[k].z, P[k].y).hit ? 1 : 0)),
  };
  for (const n of names) for (let i = 0; i < 3; i++) passes[n](); // warm-up: V8's tiers
  engines.push({ d, passes, t: Object.fromEntries(names.map((n) => [n, []])), hits: {} });
}
const med = (a) => [...a].sort((x, y) => x - y)[a.length >> 1];
for (let r = 0; r < rounds; r++)
  for (const n of names)
    for (const e of engines) {
      globalThis.gc?.();
      const t0 = performance.now();
      e.hits[n] = e.passes[n]();
      e.t[n].push((1e6 * (performance.now() - t0)) / count);
    }
for (const e of engines)
  console.log(e.d.padEnd(24), names.map((n) => `${n} ${med(e.t[n]).toFixed(0)} ns (${e.hits[n]})`).join(' | '));
