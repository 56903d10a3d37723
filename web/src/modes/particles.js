// Particles: thousands of spheres raining on S1's terrain (or into a room), each swept
// continuously against the triangles by shototsu's ParticleSystem, drawn as one
// THREE.InstancedMesh straight from the system's position view. "Fire" shoots particles at
// 1000 m/s at the vault, a box of zero-thickness walls: none ever gets inside. In the rain a
// paddle spins (a World box posed by setTransform before each world.update) and the player's
// capsule stands, registered in the world so that particles bounce off it; the panel counts the
// particles that got through the paddle (must stay 0) and those found inside the capsule (must
// stay 0, standing or walking: each move carries the capsule object over the step at the
// player's velocity, and the particles, stepped after the player, sweep it coming).
import * as THREE from 'three';
import { group, controlsFor, button, readout, element } from '../app/controls.js';
import { FrameMeter, Smoothed } from '../app/meter.js';
import { seededRandom } from '../app/random.js';
import { Label } from '../three/overlay.js';
import { buildWorld } from '../worlds/geometry.js';
import { ARENAS, worldMaterials } from '../worlds/arena.js';
import { createInput } from './characters/input.js';
import { makeJudge, makePaddle } from './particles/movers.js';

/** Particles reserved for the gun, fired together. */
const SHOTS = 300;
/** The simulation's fixed step, and at most this many steps per drawn frame (slower machines run in slow motion rather than falling behind). */
const DT = 1 / 60;
const MAX_STEPS = 4;

const params = {
  scene: {
    type: 'choice',
    value: 'terrain',
    label: 'World',
    options: [
      { value: 'terrain', label: 'terrain (S1)' },
      { value: 'room', label: 'room' },
    ],
  },
  count: { type: 'int', value: 5000, min: 100, max: 20000, step: 100, label: 'Particles' },
  radius: {
    type: 'number',
    value: 0.15,
    min: 0.05,
    max: 0.5,
    step: 0.01,
    label: 'Radius',
    unit: 'm',
    format: (v) => v.toFixed(2),
  },
  restitution: {
    type: 'number',
    value: 0.6,
    min: 0,
    max: 1,
    step: 0.05,
    label: 'Restitution',
    format: (v) => v.toFixed(2),
    help: 'Fraction of the normal speed kept by a bounce',
  },
  friction: {
    type: 'number',
    value: 0.3,
    min: 0,
    max: 1.5,
    step: 0.05,
    label: 'Friction',
    format: (v) => v.toFixed(2),
    help: 'Coulomb friction coefficient',
  },
  gravity: {
    type: 'number',
    value: 9.81,
    min: 0,
    max: 30,
    step: 0.01,
    label: 'Gravity',
    unit: 'm/s²',
    format: (v) => v.toFixed(2),
  },
  speed: {
    type: 'number',
    value: 4,
    min: 0,
    max: 40,
    step: 0.5,
    label: 'Spawn speed',
    unit: 'm/s',
    format: (v) => v.toFixed(1),
  },
  shot: {
    type: 'number',
    value: 1000,
    min: 50,
    max: 3000,
    step: 50,
    label: 'Shot speed',
    unit: 'm/s',
    format: (v) => v.toFixed(0),
  },
  spin: {
    type: 'number',
    value: 10,
    min: 0,
    max: 30,
    step: 0.5,
    label: 'Paddle spin',
    unit: 'rad/s',
    format: (v) => v.toFixed(1),
  },
  recycle: { type: 'bool', value: true, label: 'Keep raining (respawn the oldest)' },
  collide: { type: 'bool', value: false, label: 'Particles collide with each other' },
};

export default {
  id: 'particles',
  title: 'Particles',
  intro:
    'Thousands of spheres, each swept against the triangles every step: continuous collision, so none tunnels at any speed. Fire shoots them at 1000 m/s at the vault — a box of zero-thickness walls — or at the spinning paddle. Walk the orange capsule into the rain with WASD.',
  stage: (values) => ARENAS[values.scene].camera,
  params,
  create,
};

