// Shared by the package benchmarks: load the package (dist/ or a directory given as the first
// argument), seeded inputs, and a timer that reports the median of interleaved repeats.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import os from 'node:os';

export async function loadPackage() {
  const dir = resolve(process.argv[2] ?? new URL('../dist', import.meta.url).pathname);
  const { init } = await import(pathToFileURL(`${dir}/index.js`).href);
  return init();
}

/** Seeded uniform numbers in [-1, 1) (LCG; the same sequence on every run). */
export function rng(seed = 1) {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 4294967296) * 2 - 1;
}

/**
 * A timing loop of its own for one case: made with `new Function` so that each case's loop has
 * its own type feedback and the call to the case stays monomorphic (inlined), as it would be
 * in an application's loop. A loop shared by all cases would make that call megamorphic and
 * add a different, case-dependent cost to each.
 */
const makeLoop = () =>
  new Function(
    'f',
    'iters',
    'mask',
    `
    let sink = 0;
    const t0 = process.hrtime.bigint();
    for (let i = 0; i < iters; i++) sink += f(i & mask) ? 1 : 0;
    const ns = Number(process.hrtime.bigint() - t0) / iters;
    globalThis.__sink = sink;
    return ns;`,
  );

/**
 * Times each named case `fn(i)` (i cycling over `n` inputs, a power of two) for `iters` calls,
 * `repeats` times, interleaving the cases so that machine noise hits them alike; returns the
 * median ns per call of each.
 */
export function timeCases(cases, { n = 1024, iters = 100_000, repeats = 15, warmup = 3 } = {}) {
  const names = Object.keys(cases);
  const loops = Object.fromEntries(names.map((k) => [k, makeLoop()]));
  const samples = Object.fromEntries(names.map((k) => [k, []]));
  for (let r = -warmup; r < repeats; r++) {
    for (const k of names) {
      const ns = loops[k](cases[k], iters, n - 1);
      if (r >= 0) samples[k].push(ns);
    }
  }
  return Object.fromEntries(names.map((k) => [k, median(samples[k])]));
}

export const median = (a) => {
  const s = [...a].sort((x, y) => x - y);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

export function machine() {
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  return `${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ${cpu} (${os.cpus().length} cores)`;
}
