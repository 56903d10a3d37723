// Leaks (issue 9): 10^5 create / use / dispose cycles of World, ParticleSystem,
// CharacterController and CharacterGroup leave the wasm heap exactly where it started. The heap in
// use is the allocator's mallinfo().uordblks, read through a diagnostics export that the JS face does
// not expose (wasm/bind/diagnostics.cpp): this test instantiates the module itself (init's
// instantiateWasm option) to keep the instance's exports, and finds the export's minified name in
// the Emscripten glue.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

const dist = new URL('../../dist/', import.meta.url);
const pkg = await import(new URL('index.js', dist));

const CYCLES = 100_000;
const WARMUP = 200; // scratch areas and result lists grow to their size during the first cycles

async function instrumented() {
  const glue = readFileSync(new URL('shototsu-wasm.js', dist), 'utf8');
  // Emscripten writes `Module["_x"]=Module["asm"]["na"]`; dist/'s glue lists it in its table of
  // export names (scripts/minify-dist.mjs), `x:"na"` (quoted with backquotes once minified).
  const name =
    /(?:_shototsu_heap_in_use"?\]?=(?:Module\["asm"\]\["|[\w$]+\.asm\.)|[{,]["`]?shototsu_heap_in_use["`]?:["`])([\w$]+)/.exec(
      glue,
    )?.[1];
  assert.ok(name, 'the glue names the wasm export of shototsu_heap_in_use');
  const binary = readFileSync(new URL('shototsu-wasm.wasm', dist));
  let exports = null;
  const s = await pkg.init({
    instantiateWasm(imports, receive) {
      WebAssembly.instantiate(binary, imports).then(({ instance, module }) => {
        exports = instance.exports;
        receive(instance, module);
      });
      return {}; // instantiated asynchronously
    },
  });
  return {
    s,
    heapInUse: () => exports[name]() >>> 0,
    memoryBytes: () =>
      exports[Object.keys(exports).find((k) => exports[k] instanceof WebAssembly.Memory)].buffer.byteLength,
  };
}

const { s, heapInUse, memoryBytes } = await instrumented();
const V = (x, y, z) => ({ x, y, z });

// A 10 x 10 m floor of two triangles, and a box on it (indexed).
const FLOOR = new Float32Array([-5, 0, -5, -5, 0, 5, 5, 0, 5, -5, 0, -5, 5, 0, 5, 5, 0, -5]);
const BOX = new Float32Array([0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0, 0, 0, 1, 1, 0, 1, 1, 1, 1, 0, 1, 1]);
const BOX_INDICES = new Uint32Array([
  0, 2, 1, 0, 3, 2, 4, 5, 6, 4, 6, 7, 0, 4, 7, 0, 7, 3, 1, 2, 6, 1, 6, 5, 0, 1, 5, 0, 5, 4, 3, 7, 6, 3, 6, 2,
]);

function floorWorld() {
  const w = new s.World();
  w.addMesh(FLOOR);
  return w;
}

/** Runs `cycle` WARMUP times, then CYCLES times, and returns the heap before and after the latter. */
function measure(cycle) {
  for (let i = 0; i < WARMUP; i++) cycle(i);
  const before = heapInUse(),
    memory = memoryBytes();
  for (let i = 0; i < CYCLES; i++) cycle(i);
  return { before, after: heapInUse(), memoryBefore: memory, memoryAfter: memoryBytes() };
}

function assertFlat(what, m) {
  assert.equal(m.after, m.before, `${what}: ${m.after - m.before} bytes of wasm heap left after ${CYCLES} cycles`);
  assert.equal(m.memoryAfter, m.memoryBefore, `${what}: the wasm memory grew`);
}

test('the heap measurement sees a leak: a World left undisposed holds memory until disposed', () => {
  const warm = new s.World(); // the first addMesh allocates the JS face's scratch areas for good
  warm.addMesh(BOX, BOX_INDICES);
  warm.dispose();
  const before = heapInUse();
  const w = new s.World();
  w.addMesh(BOX, BOX_INDICES);
  assert.ok(heapInUse() > before, 'a live World holds wasm memory');
  w.dispose();
  assert.equal(heapInUse(), before, 'dispose gave it all back');
});

test(`World: ${CYCLES} cycles of new, addMesh (plain and indexed), queries, overlaps and dispose leave the heap where it was`, () => {
  let hits = 0;
  const m = measure((i) => {
    const w = new s.World();
    w.addMesh(FLOOR);
    w.addMesh(BOX, BOX_INDICES);
    hits += w.raycast(V(0.5, 5, 0.5), V(0, -1, 0)).hit;
    w.overlapSphere(V(0.5, 0.2, 0.5), 0.5 + (i % 3) * 0.1);
    w.sphereCast(V(-3, 1, 0), 0.25, V(1, 0, 0), 10);
    w.dispose();
  });
  assert.equal(hits, CYCLES + WARMUP, 'every cycle answered');
  assertFlat('World', m);
});

