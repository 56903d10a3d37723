// Types of the `shototsu` npm package: collision detection compiled to WebAssembly.
//
// Conventions (the core's results.hpp): vectors in are any {x, y, z} (a THREE.Vector3 works),
// out are plain {x, y, z}. Casts and sweeps report `t`, a fraction of the segment or motion in
// [0, 1], never a distance; starting inside gives hit at t = 0; a miss gives t = 1 and zeros
// (sweeps: `point` = the end). Normals are unit and point from the obstacle toward the query
// shape. Touching counts as hitting (depth 0). Inputs and outputs are float32: a number must be
// finite and within float32 range (|x| <= 3.4028234663852886e38). Bad arguments throw a TypeError
// or RangeError naming the argument, before anything reaches wasm; so does any use of a disposed
// object (a TypeError).
// A function that a playground lab shows names it in an `@see` line: its address and its
// docs/labs.md entry.

declare global {
  // Symbol.dispose (for `using`) as lib esnext.disposable declares it, so that these types also
  // check on TypeScript 5.0 and 5.1 and with any `lib`; the same declaration merges with that lib.
  interface SymbolConstructor {
    readonly dispose: unique symbol;
  }
}

/** Any object with numeric x, y, z (THREE.Vector3 works). Every component must be finite. */
export interface Vec3Like {
  x: number;
  y: number;
  z: number;
}
/** Any object with numeric x, y (THREE.Vector2 works). */
export interface Vec2Like {
  x: number;
  y: number;
}
/** A rotation as a quaternion (THREE.Quaternion works); normalised by the queries that say so. */
export interface QuatLike {
  x: number;
  y: number;
  z: number;
  w: number;
}
/** A plain vector returned by the package. */
export interface Vec3 {
  x: number;
  y: number;
  z: number;
}
/** A 4x4 matrix: a THREE.Matrix4 (its `elements`) or 16 numbers, column-major. */
export type Matrix4Like = { elements: ArrayLike<number> } | ArrayLike<number>;

/** A vertex, an edge or the face of triangle abc. */
export type TriangleRegion = 'A' | 'B' | 'C' | 'AB' | 'BC' | 'CA' | 'face';

/** Region names, indexed as the core numbers them (the core's names, read by init(): empty before the first init() resolves). */
export declare const TRIANGLE_REGIONS: readonly TriangleRegion[];
/** The condition each region test of closestPointOnTriangle checks, for teaching views. */
export declare const REGION_CONDITIONS: Readonly<Record<TriangleRegion, string>>;
/** The package version (from package.json). */
export declare const version: string;

/** Options passed to the Emscripten module factory. */
export interface InitOptions {
  /** The bytes of shototsu-wasm.wasm, when you load them yourself. */
  wasmBinary?: ArrayBuffer | Uint8Array;
  /** Where to fetch a file the module needs (its .wasm), given its name and the script's directory. */
  locateFile?: (path: string, scriptDirectory: string) => string;
  /** Called if the module aborts (it never should: bad input is rejected in JS). */
  onAbort?: (what: unknown) => void;
}

/**
 * Loads the WebAssembly core and resolves to the API. Without options every call returns the
 * same instance; with options, a new independent one.
 * @param options How to load the module (its .wasm bytes or where to fetch them); omitted: the
 *   shared instance, the .wasm next to the script.
 * @returns The API: stateless queries and the World, ParticleSystem, CharacterController and
 *   CharacterGroup classes.
 * @example
 * import { init } from 'shototsu';
 * const s = await init();
 * const world = new s.World();
 */
export declare function init(options?: InitOptions): Promise<Shototsu>;

// ---- results ------------------------------------------------------------------------------------

/** The closest point of a triangle. */
export interface ClosestPointOnTriangle {
  point: Vec3;
  /** The Voronoi region holding the point; for a zero-area triangle, the edge or vertex it collapsed to. */
  region: TriangleRegion;
  /** (u, v, w): point = u a + v b + w c, each in [0, 1], summing to 1. */
  barycentric: Vec3;
  /** The triangle has (numerically) zero area and was answered as its segment or point. */
  degenerate: boolean;
}

/** closestPointOnTriangle with every number its decision used. */
export interface ClosestPointExplanation extends ClosestPointOnTriangle {
  /** With ab = b-a, ac = c-a, ap = p-a, bp = p-b, cp = p-c: d1 = ab.ap, d2 = ac.ap, d3 = ab.bp, d4 = ac.bp, d5 = ab.cp, d6 = ac.cp. */
  dots: { d1: number; d2: number; d3: number; d4: number; d5: number; d6: number };
  /** vc = d1 d4 - d3 d2, vb = d5 d2 - d1 d6, va = d3 d6 - d5 d4 (Lagrange identity). */
  lagrange: { va: number; vb: number; vc: number };
  /** The region tests in the order they ran; the last that passed decided. None for a degenerate triangle. */
  tests: { region: TriangleRegion; condition: string; passed: boolean }[];
}

/** An overlap between shapes A and B. */
export interface Contact {
  hit: boolean;
  /** A point of the contact, on A's surface (see each query). */
  point: Vec3;
  /** Unit, from A toward B; zero on a miss. */
  normal: Vec3;
  /** How far B must move along `normal` to separate; 0 when touching. */
  depth: number;
}

/** The first hit of a segment cast. */
export interface CastHit {
  hit: boolean;
  /** Fraction of the segment in [0, 1]; 0 when starting inside; 1 on a miss. */
  t: number;
  /** The segment's point at t. */
  point: Vec3;
  /** Unit, from the obstacle toward the segment's start; zero on a miss. */
  normal: Vec3;
}

/** intersectSegmentTriangle's hit: a CastHit and where on the triangle it landed. */
export interface TriangleCastHit extends CastHit {
  /** Barycentric (u, v, w) of `point` on the triangle. */
  barycentric: Vec3;
}

/** The first time of impact of a moving shape. */
export interface SweepHit {
  hit: boolean;
  /** Fraction of the motion in [0, 1]; 1 on a miss. */
  t: number;
  /** The moving shape's position at t (a sphere's centre, a capsule's centre); the end on a miss. */
  point: Vec3;
  /** Where the shapes touch at t, on the obstacle. */
  contact: Vec3;
  /** Unit, from the obstacle toward the moving shape; zero on a miss. */
  normal: Vec3;
}

/** A triangle's feature touched by a sweep, named as its region (the same names as TriangleRegion). */
export type TriangleFeature = 'face' | 'AB' | 'BC' | 'CA' | 'A' | 'B' | 'C';

/** sweepSphereTriangle's hit: which feature was touched first. */
export interface TriangleSweepHit extends SweepHit {
  feature: TriangleFeature;
}

/** How sweepSpherePlane decided (the cases of marupeke296.com 3D collision no. 10). */
export type SweepPlaneCase =
  | 'hitFront'
  | 'embedded'
  | 'embeddedParallel'
  | 'movingAway'
  | 'parallel'
  | 'tooFar'
  | 'behindPlane'
  | 'invalid';

/** sweepSpherePlane's result. */
export interface SweepPlaneHit {
  hit: boolean;
  /** 0 when embedded; the contact fraction for 'hitFront'; 1 on a miss. */
  t: number;
  /** The centre at t (the start when embedded); the end on a miss. */
  point: Vec3;
  /** The unit plane normal, when hit. */
  normal: Vec3;
  kind: SweepPlaneCase;
  /** Signed time at which the sphere touches the front face on the infinite line of motion (< 0: in the past, > 1: after this step); null when the motion is parallel. */
  contactTime: number | null;
  /** Signed distance of the start centre from the plane. */
  startDistance: number;
}

/** An axis-aligned box. */
export interface AABB {
  min: Vec3;
  max: Vec3;
}

/** 'acute': the circumsphere; 'rightOrObtuse': the longest edge as diameter; 'degenerate': zero area. */
export type BoundingSphereKind = 'acute' | 'rightOrObtuse' | 'degenerate';

/** A triangle's minimum bounding sphere. */
export interface TriangleBoundingSphere {
  center: Vec3;
  radius: number;
  kind: BoundingSphereKind;
  /** The vertex opposite the diameter edge (0 = a, 1 = b, 2 = c); -1 for 'acute'. */
  oppositeVertex: number;
}

/** The sphere through a triangle's vertices. */
export interface TriangleCircumsphere {
  center: Vec3;
  radius: number;
  /** False for a degenerate triangle: then the minimum bounding sphere is returned instead. */
  exists: boolean;
}

/** Any typed array: what three.js declares `BufferAttribute.array` to be. */
export type TypedArray =
  | Int8Array
  | Uint8Array
  | Uint8ClampedArray
  | Int16Array
  | Uint16Array
  | Int32Array
  | Uint32Array
  | Float32Array
  | Float64Array;

/** Float input of a batch call: a plain Float32Array (copied) or memory in wasm (zero-copy). */
export type Float32Input = Float32Array | WasmArray<Float32Array>;
/** Uint32 input/output of a batch call. */
export type Uint32Input = Uint32Array | WasmArray<Uint32Array>;

/**
 * A typed array allocated in wasm memory, for zero-copy batch calls. Its `array` view is
 * detached (length 0) whenever the wasm memory grows — which any call that allocates may cause
 * (allocFloat32/allocUint32, World.addMesh, World.overlap*, batch calls with plain arrays larger
 * than before) — so read `array` again after such calls; the data itself stays.
 *
 * @example
 * const rays = s.allocFloat32(6 * 1024), out = s.allocFloat32(8 * 1024);
 * rays.array.set([0, 10, 0, 0, -1, 0]); // origin, direction per ray
 * world.raycastBatch(rays, 100, out); // no copies in or out
 * const firstHit = out.array[0] === 1;
 * rays.dispose();
 * out.dispose();
 */
export interface WasmArray<T extends Float32Array | Uint32Array> {
  /** Number of elements. */
  readonly length: number;
  /** The element type: Float32Array or Uint32Array. */
  readonly type: Float32ArrayConstructor | Uint32ArrayConstructor;
  /** A view of the memory (cached until the memory grows). Throws after dispose(). */
  readonly array: T;
  /** True after dispose(). */
  readonly disposed: boolean;
  /** Frees the memory now (idempotent); any later use throws. A FinalizationRegistry frees forgotten arrays eventually. */
  dispose(): void;
  [Symbol.dispose](): void;
}
/** The WasmArray class (for instanceof). */
export declare const WasmArray: {
  prototype: WasmArray<Float32Array | Uint32Array>;
};

// ---- the world --------------------------------------------------------------------------------

/**
 * Where an object is: a three.js Matrix4 (or anything with 16 column-major `elements`), 16
 * numbers, or `{ position, quaternion?, scale? }` (an Object3D's own fields; scale a number or a
 * uniform {x, y, z}). Rigid with a uniform positive scale: shear, mirroring or a non-uniform
 * scale are a RangeError (bake such a scale into the positions).
 */
export type TransformLike =
  | { elements: ArrayLike<number> }
  | ArrayLike<number>
  | { position: Vec3Like; quaternion?: QuatLike; scale?: number | Vec3Like };

