// The characters' course: a 64×64 m ground, flat around the start and hilly to the south, with
// the features of benchmark scene S2 and issue 6 — stairs of 0.25 m risers (climbable with a
// 0.3 m step height) and of 0.35 m risers (not), a 40° ramp (walkable under the default 45°
// limit) and a 60° ramp (too steep), both 3 m high, walls with a doorway and a gap narrower than
// the capsule, a corridor with corners — all closed solids, walled in. North of them, the moving
// yard of issue 15 (yard.js): its wall with the doorway is here, what moves is there.
import * as THREE from 'three';
import { box, heightfield, merge, quad, ramp, stairs, colourTerrain } from './geometry.js';
import { YARD, yardLabels, yardWallBoxes } from './yard.js';
import { gridTexture } from '../three/textures.js';

const SIZE = 64;
const c = (x, y, z) => new THREE.Vector3(x, y, z);

/** Flat (y = 0) north of z = 6; rolling hills, up to about 1.6 m, to the south. */
function groundHeight(x, z) {
  const hills = 0.7 * Math.sin(0.45 * x) * Math.sin(0.38 * z + 0.5) + 0.5 * Math.sin(0.21 * x + 0.33 * z) + 0.45;
  return hills * THREE.MathUtils.smoothstep(z, 6, 12);
}

/** Named places to start from (`?at=…`). */
export const PLACES = {
  start: { position: c(0, 1.2, 3), label: 'the start' },
  stairs: { position: c(-10.5, 1.2, 3.5), label: 'the 0.25 m stairs' },
  tallstairs: { position: c(-13.4, 1.2, 3.5), label: 'the 0.35 m stairs' },
  ramp: { position: c(3.5, 1.2, 3), label: 'the 40° ramp' },
  steep: { position: c(7.5, 1.2, 3), label: 'the 60° ramp' },
  gap: { position: c(16, 1.2, 1), label: 'the 0.5 m gap' },
  hills: { position: c(0, 2.5, 18), label: 'the hills' },
  lift: { position: c(YARD.lift.centre.x, 1.2, YARD.lift.centre.z), label: 'the lift' },
  disc: { position: c(YARD.disc.centre.x + 2, 1.4, YARD.disc.centre.z), label: 'the turning disc' },
  diagonal: { position: c(YARD.diagonal.centre.x, 3, YARD.diagonal.centre.z), label: 'the diagonal platform' },
  door: { position: c(5.3, 1.2, YARD.door.hinge.z + 0.75), label: 'the swinging door' },
  conveyor: { position: c(YARD.conveyor.from + 0.3, 1.2, YARD.conveyor.z), label: 'the conveyor' },
};

