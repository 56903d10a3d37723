// S5 characters' trajectories of one or more builds of the package (dist directories), as a hash
// per rate: the float32 bits of every character's position after every frame (the 0.5 s settling
// included), 32-bit FNV-1a, for 10 s at dt 1/15, 1/60 and 1/240 as in s5-characters.mjs. A speed
// change that must keep every trajectory bit for bit prints the same three hashes as before it.
//   node bench/s5-hash.mjs /path/to/distA [/path/to/distB ...]
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { prepareShototsu, s5Scene } from './s5-characters.mjs';

function trajectoryHash(s, dt) {
  const scene = s5Scene();
  const engine = prepareShototsu(s, scene);
  const pos = new Float32Array(3 * scene.chars.length);
  const bits = new Uint32Array(pos.buffer);
  let h = 0x811c9dc5;
  const frame = (t, walk) => {
    engine.step(t, dt, walk);
    engine.readPositions(pos);
    for (const u of bits)
      for (let b = 0; b < 32; b += 8) {
        h ^= (u >>> b) & 255;
        h = Math.imul(h, 0x01000193) >>> 0;
      }
  };
  for (let f = 0; f < Math.round(0.5 / dt); f++) frame(0, false);
  const frames = Math.round((10 + dt) / dt);
  for (let f = 1; f <= frames; f++) frame(f * dt, true);
  engine.dispose();
  return h.toString(16).padStart(8, '0');
}

const dirs = process.argv.slice(2);
if (dirs.length === 0) {
  console.error('usage: node bench/s5-hash.mjs DIST [DIST ...]');
  process.exit(2);
}
for (const d of dirs) {
  const { init } = await import(pathToFileURL(`${resolve(d)}/index.js`).href);
  const s = await init();
  const hashes = [15, 60, 240].map((rate) => `1/${rate} ${trajectoryHash(s, 1 / rate)}`);
  console.log(`${d}: ${hashes.join('  ')}`);
}
