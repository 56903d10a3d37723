// Types of 'shototsu/three'. They describe three.js objects by the members the adapter reads, so
// they need no @types/three: a THREE.Mesh, BufferAttribute, Matrix4 or Vector3 fits as it is.
import type { Shototsu, TypedArray, Vec3Like, World } from './index.js';

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

export type { Vec3Like };
