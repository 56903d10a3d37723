/// <reference lib="esnext.disposable" />
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

/** How sweepSpherePlane decided (seed 002's cases). */
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

/** Float input of a batch call: a plain Float32Array (copied) or memory in wasm (zero-copy). */
export type Float32Input = Float32Array | WasmArray<Float32Array>;
/** Uint32 input/output of a batch call. */
export type Uint32Input = Uint32Array | WasmArray<Uint32Array>;

/**
 * A typed array allocated in wasm memory, for zero-copy batch calls. Its `array` view is
 * detached (length 0) whenever the wasm memory grows — which any call that allocates may cause
 * (allocFloat32/allocUint32, World.addMesh, World.overlap*, batch calls with plain arrays larger
 * than before) — so read `array` again after such calls; the data itself stays.
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
  /** Frees the memory now (idempotent). A FinalizationRegistry frees forgotten arrays eventually. */
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
   * in its own space, placed by `options.transform` (default: the identity, world space).
   * Builds its hierarchy at once. Returns its object id.
   * @param positions 3 floats per vertex (a BufferAttribute's `array`).
   * @param indices 3 per triangle (a Uint16Array index is widened), or undefined.
   * @param options `{ transform?, layers? }`.
   */
  addMesh(positions: Float32Input, indices?: Uint32Input | Uint16Array, options?: ObjectOptions): number;
  /** Another placement of a live mesh's triangles, sharing its hierarchy (one top-level entry). */
  addInstance(mesh: number, options?: ObjectOptions): number;
  /** A solid sphere; its position is the centre. */
  addSphere(center: Vec3Like, radius: number, options?: { layers?: number }): number;
  /** A solid capsule (segment start–end, radius); its position is the segment's midpoint. */
  addCapsule(start: Vec3Like, end: Vec3Like, radius: number, options?: { layers?: number }): number;
  /** A solid oriented box; its position is the centre, its rotation `rotation`. */
  addBox(center: Vec3Like, rotation: QuatLike, halfExtents: Vec3Like, options?: { layers?: number }): number;
  /** Where the object will be after the next update(dt), which gives it the velocity of the move. */
  setTransform(object: number, transform: TransformLike): void;
  /** setTransform for many objects: `matrices` holds 16 floats (column-major) per id. */
  setTransforms(objects: Uint32Input, matrices: Float32Input): void;
  /** The object is at `transform` now, without velocity. */
  teleport(object: number, transform: TransformLike): void;
  /** Begins a step of dt seconds (> 0): objects move to where they were set; velocities fixed. */
  update(dt: number): void;
  /** New vertex positions for a mesh (as many floats as it was added with): refits its tree. */
  updateMesh(object: number, positions: Float32Input): void;
  /** Removes an object; its id is never reused. A mesh's triangles live on in its instances. */
  remove(object: number): void;
  /** Changes an object's layer mask. */
  setLayers(object: number, layers: number): void;
  /** Whether an id names a live object. */
  has(object: number): boolean;
  /** The object's kind, or null when the id is not live. */
  kind(object: number): ObjectKind | null;
  layers(object: number): number;
  /** The object's pose and velocities over the current step. */
  transform(object: number): ObjectTransform;
  /** The velocity of the object's surface at a world point over the current step (linear + angular x r). */
  velocityAt(object: number, point: Vec3Like): Vec3;
  /** The object's world box at its pose. */
  bounds(object: number): { min: Vec3; max: Vec3 };
  /** Live objects. */
  readonly objectCount: number;
  /**
   * The closest hit of the ray origin + s direction, 0 <= s <= maxDistance (default Infinity).
   * @example world.raycast(camera.position, direction, 100, { ignore: player })
   */
  raycast(origin: Vec3Like, direction: Vec3Like, maxDistance?: number, filter?: QueryFilter): WorldHit;
  /** Whether anything blocks the ray within maxDistance (stops at the first hit found). */
  raycastAny(origin: Vec3Like, direction: Vec3Like, maxDistance?: number, filter?: QueryFilter): boolean;
  /**
   * Every triangle the ray crosses within maxDistance (and each primitive's first hit), sorted
   * by (distance, object, triangle), each with the side it is met from.
   * @example world.raycastAll(eye, direction).filter((c) => c.front)
   */
  raycastAll(origin: Vec3Like, direction: Vec3Like, maxDistance?: number, filter?: QueryFilter): WorldRayCrossing[];
  /** The hit closest to `from` on the segment from–to; distance measured from `from`. */
  intersectSegment(from: Vec3Like, to: Vec3Like, filter?: QueryFilter): WorldHit;
  /** The first time of impact of a sphere moving from `center` along direction for maxDistance (finite). */
  sphereCast(
    center: Vec3Like,
    radius: number,
    direction: Vec3Like,
    maxDistance: number,
    filter?: QueryFilter,
  ): WorldHit;
  /** The same for the capsule a–b with `radius`, translating along direction. */
  capsuleCast(
    a: Vec3Like,
    b: Vec3Like,
    radius: number,
    direction: Vec3Like,
    maxDistance: number,
    filter?: QueryFilter,
  ): WorldHit;
  /** Every triangle (and primitive) touching or overlapping the sphere. */
  overlapSphere(center: Vec3Like, radius: number, filter?: QueryFilter): WorldContact[];
  /** Every triangle (and primitive) touching or overlapping the capsule a–b. */
  overlapCapsule(a: Vec3Like, b: Vec3Like, radius: number, filter?: QueryFilter): WorldContact[];
  /** The closest point of any triangle or solid primitive to `point` within maxDistance (inclusive; default Infinity). */
  closestPoint(point: Vec3Like, maxDistance?: number, filter?: QueryFilter): WorldClosestPoint;
  /** The highest surface at (x, z) whose height is <= fromY, with its normal and object. */
  floor(x: number, z: number, fromY: number, filter?: QueryFilter): WorldFloor;
  /** floor()'s height, or null where there is no floor below fromY. */
  floorHeight(x: number, z: number, fromY: number, filter?: QueryFilter): number | null;
  /** A triangle of a mesh or instance in world space at its current pose. */
  triangle(object: number, index: number): { a: Vec3; b: Vec3; c: Vec3 };
  /** Triangles of a mesh or instance (0 for primitives). */
  triangleCount(object: number): number;
  /**
   * Every triangle of a mesh or instance in world space at its pose, in added order: 9 floats
   * each (a xyz, b xyz, c xyz), the same bits as triangle(object, k). A copy.
   * @param object a live mesh or instance
   * @example const lines = new THREE.WireframeGeometry(triangleGeometry(world.triangles(id)));
   */
  triangles(object: number): Float32Array;
  /**
   * The top level's nodes (world space, the boxes it culls objects with) down to `maxDepth`
   * (the root is depth 1; default every level), parents first: 8 floats each — min xyz, max xyz,
   * depth, leaf (1 when the node holds objects). At full depth, `stats.topNodes` of them.
   * @param maxDepth the deepest level listed (0: none)
   * @example const boxes = world.treeBoxes(3); // root, children, grandchildren
   */
  treeBoxes(maxDepth?: number): Float32Array;
  /**
   * A mesh's (or instance's) hierarchy as treeBoxes lists it, in the mesh's own space:
   * `transform(object)` places the boxes. An instance lists the tree it shares with its mesh.
   * @param object a live mesh or instance
   * @param maxDepth the deepest level listed (default every level)
   * @example const boxes = world.meshTreeBoxes(level, 4);
   */
  meshTreeBoxes(object: number, maxDepth?: number): Float32Array;
  /** Increases whenever geometry that queries see changes (add, remove, move, refit); compare it to know a cache is stale. */
  readonly revision: number;
  /**
   * The live objects changed (added, moved, refitted, relayered) after `revision`, by increasing
   * id; `changedSince(0)` lists every live object.
   * @param revision a value `world.revision` had
   * @example const seen = world.revision; world.update(dt); for (const id of world.changedSince(seen)) redraw(id);
   */
  changedSince(revision: number): Uint32Array;
  /** A sphere object in world space at its pose; null for an object of another kind. */
  sphere(object: number): { center: Vec3; radius: number } | null;
  /** A capsule object in world space at its pose (its segment start–end and radius); null for another kind. */
  capsule(object: number): { start: Vec3; end: Vec3; radius: number } | null;
  /** A box object in world space at its pose; null for another kind. */
  box(
    object: number,
  ): { center: Vec3; rotation: { x: number; y: number; z: number; w: number }; halfExtents: Vec3 } | null;
  /**
   * Many raycasts in one call. `rays`: 6 floats per ray (origin xyz, direction xyz). Returns
   * (or fills `out` with) 8 floats per ray: hit (1/0), distance, point xyz, normal xyz; `ids`,
   * if given, receives object and triangle per ray (0xFFFFFFFF on a miss or for primitives).
   */
  raycastBatch(
    rays: Float32Input,
    maxDistance: number,
    out?: Float32Input,
    ids?: Uint32Input,
    filter?: QueryFilter,
  ): Float32Array;
  /**
   * Many sphere casts of one radius. `casts`: 6 floats per cast (centre xyz, direction xyz).
   * Returns 11 floats per cast: hit, distance, point xyz, position xyz, normal xyz; `ids` as raycastBatch.
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
  new (): World;
  /**
   * A World from `world.serialize()`'s bytes (docs/serialization.md), answering every query as the
   * saved one did, with the same object ids. Throws a TypeError when `bytes` is not a Uint8Array
   * or ArrayBuffer, a RangeError naming why when they are not a World (truncated, corrupted, another
   * version); the module stays usable.
   */
  deserialize(bytes: Uint8Array | ArrayBuffer): World;
  readonly prototype: World;
}

