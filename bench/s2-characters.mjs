// S2 (issue #6): capsule characters over the S1 terrain plus a staircase and two ramps. For each K:
// µs per character per step (median of the timed runs) of every engine, and from their positions
// (lib/probe.mjs): maximum penetration, characters that fell through or left the world, and the
// behaviour probes.
import { join } from 'node:path';
import { S1, S2 } from './scenes.mjs';
import { SurfaceProbe, CharacterObserver } from './lib/probe.mjs';
import { readTrajectory } from './lib/binio.mjs';
import { runStepped, timedMedian } from './lib/engines.mjs';
import { runNative } from './lib/native.mjs';
import { log } from './lib/common.mjs';
import * as three from './peers/three.mjs';
import * as bvh from './peers/three-mesh-bvh.mjs';
import * as rapier from './peers/rapier.mjs';
import * as jolt from './peers/jolt.mjs';
import * as shototsu from './peers/shototsu.mjs';

export function layoutOf(world) {
  const { toe, stairs, ramp40, ramp60 } = S2;
  return {
    half: S1.size / 2,
    toe,
    stairsEnd: toe + stairs.tread * (stairs.risers - 1) + stairs.landing,
    stairsTop: stairs.rise * stairs.risers,
    ramp40End: toe + world.run40 + ramp40.landing,
    ramp40Top: ramp40.height,
    ramp60End: toe + ramp60.height / Math.tan((ramp60.degrees * Math.PI) / 180) + ramp60.landing,
  };
}

export async function runS2({ scene, counts, repeats, steps = S2.steps, native, s }) {
  const { s2: world, characters, files } = scene;
  const probe = new SurfaceProbe(world);
  const layout = layoutOf(world);
  await rapier.init();
  await jolt.init();
  const engines = [
    { key: 'three', name: three.name, prepared: three.prepareCharacters(world, S2) },
    { key: 'bvh', name: bvh.name, prepared: bvh.prepareCharacters(world, S2) },
    { key: 'rapier', name: rapier.name, prepared: rapier.prepareCharacters(world, S2) },
    { key: 'jolt', name: jolt.name, prepared: jolt.prepareCharacters(world, S2) },
  ];
  const skipped = {};
  const why = shototsu.unavailable(s, 'characters');
  if (why) skipped.wasm = why;
  else engines.unshift({ key: 'wasm', name: shototsu.name, prepared: shototsu.prepareCharacters(s, world, S2) });

  const rows = [];
  for (const k of counts) {
    const spawn = {
      count: k,
      positions: characters.positions.subarray(0, 3 * k),
      velocities: characters.velocities.subarray(0, 3 * k),
    };
    const makeObserver = () => new CharacterObserver(probe, k, S2, layout);
    const results = {};
    if (native) {
      const trajectoryPath = join(scene.dir, `traj-s2-${k}.bin`);
      const r = runNative('s2', {
        world: files.s2World,
        spawn: files.characters[k],
        steps,
        dt: S2.dt,
        repeats,
        gravity: S2.gravity,
        radius: S2.radius,
        halfHeight: S2.halfHeight,
        stepHeight: S2.stepHeight,
        maxSlope: S2.maxSlope,
        snapDistance: S2.snapDistance,
        skinWidth: S2.skinWidth,
        trajectory: trajectoryPath,
      });
      const traj = readTrajectory(trajectoryPath);
      const observer = makeObserver();
      for (let t = 0; t < traj.steps; t++) observer.observe(traj.positions.subarray(3 * k * t, 3 * k * (t + 1)));
      results.native = { usPerCharacterStep: r.usPerCharacterStep, result: observer.result() };
      log(`S2 K=${k} native: ${timedMedian(r.usPerCharacterStep).toFixed(2)} µs/character-step`);
    }
    const js = runStepped({ engines, spawn, steps, dt: S2.dt, repeats, makeObserver, label: `S2 K=${k}` });
    for (const [key, r] of Object.entries(js))
      results[key] = { usPerCharacterStep: r.msPerStep.map((ms) => (1000 * ms) / k), result: r.result };
    const row = { k, engines: {} };
    for (const [key, r] of Object.entries(results))
      row.engines[key] = {
        usPerCharacterStep: timedMedian(r.usPerCharacterStep),
        runs: r.usPerCharacterStep,
        ...r.result,
      };
    rows.push(row);
  }
  return { scene: 'S2', steps, repeats, rows, skipped, names: Object.fromEntries(engines.map((e) => [e.key, e.name])) };
}
