// The particle worlds. Both are closed, so nothing can leave them without tunnelling:
//   terrain — benchmark scene S1's landscape: a 128×128-quad heightfield (32,768 triangles) over
//             64×64 m, four sines of 3 m total amplitude and a few sharp 1 m steps, walled in
//             by four 10 m walls, with an invisible lid above;
//   room    — a closed room with a ramp, stairs and pillars.
// Each holds a "vault": a box whose walls are single triangles of zero thickness, which the
// Fire button shoots at with particles at 1000 m/s. Its inside must stay empty. In the rain, a
// paddle spins about a horizontal axis (a gun of its own fires at it) and the player's capsule
// stands beside it.
import * as THREE from 'three';
import { box, heightfield, merge, quad, ramp, shell, stairs, colourTerrain } from './geometry.js';
import { gridTexture } from '../three/textures.js';

const SIZE = 64;
const WALL = 10;

/** S1's height: four sines (amplitudes 1.2 + 0.8 + 0.6 + 0.4 = 3 m) and three 1 m steps, flattened under the vault's pad. */
function s1Height(x, z, pad) {
  let y =
    1.2 * Math.sin(0.11 * x + 0.3) +
    0.8 * Math.sin(0.17 * z + 1.1) +
    0.6 * Math.sin(0.23 * (x + z)) +
    0.4 * Math.sin(0.37 * (x - 0.6 * z) + 2.0);
  // Sharp steps: terraces of 1 m across three lines.
  if (x > 6) y += 1;
  if (z < -10) y += 1;
  if (x < -14 && z > 4) y -= 1;
  // The pad: flat ground around the vault and the gun.
  const d = Math.hypot(x - pad.x, z - pad.z);
  return THREE.MathUtils.lerp(y, pad.y, 1 - THREE.MathUtils.smoothstep(d, pad.radius, pad.radius + 3));
}

/** Materials shared by the worlds. */
export function worldMaterials() {
  return {
    terrain: new THREE.MeshStandardMaterial({
      vertexColors: true,
      roughness: 0.95,
      map: gridTexture(SIZE / 4, { line: 0.88, minor: 0.95 }),
    }), // 4 m cells
    // Walls face inward and are drawn from the front only: seen from outside, the near walls
    // disappear and the far ones stay (a doll's house).
    wall: new THREE.MeshStandardMaterial({ color: '#8e9bb1', roughness: 0.9, side: THREE.FrontSide }),
    solid: new THREE.MeshStandardMaterial({ color: '#a5927a', roughness: 0.8 }),
    glass: new THREE.MeshStandardMaterial({
      color: '#9be7ff',
      roughness: 0.1,
      metalness: 0,
      transparent: true,
      opacity: 0.2,
      side: THREE.DoubleSide,
      depthWrite: false,
    }),
  };
}

function buildTerrain() {
  const half = SIZE / 2;
  const pad = { x: 10, z: 16, y: 0.5, radius: 9 };
  const ground = colourTerrain(
    heightfield(SIZE, 128, (x, z) => s1Height(x, z, pad)),
    { low: -3, high: 4 },
  );
  const bottom = -5,
    top = WALL;
  // Four walls, their faces toward the inside, and a lid (not drawn) so that nothing leaves.
  const c = (x, y, z) => new THREE.Vector3(x, y, z);
  const walls = merge([
    quad(c(-half, bottom, -half), c(half, bottom, -half), c(half, top, -half), c(-half, top, -half)),
    quad(c(half, bottom, half), c(-half, bottom, half), c(-half, top, half), c(half, top, half)),
    quad(c(-half, bottom, half), c(-half, bottom, -half), c(-half, top, -half), c(-half, top, half)),
    quad(c(half, bottom, -half), c(half, bottom, half), c(half, top, half), c(half, top, -half)),
  ]);
  const lid = quad(c(-half, top, -half), c(half, top, -half), c(half, top, half), c(-half, top, half));
  const vault = { min: c(pad.x - 2.5, pad.y + 0.01, pad.z - 2.5), max: c(pad.x + 2.5, pad.y + 4, pad.z + 2.5) };
  return {
    name: 'terrain',
    parts: (m) => [
      { name: 'terrain', geometry: ground, material: m.terrain },
      { name: 'walls', geometry: walls, material: m.wall },
      { name: 'lid', geometry: lid },
      { name: 'vault', geometry: shell(vault.min, vault.max), material: m.glass },
    ],
    /** Where particles may be: inside the walls, above the lowest ground, below the lid. */
    bounds: new THREE.Box3(c(-half, bottom, -half), c(half, top, half)),
    vault: new THREE.Box3(vault.min, vault.max),
    /** The gun stands on the pad, 8 m from the vault's -x face, aiming +x. */
    gun: c(pad.x - 10, pad.y + 2, pad.z),
    /** Particles rain from a disc high above the middle. */
    emitter: { centre: c(-4, 8.5, -2), radius: 9 },
    paddle: paddleAt(c(-4, s1Height(-4, -2, pad) + 3.4, -2), 6.5),
    player: c(-4, s1Height(-4, 1.8, pad) + 1.2, 1.8),
  };
}

function buildRoom() {
  const W = 20,
    H = 9,
    D = 20;
  const c = (x, y, z) => new THREE.Vector3(x, y, z);
  const shellGeometry = shell(c(-W / 2, 0, -D / 2), c(W / 2, H, D / 2), { inward: true });
  const r = ramp({ x0: -5, z0: 5, width: 4, height: 2.5, degrees: 30 });
  const furniture = merge([
    r.geometry,
    box(c(-7, 0, r.top - 3), c(-3, 2.5, r.top)), // the landing behind the ramp
    stairs({ x0: 4.5, z0: 6, width: 4, rise: 0.4, tread: 0.6, count: 6 }),
    box(c(0.8, 0, -1.2), c(2.2, 4.5, 0.2)), // a pillar
    box(c(-1.5, 0, -6), c(1.5, 1, -3)), // a table-height block
  ]);
  const vault = { min: c(5, 0.01, -8.5), max: c(8.5, 3, -5) };
  return {
    name: 'room',
    parts: (m) => [
      { name: 'room', geometry: shellGeometry, material: m.wall },
      { name: 'furniture', geometry: furniture, material: m.solid },
      { name: 'vault', geometry: shell(vault.min, vault.max), material: m.glass },
    ],
    bounds: new THREE.Box3(c(-W / 2, 0, -D / 2), c(W / 2, H, D / 2)),
    vault: new THREE.Box3(vault.min, vault.max),
    gun: c(-3, 1.6, -6.75),
    emitter: { centre: c(-1, 8, 1), radius: 3 },
    paddle: paddleAt(c(-2, 5.5, 2), 5.5),
    player: c(-2, 1.2, 3.8),
  };
}

/** A paddle 4.4 m long and 1.2 m wide spinning about +z at `centre`, its gun `distance` away along -x. */
function paddleAt(centre, distance) {
  return {
    centre,
    half: new THREE.Vector3(2.2, 0.06, 0.6),
    gun: centre.clone().add(new THREE.Vector3(-distance, 0, 0)),
  };
}

/** The particle worlds by name: how to build each, and the first view of it. */
export const ARENAS = {
  terrain: { build: buildTerrain, camera: { camera: [-6, 26, 46], target: [3, -1, 7], fit: 22, far: 1000 } },
  room: { build: buildRoom, camera: { camera: [14, 20, 24], target: [0, 2, 0], fit: 14 } },
};