// ---- particles and characters (systems over a World) -----------------------------------------------

/** Options of `new s.ParticleSystem(world, options)`; every field optional, an omitted one is the core's default. */
export interface ParticleOptions {
  /** Most particles at once (default 1024); fixed. */
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
 */
export interface ParticleSystem {
  /** Adds a particle (radius defaults to options.radius); its index, or -1 when full. */
  spawn(position: Vec3Like, velocity?: Vec3Like, radius?: number): number;
  /** Advances every particle by dt seconds (dt >= 0). */
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
  /** Changes settings live (not capacity; radius applies to later spawns) and wakes sleeping particles. */
  configure(options?: LiveParticleOptions): void;
  /** Whether particle i (an index below count) is asleep. */
  isSleeping(i: number): boolean;
  readonly disposed: boolean;
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
  /** Pinned between a moving object and another: kept out of what did not move. */
  crushed: boolean;
  /** The overlap (m) left when crushed; 0 otherwise. */
  crushDepth: number;
}

/**
 * A kinematic capsule: collide-and-slide with a skin, steps up ledges, snaps down slopes and
 * stairs, stands still on walkable slopes and slides down steeper ones. Gravity and jumps are the
 * caller's: add them to the displacement. Disposed with its World.
 */
export interface CharacterController {
  /** The capsule's centre; setting it teleports (no collision). */
  position: Vec3;
  readonly grounded: boolean;
  readonly settings: Required<CharacterOptions>;
  /** Moves by `displacement` (world units: the whole move, whatever the frame's duration) and reports; on moving ground it is carried and pushed first (call world.update(dt) before). */
  move(displacement: Vec3Like): CharacterMove;
  /** Makes it a capsule object of its world on `layers` (default 1) that others meet; its own queries ignore it. Its object id. */
  register(layers?: number): number;
  /** Removes its capsule object from the world. */
  unregister(): void;
  /** Its capsule object id while registered, -1 otherwise. */
  readonly body: number;
  readonly disposed: boolean;
  dispose(): void;
  [Symbol.dispose](): void;
}

/** Many characters moved in one call; they never overlap one another. Disposed with its World. */
export interface CharacterGroup {
  /** Adds a character; its index, or -1 when full. */
  add(position: Vec3Like): number;
  /** Moves all: 3 floats of displacement per character (at least 3 * count), as move() takes them. */
  moveAll(displacements: Float32Array): void;
  /** Float32Array view into wasm memory: the capsule centres, 3 floats per character. */
  readonly positions: Float32Array;
  /** The report of character i's last move. */
  lastMove(i: number): CharacterMove;
  /** Teleports character i. */
  setPosition(i: number, position: Vec3Like): void;
  /** Makes every character (and later ones) a capsule object of the world on `layers` (default 1). */
  register(layers?: number): void;
  /** Removes every character's capsule object from the world. */
  unregister(): void;
  /** Character i's capsule object id while registered, -1 otherwise. */
  body(i: number): number;
  readonly count: number;
  readonly capacity: number;
  readonly settings: Required<CharacterOptions>;
  readonly disposed: boolean;
  dispose(): void;
  [Symbol.dispose](): void;
}

export interface ParticleSystemConstructor {
  new (world: World, options?: ParticleOptions): ParticleSystem;
}
export interface CharacterControllerConstructor {
  new (world: World, options?: CharacterOptions, position?: Vec3Like): CharacterController;
}
export interface CharacterGroupConstructor {
  new (world: World, options?: CharacterOptions, capacity?: number): CharacterGroup;
}

// ---- the API -------------------------------------------------------------------------------------

/**
 * The package's API, resolved by init(). Shapes are passed flat: a triangle as (a, b, c), a
 * sphere as (center, radius), a box as (min, max), a capsule as (start, end, radius), an
 * oriented box as (center, rotation, halfExtents), a segment as (from, to), a plane as
 * (planeNormal, planePoint). Radii and half extents must be >= 0.
 */
export interface Shototsu {
  /** The package version. */
  readonly version: string;