export function buildCourse() {
  const half = SIZE / 2;
  const ground = colourTerrain(heightfield(SIZE, 96, groundHeight), {
    low: -0.2,
    high: 1.6,
    palette: ['#8f9a80', '#7fa35b', '#5d8a4a', '#8d8f86'],
  });

  // Stairs toward -z onto a landing 2.5 m up: 0.25 m risers on the left, 0.35 m on the right.
  const lowSteps = stairs({ x0: -10.5, z0: 0, width: 2.6, rise: 0.25, tread: 0.4, count: 10 });
  const tallSteps = stairs({ x0: -13.4, z0: 0, width: 2.6, rise: 0.35, tread: 0.55, count: 7 });
  const landing = box(c(-14.7, 0, -8), c(-9.2, 2.5, -3.85));

  // Ramps toward -z onto a 3 m block: 40° on the left, 60° on the right, tops aligned.
  const run40 = 3 / Math.tan(THREE.MathUtils.degToRad(40));
  const run60 = 3 / Math.tan(THREE.MathUtils.degToRad(60));
  const ramp40 = ramp({ x0: 3.5, z0: -1, width: 3, height: 3, degrees: 40 });
  const ramp60 = ramp({ x0: 7.5, z0: -1 - (run40 - run60), width: 3, height: 3, degrees: 60 });
  const block = box(c(2, 0, -9), c(9, 3, ramp40.top));

  // Walls along x = 14: a 1.4 m doorway and a 0.5 m gap (the capsule is 0.7 m wide).
  const wallX = 14,
    thickness = 0.3,
    wallHeight = 2.2;
  const wall = (z0, z1) => box(c(wallX - thickness / 2, 0, z0), c(wallX + thickness / 2, wallHeight, z1));
  const walls = [wall(-9, -4.7), wall(-3.3, 0.75), wall(1.25, 6)];
  // A corridor beyond, with two corners.
  const corridor = [
    box(c(16, 0, -9), c(16.3, wallHeight, -2)),
    box(c(18, 0, -9), c(18.3, wallHeight, -4)),
    box(c(16, 0, -2), c(23, wallHeight, -1.7)),
    box(c(18, 0, -4.3), c(23, wallHeight, -4)),
  ];

  // The boundary: four walls facing inward so nobody walks off the world. Drawn from the front
  // only, they hide nothing from a camera outside them.
  const lo = -1,
    hi = 3;
  const rim = [
    quad(c(-half, lo, -half), c(half, lo, -half), c(half, hi, -half), c(-half, hi, -half)),
    quad(c(half, lo, half), c(-half, lo, half), c(-half, hi, half), c(half, hi, half)),
    quad(c(-half, lo, half), c(-half, lo, -half), c(-half, hi, -half), c(-half, hi, half)),
    quad(c(half, lo, -half), c(half, lo, half), c(half, hi, half), c(half, hi, -half)),
  ];

  // Where the conveyor's boxes run: a dark strip, drawn only (the boxes are what collides).
  const belt = YARD.conveyor;
  const track = box(
    c(belt.from - belt.half.x, -0.05, belt.z - belt.half.z - 0.1),
    c(belt.from + belt.length + belt.half.x, 0.004, belt.z + belt.half.z + 0.1),
  );

  return {
    parts: (m) => [
      { name: 'ground', geometry: ground, material: m.ground },
      { name: 'stairs', geometry: merge([lowSteps, tallSteps, landing]), material: m.stone, castShadow: true },
      { name: 'walkable ramp', geometry: ramp40.geometry, material: m.walkable, castShadow: true },
      { name: 'steep ramp', geometry: ramp60.geometry, material: m.steep, castShadow: true },
      { name: 'block', geometry: block, material: m.stone, castShadow: true },
      {
        name: 'walls',
        geometry: merge([...walls, ...corridor, ...yardWallBoxes(box)]),
        material: m.wall,
        castShadow: true,
      },
      { name: 'conveyor track', geometry: track, material: m.track, collide: false },
      { name: 'rim', geometry: merge(rim), material: m.rim },
    ],
    labels: [
      { at: c(-10.5, 0.9, 0.6), text: '0.25 m steps' },
      { at: c(-13.4, 0.9, 0.6), text: '0.35 m steps' },
      { at: c(3.5, 0.9, 0.2), text: '40° ramp' },
      { at: c(7.5, 0.9, 0.2 - (run40 - run60)), text: '60° ramp' },
      { at: c(wallX, wallHeight + 0.5, 1), text: 'gap 0.5 m' },
      { at: c(wallX, wallHeight + 0.5, -4), text: 'door 1.4 m' },
      { at: c(20, wallHeight + 0.5, -3), text: 'corridor' },
      { at: c(0, 2.6, 17), text: 'hills' },
      ...yardLabels,
    ],
    /** Open ground where the walkers start. */
    walkerArea: { min: c(-24, 0, 2), max: c(24, 0, 26) },
  };
}

export function courseMaterials() {
  return {
    ground: new THREE.MeshStandardMaterial({ vertexColors: true, roughness: 0.95, map: gridTexture(SIZE / 2) }), // 2 m cells
    stone: new THREE.MeshStandardMaterial({ color: '#a9a294', roughness: 0.85 }),
    walkable: new THREE.MeshStandardMaterial({ color: '#7fc98a', roughness: 0.8 }),
    steep: new THREE.MeshStandardMaterial({ color: '#e07a6f', roughness: 0.8 }),
    wall: new THREE.MeshStandardMaterial({ color: '#8e9bb1', roughness: 0.85 }),
    rim: new THREE.MeshStandardMaterial({ color: '#6b768a', roughness: 0.9, side: THREE.FrontSide }),
    track: new THREE.MeshStandardMaterial({ color: '#3b4048', roughness: 0.7 }),
  };
}
