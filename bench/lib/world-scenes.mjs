// The scenes and queries of bench/native/world_bench.cpp, ported to JS bit for bit: the same
// splitmix64 generator, the same float32 arithmetic (every step rounded with Math.fround, as the
// core builds with -ffp-contract=off), so wasm and native measure identical geometry. The
// fingerprints (FNV-1a over the float32 bits) are compared with the native program's JSON.
const f = Math.fround;

/** Multiplies two 64-bit numbers given as 32-bit halves, modulo 2^64; returns [hi, lo]. */
function mul64(ah, al, bh, bl) {
  const a0 = al & 0xffff,
    a1 = al >>> 16,
    b0 = bl & 0xffff,
    b1 = bl >>> 16;
  const mid = a0 * b1 + a1 * b0; // < 2^33, exact in a double
  const low = a0 * b0 + (mid % 65536) * 65536; // < 2^33
  const hi = a1 * b1 + Math.floor(mid / 65536) + Math.floor(low / 4294967296) + Math.imul(ah, bl) + Math.imul(al, bh);
  return [hi >>> 0, low >>> 0];
}

/** splitmix64, as world_bench.cpp's Rng (and the tests'): 64-bit state in two 32-bit halves. */
export class Rng {
  constructor(seed) {
    this.hi = Math.floor(seed / 4294967296) >>> 0;
    this.lo = seed >>> 0;
  }

  /** The top 53 bits of the next output, as an exact double in [0, 2^53). */
  next53() {
    // state += 0x9E3779B97F4A7C15
    const lo = this.lo + 0x7f4a7c15;
    this.lo = lo >>> 0;
    this.hi = (this.hi + 0x9e3779b9 + (lo > 0xffffffff ? 1 : 0)) >>> 0;
    let h = this.hi,
      l = this.lo;
    // z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
    l ^= (l >>> 30) | (h << 2);
    h ^= h >>> 30;
    [h, l] = mul64(h, l >>> 0, 0xbf58476d, 0x1ce4e5b9);
    // z = (z ^ (z >> 27)) * 0x94D049BB133111EB
    l ^= (l >>> 27) | (h << 5);
    h ^= h >>> 27;
    [h, l] = mul64(h >>> 0, l >>> 0, 0x94d049bb, 0x133111eb);
    // z ^ (z >> 31)
    l = (l ^ ((l >>> 31) | (h << 1))) >>> 0;
    h = (h ^ (h >>> 31)) >>> 0;
    return h * 2097152 + (l >>> 11); // (z >> 11)
  }

  uniform(lo, hi) {
    lo = f(lo);
    hi = f(hi);
    return f(lo + f(f(hi - lo) * f(this.next53() * 2 ** -53)));
  }

  /** A point in the box { min: [x, y, z], max: [x, y, z] }. */
  in(box) {
    return [0, 1, 2].map((k) => this.uniform(box.min[k], box.max[k]));
  }

  /** A unit direction, uniform over the sphere by rejection. */
  direction() {
    for (;;) {
      const x = this.uniform(-1, 1),
        y = this.uniform(-1, 1),
        z = this.uniform(-1, 1);
      const l2 = f(f(f(x * x) + f(y * y)) + f(z * z));
      if (l2 > f(1e-4) && l2 <= 1) {
        const k = f(1 / f(Math.sqrt(l2)));
        return [f(x * k), f(y * k), f(z * k)];
      }
    }
  }
}

