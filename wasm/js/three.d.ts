// Types of 'shototsu/three'. They describe three.js objects by the members the adapter reads, so
// they need no @types/three: a THREE.Mesh, BufferAttribute, Matrix4 or Vector3 fits as it is.
import type {
  CharacterController,
  CharacterGroup,
  CharacterMove,
  GroundReason,
  Shototsu,
  TypedArray,
  Vec3Like,
  World,
  WorldHit,
} from './index.js';

/** Any typed array three.js keeps attributes in (BufferAttribute.array). */
export type TypedArrayLike = TypedArray;

/** A THREE.Matrix4 (16 numbers, column-major). */
export interface Matrix4Like {
  elements: ArrayLike<number>;
}

/** A THREE.BufferAttribute or InterleavedBufferAttribute, read through getX/getY/getZ. */
export interface AttributeLike {
  readonly count: number;
  array?: TypedArrayLike;
  getX(index: number): number;
  getY(index: number): number;
  getZ(index: number): number;
}

/** A THREE.BufferGeometry: position (and index) attributes, drawRange, groups. */
export interface GeometryLike {
  readonly isBufferGeometry: true;
  attributes: { position?: AttributeLike; [name: string]: unknown };
  index: AttributeLike | null;
  drawRange: { start: number; count: number };
  groups: { start: number; count: number; materialIndex?: number }[];
  boundsTree?: BoundsTree | null;
}

/**
 * The tree computeBoundsTree builds: a private World holding the geometry's triangles in its own space.
 * @example
 * const tree = mesh.geometry.computeBoundsTree();
 * const local = tree.world.raycast({ x: 0, y: 5, z: 0 }, { x: 0, y: -1, z: 0 }); // in the geometry's space
 * const face = local.triangle; // face `face` of the geometry
 */
export declare class BoundsTree {
  private constructor();
  readonly world: World;
  /** Triangles: face k of the index (or of the positions when there is none) is triangle k. */
  readonly triangleCount: number;
  readonly indexed: boolean;
  /** Its corners are the numbers three.js reads for the vertices (float32 positions, not normalized). */
  readonly exact: boolean;
  /** Frees its World (disposeBoundsTree calls it, and clears geometry.boundsTree). */
  dispose(): void;
}

/**
 * Builds `this` geometry's tree (replacing and freeing an earlier one). Install it on the
 * prototype after `await init()`; call it again after changing the positions or the index.
 * @param this a THREE.BufferGeometry
 * @returns The tree, also put in `this.boundsTree`.
 * @example
 * THREE.BufferGeometry.prototype.computeBoundsTree = computeBoundsTree;
 * THREE.Mesh.prototype.raycast = acceleratedRaycast;
 * mesh.geometry.computeBoundsTree();
 */
export declare function computeBoundsTree(this: GeometryLike): BoundsTree;

/**
 * Frees `this` geometry's tree.
 * @param this a THREE.BufferGeometry
 * @example THREE.BufferGeometry.prototype.disposeBoundsTree = disposeBoundsTree;
 */
export declare function disposeBoundsTree(this: GeometryLike): void;

/**
 * Mesh.raycast through the geometry's tree: the same intersections three.js returns, sooner.
 * Honours near/far, `raycaster.firstHitOnly` (the nearest hit per mesh or instance), the
 * material's side, drawRange and groups; meshes without a tree are raycast by three.js.
 * @param this a THREE.Mesh (InstancedMesh, SkinnedMesh)
 * @param raycaster the THREE.Raycaster
 * @param intersects where the intersections are pushed (three.js sorts them afterwards)
 * @example
 * THREE.Mesh.prototype.raycast = acceleratedRaycast;
 * THREE.SkinnedMesh.prototype.raycast = acceleratedRaycast; // skinned meshes too
 * const hits = raycaster.intersectObject(scene);
 */
export declare function acceleratedRaycast(this: object, raycaster: object, intersects: object[]): void;

/**
 * The package instance computeBoundsTree builds trees with, when it is not the default one
 * (made by `init(options)`).
 * @param instance what init(options) resolved to
 * @example useShototsu(await init({ locateFile: (f) => `/wasm/${f}` }));
 */
