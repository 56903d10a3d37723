// The benchmark scenes S1–S4 (issues #5, #6, #8): seeded, every number float32-representable, so
// that every engine — the peers in JS, shototsu in wasm and natively — runs identical geometry.
// `writeScenes(dir)` writes them as the binary files of lib/binio.mjs for the native programs.
//
//   S1 particles   128x128-quad heightfield over 64x64 m: four sines of 3 m total amplitude,
//                  three plateaus raised by sharp 1 m steps, a flat area (for S2's obstacles),
//                  four vertical 10 m walls; N spheres r = 0.15 dropped from random heights.
//   S2 characters  S1's world plus, on the flat area, a 10-step staircase (0.25 m risers, 0.4 m
//                  treads), a 40° and a 60° ramp 3 m high, as closed solids; K capsules
//                  (r 0.35, segment half-height 0.5) walking 4 m/s in fixed directions.
//   S3 queries     closest point on triangle and triangle–sphere: random triangles with 1%
//                  collinear, 1% repeated-vertex and 1% needle triangles.
//   S4 rays        rays against a 100,000-triangle torus knot.
import { TorusKnotGeometry } from 'three';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { rng, uniform, f32 } from './lib/common.mjs';
import { writeBin, writeMesh } from './lib/binio.mjs';

// ---- S1 -----------------------------------------------------------------------------------------

export const S1 = Object.freeze({
  seed: 0x51,
  size: 64, // m, the terrain spans [-32, 32] in x and z
  quads: 128,
  wallBottom: -4,
  wallTop: 6, // 10 m walls
  radius: 0.15,
  restitution: 0.6,
  friction: 0.3,
  damping: 0,
  gravity: -9.81,
  dt: f32(1 / 60),
  steps: 300,
  counts: [1000, 5000, 20000],
});

/** The flat area, where S2 puts its obstacles (heights exactly 0), and the blend around it. */
export const FLAT = Object.freeze({ x0: -26, x1: -2, z0: -26, z1: -10, blend: 6 });

/** Distance in the xz plane from (x, z) to the rectangle r (0 inside). */
function rectDistance(r, x, z) {
  const dx = Math.max(r.x0 - x, 0, x - r.x1);
  const dz = Math.max(r.z0 - z, 0, z - r.z1);
  return Math.hypot(dx, dz);
}

/**
 * The terrain's height function: four seeded sines whose amplitudes add to 3 m, faded to zero
 * over the flat area, plus three plateaus 1 m high whose edges are single grid cells (sharp steps).
 */
function terrainFunction(seed) {
  const rand = rng(seed);
  const waves = [1.2, 0.9, 0.6, 0.3].map((amplitude) => {
    const angle = rand() * 2 * Math.PI;
    const k = 0.12 + 0.3 * rand(); // wavelengths 15–50 m
    return { amplitude, kx: k * Math.cos(angle), kz: k * Math.sin(angle), phase: rand() * 2 * Math.PI };
  });
  const plateaus = [];
  while (plateaus.length < 3) {
    const w = 6 + 6 * rand(),
      d = 6 + 6 * rand();
    const cx = -28 + w / 2 + (56 - w) * rand(),
      cz = -28 + d / 2 + (56 - d) * rand();
    const p = { x0: cx - w / 2, x1: cx + w / 2, z0: cz - d / 2, z1: cz + d / 2 };
    const clear = (r, m) => p.x1 + m < r.x0 || p.x0 - m > r.x1 || p.z1 + m < r.z0 || p.z0 - m > r.z1;
    if (clear(FLAT, FLAT.blend + 1) && plateaus.every((q) => clear(q, 2))) plateaus.push(p);
  }
  const height = (x, z) => {
    const t = Math.min(rectDistance(FLAT, x, z) / FLAT.blend, 1);
    const fade = t * t * (3 - 2 * t);
    let h = 0;
    for (const w of waves) h += w.amplitude * Math.sin(w.kx * x + w.kz * z + w.phase);
    for (const p of plateaus) if (x >= p.x0 && x <= p.x1 && z >= p.z0 && z <= p.z1) h += 1;
    return f32(fade * h);
  };
  return { height, waves, plateaus };
}

/**
 * Appends a quad a-b-c-d (counter-clockwise seen from where its normal points) as two triangles;
 * a quad with two equal corners (a ramp's side at its toe) gives its one real triangle.
 */
