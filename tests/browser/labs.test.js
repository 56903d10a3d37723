// The labs (?mode=lab) in headless Chromium: the gallery draws a preview of every lab; every lab
// opens without console errors, draws a non-blank canvas, keeps its state in the address, and
// shows in its panel exactly the package's answer for that state — computed here through the
// package in Node, from the lab's own description below; dragging changes the answer the way an
// independent computation says (reference.js); every lab's embed layout renders at 320×240.
// Labs open in place (playground.running.show), a few page loads for all of them.
// Screenshots: test-artifacts/browser/lab-*.png, embed-lab-*.png, labs-gallery.png.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import * as THREE from 'three';
import { init } from '../../dist/index.js';
import { serve } from './server.js';
import { ROOT, launch, open, frames, screenshot } from './harness.js';
import { obbAxes, segmentBox } from './reference.js';

const SITE = join(ROOT, 'web', 'dist');
let server, browser, pkg;

before(async () => {
  server = await serve(SITE);
  browser = await launch();
  pkg = await init();
});

after(async () => {
  await browser?.close();
  await server?.close();
});

// ---- what each lab shows: its query, called here on the values in its address -------------------
const rad = THREE.MathUtils.degToRad;
const quat = (deg) => {
  const q = new THREE.Quaternion().setFromEuler(new THREE.Euler(rad(deg.x), rad(deg.y), rad(deg.z)));
  return { x: q.x, y: q.y, z: q.z, w: q.w };
};
const half = (v) => ({ x: v.hx, y: v.hy, z: v.hz });
const flat = (p) => ({ x: p.x, y: p.z });
const plain = (result, keys) => Object.fromEntries(keys.map((k) => [k, result[k]]));
const CAST = ['hit', 't', 'point', 'normal'];
const corners = (v) => ['v0', 'v1', 'v2', 'v3', 'v4'].map((k) => flat(v[k]));
/** Boxes { min, max } as the broadphase takes them: 6 floats each. */
const packed = (boxes) =>
  new Float32Array(boxes.flatMap((b) => [b.min.x, b.min.y, b.min.z, b.max.x, b.max.y, b.max.z]));

const EXPECTED = {
  'segment-plane': (v) => plain(pkg.intersectSegmentPlane(v.from, v.to, v.n, v.at), CAST),
  'segment-sphere': (v) => plain(pkg.intersectSegmentSphere(v.from, v.to, v.c, v.r), CAST),
  'segment-aabb': (v) => plain(pkg.intersectSegmentAABB(v.from, v.to, v.min, v.max), CAST),
  'segment-obb': (v) => plain(pkg.intersectSegmentOBB(v.from, v.to, v.c, quat(v.rot), half(v)), CAST),
  'segment-triangle': (v) => pkg.intersectSegmentTriangle(v.from, v.to, v.a, v.b, v.c),
  'segment-capsule': (v) => plain(pkg.intersectSegmentCapsule(v.from, v.to, v.p, v.q, v.r), CAST),
  'sphere-sphere': (v) => pkg.sphereSphere(v.ca, v.ra, v.cb, v.rb),
  'aabb-aabb': (v) => pkg.aabbAABB(v.amin, v.amax, v.bmin, v.bmax),
  'aabb-sphere': (v) => pkg.aabbSphere(v.min, v.max, v.c, v.r),
  'capsule-capsule': (v) => pkg.capsuleCapsule(v.a0, v.a1, v.ra, v.b0, v.b1, v.rb),
  'capsule-sphere': (v) => pkg.capsuleSphere(v.a0, v.a1, v.ra, v.c, v.r),
  'obb-sphere': (v) => pkg.obbSphere(v.c, quat(v.rot), half(v), v.s, v.r),
  'obb-obb': (v) => pkg.obbOBB(v.ca, quat(v.rota), v.ha, v.cb, quat(v.rotb), v.hb),
  'sweep-sphere-sphere': (v) => pkg.sweepSphereSphere(v.p0, v.p1, v.rp, v.q0, v.q1, v.rq),
  containment: (v) => ({
    inside: pkg.convexPolygonContainsPoint(
      ['v0', 'v1', 'v2', 'v3', 'v4'].map((k) => flat(v[k])),
      flat(v.p),
    ),
  }),
  'sweep-and-prune': (_v, inputs) => {
    const boxes = packed(inputs.boxes);
    const pairs = Array.from(pkg.pairsSweepAndPrune(boxes));
    assert.deepEqual(Array.from(pkg.pairsAll(boxes)), pairs, 'all pairs agrees');
    return { pairs };
  },
  'push-out': (v) => ({ push: pkg.pushOutAABBAABB(v.wmin, v.wmax, v.pmin, v.pmax) }),
};
const LABS = Object.keys(EXPECTED);