export declare function useShototsu(instance: Shototsu): void;

/** A THREE.Object3D as addObject3D reads it. */
export interface Object3DLike {
  readonly isObject3D: true;
  visible: boolean;
  layers: { mask: number };
  userData: Record<string, unknown>;
  children: Object3DLike[];
  matrixWorld: Matrix4Like;
  updateWorldMatrix(updateParents: boolean, updateChildren: boolean): void;
}

export interface AddObject3DOptions {
  /** Keep a rigid transform per mesh that scene.update() reads (default false: baked at add time); userData.dynamic overrides it per mesh. */
  dynamic?: boolean;
  /** Only objects whose layers share a bit with this (a THREE.Layers or a mask; default all). */
  layers?: number | { mask: number };
}

/**
 * What addObject3D added: read poses into the World, take it out, or name a hit's object.
 * @example
 * const level = addObject3D(world, gltf.scene, { dynamic: true });
 * // each frame, after three.js moved things:
 * level.update();
 * world.update(dt);
 * // when the level unloads:
 * level.remove();
 */
export interface SceneHandle {
  /** The World ids of the objects added. */
  readonly ids: number[];
  /** Reads every dynamic object's matrixWorld, and every skinned or morphed pose, into the World (then call world.update(dt)). */
  update(): void;
  /** Removes every object this call added from the World. */
  remove(): void;
  /**
   * The three.js object (and instance, and face of the geometry) behind a World id and triangle.
   * @param id An object id, e.g. a WorldHit's `object`.
   * @param triangle Its triangle index, e.g. a WorldHit's `triangle` (omitted: faceIndex undefined).
   * @returns The mesh, its instanceId (InstancedMesh) and faceIndex; null for ids it did not add.
   * @example
   * const level = addObject3D(world, gltf.scene);
   * const hit = world.raycast(raycaster.ray.origin, raycaster.ray.direction);
   * const found = hit.hit ? level.lookup(hit.object, hit.triangle) : null;
   * if (found) console.log(found.object, found.instanceId, found.faceIndex);
   */
  lookup(
    id: number,
    triangle?: number,
  ): { object: Object3DLike; instanceId: number | undefined; faceIndex: number | undefined } | null;
}

/**
 * Adds the meshes under `object3D` that collide to `world`: a Mesh, InstancedMesh (one tree,
 * an instance per matrix), SkinnedMesh or morphed mesh; skipped: a subtree with
 * `userData.collide === false`, or invisible without `userData.collide === true`, or outside
 * `options.layers`. An object's three.js layers become its World layers.
 * @param world the World to add to
 * @param object3D a scene, group or mesh
 * @param options { dynamic?, layers? }: keep poses for update() (default false: baked), which
 *   three.js layers to take (default all)
 * @returns The handle: its World ids, update(), remove() and lookup().
 * @example
 * const level = addObject3D(world, gltf.scene);
 * const platforms = addObject3D(world, scene.getObjectByName('platforms'), { dynamic: true });
 * // each frame: platforms.update(); world.update(dt);
 * const hit = world.raycast(raycaster.ray.origin, raycaster.ray.direction);
 * if (hit.hit) console.log(level.lookup(hit.object, hit.triangle));
 */
export declare function addObject3D(world: World, object3D: Object3DLike, options?: AddObject3DOptions): SceneHandle;

// ---- debug helpers ------------------------------------------------------------------------------

/** A three.js colour: a THREE.Color, a '#rrggbb' string or a 0xrrggbb number. */
export type ColorLike = string | number | { r: number; g: number; b: number };

/**
 * What the helpers are to the types: THREE.Group (or, for ContactsHelper, THREE.LineSegments)
 * instances, described by the members these declarations use so that they need no
 * @types/three. With @types/three, add one as `scene.add(helper as unknown as THREE.Object3D)`.
 */
export interface HelperObject3D {
  readonly isObject3D: true;
  visible: boolean;
  name: string;
  renderOrder: number;
  userData: Record<string, unknown>;
  /** A THREE.Vector3. */
  readonly position: { x: number; y: number; z: number; set(x: number, y: number, z: number): unknown };
  readonly children: HelperObject3D[];
}