  // closest points
  /** Closest point of triangle abc to p, its barycentrics and the Voronoi region that decided it (Ericson RTCD 5.1.5). */
  closestPointOnTriangle(p: Vec3Like, a: Vec3Like, b: Vec3Like, c: Vec3Like): ClosestPointOnTriangle;
  /** closestPointOnTriangle with the six dot products, the Lagrange-identity terms and each region test in order. */
  explainClosestPointOnTriangle(p: Vec3Like, a: Vec3Like, b: Vec3Like, c: Vec3Like): ClosestPointExplanation;
  /**
   * Closest point of the segment start–end to p, with its fraction t in [0, 1].
   * @see The playground's lab `?mode=lab&query=segment-capsule` (docs/labs.md#segment-capsule)
   * @see The playground's lab `?mode=lab&query=capsule-sphere` (docs/labs.md#capsule-sphere)
   */
  closestPointOnSegment(p: Vec3Like, start: Vec3Like, end: Vec3Like): { point: Vec3; t: number };
  /** Squared distance from p to the segment start–end. */
  distanceSqPointSegment(p: Vec3Like, start: Vec3Like, end: Vec3Like): number;
  /**
   * Closest points of two segments (parallel ones: a deterministic pair), their fractions and squared distance.
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
   * @see The playground's lab `?mode=lab&query=aabb-sphere` (docs/labs.md#aabb-sphere)
   */
  closestPointOnAABB(p: Vec3Like, min: Vec3Like, max: Vec3Like): Vec3;
  /**
   * Squared distance from p to the box; 0 inside.
   * @see The playground's lab `?mode=lab&query=aabb-sphere` (docs/labs.md#aabb-sphere)
   */
  distanceSqPointAABB(p: Vec3Like, min: Vec3Like, max: Vec3Like): number;
  /**
   * Closest point of the oriented box to p (p itself when inside).
   * @see The playground's lab `?mode=lab&query=obb-sphere` (docs/labs.md#obb-sphere)
   */
  closestPointOnOBB(p: Vec3Like, center: Vec3Like, rotation: QuatLike, halfExtents: Vec3Like): Vec3;
  /**
   * Projection of p onto the plane (p itself for a zero normal).
   * @see The playground's lab `?mode=lab&query=segment-plane` (docs/labs.md#segment-plane)
   */
  closestPointOnPlane(p: Vec3Like, planeNormal: Vec3Like, planePoint: Vec3Like): Vec3;
  /** v reflected about the plane with unit normal n: v - 2 (v.n) n (bouncing). */
  reflect(v: Vec3Like, normal: Vec3Like): Vec3;

