// Headless Chromium for the playground tests: Debian's /usr/bin/chromium driven by
// playwright-core, launched with the flags of ../shared/TOOLCHAIN.md (WebGL 2 through
// SwiftShader), and a page opener that records every console message and page error.
import { mkdtempSync, rmSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const ARTIFACTS = join(ROOT, 'test-artifacts', 'browser');

const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Messages that the browser writes about itself, not about our page: Chromium's GPU process
 * prefixes its WebGL driver notes with "[.WebGL-0x…]" (e.g. "GPU stall due to ReadPixels",
 * which our own pixel check causes, or the SwiftShader fallback notice). Everything else on
 * the console counts as ours.
 */
const BROWSER_NOISE = [/^\[\.WebGL-0x[0-9a-f]+\]/i];

export async function launch() {
  const profile = mkdtempSync(join(tmpdir(), 'pw-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    args: FLAGS,
    viewport: { width: 1280, height: 720 },
  });
  return {
    context,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/**
 * Opens `base + query` in a new page of the given size and waits until the playground runs.
 * Returns { page, problems } where `problems` collects our console errors and warnings and
 * uncaught page errors from then on.
 */
export async function open(context, base, query, { width = 1280, height = 720 } = {}) {
  const page = await context.newPage();
  await page.setViewportSize({ width, height });
  const problems = [];
  page.on('console', (msg) => {
    if (msg.type() !== 'error' && msg.type() !== 'warning') return;
    if (BROWSER_NOISE.some((re) => re.test(msg.text()))) return;
    problems.push(`console.${msg.type()}: ${msg.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('requestfailed', (req) => problems.push(`request failed: ${req.url()} ${req.failure()?.errorText}`));
  await page.goto(new URL(query, base).href);
  await page.waitForFunction(() => window.playground?.ready || window.playground?.error, null, { timeout: 30000 });
  const error = await page.evaluate(() => window.playground.error);
  if (error) problems.push(`start-up failed: ${error}`);
  return { page, problems };
}

/** Waits until the page has drawn `n` more frames; returns the frame counter. */
export async function frames(page, n, timeout = 60000) {
  const start = await page.evaluate(() => window.playground.frames);
  await page.waitForFunction((target) => window.playground.frames >= target, start + n, { timeout, polling: 50 });
  return page.evaluate(() => window.playground.frames);
}

/**
 * Runs `n` fixed steps of 1/60 s of the running mode now (`playground.running.advance`; for pages
 * opened `&paused`, so that the real-time loop adds none) and returns what the mode's advance
 * returns (the characters: what each step did to the player).
 */
export function advance(page, n) {
  return page.evaluate((k) => window.playground.running.advance(k), n);
}

/** Draws one frame of a paused page (`playground.draw()`: the mode updated with dt = 0) and waits for it. */
export async function drawFrame(page, timeout = 60000) {
  const start = await page.evaluate(() => {
    window.playground.draw();
    return window.playground.frames;
  });
  await page.waitForFunction((n) => window.playground.frames > n, start, { timeout, polling: 50 });
}

/** Saves a screenshot of the page under test-artifacts/browser/. */
export async function screenshot(page, name) {
  mkdirSync(ARTIFACTS, { recursive: true });
  const path = join(ARTIFACTS, `${name}.png`);
  await page.evaluate(() => window.scrollTo(0, 0)); // narrow layouts scroll to the panel's buttons
  await page.screenshot({ path });
  return path;
}

/**
 * Serves the repository root, opens `path` (a test page under tests/browser/) in headless
 * Chromium and waits for the page to set `window.result`. Returns { result, problems }: the
 * page's result and our console errors/warnings and page errors.
 */
export async function staticPageResult(path, timeout = 60000) {
  const { serve } = await import('./server.js');
  const server = await serve(ROOT);
  const browser = await launch();
  try {
    const page = await browser.context.newPage();
    const problems = [];
    page.on('console', (msg) => {
      if (msg.type() === 'error' || msg.type() === 'warning') problems.push(`console.${msg.type()}: ${msg.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    await page.goto(new URL(path, server.url).href);
    await page.waitForFunction(() => window.result !== undefined, null, { timeout });
    return { result: await page.evaluate(() => window.result), problems };
  } finally {
    await browser.close();
    await server.close();
  }
}
