// ParticleSystem, CharacterController and CharacterGroup through the package: the public
// contract of issues 5 and 6, their life cycle with the World, bad input, and the same runs as
// the native core (tests/native/systems_golden.cpp) giving bit-identical states in wasm.
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

import { goldenDir, loadPackage } from './helpers.js';

const { s } = await loadPackage();

const read = (name, Type) => {
  const buf = readFileSync(`${goldenDir}/${name}`);
  return new Type(buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength));
};
const meta = JSON.parse(readFileSync(`${goldenDir}/systems.json`, 'utf8'));

function goldenWorld() {
  const w = new s.World();
  w.addMesh(read('systems_positions.f32', Float32Array), read('systems_indices.u32', Uint32Array));
  return w;
}

function floorWorld() {
  const w = new s.World();
  w.addMesh(new Float32Array([-50, 0, -50, -50, 0, 50, 50, 0, 50, -50, 0, -50, 50, 0, 50, 50, 0, -50]));
  return w;
}

/** Indices where two Float32Arrays differ in their bits. */
function bitDifferences(a, b) {
  const ua = new Uint32Array(a.buffer, a.byteOffset, a.length);
  const ub = new Uint32Array(b.buffer, b.byteOffset, b.length);
  const out = [];
  for (let i = 0; i < ua.length; i++) if (ua[i] !== ub[i]) out.push(i);
  return out;
}

for (const pairs of [false, true]) {
  test(`ParticleSystem: ${meta.particles} particles over ${meta.particleSteps} steps${pairs ? ' with particle pairs' : ''} equal the native core bit for bit`, () => {
    const w = goldenWorld();
    const ps = new s.ParticleSystem(w, {
      capacity: meta.particles,
      restitution: 0.6,
      friction: 0.4,
      damping: 0.05,
      collideParticles: pairs,
    });
    const sp = read('systems_spawns.f32', Float32Array);
    for (let i = 0; i < meta.particles; i++) {
      const k = 7 * i;
      assert.equal(
        ps.spawn({ x: sp[k], y: sp[k + 1], z: sp[k + 2] }, { x: sp[k + 3], y: sp[k + 4], z: sp[k + 5] }, sp[k + 6]),
        i,
      );
    }
    for (let step = 0; step < meta.particleSteps; step++) ps.step(1 / 60);
    const state = new Float32Array(6 * meta.particles);
    state.set(ps.positions, 0);
    state.set(ps.velocities, 3 * meta.particles);
    const expected = read(pairs ? 'systems_particles_pairs.f32' : 'systems_particles.f32', Float32Array);
    const diffs = bitDifferences(state, expected);
    assert.equal(
      diffs.length,
      0,
      `${diffs.length} floats differ; first at ${diffs[0]}: ${state[diffs[0]]} vs ${expected[diffs[0]]}`,
    );
    w.dispose();
  });
}

test(`CharacterGroup: ${meta.characters} characters over ${meta.characterSteps} steps on stairs, ramps and terrain equal the native core bit for bit`, () => {
  const w = goldenWorld();
  const group = new s.CharacterGroup(w, {}, meta.characters);
  const starts = read('systems_character_starts.f32', Float32Array);
  const disp = read('systems_character_displacements.f32', Float32Array);
  for (let i = 0; i < meta.characters; i++) group.add({ x: starts[3 * i], y: starts[3 * i + 1], z: starts[3 * i + 2] });
  const trail = [];
  for (let step = 0; step < meta.characterSteps; step++) {
    group.moveAll(disp);
    if (step % meta.trailEvery === meta.trailEvery - 1) trail.push(...group.positions);
  }
  const expected = read('systems_characters.f32', Float32Array);
  const diffs = bitDifferences(Float32Array.from(trail), expected);
  assert.equal(diffs.length, 0, `${diffs.length} floats differ; first at ${diffs[0]}`);
  w.dispose();
});

