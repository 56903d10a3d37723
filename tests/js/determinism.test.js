// Determinism (issue 9): the benchmark scenes S1 and S2 (bench/scenes.mjs, the benchmark's own
// generators and sizes: 1000 particles, 100 characters) run for 600 steps natively and in wasm
// give bit-identical states after every step. The native side is tests/native/scenes_golden.cpp
// (built by the native tree, as npm test does first), run here on scene files this test writes;
// both sides hash the float32 bits of the state after each step with 32-bit FNV-1a.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { loadPackage, root } from './helpers.js';
import { writeScenes } from '../native/write-scenes.mjs';

const { s } = await loadPackage();
const STEPS = 600;
const DT = Math.fround(1 / 60);
const native = `${root}build/native/tests/native/shototsu_scenes_golden`;
if (!existsSync(native)) throw new Error(`${native} is missing: build the native tree first (npm test does)`);

const dir = mkdtempSync(join(tmpdir(), 'shototsu-scenes-'));
const scene = writeScenes(dir, 1000, 100);
process.on('exit', () => rmSync(dir, { recursive: true, force: true }));

const words = new Uint32Array(1);
const _asFloat = new Float32Array(words.buffer);
/** FNV-1a over the float32 bits of `values` (a Float32Array), continuing from h. */
function fnv1a(h, values) {
  const u = new Uint32Array(values.buffer, values.byteOffset, values.length);
  for (let i = 0; i < u.length; i++) h = Math.imul(h ^ u[i], 16777619) >>> 0;
  return h;
}
const FNV_BASIS = 2166136261;
const hex = (h) => h.toString(16).padStart(8, '0');

function nativeHashes(sceneName, files, extra = []) {
  const out = execFileSync(
    native,
    [
      sceneName,
      '--world',
      files.world,
      '--spawn',
      files.spawn,
      '--steps',
      String(STEPS),
      '--dt',
      DT.toPrecision(9),
      ...extra,
    ],
    {
      encoding: 'utf8',
    },
  );
  return JSON.parse(out).hashes;
}

/** The first step whose hashes differ, or -1. */
function firstDifference(wasm, nat) {
  assert.equal(wasm.length, nat.length);
  return wasm.findIndex((h, i) => h !== nat[i]);
}

function newWorld(mesh) {
  const w = new s.World();
  w.addMesh(mesh.positions, mesh.indices);
  return w;
}

for (const pairs of [false, true]) {
  test(`S1: 1000 particles on the S1 terrain${pairs ? ' with particle pairs' : ''}, ${STEPS} steps: wasm equals native bit for bit after every step`, () => {
    const nat = nativeHashes(
      's1',
      { world: scene.files.s1World, spawn: scene.files.particles },
      pairs ? ['--pairs', '1'] : [],
    );
    const w = newWorld(scene.s1);
    const p = scene.particles;
    const ps = new s.ParticleSystem(w, {
      capacity: p.count,
      radius: 0.15,
      restitution: 0.6,
      friction: 0.3,
      damping: 0,
      gravity: { x: 0, y: -9.81, z: 0 },
      collideParticles: pairs,
    });
    for (let k = 0; k < p.count; k++) {
      const i = 3 * k;
      assert.equal(
        ps.spawn(
          { x: p.positions[i], y: p.positions[i + 1], z: p.positions[i + 2] },
          { x: p.velocities[i], y: p.velocities[i + 1], z: p.velocities[i + 2] },
          p.radii[k],
        ),
        k,
      );
    }
    const wasm = [];
    let contacts = 0;
    for (let step = 0; step < STEPS; step++) {
      ps.step(DT);
      contacts += ps.stats.contacts;
      wasm.push(hex(fnv1a(fnv1a(FNV_BASIS, ps.positions), ps.velocities)));
    }
    const at = firstDifference(wasm, nat);
    assert.equal(at, -1, `the states part at step ${at + 1}`);
    assert.ok(contacts > 1000, `a scene with bounces (${contacts} contacts)`);
    assert.equal(new Set(wasm).size, STEPS, 'the state changes every step');
    w.dispose();
  });
}

test(`S2: 100 characters on the S2 world (stairs, 40 and 60 degree ramps), ${STEPS} steps: wasm equals native bit for bit after every step`, () => {
  const nat = nativeHashes('s2', { world: scene.files.s2World, spawn: scene.files.characters });
  const w = newWorld(scene.s2);
  const c = scene.characters;
  const f = Math.fround;
  const chars = [];
  for (let k = 0; k < c.count; k++) {
    const i = 3 * k;
    const ch = new s.CharacterController(
      w,
      {
        radius: 0.35,
        height: f(2 * (0.5 + f(0.35))),
        stepHeight: 0.3,
        maxSlope: 45,
        snapDistance: 0.3,
        skinWidth: 0.01,
      },
      { x: c.positions[i], y: c.positions[i + 1], z: c.positions[i + 2] },
    );
    chars.push({ ch, walkX: c.velocities[i], walkZ: c.velocities[i + 2], vy: 0 });
  }
  // The caller's gravity as the native driver computes it: float32 arithmetic throughout.
  const g = f(-9.81),
    gdt = f(g * DT);
  const state = new Float32Array(4 * c.count);
  const wasm = [];
  let grounded = 0;
  for (let step = 0; step < STEPS; step++) {
    chars.forEach((k, i) => {
      k.vy = f(k.vy + gdt);
      const m = k.ch.move({ x: f(k.walkX * DT), y: f(k.vy * DT), z: f(k.walkZ * DT) });
      if (m.grounded) {
        k.vy = 0;
        grounded++;
      }
      state[4 * i] = m.position.x;
      state[4 * i + 1] = m.position.y;
      state[4 * i + 2] = m.position.z;
      state[4 * i + 3] = k.vy;
    });
    wasm.push(hex(fnv1a(FNV_BASIS, state)));
  }
  const at = firstDifference(wasm, nat);
  assert.equal(at, -1, `the states part at step ${at + 1}`);
  assert.ok(grounded > 0.5 * STEPS * c.count, `characters walk on the ground (${grounded} grounded moves)`);
  w.dispose();
});