/** A THREE.LineSegments of the helpers: vertex pairs in its geometry's position attribute. */
export interface HelperLines extends HelperObject3D {
  readonly geometry: { attributes: { position?: { count: number; array: Float32Array } } };
  readonly material: { color: { getHexString(): string }; dispose(): void };
}

export interface WorldHelperOptions {
  /** Levels of the top level's tree drawn (0: none, the default; Infinity: all). */
  depth?: number;
  /** Levels of each mesh's tree drawn, in the mesh's own space placed by its pose (default 0). */
  meshDepth?: number;
  /** The objects' lines (default '#4dabf7'); tree boxes are coloured by depth. */
  color?: ColorLike;
}

/** WorldHelper is a THREE.Object3D: these are the members of it the types show. */
export interface WorldHelper extends HelperObject3D {}

/**
 * A World's objects as wireframes at their current poses — meshes and instances by their
 * world-space triangles (World.triangles), spheres, capsules and boxes by their shapes — and
 * the boxes of its top level (and of each mesh's tree) down to a chosen depth.
 * @example
 * const helper = new WorldHelper(world, { depth: 3 });
 * scene.add(helper);
 * // each frame, after world.update(dt) and any add or remove:
 * helper.update();
 */
export declare class WorldHelper {
  /**
   * @param world the World to draw
   * @param options { depth?, meshDepth?, color? }
   */
  constructor(world: World, options?: WorldHelperOptions);
  readonly world: World;
  /** Levels of the top level's tree drawn; change it, then update(). */
  depth: number;
  /** Levels of each mesh's tree drawn; change it, then update(). */
  meshDepth: number;
  /** The group of the objects' wireframes, one LineSegments each (`userData.object` is its id). */
  readonly objects: HelperObject3D;
  /** The top level's boxes: 24 vertices (12 edges) per box. */
  readonly tree: HelperLines;
  /**
   * The lines drawing one object: world-space vertex pairs; a mesh's tree, when drawn, is its child.
   * @param id an object's id
   * @returns Its LineSegments, or undefined when the helper draws no such object.
   */
  lines(id: number): HelperLines | undefined;
  /**
   * Redraws what changed since the last update (World.changedSince): moved, added and removed objects, and the tree.
   * @returns this helper.
   */
  update(): this;
  /** Frees every geometry and material. */
  dispose(): void;
}

export interface CharacterHelperOptions {
  /** Length of the ground normal's arrow (m, default 1). */
  normalLength?: number;
  /** Seconds of the ground's velocity the velocity arrow spans (default 0.5). */
  velocityScale?: number;
  /** Drawn through whatever is in front (default false). */
  onTop?: boolean;
}

/** The capsule's colour per ground reason. */
export declare const GROUND_COLORS: Readonly<Record<GroundReason, string>>;
/** The ring's colour when moving ground carried, pushed or crushed the character (crushed shown first). */
export declare const MOTION_COLORS: Readonly<{ carried: string; pushed: string; crushed: string }>;

/** CharacterHelper is a THREE.Object3D: these are the members of it the types show. */
export interface CharacterHelper extends HelperObject3D {}

/**
 * A character as the controller sees it: its capsule coloured by its last move's ground reason
 * (GROUND_COLORS), the ground normal at its feet, the ground's velocity, the wall it hit, and a
 * ring at its feet when moving ground carried, pushed or crushed it (MOTION_COLORS).
 * @example
 * const helper = new CharacterHelper(character, { onTop: true });
 * scene.add(helper);
 * helper.update(character.move({ x: 0.05, y: 0, z: 0 })); // a controller: pass its report
 * const walkers = new CharacterHelper(crowd, 3); // a group's character 3: update() reads lastMove(3)
 */
