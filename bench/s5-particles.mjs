// S5, particles (issue 15): 20,000 particles raining on a room with moving objects — a paddle
// spinning at 30 rad/s, a lift going up and down 3 m at 2 m/s (reversing every 1.5 s), a disc
// turning at 1 rad/s, a platform moving diagonally, a door swinging, a conveyor of boxes — every
// object built through the package's World API. Every object is a box (some added as box
// primitives, some as box meshes), so the suite judges the run from positions alone, with the
// objects' poses known in closed form: particles through a moving object (a change of side of its
// thinnest axis within its extent, the particle moved linearly and the object posed exactly at
// 16 instants of each step), escaped from the room, and the deepest penetration into any object
// or the floor. Speed: ms per particle step; Rapier (kinematic position-based bodies, dynamic
// balls with CCD) in the same process when it is installed.
//
//   node bench/s5-particles.mjs [--quick]   prints the markdown section
import { pathToFileURL } from 'node:url';
import * as shototsu from './peers/shototsu.mjs';
import { machine, now } from './lib/common.mjs';

const DT = 1 / 60;
const ROOM = 15; // half width of the room (m)
const RADIUS = 0.05;

const axisAngle = (ax, ay, az, a) => {
  const s = Math.sin(a / 2);
  return { x: ax * s, y: ay * s, z: az * s, w: Math.cos(a / 2) };
};
const rotate = (q, v) => {
  // v + 2 w (u x v) + 2 u x (u x v)
  const ux = q.x,
    uy = q.y,
    uz = q.z,
    w = q.w;
  const tx = 2 * (uy * v.z - uz * v.y),
    ty = 2 * (uz * v.x - ux * v.z),
    tz = 2 * (ux * v.y - uy * v.x);
  return {
    x: v.x + w * tx + (uy * tz - uz * ty),
    y: v.y + w * ty + (uz * tx - ux * tz),
    z: v.z + w * tz + (ux * ty - uy * tx),
  };
};
const conj = (q) => ({ x: -q.x, y: -q.y, z: -q.z, w: q.w });

/** The moving objects: a box each (half extents), how it is added, and its pose at time t. */
export function s5Movers() {
  const tri = (t, period) => {
    const u = (t / period) % 2;
    return u < 1 ? u : 2 - u; // 0..1..0
  };
  const movers = [
    {
      name: 'paddle',
      half: { x: 2, y: 0.05, z: 0.5 },
      mesh: false,
      pose: (t) => ({ position: { x: 0, y: 2.5, z: 0 }, quaternion: axisAngle(0, 0, 1, 30 * t) }),
    },
    {
      name: 'lift',
      half: { x: 1.5, y: 0.1, z: 1.5 },
      mesh: false,
      pose: (t) => ({ position: { x: -7, y: 0.5 + 3 * tri(t, 1.5), z: -6 }, quaternion: axisAngle(0, 1, 0, 0) }),
    },
    {
      name: 'disc',
      half: { x: 2, y: 0.1, z: 2 },
      mesh: true,
      pose: (t) => ({ position: { x: 7, y: 0.6, z: -6 }, quaternion: axisAngle(0, 1, 0, t) }),
    },
    {
      name: 'diagonal platform',
      half: { x: 1, y: 0.1, z: 1 },
      mesh: false,
      pose: (t) => {
        const d = 2 * tri(t, 2 / 1.5);
        return {
          position: { x: -7 + d * Math.SQRT1_2, y: 1 + d * Math.SQRT1_2, z: 6 },
          quaternion: axisAngle(0, 1, 0, 0),
        };
      },
    },
    {
      name: 'door',
      half: { x: 1, y: 1.5, z: 0.05 },
      mesh: true,
      pose: (t) => {
        const a = (Math.PI / 2) * Math.sin(2 * t);
        const q = axisAngle(0, 1, 0, a);
        const c = rotate(q, { x: 1, y: 0, z: 0 });
        return { position: { x: 6 + c.x, y: 1.5, z: 6 + c.z }, quaternion: q };
      },
    },
  ];
  for (let k = 0; k < 6; k++) {
    movers.push({
      name: `conveyor box ${k + 1}`,
      half: { x: 0.4, y: 0.3, z: 0.4 },
      mesh: k % 2 === 1,
      pose: (t) => {
        const phi = 0.3 * t + (k * Math.PI) / 3;
        return {
          position: { x: 7 * Math.cos(phi), y: 0.3, z: -11 + 2 * Math.sin(phi) },
          quaternion: axisAngle(0, 1, 0, -phi),
        };
      },
    });
  }
  return movers;
}

