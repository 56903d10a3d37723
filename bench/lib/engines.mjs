// Running stepped simulations (S1 particles, S2 characters) the same way for every JS engine:
// `repeats` timed runs, the first of which the suite also observes after every step (outside the
// timed part); the engines take turns inside each round so machine noise hits them alike. Native
// programs time themselves (lib/native.mjs) and hand back the trajectory of their first run.
import { median, now, log } from './common.mjs';

/**
 * engines: [{ key, prepared: { spawn(spawn) → sim } }] — sim: { step(dt), readPositions(out), dispose() }.
 * observe(key) → observer with observe(positions) and result(); returns { key: { msPerStep[], result } }.
 */
export function runStepped({ engines, spawn, steps, dt, repeats, makeObserver, label }) {
  const out = Object.fromEntries(engines.map((e) => [e.key, { msPerStep: [], result: null }]));
  const positions = new Float32Array(3 * spawn.count);
  for (let round = 0; round < repeats; round++) {
    for (const e of engines) {
      const sim = e.prepared.spawn(spawn);
      const observer = round === 0 ? makeObserver() : null;
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
      if (observer) out[e.key].result = observer.result();
      log(`${label} ${e.key} round ${round}: ${(total / steps).toFixed(3)} ms/step`);
    }
  }
  return out;
}

/** The figure of a list of per-run timings: their median. */
export const timedMedian = (runs) => median(runs);