  // containment
  /**
   * Whether p is inside or on the sphere.
   * @see The playground's lab `?mode=lab&query=containment` (docs/labs.md#containment)
   */
  sphereContainsPoint(center: Vec3Like, radius: number, p: Vec3Like): boolean;
  /**
   * Whether p is inside or on the box.
   * @see The playground's lab `?mode=lab&query=containment` (docs/labs.md#containment)
   */
  aabbContainsPoint(min: Vec3Like, max: Vec3Like, p: Vec3Like): boolean;
  /**
   * Whether p is inside or on the capsule.
   * @see The playground's lab `?mode=lab&query=containment` (docs/labs.md#containment)
   */
  capsuleContainsPoint(start: Vec3Like, end: Vec3Like, radius: number, p: Vec3Like): boolean;
  /** Whether p is inside or on the oriented box. */
  obbContainsPoint(center: Vec3Like, rotation: QuatLike, halfExtents: Vec3Like, p: Vec3Like): boolean;
  /**
   * Whether p is inside or on a convex polygon (either winding; exact edge signs). `vertices`: {x, y}[] or 2 floats per vertex.
   * @see The playground's lab `?mode=lab&query=containment` (docs/labs.md#containment)
   */
  convexPolygonContainsPoint(vertices: Vec2Like[] | Float32Array, p: Vec2Like): boolean;