/** Which objects a query sees: those on a layer of `layers` (default all), except `ignore`. */
export interface QueryFilter {
  /** A 32-bit mask (`~2` works: it is taken as unsigned). Default: every layer. */
  layers?: number;
  /** An object id to skip (e.g. a character's own capsule); -1 or absent for none. */
  ignore?: number;
}

/** Options of closestPointsOnTriangles. */
export interface BatchOptions {
  /**
   * true (the default): every answer has the single query's bits. false: float32 arithmetic,
   * within the bound documented on closestPointsOnTriangles.
   */
  exact?: boolean;
}

/** Options of addMesh and addInstance. */
export interface ObjectOptions {
  /** Default: the identity (the positions are in world space). */
  transform?: TransformLike;
  /** The object's 32-bit layer mask (default 1). */
  layers?: number;
}

/** What kind of object an id names. */
export type ObjectKind = 'mesh' | 'instance' | 'sphere' | 'capsule' | 'box';

/** An object's pose and its velocities over the current step (World.transform). */
export interface ObjectTransform {
  position: Vec3;
  quaternion: { x: number; y: number; z: number; w: number };
  scale: number;
  /** m/s of its position over the step begun by the last update(); zero after teleport or at rest. */
  linearVelocity: Vec3;
  /** rad/s (axis times rate) about its position over the step. */
  angularVelocity: Vec3;
}

/** The first hit of a world raycast, segment cast, sphere cast or capsule cast. */
/** One surface a ray crosses (World.raycastAll); its point is origin + unit(direction) * distance. */
export interface WorldRayCrossing {
  distance: number;
  object: number;
  /** The triangle's index in its mesh; -1 for a primitive. */
  triangle: number;
  /** The ray meets the triangle's front (counter-clockwise seen from the origin, three.js FrontSide); true for primitives. */
  front: boolean;
}

export interface WorldHit {
  hit: boolean;
  /** Distance travelled along the unit direction before the hit (0 when starting in contact); maxDistance on a miss. */
  distance: number;
  /** The touching point on the surface. */
  point: Vec3;
  /** The cast shape's position at the hit (the ray point, the sphere's centre, the capsule's centre). */
  position: Vec3;
  /** Unit, from the surface toward the cast shape (rays: the face normal facing the origin). */
  normal: Vec3;
  /** The object's id (what add* returned); -1 on a miss. */
  object: number;
  /** Index of the triangle in its mesh as added; -1 on a miss and for primitives. */
  triangle: number;
}

/** One triangle (or primitive) touching an overlap query's shape. */
export interface WorldContact {
  object: number;
  /** -1 for primitives. */
  triangle: number;
  /** The closest point of the triangle to the shape's centre (or axis). */
  point: Vec3;
  /** Unit, from `point` toward the shape. */
  normal: Vec3;
  /** How far the shape must move along `normal` to stop touching this triangle. */
  depth: number;
  /** The vertex, edge or face that is closest ('face' for primitives). */
  feature: TriangleRegion;
}

/** The closest point of the world. */
export interface WorldClosestPoint {
  hit: boolean;
  point: Vec3;
  distance: number;
  /** -1 on a miss. */
  object: number;
  /** -1 on a miss and for primitives. */
  triangle: number;
  feature: TriangleRegion;
}

/** The floor under a point. */
export interface WorldFloor {
  hit: boolean;
  /** Height (y) of the highest surface at (x, z) at or below fromY. */
  height: number;
  /** That surface's unit normal, turned to point up. */
  normal: Vec3;
  /** -1 on a miss. */
  object: number;
  /** -1 on a miss and for primitives. */
  triangle: number;
}

/** What a world holds. */
export interface WorldStats {
  /** Live objects. */
  objects: number;
  /** Triangle meshes (instances share their mesh's). */
  meshes: number;
  triangles: number;
  /** Nodes of the meshes' bounding volume hierarchies. */
  nodes: number;
  /** Bytes held by triangles, nodes, index maps and objects. */
  memoryBytes: number;
  maxDepth: number;
  /** Milliseconds spent building and refitting mesh hierarchies so far. */
  buildMs: number;
  /** Nodes of the top level over the objects. */
  topNodes: number;
  /** Top-level rebuilds (objects added or removed, or refits that degraded it) and refits so far. */
  topRebuilds: number;
  topRefits: number;
  /** Mesh hierarchies rebuilt by updateMesh because refitting had made them much worse. */
  meshRebuilds: number;
}

/**
 * A collision world: triangle meshes, instances of them and primitive colliders (spheres,
 * capsules, oriented boxes), each an object with a stable id, a rigid pose with a uniform scale
 * and a layer mask; and the queries that particles, characters and games ask of them. Every
 * query takes an optional {@link QueryFilter} last and answers like brute force over every
 * object's world-space triangles. Directions need not be unit length; distances are along the
 * unit direction in world units. Triangles are two-sided; primitives are solid.
 *
 * Per frame: `setTransform` what moves, `update(dt)`, step the particles and characters, draw.
 * Owns wasm memory: call dispose() (or `using`) when done; any use after dispose throws a
 * TypeError.
 *
 * @example
 * const world = new s.World();
 * const ground = world.addMesh(geometry.attributes.position.array, geometry.index?.array);
 * const lift = world.addBox({ x: 0, y: 0, z: 5 }, { x: 0, y: 0, z: 0, w: 1 }, { x: 2, y: 0.2, z: 2 });
 * world.setTransform(lift, { position: { x: 0, y: 1, z: 5 } });
 * world.update(1 / 60);
 * world.raycast({ x: 0, y: 10, z: 5 }, { x: 0, y: -1, z: 0 }).object === lift; // true
 */
