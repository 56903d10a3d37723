// A character crushed through the package (character.hpp, MOVING WORLDS): a box primitive coming
// down to less than the capsule's diameter above the floor reports it crushed and squeezes it
// out sideways, never inside the box or the floor beyond the skin at a step's end.
import test from 'node:test';
import assert from 'node:assert/strict';

import { loadPackage } from './helpers.js';

const { s } = await loadPackage();

test('CharacterController: a slab coming down on it reports crushed and squeezes it out, never inside', () => {
  const w = new s.World();
  w.addMesh(new Float32Array([-50, 0, -50, -50, 0, 50, 50, 0, 50, -50, 0, -50, 50, 0, 50, 50, 0, -50]));
  const half = { x: 0.8, y: 0.2, z: 0.8 };
  const bottomAt = (t) => Math.max(2.5 - t, 0.5); // 1 m/s down to 0.5 m, under the 0.7 m diameter
  const place = (t) => ({ position: { x: 0, y: bottomAt(t) + half.y, z: 0 } });
  const slab = w.addBox(place(0).position, { x: 0, y: 0, z: 0, w: 1 }, half);
  const ch = new s.CharacterController(w, {}, { x: 0.2, y: 0.86, z: 0.1 });
  const { radius, height, skinWidth } = ch.settings;
  const dt = 1 / 60;
  let crushed = 0;
  let deepest = 0;
  let wasOutside = false;
  for (let f = 1; f <= 150; f++) {
    const t = f * dt;
    w.setTransform(slab, place(t));
    w.update(dt);
    const m = ch.move({ x: 0, y: -dt, z: 0 });
    const outside = Math.max(Math.abs(ch.position.x), Math.abs(ch.position.z)) > half.x + radius;
    if (m.crushed) {
      crushed++;
      assert.ok(!wasOutside, `crushed again at frame ${f} after leaving the slab's footprint`);
      assert.ok(bottomAt(t) < height + 3 * skinWidth, `crushed at frame ${f} with ${bottomAt(t)} m of room`);
      assert.ok(m.crushDepth > 0);
    }
    // The capsule's axis against the box, by hand: how far apart their x, z and y intervals are.
    const p = ch.position;
    const dx = Math.max(0, Math.abs(p.x) - half.x);
    const dz = Math.max(0, Math.abs(p.z) - half.z);
    const lo = p.y - (height / 2 - radius);
    const hi = p.y + (height / 2 - radius);
    const b = bottomAt(t);
    const dy = Math.max(0, b - hi, lo - (b + 2 * half.y));
    const dist = Math.hypot(dx, dy, dz);
    const depth = dist > 0 ? radius - dist : Infinity;
    deepest = Math.max(deepest, depth, radius - lo); // and the floor at y = 0
    assert.ok(depth <= skinWidth, `inside the slab by ${depth} m at frame ${f}`);
    assert.ok(radius - lo <= skinWidth, `inside the floor by ${radius - lo} m at frame ${f}`);
    wasOutside ||= outside;
  }
  assert.ok(crushed >= 1, 'crushed when pinned');
  assert.ok(wasOutside);
  assert.ok(ch.position.x > half.x + radius, `squeezed out toward +x (x = ${ch.position.x})`);
  assert.ok(Math.abs(ch.position.z - 0.1) < 1e-3);
  w.dispose();
});