function quad(mesh, a, b, c, d) {
  const base = mesh.positions.length / 3;
  for (const v of [a, b, c, d]) mesh.positions.push(f32(v[0]), f32(v[1]), f32(v[2]));
  const same = (p, q) => p[0] === q[0] && p[1] === q[1] && p[2] === q[2];
  if (!same(a, b) && !same(b, c) && !same(a, c)) mesh.indices.push(base, base + 1, base + 2);
  if (!same(a, c) && !same(c, d) && !same(a, d)) mesh.indices.push(base, base + 2, base + 3);
}

/**
 * S1's world as one indexed mesh: the terrain grid first (quad (i, j) — i along x, j along z —
 * is triangles 2 (j n + i) and 2 (j n + i) + 1), then the four walls, normals facing inward.
 */
export function s1World(seed = S1.seed) {
  const { quads: n, size } = S1;
  const half = size / 2,
    cell = size / n;
  const terrain = terrainFunction(seed);
  const positions = [],
    indices = [];
  for (let j = 0; j <= n; j++) {
    for (let i = 0; i <= n; i++) {
      const x = -half + i * cell,
        z = -half + j * cell;
      positions.push(x, terrain.height(x, z), z);
    }
  }
  for (let j = 0; j < n; j++) {
    for (let i = 0; i < n; i++) {
      const v00 = j * (n + 1) + i,
        v10 = v00 + 1,
        v01 = v00 + n + 1,
        v11 = v01 + 1;
      indices.push(v00, v01, v10, v10, v01, v11); // both face +y
    }
  }
  const mesh = { positions, indices };
  const [b, t] = [S1.wallBottom, S1.wallTop];
  quad(mesh, [-half, b, -half], [-half, t, -half], [-half, t, half], [-half, b, half]); // x = -32, faces +x
  quad(mesh, [half, b, half], [half, t, half], [half, t, -half], [half, b, -half]); // x = +32, faces -x
  quad(mesh, [half, b, -half], [half, t, -half], [-half, t, -half], [-half, b, -half]); // z = -32, faces +z
  quad(mesh, [-half, b, half], [-half, t, half], [half, t, half], [half, b, half]); // z = +32, faces -z
  return {
    positions: new Float32Array(mesh.positions),
    indices: new Uint32Array(mesh.indices),
    grid: { origin: -half, cell, n, heights: terrain.height },
    plateaus: terrain.plateaus,
  };
}

/** Terrain height at a grid vertex (exact, as stored). */
const vertexHeight = (world, i, j) => world.positions[3 * (j * (world.grid.n + 1) + i) + 1];

/** The highest terrain vertex of the cells within `margin` of (x, z): an upper bound of the surface there. */
export function terrainMaxNear(world, x, z, margin) {
  const { origin, cell, n } = world.grid;
  const i0 = Math.max(0, Math.floor((x - margin - origin) / cell)),
    i1 = Math.min(n, Math.ceil((x + margin - origin) / cell));
  const j0 = Math.max(0, Math.floor((z - margin - origin) / cell)),
    j1 = Math.min(n, Math.ceil((z + margin - origin) / cell));
  let h = -Infinity;
  for (let j = j0; j <= j1; j++) for (let i = i0; i <= i1; i++) h = Math.max(h, vertexHeight(world, i, j));
  return h;
}

/** N particles: random x, z inside the walls, dropped from 0.5–3 m above the surface, with a
 *  horizontal velocity of up to 3 m/s in each axis (so that some reach the walls). */
export function s1Particles(world, count, seed = S1.seed + 1) {
  const rand = rng(seed);
  const positions = new Float32Array(3 * count),
    velocities = new Float32Array(3 * count);
  const radii = new Float32Array(count).fill(S1.radius);
  for (let k = 0; k < count; k++) {
    const x = uniform(rand, -31, 31),
      z = uniform(rand, -31, 31);
    const ground = terrainMaxNear(world, x, z, S1.radius);
    positions.set([x, f32(Math.min(ground + S1.radius + 0.5 + 2.5 * rand(), S1.wallTop - 0.5)), z], 3 * k);
    velocities.set([uniform(rand, -3, 3), 0, uniform(rand, -3, 3)], 3 * k);
  }
  return { count, positions, velocities, radii };
}

// ---- S2 -----------------------------------------------------------------------------------------

