// What a three.js user with @types/three writes (checked by tests/js/tsconfig.three.json; not
// run): three's own objects go in as they are — BufferAttribute.array, Matrix4, Vector3,
// Quaternion, an Object3D, a Raycaster's intersections — with no casts. That config skips the
// declaration files (@types/three's take most of tsc's time); tsconfig.json and tests/ts50 check
// the package's own with skipLibCheck false.
import * as THREE from 'three';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { init } from 'shototsu';
import { addObject3D, computeBoundsTree, disposeBoundsTree, acceleratedRaycast } from 'shototsu/three';

// The two prototype members, declared the way three-mesh-bvh users declare its own.
declare module 'three' {
  interface BufferGeometry {
    computeBoundsTree: typeof computeBoundsTree;
    disposeBoundsTree: typeof disposeBoundsTree;
  }
}

const s = await init();
THREE.BufferGeometry.prototype.computeBoundsTree = computeBoundsTree;
THREE.BufferGeometry.prototype.disposeBoundsTree = disposeBoundsTree;
THREE.Mesh.prototype.raycast = acceleratedRaycast;
THREE.SkinnedMesh.prototype.raycast = acceleratedRaycast;

const mesh = new THREE.Mesh(new THREE.BoxGeometry(10, 1, 10), new THREE.MeshBasicMaterial());
mesh.position.y = 5;
mesh.updateMatrixWorld();
mesh.geometry.computeBoundsTree();
const hits: THREE.Intersection[] = new THREE.Raycaster().intersectObject(mesh);
mesh.geometry.disposeBoundsTree();

const world = new s.World();
const geometry = mesh.geometry;
const box = world.addMesh(geometry.attributes.position.array, geometry.index?.array, {
  transform: mesh.matrixWorld,
});
world.setTransform(box, mesh.matrixWorld);
world.setTransform(box, { position: mesh.position, quaternion: mesh.quaternion, scale: mesh.scale });
world.teleport(box, mesh.matrix);
world.updateMesh(box, geometry.getAttribute('position').array);
const rocks = new THREE.InstancedMesh(geometry, undefined, 2);
const rockIds = [world.addInstance(box), world.addInstance(box)];
world.setTransforms(new Uint32Array(rockIds), rocks.instanceMatrix.array);
const lid = world.addBox(mesh.position, mesh.quaternion, new THREE.Vector3(1, 1, 1));
const ray = new THREE.Ray(new THREE.Vector3(0, 10, 0), new THREE.Vector3(0, -1, 0));
const hit = world.raycast(ray.origin, ray.direction);
const closest = s.closestPointOnTriangle(ray.origin, new THREE.Vector3(), new THREE.Vector3(1, 0, 0), mesh.position);
const bounds = s.aabbTransform(new THREE.Vector3(-1, -1, -1), new THREE.Vector3(1, 1, 1), mesh.matrixWorld);

const scene = new THREE.Scene();
const gltf = await new GLTFLoader().loadAsync('level.glb');
scene.add(gltf.scene);
const level = addObject3D(world, gltf.scene, { layers: new THREE.Layers() });
const platforms = addObject3D(world, new THREE.Group(), { dynamic: true, layers: 1 });
platforms.update();
const who = level.lookup(hit.object, hit.triangle);

const player = new s.CharacterController(world, {}, new THREE.Vector3(0, 2, 0));
player.move(new THREE.Vector3(0.1, -0.1, 0));
const avatar = new THREE.Object3D();
avatar.position.copy(player.position);
player.position = avatar.position;
const sparks = new s.ParticleSystem(world);
sparks.spawn(avatar.position, new THREE.Vector3(0, 4, 6), 0.02);

export const used = [hits, lid, closest, bounds, who?.object, who?.instanceId];