test('ParticleSystem: spawn, step, views into wasm memory, stats and live settings', () => {
  const w = floorWorld();
  const ps = new s.ParticleSystem(w, { capacity: 3, radius: 0.2, restitution: 0 });
  assert.equal(ps.capacity, 3);
  assert.equal(ps.spawn({ x: 0, y: 2, z: 0 }), 0);
  assert.equal(ps.spawn({ x: 1, y: 2, z: 0 }, { x: 1, y: 0, z: 0 }, 0.5), 1);
  assert.equal(ps.spawn({ x: 2, y: 2, z: 0 }), 2);
  assert.equal(ps.spawn({ x: 3, y: 2, z: 0 }), -1, 'full');
  assert.equal(ps.count, 3);
  assert.equal(ps.positions.length, 9);
  assert.equal(ps.positions.buffer, ps.velocities.buffer, 'views of the same wasm memory');
  assert.deepEqual(Array.from(ps.radii), [Math.fround(0.2), 0.5, Math.fround(0.2)]);
  for (let i = 0; i < 120; i++) ps.step(1 / 60);
  const p = ps.positions;
  assert.ok(Math.abs(p[1] - 0.2) < 1e-3, `resting on the floor at its radius (y = ${p[1]})`);
  assert.ok(Math.abs(p[4] - 0.5) < 1e-3);
  assert.ok(ps.stats.contacts >= 0 && ps.stats.saturated === 0);
  ps.configure({ gravity: { x: 0, y: 9.81, z: 0 } });
  assert.equal(ps.settings.gravity.y, 9.81);
  for (let i = 0; i < 30; i++) ps.step(1 / 60);
  assert.ok(ps.positions[1] > 1, 'gravity reversed: it rose');
  // Writing a velocity through the view is how callers kick particles.
  ps.velocities[0] = 5;
  ps.step(1 / 60);
  assert.ok(ps.positions[0] > 0);
  ps.clear();
  assert.equal(ps.count, 0);
  w.dispose();
});

test('CharacterController: walks, reports grounded and why, teleports with position', () => {
  const w = floorWorld();
  const ch = new s.CharacterController(w, { radius: 0.35, height: 1.7 }, { x: 0, y: 0.86, z: 0 });
  let m;
  for (let i = 0; i < 30; i++) m = ch.move({ x: 4 / 60, y: -0.05, z: 0 });
  assert.equal(m.grounded, true);
  assert.equal(m.reason, 'walkable');
  assert.deepEqual(m.groundNormal, { x: 0, y: 1, z: 0 });
  assert.equal(m.slopeAngle, 0);
  assert.ok(Math.abs(m.position.x - 2) < 1e-3);
  assert.ok(m.groundTriangle === 0 || m.groundTriangle === 1);
  ch.position = { x: 5, y: 10, z: 0 };
  assert.deepEqual(ch.position, { x: 5, y: 10, z: 0 });
  m = ch.move({ x: 0, y: -0.1, z: 0 });
  assert.equal(m.grounded, false);
  assert.equal(m.reason, 'no ground');
  assert.equal(m.groundObject, -1);
  w.dispose();
});

test('CharacterController: spawned or teleported half into the floor, it stands up on it', () => {
  // Its axis across the floor (the bottom sphere's centre under it): the first move pushes it out
  // up, onto the floor, a skin above it — not down through it.
  const w = floorWorld();
  const ch = new s.CharacterController(w, { radius: 0.35, height: 1.7 }, { x: 0, y: 0.85 - 0.6, z: 0 });
  const { skinWidth } = ch.settings;
  let m = ch.move({ x: 0, y: -0.01, z: 0 });
  assert.equal(m.grounded, true);
  assert.equal(m.reason, 'walkable');
  assert.ok(Math.abs(ch.position.y - (0.85 + skinWidth)) < 1e-4, `y = ${ch.position.y}`);
  ch.position = { x: 3, y: 0.85 - 0.84, z: -1 }; // feet 0.84 m in: just under half its height
  m = ch.move({ x: 0, y: -0.01, z: 0 });
  assert.equal(m.grounded, true);
  assert.ok(Math.abs(ch.position.y - (0.85 + skinWidth)) < 1e-4, `y = ${ch.position.y}`);
  assert.deepEqual([ch.position.x, ch.position.z], [3, -1]);
  w.dispose();
});

