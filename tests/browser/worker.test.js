// docs/serialization.md's recipe in headless Chromium: a module Web Worker imports the package,
// builds a World, serializes it and transfers the bytes; the page deserializes them and the
// World answers raycasts exactly as one built on the page. Served as static files (the package's
// dist/ and tests/browser/worker/) from the repository root.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, staticPageResult } from './harness.js';

test('a World built and serialized in a module worker loads on the page and answers like one built there', async (t) => {
  if (!existsSync(join(ROOT, 'dist', 'index.js'))) {
    t.skip('no dist/: run scripts/build.sh first');
    return;
  }
  const { result, problems } = await staticPageResult('tests/browser/worker/index.html');
  assert.equal(result.error, undefined, result.error);
  assert.equal(result.triangles, 64 * 64 * 2);
  assert.equal(result.transferred, true, 'the triangles were transferred to the worker, not copied');
  assert.ok(result.hits > 50, `${result.hits} of 64 rays hit`);
  assert.equal(result.same, true, 'the loaded World answers like the page-built one');
  assert.equal(result.sameBytes, true, 'the worker and the page serialize the same bytes');
  assert.deepEqual(problems, []);
});
