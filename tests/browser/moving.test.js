// The playground's moving world in headless Chromium, judged from positions. Each page starts
// paused (`&paused`: the clock stops, nothing is drawn until `playground.draw()`) and is stepped at
// the fixed 1/60 s through the mode's `advance(n)`, so the runs do not depend on the machine's speed: the capsule rides the
// lift up and down twice, grounded on it every step and never in it; the turning disc carries it
// rigidly; the swinging door pushes it, never deeper than the skin; 300 particles fired at the
// paddle spinning at 30 rad/s never get through it, and the capsule walking in the rain ends no step
// with a particle inside. Serves the built site (web/dist).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { serve } from './server.js';
import { ROOT, launch, open, advance, drawFrame, screenshot } from './harness.js';

const SITE = join(ROOT, 'web', 'dist');
const SMALL = { width: 640, height: 400 };
const HALF_HEIGHT = 0.85; // the characters' capsule: 1.7 m tall
let server, browser, characters;

before(async () => {
  server = await serve(SITE);
  browser = await launch();
  characters = await open(browser.context, server.url, '?mode=characters&at=lift&walkers=0&paused', SMALL);
});

after(async () => {
  await characters?.page.close();
  await browser?.close();
  await server?.close();
});

/** Draws one frame of the paused page and saves it under test-artifacts/browser/. */
async function drawn(page, name) {
  await drawFrame(page);
  await screenshot(page, name);
}

/** Puts the player at one of the course's places (the panel's "Start at") and lets it land. */
async function placeAt(page, at) {
  // Set in the page rather than with page.selectOption, which waits for frames SwiftShader draws slowly.
  await page.evaluate((value) => {
    const select = document.getElementById('param-at');
    select.value = value;
    select.dispatchEvent(new Event('change', { bubbles: true }));
  }, at);
  return advance(page, 30);
}

test('characters: the capsule rides the lift up and down twice, grounded on it every step', async () => {
  const { page, problems } = characters;
  await placeAt(page, 'lift');
  const steps = await advance(page, 6.5 * 60); // two 3 s cycles and a bit
  const skin = (await page.evaluate(() => window.playground.info())).skin;
  const off = steps.filter((s) => !s.grounded || s.ground !== 'lift');
  assert.equal(off.length, 0, `off the lift ${off.length} steps, first: ${JSON.stringify(off[0])}`);
  // The feet follow the lift's top: never in it, never more than the skin (and a little) above it.
  const gaps = steps.map((s) => s.position.y - HALF_HEIGHT - s.liftTop);
  assert.ok(Math.min(...gaps) >= -1e-3, `sank ${(-1000 * Math.min(...gaps)).toFixed(2)} mm into the lift`);
  assert.ok(Math.max(...gaps) <= 2 * skin, `lifted ${(1000 * Math.max(...gaps)).toFixed(2)} mm off the lift`);
  // Up and down twice: four reversals, 3 m each way.
  const ys = steps.map((s) => s.position.y);
  let reversals = 0;
  for (let i = 2; i < ys.length; i++) if ((ys[i] - ys[i - 1]) * (ys[i - 1] - ys[i - 2]) < 0) reversals++;
  assert.ok(reversals >= 4, `${reversals} reversals`);
  assert.ok(Math.max(...ys) - Math.min(...ys) > 2.95, 'the full 3 m');
  assert.ok(
    steps.every((s) => s.carried),
    'carried every step',
  );
  assert.deepEqual(problems, []);
});

test('characters: the turning disc carries the capsule rigidly and turns it with the disc', async () => {
  const { page, problems } = characters;
  const settled = await placeAt(page, 'disc');
  const from = settled.at(-1);
  const steps = await advance(page, 3 * 60);
  const to = steps.at(-1);
  assert.ok(
    steps.every((s) => s.grounded && s.carried && s.ground === 'disc'),
    'on the disc, carried, every step',
  );
  // The rigid turn of where it stood about the disc's axis (x -5, z -16) at 1 rad/s: three.js's
  // turn about +y takes +x toward -z.
  const angle = to.time - from.time;
  const dx = from.position.x + 5,
    dz = from.position.z + 16;
  const x = -5 + Math.cos(angle) * dx + Math.sin(angle) * dz;
  const z = -16 - Math.sin(angle) * dx + Math.cos(angle) * dz;
  const error = Math.hypot(to.position.x - x, to.position.z - z);
  assert.ok(error < 0.01, `${(1000 * error).toFixed(2)} mm from the rigid carry after 3 s`);
  const yaw = steps.reduce((sum, s) => sum + s.yawChange, 0);
  assert.ok(Math.abs(yaw - angle) < 1e-3, `turned ${yaw} rad for the disc's ${angle}`);
  assert.deepEqual(problems, []);
});