function boxMesh(h) {
  const c = [];
  for (const z of [-h.z, h.z]) for (const y of [-h.y, h.y]) for (const x of [-h.x, h.x]) c.push(x, y, z);
  // corners: index = x + 2y + 4z (0/1 each)
  const faces = [
    [0, 2, 3, 1],
    [4, 5, 7, 6],
    [0, 1, 5, 4],
    [2, 6, 7, 3],
    [0, 4, 6, 2],
    [1, 3, 7, 5],
  ];
  const idx = [];
  for (const [a, b, cc, d] of faces) idx.push(a, b, cc, a, cc, d);
  return { positions: new Float32Array(c), indices: new Uint32Array(idx) };
}

// The room: a floor at y = 0, four walls and a ceiling 30 m up (a batted particle flies high), one mesh.
function roomMesh() {
  const h = ROOM,
    top = 30;
  const p = [
    [-h, 0, -h],
    [h, 0, -h],
    [h, 0, h],
    [-h, 0, h],
    [-h, top, -h],
    [h, top, -h],
    [h, top, h],
    [-h, top, h],
  ].flat();
  const idx = [
    0, 2, 1, 0, 3, 2, 0, 1, 5, 0, 5, 4, 1, 2, 6, 1, 6, 5, 2, 3, 7, 2, 7, 6, 3, 0, 4, 3, 4, 7, 4, 5, 6, 4, 6, 7,
  ];
  return { positions: new Float32Array(p), indices: new Uint32Array(idx) };
}

// Deterministic spawn: xorshift over the room, heights 3..20 m, small random velocities.
function spawnSet(count, seed = 5) {
  let x = seed >>> 0 || 1;
  const rnd = () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 4294967296;
  };
  const positions = new Float32Array(3 * count),
    velocities = new Float32Array(3 * count);
  for (let i = 0; i < count; i++) {
    positions[3 * i] = (rnd() * 2 - 1) * (ROOM - 1);
    positions[3 * i + 1] = 3 + 17 * rnd();
    positions[3 * i + 2] = (rnd() * 2 - 1) * (ROOM - 1);
    velocities[3 * i] = rnd() * 2 - 1;
    velocities[3 * i + 1] = -5 * rnd();
    velocities[3 * i + 2] = rnd() * 2 - 1;
  }
  return { positions, velocities };
}