export interface World {
  /**
   * Adds a triangle mesh — exactly what a three.js BufferGeometry holds: `positions` (3 floats
   * per vertex) and optional `indices` (3 per triangle; without them, 9 floats per triangle),
   * in its own space, placed by `options.transform`. Builds its hierarchy at once.
   * @param positions 3 floats per vertex: a BufferAttribute's `array` (typed as three.js types
   *   it; at run time a Float32Array or WasmArray, any other kind is a TypeError).
   * @param indices 3 per triangle: an index's `array` (a Uint8Array or Uint16Array is widened;
   *   other kinds are a TypeError), or undefined.
   * @param options `{ transform?, layers? }`: the pose (default the identity: the positions are
   *   in world space) and the layer mask (default 1).
   * @returns The new object's id.
   * @example
   * mesh.updateMatrixWorld(); // three.js updates matrixWorld only when it renders
   * const id = world.addMesh(mesh.geometry.attributes.position.array, mesh.geometry.index?.array, {
   *   transform: mesh.matrixWorld,
   * });
   */
  addMesh(positions: Float32Input | TypedArray, indices?: Uint32Input | TypedArray, options?: ObjectOptions): number;
  /**
   * Another placement of a live mesh's triangles, sharing its hierarchy (one top-level entry).
   * @param mesh The id of a mesh (addMesh's), not of an instance or primitive.
   * @param options `{ transform?, layers? }` as addMesh takes them.
   * @returns The new object's id.
   * @example
   * const rock = world.addMesh(geometry.attributes.position.array, geometry.index?.array);
   * const rock2 = world.addInstance(rock, { transform: { position: { x: 4, y: 0, z: 0 }, scale: 2 } });
   */
  addInstance(mesh: number, options?: ObjectOptions): number;
  /**
   * Adds a solid sphere; its position is the centre.
   * @param center The centre in world space.
   * @param radius >= 0, world units.
   * @param options `{ layers? }`: its layer mask (default 1).
   * @returns The new object's id.
   * @example const ball = world.addSphere({ x: 0, y: 1, z: 0 }, 0.5, { layers: 2 });
   */
  addSphere(center: Vec3Like, radius: number, options?: { layers?: number }): number;
  /**
   * Adds a solid capsule; its position is the segment's midpoint.
   * @param start One end of its axis, world space.
   * @param end The other end.
   * @param radius >= 0, world units.
   * @param options `{ layers? }`: its layer mask (default 1).
   * @returns The new object's id.
   * @example const pillar = world.addCapsule({ x: 0, y: 0, z: 0 }, { x: 0, y: 3, z: 0 }, 0.4);
   */
  addCapsule(start: Vec3Like, end: Vec3Like, radius: number, options?: { layers?: number }): number;
  /**
   * Adds a solid oriented box; its position is the centre.
   * @param center The centre in world space.
   * @param rotation Its rotation (normalised here).
   * @param halfExtents Half its size along its own axes, each >= 0.
   * @param options `{ layers? }`: its layer mask (default 1).
   * @returns The new object's id.
   * @example const crate = world.addBox({ x: 0, y: 0.5, z: 0 }, { x: 0, y: 0, z: 0, w: 1 }, { x: 0.5, y: 0.5, z: 0.5 });
   */
  addBox(center: Vec3Like, rotation: QuatLike, halfExtents: Vec3Like, options?: { layers?: number }): number;
  /**
   * Where the object will be after the next update(dt), which gives it the velocity of the move.
   * @param object A live object's id.
   * @param transform Its new pose: a Matrix4, 16 numbers or `{ position, quaternion?, scale? }`.
   * @example
   * world.setTransform(lift, mesh.matrixWorld); // lift: an id add* returned
   * world.update(dt); // the lift moves there, with the velocity that takes
   */
  setTransform(object: number, transform: TransformLike): void;
  /**
   * setTransform for many objects at once.
   * @param objects One id per object.
   * @param matrices 16 floats (column-major) per id, e.g. an InstancedMesh's
   *   `instanceMatrix.array` (a Float32Array at run time).
   * @example world.setTransforms(ids, mesh.instanceMatrix.array); // mesh: a THREE.InstancedMesh
   */
  setTransforms(objects: Uint32Input, matrices: Float32Input | TypedArray): void;
  /**
   * Puts the object at `transform` now, without velocity.
   * @param object A live object's id.
   * @param transform Its new pose, as setTransform takes it.
   */
  teleport(object: number, transform: TransformLike): void;
  /**
   * Begins a step: objects move to where they were set, and their velocities are fixed.
   * @param dt The step's duration in seconds, > 0.
   */
  update(dt: number): void;
  /**
   * New vertex positions for a mesh: refits its tree (rebuilds it when refitting made it much worse).
   * @param object A mesh's id.
   * @param positions As many floats as it was added with, in its own space.
   */
  updateMesh(object: number, positions: Float32Input | TypedArray): void;
  /**
   * Removes an object; its id is never reused. A mesh's triangles live on in its instances.
   * @param object A live object's id.
   */
  remove(object: number): void;
  /**
   * Changes an object's layer mask.
   * @param object A live object's id.
   * @param layers A 32-bit mask.
   */
  setLayers(object: number, layers: number): void;
  /**
   * Whether an id names a live object.
   * @param object Any object id, live or not.
   * @returns False for removed ids and ids never given.
   */
  has(object: number): boolean;
  /**
   * What kind of object an id names.
   * @param object Any object id, live or not.
   * @returns 'mesh', 'instance', 'sphere', 'capsule' or 'box'; null when the id is not live.
   */
  kind(object: number): ObjectKind | null;
  /**
   * An object's layer mask.
   * @param object A live object's id.
   * @returns Its 32-bit mask, unsigned.
   */
  layers(object: number): number;
  /**
   * The object's pose and velocities over the current step.
   * @param object A live object's id.
   * @returns Position, quaternion, scale, and linear (m/s) and angular (rad/s) velocity.
   */
  transform(object: number): ObjectTransform;
  /**
   * The velocity of the object's surface at a world point over the current step (linear + angular x r).
   * @param object A live object's id.
   * @param point A point in world space.
   * @returns m/s.
   */
  velocityAt(object: number, point: Vec3Like): Vec3;
  /**
   * The object's world box at its pose.
   * @param object A live object's id.
   * @returns min and max corners.
   */
  bounds(object: number): { min: Vec3; max: Vec3 };
  /** Live objects. */
  readonly objectCount: number;
  /**
   * The closest hit of the ray origin + s direction, 0 <= s <= maxDistance.
   * @param origin Where the ray starts.
   * @param direction Any non-zero length; distances are along its unit vector.
   * @param maxDistance How far the ray reaches, >= 0 (default Infinity).
   * @param filter `{ layers?, ignore? }`: which objects it sees (default all).
   * @returns The hit (`hit`, `distance`, `point`, `normal`, `object`, `triangle`); on a miss
   *   `hit` false, `distance` maxDistance and `object` -1.
   * @example
   * const hit = world.raycast(camera.position, { x: 0, y: 0, z: -1 }, 100, { ignore: player });
   * if (hit.hit) console.log(hit.object, hit.distance, hit.point);
   */
  raycast(origin: Vec3Like, direction: Vec3Like, maxDistance?: number, filter?: QueryFilter): WorldHit;
  /**
   * Whether anything blocks the ray within maxDistance (stops at the first hit found): line of sight.
   * @param origin Where the ray starts.
   * @param direction Any non-zero length.
   * @param maxDistance How far the ray reaches, >= 0 (default Infinity).
   * @param filter `{ layers?, ignore? }` (default all objects).
   * @returns True when some surface is within reach.
   * @example
   * const eye = { x: 0, y: 1.6, z: 0 }, target = { x: 10, y: 1, z: 0 };
   * const toTarget = { x: target.x - eye.x, y: target.y - eye.y, z: target.z - eye.z };
   * const seen = !world.raycastAny(eye, toTarget, Math.hypot(toTarget.x, toTarget.y, toTarget.z));
   */
  raycastAny(origin: Vec3Like, direction: Vec3Like, maxDistance?: number, filter?: QueryFilter): boolean;
  /**
   * Every triangle the ray crosses within maxDistance (and each primitive's first hit), with the
   * side it is met from.
   * @param origin Where the ray starts.
   * @param direction Any non-zero length.
   * @param maxDistance How far the ray reaches, >= 0 (default Infinity).
   * @param filter `{ layers?, ignore? }` (default all objects).
   * @returns The crossings sorted by (distance, object, triangle); empty on a miss.
   * @example
   * const fronts = world.raycastAll({ x: 0, y: 10, z: 0 }, { x: 0, y: -1, z: 0 }).filter((c) => c.front);
   */
  raycastAll(origin: Vec3Like, direction: Vec3Like, maxDistance?: number, filter?: QueryFilter): WorldRayCrossing[];
  /**
   * The hit closest to `from` on the segment from–to.
   * @param from The segment's start.
   * @param to Its end.
   * @param filter `{ layers?, ignore? }` (default all objects).
   * @returns As raycast's, `distance` measured from `from`; a miss has `distance` |to - from|.
   * @example
   * const hit = world.intersectSegment({ x: 0, y: 2, z: 0 }, { x: 0, y: -2, z: 0 });
   * const ground = hit.hit ? hit.point.y : -Infinity;
   */
  intersectSegment(from: Vec3Like, to: Vec3Like, filter?: QueryFilter): WorldHit;
  /**
   * The first time of impact of a sphere moving from `center` along direction.
   * @param center The sphere's centre at the start.
   * @param radius >= 0, world units.
   * @param direction Any non-zero length.
   * @param maxDistance How far it moves, finite and >= 0.
   * @param filter `{ layers?, ignore? }` (default all objects).
   * @returns `distance` travelled before touching (0 when starting in contact), `position` the
   *   centre then, `point` the touching point; a miss has `distance` maxDistance.
   * @example
   * const hit = world.sphereCast({ x: 0, y: 1, z: 0 }, 0.25, { x: 1, y: 0, z: 0 }, 5);
   * const safe = hit.hit ? hit.distance : 5; // how far the ball can roll
   */
  sphereCast(
    center: Vec3Like,
    radius: number,
    direction: Vec3Like,
    maxDistance: number,
    filter?: QueryFilter,
  ): WorldHit;
  /**
   * The first time of impact of the capsule a–b translating along direction.
   * @param a One end of the capsule's axis at the start.
   * @param b The other end.
   * @param radius >= 0, world units.
   * @param direction Any non-zero length.
   * @param maxDistance How far it moves, finite and >= 0.
   * @param filter `{ layers?, ignore? }` (default all objects).
   * @returns As sphereCast's; `position` is the capsule's centre at the hit.
   * @example
   * const hit = world.capsuleCast({ x: 0, y: 0.5, z: 0 }, { x: 0, y: 1.5, z: 0 }, 0.3, { x: 0, y: 0, z: 1 }, 2);
   */
  capsuleCast(
    a: Vec3Like,
    b: Vec3Like,
    radius: number,
    direction: Vec3Like,
    maxDistance: number,
    filter?: QueryFilter,
  ): WorldHit;
  /**
   * Every triangle (and primitive) touching or overlapping the sphere.
   * @param center The sphere's centre.
   * @param radius >= 0, world units.
   * @param filter `{ layers?, ignore? }` (default all objects).
   * @returns One contact per triangle or primitive (its point, normal, depth, feature); empty when clear.
   * @example
   * for (const c of world.overlapSphere({ x: 0, y: 1, z: 0 }, 2)) console.log(c.object, c.depth);
   */
  overlapSphere(center: Vec3Like, radius: number, filter?: QueryFilter): WorldContact[];
  /**
   * Every triangle (and primitive) touching or overlapping the capsule a–b.
   * @param a One end of its axis.
   * @param b The other end.
   * @param radius >= 0, world units.
   * @param filter `{ layers?, ignore? }` (default all objects).
   * @returns One contact per triangle or primitive; empty when clear.
   * @example
   * const blocked = world.overlapCapsule({ x: 0, y: 0.4, z: 0 }, { x: 0, y: 1.4, z: 0 }, 0.35).length > 0;
   */
  overlapCapsule(a: Vec3Like, b: Vec3Like, radius: number, filter?: QueryFilter): WorldContact[];
  /**
   * The closest point of any triangle or solid primitive to `point` (inside a primitive: distance 0).
   * @param point The query point.
   * @param maxDistance Search radius, inclusive, >= 0 (default Infinity).
   * @param filter `{ layers?, ignore? }` (default all objects).
   * @returns The point, its distance, object, triangle and feature; `hit` false and `object` -1
   *   when nothing is within maxDistance.
   * @example
   * const near = world.closestPoint({ x: 0, y: 1, z: 0 }, 3);
   * if (near.hit) console.log(near.distance, near.object);
   */
  closestPoint(point: Vec3Like, maxDistance?: number, filter?: QueryFilter): WorldClosestPoint;
  /**
   * The highest surface at (x, z) whose height is <= fromY, with its normal and object (up is +Y).
   * @param x World x of the vertical line.
   * @param z World z of the vertical line.
   * @param fromY The height looked down from (a surface at fromY counts).
   * @param filter `{ layers?, ignore? }` (default all objects).
   * @returns `hit` false and `object` -1 where there is no floor below fromY.
   * @example
   * const f = world.floor(3, 4, 100);
   * if (f.hit && f.normal.y > 0.7) console.log('walkable at', f.height);
   */
  floor(x: number, z: number, fromY: number, filter?: QueryFilter): WorldFloor;
  /**
   * floor()'s height alone.
   * @param x World x of the vertical line.
   * @param z World z of the vertical line.
   * @param fromY The height looked down from.
   * @param filter `{ layers?, ignore? }` (default all objects).
   * @returns The height, or null where there is no floor below fromY.
   * @example const y = world.floorHeight(3, 4, 100) ?? 0;
   */
  floorHeight(x: number, z: number, fromY: number, filter?: QueryFilter): number | null;
  /**
   * A triangle of a mesh or instance in world space at its current pose.
   * @param object A mesh's or instance's id.
   * @param index Its triangle's index, below triangleCount(object).
   * @returns The vertices a, b, c.
   */
  triangle(object: number, index: number): { a: Vec3; b: Vec3; c: Vec3 };
  /**
   * How many triangles a mesh or instance has.
   * @param object A live object's id.
   * @returns The count; 0 for primitives.
   */
  triangleCount(object: number): number;
  /**
   * Every triangle of a mesh or instance in world space at its pose, in added order: 9 floats
   * each (a xyz, b xyz, c xyz), the same bits as triangle(object, k). A copy.
   * @param object a live mesh or instance
   * @returns 9 floats per triangle, a new array.
   * @example
   * const tris = world.triangles(lift); // tris[0..8]: the first triangle's a, b, c
   */
  triangles(object: number): Float32Array;
  /**
   * The top level's nodes (world space, the boxes it culls objects with) down to `maxDepth`
   * (the root is depth 1; default every level), parents first: 8 floats each — min xyz, max xyz,
   * depth, leaf (1 when the node holds objects). At full depth, `stats.topNodes` of them.
   * @param maxDepth the deepest level listed (0: none)
   * @returns 8 floats per node, a new array.
   * @example const boxes = world.treeBoxes(3); // root, children, grandchildren
   */
  treeBoxes(maxDepth?: number): Float32Array;
  /**
   * A mesh's (or instance's) hierarchy as treeBoxes lists it, in the mesh's own space:
   * `transform(object)` places the boxes. An instance lists the tree it shares with its mesh.
   * @param object a live mesh or instance
   * @param maxDepth the deepest level listed (default every level)
   * @returns 8 floats per node, a new array.
   * @example const boxes = world.meshTreeBoxes(lift, 4);
   */
  meshTreeBoxes(object: number, maxDepth?: number): Float32Array;
  /** Increases whenever geometry that queries see changes (add, remove, move, refit); compare it to know a cache is stale. */
  readonly revision: number;
  /**
   * The live objects changed (added, moved, refitted, relayered) after `revision`, by increasing
   * id; `changedSince(0)` lists every live object.
   * @param revision a value `world.revision` had
   * @returns The ids, a new array.
   * @example
   * const seen = world.revision;
   * world.update(dt);
   * for (const id of world.changedSince(seen)) console.log('moved', id);
   */
  changedSince(revision: number): Uint32Array;
  /**
   * A sphere object in world space at its pose.
   * @param object a live object's id
   * @returns Its centre and radius; null for an object of another kind.
   */
  sphere(object: number): { center: Vec3; radius: number } | null;
  /**
   * A capsule object in world space at its pose.
   * @param object a live object's id
   * @returns Its segment start–end and radius; null for an object of another kind.
   */
  capsule(object: number): { start: Vec3; end: Vec3; radius: number } | null;
  /**
   * A box object in world space at its pose.
   * @param object a live object's id
   * @returns Its centre, rotation (a unit quaternion) and half extents; null for an object of another kind.
   */
  box(
    object: number,
  ): { center: Vec3; rotation: { x: number; y: number; z: number; w: number }; halfExtents: Vec3 } | null;
  /**
   * Many raycasts in one call.
   * @param rays 6 floats per ray: origin xyz, direction xyz.
   * @param maxDistance How far every ray reaches, >= 0 (Infinity works).
   * @param out Filled with 8 floats per ray, when given: hit (1/0), distance, point xyz, normal xyz.
   * @param ids Receives 2 values per ray, when given: object and triangle (0xFFFFFFFF on a miss
   *   or for primitives).
   * @param filter `{ layers?, ignore? }` (default all objects).
   * @returns `out` (its array), or a new Float32Array of 8 floats per ray.
   * @example
   * const rays = new Float32Array([0, 10, 0, 0, -1, 0, 5, 10, 0, 0, -1, 0]);
   * const hits = world.raycastBatch(rays, 100);
   * const groundY = hits[0] === 1 ? hits[3] : null; // ray 0: hit, distance, point xyz, normal xyz
   */
  raycastBatch(
    rays: Float32Input,
    maxDistance: number,
    out?: Float32Input,
    ids?: Uint32Input,
    filter?: QueryFilter,
  ): Float32Array;
  /**
   * Many sphere casts of one radius in one call.
   * @param casts 6 floats per cast: centre xyz, direction xyz.
   * @param radius >= 0, world units.
   * @param maxDistance How far every sphere moves, finite and >= 0.
   * @param out Filled with 11 floats per cast, when given: hit, distance, point xyz, position
   *   xyz, normal xyz.
   * @param ids Receives object and triangle per cast, when given, as raycastBatch's.
   * @param filter `{ layers?, ignore? }` (default all objects).
   * @returns `out` (its array), or a new Float32Array of 11 floats per cast.
   * @example
   * const out = s.allocFloat32(11 * 2);
   * world.sphereCastBatch(new Float32Array([0, 1, 0, 1, 0, 0, 0, 2, 0, 1, 0, 0]), 0.25, 5, out);
   * const travelled = out.array[1]; // cast 0's distance (re-read .array after calls that allocate)
   */
  sphereCastBatch(
    casts: Float32Input,
    radius: number,
    maxDistance: number,
    out?: Float32Input,
    ids?: Uint32Input,
    filter?: QueryFilter,
  ): Float32Array;
  /**
   * The whole world as bytes — meshes with their trees, objects, poses, pending targets,
   * velocities, layers and removed ids — to load with `s.World.deserialize` in another thread,
   * page or session (docs/serialization.md). Versioned, little-endian, the same bytes natively.
   * @returns The bytes (a new array).
   * @example
   * const copy = s.World.deserialize(world.serialize()); // the same objects, ids and answers
   */
  serialize(): Uint8Array;
  /** Counts, memory and build time. */
  readonly stats: WorldStats;
  /** True after dispose(). */
  readonly disposed: boolean;
  /** Frees the world's memory now (idempotent). A FinalizationRegistry frees forgotten worlds eventually. */
  dispose(): void;
  [Symbol.dispose](): void;
}