  // contacts (normal from the first shape toward the second)
  /**
   * Two spheres. point: on A's surface toward B.
   * @see The playground's lab `?mode=lab&query=sphere-sphere` (docs/labs.md#sphere-sphere)
   */
  sphereSphere(centerA: Vec3Like, radiusA: number, centerB: Vec3Like, radiusB: number): Contact;
  /**
   * Two boxes: the face direction of least translation, the overlap's centre.
   * @see The playground's lab `?mode=lab&query=aabb-aabb` (docs/labs.md#aabb-aabb)
   */
  aabbAABB(minA: Vec3Like, maxA: Vec3Like, minB: Vec3Like, maxB: Vec3Like): Contact;
  /**
   * Box and sphere: the closest point of the box, or the nearest face when the centre is inside.
   * @see The playground's lab `?mode=lab&query=aabb-sphere` (docs/labs.md#aabb-sphere)
   */
  aabbSphere(min: Vec3Like, max: Vec3Like, center: Vec3Like, radius: number): Contact;
  /**
   * Two capsules. point: on A's surface.
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
   * Capsule and sphere. point: on the capsule's surface.
   * @see The playground's lab `?mode=lab&query=capsule-sphere` (docs/labs.md#capsule-sphere)
   */
  capsuleSphere(start: Vec3Like, end: Vec3Like, radius: number, center: Vec3Like, sphereRadius: number): Contact;
  /**
   * Two oriented boxes by the separating-axis theorem (15 axes).
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
   * @see The playground's lab `?mode=lab&query=obb-sphere` (docs/labs.md#obb-sphere)
   */
  obbSphere(
    center: Vec3Like,
    rotation: QuatLike,
    halfExtents: Vec3Like,
    sphereCenter: Vec3Like,
    radius: number,
  ): Contact;
  /** Triangle and sphere (seed 000): point on the triangle, normal toward the centre. */
  triangleSphere(a: Vec3Like, b: Vec3Like, c: Vec3Like, center: Vec3Like, radius: number): Contact;
  /** Triangle and capsule: point on the triangle, normal toward the capsule's axis. */
  triangleCapsule(a: Vec3Like, b: Vec3Like, c: Vec3Like, start: Vec3Like, end: Vec3Like, radius: number): Contact;
  /**
   * The smallest translation moving box `moving` out of box `fixed` (one non-zero component; zero when apart or touching).
   * @see The playground's lab `?mode=lab&query=push-out` (docs/labs.md#push-out)
   */
  pushOutAABBAABB(fixedMin: Vec3Like, fixedMax: Vec3Like, movingMin: Vec3Like, movingMax: Vec3Like): Vec3;
  /** Whether two boxes share a point (touching counts). */
  aabbOverlapsAABB(minA: Vec3Like, maxA: Vec3Like, minB: Vec3Like, maxB: Vec3Like): boolean;