test(`World objects: ${CYCLES} cycles of adding, moving, refitting and removing meshes, instances and primitives in one World leave the heap where it was`, () => {
  const w = floorWorld();
  const moved = BOX.map((v, k) => (k % 3 === 1 ? v + 0.25 : v));
  const lift = { position: V(0, 0, 0) };
  let hits = 0;
  const m = measure((i) => {
    const box = w.addMesh(BOX, BOX_INDICES, { transform: { position: V(2, 0, 0), scale: 1 + (i % 2) } });
    const copy = w.addInstance(box, { transform: { position: V(-2, 0, 0) } });
    const ball = w.addSphere(V(0, 1, 0), 0.5, { layers: 2 });
    const pole = w.addCapsule(V(3, 0, 3), V(3, 2, 3), 0.25);
    const slab = w.addBox(V(-3, 0.5, -3), { x: 0, y: 0, z: 0, w: 1 }, V(1, 0.5, 1));
    lift.position.y = (i % 7) * 0.1;
    w.setTransform(ball, lift);
    w.update(1 / 60);
    w.updateMesh(box, i % 2 ? moved : BOX);
    hits += w.raycast(V(0, 5, 0), V(0, -1, 0), Infinity, { ignore: slab }).hit;
    w.overlapSphere(V(0, 1, 0), 1);
    w.remove(pole);
    w.remove(box); // its instance keeps the triangles
    w.remove(copy); // now they go
    w.remove(ball);
    w.remove(slab);
  });
  assert.equal(hits, CYCLES + WARMUP, 'every cycle answered');
  assert.equal(w.objectCount, 1, 'only the floor is left');
  w.dispose();
  // The id map and the object slots settle at their size in the first cycles; emmalloc may still
  // split a block once later (a few bytes). A leak of one byte per cycle would be 10^5 bytes.
  assert.ok(
    m.after - m.before < CYCLES / 1000,
    `World objects: ${m.after - m.before} bytes of wasm heap left after ${CYCLES} cycles`,
  );
  assert.equal(m.memoryAfter, m.memoryBefore, 'World objects: the wasm memory grew');
});

test(`ParticleSystem: ${CYCLES} cycles of new, spawn, step and dispose over one World leave the heap where it was`, () => {
  const w = floorWorld();
  let spawned = 0;
  const m = measure((i) => {
    const ps = new s.ParticleSystem(w, { capacity: 8, collideParticles: i % 2 === 0 });
    for (let k = 0; k < 8; k++) spawned += ps.spawn(V(k * 0.3 - 1, 1, 0), V(0, -1, 0)) >= 0;
    ps.step(1 / 60);
    ps.step(1 / 60);
    ps.dispose();
  });
  assert.equal(spawned, 8 * (CYCLES + WARMUP));
  w.dispose();
  assertFlat('ParticleSystem', m);
});

test(`CharacterController: ${CYCLES} cycles of new, move, teleport and dispose leave the heap where it was`, () => {
  const w = floorWorld();
  let grounded = 0;
  const m = measure(() => {
    const ch = new s.CharacterController(w, {}, V(0, 0.87, 0));
    ch.move(V(0.05, -0.1, 0));
    grounded += ch.move(V(0.05, -0.1, 0)).grounded;
    ch.position = V(1, 2, 1);
    ch.dispose();
  });
  assert.equal(grounded, CYCLES + WARMUP, 'every character stood on the floor');
  w.dispose();
  assertFlat('CharacterController', m);
});

test(`CharacterGroup: ${CYCLES} cycles of new, add, moveAll and dispose leave the heap where it was`, () => {
  const w = floorWorld();
  const d = new Float32Array([0.05, -0.1, 0, -0.05, -0.1, 0, 0, -0.1, 0.05]);
  let added = 0;
  const m = measure(() => {
    const g = new s.CharacterGroup(w, {}, 3);
    added += g.add(V(-2, 0.87, 0)) >= 0;
    added += g.add(V(2, 0.87, 0)) >= 0;
    added += g.add(V(0, 0.87, 2)) >= 0;
    g.moveAll(d);
    g.lastMove(1);
    g.dispose();
  });
  assert.equal(added, 3 * (CYCLES + WARMUP));
  w.dispose();
  assertFlat('CharacterGroup', m);
});

test(`a World disposed with its systems still alive frees them too: ${CYCLES / 10} cycles leave the heap where it was`, () => {
  const cycles = CYCLES / 10;
  const cycle = () => {
    const w = floorWorld();
    const ps = new s.ParticleSystem(w, { capacity: 4 });
    ps.spawn(V(0, 1, 0));
    ps.step(1 / 60);
    new s.CharacterController(w).move(V(0, -0.1, 0));
    new s.CharacterGroup(w, {}, 2).add(V(1, 1, 1));
    w.dispose(); // disposes the three dependents first
    assert.equal(ps.disposed, true);
  };
  for (let i = 0; i < WARMUP; i++) cycle();
  const before = heapInUse();
  for (let i = 0; i < cycles; i++) cycle();
  assert.equal(heapInUse(), before, `${heapInUse() - before} bytes left`);
});

test(`World.serialize: ${CYCLES / 10} cycles hand out the bytes and keep none of them in wasm memory`, () => {
  const cycles = CYCLES / 10;
  const w = floorWorld();
  w.addMesh(BOX, BOX_INDICES);
  const first = w.serialize();
  // The bytes are a copy in JS memory: they outlive the World and answer as it did.
  const copy = s.World.deserialize(first);
  assert.equal(copy.objectCount, 2);
  copy.dispose();
  assert.equal(first.buffer.byteLength, first.length, 'the bytes have a buffer of their own');
  for (let i = 0; i < WARMUP; i++) w.serialize();
  const before = heapInUse();
  let same = 0;
  for (let i = 0; i < cycles; i++) {
    const bytes = w.serialize();
    same += bytes.length === first.length && bytes[bytes.length - 1] === first[first.length - 1];
  }
  assert.equal(same, cycles, 'every cycle gave the same bytes');
  assert.equal(heapInUse(), before, `${heapInUse() - before} bytes of wasm heap left`);
  w.dispose();
});