/** `new s.World()`. */
export interface WorldConstructor {
  /** An empty world. */
  new (): World;
  /**
   * A World from `world.serialize()`'s bytes (docs/serialization.md), answering every query as the
   * saved one did, with the same object ids. Throws a TypeError when `bytes` is not a Uint8Array
   * or ArrayBuffer, a RangeError naming why when they are not a World (truncated, corrupted, another
   * version); the module stays usable.
   * @param bytes What serialize() returned (or its buffer).
   * @returns A new World.
   * @example
   * const world = s.World.deserialize(new Uint8Array(await (await fetch('/level.bin')).arrayBuffer()));
   */
  deserialize(bytes: Uint8Array | ArrayBuffer): World;
  readonly prototype: World;
}

// ---- particles and characters (systems over a World) -----------------------------------------------

/** Options of `new s.ParticleSystem(world, options)`; every field optional, an omitted one is the core's default. */
export interface ParticleOptions {
  /** Most particles at once (default 1024); fixed. About 0.8 KB of wasm memory each, allocated at construction: a capacity wasm memory cannot hold (about 2.5 million) is a RangeError. */
  capacity?: number;
  /** Default radius of spawned particles, > 0 (default 0.1). */
  radius?: number;
  /** Fraction of the normal speed kept by a bounce, in [0, 1] (default 0.5). */
  restitution?: number;
  /** Coulomb friction coefficient, >= 0 (default 0.3). */
  friction?: number;
  /** Linear damping per second: each step v *= 1 / (1 + damping dt) (default 0). */
  damping?: number;
  /** Acceleration (default {x: 0, y: -9.81, z: 0}). */
  gravity?: Vec3Like;
  /** Resolve particle–particle collisions (equal masses; default false). */
  collideParticles?: boolean;
}

/** What the last step did. */
export interface ParticleStats {
  /** Contacts with the world resolved. */
  contacts: number;
  /** Particle–particle contacts resolved. */
  particleContacts: number;
  /** Sweep iterations over all particles. */
  iterations: number;
  /** Particles that ran out of iterations (time lost; expected 0). */
  saturated: number;
  /** Particles asleep (resting, skipped until disturbed). */
  sleeping: number;
}

/**
 * Spheres under gravity swept continuously against the world: none tunnels at any speed.
 * `positions` and `velocities` are views into wasm memory (3 floats per particle) for a three.js
 * InstancedMesh: valid until the wasm memory grows (then length 0) — read the property again each
 * frame rather than keeping the array. Disposed with its World.
 *
 * @example
 * const sparks = new s.ParticleSystem(world, { capacity: 500, radius: 0.05, restitution: 0.6 });
 * sparks.spawn({ x: 0, y: 2, z: 0 }, { x: 1, y: 4, z: 0 });
 * sparks.step(1 / 60);
 * const p = sparks.positions; // x, y, z per particle; read it again next frame
 */
export interface ParticleSystem {
  /**
   * Adds a particle.
   * @param position Its centre.
   * @param velocity m/s (default zero).
   * @param radius > 0 (default `options.radius`).
   * @returns Its index (below count), or -1 when the system is full.
   * @example const i = particles.spawn({ x: 0, y: 5, z: 0 }, { x: 2, y: 0, z: 0 }, 0.2);
   */
  spawn(position: Vec3Like, velocity?: Vec3Like, radius?: number): number;
  /**
   * Advances every particle, each swept against the world (and the others when collideParticles).
   * @param dt Seconds, >= 0 (0 does nothing).
   * @example
   * world.update(dt); // first, when objects moved
   * particles.step(dt);
   * if (particles.stats.saturated > 0) console.warn('particles lost time this step');
   */
  step(dt: number): void;
  /** Removes every particle. */
  clear(): void;
  readonly count: number;
  readonly capacity: number;
  /** Float32Array view into wasm memory: x, y, z per particle (count * 3 floats). Writable. */
  readonly positions: Float32Array;
  /** Float32Array view into wasm memory: velocity per particle (count * 3 floats). Writable; writing wakes a sleeping particle. */
  readonly velocities: Float32Array;
  /** Float32Array view into wasm memory: radius per particle. */
  readonly radii: Float32Array;
  readonly stats: ParticleStats;
  /** The current settings (a copy, with capacity). */
  readonly settings: Required<ParticleOptions>;
  /**
   * Changes settings live and wakes sleeping particles.
   * @param options Any fields but capacity; an omitted field keeps its current value (radius
   *   applies to later spawns).
   * @example particles.configure({ gravity: { x: 0, y: -1.6, z: 0 } }); // the Moon
   */
  configure(options?: LiveParticleOptions): void;
  /**
   * Whether a particle is asleep (resting, skipped until disturbed).
   * @param i A particle's index, below count.
   * @returns True while it sleeps.
   */
  isSleeping(i: number): boolean;
  readonly disposed: boolean;
  /** Frees the system now (idempotent); its World's dispose() frees it too. */
  dispose(): void;
  [Symbol.dispose](): void;
}

/** The options configure() can change while a ParticleSystem runs: all but capacity. */
export type LiveParticleOptions = Omit<ParticleOptions, 'capacity'>;

/** Options of a character (every field optional, an omitted one is the core's default). Up is +Y. */
export interface CharacterOptions {
  /** Capsule radius, > 0 (default 0.35). */
  radius?: number;
  /** Total height, caps included, >= 2 radius (default 1.7, or 2 radius when that is more). */
  height?: number;
  /** Highest ledge stepped onto without jumping (default 0.3). */
  stepHeight?: number;
  /** Steepest walkable slope in degrees, [0, 90] (default 45); nothing steeper than 84.3 degrees is ever walkable. */
  maxSlope?: number;
  /** How far it is pulled down onto the ground walking down slopes and stairs (default 0.3). */
  snapDistance?: number;
  /** Gap kept from every surface, > 0 (default 0.01). */
  skinWidth?: number;
}

/** Why a character is or is not grounded after a move. */
export type GroundReason = 'walkable' | 'snapped' | 'stepped up' | 'too steep' | 'no ground' | 'rising';

/** What a move did. */
export interface CharacterMove {
  /** The capsule's centre after the move. */
  position: Vec3;
  grounded: boolean;
  /** Normal of the ground touched below (zero when none). */
  groundNormal: Vec3;
  /** Its angle from +Y in degrees. */
  slopeAngle: number;
  steppedUp: boolean;
  snapped: boolean;
  /** A surface steeper than maxSlope (or a ceiling) blocked part of the motion. */
  hitWall: boolean;
  wallNormal: Vec3;
  reason: GroundReason;
  /** The ground's object id and triangle index, -1 when none. */
  groundObject: number;
  groundTriangle: number;
  /** Velocity (m/s) of the ground under the feet, or of the ground it left this move: add it to yours when leaving the ground. */
  groundVelocity: Vec3;
  /** Radians about +Y the ground turned the character this move (for the camera and facing). */
  yawChange: number;
  /** Carried by the moving object it stood on. */
  carried: boolean;
  /** Pushed out of an object that moved into it. */
  pushed: boolean;
  /** Pinned between a moving object and another this step: squeezed out to the nearest free spot within its height, or, where the gap closed, kept out of what did not move (CharacterMove::crushed, character.hpp). */
  crushed: boolean;
  /** How deep it was pinned when crushed (m): the overlap the pushes left, before it was squeezed out; 0 otherwise. */
  crushDepth: number;
}

/**
 * A kinematic capsule: collide-and-slide with a skin, steps up ledges, snaps down slopes and
 * stairs, stands still on walkable slopes and slides down steeper ones. Gravity and jumps are the
 * caller's: add them to the displacement. Disposed with its World.
 *
 * @example
 * const hero = new s.CharacterController(world, { radius: 0.3, height: 1.8 }, { x: 0, y: 1, z: 0 });
 * let vy = 0;
 * // each frame:
 * vy = hero.grounded ? (keys.jump ? 5 : 0) : vy - 9.81 * dt;
 * const move = hero.move({ x: keys.x * 4 * dt, y: vy * dt, z: keys.z * 4 * dt });
 * mesh.position.copy(move.position);
 */
