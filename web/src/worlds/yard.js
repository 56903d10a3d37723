// The course's moving yard, north of the ramps (issue 15): a lift going up and down 3 m at 2 m/s
// (reversing every 1.5 s) beside the 3 m block, a disc turning at 1 rad/s, a platform moving
// diagonally, a door swinging through a doorway and a conveyor of boxes. Each is a three.js mesh
// and a World object — boxes as box primitives, the disc and the door as meshes in their own
// space — posed in closed form at time t and handed over as the README's frame order says:
// `setTransform(id, mesh.matrixWorld)` for each, then `world.update(dt)`.
import * as THREE from 'three';

const c = (x, y, z) => new THREE.Vector3(x, y, z);
const UP = c(0, 1, 0);

/** The lift's column top over time: 0.05 m → 3.05 m at 2 m/s and back, a cycle every 3 s. */
export function liftTop(t) {
  const phase = ((t % 3) + 3) % 3;
  return 0.05 + (phase < 1.5 ? 2 * phase : 3 - 2 * (phase - 1.5));
}

/** Where each mover is: its centre (or hinge) and the numbers its pose is made of. */
export const YARD = {
  // A solid column, so nothing can walk under it; its top is the platform.
  lift: { centre: c(5.5, 0, -10.7), half: c(1.5, 1.6, 1.5) },
  disc: { centre: c(-5, 0, -16), radius: 3, height: 0.25, rate: 1 },
  // Back and forth along (1, 0.4, 1) over 1.5 m either way, a cycle every 2π/0.8 s.
  diagonal: { centre: c(13, 0.75, -15), half: c(1.2, 0.1, 1.2), reach: 1.5, rate: 0.8 },
  // Hinged at the doorway's west jamb in a wall along z = -23; 1.4 rad either way.
  door: { hinge: c(4.35, 0, -23), width: 1.3, height: 2.1, thickness: 0.1, swing: 1.4, rate: 0.8 },
  wall: { z: -23, from: -1, to: 10, doorway: [4.3, 5.7], thickness: 0.3, height: 2.4 },
  // Boxes riding +x along z = -11 at 1 m/s, rising out of the ground at one end and sinking at the other.
  conveyor: { from: -22, length: 12, z: -11, boxes: 5, half: c(0.6, 0.15, 0.6), speed: 1, top: 0.25 },
  /** Where walkers start, standing on the movers at time 0 (capsule centres). */
  riders: [c(4.6, 1.0, -11.6), c(-5, 1.2, -14.2), c(-6.6, 1.2, -17), c(13.4, 1.8, -14.6), c(-19.6, 1.2, -11)],
};

/** The conveyor box k's centre at time t, and whether it went back to the start since t - dt. */
function conveyorAt(k, t) {
  const { from, length, boxes, half, speed, top } = YARD.conveyor;
  const u = ((((k * length) / boxes + speed * t) % length) + length) % length;
  const rise = THREE.MathUtils.clamp(Math.min(u, length - u) / 0.6, 0, 1); // 0.6 m to come up or go down
  return c(from + u, -0.05 + (top + 0.05) * rise - half.y, YARD.conveyor.z);
}

/** The static wall with the doorway, as geometry for the course (what is drawn collides). */
export function yardWallBoxes(box) {
  const { z, from, to, doorway, thickness, height } = YARD.wall;
  const t = thickness / 2;
  return [box(c(from, 0, z - t), c(doorway[0], height, z + t)), box(c(doorway[1], 0, z - t), c(to, height, z + t))];
}

export const yardLabels = [
  { at: c(5.5, 3.9, -12.4), text: 'lift · 2 m/s' },
  { at: c(-5, 1.1, -16), text: 'disc · 1 rad/s' },
  { at: c(13, 2.4, -15), text: 'diagonal platform' },
  { at: c(5, 2.9, -23), text: 'swinging door' },
  { at: c(-16, 1.1, -11), text: 'conveyor' },
];

/**
 * Adds the movers to `parent` and to `world` at time 0. Returns { movers, names, pose(t) }:
 * `pose(t)` moves every mesh to time t and sets each object's target (teleporting a conveyor
 * box that went back to the start, below the ground); `names` maps object ids to names.
 */
export function buildYard(world, parent) {
  const material = (color) => new THREE.MeshStandardMaterial({ color, roughness: 0.6 });
  const movers = [];
  const add = (name, mesh, id, place) => {
    mesh.name = name;
    mesh.castShadow = mesh.receiveShadow = true;
    parent.add(mesh);
    movers.push({ name, mesh, id, place });
  };
  const addBox = (name, half, color, place) => {
    const mesh = new THREE.Mesh(new THREE.BoxGeometry(2 * half.x, 2 * half.y, 2 * half.z), material(color));
    place(mesh, 0);
    add(name, mesh, world.addBox(mesh.position, mesh.quaternion, half), place);
  };
  const addMesh = (name, geometry, color, place) => {
    const mesh = new THREE.Mesh(geometry, material(color));
    place(mesh, 0);
    mesh.updateMatrixWorld();
    const id = world.addMesh(geometry.attributes.position.array, geometry.index?.array, {
      transform: mesh.matrixWorld,
    });
    add(name, mesh, id, place);
  };

  const { lift, disc, diagonal, door, conveyor } = YARD;
  addBox('lift', lift.half, '#f2b84b', (m, t) =>
    m.position.set(lift.centre.x, liftTop(t) - lift.half.y, lift.centre.z),
  );
  addMesh(
    'disc',
    new THREE.CylinderGeometry(disc.radius, disc.radius, disc.height, 48).translate(0, disc.height / 2, 0),
    '#4fb3bf',
    (m, t) => {
      m.position.copy(disc.centre);
      m.quaternion.setFromAxisAngle(UP, disc.rate * t);
    },
  );
  const along = c(1, 0.4, 1).normalize();
  addBox('diagonal platform', diagonal.half, '#9775fa', (m, t) =>
    m.position.copy(diagonal.centre).addScaledVector(along, diagonal.reach * Math.sin(diagonal.rate * t)),
  );
  addMesh(
    'door',
    new THREE.BoxGeometry(door.width, door.height, door.thickness).translate(door.width / 2 + 0.02, door.height / 2, 0),
    '#b07d4f',
    (m, t) => {
      m.position.copy(door.hinge);
      m.quaternion.setFromAxisAngle(UP, door.swing * Math.sin(door.rate * t));
    },
  );
  for (let k = 0; k < conveyor.boxes; k++)
    addBox(`conveyor box ${k + 1}`, conveyor.half, '#ced4da', (m, t) => m.position.copy(conveyorAt(k, t)));

  const names = new Map(movers.map((m) => [m.id, m.name]));
  let time = 0;
  return {
    movers,
    names,
    /** Poses every mover at time t and tells the world (call world.update(dt) next). */
    pose(t) {
      for (const { mesh, id, place, name } of movers) {
        const before = mesh.position.x;
        place(mesh, t);
        mesh.updateMatrixWorld();
        // A conveyor box that wrapped round moved back under the ground: no velocity, no push.
        const wrapped = name.startsWith('conveyor') && mesh.position.x < before && t > time;
        if (wrapped) world.teleport(id, mesh.matrixWorld);
        else world.setTransform(id, mesh.matrixWorld);
      }
      time = t;
    },
  };
}
