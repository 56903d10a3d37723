// Rapier (@dimforge/rapier3d-compat 0.21), as its documentation configures it:
//   S1  dynamic rigid bodies with ball colliders and CCD on, over one fixed trimesh collider;
//       balls do not collide with each other (collision groups), restitution and friction set on
//       both sides (combine rule: average).
//   S2  kinematic position-based capsules moved by one KinematicCharacterController (offset 0.01,
//       autostep 0.3 / min width 0.2, snap to ground 0.3, max climb 45°, other settings default),
//       the caller adding gravity: vy += g dt, reset when grounded; characters ignore each other.
//   S3  Shape.projectPoint on a Triangle shape; Shape.contactShape of a Triangle and a Ball.
//   S4  World.castRay against the trimesh (solid).
import RAPIER from '@dimforge/rapier3d-compat';

export const name = 'Rapier';

let ready = null;
/** The module's init (its wasm is inlined as base64); called once. */
export const init = () => (ready ??= RAPIER.init());

const WORLD_GROUPS = (0x0001 << 16) | 0x0002; // member of 1, interacts with 2
const MOVER_GROUPS = (0x0002 << 16) | 0x0001; // member of 2, interacts with 1 (so not with each other)
const ROTATION = { x: 0, y: 0, z: 0, w: 1 };

function newWorld(mesh, gravity, params = {}) {
  const world = new RAPIER.World({ x: 0, y: gravity, z: 0 });
  const ground = world.createRigidBody(RAPIER.RigidBodyDesc.fixed());
  const desc = RAPIER.ColliderDesc.trimesh(mesh.positions, mesh.indices).setCollisionGroups(WORLD_GROUPS);
  if (params.restitution !== undefined) desc.setRestitution(params.restitution).setFriction(params.friction);
  world.createCollider(desc, ground);
  return world;
}

export function prepareParticles(world, params) {
  return {
    spawn(spawn) {
      const w = newWorld(world, params.gravity, params);
      w.timestep = params.dt;
      const bodies = [];
      for (let k = 0; k < spawn.count; k++) {
        const p = spawn.positions,
          v = spawn.velocities;
        const body = w.createRigidBody(
          RAPIER.RigidBodyDesc.dynamic()
            .setTranslation(p[3 * k], p[3 * k + 1], p[3 * k + 2])
            .setLinvel(v[3 * k], v[3 * k + 1], v[3 * k + 2])
            .setCcdEnabled(true),
        );
        w.createCollider(
          RAPIER.ColliderDesc.ball(spawn.radii[k])
            .setRestitution(params.restitution)
            .setFriction(params.friction)
            .setCollisionGroups(MOVER_GROUPS),
          body,
        );
        bodies.push(body);
      }
      return {
        step() {
          w.step();
        },
        readPositions(out) {
          bodies.forEach((b, k) => {
            const t = b.translation();
            out[3 * k] = t.x;
            out[3 * k + 1] = t.y;
            out[3 * k + 2] = t.z;
          });
        },
        dispose() {
          w.free();
        },
      };
    },
  };
}

/**
 * What S2 and S5 share: one KinematicCharacterController (the given offset, autostep, snap to
 * ground, slope limit) moving capsules on kinematic position-based bodies in world `w`.
 */
