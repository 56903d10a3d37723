// A/B: S4 batch raycasts with two builds of the package in one process, interleaved.
// node bench/ab-s4.mjs /path/to/distA /path/to/distB
import { s4Mesh, s4Rays, S4 } from './scenes.mjs';
const dirs = process.argv.slice(2);
const mesh = s4Mesh(),
  { rays, count } = s4Rays();
const engines = [];
for (const d of dirs) {
  const { init } = await import(`${d}/index.js`);
  const s = await init();
  const w = new s.World();
  w.addMesh(mesh.positions, mesh.indices);
  engines.push({ d, w, t: [], hits: new Float32Array(8 * count) });
}
for (let round = 0; round < 9; round++)
  for (const e of engines) {
    const a = performance.now();
    e.w.raycastBatch(rays, S4.maxDistance, e.hits);
    e.t.push((1e6 * (performance.now() - a)) / count);
  }
for (const e of engines) {
  const t = e.t.slice(1).sort((a, b) => a - b);
  console.log(e.d, 'median', t[t.length >> 1].toFixed(0), 'min', t[0].toFixed(0), 'ns/ray');
}
