// Every public function and class of the package and its arguments, as `name:kind` (`name?`
// when optional): the one table that the checks use (check.js builds the precise error when a
// fast check fails) and that the contract test (tests/js/contract.test.js) holds against the wasm
// module's exports and the types of index.d.ts. Kinds:
//   vec3 {x, y, z} finite · extent {x, y, z} finite, each >= 0 · quat {x, y, z, w} finite ·
//   vec2 {x, y} finite · number finite · radius, distance, seconds finite >= 0 · positive
//   finite > 0 · maxDistance >= 0 or +Infinity · index integer >= 0 · mat4 Matrix4 or 16 numbers
//   · polygon {x, y}[] or Float32Array · f32/N Float32Array (or wasm array) of N floats per
//   element · u32/N Uint32Array · world a World of the same init() · flag any value, read as a
//   boolean · [lo,hi] a finite number in the range (`(` `)` exclude the bound; `int[lo,hi]` an
//   integer) · an OPTIONS name: an object whose given fields are checked by their kinds.
//   object a live object's id · id an object id, live or not (integer >= 0) · layers an
//   integer bit mask · dt finite > 0 · transform Matrix4, 16 numbers or {position,
//   quaternion?, scale?} · filter {layers?, ignore?} · objectOptions {transform?, layers?} ·
//   layerOptions {layers?} · bytes Uint8Array or ArrayBuffer.
// "Finite" means within float32 range too: |x| <= 3.4028234663852886e38.
export const SIGNATURES = {
  // closest points
  closestPointOnTriangle: 'p:vec3 a:vec3 b:vec3 c:vec3',
  explainClosestPointOnTriangle: 'p:vec3 a:vec3 b:vec3 c:vec3',
  closestPointOnSegment: 'p:vec3 start:vec3 end:vec3',
  distanceSqPointSegment: 'p:vec3 start:vec3 end:vec3',
  closestPointsSegmentSegment: 'start1:vec3 end1:vec3 start2:vec3 end2:vec3',
  closestPointOnAABB: 'p:vec3 min:vec3 max:vec3',
  distanceSqPointAABB: 'p:vec3 min:vec3 max:vec3',
  closestPointOnOBB: 'p:vec3 center:vec3 rotation:quat halfExtents:extent',
  closestPointOnPlane: 'p:vec3 planeNormal:vec3 planePoint:vec3',
  reflect: 'v:vec3 normal:vec3',
  // containment and overlap
  sphereContainsPoint: 'center:vec3 radius:radius p:vec3',
  aabbContainsPoint: 'min:vec3 max:vec3 p:vec3',
  capsuleContainsPoint: 'start:vec3 end:vec3 radius:radius p:vec3',
  obbContainsPoint: 'center:vec3 rotation:quat halfExtents:extent p:vec3',
  convexPolygonContainsPoint: 'vertices:polygon p:vec2',
  sphereSphere: 'centerA:vec3 radiusA:radius centerB:vec3 radiusB:radius',
  aabbAABB: 'minA:vec3 maxA:vec3 minB:vec3 maxB:vec3',
  aabbSphere: 'min:vec3 max:vec3 center:vec3 radius:radius',
  capsuleCapsule: 'startA:vec3 endA:vec3 radiusA:radius startB:vec3 endB:vec3 radiusB:radius',
  capsuleSphere: 'start:vec3 end:vec3 radius:radius center:vec3 sphereRadius:radius',
  obbOBB: 'centerA:vec3 rotationA:quat halfExtentsA:extent centerB:vec3 rotationB:quat halfExtentsB:extent',
  obbSphere: 'center:vec3 rotation:quat halfExtents:extent sphereCenter:vec3 radius:radius',
  triangleSphere: 'a:vec3 b:vec3 c:vec3 center:vec3 radius:radius',
  triangleCapsule: 'a:vec3 b:vec3 c:vec3 start:vec3 end:vec3 radius:radius',
  pushOutAABBAABB: 'fixedMin:vec3 fixedMax:vec3 movingMin:vec3 movingMax:vec3',
  aabbOverlapsAABB: 'minA:vec3 maxA:vec3 minB:vec3 maxB:vec3',
  // segment casts
  intersectSegmentPlane: 'from:vec3 to:vec3 planeNormal:vec3 planePoint:vec3',
  intersectSegmentSphere: 'from:vec3 to:vec3 center:vec3 radius:radius',
  intersectSegmentAABB: 'from:vec3 to:vec3 min:vec3 max:vec3',
  intersectSegmentOBB: 'from:vec3 to:vec3 center:vec3 rotation:quat halfExtents:extent',
  intersectSegmentTriangle: 'from:vec3 to:vec3 a:vec3 b:vec3 c:vec3',
  intersectSegmentCapsule: 'from:vec3 to:vec3 start:vec3 end:vec3 radius:radius',
  intersectRayTriangle: 'origin:vec3 direction:vec3 a:vec3 b:vec3 c:vec3 maxDistance?:maxDistance',
  // sweeps and floors
  sweepSpherePlane: 'radius:radius from:vec3 to:vec3 planeNormal:vec3 planePoint:vec3',
  sweepSphereTriangle: 'radius:radius from:vec3 to:vec3 a:vec3 b:vec3 c:vec3',
  sweepSphereSphere: 'p0:vec3 p1:vec3 rp:radius q0:vec3 q1:vec3 rq:radius',
  sweepCapsuleTriangle: 'start:vec3 end:vec3 radius:radius motion:vec3 a:vec3 b:vec3 c:vec3',
  floorHeight: 'a:vec3 b:vec3 c:vec3 x:number z:number',
  floorHeightByArea: 'a:vec3 b:vec3 c:vec3 x:number z:number',
  // bounding volumes
  triangleBoundingSphere: 'a:vec3 b:vec3 c:vec3',
  triangleCircumsphere: 'a:vec3 b:vec3 c:vec3',
  aabbOfTriangle: 'a:vec3 b:vec3 c:vec3',
  aabbOfSphere: 'center:vec3 radius:radius',
  aabbOfCapsule: 'start:vec3 end:vec3 radius:radius',
  aabbOfOBB: 'center:vec3 rotation:quat halfExtents:extent',
  aabbOfSweptSphere: 'start:vec3 end:vec3 radius:radius',
  aabbRotate: 'min:vec3 max:vec3 rotation:quat',
  aabbTransform: 'min:vec3 max:vec3 matrix:mat4',
  aabbFromPoints: 'points:f32/3',
  // batches and memory
  closestPointsOnTriangles: 'points:f32/3 triangles:f32/9 out?:f32/3 options?:BatchOptions',
  trianglesSpheres: 'triangles:f32/9 spheres:f32/4 out?:f32/8',
  intersectSegmentsTriangles: 'segments:f32/6 triangles:f32/9 out?:f32/8',
  intersectSegmentsSpheres: 'segments:f32/6 spheres:f32/4 out?:f32/8',
  intersectSegmentsAABBs: 'segments:f32/6 boxes:f32/6 out?:f32/8',
  pairsAll: 'boxes:f32/6',
  pairsSweepAndPrune: 'boxes:f32/6',
  pairsTree: 'boxes:f32/6',
  allocFloat32: 'length:index',
  allocUint32: 'length:index',
};

