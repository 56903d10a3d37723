// The code in README.md and docs/three.md runs as written. A fenced js block right after an
// `<!-- snippet: name -->` comment is written to build/snippets/name.mjs between the `before`
// (what the text assumes: a scene, a camera, a level) and the `after` (frames run, results
// exported) of its entry below, imported as a user's module would be (it imports 'shototsu' by
// name, resolved through package.json's exports to dist/), and its results checked against the
// geometry of its scene. A marked block without an entry, or an entry whose block is gone, fails.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { root } from './helpers.js';

/** Every marked block of a Markdown file: [{ name, code }]. */
function snippets(file) {
  const text = readFileSync(`${root}${file}`, 'utf8');
  const found = [];
  for (const m of text.matchAll(/<!-- snippet: ([\w-]+)[^>]*-->\n```js\n([\s\S]*?)\n```/g))
    found.push({ name: m[1], code: m[2] });
  return found;
}

/**
 * A glTF 2.0 file (JSON, buffer as a data URI) as a data: URL: boxes [{ size: [x, y, z],
 * at: [x, y, z] }], each a node with its mesh. Written here rather than by GLTFExporter, which
 * needs FileReader (not in Node); the browser test uses GLTFExporter.
 */
function gltfUrl(boxes, THREE) {
  const chunks = [];
  const json = { asset: { version: '2.0' }, scene: 0, scenes: [{ nodes: [] }], nodes: [], meshes: [] };
  json.accessors = [];
  json.bufferViews = [];
  let offset = 0;
  const view = (array, target) => {
    const bytes = new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
    chunks.push(bytes);
    if (bytes.length % 4) chunks.push(new Uint8Array(4 - (bytes.length % 4)));
    json.bufferViews.push({ buffer: 0, byteOffset: offset, byteLength: bytes.length, target });
    offset += bytes.length + ((4 - (bytes.length % 4)) % 4);
    return json.bufferViews.length - 1;
  };
  for (const [i, box] of boxes.entries()) {
    const g = new THREE.BoxGeometry(...box.size);
    const pos = g.attributes.position.array;
    g.computeBoundingBox();
    const { min, max } = g.boundingBox;
    json.accessors.push({
      bufferView: view(pos, 34962),
      componentType: 5126,
      count: pos.length / 3,
      type: 'VEC3',
      min: [min.x, min.y, min.z],
      max: [max.x, max.y, max.z],
    });
    json.accessors.push({
      bufferView: view(new Uint16Array(g.index.array), 34963),
      componentType: 5123,
      count: g.index.count,
      type: 'SCALAR',
    });
    json.meshes.push({ primitives: [{ attributes: { POSITION: 2 * i }, indices: 2 * i + 1 }] });
    json.nodes.push({ mesh: i, translation: box.at, name: `box${i}` });
    json.scenes[0].nodes.push(i);
  }
  const buffer = Buffer.concat(chunks);
  json.buffers = [
    { byteLength: buffer.length, uri: `data:application/octet-stream;base64,${buffer.toString('base64')}` },
  ];
  return `data:model/gltf+json;base64,${Buffer.from(JSON.stringify(json)).toString('base64')}`;
}

const THREE_IMPORTS = `import * as THREE from 'three';
import { init } from 'shototsu';
import { computeBoundsTree, disposeBoundsTree, acceleratedRaycast, addObject3D } from 'shototsu/three';
const s = await init();`;

/** A floor 20 m square whose top is at y = 0, as the docs' scenes stand on. */
const FLOOR = `const floorMesh = new THREE.Mesh(new THREE.BoxGeometry(20, 1, 20));
floorMesh.position.y = -0.5;`;

const near = (a, b, tol) => Math.abs(a - b) <= tol;

