// Writes the benchmark scenes S1 and S2 (bench/scenes.mjs, the same generators as the benchmark)
// as the binary files the native programs read (bench/lib/binio.mjs): used by the determinism
// test (tests/js/determinism.test.js) and the soak test (scripts/soak.sh).
//   node tests/native/write-scenes.mjs <dir> [particles] [characters]
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { s1World, s1Particles, s2World, s2Characters } from '../../bench/scenes.mjs';
import { writeBin, writeMesh } from '../../bench/lib/binio.mjs';

/** Writes s1-world.bin, s2-world.bin, s1-particles.bin (n) and s2-characters.bin (k) under dir. */
export function writeScenes(dir, particles = 1000, characters = 100) {
  mkdirSync(dir, { recursive: true });
  const s1 = s1World(), s2 = s2World();
  const p = s1Particles(s1, particles), c = s2Characters(s2, characters);
  const files = {
    s1World: join(dir, 's1-world.bin'),
    s2World: join(dir, 's2-world.bin'),
    particles: join(dir, 's1-particles.bin'),
    characters: join(dir, 's2-characters.bin'),
  };
  writeMesh(files.s1World, s1);
  writeMesh(files.s2World, s2);
  writeBin(files.particles, 'SHTP', [particles, 0, 0], [p.positions, p.velocities, p.radii]);
  writeBin(files.characters, 'SHTC', [characters, 0, 0], [c.positions, c.velocities]);
  return { files, s1, s2, particles: p, characters: c };
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [dir, n, k] = process.argv.slice(2);
  if (!dir) {
    console.error('usage: node tests/native/write-scenes.mjs <dir> [particles] [characters]');
    process.exit(2);
  }
  writeScenes(dir, n ? Number(n) : undefined, k ? Number(k) : undefined);
}