/**
 * The labs' explain forms, for a package that has them: then the panel's step-by-step numbers
 * must be theirs too (each key the panel shows that the explanation has).
 */
const EXPLAINED = {
  'segment-plane': (v) => pkg.explainIntersectSegmentPlane?.(v.from, v.to, v.n, v.at),
  'segment-sphere': (v) => pkg.explainIntersectSegmentSphere?.(v.from, v.to, v.c, v.r),
  'segment-aabb': (v) => pkg.explainIntersectSegmentAABB?.(v.from, v.to, v.min, v.max),
  'segment-obb': (v) => pkg.explainIntersectSegmentOBB?.(v.from, v.to, v.c, quat(v.rot), half(v)),
  'aabb-aabb': (v) => pkg.explainAABBAABB?.(v.amin, v.amax, v.bmin, v.bmax),
  'obb-obb': (v) => pkg.explainOBBOBB?.(v.ca, quat(v.rota), v.ha, v.cb, quat(v.rotb), v.hb),
  'sweep-sphere-sphere': (v) => pkg.explainSweepSphereSphere?.(v.p0, v.p1, v.rp, v.q0, v.q1, v.rq),
  'push-out': (v) => pkg.explainPushOutAABBAABB?.(v.wmin, v.wmax, v.pmin, v.pmax),
  containment: (v) => pkg.explainConvexPolygonContainsPoint?.(corners(v), flat(v.p)),
  'sweep-and-prune': (_v, inputs) => pkg.explainPairsSweepAndPrune?.(packed(inputs.boxes)),
};
/** The animated lab, paused at a fixed time so that its answer holds still. */
const STATE = { 'sweep-and-prune': '&speed=0&time=2.5' };

const info = (page) => page.evaluate(() => window.playground.info());
const show = (page, address) => page.evaluate((a) => window.playground.running.show(a), address);
/** The exact values behind the panel's rows: { key: value }. */
const panelValues = (page) =>
  page.evaluate(() =>
    Object.fromEntries(
      [...document.querySelectorAll('.account [data-key][data-value]')].map((el) => [
        el.dataset.key,
        JSON.parse(el.dataset.value),
      ]),
    ),
  );
/** A number as the panels print it (app/format.js). */
const num = (x) => {
  const text = x.toFixed(3);
  return (Number(text) === 0 ? text.replace('-', '') : text).replace('-', '−');
};

async function assertDrawn(page, { minDiffering = 0.03, minColours = 24 } = {}) {
  const px = await page.evaluate(() => window.playground.inspectPixels());
  assert.ok(px.differing >= minDiffering, `only ${(100 * px.differing).toFixed(1)}% of the pixels are drawn`);
  assert.ok(px.colours >= minColours, `only ${px.colours} distinct colours`);
}

/** Drags the mouse from one page point to another in small steps. */
async function drag(page, from, to) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  for (let i = 1; i <= 10; i++)
    await page.mouse.move(from.x + ((to.x - from.x) * i) / 10, from.y + ((to.y - from.y) * i) / 10);
  await page.mouse.up();
  await frames(page, 2);
}