test('characters: the swinging door pushes the capsule out of its way, never deeper than the skin', async () => {
  const { page, problems } = characters;
  const start = (await placeAt(page, 'door')).at(-1).position;
  const skin = (await page.evaluate(() => window.playground.info())).skin;
  // The door swings 1.4 rad either way every 7.9 s: within 8 s it sweeps through the place.
  const steps = await advance(page, 8 * 60);
  const pushed = steps.filter((s) => s.pushed);
  assert.ok(pushed.length > 5, `pushed ${pushed.length} steps`);
  const deepest = Math.max(...steps.map((s) => s.depth));
  assert.ok(deepest <= skin, `${(1000 * deepest).toFixed(2)} mm into the door or the wall`);
  const end = steps.at(-1).position;
  assert.ok(Math.hypot(end.x - start.x, end.z - start.z) > 0.3, 'moved by the door');
  await drawn(page, 'characters-door');
  assert.deepEqual(problems, []);
});

test('particles: none of 300 fired at the paddle spinning at 30 rad/s gets through it', async () => {
  const { page, problems } = await open(
    browser.context,
    server.url,
    '?mode=particles&scene=room&count=100&spin=30&paused',
    SMALL,
  );
  await advance(page, 10);
  await page.evaluate(() => window.playground.running.fireAtPaddle());
  await advance(page, 60);
  const info = await page.evaluate(() => window.playground.info({ positions: true }));
  assert.equal(info.firedAtPaddle, 300);
  assert.equal(info.spin, 30);
  assert.equal(info.through, 0, 'none through the paddle');
  assert.equal(info.inCapsule, 0, 'none in the capsule standing in the rain');
  assert.ok(info.batted >= 30, `the paddle batted ${info.batted} times`);
  assert.equal(info.outside, 0, 'none left the room');
  // The same from the positions here: none inside the paddle at its pose now.
  const [cx, cy, cz] = info.paddle.centre;
  const [hx, hy, hz] = info.paddle.half;
  const c = Math.cos(-info.paddle.angle),
    s = Math.sin(-info.paddle.angle);
  let inside = 0;
  for (let i = 0; i < info.positions.length; i += 3) {
    const x = info.positions[i] - cx,
      y = info.positions[i + 1] - cy,
      z = info.positions[i + 2] - cz;
    const lx = c * x - s * y,
      ly = s * x + c * y;
    if (Math.abs(lx) < hx && Math.abs(ly) < hy && Math.abs(z) < hz) inside++;
  }
  assert.equal(inside, 0);
  await drawn(page, 'particles-paddle');
  assert.deepEqual(problems, []);
  await page.close();
});

test('particles: the capsule walking through the rain and the particles at rest ends no step with one inside', async () => {
  const { page, problems } = await open(
    browser.context,
    server.url,
    '?mode=particles&scene=room&count=300&paused',
    SMALL,
  );
  await advance(page, 180);
  const key = (type, code) =>
    page.evaluate(([t, c]) => window.dispatchEvent(new KeyboardEvent(t, { code: c })), [type, code]);
  const player = () => page.evaluate(() => window.playground.info().player);
  const start = await player();
  // Forward 1.5 s at 4 m/s, then back.
  let walked = 0;
  for (const code of ['KeyW', 'KeyS']) {
    await key('keydown', code);
    await advance(page, 90);
    await key('keyup', code);
    const at = await player();
    walked = Math.max(walked, Math.hypot(at.x - start.x, at.z - start.z));
  }
  const info = await page.evaluate(() => window.playground.info());
  assert.ok(info.count >= 300, `${info.count} particles`);
  assert.ok(walked > 2, `it walked ${walked.toFixed(2)} m`);
  assert.equal(info.inCapsule, 0, 'none in the capsule while it walks');
  assert.equal(info.through, 0);
  assert.deepEqual(problems, []);
  await page.close();
});