  // segment casts: t in [0, 1], starting inside gives t = 0
  /**
   * Segment against a two-sided plane; normal faces the start.
   * @see The playground's lab `?mode=lab&query=segment-plane` (docs/labs.md#segment-plane)
   */
  intersectSegmentPlane(from: Vec3Like, to: Vec3Like, planeNormal: Vec3Like, planePoint: Vec3Like): CastHit;
  /**
   * Segment against a solid sphere.
   * @see The playground's lab `?mode=lab&query=segment-sphere` (docs/labs.md#segment-sphere)
   */
  intersectSegmentSphere(from: Vec3Like, to: Vec3Like, center: Vec3Like, radius: number): CastHit;
  /**
   * Segment against a solid box (slabs), with the entry face's normal.
   * @see The playground's lab `?mode=lab&query=segment-aabb` (docs/labs.md#segment-aabb)
   */
  intersectSegmentAABB(from: Vec3Like, to: Vec3Like, min: Vec3Like, max: Vec3Like): CastHit;
  /**
   * Segment against a solid oriented box.
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
   * @see The playground's lab `?mode=lab&query=segment-triangle` (docs/labs.md#segment-triangle)
   */
  intersectSegmentTriangle(from: Vec3Like, to: Vec3Like, a: Vec3Like, b: Vec3Like, c: Vec3Like): TriangleCastHit;
  /**
   * Segment against a solid capsule.
   * @see The playground's lab `?mode=lab&query=segment-capsule` (docs/labs.md#segment-capsule)
   */
  intersectSegmentCapsule(from: Vec3Like, to: Vec3Like, start: Vec3Like, end: Vec3Like, radius: number): CastHit;
  /** Ray origin + s direction against a triangle (either side): s of the hit (in units of |direction|) with s <= maxDistance, or null. */
  intersectRayTriangle(
    origin: Vec3Like,
    direction: Vec3Like,
    a: Vec3Like,
    b: Vec3Like,
    c: Vec3Like,
    maxDistance?: number,
  ): number | null;

  // sweeps: the first time of impact, t in [0, 1]
  /** A sphere moving from `from` to `to` against the front face of a plane (seed 002), with the case that decided. */
  sweepSpherePlane(
    radius: number,
    from: Vec3Like,
    to: Vec3Like,
    planeNormal: Vec3Like,
    planePoint: Vec3Like,
  ): SweepPlaneHit;
  /** A sphere moving from `from` to `to` against a triangle (face, edges, vertices), never later than the exact contact. */
  sweepSphereTriangle(
    radius: number,
    from: Vec3Like,
    to: Vec3Like,
    a: Vec3Like,
    b: Vec3Like,
    c: Vec3Like,
  ): TriangleSweepHit;
  /**
   * Two spheres moving during the same step: p from p0 to p1 (radius rp), q from q0 to q1 (radius rq). point: p's centre at t; normal from q toward p.
   * @see The playground's lab `?mode=lab&query=sweep-sphere-sphere` (docs/labs.md#sweep-sphere-sphere)
   */
  sweepSphereSphere(p0: Vec3Like, p1: Vec3Like, rp: number, q0: Vec3Like, q1: Vec3Like, rq: number): SweepHit;
  /** A capsule start–end translating by `motion` against a triangle. point: the capsule's centre at t. */
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
  /** The triangle's height at (x, z) seen from above (seed 003's plane method), or null outside it or for a wall. */
  floorHeight(a: Vec3Like, b: Vec3Like, c: Vec3Like, x: number, z: number): number | null;
  /** The same by seed 003's area-weighted method. */
  floorHeightByArea(a: Vec3Like, b: Vec3Like, c: Vec3Like, x: number, z: number): number | null;