/** The classes: their constructor (`new`; errors name it by the class) and methods
 *  (`Class.method`; a setter's one argument is the value). */
export const WORLD_SIGNATURES = {
  new: '',
  addMesh: 'positions:f32/3 indices?:u32/3 options?:objectOptions',
  addInstance: 'mesh:object options?:objectOptions',
  addSphere: 'center:vec3 radius:radius options?:layerOptions',
  addCapsule: 'start:vec3 end:vec3 radius:radius options?:layerOptions',
  addBox: 'center:vec3 rotation:quat halfExtents:extent options?:layerOptions',
  setTransform: 'object:object transform:transform',
  teleport: 'object:object transform:transform',
  setTransforms: 'objects:u32/1 matrices:f32/16',
  update: 'dt:dt',
  updateMesh: 'object:object positions:f32/3',
  remove: 'object:object',
  setLayers: 'object:object layers:layers',
  has: 'object:id',
  kind: 'object:id',
  layers: 'object:object',
  transform: 'object:object',
  velocityAt: 'object:object point:vec3',
  bounds: 'object:object',
  triangleCount: 'object:object',
  raycast: 'origin:vec3 direction:vec3 maxDistance?:maxDistance filter?:filter',
  raycastAny: 'origin:vec3 direction:vec3 maxDistance?:maxDistance filter?:filter',
  raycastAll: 'origin:vec3 direction:vec3 maxDistance?:maxDistance filter?:filter',
  intersectSegment: 'from:vec3 to:vec3 filter?:filter',
  sphereCast: 'center:vec3 radius:radius direction:vec3 maxDistance:distance filter?:filter',
  capsuleCast: 'a:vec3 b:vec3 radius:radius direction:vec3 maxDistance:distance filter?:filter',
  overlapSphere: 'center:vec3 radius:radius filter?:filter',
  overlapCapsule: 'a:vec3 b:vec3 radius:radius filter?:filter',
  closestPoint: 'point:vec3 maxDistance?:maxDistance filter?:filter',
  floorHeight: 'x:number z:number fromY:number filter?:filter',
  floor: 'x:number z:number fromY:number filter?:filter',
  triangle: 'object:object index:index',
  triangles: 'object:object',
  treeBoxes: 'maxDepth?:index',
  meshTreeBoxes: 'object:object maxDepth?:index',
  changedSince: 'revision:distance',
  sphere: 'object:object',
  capsule: 'object:object',
  box: 'object:object',
  raycastBatch: 'rays:f32/6 maxDistance:maxDistance out?:f32/8 ids?:u32/2 filter?:filter',
  sphereCastBatch: 'casts:f32/6 radius:radius maxDistance:distance out?:f32/11 ids?:u32/2 filter?:filter',
  serialize: '',
};
/** Static methods of the classes, called on the class itself (`Class.method`). */
export const STATIC_SIGNATURES = {
  'World.deserialize': 'bytes:bytes',
};
export const PARTICLE_SYSTEM_SIGNATURES = {
  new: 'world:world options?:ParticleOptions',
  spawn: 'position:vec3 velocity?:vec3 radius?:positive',
  step: 'dt:seconds',
  clear: '',
  isSleeping: 'i:index',
  configure: 'options?:LiveParticleOptions',
};
export const CHARACTER_CONTROLLER_SIGNATURES = {
  new: 'world:world options?:CharacterOptions position?:vec3',
  move: 'displacement:vec3',
  position: 'position:vec3',
  register: 'layers?:layers',
  unregister: '',
};
export const CHARACTER_GROUP_SIGNATURES = {
  new: 'world:world options?:CharacterOptions capacity?:int[1,1048576]',
  add: 'position:vec3',
  moveAll: 'displacements:f32/3',
  lastMove: 'i:index',
  setPosition: 'i:index position:vec3',
  register: 'layers?:layers',
  unregister: '',
  body: 'i:index',
};
export const CLASS_SIGNATURES = {
  World: WORLD_SIGNATURES,
  ParticleSystem: PARTICLE_SYSTEM_SIGNATURES,
  CharacterController: CHARACTER_CONTROLLER_SIGNATURES,
  CharacterGroup: CHARACTER_GROUP_SIGNATURES,
};
for (const [cls, methods] of Object.entries(CLASS_SIGNATURES)) {
  for (const [method, sig] of Object.entries(methods)) SIGNATURES[method === 'new' ? cls : `${cls}.${method}`] = sig;
}
Object.assign(SIGNATURES, STATIC_SIGNATURES);