function characterKit(w, { offset, stepHeight, snapDistance, maxSlope }) {
  const controller = w.createCharacterController(offset);
  controller.enableAutostep(stepHeight, 0.2, false);
  controller.enableSnapToGround(snapDistance);
  controller.setMaxSlopeClimbAngle((maxSlope * Math.PI) / 180);
  return {
    /** A capsule character at (x, y, z): its body, collider, position and vertical speed. */
    add(x, y, z, halfHeight, radius) {
      const body = w.createRigidBody(RAPIER.RigidBodyDesc.kinematicPositionBased().setTranslation(x, y, z));
      const collider = w.createCollider(
        RAPIER.ColliderDesc.capsule(halfHeight, radius).setCollisionGroups(MOVER_GROUPS),
        body,
      );
      return { body, collider, position: { x, y, z }, vy: 0 };
    },
    /** Moves c by the controller's answer for `desired`; a grounded character stops falling. */
    move(c, desired) {
      controller.computeColliderMovement(c.collider, desired, undefined, MOVER_GROUPS);
      const m = controller.computedMovement();
      if (controller.computedGrounded()) c.vy = 0;
      c.position.x += m.x;
      c.position.y += m.y;
      c.position.z += m.z;
      c.body.setNextKinematicTranslation(c.position);
    },
    readPositions(chars, out) {
      chars.forEach((c, k) => {
        out[3 * k] = c.position.x;
        out[3 * k + 1] = c.position.y;
        out[3 * k + 2] = c.position.z;
      });
    },
    dispose() {
      controller.free();
      w.free();
    },
  };
}

export function prepareCharacters(world, params) {
  const { radius, halfHeight, gravity } = params;
  return {
    spawn(spawn) {
      const w = newWorld(world, 0);
      w.timestep = params.dt;
      const kit = characterKit(w, { ...params, offset: 0.01 });
      const chars = [];
      for (let k = 0; k < spawn.count; k++) {
        const [x, y, z] = spawn.positions.subarray(3 * k, 3 * k + 3);
        chars.push({ ...kit.add(x, y, z, halfHeight, radius), walk: spawn.velocities.subarray(3 * k, 3 * k + 3) });
      }
      w.step(); // colliders into the broad phase before the first query
      const desired = { x: 0, y: 0, z: 0 };
      return {
        step(dt) {
          for (const c of chars) {
            c.vy += gravity * dt;
            desired.x = c.walk[0] * dt;
            desired.y = c.vy * dt;
            desired.z = c.walk[2] * dt;
            kit.move(c, desired);
          }
          w.step();
        },
        readPositions: (out) => kit.readPositions(chars, out),
        dispose: () => kit.dispose(),
      };
    },
  };
}

/** S3: out gets the closest point (3 floats) per query. */
export function closestPoints(q, count, out) {
  const v = () => ({ x: 0, y: 0, z: 0 });
  const tri = new RAPIER.Triangle(v(), v(), v());
  const origin = v(),
    p = v();
  const T = q.triangles,
    P = q.points;
  for (let k = 0; k < count; k++) {
    const t = 9 * k;
    tri.a = { x: T[t], y: T[t + 1], z: T[t + 2] };
    tri.b = { x: T[t + 3], y: T[t + 4], z: T[t + 5] };
    tri.c = { x: T[t + 6], y: T[t + 7], z: T[t + 8] };
    p.x = P[3 * k];
    p.y = P[3 * k + 1];
    p.z = P[3 * k + 2];
    const r = tri.projectPoint(origin, ROTATION, p, true).point;
    out[3 * k] = r.x;
    out[3 * k + 1] = r.y;
    out[3 * k + 2] = r.z;
  }
}

/** S3: out gets (hit, depth) per query; depth = -distance of the contact. */
export function triangleSpheres(q, count, out) {
  const v = () => ({ x: 0, y: 0, z: 0 });
  const tri = new RAPIER.Triangle(v(), v(), v());
  const ball = new RAPIER.Ball(1);
  const origin = v(),
    c = v();
  const T = q.triangles,
    S = q.spheres;
  for (let k = 0; k < count; k++) {
    const t = 9 * k;
    tri.a = { x: T[t], y: T[t + 1], z: T[t + 2] };
    tri.b = { x: T[t + 3], y: T[t + 4], z: T[t + 5] };
    tri.c = { x: T[t + 6], y: T[t + 7], z: T[t + 8] };
    c.x = S[4 * k];
    c.y = S[4 * k + 1];
    c.z = S[4 * k + 2];
    ball.radius = S[4 * k + 3];
    const contact = tri.contactShape(origin, ROTATION, ball, c, ROTATION, 0);
    const hit = contact !== null && contact.distance <= 0;
    out[2 * k] = hit ? 1 : 0;
    out[2 * k + 1] = hit ? -contact.distance : 0;
  }
}