export interface CharacterController {
  /**
   * The capsule's centre; setting it teleports (no collision). The next move first pushes the
   * capsule out of what it overlaps: one with its feet sunk into the ground (its axis across a
   * face that faces up) stands up on it, unless the way up crosses other geometry.
   */
  position: Vec3;
  readonly grounded: boolean;
  readonly settings: Required<CharacterOptions>;
  /**
   * Moves the capsule and reports; on moving ground it is carried and pushed first (call
   * world.update(dt) before).
   * @param displacement World units: the whole move of this frame (velocity * dt), gravity included.
   * @returns What the move did: the new position, grounded and why, the ground's and a wall's
   *   normals, whether it stepped up, snapped, was carried, pushed or crushed.
   * @example
   * world.update(dt);
   * const m = character.move({ x: 0, y: -9.81 * dt * dt, z: 2 * dt });
   * if (m.hitWall) console.log('bumped into', m.wallNormal);
   */
  move(displacement: Vec3Like): CharacterMove;
  /**
   * Makes it a capsule object of its world that others (particles, characters, queries) meet;
   * its own queries ignore it. Each move carries the capsule over the step at the character's
   * velocity: step particles after the characters and they bounce off it.
   * @param layers The capsule object's layer mask (default 1).
   * @returns Its object id.
   * @example const id = character.register(2); // enemies' rays see the player on layer 2
   */
  register(layers?: number): number;
  /** Removes its capsule object from the world. */
  unregister(): void;
  /** Its capsule object id while registered, -1 otherwise. */
  readonly body: number;
  readonly disposed: boolean;
  /** Frees the character now (idempotent); its World's dispose() frees it too. */
  dispose(): void;
  [Symbol.dispose](): void;
}

/**
 * Many characters moved in one call; they never overlap one another. Disposed with its World.
 *
 * @example
 * const crowd = new s.CharacterGroup(world, { radius: 0.3 }, 100);
 * for (let i = 0; i < 100; i++) crowd.add({ x: i % 10, y: 1, z: Math.floor(i / 10) });
 * const d = new Float32Array(3 * crowd.count); // fill with each one's move
 * crowd.moveAll(d);
 * const centres = crowd.positions; // 3 floats per character
 */
export interface CharacterGroup {
  /**
   * Adds a character.
   * @param position Its capsule's centre.
   * @returns Its index, or -1 when the group is full.
   */
  add(position: Vec3Like): number;
  /**
   * Moves all, as move() moves one.
   * @param displacements 3 floats (world units) per character, at least 3 * count.
   * @example
   * const d = new Float32Array(3 * crowd.count);
   * for (let i = 0; i < crowd.count; i++) d[3 * i + 1] = -9.81 * dt * dt;
   * crowd.moveAll(d);
   * const grounded = crowd.lastMove(0).grounded;
   */
  moveAll(displacements: Float32Array): void;
  /** Float32Array view into wasm memory: the capsule centres, 3 floats per character. */
  readonly positions: Float32Array;
  /**
   * Uint8Array view into wasm memory, 1 per character: 1 when its last move ended grounded (as
   * lastMove(i).grounded, without building the report), 0 otherwise. Read it again each frame.
   */
  readonly grounded: Uint8Array;
  /**
   * The report of a character's last move.
   * @param i A character's index, below count.
   * @returns As CharacterController.move returns it.
   */
  lastMove(i: number): CharacterMove;
  /**
   * Teleports a character (no collision); its next move first pushes it out of what it overlaps,
   * up onto the ground when its feet are sunk into it (as CharacterController.position).
   * @param i A character's index, below count.
   * @param position Its capsule's new centre.
   */
  setPosition(i: number, position: Vec3Like): void;
  /**
   * Makes every character (and later ones) a capsule object of the world.
   * @param layers Their layer mask (default 1).
   */
  register(layers?: number): void;
  /** Removes every character's capsule object from the world. */
  unregister(): void;
  /**
   * A character's capsule object.
   * @param i A character's index, below count.
   * @returns Its object id while registered, -1 otherwise.
   */
  body(i: number): number;
  readonly count: number;
  readonly capacity: number;
  readonly settings: Required<CharacterOptions>;
  readonly disposed: boolean;
  /** Frees the group now (idempotent); its World's dispose() frees it too. */
  dispose(): void;
  [Symbol.dispose](): void;
}

export interface ParticleSystemConstructor {
  /**
   * A particle system over `world`.
   * @param world The World its particles collide with (a World of the same init()).
   * @param options Settings; an omitted field is the core's default (see ParticleOptions).
   */
  new (world: World, options?: ParticleOptions): ParticleSystem;
}
export interface CharacterControllerConstructor {
  /**
   * A character over `world`.
   * @param world The World it walks in.
   * @param options Settings; an omitted field is the core's default (see CharacterOptions).
   * @param position Its capsule's centre (default the origin).
   */
  new (world: World, options?: CharacterOptions, position?: Vec3Like): CharacterController;
}
export interface CharacterGroupConstructor {
  /**
   * A group of characters over `world`, all with the same settings.
   * @param world The World they walk in.
   * @param options Settings; an omitted field is the core's default (see CharacterOptions).
   * @param capacity Most characters, an integer in [1, 1048576] (default 64).
   */
  new (world: World, options?: CharacterOptions, capacity?: number): CharacterGroup;
}

// ---- the API -------------------------------------------------------------------------------------

/**
 * The package's API, resolved by init(). Shapes are passed flat: a triangle as (a, b, c), a
 * sphere as (center, radius), a box as (min, max), a capsule as (start, end, radius), an
 * oriented box as (center, rotation, halfExtents), a segment as (from, to), a plane as
 * (planeNormal, planePoint). Radii and half extents must be >= 0.
 *
 * @example
 * const s = await init();
 * const a = { x: 0, y: 0, z: 0 }, b = { x: 1, y: 0, z: 0 }, c = { x: 0, y: 0, z: 1 };
 * s.closestPointOnTriangle({ x: 0.2, y: 1, z: 0.2 }, a, b, c).point; // { x: 0.2, y: 0, z: 0.2 }
 * const world = new s.World();
 */
export interface Shototsu {
  /** The package version. */
  readonly version: string;

  // closest points
  /**
   * Closest point of triangle abc to p, its barycentrics and the Voronoi region that decided it (Ericson RTCD 5.1.5).
   * @param p The query point.
   * @param a The triangle's first vertex.
   * @param b Its second vertex.
   * @param c Its third vertex.
   * @returns The point, its barycentric (u, v, w), its region ('A' … 'face') and whether the
   *   triangle was degenerate.
   * @example
   * const { point, region } = s.closestPointOnTriangle(
   *   { x: 2, y: 1, z: 0 },
   *   { x: 0, y: 0, z: 0 }, { x: 1, y: 0, z: 0 }, { x: 0, y: 0, z: 1 },
   * ); // point { x: 1, y: 0, z: 0 }, region 'B'
   */
  closestPointOnTriangle(p: Vec3Like, a: Vec3Like, b: Vec3Like, c: Vec3Like): ClosestPointOnTriangle;
  /**
   * closestPointOnTriangle with the six dot products, the Lagrange-identity terms and each region test in order.
   * @param p The query point.
   * @param a The triangle's first vertex.
   * @param b Its second vertex.
   * @param c Its third vertex.
   * @returns closestPointOnTriangle's answer with `dots`, `lagrange` and `tests`.
   * @example
   * const why = s.explainClosestPointOnTriangle({ x: 2, y: 1, z: 0 }, { x: 0, y: 0, z: 0 }, { x: 1, y: 0, z: 0 }, { x: 0, y: 0, z: 1 });
   * for (const t of why.tests) console.log(t.region, t.condition, t.passed);
   */
  explainClosestPointOnTriangle(p: Vec3Like, a: Vec3Like, b: Vec3Like, c: Vec3Like): ClosestPointExplanation;
  /**
   * Closest point of the segment start–end to p, with its fraction t in [0, 1].
   * @param p The query point.
   * @param start The segment's start (t = 0).
   * @param end Its end (t = 1).
   * @returns The point and t (0 for a zero-length segment).
   * @example s.closestPointOnSegment({ x: 1, y: 5, z: 0 }, { x: 0, y: 0, z: 0 }, { x: 4, y: 0, z: 0 }); // t 0.25
   * @see The playground's lab `?mode=lab&query=segment-capsule` (docs/labs.md#segment-capsule)
   * @see The playground's lab `?mode=lab&query=capsule-sphere` (docs/labs.md#capsule-sphere)
   */
  closestPointOnSegment(p: Vec3Like, start: Vec3Like, end: Vec3Like): { point: Vec3; t: number };
  /**
   * Squared distance from p to the segment start–end.
   * @param p The query point.
   * @param start The segment's start.
   * @param end Its end.
   * @returns The squared distance, >= 0.
   */
  distanceSqPointSegment(p: Vec3Like, start: Vec3Like, end: Vec3Like): number;
  /**
   * Closest points of two segments (parallel ones: a deterministic pair), their fractions and squared distance.
   * @param start1 The first segment's start.
   * @param end1 Its end.
   * @param start2 The second segment's start.
   * @param end2 Its end.
   * @returns point1 = start1 + t1 (end1 - start1), point2 likewise, and their squared distance.
   * @example
   * const { distanceSq } = s.closestPointsSegmentSegment(
   *   { x: 0, y: 0, z: 0 }, { x: 2, y: 0, z: 0 }, { x: 1, y: 1, z: -1 }, { x: 1, y: 1, z: 1 },
   * ); // 1
   * @see The playground's lab `?mode=lab&query=sphere-sphere` (docs/labs.md#sphere-sphere)
   * @see The playground's lab `?mode=lab&query=capsule-capsule` (docs/labs.md#capsule-capsule)
   */
  closestPointsSegmentSegment(
    start1: Vec3Like,
    end1: Vec3Like,
    start2: Vec3Like,
    end2: Vec3Like,
  ): {
    point1: Vec3;
    point2: Vec3;
    t1: number;
    t2: number;
    distanceSq: number;
  };
  /**
   * Closest point of the box to p (p itself when inside).
   * @param p The query point.
   * @param min The box's smallest corner.
   * @param max Its largest corner.
   * @returns The point.
   * @example s.closestPointOnAABB({ x: 3, y: 0.5, z: 0 }, { x: -1, y: -1, z: -1 }, { x: 1, y: 1, z: 1 }); // { x: 1, y: 0.5, z: 0 }
   * @see The playground's lab `?mode=lab&query=aabb-sphere` (docs/labs.md#aabb-sphere)
   */
  closestPointOnAABB(p: Vec3Like, min: Vec3Like, max: Vec3Like): Vec3;
  /**
   * Squared distance from p to the box; 0 inside.
   * @param p The query point.
   * @param min The box's smallest corner.
   * @param max Its largest corner.
   * @returns The squared distance, >= 0.
   * @see The playground's lab `?mode=lab&query=aabb-sphere` (docs/labs.md#aabb-sphere)
   */
  distanceSqPointAABB(p: Vec3Like, min: Vec3Like, max: Vec3Like): number;
  /**
   * Closest point of the oriented box to p (p itself when inside).
   * @param p The query point.
   * @param center The box's centre.
   * @param rotation Its rotation (normalised here).
   * @param halfExtents Half its size along its own axes, each >= 0.
   * @returns The point.
   * @example
   * const q = { x: 0, y: Math.sin(Math.PI / 8), z: 0, w: Math.cos(Math.PI / 8) }; // 45 degrees about y
   * s.closestPointOnOBB({ x: 5, y: 0, z: 0 }, { x: 0, y: 0, z: 0 }, q, { x: 1, y: 1, z: 1 });
   * @see The playground's lab `?mode=lab&query=obb-sphere` (docs/labs.md#obb-sphere)
   */
  closestPointOnOBB(p: Vec3Like, center: Vec3Like, rotation: QuatLike, halfExtents: Vec3Like): Vec3;
  /**
   * Projection of p onto the plane (p itself for a zero normal).
   * @param p The query point.
   * @param planeNormal The plane's normal, any non-zero length.
   * @param planePoint Any point of the plane.
   * @returns The point.
   * @example s.closestPointOnPlane({ x: 1, y: 3, z: 2 }, { x: 0, y: 1, z: 0 }, { x: 0, y: 0, z: 0 }); // { x: 1, y: 0, z: 2 }
   * @see The playground's lab `?mode=lab&query=segment-plane` (docs/labs.md#segment-plane)
   */
  closestPointOnPlane(p: Vec3Like, planeNormal: Vec3Like, planePoint: Vec3Like): Vec3;
  /**
   * v reflected about the plane with unit normal n: v - 2 (v.n) n (bouncing).
   * @param v The vector, e.g. a velocity.
   * @param normal The plane's unit normal (not normalised here).
   * @returns The reflected vector.
   * @example const bounced = s.reflect({ x: 1, y: -2, z: 0 }, { x: 0, y: 1, z: 0 }); // { x: 1, y: 2, z: 0 }
   */
  reflect(v: Vec3Like, normal: Vec3Like): Vec3;

