// Shared helpers of the benchmark suite: seeded numbers, float32 rounding, medians, timing and
// a description of the machine. Nothing here knows about any engine.
import os from 'node:os';

/** Seeded uniform numbers in [0, 1) (mulberry32): the same sequence on every run and machine. */
export function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A seeded uniform number in [lo, hi), rounded to float32 so every engine sees the same value. */
export const uniform = (rand, lo, hi) => Math.fround(lo + (hi - lo) * rand());

export const f32 = Math.fround;

export function median(values) {
  const s = [...values].sort((x, y) => x - y);
  if (s.length === 0) return NaN;
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

/** Milliseconds since an arbitrary origin, sub-microsecond resolution. */
export const now = () => Number(process.hrtime.bigint()) / 1e6;

export function machine() {
  const cpus = os.cpus();
  return {
    date: new Date().toISOString().slice(0, 10),
    node: process.version,
    cpu: cpus[0]?.model?.trim() ?? 'unknown CPU',
    cores: cpus.length,
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    platform: `${os.platform()} ${os.release()}`,
  };
}

/** Rounds for tables: 3 significant digits, no exponent for everyday magnitudes. */
export function fmt(x, digits = 3) {
  if (x === null || x === undefined) return '—';
  if (typeof x !== 'number') return String(x);
  if (!Number.isFinite(x)) return String(x);
  if (x === 0) return '0';
  const a = Math.abs(x);
  if (a >= 1e5 || a < 1e-3) return x.toExponential(digits - 1);
  return Number(x.toPrecision(digits)).toString();
}

export const log = (...args) => console.error('[bench]', ...args);