/** S4: out gets (hit, distance) per ray. */
export function prepareRays(mesh) {
  const w = newWorld(mesh, 0);
  w.step();
  const ray = new RAPIER.Ray({ x: 0, y: 0, z: 0 }, { x: 0, y: 0, z: 1 });
  return {
    cast(rays, count, maxDistance, out) {
      for (let k = 0; k < count; k++) {
        const r = 6 * k;
        ray.origin = { x: rays[r], y: rays[r + 1], z: rays[r + 2] };
        ray.dir = { x: rays[r + 3], y: rays[r + 4], z: rays[r + 5] };
        const hit = w.castRay(ray, maxDistance, true);
        out[2 * k] = hit ? 1 : 0;
        out[2 * k + 1] = hit ? hit.timeOfImpact : maxDistance;
      }
    },
    dispose() {
      w.free();
    },
  };
}

/**
 * S5 (a moving world): every object of the scene a trimesh collider on its own body — fixed, or
 * kinematic position-based when it moves, posed each frame with setNextKinematicTranslation /
 * Rotation (a belt's wrap-around with setTranslation, a teleport) — and one
 * KinematicCharacterController moving every capsule, as in S2. The controller has no notion of the
 * ground's motion: the caller's desired translation is its walk and gravity only (vy += g dt,
 * reset when grounded). Per frame: the next poses, world.step() (objects to their poses, each
 * character's body to its last computed position), then each character's move.
 */
export function prepareMovingCharacters(scene, params) {
  const { radius, height, skinWidth, gravity } = params;
  const w = new RAPIER.World({ x: 0, y: 0, z: 0 });
  const bodies = {};
  for (const [name, o] of Object.entries(scene.objects)) {
    const pose = o.at(0);
    const desc = pose ? RAPIER.RigidBodyDesc.kinematicPositionBased() : RAPIER.RigidBodyDesc.fixed();
    if (pose) desc.setTranslation(pose.position.x, pose.position.y, pose.position.z);
    if (pose?.quaternion) desc.setRotation(pose.quaternion);
    const body = w.createRigidBody(desc);
    w.createCollider(
      RAPIER.ColliderDesc.trimesh(o.mesh.positions, o.mesh.indices).setCollisionGroups(WORLD_GROUPS),
      body,
    );
    bodies[name] = body;
  }
  const kit = characterKit(w, { ...params, offset: skinWidth });
  const chars = scene.chars.map((c) => ({
    ...kit.add(c.x, c.y, c.z, 0.5 * height - radius, radius),
    vx: c.vx,
    vz: c.vz,
  }));
  const desired = { x: 0, y: 0, z: 0 };
  return {
    name,
    /** One frame at time t: `walk` false while settling (gravity only). */
    step(t, dt, walk = true) {
      w.timestep = dt;
      for (const [key, o] of Object.entries(scene.objects)) {
        const pose = o.at(t);
        if (!pose) continue;
        const body = bodies[key];
        if (o.wraps?.(t, dt)) body.setTranslation(pose.position, true);
        else body.setNextKinematicTranslation(pose.position);
        if (pose.quaternion) body.setNextKinematicRotation(pose.quaternion);
      }
      w.step();
      for (const c of chars) {
        c.vy += gravity * dt;
        desired.x = walk ? c.vx * dt : 0;
        desired.y = c.vy * dt;
        desired.z = walk ? c.vz * dt : 0;
        kit.move(c, desired);
      }
    },
    readPositions: (out) => kit.readPositions(chars, out),
    dispose: () => kit.dispose(),
  };
}
