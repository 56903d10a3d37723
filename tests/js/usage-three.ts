// How a TypeScript user calls 'shototsu/three' (checked by tsc -p tests/js; not run). three.js's
// objects are stood in for by classes of the same shape: the types need no @types/three.
import { init } from 'shototsu';
import {
  addObject3D,
  computeBoundsTree,
  acceleratedRaycast,
  disposeBoundsTree,
  WorldHelper,
  CharacterHelper,
  ContactsHelper,
  GROUND_COLORS,
} from 'shototsu/three';
import type { GeometryLike, Object3DLike } from 'shototsu/three';

const s = await init();
const geometry: GeometryLike = {
  isBufferGeometry: true,
  attributes: {
    position: { count: 3, array: new Float32Array(9), getX: () => 0, getY: () => 0, getZ: () => 0 },
  },
  index: { count: 3, array: new Uint16Array(3), getX: (i: number) => i, getY: () => 0, getZ: () => 0 },
  drawRange: { start: 0, count: Infinity },
  groups: [],
};
const tree = computeBoundsTree.call(geometry);
const count: number = tree.triangleCount;
disposeBoundsTree.call(geometry);
const root: Object3DLike = {
  isObject3D: true,
  visible: true,
  layers: { mask: 1 },
  userData: {},
  children: [],
  matrixWorld: { elements: new Float64Array(16) },
  updateWorldMatrix: () => {},
};
const world = new s.World();
const scene = addObject3D(world, root, { dynamic: true, layers: { mask: 3 } });
scene.update();
const who = scene.lookup(0, 1);
export const seen = who === null ? count : [who.object.visible, who.instanceId, who.faceIndex];
const intersects: object[] = [];
acceleratedRaycast.call({}, {}, intersects);
scene.remove();

// The debug helpers: construct, update, read what they draw, free.
const debug = new WorldHelper(world, { depth: 3, meshDepth: Infinity, color: 0xffffff });
debug.depth = 2;
const drawn: number | undefined = debug.update().lines(0)?.geometry.attributes.position?.count;
const player = new s.CharacterController(world);
const me = new CharacterHelper(player, { onTop: true, normalLength: 0.5 });
me.update(player.move({ x: 0, y: -0.1, z: 0 }));
const colour: string | null = me.reason === null ? null : GROUND_COLORS[me.reason];
const crowd = new s.CharacterGroup(world);
const walker = new CharacterHelper(crowd, 0);
const hits = new ContactsHelper({ size: 0.2, colors: { point: '#ff0000' } });
const origin = { x: 0, y: 5, z: 0 },
  down = { x: 0, y: -1, z: 0 };
hits.clear().addRay(origin, down, world.raycast(origin, down, 10), 10);
hits
  .add(world.overlapSphere(origin, 1))
  .addSweep({ center: origin, radius: 0.5 }, down, 3, world.sphereCast(origin, 0.5, down, 3));
export const drawing = [drawn, colour, hits.count, world.treeBoxes(2).length, world.sphere(0)?.radius];
for (const h of [debug, me, walker, hits]) h.dispose();
