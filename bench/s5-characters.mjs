// S5 (issue #15, characters): a moving world — a lift going up and down 3 m at 2 m/s (reversing
// every 1.5 s), a disc turning at 1 rad/s, a platform moving diagonally, a door swinging through a
// doorway, a conveyor of moving boxes — with 100 characters on and around them. From positions:
// lift riders grounded every frame, never sinking > 1 mm, never lifted off on reversal; the disc
// rider within 1 cm of the rigid carry after 10 s; the door's characters never deeper than the skin
// in the door or the wall. The same probes judge every engine, from the positions it reports (a
// shototsu World posed like the scene is the referee for the door). Peers in the same process:
// Rapier's KinematicCharacterController and Jolt's CharacterVirtual over kinematic bodies
// (peers/rapier.mjs, peers/jolt.mjs say how each is driven). Speed: µs per character-step (the
// engine's whole frame: objects posed, the world stepped, every character moved; median frame).
//
// Standalone: `node bench/s5-characters.mjs [--quick]` (reads the package from dist/).
import { pathToFileURL } from 'node:url';
import { machine, median } from './js-common.mjs';
import * as rapier from './peers/rapier.mjs';
import * as jolt from './peers/jolt.mjs';

/** The package from dist/ (flags such as --quick are not a directory). */
async function loadPackage() {
  const { init } = await import(pathToFileURL(new URL('../dist/index.js', import.meta.url).pathname).href);
  return init();
}

const SETTINGS = { radius: 0.35, height: 1.7, skinWidth: 0.01 };
const GRAVITY = -9.81;
// What the peers are given besides SETTINGS (shototsu's defaults, CharacterSettings).
const PEER = { ...SETTINGS, gravity: GRAVITY, stepHeight: 0.3, snapDistance: 0.3, maxSlope: 45 };
// The lift's top at its lowest: above the floor, so that it is the ground there (flush with the
// floor, the floor wins the tie at the bottom and the first frame up is a push, not a carry).
const LIFT_BASE = 0.1;

/** A closed box as an indexed mesh (12 triangles, faces out). */
function boxMesh(lo, hi) {
  const p = [];
  for (let k = 0; k < 8; k++) p.push(k & 1 ? hi[0] : lo[0], k & 2 ? hi[1] : lo[1], k & 4 ? hi[2] : lo[2]);
  const q = [
    [0, 2, 3, 1],
    [4, 5, 7, 6],
    [0, 1, 5, 4],
    [2, 6, 7, 3],
    [0, 4, 6, 2],
    [1, 3, 7, 5],
  ];
  const idx = [];
  for (const [a, b, c, d] of q) idx.push(a, b, c, a, c, d);
  return { positions: new Float32Array(p), indices: new Uint32Array(idx) };
}

/** The lift's top: 0 -> 3 m at 2 m/s, reversing every 1.5 s. */
export const liftHeight = (t) => {
  const phase = t % 3;
  return phase < 1.5 ? 2 * phase : 3 - 2 * (phase - 1.5);
};
const yaw = (a) => ({ x: 0, y: Math.sin(a / 2), z: 0, w: Math.cos(a / 2) });

