// The playground in headless Chromium (WebGL 2 through SwiftShader): each mode loads with no
// console errors or warnings of ours, renders a non-blank canvas and advances frames; particles
// stay inside the world and none gets into the vault when fired at 1000 m/s; the character
// walks, climbs the 0.25 m stairs and is stopped by the 0.35 m ones; dragging the inspection
// sphere changes the reported region; the embed layout renders at 320×240; `&collision` draws
// the world through shototsu/three's WorldHelper.
// The behaviour is judged on pages opened `&paused` and stepped at the fixed 1/60 s through the
// mode's `advance(n)` (harness.js), with keys and the touch stick held in the page while it steps:
// SwiftShader draws the 32,768-triangle terrain at a few frames per second, and the steps do not
// depend on how many frames the loaded machine manages. Each mode is also run in real time at
// least once: frames advance, the simulation steps with them, the canvas is drawn.
// Serves the built site (web/dist, from scripts/test-browser.sh) on 127.0.0.1.
// Screenshots: test-artifacts/browser/*.png.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { existsSync } from 'node:fs';
import { serve } from './server.js';
import { ROOT, launch, open, frames, advance, drawFrame, screenshot } from './harness.js';
import { closestRegion } from './reference.js';

const SITE = join(ROOT, 'web', 'dist');
/** Behaviour tests run in a small window: SwiftShader draws the 32,768-triangle terrain at a few frames per second. */
const SMALL = { width: 640, height: 400 };
let server, browser;

before(async () => {
  assert.ok(
    existsSync(join(SITE, 'index.html')),
    'web/dist is missing: run scripts/test-browser.sh (it builds the site)',
  );
  server = await serve(SITE);
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await server?.close();
});

/** The canvas shows something: most pixels differ from the background, in many colours. */
async function assertDrawn(page, { minDiffering = 0.2, minColours = 40 } = {}) {
  const px = await page.evaluate(() => window.playground.inspectPixels());
  assert.ok(px.width > 0 && px.height > 0, 'the canvas has a size');
  assert.ok(
    px.differing >= minDiffering,
    `only ${(100 * px.differing).toFixed(1)}% of the pixels differ from the background`,
  );
  assert.ok(px.colours >= minColours, `only ${px.colours} distinct colours`);
  return px;
}

const info = (page, options) => page.evaluate((o) => window.playground.info(o), options);

/**
 * The real-time loop of a paused page: resumed, it draws `n` frames and the mode steps with them.
 * Paused again after (a screenshot waits for the next frame, which SwiftShader is slow to draw).
 * Returns the mode's info before and after.
 */
async function runRealTime(page, n = 3) {
  const before = await info(page);
  await page.evaluate(() => window.playground.pause(false));
  await frames(page, n);
  const after = await page.evaluate(() => {
    window.playground.pause();
    return window.playground.info();
  });
  assert.ok(after.steps > before.steps, `the real-time loop steps: ${before.steps} -> ${after.steps}`);
  return { before, after };
}

test('particles: they rain, stay inside the world, and none of 300 fired at 1000 m/s gets into the vault', async () => {
  const { page, problems } = await open(browser.context, server.url, '?mode=particles&count=1500&paused', SMALL);
  await advance(page, 40);
  const first = await info(page);
  await advance(page, 40);
  const second = await info(page);
  assert.equal(second.steps, first.steps + 40, 'the simulation advances');
  assert.ok(second.count > first.count || second.count === 1500, 'particles keep coming until there are 1500');

  await page.click('#fire');
  await advance(page, 120); // 2 s of flight at 1000 m/s, hundreds of bounces
  const after = await info(page, { positions: true });
  assert.equal(after.fired, 300);
  assert.equal(after.shots, 300);
  assert.equal(after.insideVault, 0, 'no particle inside the vault');
  assert.equal(after.outside, 0, 'no particle outside the world');
  // The same, checked here from the raw positions.
  const [min, max] = [after.bounds.min, after.bounds.max];
  const [vmin, vmax] = [after.vault.min, after.vault.max];
  let outside = 0,
    inside = 0;
  for (let i = 0; i < after.positions.length; i += 3) {
    const p = after.positions.slice(i, i + 3);
    if (p.some((x, k) => !(x >= min[k] && x <= max[k]))) outside++;
    if (p.every((x, k) => x > vmin[k] && x < vmax[k])) inside++;
  }
  assert.equal(after.positions.length, 3 * after.count);
  assert.equal(outside, 0);
  assert.equal(inside, 0);
  assert.ok(after.stats.contacts > 0, 'particles touch the world');

  await runRealTime(page);
  await assertDrawn(page);
  await screenshot(page, 'particles');
  assert.deepEqual(problems, []);
  await page.close();
});

