// S1 (issue #5): particles dropped on the walled heightfield. For each N: ms per step (median of
// the timed runs) of every engine, and the suite's own figures from their positions after every
// step (lib/probe.mjs): tunnelled, escaped, maximum penetration.
import { join } from 'node:path';
import { S1 } from './scenes.mjs';
import { SurfaceProbe, ParticleObserver } from './lib/probe.mjs';
import { readTrajectory } from './lib/binio.mjs';
import { runStepped, timedMedian } from './lib/engines.mjs';
import { runNative } from './lib/native.mjs';
import { log } from './lib/common.mjs';
import * as three from './peers/three.mjs';
import * as bvh from './peers/three-mesh-bvh.mjs';
import * as rapier from './peers/rapier.mjs';
import * as jolt from './peers/jolt.mjs';
import * as shototsu from './peers/shototsu.mjs';

export async function runS1({ scene, counts, repeats, steps = S1.steps, native, s }) {
  const { s1: world, particles, files } = scene;
  const probe = new SurfaceProbe(world);
  const bounds = { half: S1.size / 2, bottom: S1.wallBottom };
  await rapier.init();
  await jolt.init();
  const engines = [
    { key: 'three', name: three.name, prepared: three.prepareParticles(world, S1) },
    { key: 'bvh', name: bvh.name, prepared: bvh.prepareParticles(world, S1) },
    { key: 'rapier', name: rapier.name, prepared: rapier.prepareParticles(world, S1) },
    { key: 'jolt', name: jolt.name, prepared: jolt.prepareParticles(world, S1) },
  ];
  const skipped = {};
  const why = shototsu.unavailable(s, 'particles');
  if (why) skipped.wasm = why;
  else engines.unshift({ key: 'wasm', name: shototsu.name, prepared: shototsu.prepareParticles(s, world, S1) });

  const rows = [];
  for (const n of counts) {
    const spawn = {
      count: n,
      positions: particles.positions.subarray(0, 3 * n),
      velocities: particles.velocities.subarray(0, 3 * n),
      radii: particles.radii.subarray(0, n),
    };
    const makeObserver = () => new ParticleObserver(probe, n, S1.radius, bounds);
    const results = {};
    if (native) {
      const trajectoryPath = join(scene.dir, `traj-s1-${n}.bin`);
      const r = runNative('s1', {
        world: files.s1World,
        spawn: files.particles[n],
        steps,
        dt: S1.dt,
        repeats,
        restitution: S1.restitution,
        friction: S1.friction,
        damping: S1.damping,
        gravity: S1.gravity,
        trajectory: trajectoryPath,
      });
      const traj = readTrajectory(trajectoryPath);
      const observer = makeObserver();
      for (let k = 0; k < traj.steps; k++) observer.observe(traj.positions.subarray(3 * n * k, 3 * n * (k + 1)));
      results.native = { msPerStep: r.msPerStep, result: observer.result() };
      log(`S1 N=${n} native: ${timedMedian(r.msPerStep).toFixed(3)} ms/step`);
    }
    Object.assign(results, runStepped({ engines, spawn, steps, dt: S1.dt, repeats, makeObserver, label: `S1 N=${n}` }));
    const row = { n, engines: {} };
    for (const [key, r] of Object.entries(results))
      row.engines[key] = { msPerStep: timedMedian(r.msPerStep), runs: r.msPerStep, ...r.result };
    rows.push(row);
  }
  return { scene: 'S1', steps, repeats, rows, skipped, names: Object.fromEntries(engines.map((e) => [e.key, e.name])) };
}