export const S2 = Object.freeze({
  seed: 0x52,
  radius: 0.35,
  halfHeight: 0.5, // capsule segment half-length; total height 2 (0.5 + 0.35) = 1.7
  stepHeight: 0.3,
  maxSlope: 45, // degrees
  snapDistance: 0.3,
  skinWidth: 0.01,
  speed: 4, // m/s
  gravity: -9.81,
  dt: f32(1 / 60),
  steps: 600,
  counts: [1, 100],
  // Obstacles on the flat area, each in a lane 3 m wide (z), toes at x = -16, walkers coming along +x.
  toe: -16,
  stairs: { z0: -25, z1: -22, risers: 10, rise: 0.25, tread: 0.4, landing: 2.0 },
  ramp40: { z0: -20, z1: -17, degrees: 40, height: 3, landing: 1.0 },
  ramp60: { z0: -15, z1: -12, degrees: 60, height: 3, landing: 1.0 },
  walkerStart: -22,
});

/**
 * A closed solid from left-to-right columns standing on y = 0, extruded over z0..z1. Each column
 * { x0, x1, y0, y1 } has a top from (x0, y0) to (x1, y1): flat for stair treads, sloped for ramps.
 * Faces: tops, the vertical faces where neighbouring tops differ, both ends, the bottom, and the
 * two sides column by column (T-junctions on the sides only, where nothing stands).
 */
function columnSolid(mesh, columns, z0, z1) {
  for (const c of columns) {
    quad(mesh, [c.x0, c.y0, z1], [c.x1, c.y1, z1], [c.x1, c.y1, z0], [c.x0, c.y0, z0]); // top
    quad(mesh, [c.x1, 0, z0], [c.x0, 0, z0], [c.x0, c.y0, z0], [c.x1, c.y1, z0]); // side z0, faces -z
    quad(mesh, [c.x0, 0, z1], [c.x1, 0, z1], [c.x1, c.y1, z1], [c.x0, c.y0, z1]); // side z1, faces +z
  }
  for (let k = 0; k + 1 < columns.length; k++) {
    const x = columns[k].x1,
      left = columns[k].y1,
      right = columns[k + 1].y0;
    if (right > left) quad(mesh, [x, left, z1], [x, right, z1], [x, right, z0], [x, left, z0]); // riser, faces -x
    if (right < left) quad(mesh, [x, right, z0], [x, left, z0], [x, left, z1], [x, right, z1]); // drop, faces +x
  }
  const first = columns[0],
    last = columns[columns.length - 1];
  if (first.y0 > 0)
    quad(mesh, [first.x0, 0, z1], [first.x0, first.y0, z1], [first.x0, first.y0, z0], [first.x0, 0, z0]);
  if (last.y1 > 0) quad(mesh, [last.x1, 0, z0], [last.x1, last.y1, z0], [last.x1, last.y1, z1], [last.x1, 0, z1]);
  quad(mesh, [first.x0, 0, z0], [last.x1, 0, z0], [last.x1, 0, z1], [first.x0, 0, z1]); // bottom, faces -y
}

function staircase(mesh) {
  const { stairs: s, toe } = S2;
  const columns = [];
  for (let k = 0; k < s.risers; k++) {
    const x0 = toe + k * s.tread,
      x1 = k + 1 < s.risers ? x0 + s.tread : x0 + s.landing;
    columns.push({ x0, x1, y0: (k + 1) * s.rise, y1: (k + 1) * s.rise });
  }
  columnSolid(mesh, columns, s.z0, s.z1);
}

function ramp(mesh, r) {
  const run = f32(r.height / Math.tan((r.degrees * Math.PI) / 180));
  const top = S2.toe + run;
  columnSolid(
    mesh,
    [
      { x0: S2.toe, x1: top, y0: 0, y1: r.height },
      { x0: top, x1: top + r.landing, y0: r.height, y1: r.height },
    ],
    r.z0,
    r.z1,
  );
  return run;
}

/** S1's world plus the staircase and both ramps, appended as further triangles of the same mesh. */
export function s2World(seed = S1.seed) {
  const base = s1World(seed);
  const extra = { positions: [], indices: [] };
  staircase(extra);
  const run40 = ramp(extra, S2.ramp40);
  ramp(extra, S2.ramp60);
  const offset = base.positions.length / 3;
  return {
    ...base,
    positions: Float32Array.from([...base.positions, ...extra.positions]),
    indices: Uint32Array.from([...base.indices, ...extra.indices.map((i) => i + offset)]),
    obstacleTriangles: extra.indices.length / 3,
    run40,
  };
}

