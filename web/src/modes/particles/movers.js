// What moves in the particles' rain: a paddle spinning about a horizontal axis (a box primitive of
// the World, posed each step by setTransform before world.update) and counts of the particles
// that got through it or into the player's capsule, judged from positions alone.
import * as THREE from 'three';

const Z = new THREE.Vector3(0, 0, 1);

/**
 * The paddle: a thin box spinning about +z through its centre at `rate()` rad/s. `pose(t)` moves
 * the mesh to time t and sets the World object's target there (world.update(dt) comes next).
 */
export function makePaddle(world, parent, { centre, half }, rate) {
  const mesh = new THREE.Mesh(
    new THREE.BoxGeometry(2 * half.x, 2 * half.y, 2 * half.z),
    new THREE.MeshStandardMaterial({ color: '#ff8787', roughness: 0.45, metalness: 0.1 }),
  );
  mesh.position.copy(centre);
  mesh.castShadow = true;
  parent.add(mesh);
  const id = world.addBox(centre, mesh.quaternion, half);
  let angle = 0;
  return {
    id,
    mesh,
    centre,
    half,
    /** The angle turned so far (rad): it advances by rate × dt each step. */
    get angle() {
      return angle;
    },
    /** Turns it by rate × dt and tells the world where it will be. */
    advance(dt) {
      angle += rate() * dt;
      mesh.quaternion.setFromAxisAngle(Z, angle);
      mesh.updateMatrixWorld();
      world.setTransform(id, mesh.matrixWorld);
    },
  };
}

/**
 * Counts particles that got into the player's capsule (deeper than 1 mm at a step's end) and
 * through the paddle, each particle once for each: at a step's end, deeper than 1 mm inside the
 * paddle; and, over a step in which a particle touched nothing
 * (its velocity changed by gravity alone, so it moved on the straight line between its positions
 * at the step's ends), through the paddle — the side of its thin axis changed within its face,
 * the paddle turning at its constant rate, posed at instants a few centimetres of relative
 * motion apart. A step with a bounce is judged by its end alone: its path is not known.
 * Call `before()` with the state before a step and `after(...)` after it.
 */