  // containment
  /**
   * Whether p is inside or on the sphere.
   * @param center The sphere's centre.
   * @param radius >= 0.
   * @param p The point.
   * @returns True inside or on the surface.
   * @see The playground's lab `?mode=lab&query=containment` (docs/labs.md#containment)
   */
  sphereContainsPoint(center: Vec3Like, radius: number, p: Vec3Like): boolean;
  /**
   * Whether p is inside or on the box.
   * @param min The box's smallest corner.
   * @param max Its largest corner.
   * @param p The point.
   * @returns True inside or on the surface.
   * @see The playground's lab `?mode=lab&query=containment` (docs/labs.md#containment)
   */
  aabbContainsPoint(min: Vec3Like, max: Vec3Like, p: Vec3Like): boolean;
  /**
   * Whether p is inside or on the capsule.
   * @param start One end of the capsule's axis.
   * @param end The other end.
   * @param radius >= 0.
   * @param p The point.
   * @returns True inside or on the surface.
   * @see The playground's lab `?mode=lab&query=containment` (docs/labs.md#containment)
   */
  capsuleContainsPoint(start: Vec3Like, end: Vec3Like, radius: number, p: Vec3Like): boolean;
  /**
   * Whether p is inside or on the oriented box.
   * @param center The box's centre.
   * @param rotation Its rotation (normalised here).
   * @param halfExtents Half its size along its own axes, each >= 0.
   * @param p The point.
   * @returns True inside or on the surface.
   */
  obbContainsPoint(center: Vec3Like, rotation: QuatLike, halfExtents: Vec3Like, p: Vec3Like): boolean;
  /**
   * Whether p is inside or on a convex polygon (either winding; exact edge signs).
   * @param vertices The polygon's corners in order: {x, y}[] or 2 floats per vertex.
   * @param p The point.
   * @returns True inside or on an edge.
   * @example s.convexPolygonContainsPoint([{ x: 0, y: 0 }, { x: 2, y: 0 }, { x: 0, y: 2 }], { x: 0.5, y: 0.5 }); // true
   * @see The playground's lab `?mode=lab&query=containment` (docs/labs.md#containment)
   */
  convexPolygonContainsPoint(vertices: Vec2Like[] | Float32Array, p: Vec2Like): boolean;

  // contacts (normal from the first shape toward the second)
  /**
   * Two spheres.
   * @param centerA Sphere A's centre.
   * @param radiusA Its radius, >= 0.
   * @param centerB Sphere B's centre.
   * @param radiusB Its radius, >= 0.
   * @returns The contact: point on A's surface toward B, normal from A toward B, depth; a miss
   *   has `hit` false and zeros.
   * @example
   * const c = s.sphereSphere({ x: 0, y: 0, z: 0 }, 1, { x: 1.5, y: 0, z: 0 }, 1); // depth 0.5, normal +x
   * @see The playground's lab `?mode=lab&query=sphere-sphere` (docs/labs.md#sphere-sphere)
   */
  sphereSphere(centerA: Vec3Like, radiusA: number, centerB: Vec3Like, radiusB: number): Contact;
  /**
   * Two boxes: the face direction of least translation, the overlap's centre.
   * @param minA Box A's smallest corner.
   * @param maxA Its largest corner.
   * @param minB Box B's smallest corner.
   * @param maxB Its largest corner.
   * @returns The contact; a miss has `hit` false.
   * @see The playground's lab `?mode=lab&query=aabb-aabb` (docs/labs.md#aabb-aabb)
   */
  aabbAABB(minA: Vec3Like, maxA: Vec3Like, minB: Vec3Like, maxB: Vec3Like): Contact;
  /**
   * Box and sphere: the closest point of the box, or the nearest face when the centre is inside.
   * @param min The box's smallest corner.
   * @param max Its largest corner.
   * @param center The sphere's centre.
   * @param radius Its radius, >= 0.
   * @returns The contact, normal from the box toward the sphere; a miss has `hit` false.
   * @see The playground's lab `?mode=lab&query=aabb-sphere` (docs/labs.md#aabb-sphere)
   */
  aabbSphere(min: Vec3Like, max: Vec3Like, center: Vec3Like, radius: number): Contact;
  /**
   * Two capsules.
   * @param startA One end of capsule A's axis.
   * @param endA The other end.
   * @param radiusA Its radius, >= 0.
   * @param startB One end of capsule B's axis.
   * @param endB The other end.
   * @param radiusB Its radius, >= 0.
   * @returns The contact, point on A's surface; a miss has `hit` false.
   * @see The playground's lab `?mode=lab&query=capsule-capsule` (docs/labs.md#capsule-capsule)
   */
  capsuleCapsule(
    startA: Vec3Like,
    endA: Vec3Like,
    radiusA: number,
    startB: Vec3Like,
    endB: Vec3Like,
    radiusB: number,
  ): Contact;
  /**
   * Capsule and sphere.
   * @param start One end of the capsule's axis.
   * @param end The other end.
   * @param radius The capsule's radius, >= 0.
   * @param center The sphere's centre.
   * @param sphereRadius The sphere's radius, >= 0.
   * @returns The contact, point on the capsule's surface; a miss has `hit` false.
   * @see The playground's lab `?mode=lab&query=capsule-sphere` (docs/labs.md#capsule-sphere)
   */
  capsuleSphere(start: Vec3Like, end: Vec3Like, radius: number, center: Vec3Like, sphereRadius: number): Contact;
  /**
   * Two oriented boxes by the separating-axis theorem (15 axes).
   * @param centerA Box A's centre.
   * @param rotationA Its rotation (normalised here).
   * @param halfExtentsA Its half size along its own axes.
   * @param centerB Box B's centre.
   * @param rotationB Its rotation.
   * @param halfExtentsB Its half size.
   * @returns The contact along the axis of least overlap; a miss has `hit` false.
   * @see The playground's lab `?mode=lab&query=obb-obb` (docs/labs.md#obb-obb)
   */
  obbOBB(
    centerA: Vec3Like,
    rotationA: QuatLike,
    halfExtentsA: Vec3Like,
    centerB: Vec3Like,
    rotationB: QuatLike,
    halfExtentsB: Vec3Like,
  ): Contact;
  /**
   * Oriented box and sphere.
   * @param center The box's centre.
   * @param rotation Its rotation (normalised here).
   * @param halfExtents Its half size along its own axes.
   * @param sphereCenter The sphere's centre.
   * @param radius The sphere's radius, >= 0.
   * @returns The contact, normal from the box toward the sphere; a miss has `hit` false.
   * @see The playground's lab `?mode=lab&query=obb-sphere` (docs/labs.md#obb-sphere)
   */
  obbSphere(
    center: Vec3Like,
    rotation: QuatLike,
    halfExtents: Vec3Like,
    sphereCenter: Vec3Like,
    radius: number,
  ): Contact;
  /**
   * Triangle and sphere (Ericson RTCD 5.1.5; DxLib tutorial (triangle–sphere)).
   * @param a The triangle's first vertex.
   * @param b Its second vertex.
   * @param c Its third vertex.
   * @param center The sphere's centre.
   * @param radius Its radius, >= 0.
   * @returns The contact: point on the triangle, normal toward the centre; a miss has `hit` false.
   * @example
   * const c = s.triangleSphere({ x: -5, y: 0, z: -5 }, { x: 5, y: 0, z: -5 }, { x: 0, y: 0, z: 5 }, { x: 0, y: 0.3, z: 0 }, 0.5);
   * // c.depth 0.2: push the sphere up by it
   */
  triangleSphere(a: Vec3Like, b: Vec3Like, c: Vec3Like, center: Vec3Like, radius: number): Contact;
  /**
   * Triangle and capsule.
   * @param a The triangle's first vertex.
   * @param b Its second vertex.
   * @param c Its third vertex.
   * @param start One end of the capsule's axis.
   * @param end The other end.
   * @param radius The capsule's radius, >= 0.
   * @returns The contact: point on the triangle, normal toward the capsule's axis; a miss has `hit` false.
   */
  triangleCapsule(a: Vec3Like, b: Vec3Like, c: Vec3Like, start: Vec3Like, end: Vec3Like, radius: number): Contact;
  /**
   * The smallest translation moving box `moving` out of box `fixed`.
   * @param fixedMin The fixed box's smallest corner.
   * @param fixedMax Its largest corner.
   * @param movingMin The moving box's smallest corner.
   * @param movingMax Its largest corner.
   * @returns One non-zero component; zero when apart or touching.
   * @see The playground's lab `?mode=lab&query=push-out` (docs/labs.md#push-out)
   */
  pushOutAABBAABB(fixedMin: Vec3Like, fixedMax: Vec3Like, movingMin: Vec3Like, movingMax: Vec3Like): Vec3;
  /**
   * Whether two boxes share a point (touching counts).
   * @param minA Box A's smallest corner.
   * @param maxA Its largest corner.
   * @param minB Box B's smallest corner.
   * @param maxB Its largest corner.
   * @returns True when they overlap or touch.
   */
  aabbOverlapsAABB(minA: Vec3Like, maxA: Vec3Like, minB: Vec3Like, maxB: Vec3Like): boolean;

