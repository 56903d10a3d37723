// Writes the README's screenshots, web/screenshots/{particles,characters,yard,paddle,inspect,labs}.png
// and one per lab in web/screenshots/labs/<id>.png (its embed layout, as a tutorial would show it),
// from the built site (scripts/build-web.sh) in headless Chromium: each mode a few seconds into a
// scene worth showing. Not a test; run by hand after changing how a mode looks, naming the shots
// to take (all of them without names; `labs` includes each lab's):
//   node tests/browser/screenshots.js [yard paddle …]
import { join } from 'node:path';
import { mkdirSync } from 'node:fs';
import { serve } from './server.js';
import { ROOT, launch, open, frames } from './harness.js';

const OUT = join(ROOT, 'web', 'screenshots');

const SHOTS = {
  async particles(page) {
    await frames(page, 60, 600000);
    await page.click('#fire');
    await frames(page, 1, 60000);
  },
  async characters(page) {
    await frames(page, 10, 120000);
    await page.keyboard.down('KeyW');
    await page.waitForFunction(() => window.playground.info().report.position.y > 1.6, null, {
      timeout: 300000,
      polling: 50,
    });
    await page.keyboard.up('KeyW');
    await frames(page, 2);
  },
  // The moving yard from above, the capsule riding the disc (stepped at the fixed dt, paused).
  async yard(page) {
    await page.evaluate(() => {
      window.playground.pause();
      window.playground.running.advance(150);
      const { camera, controls } = window.playground.stage;
      camera.position.copy(controls.target).add({ x: 9, y: 11, z: 12 });
    });
    await drawFrames(page);
  },
  // The paddle batting the rain, a moment after a volley fired at it.
  async paddle(page) {
    await page.evaluate(() => {
      window.playground.pause();
      window.playground.running.advance(240);
      window.playground.running.fireAtPaddle();
      window.playground.running.advance(3);
      const { camera, controls } = window.playground.stage;
      const [x, y, z] = window.playground.info().paddle.centre;
      controls.target.set(x, y - 2, z);
      camera.position.set(x + 4, y + 3.5, z + 8);
    });
    await drawFrames(page);
  },
  async inspect(page) {
    await frames(page, 5);
    // The panel at the region tests, the heart of the step-by-step account.
    await page.evaluate(() => document.querySelector('.explain h4:nth-of-type(2)').scrollIntoView());
    await frames(page, 1);
  },
};

/** Draws a few frames of a paused page, one at a time: enough for the panels' readouts to refresh. */
async function drawFrames(page, n = 8) {
  for (let k = 0; k < n; k++) {
    const start = await page.evaluate(() => {
      window.playground.draw();
      return window.playground.frames;
    });
    await page.waitForFunction((f) => window.playground.frames > f, start, { timeout: 300000, polling: 50 });
  }
}

const QUERIES = {
  particles: '?mode=particles',
  characters: '?mode=characters&at=stairs',
  yard: '?mode=characters&at=disc',
  paddle: '?mode=particles&scene=room&count=700&spin=6&shot=50',
  inspect: '?mode=inspect&p=-0.8,0.7,2.1&r=1.1',
  labs: '?mode=lab',
};
SHOTS.labs = (page) =>
  page.waitForFunction(() => window.playground.info().drawn === window.playground.info().labs.length, null, {
    timeout: 60000,
  });

/** The labs' embeds, opened in place one after the other (the animated one paused). */
async function labShots(context, url) {
  mkdirSync(join(OUT, 'labs'), { recursive: true });
  const { page, problems } = await open(context, url, '?mode=lab&embed', { width: 480, height: 300 });
  const ids = (await page.evaluate(() => window.playground.info())).labs;
  for (const id of ids) {
    const state = id === 'sweep-and-prune' ? '&speed=0&time=2.5' : '';
    await page.evaluate((a) => window.playground.running.show(a), `?mode=lab&query=${id}${state}&embed`);
    await frames(page, 3);
    const path = join(OUT, 'labs', `${id}.png`);
    await page.screenshot({ path });
    console.log(`${path}${problems.length ? `  (problems: ${problems.join('; ')})` : ''}`);
  }
  await page.close();
}

mkdirSync(OUT, { recursive: true });
const server = await serve(join(ROOT, 'web', 'dist'));
const browser = await launch();
const wanted = process.argv.slice(2);
try {
  for (const [name, setUp] of Object.entries(SHOTS)) {
    if (wanted.length && !wanted.includes(name)) continue;
    const { page, problems } = await open(browser.context, server.url, QUERIES[name], { width: 1280, height: 720 });
    await setUp(page);
    const path = join(OUT, `${name}.png`);
    await page.screenshot({ path });
    console.log(`${path}${problems.length ? `  (problems: ${problems.join('; ')})` : ''}`);
    await page.close();
  }
  if (!wanted.length || wanted.includes('labs')) await labShots(browser.context, server.url);
} finally {
  await browser.close();
  await server.close();
}