/** The scene's objects and their poses at time t (shared by every engine). */
export function s5Scene() {
  const objects = {
    floor: { mesh: boxMesh([-20, -0.2, -20], [20, 0, 20]), at: () => null },
    lift: {
      mesh: boxMesh([-1.5, -0.2, -1.5], [1.5, 0, 1.5]),
      at: (t) => ({ position: { x: -10, y: LIFT_BASE + liftHeight(t), z: 0 } }),
    },
    disc: {
      mesh: boxMesh([-3, -0.3, -3], [3, 0, 3]),
      at: (t) => ({ position: { x: 0, y: 0.3, z: 0 }, quaternion: yaw(t) }),
    },
    diagonal: {
      mesh: boxMesh([-1.2, -0.2, -1.2], [1.2, 0, 1.2]),
      at: (t) => {
        const s = Math.sin(t);
        return { position: { x: 10 + s, y: 1 + 0.5 * s, z: -6 + s } };
      },
    },
    wall: { mesh: boxMesh([-4, 0, 9.95], [-0.05, 2.5, 10.05]), at: () => null },
    wall2: { mesh: boxMesh([1.3, 0, 9.95], [5, 2.5, 10.05]), at: () => null },
    // The door, hinged at (0, 0, 10), 1.2 m wide: swings through the doorway and back.
    door: {
      mesh: boxMesh([0.05, 0, -0.05], [1.25, 2.2, 0.05]),
      at: (t) => ({ position: { x: 0, y: 0, z: 10 }, quaternion: yaw(1.4 * Math.sin(0.8 * t)) }),
    },
  };
  for (let k = 0; k < 5; k++) {
    const x = (t) => -14 + ((k * 2.4 + t) % 12);
    objects[`belt${k}`] = {
      mesh: boxMesh([-0.6, -0.3, -0.6], [0.6, 0, 0.6]),
      at: (t) => ({ position: { x: x(t), y: 0.3, z: -10 } }),
      // The belt's box goes back to its start at once (a teleport) rather than sweeping 12 m.
      wraps: (t, dt) => x(t - dt) > x(t),
    };
  }
  // 100 characters: 9 on the lift, 12 on the disc (one rider at 2 m watched), 4 on the diagonal
  // platform, 10 walking at the door, 5 on the conveyor, the rest walking about the floor.
  const chars = [];
  const add = (role, x, y, z, vx = 0, vz = 0) => chars.push({ role, x, y: y + 0.86, z, vx, vz });
  for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) add('lift', -11 + i, LIFT_BASE, -1 + j);
  add('disc-rider', 2, 0.3, 0);
  for (let k = 0; k < 11; k++) {
    const a = (k / 11) * 2 * Math.PI;
    add('disc', 1.0 * Math.cos(a) + (k % 2) * 1.4 * Math.cos(a), 0.3, 1.0 * Math.sin(a) + (k % 2) * 1.4 * Math.sin(a));
  }
  for (let i = 0; i < 2; i++) for (let j = 0; j < 2; j++) add('diagonal', 9.5 + i, 1, -6.5 + j);
  for (let k = 0; k < 10; k++) add('door', -1 + (k % 5) * 0.8, 0, k < 5 ? 8.8 : 11.2, 0, k < 5 ? 0.8 : -0.8);
  for (let k = 0; k < 5; k++) add('belt', -14 + k * 2.4, 0.3, -10);
  let k = 0;
  while (chars.length < 100) {
    const a = k * 2.399963;
    const r = 6 + (k % 7);
    add('walker', r * Math.cos(a), 0, r * Math.sin(a) + 4, Math.cos(a + 1.3), Math.sin(a + 1.3));
    k++;
  }
  return { objects, chars };
}

/** shototsu's CharacterGroup over a World: the caller's gravity as the README's frame. */
export function prepareShototsu(s, scene) {
  const world = new s.World();
  const ids = {};
  for (const [name, o] of Object.entries(scene.objects)) {
    const pose = o.at(0);
    ids[name] = world.addMesh(o.mesh.positions, o.mesh.indices, pose ? { transform: pose } : undefined);
  }
  const n = scene.chars.length;
  const group = new s.CharacterGroup(world, SETTINGS, n);
  for (const c of scene.chars) group.add(c);
  const vy = new Float32Array(n);
  const disp = new Float32Array(3 * n);
  return {
    name: 'shototsu (wasm)',
    step(t, dt, walk = true) {
      for (const [name, o] of Object.entries(scene.objects)) {
        const pose = o.at(t);
        if (!pose) continue;
        if (o.wraps?.(t, dt)) world.teleport(ids[name], pose);
        else world.setTransform(ids[name], pose);
      }
      world.update(dt);
      for (let i = 0; i < n; i++) {
        const c = scene.chars[i];
        disp[3 * i] = walk ? c.vx * dt : 0;
        disp[3 * i + 1] = vy[i] * dt;
        disp[3 * i + 2] = walk ? c.vz * dt : 0;
      }
      group.moveAll(disp);
      const grounded = group.grounded;
      for (let i = 0; i < n; i++) vy[i] = grounded[i] ? -1 : vy[i] + GRAVITY * dt;
    },
    readPositions(out) {
      out.set(group.positions.subarray(0, 3 * n));
    },
    dispose() {
      world.dispose();
    },
  };
}