test('CharacterGroup.grounded: one byte per character, as each lastMove reports, valid after the memory grows', () => {
  const w = floorWorld();
  const g = new s.CharacterGroup(w, {}, 8);
  assert.equal(g.grounded.length, 0);
  // Four on the floor (feet a skin above it), two high in the air, one a metre above it.
  for (const [x, y] of [
    [0, 0.86],
    [2, 0.86],
    [4, 0.86],
    [6, 0.86],
    [0, 10],
    [2, 20],
    [4, 1.9],
  ])
    g.add({ x, y, z: 0 });
  assert.equal(g.grounded.length, 7);
  assert.deepEqual([...g.grounded], [0, 0, 0, 0, 0, 0, 0]); // no move yet
  const d = new Float32Array(3 * 7);
  for (let i = 0; i < 7; i++) d[3 * i + 1] = -1 / 60;
  const check = () => {
    const view = g.grounded;
    assert.ok(view instanceof Uint8Array);
    for (let i = 0; i < 7; i++) assert.equal(view[i], g.lastMove(i).grounded ? 1 : 0, `character ${i}`);
    return [...view];
  };
  g.moveAll(d);
  assert.deepEqual(check(), [1, 1, 1, 1, 0, 0, 0]);
  const buffer = g.grounded.buffer;
  // Growing the wasm memory detaches the old view; the property hands out a new one.
  const big = [];
  for (let k = 0; k < 40; k++) big.push(s.allocFloat32(1 << 18));
  d.fill(0);
  for (let i = 0; i < 7; i++) d[3 * i + 1] = -1 / 60;
  g.moveAll(d);
  assert.deepEqual(check().slice(0, 6), [1, 1, 1, 1, 0, 0]);
  assert.notEqual(g.grounded.buffer, buffer); // the memory grew: a view of the new one
  for (const a of big) a.dispose();
  g.dispose();
  assert.throws(() => g.grounded, /CharacterGroup.grounded: this CharacterGroup was disposed/);
  w.dispose();
});

test('Disposing the World disposes what was built on it, and use afterwards throws', () => {
  const w = floorWorld();
  const ps = new s.ParticleSystem(w);
  const ch = new s.CharacterController(w);
  const g = new s.CharacterGroup(w, {}, 2);
  w.dispose();
  for (const o of [ps, ch, g]) assert.equal(o.disposed, true);
  assert.throws(() => ps.step(1 / 60), /ParticleSystem.step: this ParticleSystem was disposed/);
  assert.throws(() => ch.move({ x: 0, y: 0, z: 0 }), /CharacterController.move: this CharacterController was disposed/);
  assert.throws(() => g.add({ x: 0, y: 0, z: 0 }), /CharacterGroup.add: this CharacterGroup was disposed/);
  assert.throws(
    () => new s.ParticleSystem(w),
    (e) => e instanceof TypeError && /'world' is a World that was disposed/.test(e.message),
  );
  ps.dispose(); // idempotent
  const w2 = floorWorld();
  const ps2 = new s.ParticleSystem(w2);
  ps2[Symbol.dispose]();
  assert.equal(ps2.disposed, true);
  w2.dispose();
});

