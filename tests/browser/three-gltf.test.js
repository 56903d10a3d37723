// shototsu/three in headless Chromium with three.js's own glTF tools: a level exported by
// GLTFExporter and loaded back by GLTFLoader goes into a World by addObject3D in one call, and a
// CharacterController walks it for 300 frames (tests/browser/three/index.html). Served as static
// files from the repository root (dist/, three from node_modules through an import map).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, staticPageResult } from './harness.js';

test('a glTF level added by addObject3D holds a walking character on its floor and stops it at its wall', async (t) => {
  if (!existsSync(join(ROOT, 'dist', 'three.js'))) {
    t.skip('no dist/: run scripts/build.sh first');
    return;
  }
  const { result, problems } = await staticPageResult('tests/browser/three/index.html');
  assert.equal(result.error, undefined, result.error);
  assert.ok(result.glbBytes > 0);
  assert.equal(result.objects, 2);
  assert.deepEqual(result.names, ['floor', 'wall']);
  // The wall's face is at x = 3 (its group is turned a quarter about y, then moved to x = 3.5).
  assert.ok(Math.abs(result.wallDistance - 3) <= 1e-5, `wall at ${result.wallDistance}`);
  assert.equal(result.wallName, 'wall');

  const { radius, height, skinWidth } = result.settings;
  const rest = height / 2; // the capsule's centre over the floor's top, y = 0
  const stop = 3 - radius; // its centre against the wall's face
  for (const [i, [x, y, z, grounded]] of result.frames.entries()) {
    assert.ok(x <= stop + 1e-4, `frame ${i}: through the wall at x = ${x}`);
    if (i < 60) continue; // dropped from y = 2: landed within a second
    assert.equal(grounded, 1, `frame ${i}: grounded`);
    assert.ok(Math.abs(y - rest) <= 2 * skinWidth, `frame ${i}: centre at y = ${y}, expected ${rest}`);
    assert.ok(Math.abs(z - 0.3) <= 1e-4, `frame ${i}: pushed sideways to z = ${z}`);
  }
  // 5 s at 2 m/s would reach x = 10: it walked to the wall and was stopped there.
  const [x, , , , hitWall] = result.frames.at(-1);
  assert.ok(Math.abs(x - stop) <= 2 * skinWidth, `stopped at x = ${x}, the wall at ${stop}`);
  assert.equal(hitWall, 1, 'the last move reports the wall');
  assert.deepEqual(problems, []);
});