test('labs: the gallery lists every lab with a drawn preview', async () => {
  const { page, problems } = await open(browser.context, server.url, '?mode=lab');
  await page.waitForFunction(() => window.playground.info().drawn === window.playground.info().labs.length, null, {
    timeout: 30000,
    polling: 100,
  });
  const gallery = await info(page);
  assert.deepEqual([...gallery.labs].sort(), [...LABS].sort(), 'one card per lab');
  for (const preview of gallery.previews)
    assert.ok(preview.drawn > 0.05, `${preview.id}: preview drawn ${preview.drawn}`);
  for (const id of LABS)
    assert.equal(await page.locator(`a.card[href="?mode=lab&query=${id}"]`).count(), 1, `${id} linked`);
  await screenshot(page, 'labs-gallery');
  assert.deepEqual(problems, []);
  await page.close();
});

test('labs: each opens in place, draws, keeps its state in the address and shows the package’s answer', async () => {
  const { page, problems } = await open(browser.context, server.url, `?mode=lab&query=${LABS[0]}`);
  for (const id of LABS) {
    await show(page, `?mode=lab&query=${id}${STATE[id] ?? ''}`);
    await frames(page, 2);
    const state = await info(page);
    assert.equal(state.query, id);
    // Parameters at their defaults are not written; the address names the lab.
    assert.equal(await page.evaluate(() => location.search), `?mode=lab&query=${id}${STATE[id] ?? ''}`);
    const expected = EXPECTED[id](state.values, state.inputs);
    assert.deepEqual(state.answer, expected, `${id}: the lab's answer is the package's`);
    const shown = await panelValues(page);
    const keys = Object.keys(expected).filter((k) => k in shown);
    assert.ok(keys.length >= 1, `${id}: the panel shows the answer`);
    for (const k of keys) assert.deepEqual(shown[k], expected[k], `${id}: panel's ${k}`);
    const explained = EXPLAINED[id]?.(state.values, state.inputs);
    assert.equal(state.explained === true, Boolean(explained), `${id}: explained exactly when the package explains`);
    for (const k of Object.keys(explained ?? {}).filter((key) => key in shown && !(key in expected)))
      assert.deepEqual(shown[k], explained[k], `${id}: panel's step ${k}`);
    if (typeof expected.t === 'number') {
      const text = await page.textContent('.account [data-key="t"] .v');
      assert.equal(text, num(expected.t), `${id}: t as printed`);
    }
    assert.ok(state.status.length > 0, `${id}: a status line`);
    await assertDrawn(page);
    await screenshot(page, `lab-${id}`);
    assert.deepEqual(problems, [], `${id}: no console errors`);
  }
  await page.close();
});

