// shototsu/three — shototsu inside three.js (three is an optional peer dependency: the main
// entry never imports it). Picking the three-mesh-bvh way (computeBoundsTree, acceleratedRaycast),
// a scene graph into a World in one call (addObject3D), and helpers that draw what the World sees.
export { computeBoundsTree, disposeBoundsTree, acceleratedRaycast, BoundsTree } from './three-raycast.js';
export { useShototsu } from './three-common.js';
export { addObject3D } from './three-scene.js';
export { WorldHelper, CharacterHelper, ContactsHelper, GROUND_COLORS, MOTION_COLORS } from './three-helpers.js';