  // bounding volumes
  /** The smallest sphere holding the triangle (seed 001). */
  triangleBoundingSphere(a: Vec3Like, b: Vec3Like, c: Vec3Like): TriangleBoundingSphere;
  /** The sphere through the three vertices (exists = false when collinear). */
  triangleCircumsphere(a: Vec3Like, b: Vec3Like, c: Vec3Like): TriangleCircumsphere;
  /** The box of a triangle. */
  aabbOfTriangle(a: Vec3Like, b: Vec3Like, c: Vec3Like): AABB;
  /** The box of a sphere (rounded outward). */
  aabbOfSphere(center: Vec3Like, radius: number): AABB;
  /** The box of a capsule. */
  aabbOfCapsule(start: Vec3Like, end: Vec3Like, radius: number): AABB;
  /** The box of an oriented box. */
  aabbOfOBB(center: Vec3Like, rotation: QuatLike, halfExtents: Vec3Like): AABB;
  /** The box swept by a sphere moving from start to end. */
  aabbOfSweptSphere(start: Vec3Like, end: Vec3Like, radius: number): AABB;
  /** Exact bounds of the box rotated about the origin (absolute-matrix method). */
  aabbRotate(min: Vec3Like, max: Vec3Like, rotation: QuatLike): AABB;
  /** Exact bounds of the box transformed by an affine matrix. */
  aabbTransform(min: Vec3Like, max: Vec3Like, matrix: Matrix4Like): AABB;
  /** The smallest box holding the points (3 floats each); the empty box (min +Infinity, max -Infinity) for none. */
  aabbFromPoints(points: Float32Input): AABB;

  // batches: one crossing into wasm; each input holds n elements or 1 (used for all)
  /** Closest point of triangle i (9 floats) to point i (3 floats); 3 floats per point. */
  closestPointsOnTriangles(points: Float32Input, triangles: Float32Input, out?: Float32Input): Float32Array;
  /** triangleSphere per pair: triangles 9 floats, spheres 4 (centre xyz, radius); out 8 per pair: hit, point xyz, normal xyz, depth. */
  trianglesSpheres(triangles: Float32Input, spheres: Float32Input, out?: Float32Input): Float32Array;
  /** intersectSegmentTriangle per pair: segments 6 floats (from, to); out 8 per pair: hit, t, point xyz, normal xyz. */
  intersectSegmentsTriangles(segments: Float32Input, triangles: Float32Input, out?: Float32Input): Float32Array;
  /** intersectSegmentSphere per pair: spheres 4 floats; out 8 per pair as intersectSegmentsTriangles. */
  intersectSegmentsSpheres(segments: Float32Input, spheres: Float32Input, out?: Float32Input): Float32Array;
  /** intersectSegmentAABB per pair: boxes 6 floats (min, max); out 8 per pair as intersectSegmentsTriangles. */
  intersectSegmentsAABBs(segments: Float32Input, boxes: Float32Input, out?: Float32Input): Float32Array;

  // broadphase: boxes 6 floats each (min, max); pairs (a < b) sorted, 2 per pair
  /**
   * Every overlapping pair by testing all pairs (the reference).
   * @see The playground's lab `?mode=lab&query=sweep-and-prune` (docs/labs.md#sweep-and-prune)
   */
  pairsAll(boxes: Float32Input): Uint32Array;
  /**
   * The same set by sweep and prune along x.
   * @see The playground's lab `?mode=lab&query=sweep-and-prune` (docs/labs.md#sweep-and-prune)
   */
  pairsSweepAndPrune(boxes: Float32Input): Uint32Array;
  /** The same set through a bounding volume hierarchy (does not degrade when boxes share an axis). */
  pairsTree(boxes: Float32Input): Uint32Array;

  // memory
  /** A Float32Array in wasm memory for zero-copy batch calls (zero-filled). */
  allocFloat32(length: number): WasmArray<Float32Array>;
  /** A Uint32Array in wasm memory (zero-filled). */
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