// Judges one step from positions: `before` and `after` are the particles' positions at the step's
// start and end; movers are posed at t0 and t0 + DT (and between, for the side test).
class Judge {
  constructor(movers, count) {
    this.movers = movers;
    this.count = count;
    this.through = 0;
    this.escaped = 0;
    this.penetration = 0;
    this.gone = new Uint8Array(count);
  }
  step(before, after, t0) {
    const SAMPLES = 16;
    const poses = this.movers.map((m) => {
      const list = [];
      for (let k = 0; k <= SAMPLES; k++) list.push(m.pose(t0 + (DT * k) / SAMPLES));
      return list;
    });
    for (let i = 0; i < this.count; i++) {
      if (this.gone[i]) continue;
      const ax = before[3 * i],
        ay = before[3 * i + 1],
        az = before[3 * i + 2];
      const bx = after[3 * i],
        by = after[3 * i + 1],
        bz = after[3 * i + 2];
      if (!(Math.abs(bx) <= ROOM && Math.abs(bz) <= ROOM && by >= -RADIUS && by <= 30 + RADIUS)) {
        this.escaped++;
        this.gone[i] = 1;
        continue;
      }
      this.penetration = Math.max(this.penetration, RADIUS - by);
      for (let m = 0; m < this.movers.length; m++) {
        const mv = this.movers[m],
          h = mv.half,
          list = poses[m];
        const reach = Math.hypot(h.x, h.y, h.z) + 3 + RADIUS;
        const c = list[SAMPLES].position;
        if (Math.abs(bx - c.x) > reach || Math.abs(by - c.y) > reach || Math.abs(bz - c.z) > reach) continue;
        // Penetration at the step's end.
        const pe = list[SAMPLES];
        const l = rotate(conj(pe.quaternion), { x: bx - pe.position.x, y: by - pe.position.y, z: bz - pe.position.z });
        const dx = Math.max(Math.abs(l.x) - h.x, 0),
          dy = Math.max(Math.abs(l.y) - h.y, 0),
          dz = Math.max(Math.abs(l.z) - h.z, 0);
        const outside = Math.hypot(dx, dy, dz);
        const inside = outside > 0 ? 0 : Math.min(h.x - Math.abs(l.x), h.y - Math.abs(l.y), h.z - Math.abs(l.z));
        this.penetration = Math.max(this.penetration, RADIUS - outside + inside);
        // Through: the side of the thinnest axis changes while within the other two extents.
        const thin = h.x <= h.y && h.x <= h.z ? 'x' : h.y <= h.z ? 'y' : 'z';
        const o1 = thin === 'x' ? 'y' : 'x',
          o2 = thin === 'z' ? 'y' : 'z';
        let side = 0;
        for (let k = 0; k <= SAMPLES; k++) {
          const s = k / SAMPLES,
            p = list[k];
          const w = rotate(conj(p.quaternion), {
            x: ax + (bx - ax) * s - p.position.x,
            y: ay + (by - ay) * s - p.position.y,
            z: az + (bz - az) * s - p.position.z,
          });
          const sd = Math.sign(w[thin]);
          if (k > 0 && sd !== 0 && side !== 0 && sd !== side && Math.abs(w[o1]) < h[o1] && Math.abs(w[o2]) < h[o2]) {
            this.through++;
            break;
          }
          if (sd !== 0) side = sd;
        }
      }
    }
  }
  result() {
    return { through: this.through, escaped: this.escaped, penetrationMm: Math.max(0, this.penetration) * 1000 };
  }
}

function runShototsu(s, movers, spawn, count, steps) {
  const world = new s.World();
  const room = roomMesh();
  world.addMesh(room.positions, room.indices);
  const ids = movers.map((m) => {
    const pose = m.pose(0);
    if (m.mesh) {
      const b = boxMesh(m.half);
      return world.addMesh(b.positions, b.indices, { transform: pose });
    }
    return world.addBox(pose.position, pose.quaternion, m.half);
  });
  const ps = new s.ParticleSystem(world, { capacity: count, radius: RADIUS, restitution: 0.4, friction: 0.4 });
  for (let i = 0; i < count; i++) {
    const p = spawn.positions,
      v = spawn.velocities;
    ps.spawn({ x: p[3 * i], y: p[3 * i + 1], z: p[3 * i + 2] }, { x: v[3 * i], y: v[3 * i + 1], z: v[3 * i + 2] });
  }
  const judge = new Judge(movers, count);
  const before = new Float32Array(3 * count);
  const times = [];
  for (let k = 0; k < steps; k++) {
    const t1 = (k + 1) * DT;
    for (let m = 0; m < movers.length; m++) world.setTransform(ids[m], movers[m].pose(t1));
    world.update(DT);
    before.set(ps.positions.subarray(0, 3 * count));
    const t = now();
    ps.step(DT);
    times.push(now() - t);
    judge.step(before, ps.positions.subarray(0, 3 * count), k * DT);
  }
  const sleeping = ps.stats.sleeping;
  ps.dispose();
  world.dispose?.();
  return { ...judge.result(), msPerStep: median(times), sleeping };
}

