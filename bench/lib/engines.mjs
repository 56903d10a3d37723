// Running stepped simulations (S1 particles, S2 characters) the same way for every JS engine:
// timed runs (at least `repeats`), the first of which the suite also observes after every step
// (outside the timed part); the engines take turns inside each round so machine noise hits them
// alike. Native
// programs time themselves (lib/native.mjs) and hand back the trajectory of their first run.
import { median, now, log } from './common.mjs';

/**
 * engines: [{ key, prepared: { spawn(spawn) → sim } }] — sim: { step(dt), readPositions(out), dispose() }.
 * observe(key) → observer with observe(positions) and result(); returns { key: { msPerStep[], result } }.
 */
export function runStepped({ engines, spawn, steps, dt, repeats, makeObserver, label, minTimedMs = 300 }) {
  const out = Object.fromEntries(engines.map((e) => [e.key, { msPerStep: [], result: null, timedMs: 0 }]));
  const positions = new Float32Array(3 * spawn.count);
  // At least `repeats` rounds; small workloads (one character) get more, up to ten times as many,
  // until every engine has been timed for minTimedMs, so a GC pause or a busy neighbour cannot
  // decide the figure.
  const more = () => engines.some((e) => out[e.key].timedMs < minTimedMs);
  for (let round = 0; round < repeats || (more() && round < 10 * repeats); round++) {
    for (const e of engines) {
      const sim = e.prepared.spawn(spawn);
      const observer = round === 0 ? makeObserver() : null;
      globalThis.gc?.(); // with node --expose-gc (npm run bench): collect the last run's garbage outside the timing
      let total = 0;
      for (let s = 0; s < steps; s++) {
        const t0 = now();
        sim.step(dt);
        total += now() - t0;
        if (observer) {
          sim.readPositions(positions);
          observer.observe(positions);
        }
      }
      sim.dispose();
      out[e.key].msPerStep.push(total / steps);
      out[e.key].timedMs += total;
      if (observer) out[e.key].result = observer.result();
      log(`${label} ${e.key} round ${round}: ${(total / steps).toFixed(3)} ms/step`);
    }
  }
  return out;
}

/** The figure of a list of per-run timings: their median. */
export const timedMedian = (runs) => median(runs);
