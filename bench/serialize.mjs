// Prebuilt worlds in wasm (README "Prebuilt worlds"): for a 10^5-triangle mesh, the bytes per
// triangle of world.serialize(), and the milliseconds of serialize, deserialize and of building
// the same World with addMesh. Medians of a few runs. Needs dist/ (scripts/build.sh).
//
//   node bench/serialize.mjs
import { init } from '../dist/index.js';

const s = await init();
const n = 224; // 224 x 224 quads: 100,352 triangles
const positions = [];
const indices = [];
for (let j = 0; j <= n; j++)
  for (let i = 0; i <= n; i++) {
    const x = -50 + (100 * i) / n,
      z = -50 + (100 * j) / n;
    positions.push(x, Math.sin(x * 0.7) * Math.cos(z * 0.4) * 3, z);
  }
for (let j = 0; j < n; j++)
  for (let i = 0; i < n; i++) {
    const a = j * (n + 1) + i;
    indices.push(a, a + n + 1, a + n + 2, a, a + n + 2, a + 1);
  }
const P = new Float32Array(positions),
  I = new Uint32Array(indices);
const triangles = I.length / 3;

const median = (xs) => xs.slice().sort((a, b) => a - b)[xs.length >> 1];
const time = (f) => {
  const t0 = performance.now();
  const r = f();
  return [performance.now() - t0, r];
};

const build = [],
  save = [],
  load = [];
let bytes;
for (let run = 0; run < 7; run++) {
  const [tb, w] = time(() => {
    const w = new s.World();
    w.addMesh(P, I);
    w.raycast({ x: 0, y: 10, z: 0 }, { x: 0, y: -1, z: 0 }); // the top level is built lazily
    return w;
  });
  build.push(tb);
  const [ts, b] = time(() => w.serialize());
  save.push(ts);
  bytes = b;
  const [tl, copy] = time(() => {
    const c = s.World.deserialize(b);
    c.raycast({ x: 0, y: 10, z: 0 }, { x: 0, y: -1, z: 0 });
    return c;
  });
  load.push(tl);
  w.dispose();
  copy.dispose();
}
console.log(
  JSON.stringify(
    {
      triangles,
      bytes: bytes.length,
      bytesPerTriangle: +(bytes.length / triangles).toFixed(1),
      addMeshMs: +median(build).toFixed(1),
      serializeMs: +median(save).toFixed(1),
      deserializeMs: +median(load).toFixed(1),
    },
    null,
    1,
  ),
);