function create({ shototsu, stage, params: state, shell }) {
  const scene = ARENAS[state.get('scene')].build();
  const { world } = buildWorld(shototsu, stage.scene, scene.parts(worldMaterials()));

  // ---- the gun and the vault's label ----------------------------------------------------------
  const gun = makeGun(scene.gun, world.floorHeight(scene.gun.x, scene.gun.z, scene.gun.y) ?? scene.gun.y - 2);
  const vaultLabel = new Label('', 'feature');
  vaultLabel.set(scene.vault.getCenter(new THREE.Vector3()).setY(scene.vault.max.y + 0.6));
  stage.scene.add(gun, vaultLabel.object);

  // ---- what moves: the paddle and the player's capsule ------------------------------------------
  const paddle = makePaddle(world, stage.scene, scene.paddle, () => state.get('spin'));
  const paddleGun = makeGun(
    scene.paddle.gun,
    world.floorHeight(scene.paddle.gun.x, scene.paddle.gun.z, scene.paddle.gun.y) ?? 0,
  );
  const paddleLabel = new Label('', 'feature');
  paddleLabel.set(scene.paddle.centre.clone().setY(scene.paddle.centre.y + scene.paddle.half.x + 0.5));
  stage.scene.add(paddleGun, paddleLabel.object);
  const player = makePlayer(shototsu, world, stage.scene, scene.player);
  const input = createInput(shell, state, { hint: false });
  let time = 0;

  // ---- particles: the system and its instanced spheres -------------------------------------
  let ps = null;
  let mesh = null;
  /** Indices of the raining particles (oldest first) and of the gun's shots. */
  let rain = [];
  let shots = [];
  let nextRecycle = 0;
  let spawnDebt = 0;
  let fired = 0; // at the vault
  let firedAtPaddle = 0;
  let stepsRun = 0;
  let accumulator = 0;
  let lastStats = { contacts: 0, particleContacts: 0, iterations: 0, saturated: 0, sleeping: 0 };
  let judge = null;
  const meter = new FrameMeter();
  const random = seededRandom(7);

  function settings() {
    const v = state.values;
    return {
      capacity: v.count + SHOTS,
      radius: v.radius,
      restitution: v.restitution,
      friction: v.friction,
      damping: 0,
      gravity: { x: 0, y: -v.gravity, z: 0 },
      collideParticles: v.collide,
    };
  }

  /** The settings that can change while the system runs (ParticleSystem.configure). */
  function liveSettings() {
    const { capacity, radius, ...rest } = settings();
    return rest;
  }

  /** A new system (for a new capacity or radius), carrying over the particles that fit. */
  function rebuild() {
    const old = ps;
    ps = new shototsu.ParticleSystem(world, settings());
    if (old) {
      const p = old.positions,
        v = old.velocities;
      const keepRain = rain.slice(-state.get('count'));
      const carried = [...keepRain, ...shots].sort((a, b) => a - b);
      const map = new Map();
      for (const i of carried) {
        const j = ps.spawn(
          { x: p[3 * i], y: p[3 * i + 1], z: p[3 * i + 2] },
          { x: v[3 * i], y: v[3 * i + 1], z: v[3 * i + 2] },
        );
        if (j >= 0) map.set(i, j);
      }
      rain = keepRain.filter((i) => map.has(i)).map((i) => map.get(i));
      shots = shots.filter((i) => map.has(i)).map((i) => map.get(i));
      nextRecycle = 0;
      old.dispose();
    }
    const capacity = state.get('count') + SHOTS;
    judge = makeJudge(paddle);
    if (!mesh || mesh.instanceMatrix.count !== capacity || mesh.userData.radius !== state.get('radius'))
      makeMesh(capacity);
  }

  function makeMesh(capacity) {
    if (mesh) {
      stage.scene.remove(mesh);
      mesh.geometry.dispose();
      mesh.material.dispose();
      mesh.dispose();
    }
    mesh = new THREE.InstancedMesh(
      new THREE.IcosahedronGeometry(1, 1),
      new THREE.MeshStandardMaterial({ roughness: 0.45 }),
      capacity,
    );
    mesh.instanceMatrix.setUsage(THREE.DynamicDrawUsage);
    mesh.instanceColor = new THREE.InstancedBufferAttribute(new Float32Array(capacity * 3), 3).setUsage(
      THREE.DynamicDrawUsage,
    );
    // Every instance is a sphere of the same radius: scale once, then only translations change.
    const m = mesh.instanceMatrix.array;
    const r = (mesh.userData.radius = state.get('radius'));
    for (let i = 0; i < capacity; i++) {
      m[16 * i] = m[16 * i + 5] = m[16 * i + 10] = r;
      m[16 * i + 15] = 1;
    }
    mesh.count = 0;
    mesh.frustumCulled = false; // the instances move; their bounds would need recomputing each frame
    stage.scene.add(mesh);
  }

  // ---- emitting, recycling and firing ------------------------------------------------------
  const emitPosition = { x: 0, y: 0, z: 0 };
  const emitVelocity = { x: 0, y: 0, z: 0 };
  /** A random start on the emitter's disc, moving at the spawn speed up to 120° from straight up (a fountain). */
  function emit() {
    const e = scene.emitter;
    const a = random() * Math.PI * 2,
      d = Math.sqrt(random()) * e.radius;
    emitPosition.x = e.centre.x + Math.cos(a) * d;
    emitPosition.y = e.centre.y + (random() - 0.5) * 0.6;
    emitPosition.z = e.centre.z + Math.sin(a) * d;
    const speed = state.get('speed');
    const b = random() * Math.PI * 2,
      tilt = Math.acos(1 - random() * 1.5); // cos(tilt) in [-0.5, 1]
    emitVelocity.x = Math.sin(tilt) * Math.cos(b) * speed;
    emitVelocity.y = Math.cos(tilt) * speed;
    emitVelocity.z = Math.sin(tilt) * Math.sin(b) * speed;
  }

  function spawnRain(n) {
    for (let k = 0; k < n && rain.length < state.get('count'); k++) {
      emit();
      const i = ps.spawn(emitPosition, emitVelocity);
      if (i < 0) break;
      rain.push(i);
    }
  }

  /** Puts particle i back on the emitter (writing into the system's views wakes it). */
  function respawn(i) {
    emit();
    const p = ps.positions,
      v = ps.velocities;
    p[3 * i] = emitPosition.x;
    p[3 * i + 1] = emitPosition.y;
    p[3 * i + 2] = emitPosition.z;
    v[3 * i] = emitVelocity.x;
    v[3 * i + 1] = emitVelocity.y;
    v[3 * i + 2] = emitVelocity.z;
  }

  /** Fires SHOTS particles from the gun at random points of the vault's near face. */
  function fire() {
    const vault = scene.vault,
      r = state.get('radius');
    shoot('vault', (from, target) => {
      from.set(scene.gun.x + 0.9, scene.gun.y + (random() - 0.5) * 0.3, scene.gun.z + (random() - 0.5) * 0.3);
      target.set(
        vault.min.x,
        THREE.MathUtils.lerp(vault.min.y + r, vault.max.y - r, random()),
        THREE.MathUtils.lerp(vault.min.z + r, vault.max.z - r, random()),
      );
    });
  }

  /** Fires SHOTS particles from the paddle's gun at random points of the disc its face sweeps. */
  function fireAtPaddle() {
    const { centre, half, gun } = scene.paddle;
    shoot('paddle', (from, target) => {
      from.set(gun.x + 0.9, gun.y, gun.z);
      const a = random() * Math.PI * 2,
        d = Math.sqrt(random()) * half.x * 0.95;
      target.set(centre.x + Math.cos(a) * d, centre.y + Math.sin(a) * d, centre.z + (random() - 0.5) * 1.8 * half.z);
    });
  }

  /** Fires SHOTS particles at the shot speed, each from and toward what `aim(from, target)` sets, reusing earlier shots. */
  function shoot(what, aim) {
    const speed = state.get('shot');
    const target = new THREE.Vector3(),
      from = new THREE.Vector3(),
      dir = new THREE.Vector3();
    for (let k = 0; k < SHOTS; k++) {
      aim(from, target);
      dir.subVectors(target, from).setLength(speed);
      if (k < shots.length) {
        const i = shots[k];
        from.toArray(ps.positions, 3 * i);
        dir.toArray(ps.velocities, 3 * i);
      } else {
        const i = ps.spawn(from, dir);
        if (i < 0) break;
        shots.push(i);
      }
    }
    if (what === 'vault') fired += SHOTS;
    else firedAtPaddle += SHOTS;
    shell.say(`${SHOTS} particles fired at the ${what} at ${speed} m/s`);
  }

  function restart() {
    ps.clear();
    rain = [];
    shots = [];
    nextRecycle = 0;
    fired = 0;
    firedAtPaddle = 0;
    judge.reset();
  }

  // ---- each frame ---------------------------------------------------------------------------
  const palette = speedPalette();
  function draw() {
    const n = ps.count;
    const p = ps.positions,
      v = ps.velocities;
    const m = mesh.instanceMatrix.array,
      c = mesh.instanceColor.array;
    for (let i = 0; i < n; i++) {
      m[16 * i + 12] = p[3 * i];
      m[16 * i + 13] = p[3 * i + 1];
      m[16 * i + 14] = p[3 * i + 2];
      const speed = Math.sqrt(v[3 * i] ** 2 + v[3 * i + 1] ** 2 + v[3 * i + 2] ** 2);
      const k = 3 * Math.min(palette.length / 3 - 1, Math.floor(Math.sqrt(speed) * 6));
      c[3 * i] = palette[k];
      c[3 * i + 1] = palette[k + 1];
      c[3 * i + 2] = palette[k + 2];
    }
    mesh.count = n;
    mesh.instanceMatrix.clearUpdateRanges();
    mesh.instanceMatrix.addUpdateRange(0, n * 16);
    mesh.instanceMatrix.needsUpdate = true;
    mesh.instanceColor.clearUpdateRanges();
    mesh.instanceColor.addUpdateRange(0, n * 3);
    mesh.instanceColor.needsUpdate = true;
  }

  /** Particles outside the world's bounds and inside the vault (both must stay 0). */
  function census() {
    const n = ps.count,
      p = ps.positions;
    const b = scene.bounds,
      vault = scene.vault;
    let outside = 0,
      inside = 0;
    for (let i = 0; i < n; i++) {
      const x = p[3 * i],
        y = p[3 * i + 1],
        z = p[3 * i + 2];
      if (!(x >= b.min.x && x <= b.max.x && y >= b.min.y && y <= b.max.y && z >= b.min.z && z <= b.max.z)) outside++;
      if (
        x > vault.min.x &&
        x < vault.max.x &&
        y > vault.min.y &&
        y < vault.max.y &&
        z > vault.min.z &&
        z < vault.max.z
      )
        inside++;
    }
    return { outside, inside };
  }

  /**
   * One step: rain spawned or recycled, then the README's frame order — the paddle's next pose,
   * world.update, the player's move, the particles' step; the judge compares before and after.
   */
  function simulate(dt) {
    if (rain.length < state.get('count')) {
      spawnDebt += (state.get('count') / 2.5) * dt; // fill up in 2.5 s
      spawnRain(Math.floor(spawnDebt));
      spawnDebt -= Math.floor(spawnDebt);
    } else if (state.get('recycle')) {
      // Respawn the oldest so that each particle lives about 8 s.
      const n = Math.max(1, Math.round((rain.length / 8) * dt));
      for (let k = 0; k < n; k++) respawn(rain[nextRecycle++ % rain.length]);
    }
    time += dt;
    const angle = paddle.angle;
    paddle.advance(dt);
    world.update(dt);
    player.move(dt, input, stage.camera, state.get('gravity'));
    judge.before(ps.positions, ps.velocities, angle);
    meter.time(() => ps.step(dt));
    judge.after(ps, dt, ps.settings.gravity, paddle.angle, player.capsule());
    stepsRun++;
  }

  let needsRebuild = false;
  function update(dt) {
    if (needsRebuild) {
      needsRebuild = false;
      rebuild();
    }
    accumulator = Math.min(accumulator + dt, MAX_STEPS * DT);
    let steps = 0;
    while (accumulator >= DT) {
      accumulator -= DT;
      steps++;
      simulate(DT);
    }
    if (steps > 0) lastStats = ps.stats;
    stepsPerFrame.add(steps);
    meter.frame();
    draw();
    player.draw();
    report();
  }

  // ---- the panel and the status line ----------------------------------------------------------
  const stats = readout([
    'fps',
    'shototsu ms / frame',
    'steps / frame',
    'particles',
    'contacts / step',
    'asleep',
    'inside the vault',
    'outside the world',
    'through the paddle',
    'inside the capsule',
  ]);
  const stepsPerFrame = new Smoothed(30);
  let census_ = { outside: 0, inside: 0 };
  let frameNo = 0;
  function report() {
    if (frameNo++ % 6 !== 0) return; // ten times a second is plenty to read
    census_ = census();
    const fps = meter.fps,
      ms = meter.ms;
    vaultLabel.el.textContent = `vault · ${census_.inside} inside${fired ? ` of ${fired} fired` : ''}`;
    vaultLabel.el.dataset.state = census_.inside ? 'bad' : 'ok';
    paddleLabel.el.textContent = `paddle · ${state.get('spin').toFixed(1)} rad/s · ${judge.through} through`;
    paddleLabel.el.dataset.state = judge.through ? 'bad' : 'ok';
    shell.hud.textContent = `${ps.count.toLocaleString('en')} particles · ${fmt(fps, 0)} fps · ${fmt(ms, 2)} ms shototsu`;
    if (shell.embed) return;
    stats.set('fps', fmt(fps, 0));
    stats.set('shototsu ms / frame', fmt(ms, 2));
    stats.set('steps / frame', fmt(stepsPerFrame.value, 1));
    stats.set('particles', ps.count.toLocaleString('en'));
    stats.set('contacts / step', lastStats.contacts.toLocaleString('en'));
    stats.set('asleep', lastStats.sleeping.toLocaleString('en'));
    stats.set('inside the vault', `${census_.inside} of ${fired} fired`, census_.inside ? 'bad' : 'ok');
    stats.set('outside the world', String(census_.outside), census_.outside ? 'bad' : 'ok');
    stats.set(
      'through the paddle',
      `${judge.through}${firedAtPaddle ? ` · ${firedAtPaddle} fired at it` : ''}`,
      judge.through ? 'bad' : 'ok',
    );
    stats.set('inside the capsule', String(judge.inCapsule), judge.inCapsule ? 'bad' : 'ok');
  }

  const fireButton = button('Fire at the vault', fire, {
    kind: 'primary',
    id: 'fire',
    title: `Shoot ${SHOTS} particles at the vault's zero-thickness wall`,
  });
  if (shell.embed) {
    // The one action that matters, in a corner of the view.
    shell.layers.append(element('div.embed-actions', {}, button('Fire', fire, { kind: 'primary', id: 'fire' })));
  } else {
    shell.panel.append(
      group('Live', stats.el),
      group(
        'Shoot',
        element(
          'p.note',
          {},
          `${SHOTS} particles at the shot speed toward the vault's near wall — two triangles, no thickness.`,
        ),
        ...controlsFor(state, ['shot']),
        element(
          'div.buttons',
          {},
          fireButton,
          button('Fire at the paddle', fireAtPaddle, {
            id: 'fire-paddle',
            title: `Shoot ${SHOTS} particles at the spinning paddle`,
          }),
        ),
      ),
      group('World', ...controlsFor(state, ['scene', 'count', 'radius', 'speed', 'spin', 'recycle'])),
      group('Material', ...controlsFor(state, ['restitution', 'friction', 'gravity', 'collide'])),
      group(
        '',
        element(
          'div.buttons',
          {},
          button('Drop again', restart),
          button('Defaults', () => state.reset()),
        ),
      ),
    );
  }

  // Material and gravity change live (configure); a new count or radius needs a new system,
  // which carries the particles over; a new world (scene) reloads the page at the new address.
  state.onChange((key) => {
    if (key === 'scene') setTimeout(() => location.assign(state.search()), 260);
    else if (key === 'count' || key === 'radius')
      needsRebuild = true; // once per frame, however fast a slider moves
    else if (['restitution', 'friction', 'gravity', 'collide'].includes(key)) ps.configure(liveSettings());
  });

  rebuild();

  return {
    world,
    update,
    info({ positions = false } = {}) {
      const { outside, inside } = census();
      return {
        scene: scene.name,
        count: ps.count,
        rain: rain.length,
        shots: shots.length,
        fired,
        firedAtPaddle,
        steps: stepsRun,
        outside,
        insideVault: inside,
        through: judge.through,
        inCapsule: judge.inCapsule,
        batted: judge.batted,
        time,
        spin: state.get('spin'),
        paddle: { centre: scene.paddle.centre.toArray(), half: scene.paddle.half.toArray(), angle: paddle.angle },
        player: player.position(),
        stats: { ...lastStats },
        bounds: { min: scene.bounds.min.toArray(), max: scene.bounds.max.toArray() },
        vault: { min: scene.vault.min.toArray(), max: scene.vault.max.toArray() },
        positions: positions ? Array.from(ps.positions.subarray(0, 3 * ps.count)) : undefined,
        fps: meter.fps,
        ms: meter.ms,
      };
    },
    fire,
    fireAtPaddle,
    /** Runs n fixed steps now (for scripts and the page's tests; pair with `playground.pause()`). */
    advance(n) {
      for (let k = 0; k < n; k++) simulate(DT);
      lastStats = ps.stats;
    },
  };
}