  // segment casts: t in [0, 1], starting inside gives t = 0
  /**
   * Segment against a two-sided plane.
   * @param from The segment's start (t = 0).
   * @param to Its end (t = 1).
   * @param planeNormal The plane's normal, any non-zero length.
   * @param planePoint Any point of the plane.
   * @returns The hit at fraction t, normal facing the start; a miss has t = 1.
   * @example
   * const h = s.intersectSegmentPlane({ x: 0, y: 2, z: 0 }, { x: 0, y: -2, z: 0 }, { x: 0, y: 1, z: 0 }, { x: 0, y: 0, z: 0 }); // t 0.5
   * @see The playground's lab `?mode=lab&query=segment-plane` (docs/labs.md#segment-plane)
   */
  intersectSegmentPlane(from: Vec3Like, to: Vec3Like, planeNormal: Vec3Like, planePoint: Vec3Like): CastHit;
  /**
   * Segment against a solid sphere.
   * @param from The segment's start (t = 0).
   * @param to Its end (t = 1).
   * @param center The sphere's centre.
   * @param radius Its radius, >= 0.
   * @returns The entry at fraction t (0 when `from` is inside); a miss has t = 1.
   * @example
   * const h = s.intersectSegmentSphere({ x: -4, y: 0, z: 0 }, { x: 4, y: 0, z: 0 }, { x: 0, y: 0, z: 0 }, 1);
   * if (h.hit) console.log(h.t, h.point); // 0.375, { x: -1, y: 0, z: 0 }
   * @see The playground's lab `?mode=lab&query=segment-sphere` (docs/labs.md#segment-sphere)
   */
  intersectSegmentSphere(from: Vec3Like, to: Vec3Like, center: Vec3Like, radius: number): CastHit;
  /**
   * Segment against a solid box (slabs), with the entry face's normal.
   * @param from The segment's start (t = 0).
   * @param to Its end (t = 1).
   * @param min The box's smallest corner.
   * @param max Its largest corner.
   * @returns The entry at fraction t (0 when `from` is inside); a miss has t = 1.
   * @example
   * const h = s.intersectSegmentAABB({ x: 0, y: 5, z: 0 }, { x: 0, y: -5, z: 0 }, { x: -1, y: -1, z: -1 }, { x: 1, y: 1, z: 1 });
   * // h.t 0.4, h.normal { x: 0, y: 1, z: 0 }
   * @see The playground's lab `?mode=lab&query=segment-aabb` (docs/labs.md#segment-aabb)
   */
  intersectSegmentAABB(from: Vec3Like, to: Vec3Like, min: Vec3Like, max: Vec3Like): CastHit;
  /**
   * Segment against a solid oriented box.
   * @param from The segment's start (t = 0).
   * @param to Its end (t = 1).
   * @param center The box's centre.
   * @param rotation Its rotation (normalised here).
   * @param halfExtents Its half size along its own axes.
   * @returns The entry at fraction t (0 when `from` is inside); a miss has t = 1.
   * @example
   * const upright = { x: 0, y: 0, z: 0, w: 1 };
   * s.intersectSegmentOBB({ x: 0, y: 5, z: 0 }, { x: 0, y: -5, z: 0 }, { x: 0, y: 0, z: 0 }, upright, { x: 1, y: 1, z: 1 });
   * @see The playground's lab `?mode=lab&query=segment-obb` (docs/labs.md#segment-obb)
   */
  intersectSegmentOBB(
    from: Vec3Like,
    to: Vec3Like,
    center: Vec3Like,
    rotation: QuatLike,
    halfExtents: Vec3Like,
  ): CastHit;
  /**
   * Segment against a triangle from either side (watertight over meshes), with the hit's barycentrics.
   * @param from The segment's start (t = 0).
   * @param to Its end (t = 1).
   * @param a The triangle's first vertex.
   * @param b Its second vertex.
   * @param c Its third vertex.
   * @returns The hit at fraction t, normal facing `from`, and its barycentric (u, v, w); a miss has t = 1.
   * @example
   * const h = s.intersectSegmentTriangle(
   *   { x: 0.2, y: 1, z: 0.2 }, { x: 0.2, y: -1, z: 0.2 },
   *   { x: 0, y: 0, z: 0 }, { x: 1, y: 0, z: 0 }, { x: 0, y: 0, z: 1 },
   * ); // t 0.5, barycentric { x: 0.6, y: 0.2, z: 0.2 }
   * @see The playground's lab `?mode=lab&query=segment-triangle` (docs/labs.md#segment-triangle)
   */
  intersectSegmentTriangle(from: Vec3Like, to: Vec3Like, a: Vec3Like, b: Vec3Like, c: Vec3Like): TriangleCastHit;
  /**
   * Segment against a solid capsule.
   * @param from The segment's start (t = 0).
   * @param to Its end (t = 1).
   * @param start One end of the capsule's axis.
   * @param end The other end.
   * @param radius Its radius, >= 0.
   * @returns The entry at fraction t (0 when `from` is inside); a miss has t = 1.
   * @example
   * s.intersectSegmentCapsule({ x: -3, y: 1, z: 0 }, { x: 3, y: 1, z: 0 }, { x: 0, y: 0, z: 0 }, { x: 0, y: 2, z: 0 }, 0.5);
   * @see The playground's lab `?mode=lab&query=segment-capsule` (docs/labs.md#segment-capsule)
   */
  intersectSegmentCapsule(from: Vec3Like, to: Vec3Like, start: Vec3Like, end: Vec3Like, radius: number): CastHit;
  /**
   * Ray origin + s direction against a triangle (either side).
   * @param origin Where the ray starts.
   * @param direction Any non-zero length: s is measured in units of |direction|.
   * @param a The triangle's first vertex.
   * @param b Its second vertex.
   * @param c Its third vertex.
   * @param maxDistance The largest s that counts (default Infinity).
   * @returns s of the hit, or null on a miss.
   * @example
   * const s1 = s.intersectRayTriangle({ x: 0.2, y: 3, z: 0.2 }, { x: 0, y: -1, z: 0 }, { x: 0, y: 0, z: 0 }, { x: 1, y: 0, z: 0 }, { x: 0, y: 0, z: 1 }); // 3
   */
  intersectRayTriangle(
    origin: Vec3Like,
    direction: Vec3Like,
    a: Vec3Like,
    b: Vec3Like,
    c: Vec3Like,
    maxDistance?: number,
  ): number | null;

  // sweeps: the first time of impact, t in [0, 1]
  /**
   * A sphere moving from `from` to `to` against the front face of a plane (marupeke296.com 3D collision no. 10), with the case that decided.
   * @param radius The sphere's radius, >= 0.
   * @param from Its centre at the start (t = 0).
   * @param to Its centre at the end (t = 1).
   * @param planeNormal The plane's normal (its front side), any non-zero length.
   * @param planePoint Any point of the plane.
   * @returns t of the contact, the centre then, `kind` (why), `contactTime` and `startDistance`;
   *   a miss has t = 1 and `point` the end.
   * @example
   * const h = s.sweepSpherePlane(0.5, { x: 0, y: 3, z: 0 }, { x: 0, y: -3, z: 0 }, { x: 0, y: 1, z: 0 }, { x: 0, y: 0, z: 0 });
   * // h.kind 'hitFront', h.t 0.41666…, h.point.y 0.5
   */
  sweepSpherePlane(
    radius: number,
    from: Vec3Like,
    to: Vec3Like,
    planeNormal: Vec3Like,
    planePoint: Vec3Like,
  ): SweepPlaneHit;
  /**
   * A sphere moving from `from` to `to` against a triangle (face, edges, vertices), never later than the exact contact.
   * @param radius The sphere's radius, >= 0.
   * @param from Its centre at the start (t = 0).
   * @param to Its centre at the end (t = 1).
   * @param a The triangle's first vertex.
   * @param b Its second vertex.
   * @param c Its third vertex.
   * @returns t of the first contact, the centre then, the contact point, the normal and the
   *   feature touched; a miss has t = 1 and `point` the end.
   * @example
   * const h = s.sweepSphereTriangle(0.25, { x: 0.2, y: 2, z: 0.2 }, { x: 0.2, y: -2, z: 0.2 },
   *   { x: 0, y: 0, z: 0 }, { x: 1, y: 0, z: 0 }, { x: 0, y: 0, z: 1 });
   * const centre = h.point; // where it first touches: y 0.25, h.feature 'face'
   */
  sweepSphereTriangle(
    radius: number,
    from: Vec3Like,
    to: Vec3Like,
    a: Vec3Like,
    b: Vec3Like,
    c: Vec3Like,
  ): TriangleSweepHit;
  /**
   * Two spheres moving during the same step.
   * @param p0 Sphere p's centre at the start.
   * @param p1 Its centre at the end.
   * @param rp Its radius, >= 0.
   * @param q0 Sphere q's centre at the start.
   * @param q1 Its centre at the end.
   * @param rq Its radius, >= 0.
   * @returns t of the first contact; point: p's centre at t; normal from q toward p; a miss has t = 1.
   * @example
   * const h = s.sweepSphereSphere({ x: -5, y: 0, z: 0 }, { x: 5, y: 0, z: 0 }, 1, { x: 5, y: 0, z: 0 }, { x: -5, y: 0, z: 0 }, 1);
   * // h.t 0.4: they meet at x = -1 and x = 1
   * @see The playground's lab `?mode=lab&query=sweep-sphere-sphere` (docs/labs.md#sweep-sphere-sphere)
   */
  sweepSphereSphere(p0: Vec3Like, p1: Vec3Like, rp: number, q0: Vec3Like, q1: Vec3Like, rq: number): SweepHit;
  /**
   * A capsule start–end translating by `motion` against a triangle.
   * @param start One end of the capsule's axis at the start.
   * @param end The other end.
   * @param radius Its radius, >= 0.
   * @param motion The whole translation (t = 1 at its end).
   * @param a The triangle's first vertex.
   * @param b Its second vertex.
   * @param c Its third vertex.
   * @returns t of the first contact; point: the capsule's centre at t; a miss has t = 1.
   * @example
   * const h = s.sweepCapsuleTriangle({ x: 0.2, y: 1, z: 0.2 }, { x: 0.2, y: 2, z: 0.2 }, 0.3, { x: 0, y: -3, z: 0 },
   *   { x: 0, y: 0, z: 0 }, { x: 1, y: 0, z: 0 }, { x: 0, y: 0, z: 1 });
   */
  sweepCapsuleTriangle(
    start: Vec3Like,
    end: Vec3Like,
    radius: number,
    motion: Vec3Like,
    a: Vec3Like,
    b: Vec3Like,
    c: Vec3Like,
  ): SweepHit;