async function runRapier(movers, spawn, count, steps) {
  let RAPIER;
  try {
    RAPIER = (await import('@dimforge/rapier3d-compat')).default;
    await RAPIER.init();
  } catch (e) {
    return { skipped: `Rapier is not installed here (${e.code ?? e.message})` };
  }
  const world = new RAPIER.World({ x: 0, y: -9.81, z: 0 });
  world.timestep = DT;
  const room = roomMesh();
  const fixed = world.createRigidBody(RAPIER.RigidBodyDesc.fixed());
  const groupsWorld = (0x0001 << 16) | 0x0002,
    groupsBall = (0x0002 << 16) | 0x0001;
  world.createCollider(
    RAPIER.ColliderDesc.trimesh(room.positions, room.indices)
      .setCollisionGroups(groupsWorld)
      .setRestitution(0.4)
      .setFriction(0.4),
    fixed,
  );
  const bodies = movers.map((m) => {
    const pose = m.pose(0);
    const body = world.createRigidBody(
      RAPIER.RigidBodyDesc.kinematicPositionBased()
        .setTranslation(pose.position.x, pose.position.y, pose.position.z)
        .setRotation(pose.quaternion),
    );
    world.createCollider(
      RAPIER.ColliderDesc.cuboid(m.half.x, m.half.y, m.half.z)
        .setCollisionGroups(groupsWorld)
        .setRestitution(0.4)
        .setFriction(0.4),
      body,
    );
    return body;
  });
  const balls = [];
  for (let i = 0; i < count; i++) {
    const p = spawn.positions,
      v = spawn.velocities;
    const b = world.createRigidBody(
      RAPIER.RigidBodyDesc.dynamic()
        .setTranslation(p[3 * i], p[3 * i + 1], p[3 * i + 2])
        .setLinvel(v[3 * i], v[3 * i + 1], v[3 * i + 2])
        .setCcdEnabled(true),
    );
    world.createCollider(
      RAPIER.ColliderDesc.ball(RADIUS).setRestitution(0.4).setFriction(0.4).setCollisionGroups(groupsBall),
      b,
    );
    balls.push(b);
  }
  const judge = new Judge(movers, count);
  const before = new Float32Array(3 * count),
    after = new Float32Array(3 * count);
  const read = (out) => {
    for (let i = 0; i < count; i++) {
      const t = balls[i].translation();
      out[3 * i] = t.x;
      out[3 * i + 1] = t.y;
      out[3 * i + 2] = t.z;
    }
  };
  read(after);
  const times = [];
  for (let k = 0; k < steps; k++) {
    const t1 = (k + 1) * DT;
    for (let m = 0; m < movers.length; m++) {
      const pose = movers[m].pose(t1);
      bodies[m].setNextKinematicTranslation(pose.position);
      bodies[m].setNextKinematicRotation(pose.quaternion);
    }
    before.set(after);
    const t = now();
    world.step();
    times.push(now() - t);
    read(after);
    judge.step(before, after, k * DT);
  }
  world.free();
  return { ...judge.result(), msPerStep: median(times) };
}

function median(a) {
  const s = [...a].sort((x, y) => x - y);
  return s.length ? s[s.length >> 1] : NaN;
}

/** Runs S5's particle part: shototsu (wasm) and Rapier on the same scene and spawn. */
export async function runS5Particles({ s, quick = false } = {}) {
  s ??= await shototsu.load();
  const count = quick ? 4000 : 20000;
  const steps = quick ? 120 : 600;
  const movers = s5Movers();
  const spawn = spawnSet(count);
  const result = { count, steps, dt: DT, radius: RADIUS, machine: machine(), movers: movers.map((m) => m.name) };
  result.shototsu = runShototsu(s, movers, spawn, count, steps);
  result.rapier = await runRapier(movers, spawn, count, steps);
  if (result.rapier.msPerStep) result.ratio = result.shototsu.msPerStep / result.rapier.msPerStep;
  return result;
}

/** The S5 particles section of results.md. */
export function markdownS5Particles(r) {
  const row = (name, e) =>
    e.skipped
      ? `| ${name} | skipped: ${e.skipped} | | | | |`
      : `| ${name} | ${e.msPerStep.toFixed(2)} | ${e.through} | ${e.escaped} | ${e.penetrationMm.toFixed(2)} |`;
  const lines = [
    `### S5 particles: ${r.count} particles raining on moving objects, ${r.steps} steps of 1/60 s`,
    '',
    `Moving: ${r.movers.join(', ')} (paddle at 30 rad/s). Judged from positions against the objects' exact poses.`,
    `${r.machine.date}, ${r.machine.cpu ?? ''} ${r.machine.cores ?? ''}`.trim(),
    '',
    '| engine | ms per particle step (median) | through a moving object | escaped | max penetration (mm) |',
    '| --- | --- | --- | --- | --- |',
    row('shototsu (wasm)', r.shototsu),
    row('Rapier (kinematic bodies, CCD balls)', r.rapier),
  ];
  if (r.ratio) lines.push('', `shototsu / Rapier time: ${r.ratio.toFixed(2)}`);
  return lines.join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const quick = process.argv.includes('--quick');
  const r = await runS5Particles({ quick });
  console.log(markdownS5Particles(r));
}