test('Bad input to the systems throws TypeError or RangeError naming the argument, and the module keeps working', () => {
  const w = floorWorld();
  const cases = [
    [() => new s.ParticleSystem(null), TypeError, /'world'/],
    [() => new s.ParticleSystem({}), TypeError, /'world'/],
    [() => new s.ParticleSystem(w, 3), TypeError, /'options'/],
    [() => new s.ParticleSystem(w, { capacity: 0 }), RangeError, /options.capacity/],
    [() => new s.ParticleSystem(w, { capacity: 1.5 }), RangeError, /options.capacity/],
    [() => new s.ParticleSystem(w, { radius: -1 }), RangeError, /options.radius/],
    [() => new s.ParticleSystem(w, { radius: NaN }), RangeError, /options.radius/],
    [() => new s.ParticleSystem(w, { restitution: 1.5 }), RangeError, /options.restitution/],
    [() => new s.ParticleSystem(w, { friction: '0.3' }), TypeError, /options.friction/],
    [() => new s.ParticleSystem(w, { gravity: { x: 0, y: Infinity, z: 0 } }), RangeError, /options.gravity.y/],
    [() => new s.CharacterController(w, { radius: 0 }), RangeError, /options.radius/],
    [() => new s.CharacterController(w, { height: 0.1 }), RangeError, /options.height/],
    [() => new s.CharacterController(w, { radius: 1, height: 1.5 }), RangeError, /options.height/],
    [() => new s.CharacterController(w, { maxSlope: 120 }), RangeError, /options.maxSlope/],
    [() => new s.CharacterController(w, { skinWidth: 0 }), RangeError, /options.skinWidth/],
    [() => new s.CharacterController(w, {}, { x: 0, y: NaN, z: 0 }), RangeError, /'position.y'/],
    [() => new s.CharacterGroup(w, {}, 0), RangeError, /'capacity'/],
  ];
  for (const [call, Err, pattern] of cases) assert.throws(call, (e) => e instanceof Err && pattern.test(e.message));

  const ps = new s.ParticleSystem(w, { capacity: 4 });
  assert.throws(() => ps.spawn(), TypeError);
  assert.throws(() => ps.spawn({ x: 0, y: 0 }), /'position.z'/);
  assert.throws(() => ps.spawn({ x: 0, y: 0, z: 0 }, { x: NaN, y: 0, z: 0 }), RangeError);
  assert.throws(() => ps.spawn({ x: 0, y: 0, z: 0 }, undefined, 0), /'radius'/);
  assert.throws(() => ps.step(), TypeError);
  assert.throws(() => ps.step(-1), RangeError);
  assert.throws(() => ps.step(Infinity), RangeError);
  const ch = new s.CharacterController(w);
  assert.throws(() => ch.move(), TypeError);
  assert.throws(() => ch.move({ x: 0, y: NaN, z: 0 }), RangeError);
  assert.throws(() => {
    ch.position = { x: 'a', y: 0, z: 0 };
  }, TypeError);
  const g = new s.CharacterGroup(w, {}, 2);
  g.add({ x: 0, y: 1, z: 0 });
  assert.throws(() => g.moveAll([0, 0, 0]), TypeError);
  assert.throws(() => g.moveAll(new Float32Array(2)), RangeError);
  assert.throws(() => g.lastMove(5), RangeError);
  // Still working.
  assert.equal(ps.spawn({ x: 0, y: 1, z: 0 }), 0);
  ps.step(1 / 60);
  assert.ok(Number.isFinite(ps.positions[1]));
  assert.equal(
    s.closestPointOnTriangle({ x: 0, y: 1, z: 0 }, { x: 0, y: 0, z: 0 }, { x: 1, y: 0, z: 0 }, { x: 0, y: 0, z: 1 })
      .region,
    'A',
  );
  w.dispose();
});

test('CharacterController: particles in the way of a registered character walking at 4 m/s end no step inside it', () => {
  // The frame order of the README: update, move the characters, step the particles. Its capsule
  // moves over each step with the character's velocity, so the particles sweep it coming.
  const w = floorWorld();
  const dt = 1 / 60;
  const ch = new s.CharacterController(w, {}, { x: -1, y: 0.86, z: 0 });
  ch.register();
  const r = 0.1;
  const ps = new s.ParticleSystem(w, { capacity: 30, radius: r, restitution: 0.3 });
  for (let k = 0; k < 30; k++) ps.spawn({ x: 0.5 + 0.35 * Math.floor(k / 5), y: r, z: -0.7 + 0.35 * (k % 5) });
  for (let f = 0; f < 10; f++) {
    w.update(dt);
    ps.step(dt);
  }
  const start = Float32Array.from(ps.positions);
  let inside = 0;
  let deepest = 0;
  for (let f = 0; f < 120; f++) {
    w.update(dt);
    ch.move({ x: 4 * dt, y: -dt, z: 0 });
    ps.step(dt);
    const c = w.capsule(ch.body);
    const p = ps.positions;
    for (let i = 0; i < ps.count; i++) {
      // Depth of the particle in the upright capsule: radius sum minus the distance to its axis.
      const y = Math.min(Math.max(p[3 * i + 1], Math.min(c.start.y, c.end.y)), Math.max(c.start.y, c.end.y));
      const d = c.radius + r - Math.hypot(p[3 * i] - c.start.x, p[3 * i + 1] - y, p[3 * i + 2] - c.start.z);
      deepest = Math.max(deepest, d);
      if (d > 1e-3) inside++;
    }
  }
  assert.ok(Math.abs(ch.position.x - 7) < 1e-3, `it walked 8 m (x = ${ch.position.x})`);
  assert.equal(inside, 0, `particles inside the capsule at a step's end (deepest ${deepest} m)`);
  assert.ok(deepest < 1e-3);
  // The middle row lay in its way: every one of those particles was moved aside.
  for (let i = 2; i < 30; i += 5) {
    const moved = Math.hypot(ps.positions[3 * i] - start[3 * i], ps.positions[3 * i + 2] - start[3 * i + 2]);
    assert.ok(moved > 0.05, `particle ${i} was moved aside (${moved} m)`);
  }
  w.dispose();
});