/** Whether (x, z) is within `margin` of an obstacle's footprint. */
function nearObstacle(x, z, margin) {
  const end = S2.toe + S2.stairs.tread * (S2.stairs.risers - 1) + S2.stairs.landing + margin;
  return [S2.stairs, S2.ramp40, S2.ramp60].some(
    (l) => x > S2.walkerStart - margin && x < end && z > l.z0 - margin && z < l.z1 + margin,
  );
}

/**
 * K characters, as capsule centres and walk velocities (horizontal, 4 m/s). The first four are
 * the behaviour probes: 0 walks up the stairs, 1 stands idle on the 40° ramp, 2 walks into the
 * 60° ramp, 3 walks up the 40° ramp. The rest walk in seeded directions from seeded places.
 */
export function s2Characters(world, count, seed = S2.seed) {
  const rand = rng(seed);
  const { radius: r, halfHeight: hh, speed } = S2;
  const positions = new Float32Array(3 * count),
    velocities = new Float32Array(3 * count);
  const laneMid = (l) => (l.z0 + l.z1) / 2;
  const standing = 0.02; // spawn this far above the ground
  const probes = [
    { p: [S2.walkerStart, hh + r + standing, laneMid(S2.stairs)], v: [speed, 0, 0] },
    (() => {
      const along = 1.8,
        a = (S2.ramp40.degrees * Math.PI) / 180; // 1.8 m in from the toe
      const y = along * Math.tan(a) + r / Math.cos(a) + hh + standing;
      return { p: [S2.toe + along, y, laneMid(S2.ramp40)], v: [0, 0, 0] };
    })(),
    { p: [S2.walkerStart, hh + r + standing, laneMid(S2.ramp60)], v: [speed, 0, 0] },
    { p: [S2.walkerStart, hh + r + standing, laneMid(S2.ramp40)], v: [speed, 0, 0] },
  ];
  for (let k = 0; k < count; k++) {
    let p, v;
    if (k < probes.length) ({ p, v } = probes[k]);
    else {
      let x, z;
      do {
        x = uniform(rand, -30, 30);
        z = uniform(rand, -30, 30);
      } while (nearObstacle(x, z, 1.5));
      const angle = rand() * 2 * Math.PI;
      p = [x, terrainMaxNear(world, x, z, r + 0.05) + hh + r + standing, z];
      v = [speed * Math.cos(angle), 0, speed * Math.sin(angle)];
    }
    positions.set(p.map(f32), 3 * k);
    velocities.set(v.map(f32), 3 * k);
  }
  return { count, positions, velocities };
}

// ---- S3 -----------------------------------------------------------------------------------------

export const S3 = Object.freeze({ seed: 0x53, count: 1_000_000 });

/**
 * `count` triangles, points and spheres. Every 100 elements: one exactly collinear triangle (all
 * coordinates on a 2^-10 lattice, so the collinearity survives float32), one with a repeated
 * vertex, one needle (a long edge and a third vertex 1e-5 off it); the rest random in [-1, 1]^3.
 * Points and sphere centres in [-1.5, 1.5]^3, radii 0.05–1.
 */
export function s3Queries(count = S3.count, seed = S3.seed) {
  const rand = rng(seed);
  const triangles = new Float32Array(9 * count),
    points = new Float32Array(3 * count),
    spheres = new Float32Array(4 * count);
  const kinds = new Uint8Array(count); // 0 random, 1 collinear, 2 repeated vertex, 3 needle
  const lattice = (lo, hi) => Math.round((lo + (hi - lo) * rand()) * 1024) / 1024;
  const v = () => [uniform(rand, -1, 1), uniform(rand, -1, 1), uniform(rand, -1, 1)];
  for (let k = 0; k < count; k++) {
    let a = v(),
      b = v(),
      c = v();
    const kind = k % 100 === 17 ? 1 : k % 100 === 53 ? 2 : k % 100 === 89 ? 3 : 0;
    if (kind === 1) {
      const o = [lattice(-1, 1), lattice(-1, 1), lattice(-1, 1)],
        d = [lattice(-0.25, 0.25), lattice(-0.25, 0.25), lattice(-0.25, 0.25)];
      const m = 1 + Math.floor(rand() * 3),
        q = [-3, -2, -1, m + 1, m + 2][Math.floor(rand() * 5)]; // distinct, non-zero
      [a, b, c] = [o, o.map((x, i) => x + m * d[i]), o.map((x, i) => x + q * d[i])];
    } else if (kind === 2) {
      if (rand() < 0.5) b = a.slice();
      else c = a.slice();
    } else if (kind === 3) {
      const t = rand(),
        off = [1e-5 * (rand() - 0.5), 1e-5 * (rand() - 0.5), 1e-5 * (rand() - 0.5)];
      c = a.map((x, i) => f32(x + t * (b[i] - x) + off[i]));
    }
    kinds[k] = kind;
    triangles.set([...a, ...b, ...c].map(f32), 9 * k);
    points.set([uniform(rand, -1.5, 1.5), uniform(rand, -1.5, 1.5), uniform(rand, -1.5, 1.5)], 3 * k);
    spheres.set(
      [uniform(rand, -1.5, 1.5), uniform(rand, -1.5, 1.5), uniform(rand, -1.5, 1.5), uniform(rand, 0.05, 1)],
      4 * k,
    );
  }
  return { count, triangles, points, spheres, kinds };
}