test('particles: the room world and a settings change keep every particle inside', async () => {
  const { page, problems } = await open(
    browser.context,
    server.url,
    '?mode=particles&scene=room&count=800&restitution=0.9&paused',
    SMALL,
  );
  await advance(page, 80);
  await page.evaluate(() => {
    const input = document.getElementById('param-gravity');
    input.value = '20';
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
  await page.click('#fire');
  await advance(page, 160);
  const after = await info(page);
  assert.equal(after.scene, 'room');
  assert.equal(after.outside, 0);
  assert.equal(after.insideVault, 0);
  await page.waitForFunction(() => location.search.includes('gravity=20'), null, { timeout: 5000 });
  await drawFrame(page);
  await assertDrawn(page);
  await screenshot(page, 'particles-room');
  assert.deepEqual(problems, []);
  await page.close();
});

test('characters: the capsule walks, climbs the 0.25 m stairs, is stopped by the 0.35 m ones; walkers move', async () => {
  const { page, problems } = await open(browser.context, server.url, '?mode=characters&at=stairs&paused', SMALL);
  await advance(page, 40);
  const start = await info(page);
  assert.ok(start.report, 'a move was reported');
  assert.ok(['walkable', 'snapped', 'no ground'].includes(start.report.reason));
  // Walk forward (the camera looks up the stairs) until the top: 10 steps of 0.25 m, 4 m of
  // treads at 5 m/s; 5 s is plenty.
  await page.keyboard.down('KeyW');
  const climbed = await advanceUntilAbove(page, 3.2, 300);
  await page.keyboard.up('KeyW');
  assert.ok(climbed > 0, 'the centre rose above 3.2 m within 5 s');
  const top = await info(page);
  assert.ok(top.stepUps >= 5, `stepped up ${top.stepUps} times`);
  assert.ok(top.report.grounded, 'grounded on the landing');
  // In real time, with the key up: the player stays, the walkers move.
  const { after: later } = await runRealTime(page);
  assert.notDeepEqual(later.walkerPositions, top.walkerPositions, 'the walkers move');
  assert.ok(later.report.position.y > 3.2, 'still on the landing');
  await assertDrawn(page);
  await screenshot(page, 'characters');
  assert.deepEqual(problems, []);
  await page.close();

  // The 0.35 m stairs: walking into them for a while never lifts the feet off the ground level.
  const tall = await open(browser.context, server.url, '?mode=characters&at=tallstairs&walkers=0&paused', SMALL);
  await advance(tall.page, 40);
  await tall.page.keyboard.down('KeyW');
  const walked = await advance(tall.page, 120);
  await tall.page.keyboard.up('KeyW');
  const highest = Math.max(...walked.map((s) => s.position.y));
  assert.ok(highest < 0.85 + 0.05, `the centre rose to ${highest}`);
  const blocked = await info(tall.page);
  assert.ok(blocked.report.hitWall, 'the riser is a wall');
  assert.deepEqual(tall.problems, []);
  await tall.page.close();
});

test("characters with &collision=2: shototsu/three's helpers draw the world, its tree and the player", async () => {
  const { page, problems } = await open(
    browser.context,
    server.url,
    '?mode=characters&at=start&walkers=0&collision=2&paused',
    SMALL,
  );
  await advance(page, 40);
  await drawFrame(page); // the frame updates the helpers
  const drawn = await page.evaluate(() => {
    const { collision, running, stage } = window.playground;
    let player = null;
    stage.scene.traverse((o) => {
      if (o.type === 'CharacterHelper') player = o;
    });
    return {
      lines: collision.objects.children.length,
      objects: running.world.objectCount,
      boxes: collision.tree.geometry.attributes.position.count / 24,
      treeBoxes: running.world.treeBoxes(2).length / 8,
      reason: player?.reason,
      reported: window.playground.info().report.reason,
    };
  });
  assert.equal(drawn.lines, drawn.objects, 'a wireframe per object');
  assert.equal(drawn.boxes, drawn.treeBoxes, 'the top level to depth 2');
  assert.ok(drawn.boxes >= 1);
  assert.equal(drawn.reason, drawn.reported, "the player's helper shows its last report");
  assert.deepEqual(problems, []);
  await page.close();
});

/**
 * Steps a paused characters page until the player's centre is above `y`, at most `max` steps;
 * returns how many steps that took (0: never).
 */
function advanceUntilAbove(page, y, max) {
  return page.evaluate(
    ([above, most]) => {
      for (let k = 1; k <= most; k++) if (window.playground.running.advance(1)[0].position.y > above) return k;
      return 0;
    },
    [y, max],
  );
}

/** Opens the characters at a place (paused), holds a key for `n` steps and returns the last report. */
async function walk(place, key, n) {
  const { page, problems } = await open(
    browser.context,
    server.url,
    `?mode=characters&at=${place}&walkers=0&paused`,
    SMALL,
  );
  await advance(page, 20);
  await page.keyboard.down(key);
  await advance(page, n);
  const { report } = await info(page);
  await page.keyboard.up(key);
  assert.deepEqual(problems, []);
  await page.close();
  return report;
}

test('characters: the 40° ramp is climbed, the 60° one is a wall, the 0.5 m gap stops the 0.7 m capsule', async () => {
  // From 4 m in front of each ramp's foot, walking forward for 80 steps (6.7 m at 5 m/s).
  const walkable = await walk('ramp', 'KeyW', 80);
  assert.ok(walkable.position.y > 2, `up the 40° ramp: centre at y = ${walkable.position.y}`);
  const steep = await walk('steep', 'KeyW', 80);
  assert.ok(steep.position.y < 0.9, `not up the 60° ramp: centre at y = ${steep.position.y}`);
  assert.ok(steep.hitWall, 'the 60° ramp is a wall');
  // The gap in the wall at x = 14 (0.3 m thick): walking left (-x) into it.
  // It can only nose into the gap's mouth until touching both corners (0.25 m either side of
  // the centre line): its centre then stays sqrt(0.35² - 0.25²) = 0.245 m out from the wall face.
  const gap = await walk('gap', 'KeyA', 60);
  const stop = 14.15 + Math.sqrt(0.35 ** 2 - 0.25 ** 2);
  assert.ok(
    gap.position.x > stop - 0.005,
    `the capsule stays out of the gap: x = ${gap.position.x}, the corners stop it at ${stop}`,
  );
  assert.ok(gap.hitWall);
});

test('inspection: dragging the sphere beyond vertex A changes the region from face to A', async () => {
  // Paused: each pointer move then waits for a cheap frame rather than a drawn one. The frames
  // drawn before and after the drag place the handles and show the new state.
  const { page, problems } = await open(browser.context, server.url, '?mode=inspect&paused');
  await drawFrame(page);
  const before = await info(page);
  assert.equal(before.region, 'face');
  assert.equal(before.region, closestRegion(before.values.p, before.values.a, before.values.b, before.values.c));

  // From the sphere's centre on screen to a point beyond A, away from the triangle.
  const { a, b, c, p } = before.values;
  const centroid = { x: (a.x + b.x + c.x) / 3, y: (a.y + b.y + c.y) / 3, z: (a.z + b.z + c.z) / 3 };
  const beyondA = {
    x: a.x + 0.6 * (a.x - centroid.x),
    y: a.y + 0.6 * (a.y - centroid.y),
    z: a.z + 0.6 * (a.z - centroid.z),
  };
  const from = await page.evaluate((q) => window.playground.toPage(q), p);
  const to = await page.evaluate((q) => window.playground.toPage(q), beyondA);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++)
    await page.mouse.move(from.x + ((to.x - from.x) * i) / 12, from.y + ((to.y - from.y) * i) / 12);
  assert.equal((await info(page)).dragging, 'p', 'the sphere is being dragged');
  await page.mouse.up();
  await drawFrame(page);

  const after = await info(page);
  assert.notDeepEqual(after.values.p, before.values.p, 'the sphere moved');
  assert.deepEqual([after.values.a, after.values.b, after.values.c], [a, b, c], 'the triangle did not');
  assert.equal(after.region, 'A');
  assert.equal(
    after.region,
    closestRegion(after.values.p, a, b, c),
    'the region agrees with an independent computation',
  );
  assert.match(after.hud, /region A/);
  assert.match(await page.textContent('.decision'), /Region A\./);
  await page.waitForFunction(() => new URLSearchParams(location.search).has('p'), null, { timeout: 5000 });

  await assertDrawn(page);
  await screenshot(page, 'inspect');
  assert.deepEqual(problems, []);
  await page.close();
});

test('inspection: the URL sets the state', async () => {
  const { page, problems } = await open(browser.context, server.url, '?mode=inspect&p=-4,0.5,2&r=0.5&regions=0');
  await frames(page, 3);
  const state = await info(page);
  assert.deepEqual(state.values.p, { x: -4, y: 0.5, z: 2 });
  assert.equal(state.values.r, 0.5);
  assert.equal(state.values.regions, false);
  assert.equal(state.region, closestRegion(state.values.p, state.values.a, state.values.b, state.values.c));
  assert.deepEqual(problems, []);
  await page.close();
});

for (const mode of ['particles', 'characters', 'inspect']) {
  test(`embed: ${mode} renders at 320×240 without the page around it`, async () => {
    const query = `?mode=${mode}${mode === 'particles' ? '&count=600' : ''}&embed`;
    const { page, problems } = await open(browser.context, server.url, query, { width: 320, height: 240 });
    await frames(page, 3);
    await page.evaluate(() => window.playground.pause()); // the checks below then wait for no drawn frame
    assert.equal(await page.locator('header.bar').count(), 0, 'no header');
    assert.equal(await page.locator('aside.panel').count(), 0, 'no panel');
    const box = await page.locator('canvas').first().boundingBox();
    assert.deepEqual([box.width, box.height], [320, 240], 'the canvas fills the frame');
    const scroll = await page.evaluate(() => [
      document.documentElement.scrollWidth,
      document.documentElement.scrollHeight,
    ]);
    assert.deepEqual(scroll, [320, 240], 'nothing overflows');
    // The status: the line over the view, or for characters the label over the capsule.
    const status = await page.textContent(mode === 'characters' ? '.label.state' : '.hud');
    assert.ok(status.length > 0, 'the status says something');
    await assertDrawn(page, { minDiffering: 0.15, minColours: 20 });
    await screenshot(page, `embed-${mode}`);
    assert.deepEqual(problems, []);
    await page.close();
  });
}

test('phone: the inspection page stacks the panel under the view at 390×844', async () => {
  const { page, problems } = await open(browser.context, server.url, '?mode=inspect', { width: 390, height: 844 });
  await frames(page, 3);
  await page.evaluate(() => window.playground.pause()); // the checks below then wait for no drawn frame
  const view = await page.locator('.stage').boundingBox();
  const panel = await page.locator('aside.panel').boundingBox();
  assert.equal(view.width, 390);
  assert.ok(panel.y >= view.y + view.height - 1, 'the panel is below the view');
  await assertDrawn(page);
  await screenshot(page, 'phone-inspect');
  assert.deepEqual(problems, []);
  await page.close();
});

test('phone: the touch stick walks the capsule and the jump button jumps', async () => {
  const { page, problems } = await open(browser.context, server.url, '?mode=characters&touch&walkers=0&paused', {
    width: 390,
    height: 844,
  });
  await advance(page, 20);
  const start = (await info(page)).report.position;
  const stick = await page.locator('.touch.stick').boundingBox();
  const cx = stick.x + stick.width / 2,
    cy = stick.y + stick.height / 2;
  await page.mouse.move(cx, cy);
  await page.mouse.down();
  await page.mouse.move(cx, cy - 60); // full forward
  // Pointer moves reach the page with its next frame: step once the knob shows the stick held.
  await page.waitForFunction(() => document.querySelector('.touch.stick .knob').style.transform.includes('-40px'));
  await advance(page, 32);
  await page.mouse.up();
  const moved = (await info(page)).report.position;
  assert.ok(moved.z < start.z - 1, `forward is -z from the start's camera: z ${start.z} -> ${moved.z}`);
  // Jumps start from the ground: let the capsule land if the walk ended over a dip (at most 2 s).
  const landing = await page.evaluate(() => {
    for (let k = 0; k < 120; k++) if (window.playground.running.advance(1)[0].grounded) return k;
    return -1;
  });
  assert.ok(landing >= 0, 'the capsule is back on the ground before the jump');
  const ground = await info(page);
  await page.locator('.touch.jump').dispatchEvent('pointerdown');
  // The press is taken at the next step, which starts on the ground.
  await advance(page, 1);
  const air = await info(page);
  assert.equal(air.jumps, ground.jumps + 1, `one jump taken: vy = ${air.vy}, ${air.report?.reason}`);
  assert.ok(air.vy > 0 && air.report.reason === 'rising', `jumping: vy = ${air.vy}, ${air.report.reason}`);
  await drawFrame(page);
  await screenshot(page, 'phone-characters');
  assert.deepEqual(problems, []);
  await page.close();
});