/**
 * The player's capsule: a CharacterController registered in the world (particles meet it as a
 * capsule object), walked camera-relative with WASD or the arrows, space to jump.
 */
function makePlayer(shototsu, world, scene, start) {
  const RADIUS = 0.35,
    HEIGHT = 1.7,
    SPEED = 4,
    JUMP = 5;
  const ch = new shototsu.CharacterController(world, { radius: RADIUS, height: HEIGHT }, start);
  ch.register();
  const mesh = new THREE.Mesh(
    new THREE.CapsuleGeometry(RADIUS, HEIGHT - 2 * RADIUS, 6, 18),
    new THREE.MeshStandardMaterial({ color: '#ff7a45', roughness: 0.5 }),
  );
  mesh.castShadow = true;
  scene.add(mesh);
  const forward = new THREE.Vector3(),
    right = new THREE.Vector3(),
    wish = new THREE.Vector3();
  const up = new THREE.Vector3(0, 1, 0);
  let vy = 0;
  let grounded = false;
  return {
    move(dt, input, camera, gravity) {
      camera.getWorldDirection(forward);
      forward.y = 0;
      forward.normalize();
      right.crossVectors(forward, up);
      const { x, y } = input.move();
      wish.copy(forward).multiplyScalar(y).addScaledVector(right, x);
      if (wish.lengthSq() > 1) wish.normalize();
      if (grounded && input.takeJump()) vy = JUMP;
      vy -= gravity * dt;
      const report = ch.move({ x: wish.x * SPEED * dt, y: vy * dt, z: wish.z * SPEED * dt });
      grounded = report.grounded;
      if (grounded && vy < 0) vy = 0;
    },
    /** Its capsule's axis ends and radius, as the world holds it. */
    capsule() {
      const p = ch.position;
      const h = HEIGHT / 2 - RADIUS;
      return { a: { x: p.x, y: p.y - h, z: p.z }, b: { x: p.x, y: p.y + h, z: p.z }, radius: RADIUS };
    },
    position: () => ch.position,
    draw() {
      const p = ch.position;
      mesh.position.set(p.x, p.y, p.z);
    },
  };
}