/**
 * The fields of the options objects, as systems.js passes them to bind/systems.cpp (its
 * PARTICLE_FIELDS, CHARACTER_FIELDS); an omitted field keeps the C++ default (particleDefaults(),
 * characterDefaults()) or, for configure, the current value. A character's height must also be
 * >= 2 radius (systems.js).
 */
const LIVE_PARTICLE_OPTIONS =
  'radius:(0,1e6] restitution:[0,1] friction:[0,1e6] damping:[0,1e6] gravity:vec3 collideParticles:flag';
export const OPTIONS = {
  ParticleOptions: `capacity:int[1,16777216] ${LIVE_PARTICLE_OPTIONS}`,
  LiveParticleOptions: LIVE_PARTICLE_OPTIONS,
  BatchOptions: 'exact:flag',
  CharacterOptions:
    'radius:(0,1e6] height:[0,1e6] stepHeight:[0,1e6] maxSlope:[0,90] snapDistance:[0,1e6] skinWidth:(0,1e6]',
};

/**
 * Exports of the wasm module that no public function of the same name faces, and what uses them.
 * An export <Class>_<method> is a method of the class: <Class>_new and <Class>_delete are its
 * constructor and dispose(), <Class>_setX is faced by a setter `x`, and a method by an accessor
 * of its name.
 */
export const BEHIND_THE_FACE = {
  outPointer: 'every query: the output area its result is read from (layout.js)',
  enumName: "the names of the core's enums (layout.js)",
  particleDefaults: 'new ParticleSystem: the omitted options (systems.js)',
  characterDefaults: 'new CharacterController, new CharacterGroup: the omitted options (systems.js)',
  particleSystemBytes: 'new ParticleSystem: whether wasm memory can hold the capacity (systems.js)',
  pairs: 'pairsAll, pairsSweepAndPrune, pairsTree',
  pairsPointer: 'pairsAll, pairsSweepAndPrune, pairsTree: where the pairs are',
  worldLastError: 'World.add*, setTransform, updateMesh, remove…: why the core refused',
  worldBytesRelease: 'World.serialize: frees the bytes once copied out',
  'World.objectState': 'World.transform: the pose and velocities of an object',
  'World.raycastAllTriangles': "shototsu/three's acceleratedRaycast: a ray's crossings with their triangles' corners",
  'World.raycastTriangle': "shototsu/three's acceleratedRaycast: a ray's nearest hit with its triangle's corners",
  worldInputPointer: 'World.addMesh, addInstance, setTransform, teleport: where a transform is put',
  worldRayRecordsSlot:
    "shototsu/three's acceleratedRaycast: where raycastAllTriangles and raycastTriangle put their records",
  worldContactsPointer:
    'World.overlapSphere, overlapCapsule, raycastAll, triangles, treeBoxes, meshTreeBoxes, changedSince: where the list is',
  closestPointsOnTrianglesFast: 'closestPointsOnTriangles with { exact: false }',
  shototsu_heap_in_use: 'the leak tests (bind/diagnostics.cpp)',
};