test('labs: the address sets the state, and a changed state goes into the address', async () => {
  const { page, problems } = await open(
    browser.context,
    server.url,
    '?mode=lab&query=obb-obb&cb=0.2,0.8,0&rotb=0,10,45',
  );
  await frames(page, 2);
  const state = await info(page);
  assert.deepEqual(state.values.cb, { x: 0.2, y: 0.8, z: 0 });
  assert.deepEqual(state.values.rotb, { x: 0, y: 10, z: 45 });
  assert.deepEqual(state.answer, EXPECTED['obb-obb'](state.values));
  assert.ok(state.answer.hit, 'lowered B overlaps A');
  await page.evaluate(() => {
    const input = document.getElementById('param-rotb-y');
    input.value = '20';
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
  await page.waitForFunction(() => location.search.includes('rotb=0,20,45'), null, { timeout: 5000 });
  assert.deepEqual(problems, []);
  await page.close();
});

test('labs: dragging the segment’s end above the box turns the hit into a miss', async () => {
  const { page, problems } = await open(browser.context, server.url, '?mode=lab&query=segment-aabb');
  await frames(page, 2);
  const before = await info(page);
  const { from, to, min, max } = before.values;
  assert.equal(before.answer.hit, true);
  assert.equal(segmentBox(from, to, min, max).hit, true, 'the reference agrees: a hit');
  assert.ok(Math.abs(before.answer.t - segmentBox(from, to, min, max).t) < 1e-6);
  const end = await page.evaluate((p) => window.playground.toPage(p), to);
  await drag(page, end, { x: end.x, y: end.y - 260 });
  const after = await info(page);
  assert.notDeepEqual(after.values.to, to, 'the end moved');
  assert.equal(segmentBox(after.values.from, after.values.to, min, max).hit, false, 'the reference: a miss');
  assert.equal(after.answer.hit, false, 'the lab: a miss');
  assert.deepEqual(after.answer, EXPECTED['segment-aabb'](after.values));
  if (after.explained) assert.match(after.status, /misses/);
  await page.waitForFunction(() => new URLSearchParams(location.search).has('to'), null, { timeout: 5000 });
  assert.deepEqual(problems, []);
  await page.close();
});

test('labs: moving box B into A turns "separated on A0×B2" into an overlap of the expected depth', async () => {
  const { page, problems } = await open(browser.context, server.url, '?mode=lab&query=obb-obb');
  await frames(page, 2);
  const box = (v, k) => ({ center: v[`c${k}`], rotation: quat(v[`rot${k}`]), half: v[`h${k}`] });
  const before = await info(page);
  const apart = obbAxes(box(before.values, 'a'), box(before.values, 'b'));
  assert.equal(apart.separating, 'A0xB2', 'the reference: only the edge pair A0 × B2 separates them');
  assert.equal(before.answer.hit, false);
  if (before.explained) assert.match(before.status, /separated on axis A0×B2/);
  const b = await page.evaluate((p) => window.playground.toPage(p), before.values.cb);
  await drag(page, b, { x: b.x, y: b.y + 30 });
  const after = await info(page);
  assert.ok(after.values.cb.y < before.values.cb.y, 'B moved down');
  const overlap = obbAxes(box(after.values, 'a'), box(after.values, 'b'));
  assert.equal(overlap.separating, null, 'the reference: no axis separates them now');
  assert.equal(after.answer.hit, true, 'the lab: an overlap');
  assert.ok(
    Math.abs(after.answer.depth - overlap.depth) < 1e-5,
    `depth ${after.answer.depth}, the reference ${overlap.depth}`,
  );
  if (after.explained) assert.match(after.status, new RegExp(`on axis ${overlap.least.replace('x', '×')}`));
  await screenshot(page, 'lab-obb-obb-dragged');
  assert.deepEqual(problems, []);
  await page.close();
});

test('labs: every lab’s embed renders at 320×240 without the page around it', async () => {
  const size = { width: 320, height: 240 };
  const { page, problems } = await open(browser.context, server.url, `?mode=lab&query=${LABS[0]}&embed`, size);
  assert.equal(await page.locator('header.bar').count(), 0, 'no header');
  assert.equal(await page.locator('aside.panel').count(), 0, 'no panel');
  for (const id of LABS) {
    await show(page, `?mode=lab&query=${id}${STATE[id] ?? ''}&embed`);
    await frames(page, 2);
    assert.equal(await page.evaluate(() => location.search), `?mode=lab&query=${id}${STATE[id] ?? ''}&embed`);
    const canvas = await page.locator('canvas').first().boundingBox();
    assert.deepEqual([canvas.width, canvas.height], [320, 240], `${id}: the canvas fills the frame`);
    const scroll = await page.evaluate(() => [
      document.documentElement.scrollWidth,
      document.documentElement.scrollHeight,
    ]);
    assert.deepEqual(scroll, [320, 240], `${id}: nothing overflows`);
    assert.ok((await page.textContent('.hud')).length > 0, `${id}: the status says something`);
    assert.match(
      await page.getAttribute('a.open-full', 'href'),
      new RegExp(`query=${id}`),
      `${id}: the link to the full page`,
    );
    await assertDrawn(page, { minDiffering: 0.03, minColours: 16 });
    await screenshot(page, `embed-lab-${id}`);
  }
  assert.deepEqual(problems, []);
  await page.close();
});