  // floors (up is +y)
  /**
   * The triangle's height at (x, z) seen from above (the plane method of marupeke296.com 3D collision no. 8).
   * @param a The triangle's first vertex.
   * @param b Its second vertex.
   * @param c Its third vertex.
   * @param x World x.
   * @param z World z.
   * @returns The height, or null outside the triangle (seen from above) or for a wall.
   * @example s.floorHeight({ x: 0, y: 0, z: 0 }, { x: 2, y: 2, z: 0 }, { x: 0, y: 0, z: 2 }, 1, 0.5); // 1
   */
  floorHeight(a: Vec3Like, b: Vec3Like, c: Vec3Like, x: number, z: number): number | null;
  /**
   * floorHeight by the area-weighted method of marupeke296.com 3D collision no. 8.
   * @param a The triangle's first vertex.
   * @param b Its second vertex.
   * @param c Its third vertex.
   * @param x World x.
   * @param z World z.
   * @returns The height, or null outside the triangle or for a wall.
   */
  floorHeightByArea(a: Vec3Like, b: Vec3Like, c: Vec3Like, x: number, z: number): number | null;

  // bounding volumes
  /**
   * The smallest sphere holding the triangle (marupeke296.com 3D collision no. 20).
   * @param a The triangle's first vertex.
   * @param b Its second vertex.
   * @param c Its third vertex.
   * @returns Centre, radius, and which case decided it.
   */
  triangleBoundingSphere(a: Vec3Like, b: Vec3Like, c: Vec3Like): TriangleBoundingSphere;
  /**
   * The sphere through the three vertices.
   * @param a The triangle's first vertex.
   * @param b Its second vertex.
   * @param c Its third vertex.
   * @returns Centre and radius; exists = false when collinear (then the minimum bounding sphere).
   */
  triangleCircumsphere(a: Vec3Like, b: Vec3Like, c: Vec3Like): TriangleCircumsphere;
  /**
   * The box of a triangle.
   * @param a The triangle's first vertex.
   * @param b Its second vertex.
   * @param c Its third vertex.
   * @returns min and max corners.
   */
  aabbOfTriangle(a: Vec3Like, b: Vec3Like, c: Vec3Like): AABB;
  /**
   * The box of a sphere (rounded outward).
   * @param center The sphere's centre.
   * @param radius Its radius, >= 0.
   * @returns min and max corners.
   */
  aabbOfSphere(center: Vec3Like, radius: number): AABB;
  /**
   * The box of a capsule.
   * @param start One end of the capsule's axis.
   * @param end The other end.
   * @param radius Its radius, >= 0.
   * @returns min and max corners.
   */
  aabbOfCapsule(start: Vec3Like, end: Vec3Like, radius: number): AABB;
  /**
   * The box of an oriented box.
   * @param center The box's centre.
   * @param rotation Its rotation (normalised here).
   * @param halfExtents Its half size along its own axes.
   * @returns min and max corners.
   */
  aabbOfOBB(center: Vec3Like, rotation: QuatLike, halfExtents: Vec3Like): AABB;
  /**
   * The box swept by a sphere moving from start to end.
   * @param start The centre at the start.
   * @param end The centre at the end.
   * @param radius Its radius, >= 0.
   * @returns min and max corners.
   */
  aabbOfSweptSphere(start: Vec3Like, end: Vec3Like, radius: number): AABB;
  /**
   * Exact bounds of the box rotated about the origin (absolute-matrix method).
   * @param min The box's smallest corner.
   * @param max Its largest corner.
   * @param rotation The rotation (normalised here).
   * @returns min and max corners.
   */
  aabbRotate(min: Vec3Like, max: Vec3Like, rotation: QuatLike): AABB;
  /**
   * Exact bounds of the box transformed by an affine matrix.
   * @param min The box's smallest corner.
   * @param max Its largest corner.
   * @param matrix A THREE.Matrix4 or 16 numbers, column-major.
   * @returns min and max corners.
   * @example
   * mesh.geometry.computeBoundingBox();
   * const box = s.aabbTransform(mesh.geometry.boundingBox.min, mesh.geometry.boundingBox.max, mesh.matrixWorld);
   */
  aabbTransform(min: Vec3Like, max: Vec3Like, matrix: Matrix4Like): AABB;
  /**
   * The smallest box holding the points.
   * @param points 3 floats per point.
   * @returns min and max corners; the empty box (min +Infinity, max -Infinity) for none.
   */
  aabbFromPoints(points: Float32Input): AABB;

  // batches: one crossing into wasm; each input holds n elements or 1 (used for all)
  /**
   * closestPointOnTriangle per pair: point i against triangle i. By default every answer has the
   * bits of closestPointOnTriangle (computed in double). With `{ exact: false }` it is computed in
   * float32, four pairs per SIMD step, about twice as fast, within
   * u (|q| + (12 k² + 48 k + 24) max(L, |p − a|)) of the exact closest point q (u = 2^−24, L the
   * longest edge, k = L² / |(b − a) × (c − a)| < 32); triangles thinner than that (degenerate
   * ones included), points more than 64 L from a, and non-finite input get the exact answer.
   * @param points 3 floats per point.
   * @param triangles 9 floats per triangle (a, b, c).
   * @param out Filled with 3 floats per pair, when given (pass `undefined` for a new array).
   * @param options `exact: false` for the float32 path; omitted or `exact: true`, bit-equal.
   * @returns `out` (its array), or a new Float32Array of 3 floats per pair.
   * @example
   * const tri = new Float32Array([0, 0, 0, 1, 0, 0, 0, 0, 1]); // one triangle for every point
   * const closest = s.closestPointsOnTriangles(new Float32Array([0.2, 1, 0.2, 2, 1, 0]), tri);
   * const near = s.closestPointsOnTriangles(new Float32Array([0.2, 1, 0.2, 2, 1, 0]), tri, undefined, { exact: false });
   */
  closestPointsOnTriangles(
    points: Float32Input,
    triangles: Float32Input,
    out?: Float32Input,
    options?: BatchOptions,
  ): Float32Array;
  /**
   * triangleSphere per pair.
   * @param triangles 9 floats per triangle.
   * @param spheres 4 floats per sphere: centre xyz, radius.
   * @param out Filled with 8 floats per pair, when given: hit, point xyz, normal xyz, depth.
   * @returns `out` (its array), or a new Float32Array of 8 floats per pair.
   * @example
   * const contacts = s.trianglesSpheres(new Float32Array([-5, 0, -5, 5, 0, -5, 0, 0, 5]), new Float32Array([0, 0.3, 0, 0.5]));
   * const depth = contacts[7]; // 0.2
   */
  trianglesSpheres(triangles: Float32Input, spheres: Float32Input, out?: Float32Input): Float32Array;
  /**
   * intersectSegmentTriangle per pair.
   * @param segments 6 floats per segment: from xyz, to xyz.
   * @param triangles 9 floats per triangle.
   * @param out Filled with 8 floats per pair, when given: hit, t, point xyz, normal xyz.
   * @returns `out` (its array), or a new Float32Array of 8 floats per pair.
   * @example
   * const segs = s.allocFloat32(6 * 1000); // fill segs.array, then every frame:
   * const hits = s.intersectSegmentsTriangles(segs, new Float32Array([0, 0, 0, 1, 0, 0, 0, 0, 1]));
   */
  intersectSegmentsTriangles(segments: Float32Input, triangles: Float32Input, out?: Float32Input): Float32Array;
  /**
   * intersectSegmentSphere per pair.
   * @param segments 6 floats per segment: from xyz, to xyz.
   * @param spheres 4 floats per sphere: centre xyz, radius.
   * @param out Filled with 8 floats per pair, when given, as intersectSegmentsTriangles.
   * @returns `out` (its array), or a new Float32Array of 8 floats per pair.
   * @example const hits = s.intersectSegmentsSpheres(new Float32Array([-4, 0, 0, 4, 0, 0]), new Float32Array([0, 0, 0, 1]));
   */
  intersectSegmentsSpheres(segments: Float32Input, spheres: Float32Input, out?: Float32Input): Float32Array;
  /**
   * intersectSegmentAABB per pair.
   * @param segments 6 floats per segment: from xyz, to xyz.
   * @param boxes 6 floats per box: min xyz, max xyz.
   * @param out Filled with 8 floats per pair, when given, as intersectSegmentsTriangles.
   * @returns `out` (its array), or a new Float32Array of 8 floats per pair.
   * @example const hits = s.intersectSegmentsAABBs(new Float32Array([0, 5, 0, 0, -5, 0]), new Float32Array([-1, -1, -1, 1, 1, 1]));
   */
  intersectSegmentsAABBs(segments: Float32Input, boxes: Float32Input, out?: Float32Input): Float32Array;

  // broadphase: boxes 6 floats each (min, max); pairs (a < b) sorted, 2 per pair
  /**
   * Every overlapping pair by testing all pairs (the reference).
   * @param boxes 6 floats per box: min xyz, max xyz.
   * @returns 2 indices per pair (a < b), sorted.
   * @see The playground's lab `?mode=lab&query=sweep-and-prune` (docs/labs.md#sweep-and-prune)
   */
  pairsAll(boxes: Float32Input): Uint32Array;
  /**
   * The same set by sweep and prune along x.
   * @param boxes 6 floats per box: min xyz, max xyz.
   * @returns 2 indices per pair (a < b), sorted.
   * @example
   * const pairs = s.pairsSweepAndPrune(new Float32Array([0, 0, 0, 1, 1, 1, 0.5, 0.5, 0.5, 2, 2, 2])); // [0, 1]
   * @see The playground's lab `?mode=lab&query=sweep-and-prune` (docs/labs.md#sweep-and-prune)
   */
  pairsSweepAndPrune(boxes: Float32Input): Uint32Array;
  /**
   * The same set through a bounding volume hierarchy (does not degrade when boxes share an axis).
   * @param boxes 6 floats per box: min xyz, max xyz.
   * @returns 2 indices per pair (a < b), sorted.
   */
  pairsTree(boxes: Float32Input): Uint32Array;

  // memory
  /**
   * A Float32Array in wasm memory for zero-copy batch calls (zero-filled).
   * @param length Number of floats, an integer >= 0.
   * @returns The array: read `.array` after calls that allocate; dispose() it when done.
   * @example
   * const rays = s.allocFloat32(6 * 256); // 256 rays
   * rays.array.set([0, 10, 0, 0, -1, 0]);
   * const hits = world.raycastBatch(rays, 100);
   * rays.dispose();
   */
  allocFloat32(length: number): WasmArray<Float32Array>;
  /**
   * A Uint32Array in wasm memory (zero-filled).
   * @param length Number of values, an integer >= 0.
   * @returns The array: read `.array` after calls that allocate; dispose() it when done.
   */
  allocUint32(length: number): WasmArray<Uint32Array>;

  /** The mesh world: `new s.World()`. */
  readonly World: WorldConstructor;
  /** Bouncing particles over a world: `new s.ParticleSystem(world, options)`. */
  readonly ParticleSystem: ParticleSystemConstructor;
  /** A capsule character over a world: `new s.CharacterController(world, options, position)`. */
  readonly CharacterController: CharacterControllerConstructor;
  /** Many characters over a world: `new s.CharacterGroup(world, options, capacity)`. */
  readonly CharacterGroup: CharacterGroupConstructor;
}
