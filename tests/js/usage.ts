// How a TypeScript user calls the package. Checked with `tsc --noEmit -p tests/js` (npm test):
// it imports 'shototsu' by its package name (resolved through package.json's exports to
// dist/index.d.ts), so the shipped types are what is checked. Not run.
import { init, version, TRIANGLE_REGIONS, REGION_CONDITIONS } from 'shototsu';
import type {
  Shototsu,
  Vec3,
  Vec3Like,
  ClosestPointOnTriangle,
  Contact,
  CastHit,
  SweepHit,
  World,
  WorldHit,
  WorldContact,
  WasmArray,
  TriangleRegion,
  AABB,
} from 'shototsu';

/** A class like THREE.Vector3: any {x, y, z} is accepted. */
class Vector3 {
  constructor(
    public x = 0,
    public y = 0,
    public z = 0,
  ) {}
}

const s: Shototsu = await init();
const p = new Vector3(1, 1, 1),
  a = new Vector3(0, 0, 0),
  b = new Vector3(1, 0, 0),
  c: Vec3Like = { x: 0, y: 0, z: 1 };

const cp: ClosestPointOnTriangle = s.closestPointOnTriangle(p, a, b, c);
const region: TriangleRegion = cp.region;
const point: Vec3 = cp.point;
const explained = s.explainClosestPointOnTriangle(p, a, b, c);
const firstTest: string | undefined = explained.tests[0]?.condition;
const d1: number = explained.dots.d1 + explained.lagrange.va;

const contact: Contact = s.triangleSphere(a, b, c, p, 0.5);
const cast: CastHit = s.intersectSegmentAABB(p, a, { x: -1, y: -1, z: -1 }, { x: 1, y: 1, z: 1 });
const bary: Vec3 = s.intersectSegmentTriangle(p, a, a, b, c).barycentric;
const sweep: SweepHit = s.sweepSphereSphere(p, a, 0.5, b, c, 0.25);
const plane = s.sweepSpherePlane(0.5, p, a, { x: 0, y: 1, z: 0 }, a);
const when: number | null = plane.contactTime;
const feature: TriangleRegion = s.sweepSphereTriangle(0.5, p, a, a, b, c).feature;
const height: number | null = s.floorHeight(a, b, c, 0.25, 0.25);
const s2: number | null = s.intersectRayTriangle(p, { x: 0, y: -1, z: 0 }, a, b, c);
const box: AABB = s.aabbTransform(a, b, { elements: new Array(16).fill(0) });
const inside: boolean = s.convexPolygonContainsPoint(
  [
    { x: 0, y: 0 },
    { x: 1, y: 0 },
    { x: 0, y: 1 },
  ],
  { x: 0.2, y: 0.2 },
);
const obb: Contact = s.obbOBB(a, { x: 0, y: 0, z: 0, w: 1 }, b, p, { x: 0, y: 0, z: 0, w: 1 }, b);

// batches, plain and zero-copy
const points = new Float32Array(3 * 100);
const triangles = new Float32Array(9);
const closest: Float32Array = s.closestPointsOnTriangles(points, triangles);
const buf: WasmArray<Float32Array> = s.allocFloat32(300);
buf.array.set(points);
s.closestPointsOnTriangles(buf, triangles, buf);
s.closestPointsOnTriangles(points, triangles, closest, { exact: false });
s.closestPointsOnTriangles(buf, triangles, buf, { exact: true });
buf.dispose();
const pairs: Uint32Array = s.pairsTree(new Float32Array(12));

// the world
const world: World = new s.World();
const mesh: number = world.addMesh(new Float32Array(9), new Uint32Array([0, 1, 2]));
const hit: WorldHit = world.raycast(p, { x: 0, y: -1, z: 0 });
const contacts: WorldContact[] = world.overlapSphere(p, 1);
const floor: number | null = world.floorHeight(0, 0, 10);
const rays: Float32Array = world.raycastBatch(new Float32Array(6), 100, undefined, new Uint32Array(2));
const triangleCount: number = world.stats.triangles;

export const used = [
  version,
  TRIANGLE_REGIONS,
  REGION_CONDITIONS,
  region,
  point,
  firstTest,
  d1,
  contact,
  cast,
  bary,
  sweep,
  when,
  feature,
  height,
  s2,
  box,
  inside,
  obb,
  closest,
  pairs,
  mesh,
  hit,
  contacts,
  floor,
  rays,
  triangleCount,
];

// Particles and characters over a world.
import type {
  ParticleSystem,
  ParticleStats,
  CharacterController,
  CharacterMove,
  CharacterGroup,
  GroundReason,
} from 'shototsu';
const ps: ParticleSystem = new s.ParticleSystem(world2(), {
  capacity: 100,
  restitution: 0.6,
  gravity: { x: 0, y: -9.81, z: 0 },
});
const index: number = ps.spawn(p, { x: 1, y: 0, z: 0 });
ps.step(1 / 60);
const positions: Float32Array = ps.positions;
const stats: ParticleStats = ps.stats;
ps.configure({ friction: 0.5 });
const ch: CharacterController = new s.CharacterController(world2(), { stepHeight: 0.3, maxSlope: 45 }, p);
const moved: CharacterMove = ch.move({ x: 0.1, y: -0.05, z: 0 });
const why: GroundReason = moved.reason;
ch.position = { x: 0, y: 1, z: 0 };
const group: CharacterGroup = new s.CharacterGroup(world2(), {}, 8);
group.add(p);
group.moveAll(new Float32Array(3));
const centres: Float32Array = group.positions;
function world2(): World {
  return new s.World();
}
export { index, positions, stats, why, centres };