/** A post from the ground up to `at`, and a barrel pointing +x. */
function makeGun(at, groundY) {
  const metal = new THREE.MeshStandardMaterial({ color: '#ced4da', metalness: 0.6, roughness: 0.35 });
  const gun = new THREE.Group();
  const post = new THREE.Mesh(new THREE.CylinderGeometry(0.1, 0.14, at.y - groundY, 12), metal);
  post.position.y = -(at.y - groundY) / 2;
  const barrel = new THREE.Mesh(new THREE.CylinderGeometry(0.2, 0.28, 1.6, 20).rotateZ(-Math.PI / 2), metal);
  gun.add(post, barrel);
  gun.position.copy(at);
  return gun;
}

const fmt = (x, digits) => (Number.isFinite(x) ? x.toFixed(digits) : '–');

/**
 * Colours by speed, indexed by √speed × 6 (m/s): resting blue, slow cyan and green, falling
 * yellow and orange, fast red, shots white — as flat RGB floats, 3 per entry.
 */
function speedPalette() {
  const stops = [
    [0, '#339af0'],
    [4, '#22b8cf'],
    [8, '#94d82d'],
    [13, '#ffd43b'],
    [19, '#ff922b'],
    [27, '#fa5252'],
    [40, '#ffffff'],
  ];
  const out = new Float32Array(48 * 3);
  const c = new THREE.Color();
  for (let i = 0; i < 48; i++) {
    const k = Math.max(
      0,
      stops.findLastIndex(([at]) => at <= i),
    );
    const [a, from] = stops[k],
      [b, to] = stops[Math.min(k + 1, stops.length - 1)];
    c.set(from)
      .lerp(new THREE.Color(to), b > a ? Math.min((i - a) / (b - a), 1) : 0)
      .toArray(out, 3 * i);
  }
  return out;
}
