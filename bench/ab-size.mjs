// A/B of two or more builds of the package (dist directories) in one process, the builds taking
// turns each round: S1 particles (5,000, 150 steps), S4's rays (raycastBatch, and 20,000 single
// World.raycast calls), S5 characters (dt 1/60, no peers), and the build of S4's 10^5-triangle
// mesh; medians over the rounds. For flag changes (issue 18: size against speed).
//   node --expose-gc bench/ab-size.mjs /path/to/distA /path/to/distB [rounds, default 5]
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import { S1, s1World, s1Particles, s4Mesh, s4Rays, S4 } from './scenes.mjs';
import * as shototsu from './peers/shototsu.mjs';
import { runS5Characters } from './s5-characters.mjs';
const args = process.argv.slice(2);
const rounds = Number(args.find((a) => /^\d+$/.test(a)) ?? 5);
const dirs = args.filter((a) => !/^\d+$/.test(a));
const engines = [];
for (const d of dirs) {
  const { init } = await import(pathToFileURL(`${resolve(d)}/index.js`).href);
  engines.push({ d, s: await init(), t: { s1: [], s4b: [], s4s: [], s5: [], build: [] } });
}
const world = s1World();
const parts = s1Particles(world, 5000);
const n = 5000;
const spawn = { count: n, positions: parts.positions, velocities: parts.velocities, radii: parts.radii };
const mesh = s4Mesh(),
  { rays, count } = s4Rays();
for (const e of engines) {
  e.w4 = new e.s.World();
  e.w4.addMesh(mesh.positions, mesh.indices);
  e.hits = new Float32Array(8 * count);
}
const med = (a) => [...a].sort((x, y) => x - y)[a.length >> 1];
for (let r = 0; r < rounds; r++)
  for (const e of engines) {
    const prep = shototsu.prepareParticles(e.s, world, S1);
    const ps = prep.spawn(spawn);
    let t0 = performance.now();
    for (let k = 0; k < 150; k++) ps.step(S1.dt);
    e.t.s1.push((performance.now() - t0) / 150);
    ps.dispose();
    prep.dispose();
    t0 = performance.now();
    e.w4.raycastBatch(rays, S4.maxDistance, e.hits);
    e.t.s4b.push((1e6 * (performance.now() - t0)) / count);
    const o = { x: 0, y: 0, z: 0 },
      dv = { x: 0, y: 0, z: 0 };
    t0 = performance.now();
    const m = 20000;
    for (let i = 0; i < m; i++) {
      o.x = rays[6 * i];
      o.y = rays[6 * i + 1];
      o.z = rays[6 * i + 2];
      dv.x = rays[6 * i + 3];
      dv.y = rays[6 * i + 4];
      dv.z = rays[6 * i + 5];
      e.w4.raycast(o, dv, S4.maxDistance);
    }
    e.t.s4s.push((1e6 * (performance.now() - t0)) / m);
    const wb = new e.s.World();
    t0 = performance.now();
    wb.addMesh(mesh.positions, mesh.indices);
    e.t.build.push(performance.now() - t0);
    wb.dispose();
    const s5 = await runS5Characters({ s: e.s, quick: true, peers: false });
    e.t.s5.push(s5.runs[0].engines.wasm.usPerCharacterStep);
  }
for (const e of engines)
  console.log(
    e.d.padEnd(28),
    `S1 5k ${med(e.t.s1).toFixed(3)} ms/step | S4 batch ${med(e.t.s4b).toFixed(0)} ns/ray | S4 single ${med(e.t.s4s).toFixed(0)} ns/ray | S5 ${med(e.t.s5).toFixed(2)} us/char-step | build 100k ${med(e.t.build).toFixed(1)} ms`,
  );