/** How far (m) beyond a lift rider's radius the probe looks for the lift. */
const REACH = 1;

/**
 * The probes, from positions alone: a shototsu World posed as the scene at each frame is the
 * referee for the door's and the lift's overlaps. A lift character is off its lift in a frame when
 * its capsule is more than two skins from the lift's triangles or sinks more than 1 mm into them
 * (a capsule standing on the lift's edge touches it with its side: its lowest point may lie below
 * the top without any penetration).
 */
class S5Observer {
  constructor(s, scene) {
    this.scene = scene;
    this.world = new s.World();
    this.ids = {};
    for (const [name, o] of Object.entries(scene.objects))
      this.ids[name] = this.world.addMesh(o.mesh.positions, o.mesh.indices);
    this.blocking = new Set(['door', 'wall', 'wall2'].map((k) => this.ids[k]));
    this.roles = scene.chars.map((c) => c.role);
    this.disc = this.roles.indexOf('disc-rider');
    this.probes = { liftFramesOff: 0, liftWorstSink: 0, liftWorstGap: 0, doorWorstDepth: 0, discError: NaN };
  }
  observe(t, pos, first) {
    for (const [name, o] of Object.entries(this.scene.objects)) {
      const pose = o.at(t);
      if (pose) this.world.teleport(this.ids[name], pose);
    }
    const half = SETTINGS.height / 2,
      r = SETTINGS.radius,
      p = this.probes;
    if (first) this.discStart = { t, x: pos[3 * this.disc], z: pos[3 * this.disc + 2] };
    this.last = { t, x: pos[3 * this.disc], z: pos[3 * this.disc + 2] };
    for (let i = 0; i < this.roles.length; i++) {
      const role = this.roles[i];
      if (role === 'lift') {
        // The capsule's distance to the lift's triangles (negative: how deep it sinks in), from
        // an overlap with the radius grown by REACH; beyond REACH, the feet's height above the top.
        const x = pos[3 * i],
          y = pos[3 * i + 1],
          z = pos[3 * i + 2];
        let gap = Infinity;
        const contacts = this.world.overlapCapsule({ x, y: y - half + r, z }, { x, y: y + half - r, z }, r + REACH);
        for (const c of contacts) if (c.object === this.ids.lift) gap = Math.min(gap, REACH - c.depth);
        if (gap === Infinity) gap = y - half - (LIFT_BASE + liftHeight(t));
        if (gap > 2 * SETTINGS.skinWidth || -gap > 1e-3) p.liftFramesOff++;
        p.liftWorstSink = Math.max(p.liftWorstSink, -gap);
        p.liftWorstGap = Math.max(p.liftWorstGap, gap);
      } else if (role === 'door') {
        const x = pos[3 * i],
          y = pos[3 * i + 1],
          z = pos[3 * i + 2];
        const contacts = this.world.overlapCapsule({ x, y: y - half + r, z }, { x, y: y + half - r, z }, r);
        for (const c of contacts)
          if (this.blocking.has(c.object)) p.doorWorstDepth = Math.max(p.doorWorstDepth, c.depth);
      }
    }
  }
  /** The probes, the disc rider against the rigid rotation of where it stood after the first frame. */
  result() {
    const a = this.last.t - this.discStart.t;
    const c = Math.cos(a),
      sn = Math.sin(a);
    const { x, z } = this.discStart;
    const p = this.probes;
    p.discError = Math.hypot(this.last.x - (c * x + sn * z), this.last.z - (-sn * x + c * z));
    this.world.dispose();
    const pass = {
      lift: p.liftFramesOff === 0 && p.liftWorstSink <= 1e-3 && p.liftWorstGap <= 2 * SETTINGS.skinWidth,
      disc: p.discError <= 0.01,
      door: p.doorWorstDepth <= SETTINGS.skinWidth,
    };
    return { probes: p, pass };
  }
}