export declare class CharacterHelper {
  /**
   * @param character a CharacterController
   * @param options { normalLength?, velocityScale?, onTop? }
   */
  constructor(character: CharacterController, options?: CharacterHelperOptions);
  /**
   * @param group a CharacterGroup
   * @param index the character's index in it
   * @param options { normalLength?, velocityScale?, onTop? }
   */
  constructor(group: CharacterGroup, index: number, options?: CharacterHelperOptions);
  /** The capsule's wireframe; its colour is GROUND_COLORS[reason]. */
  readonly capsule: HelperLines;
  /** Arrows (THREE.ArrowHelper), hidden when there is nothing to show. */
  readonly groundNormal: HelperObject3D;
  readonly groundVelocity: HelperObject3D;
  readonly wallNormal: HelperObject3D;
  /** The ring at the feet, shown in MOTION_COLORS when moving ground acted on the character. */
  readonly ring: HelperLines;
  /** The capsule's radius and height (the character's settings). */
  readonly radius: number;
  readonly height: number;
  /** The ground reason shown; null before a move. */
  readonly reason: GroundReason | null;
  normalLength: number;
  velocityScale: number;
  /**
   * Shows `move` at its position; omitted, the character where it is now with its last report
   * (a group's lastMove(index), or the last move given to a controller's helper).
   * @param move the report to show: what move() returned
   * @returns this helper.
   */
  update(move?: CharacterMove): this;
  /** Frees the geometries and materials. */
  dispose(): void;
}

export interface ContactsHelperOptions {
  /** Size of the cross at each point (default 0.1). */
  size?: number;
  /** Length of each normal (default 0.5). */
  normalLength?: number;
  colors?: { point?: ColorLike; normal?: ColorLike; path?: ColorLike; shape?: ColorLike };
}

/** What ContactsHelper.add draws: anything with a point (and a normal), a miss when hit is false. */
export interface PointResult {
  hit?: boolean;
  point: Vec3Like;
  normal?: Vec3Like;
}

/** ContactsHelper is a THREE.LineSegments: these are the members of it the types show. */
export interface ContactsHelper extends HelperLines {}

/**
 * The results of queries, drawn until clear(): hits and contacts as a cross and their normal,
 * rays up to their hit, sweeps as the shape at the start, its path, the shape where it stopped
 * and the contact. One LineSegments whatever the count.
 * @example
 * const contacts = new ContactsHelper();
 * scene.add(contacts);
 * contacts.clear();
 * const p = { x: 0, y: 1, z: 0 }, down = { x: 0, y: -1, z: 0 };
 * contacts.add(world.overlapSphere(p, 0.5));
 * contacts.addRay(p, down, world.raycast(p, down, 50), 50);
 * contacts.addSweep({ center: p, radius: 0.3 }, down, 2, world.sphereCast(p, 0.3, down, 2));
 */
export declare class ContactsHelper {
  /** @param options { size?, normalLength?, colors? } */
  constructor(options?: ContactsHelperOptions);
  size: number;
  normalLength: number;
  /** Segments drawn. */
  readonly count: number;
  /**
   * Draws a hit, contact or closest point (its point and normal), or a list of them; misses draw nothing.
   * @param result what a query returned (WorldHit, WorldContact[], WorldClosestPoint…)
   * @returns this helper.
   */
  add(result: PointResult | readonly PointResult[]): this;
  /**
   * Draws a ray up to its hit and the hit, or maxDistance long on a miss (100 when infinite).
   * @param origin the ray's origin
   * @param direction its direction
   * @param hit what World.raycast returned
   * @param maxDistance how far it was cast (default Infinity)
   * @returns this helper.
   */
  addRay(origin: Vec3Like, direction: Vec3Like, hit: WorldHit, maxDistance?: number): this;
  /**
   * Draws a sphere or capsule cast: the shape at the start, its path, the shape where it stopped, the contact.
   * @param shape { center, radius } or { start, end, radius }
   * @param direction the cast's direction
   * @param maxDistance the cast's distance
   * @param hit what World.sphereCast or capsuleCast returned
   * @returns this helper.
   */
  addSweep(
    shape: { center: Vec3Like; radius: number } | { start: Vec3Like; end: Vec3Like; radius: number },
    direction: Vec3Like,
    maxDistance: number,
    hit: WorldHit,
  ): this;
  /**
   * Removes everything drawn.
   * @returns this helper.
   */
  clear(): this;
  /** Frees the geometry and the material. */
  dispose(): void;
}

export type { Vec3Like };