// name -> { before, after, check(result) }. `after` ends with `export default { ... }`.
const ENTRIES = {
  'readme-start': {
    before: '',
    after: 'export default { near, sweep, under, hit, box, floor };',
    check: ({ near: n, sweep, under, hit, box, floor }) => {
      assert.equal(n.region, 'face');
      assert.deepEqual(n.point, { x: Math.fround(0.2), y: 0, z: Math.fround(0.3) });
      // The sphere of radius 0.25 falls from y = 2 to -2 and touches the plane y = 0 at y = 0.25.
      assert.equal(sweep.hit, true);
      assert.equal(sweep.t, (2 - 0.25) / 4);
      assert.equal(sweep.feature, 'face');
      assert.equal(under, 0);
      // The box's top is at 5 + 0.5 once moved up: 4.5 below the ray's origin at y = 10.
      assert.equal(hit.hit, true);
      assert.equal(hit.distance, 4.5);
      assert.equal(hit.object, box);
      assert.equal(floor, 5.5);
    },
  },
  'readme-frame': {
    before: `import * as THREE from 'three';
import { init } from 'shototsu';
const s = await init();
const world = new s.World();
const liftMesh = new THREE.Mesh(new THREE.BoxGeometry(2, 0.2, 2));
const lift = world.addMesh(liftMesh.geometry.attributes.position.array, liftMesh.geometry.index.array);
liftMesh.position.set(0, 3, 0);
liftMesh.updateMatrixWorld();
const characters = new s.CharacterGroup(world, {}, 2);
characters.add({ x: 0, y: 5, z: 0 });
const moves = new Float32Array([0.1, 0, 0]);
const particles = new s.ParticleSystem(world);
particles.spawn({ x: 0, y: 8, z: 0 });
const dt = 1 / 60;
let rendered = 0;
const renderer = { render: () => rendered++ };
const scene = null, camera = null;`,
    after: 'export default { pose: world.transform(lift), rendered, dt, p: characters.positions.slice() };',
    check: ({ pose, rendered, dt, p }) => {
      assert.deepEqual(pose.position, { x: 0, y: 3, z: 0 });
      // From the identity to y = 3 over one step of dt.
      assert.ok(near(pose.linearVelocity.y, 3 / dt, 1e-3), `${pose.linearVelocity.y}`);
      assert.equal(rendered, 1);
      assert.ok(near(p[0], 0.1, 1e-6), `the character made its move: ${p[0]}`);
    },
  },
  'readme-systems': {
    before: `import * as THREE from 'three';
import { init } from 'shototsu';
const s = await init();
const world = new s.World();
${FLOOR}
floorMesh.updateMatrixWorld();
world.addMesh(floorMesh.geometry.attributes.position.array, floorMesh.geometry.index.array,
              { transform: floorMesh.matrixWorld });
const m = new THREE.Matrix4();
const spheres = new THREE.InstancedMesh(new THREE.SphereGeometry(0.15), undefined, 20000);
const displacements = new Float32Array([0.05, -0.05, 0]);`,
    after: `const frames = [];
for (let i = 0; i < 120; i++) {
  frame(1 / 60, { x: 1, z: 0 }, false);
  frames.push({ y: ch.position.y, grounded: ch.grounded });
}
const placed = new THREE.Matrix4();
spheres.getMatrixAt(0, placed);
export default { frames, x: ch.position.x, settings: ch.settings, particle: [...ps.positions.slice(0, 3)],
  placed: placed.elements.slice(12, 15), count: ps.count, crowd: crowd.positions.slice() };`,
    check: ({ frames, x, settings, particle, placed, count, crowd }) => {
      assert.equal(count, 1);
      assert.deepEqual(placed, particle, 'the InstancedMesh holds the particle where it is');
      // Spawned at y = 10 with no vertical speed: one step of gravity lowers it a little.
      assert.ok(particle[1] < 10 && particle[1] > 9.9, `${particle}`);
      // Dropped from y = 2 onto the floor's top (y = 0), then walking at 1 m/s.
      const rest = settings.height / 2;
      for (const f of frames.slice(60)) {
        assert.ok(f.grounded, 'grounded on the floor');
        assert.ok(near(f.y, rest, 2 * settings.skinWidth), `centre ${f.y}, expected ${rest}`);
      }
      assert.ok(near(x, 2, 0.05), `walked 2 s at 1 m/s: x = ${x}`);
      assert.ok(crowd[0] > 5 && crowd[1] < 1, `the crowd member moved and fell: ${crowd}`);
    },
  },
  'readme-three': {
    before: `import * as T from 'three';
const gltf = { scene: new T.Group() };
const ground = new T.Mesh(new T.BoxGeometry(20, 1, 20), new T.MeshBasicMaterial());
ground.position.y = -0.5;
gltf.scene.add(ground);
const platformGroup = new T.Group();
const plate = new T.Mesh(new T.BoxGeometry(2, 0.2, 2), new T.MeshBasicMaterial());
plate.position.set(4, 1, 0);
platformGroup.add(plate);`,
    after: `ground.geometry.computeBoundsTree();
const picked = new THREE.Raycaster(new THREE.Vector3(1, 3, 1), new THREE.Vector3(0, -1, 0)).intersectObject(gltf.scene);
plate.position.x = 6;
platforms.update();
world.update(1 / 60);
export default { count: world.objectCount, level: level.ids, platforms: platforms.ids, picked,
  floor: world.floorHeight(6, 0, 5), ground, hit: world.raycast({ x: 1, y: 3, z: 1 }, { x: 0, y: -1, z: 0 }) };`,
    check: ({ count, level, platforms, picked, floor, ground, hit }) => {
      assert.equal(count, 2);
      assert.equal(level.length, 1);
      assert.equal(platforms.length, 1);
      assert.equal(picked.length, 1, "the ground's top (its bottom faces away)");
      assert.equal(picked[0].object, ground);
      assert.equal(picked[0].distance, 3);
      assert.equal(hit.distance, 3);
      assert.equal(hit.object, level[0]);
      assert.ok(near(floor, 1.1, 1e-6), `the platform moved to x = 6 and is found there: ${floor}`);
    },
  },
  'three-picking': {
    before: `${THREE_IMPORTS}
const threeRaycast = THREE.Mesh.prototype.raycast;
const scene = new THREE.Scene();
const camera = new THREE.PerspectiveCamera(50, 1, 0.1, 100);
camera.position.set(0.3, 0.2, 5);
camera.lookAt(0, 0, 0);
camera.updateMatrixWorld();`,
    after: `knot.rotation.set(0.4, 0.9, 0.1);
scene.updateMatrixWorld();
const pointers = [];
for (let i = 0; i < 21; i++) for (let j = 0; j < 21; j++) pointers.push(new THREE.Vector2(i / 10 - 1, j / 10 - 1));
const got = pointers.map((v) => pick(v));
THREE.Mesh.prototype.raycast = threeRaycast;
const want = pointers.map((v) => pick(v));
THREE.Mesh.prototype.raycast = acceleratedRaycast;
const flat = (h) => h && [h.distance, h.faceIndex, h.object === knot];
export default { got: got.map(flat), want: want.map(flat) };`,
    check: ({ got, want }) => {
      const hits = want.filter(Boolean).length;
      assert.ok(hits > 50, `the knot fills part of the view: ${hits} hits`);
      for (let k = 0; k < want.length; k++) {
        assert.equal(Boolean(got[k]), Boolean(want[k]), `pointer ${k}`);
        if (!want[k]) continue;
        assert.equal(got[k][1], want[k][1], `pointer ${k}: the same face`);
        assert.ok(near(got[k][0], want[k][0], 1e-5), `pointer ${k}: ${got[k][0]} vs ${want[k][0]}`);
        assert.equal(got[k][2], true);
      }
    },
  },
  'three-level': {
    // The level: a floor whose top is at y = 0 and a wall whose face is at x = 3.
    before: (THREE) => `${THREE_IMPORTS}
import { GLTFLoader } from 'three/addons/loaders/GLTFLoader.js';
const scene = new THREE.Scene();
const levelUrl = '${gltfUrl(
      [
        { size: [20, 1, 20], at: [0, -0.5, 0] },
        { size: [1, 4, 20], at: [3.5, 2, 0] },
      ],
      THREE,
    )}';`,
    after: `const frames = [];
for (let i = 0; i < 180; i++) {
  frame(1 / 60, new THREE.Vector3(2, 0, 0));
  frames.push({ x: avatar.position.x, y: avatar.position.y, grounded: player.grounded });
}
export default { frames, settings: player.settings, objects: world.objectCount, scene: scene.children.length };`,
    check: ({ frames, settings, objects, scene }) => {
      assert.equal(objects, 2, 'the floor and the wall');
      assert.equal(scene, 2, 'the level and the avatar');
      const rest = settings.height / 2;
      for (const [i, f] of frames.entries()) {
        if (i < 60) continue; // dropped from y = 2: landed well within a second
        assert.ok(f.grounded, `frame ${i}: grounded`);
        assert.ok(near(f.y, rest, 2 * settings.skinWidth), `frame ${i}: centre at ${f.y}, expected ${rest}`);
        assert.ok(f.x <= 3 - settings.radius + 1e-4, `frame ${i}: through the wall at x = ${f.x}`);
      }
      // 3 s at 2 m/s would reach x = 6: the wall stops it at its face less the radius and skin.
      const last = frames.at(-1).x;
      assert.ok(near(last, 3 - settings.radius, 2 * settings.skinWidth), `stopped at ${last}`);
    },
  },
  'three-particles': {
    before: `${THREE_IMPORTS}
const scene = new THREE.Scene();
const world = new s.World();
${FLOOR}
addObject3D(world, floorMesh);`,
    after: `burst(new THREE.Vector3(0, 1, 0));
for (let i = 0; i < 180; i++) step(1 / 60);
const placed = [];
const at = new THREE.Matrix4();
for (let i = 0; i < dots.count; i++) placed.push(...dots.getMatrixAt(i, at).elements.slice(12, 15));
export default { positions: [...sparks.positions.slice(0, 3 * sparks.count)], placed, count: dots.count };`,
    check: ({ positions, placed, count }) => {
      assert.equal(count, 50);
      assert.deepEqual(placed, positions, 'the InstancedMesh draws every spark where it is');
      let resting = 0;
      for (let i = 0; i < count; i++) {
        const y = positions[3 * i + 1];
        assert.ok(y >= 0.03 - 1e-4, `spark ${i} below the floor: y = ${y}`);
        if (y < 0.05) resting++;
      }
      assert.ok(resting > 40, `thrown up at 4 m/s, most have come down to the floor in 3 s: ${resting}`);
    },
  },
  'three-platform': {
    before: `${THREE_IMPORTS}
const scene = new THREE.Scene();
const world = new s.World();`,
    after: `const frames = [];
for (let i = 0; i < 150; i++) {
  frame(1 / 60);
  frames.push({ x: rider.position.x, y: rider.position.y, px: platform.position.x, grounded: rider.grounded });
}
export default { frames, settings: rider.settings };`,
    check: ({ frames, settings }) => {
      const rest = 1.1 + settings.height / 2; // the platform's top plus half the capsule
      for (const [i, f] of frames.entries()) {
        if (i < 40) continue; // dropped from y = 2 onto the platform
        assert.ok(f.grounded, `frame ${i}: grounded`);
        assert.ok(near(f.y, rest, 2 * settings.skinWidth + 0.01), `frame ${i}: centre ${f.y}, expected ${rest}`);
        // Carried: it keeps its place on the platform as the platform moves along x.
        assert.ok(near(f.x - f.px, frames[40].x - frames[40].px, 0.01), `frame ${i}: ${f.x} on ${f.px}`);
      }
      assert.ok(frames[40].px > 0.5, 'the platform has moved by then');
    },
  },
};

// three's FileLoader (under GLTFLoader) reports progress with the browser's ProgressEvent.
globalThis.ProgressEvent ??= class ProgressEvent extends Event {
  constructor(type, init = {}) {
    super(type);
    Object.assign(this, { lengthComputable: false, loaded: 0, total: 0 }, init);
  }
};

const dir = `${root}build/snippets`;
mkdirSync(dir, { recursive: true });
const THREE = await import('three');
const blocks = [...snippets('README.md'), ...snippets('docs/three.md')];

test('every marked snippet has a check, and every check its snippet', () => {
  const names = blocks.map((b) => b.name);
  assert.deepEqual([...names].sort(), Object.keys(ENTRIES).sort());
});

for (const { name, code } of blocks) {
  const entry = ENTRIES[name];
  if (entry === undefined) continue;
  test(`snippet ${name} runs as written and gives what its scene says`, async () => {
    const before = typeof entry.before === 'function' ? entry.before(THREE) : entry.before;
    const file = `${dir}/${name}.mjs`;
    writeFileSync(file, `${before}\n// ---- the snippet ----\n${code}\n// ---- checks ----\n${entry.after}\n`);
    const { default: result } = await import(pathToFileURL(file).href);
    entry.check(result);
  });
}