/** Runs one engine on S5 for `seconds` at dt: the probes and the median frame. */
function runEngine(s, prepare, { seconds, dt }) {
  const scene = s5Scene();
  const engine = prepare(scene);
  const observer = new S5Observer(s, scene);
  const pos = new Float64Array(3 * scene.chars.length);
  // Settle: everyone stands on what it was placed on before anything moves.
  for (let f = 0; f < Math.round(0.5 / dt); f++) engine.step(0, dt, false);
  const frames = Math.round(seconds / dt);
  const times = [];
  for (let f = 1; f <= frames; f++) {
    const t = f * dt;
    const t0 = performance.now();
    engine.step(t, dt);
    times.push(performance.now() - t0);
    engine.readPositions(pos);
    observer.observe(t, pos, f === 1);
  }
  engine.dispose();
  const stepMs = median(times);
  return { ...observer.result(), usPerCharacterStep: (stepMs * 1000) / scene.chars.length, frames };
}

/** S5 at dt 1/15, 1/60 and 1/240 s for shototsu and each peer (quick: 1/60 only, no peers at 1/15, 1/240). */
export async function runS5Characters({ s, quick = false, peers = true } = {}) {
  s ??= await loadPackage();
  const engines = [{ key: 'wasm', prepare: (scene) => prepareShototsu(s, scene) }];
  if (peers) {
    await rapier.init();
    await jolt.init();
    engines.push({ key: 'rapier', prepare: (scene) => rapier.prepareMovingCharacters(scene, PEER) });
    engines.push({ key: 'jolt', prepare: (scene) => jolt.prepareMovingCharacters(scene, PEER) });
  }
  const names = { wasm: 'shototsu (wasm)', rapier: rapier.name, jolt: jolt.name };
  // Two simulated seconds per engine first, discarded: the first rate measured would otherwise
  // carry the JIT's warm-up (150 frames at 1/15 s are mostly before the code is optimized).
  for (const e of engines) runEngine(s, e.prepare, { seconds: 2, dt: 1 / 60 });
  const runs = [];
  for (const dt of quick ? [1 / 60] : [1 / 15, 1 / 60, 1 / 240]) {
    const row = { dt, engines: {} };
    for (const e of engines) row.engines[e.key] = runEngine(s, e.prepare, { seconds: 10 + dt, dt });
    runs.push(row);
  }
  return { machine: machine(), characters: s5Scene().chars.length, names, runs };
}

/** The S5 characters section of results.md. */
export function markdownS5Characters(result) {
  const lines = [
    `### S5 characters: ${result.characters} characters in a moving world, 10 s at each dt`,
    '',
    "Lift riders judged from positions: a frame is off the lift when the capsule is more than two skins (20 mm) from the lift's triangles or 1 mm into them; the disc rider against the rigid rotation after 10 s (pass ≤ 10 mm); the door walkers' deepest overlap with the door or its walls (pass ≤ the 10 mm skin). µs per character-step: the median frame of the whole engine (objects posed, world stepped, every character moved) ÷ 100.",
    `${result.machine}`,
    '',
    '| dt | engine | µs / character-step | peer ÷ shototsu | lift: frames off | worst sink (mm) | worst gap (mm) | disc error (mm) | door depth (mm) | pass |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
  ];
  const mm = (x) => (Number.isFinite(x) ? (x * 1000).toFixed(x < 0.1 ? 2 : 0) : String(x));
  for (const row of result.runs) {
    const base = row.engines.wasm.usPerCharacterStep;
    for (const [key, r] of Object.entries(row.engines)) {
      const p = r.probes;
      const ok = Object.entries(r.pass)
        .map(([k, v]) => `${k} ${v ? 'yes' : 'NO'}`)
        .join(', ');
      const ratio = key === 'wasm' ? '' : (r.usPerCharacterStep / base).toFixed(2);
      lines.push(
        `| 1/${Math.round(1 / row.dt)} | ${result.names[key]} | ${r.usPerCharacterStep.toFixed(2)} | ${ratio} | ${p.liftFramesOff} | ${mm(Math.max(p.liftWorstSink, 0))} | ${mm(Math.max(p.liftWorstGap, 0))} | ${mm(p.discError)} | ${mm(p.doorWorstDepth)} | ${ok} |`,
      );
    }
  }
  return lines.join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const quick = process.argv.includes('--quick');
  const peers = !process.argv.includes('--no-peers');
  const s = await loadPackage();
  console.log(markdownS5Characters(await runS5Characters({ s, quick, peers })));
}