// ---- S4 -----------------------------------------------------------------------------------------

export const S4 = Object.freeze({ seed: 0x54, rays: 100_000, maxDistance: 1000 });

/** A torus knot of exactly 100,000 triangles (500 x 100 segments), about 32 m across. */
export function s4Mesh() {
  const g = new TorusKnotGeometry(10, 3, 500, 100);
  const mesh = {
    positions: new Float32Array(g.getAttribute('position').array),
    indices: Uint32Array.from(g.getIndex().array),
  };
  g.dispose();
  return mesh;
}

/** Rays from a sphere of radius 30 around the knot toward random points within 14 m of its centre. */
export function s4Rays(count = S4.rays, seed = S4.seed) {
  const rand = rng(seed);
  const rays = new Float32Array(6 * count);
  const onSphere = (radius) => {
    const z = 2 * rand() - 1,
      t = 2 * Math.PI * rand(),
      s = Math.sqrt(1 - z * z);
    return [radius * s * Math.cos(t), radius * s * Math.sin(t), radius * z];
  };
  for (let k = 0; k < count; k++) {
    const o = onSphere(30).map(f32),
      target = onSphere(14 * Math.cbrt(rand()));
    const d = target.map((x, i) => x - o[i]);
    const len = Math.hypot(...d);
    rays.set([...o, ...d.map((x) => f32(x / len))], 6 * k);
  }
  return { count, rays };
}

// ---- files for the native programs ----------------------------------------------------------------

/**
 * Generates every scene and writes it under `dir`; returns the scenes and their file names.
 * `sizes` chooses the particle and character counts and the query and ray counts (--quick uses
 * fewer); larger particle/character sets extend smaller ones (the first N are the same).
 */
export function writeScenes(dir, sizes) {
  mkdirSync(dir, { recursive: true });
  const files = {};
  const s1 = s1World(),
    s2 = s2World();
  writeMesh((files.s1World = join(dir, 's1-world.bin')), s1);
  writeMesh((files.s2World = join(dir, 's2-world.bin')), s2);
  const particles = s1Particles(s1, Math.max(...sizes.particles));
  files.particles = {};
  for (const n of sizes.particles) {
    const p = {
      count: n,
      positions: particles.positions.subarray(0, 3 * n),
      velocities: particles.velocities.subarray(0, 3 * n),
      radii: particles.radii.subarray(0, n),
    };
    writeBin(
      (files.particles[n] = join(dir, `s1-particles-${n}.bin`)),
      'SHTP',
      [n, 0, 0],
      [p.positions, p.velocities, p.radii],
    );
  }
  const characters = s2Characters(s2, Math.max(...sizes.characters));
  files.characters = {};
  for (const k of sizes.characters) {
    writeBin(
      (files.characters[k] = join(dir, `s2-characters-${k}.bin`)),
      'SHTC',
      [k, 0, 0],
      [characters.positions.subarray(0, 3 * k), characters.velocities.subarray(0, 3 * k)],
    );
  }
  const queries = s3Queries(sizes.queries);
  writeBin(
    (files.queries = join(dir, 's3-queries.bin')),
    'SHTQ',
    [queries.count, 0, 0],
    [queries.triangles, queries.points, queries.spheres],
  );
  const knot = s4Mesh(),
    rays = s4Rays(sizes.rays);
  writeMesh((files.s4Mesh = join(dir, 's4-mesh.bin')), knot);
  writeBin((files.rays = join(dir, 's4-rays.bin')), 'SHTR', [rays.count, 0, 0], [rays.rays]);
  return { files, s1, s2, particles, characters, queries, knot, rays };
}
