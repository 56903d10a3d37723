// S5 (issue #15, characters): a moving world — a lift going up and down 3 m at 2 m/s (reversing
// every 1.5 s), a disc turning at 1 rad/s, a platform moving diagonally, a door swinging through a
// doorway, a conveyor of moving boxes — with 100 characters on and around them. From positions:
// lift riders grounded every frame, never sinking > 1 mm, never lifted off on reversal; the disc
// rider within 1 cm of the rigid carry after 10 s; the door's characters never deeper than the skin
// in the door or the wall. Speed: µs per character-step (World.update and moveAll, median of runs).
//
// Standalone: `node bench/s5-characters.mjs [--quick]` (reads the package from dist/).
import { pathToFileURL } from 'node:url';
import { machine, median } from './js-common.mjs';

/** The package from dist/ (flags such as --quick are not a directory). */
async function loadPackage() {
  const { init } = await import(pathToFileURL(new URL('../dist/index.js', import.meta.url).pathname).href);
  return init();
}

const DT = 1 / 60;
const SETTINGS = { radius: 0.35, height: 1.7, skinWidth: 0.01 };
const GRAVITY = -9.81;
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
    objects[`belt${k}`] = {
      mesh: boxMesh([-0.6, -0.3, -0.6], [0.6, 0, 0.6]),
      at: (t) => ({ position: { x: -14 + ((k * 2.4 + t) % 12), y: 0.3, z: -10 } }),
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

/** Runs shototsu on S5 for `seconds` at dt; returns the probes and the timing. */
function runShototsu(s, { seconds, dt = DT }) {
  const { objects, chars } = s5Scene();
  const world = new s.World();
  const ids = {};
  for (const [name, o] of Object.entries(objects)) {
    const pose = o.at(0);
    ids[name] = world.addMesh(o.mesh.positions, o.mesh.indices, pose ? { transform: pose } : undefined);
  }
  const group = new s.CharacterGroup(world, SETTINGS, chars.length);
  for (const c of chars) group.add(c);
  const vy = new Float32Array(chars.length);
  const disp = new Float32Array(3 * chars.length);
  const probes = { liftFramesNotGrounded: 0, liftWorstSink: 0, liftWorstGap: 0, doorWorstDepth: 0, discError: NaN };
  const discIndex = chars.findIndex((c) => c.role === 'disc-rider');
  const frames = Math.round(seconds / dt);
  const times = [];
  // Settle: everyone stands on what it was placed on before anything moves.
  for (let f = 0; f < Math.round(0.5 / dt); f++) {
    world.update(dt);
    disp.fill(0);
    for (let i = 0; i < chars.length; i++) disp[3 * i + 1] = -dt;
    group.moveAll(disp);
  }
  let discStart = null;
  const half = SETTINGS.height / 2;
  for (let f = 1; f <= frames; f++) {
    const t = f * dt;
    for (const [name, o] of Object.entries(objects)) {
      const pose = o.at(t);
      if (!pose) continue;
      if (name.startsWith('belt') && o.at(t - dt).position.x > pose.position.x) world.teleport(ids[name], pose);
      else world.setTransform(ids[name], pose);
    }
    for (let i = 0; i < chars.length; i++) {
      const c = chars[i];
      disp[3 * i] = c.vx * dt;
      disp[3 * i + 1] = vy[i] * dt;
      disp[3 * i + 2] = c.vz * dt;
    }
    const t0 = performance.now();
    world.update(dt);
    group.moveAll(disp);
    times.push(performance.now() - t0);
    const pos = group.positions;
    if (f === 1) discStart = { x: pos[3 * discIndex], y: pos[3 * discIndex + 1], z: pos[3 * discIndex + 2] };
    for (let i = 0; i < chars.length; i++) {
      const m = group.lastMove(i);
      vy[i] = m.grounded ? -1 : vy[i] + GRAVITY * dt;
      const role = chars[i].role;
      if (role === 'lift') {
        const top = LIFT_BASE + liftHeight(t);
        const feet = pos[3 * i + 1] - half;
        if (!m.grounded) probes.liftFramesNotGrounded++;
        probes.liftWorstSink = Math.max(probes.liftWorstSink, top - feet);
        probes.liftWorstGap = Math.max(probes.liftWorstGap, feet - top);
      } else if (role === 'door') {
        const c = { x: pos[3 * i], y: pos[3 * i + 1], z: pos[3 * i + 2] };
        const a = { x: c.x, y: c.y - half + SETTINGS.radius, z: c.z };
        const b = { x: c.x, y: c.y + half - SETTINGS.radius, z: c.z };
        for (const contact of world.overlapCapsule(a, b, SETTINGS.radius)) {
          if (contact.object === ids.door || contact.object === ids.wall || contact.object === ids.wall2)
            probes.doorWorstDepth = Math.max(probes.doorWorstDepth, contact.depth);
        }
      }
    }
  }
  // The disc rider against the rigid rotation of where it stood after the first frame.
  const angle = (frames - 1) * dt;
  const c = Math.cos(angle),
    sn = Math.sin(angle);
  const rigid = { x: c * discStart.x + sn * discStart.z, z: -sn * discStart.x + c * discStart.z };
  const pos = group.positions;
  probes.discError = Math.hypot(pos[3 * discIndex] - rigid.x, pos[3 * discIndex + 2] - rigid.z);
  world.dispose();
  const stepMs = median(times);
  return { probes, usPerCharacterStep: (stepMs * 1000) / chars.length, frames };
}

/** S5 at dt 1/15, 1/60 and 1/240 s (quick: 1/60 only, fewer seconds for timing). */
export async function runS5Characters({ s, quick = false } = {}) {
  s ??= await loadPackage();
  const runs = [];
  for (const dt of quick ? [1 / 60] : [1 / 15, 1 / 60, 1 / 240]) {
    const r = runShototsu(s, { seconds: 10 + dt, dt });
    const p = r.probes;
    runs.push({
      dt,
      ...r,
      pass: {
        lift: p.liftFramesNotGrounded === 0 && p.liftWorstSink <= 1e-3 && p.liftWorstGap <= 2 * SETTINGS.skinWidth,
        disc: p.discError <= 0.01,
        door: p.doorWorstDepth <= SETTINGS.skinWidth,
      },
    });
  }
  return { machine: machine(), characters: 100, runs };
}

export function markdownS5Characters(result) {
  const lines = [
    `S5 characters in a moving world (${result.characters} characters; ${result.machine})`,
    '',
    '| dt | µs / character-step | lift: frames not grounded | worst sink (mm) | worst gap (mm) | disc error after 10 s (mm) | door depth (mm) | pass |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const r of result.runs) {
    const p = r.probes;
    const ok = Object.entries(r.pass)
      .map(([k, v]) => `${k} ${v ? 'yes' : 'NO'}`)
      .join(', ');
    lines.push(
      `| 1/${Math.round(1 / r.dt)} | ${r.usPerCharacterStep.toFixed(2)} | ${p.liftFramesNotGrounded} | ${(p.liftWorstSink * 1000).toFixed(3)} | ${(p.liftWorstGap * 1000).toFixed(2)} | ${(p.discError * 1000).toFixed(3)} | ${(p.doorWorstDepth * 1000).toFixed(3)} | ${ok} |`,
    );
  }
  return lines.join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const quick = process.argv.includes('--quick');
  const s = await loadPackage();
  console.log(markdownS5Characters(await runS5Characters({ s, quick })));
}