/** An n x n heightfield of unit cells (2 n^2 triangles, indexed) with about `target` triangles. */
export function terrain(target) {
  const n = Math.max(1, Math.round(Math.sqrt(target / 2)));
  const half = f(0.5 * n);
  const positions = new Float32Array(3 * (n + 1) * (n + 1));
  let v = 0;
  for (let j = 0; j <= n; j++) {
    for (let i = 0; i <= n; i++) {
      const x = f(i - half),
        z = f(j - half);
      const a = f(f(4 * f(Math.sin(f(f(0.05) * x)))) * f(Math.cos(f(f(0.04) * z))));
      const b = f(f(0.4) * f(Math.sin(f(f(f(0.9) * x) + f(f(0.7) * z)))));
      positions[v++] = x;
      positions[v++] = f(a + b);
      positions[v++] = z;
    }
  }
  const indices = new Uint32Array(6 * n * n);
  const id = (i, j) => j * (n + 1) + i;
  let t = 0;
  for (let j = 0; j < n; j++) {
    for (let i = 0; i < n; i++) {
      indices.set([id(i, j), id(i, j + 1), id(i + 1, j + 1), id(i, j), id(i + 1, j + 1), id(i + 1, j)], t);
      t += 6;
    }
  }
  return {
    kind: 'terrain',
    positions,
    indices,
    triangles: 2 * n * n,
    queryBox: { min: [-half, -2, -half], max: [half, 8, half] },
  };
}

/** `target` random triangles of size ~1 in a cube of about 8 unit cubes per triangle (no indices). */
export function soup(target) {
  const half = f(f(Math.cbrt(f(8 * f(target)))) * 0.5);
  const rng = new Rng(0x50fa + target);
  const cube = { min: [-half, -half, -half], max: [half, half, half] };
  const positions = new Float32Array(9 * target);
  let v = 0;
  for (let t = 0; t < target; t++) {
    const c = rng.in(cube);
    for (let k = 0; k < 3; k++) {
      const dx = rng.uniform(-0.7, 0.7),
        dy = rng.uniform(-0.7, 0.7),
        dz = rng.uniform(-0.7, 0.7);
      positions[v++] = f(c[0] + dx);
      positions[v++] = f(c[1] + dy);
      positions[v++] = f(c[2] + dz);
    }
  }
  return { kind: 'soup', positions, indices: undefined, triangles: target, queryBox: cube };
}

export const scene = (kind, target) => (kind === 'terrain' ? terrain(target) : soup(target));

/**
 * The seeded queries: per query 9 floats, start point p, unit direction dir, and half, a half
 * segment of length 0.5 for capsules (world_bench.cpp's struct Q, in the same order).
 */
export function queries(s, count) {
  const rng = new Rng(0x0b5e);
  const q = new Float32Array(9 * count);
  for (let k = 0; k < count; k++) {
    const p = rng.in(s.queryBox);
    const dir = rng.direction();
    // Over terrain most rays look down (as from a camera or a character); in a soup anywhere.
    if (s.kind === 'terrain' && dir[1] > f(0.3)) dir[1] = -dir[1];
    const half = rng.direction().map((x) => f(x * 0.5));
    q.set([...p, ...dir, ...half], 9 * k);
  }
  return q;
}

/**
 * The queries as the JS API takes them: points P, directions D, and each capsule's segment ends
 * A = p - half and B = p + half in float32 (world_bench.cpp's arithmetic).
 */
export function queryVectors(q, count) {
  const vec = (k, o) => ({ x: q[9 * k + o], y: q[9 * k + o + 1], z: q[9 * k + o + 2] });
  const P = [],
    D = [],
    A = [],
    B = [];
  for (let k = 0; k < count; k++) {
    const p = vec(k, 0),
      h = vec(k, 6);
    P.push(p);
    D.push(vec(k, 3));
    A.push({ x: Math.fround(p.x - h.x), y: Math.fround(p.y - h.y), z: Math.fround(p.z - h.z) });
    B.push({ x: Math.fround(p.x + h.x), y: Math.fround(p.y + h.y), z: Math.fround(p.z + h.z) });
  }
  return { P, D, A, B };
}

/** FNV-1a over 32-bit words, continuing from h; hex as world_bench.cpp prints it. */
export function fnv1a(words, h = 2166136261) {
  for (let i = 0; i < words.length; i++) h = Math.imul(h ^ words[i], 16777619) >>> 0;
  return h >>> 0;
}
const bits = (a) => new Uint32Array(a.buffer, a.byteOffset, a.length);
const hex = (h) => h.toString(16).padStart(8, '0');

export const sceneHash = (s) => hex(fnv1a(s.indices ? bits(s.indices) : [], fnv1a(bits(s.positions))));
export const queryHash = (q) => hex(fnv1a(bits(q)));