export function makeJudge(paddle) {
  let start = new Float32Array(0);
  let startVelocity = new Float32Array(0);
  let caught = new Uint8Array(0); // bit 1: through the paddle, bit 2: into the capsule
  let count = 0;
  let inCapsule = 0;
  let batted = 0;
  let startAngle = 0;
  const local = new THREE.Vector3();
  const inverse = new THREE.Quaternion();
  const TOLERANCE = 1e-3;

  /** p (world) in the paddle's frame at angle a. */
  function toPaddle(x, y, z, a) {
    inverse.setFromAxisAngle(Z, -a);
    return local.set(x - paddle.centre.x, y - paddle.centre.y, z - paddle.centre.z).applyQuaternion(inverse);
  }

  /** Whether the segment a → b comes within the paddle's reach (its half diagonal plus r). */
  function near(ax, ay, az, bx, by, bz, r) {
    const h = paddle.half;
    const c = paddle.centre;
    const dx = bx - ax,
      dy = by - ay,
      dz = bz - az;
    const length2 = dx * dx + dy * dy + dz * dz;
    const s =
      length2 > 0 ? THREE.MathUtils.clamp(((c.x - ax) * dx + (c.y - ay) * dy + (c.z - az) * dz) / length2, 0, 1) : 0;
    return Math.hypot(ax + s * dx - c.x, ay + s * dy - c.y, az + s * dz - c.z) <= Math.hypot(h.x, h.z) + r;
  }

  /** Whether the path a → b crossed the paddle's face while it turned from angle a0 to a1. */
  function crossed(ax, ay, az, bx, by, bz, a0, a1, r) {
    if (!near(ax, ay, az, bx, by, bz, r)) return false;
    const h = paddle.half;
    const reach = Math.hypot(h.x, h.z) + r;
    const dx = bx - ax,
      dy = by - ay,
      dz = bz - az;
    const length2 = dx * dx + dy * dy + dz * dz;
    const samples = Math.min(512, Math.max(16, Math.ceil((Math.sqrt(length2) + Math.abs(a1 - a0) * reach) / 0.02)));
    let previous = null;
    let side = 0;
    for (let k = 0; k <= samples; k++) {
      const u = k / samples;
      const p = toPaddle(ax + u * dx, ay + u * dy, az + u * dz, a0 + u * (a1 - a0));
      const sd = Math.sign(p.y);
      if (previous && sd !== 0 && side !== 0 && sd !== side) {
        // Where the chord between the two instants meets the face's plane.
        const f = previous.y / (previous.y - p.y);
        const x = previous.x + f * (p.x - previous.x),
          z = previous.z + f * (p.z - previous.z);
        if (Math.abs(x) < h.x && Math.abs(z) < h.z) {
          const end = toPaddle(bx, by, bz, a1);
          if (Math.sign(end.y) === sd) return true; // it stayed on the far side: not a bounce
        }
      }
      if (sd !== 0) side = sd;
      previous = { x: p.x, y: p.y, z: p.z };
    }
    return false;
  }

  /** How deep a sphere of radius r at p is inside the paddle at angle a (m; <= 0 outside). */
  function depthInPaddle(x, y, z, a, r) {
    const h = paddle.half;
    const p = toPaddle(x, y, z, a);
    const ox = Math.max(Math.abs(p.x) - h.x, 0),
      oy = Math.max(Math.abs(p.y) - h.y, 0),
      oz = Math.max(Math.abs(p.z) - h.z, 0);
    const outside = Math.hypot(ox, oy, oz);
    const inside = outside > 0 ? 0 : Math.min(h.x - Math.abs(p.x), h.y - Math.abs(p.y), h.z - Math.abs(p.z));
    return r - outside + inside;
  }

  return {
    /** Particles that got through or into the paddle since the last reset. */
    get through() {
      return count;
    },
    /** Particles found inside the capsule since the last reset. */
    get inCapsule() {
      return inCapsule;
    },
    /** Bounces (steps that were not straight) with the paddle within reach: how often it batted. */
    get batted() {
      return batted;
    },
    reset() {
      caught.fill(0);
      count = 0;
      inCapsule = 0;
      batted = 0;
    },
    /** The positions, velocities and the paddle's angle at a step's start. */
    before(positions, velocities, angle) {
      if (start.length < positions.length) {
        start = new Float32Array(positions.length);
        startVelocity = new Float32Array(positions.length);
      }
      start.set(positions);
      startVelocity.set(velocities);
      startAngle = angle;
    },
    /**
     * The state after a step of dt under gravity g ({x, y, z}): positions, velocities, radii and
     * count, the paddle's angle then, and the capsule ({ a, b, radius } or null).
     */
    after({ positions, velocities, radii, count: n }, dt, g, angle, capsule) {
      if (caught.length < n) {
        const grown = new Uint8Array(Math.max(n, 2 * caught.length));
        grown.set(caught);
        caught = grown;
      }
      const a0 = startAngle;
      for (let i = 0; i < n; i++) {
        if (caught[i] === 3) continue;
        const r = radii[i];
        const x = positions[3 * i],
          y = positions[3 * i + 1],
          z = positions[3 * i + 2];
        const ux = startVelocity[3 * i],
          uy = startVelocity[3 * i + 1],
          uz = startVelocity[3 * i + 2];
        const change = Math.hypot(
          velocities[3 * i] - ux - g.x * dt,
          velocities[3 * i + 1] - uy - g.y * dt,
          velocities[3 * i + 2] - uz - g.z * dt,
        );
        const straight = change <= 1e-4 * Math.hypot(ux, uy, uz) + 1e-3;
        if (!straight && near(start[3 * i], start[3 * i + 1], start[3 * i + 2], x, y, z, r)) batted++;
        if (
          !(caught[i] & 1) &&
          (depthInPaddle(x, y, z, angle, r) > TOLERANCE ||
            (straight && crossed(start[3 * i], start[3 * i + 1], start[3 * i + 2], x, y, z, a0, angle, r)))
        ) {
          caught[i] |= 1;
          count++;
        }
        if (!(caught[i] & 2) && capsule) {
          const { a, b, radius } = capsule;
          const t = THREE.MathUtils.clamp((y - a.y) / (b.y - a.y), 0, 1);
          const d = Math.hypot(x - a.x, y - (a.y + t * (b.y - a.y)), z - a.z);
          if (radius + r - d > TOLERANCE) {
            caught[i] |= 2;
            inCapsule++;
          }
        }
      }
    },
  };
}
