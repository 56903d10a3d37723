import { TorusKnotGeometry } from 'three';
const { init } = await import('/work/main/dist/index.js');
const s = await init();
const knot = new TorusKnotGeometry(10, 3, 1000, 50);
const rest = new Float32Array(knot.attributes.position.array),
  idx = new Uint32Array(knot.index.array);
const w = new s.World();
const id = w.addMesh(rest, idx);
const moved = new Float32Array(rest.length);
const wa = s.allocFloat32(rest.length);
let t = 0;
const js = [],
  core = [],
  zc = [];
for (let f = 0; f < 40; f++) {
  for (let k = 0; k < rest.length; k += 3) {
    const wob = 0.3 * Math.sin(0.5 * rest[k + 1] + t);
    moved[k] = rest[k] + wob;
    moved[k + 1] = rest[k + 1];
    moved[k + 2] = rest[k + 2] - wob;
  }
  t += 0.1;
  const b0 = w.stats.buildMs;
  const t0 = performance.now();
  w.updateMesh(id, moved);
  js.push(performance.now() - t0);
  core.push(w.stats.buildMs - b0);
  wa.array.set(moved);
  const t1 = performance.now();
  w.updateMesh(id, wa);
  zc.push(performance.now() - t1);
}
const med = (a) => a.slice(10).sort((x, y) => x - y)[Math.floor((a.length - 10) / 2)];
console.log(
  'js total',
  med(js).toFixed(2),
  'core',
  med(core).toFixed(2),
  'zero-copy total',
  med(zc).toFixed(2),
  'rebuilds',
  w.stats.meshRebuilds,
);
