// How a TypeScript user calls 'shototsu/three' (checked by tsc -p tests/js; not run). three.js's
// objects are stood in for by classes of the same shape: the types need no @types/three.
import { init } from 'shototsu';
import { addObject3D, computeBoundsTree, acceleratedRaycast, disposeBoundsTree } from 'shototsu/three';
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
