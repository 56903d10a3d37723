// Jolt Physics (npm jolt-physics 1.1, the single-threaded wasm build `jolt-physics/wasm-compat`),
// as its examples configure it:
//   S1  dynamic bodies with sphere shapes, motion quality LinearCast (continuous collision), over
//       one static MeshShape; spheres do not collide with each other (object layers), damping
//       off, restitution and friction set on both sides. One jolt.Step(dt, 1) per step.
//   S2  one CharacterVirtual per capsule (centred on its position, as the other engines), moved
//       by ExtendedUpdate with stick-to-floor (snap distance) and walk-stairs (step height), max
//       slope 45°, the rest default; the caller adding gravity: vy += g dt while the last update
//       ended off the ground, vy = 0 while on it (Jolt's stick-to-floor keeps it down). Characters ignore each other (Jolt's default without a
//       CharacterVsCharacterCollision).
// Jolt's JS build fixes its temp allocator at 10 MiB, which holds about 13,400 contact
// constraints (MAX_CONTACTS): with more contacts in a step it drops them silently, and spheres
// fall through. The suite's figures (tunnelled, escaped) show it.
import initJolt from 'jolt-physics/wasm-compat';

export const name = 'Jolt';

let J = null;
/** The module's init (its wasm is inlined); called once. */
export const init = async () => {
  J ??= await initJolt();
  return J;
};

// Jolt reserves its contact constraints in the 10 MiB temp allocator at every step, which its JS
// build does not let the caller size: 4 x 20,001 aborts the step ("TempAllocator: Out of memory",
// 37.8 MB), and so does anything from about 15,500 with 20,000 spheres. 13,400 runs; contacts
// beyond it are dropped silently (Jolt's default is 10,240).
const MAX_CONTACTS = 13400;
const STATIC = 0,
  MOVING = 1;

/** A physics system (and a MeshShape of `mesh`, when given); movers collide with the static layer only. */
function newSystem(mesh, gravity, maxBodies) {
  const settings = new J.JoltSettings();
  settings.mMaxBodies = maxBodies + 1;
  settings.mMaxContactConstraints = MAX_CONTACTS;
  const pairs = new J.ObjectLayerPairFilterTable(2);
  pairs.EnableCollision(STATIC, MOVING);
  const bp = new J.BroadPhaseLayerInterfaceTable(2, 2);
  bp.MapObjectToBroadPhaseLayer(STATIC, new J.BroadPhaseLayer(0));
  bp.MapObjectToBroadPhaseLayer(MOVING, new J.BroadPhaseLayer(1));
  settings.mObjectLayerPairFilter = pairs;
  settings.mBroadPhaseLayerInterface = bp;
  settings.mObjectVsBroadPhaseLayerFilter = new J.ObjectVsBroadPhaseLayerFilterTable(bp, 2, pairs, 2);
  const jolt = new J.JoltInterface(settings);
  J.destroy(settings);
  const system = jolt.GetPhysicsSystem();
  const bodies = system.GetBodyInterface();
  const g = new J.Vec3(0, gravity, 0);
  system.SetGravity(g);
  J.destroy(g);
  return { jolt, system, bodies, shape: mesh ? meshShape(mesh) : null };
}

/** A MeshShape of an indexed triangle mesh. */
function meshShape(mesh) {
  const vertices = new J.VertexList(),
    triangles = new J.IndexedTriangleList();
  const P = mesh.positions,
    I = mesh.indices;
  vertices.reserve(P.length / 3);
  const f = new J.Float3(0, 0, 0);
  for (let k = 0; k < P.length; k += 3) {
    f.x = P[k];
    f.y = P[k + 1];
    f.z = P[k + 2];
    vertices.push_back(f);
  }
  triangles.reserve(I.length / 3);
  const t = new J.IndexedTriangle();
  for (let k = 0; k < I.length; k += 3) {
    t.set_mIdx(0, I[k]);
    t.set_mIdx(1, I[k + 1]);
    t.set_mIdx(2, I[k + 2]);
    triangles.push_back(t);
  }
  const materials = new J.PhysicsMaterialList();
  const shapeSettings = new J.MeshShapeSettings(vertices, triangles, materials);
  const shape = shapeSettings.Create().Get();
  for (const o of [f, t, vertices, triangles, materials, shapeSettings]) J.destroy(o);
  return shape;
}

function addStatic(w, params) {
  const at = new J.RVec3(0, 0, 0),
    q = J.Quat.prototype.sIdentity();
  const cs = new J.BodyCreationSettings(w.shape, at, q, J.EMotionType_Static, STATIC);
  if (params.restitution !== undefined) {
    cs.mRestitution = params.restitution;
    cs.mFriction = params.friction;
  }
  w.bodies.CreateAndAddBody(cs, J.EActivation_DontActivate);
  J.destroy(cs);
  J.destroy(at);
}

export function prepareParticles(mesh, params) {
  return {
    spawn(spawn) {
      const w = newSystem(mesh, params.gravity, spawn.count);
      addStatic(w, params);
      const spheres = [];
      const at = new J.RVec3(0, 0, 0),
        v = new J.Vec3(0, 0, 0),
        q = J.Quat.prototype.sIdentity();
      const p = spawn.positions,
        vel = spawn.velocities;
      for (let k = 0; k < spawn.count; k++) {
        const sphere = new J.SphereShape(spawn.radii[k], null);
        at.Set(p[3 * k], p[3 * k + 1], p[3 * k + 2]);
        const cs = new J.BodyCreationSettings(sphere, at, q, J.EMotionType_Dynamic, MOVING);
        cs.mMotionQuality = J.EMotionQuality_LinearCast;
        cs.mRestitution = params.restitution;
        cs.mFriction = params.friction;
        cs.mLinearDamping = params.damping ?? 0;
        cs.mAngularDamping = 0;
        v.Set(vel[3 * k], vel[3 * k + 1], vel[3 * k + 2]);
        cs.mLinearVelocity = v;
        // Body pointers stay valid; a returned BodyID is a temporary the next call overwrites.
        const body = w.bodies.CreateBody(cs);
        w.bodies.AddBody(body.GetID(), J.EActivation_Activate);
        spheres.push(body);
        J.destroy(cs);
      }
      J.destroy(at);
      J.destroy(v);
      w.system.OptimizeBroadPhase();
      return {
        step(dt) {
          w.jolt.Step(dt, 1);
        },
        readPositions(out) {
          for (let k = 0; k < spheres.length; k++) {
            const r = spheres[k].GetPosition();
            out[3 * k] = r.GetX();
            out[3 * k + 1] = r.GetY();
            out[3 * k + 2] = r.GetZ();
          }
        },
        dispose() {
          J.destroy(w.jolt);
        },
      };
    },
  };
}

/**
 * What every CharacterVirtual of a run shares: its settings (a capsule of `halfHeight` and
 * `radius`, the slope limit, the supporting volume, the padding when given), the extended update's
 * stick-to-floor and stair steps, the moving layer's filters, gravity and a velocity to set.
 */
function characterKit(w, { radius, halfHeight, gravity, stepHeight, snapDistance, maxSlope, padding }) {
  const settings = new J.CharacterVirtualSettings();
  settings.mShape = new J.CapsuleShape(halfHeight, radius, null);
  settings.mMaxSlopeAngle = (maxSlope * Math.PI) / 180;
  if (padding !== undefined) settings.mCharacterPadding = padding;
  // Supporting contacts: those below the centre of the lower sphere, y < -halfHeight (as Jolt's
  // samples, whose shape origin is at the feet).
  const up = new J.Vec3(0, 1, 0);
  settings.mSupportingVolume = new J.Plane(up, halfHeight);
  const update = new J.ExtendedUpdateSettings();
  update.mStickToFloorStepDown = new J.Vec3(0, -snapDistance, 0);
  update.mWalkStairsStepUp = new J.Vec3(0, stepHeight, 0);
  const kit = {
    settings,
    update,
    bpFilter: new J.DefaultBroadPhaseLayerFilter(w.jolt.GetObjectVsBroadPhaseLayerFilter(), MOVING),
    layerFilter: new J.DefaultObjectLayerFilter(w.jolt.GetObjectLayerPairFilter(), MOVING),
    bodyFilter: new J.BodyFilter(),
    shapeFilter: new J.ShapeFilter(),
    g: new J.Vec3(0, gravity, 0),
    velocity: new J.Vec3(0, 0, 0),
    allocator: w.jolt.GetTempAllocator(),
    /** One ExtendedUpdate of `c` over dt with the kit's filters. */
    update_(c, dt) {
      c.ExtendedUpdate(
        dt,
        kit.g,
        update,
        kit.bpFilter,
        kit.layerFilter,
        kit.bodyFilter,
        kit.shapeFilter,
        kit.allocator,
      );
    },
    /** Readback of the characters' positions into out (3 floats each). */
    readPositions(chars, out) {
      chars.forEach((ch, k) => {
        const r = ch.c.GetPosition();
        out[3 * k] = r.GetX();
        out[3 * k + 1] = r.GetY();
        out[3 * k + 2] = r.GetZ();
      });
    },
    /** Destroys the characters, the kit and the world. */
    dispose(chars) {
      for (const ch of chars) J.destroy(ch.c);
      for (const o of [
        update,
        kit.bpFilter,
        kit.layerFilter,
        kit.bodyFilter,
        kit.shapeFilter,
        kit.g,
        kit.velocity,
        up,
        settings,
      ])
        J.destroy(o);
      J.destroy(w.jolt);
    },
  };
  return kit;
}

export function prepareCharacters(mesh, params) {
  const { gravity } = params;
  return {
    spawn(spawn) {
      const w = newSystem(mesh, 0, 1);
      addStatic(w, {});
      w.system.OptimizeBroadPhase();
      const kit = characterKit(w, params);
      const at = new J.RVec3(0, 0, 0),
        q = J.Quat.prototype.sIdentity();
      const chars = [];
      for (let k = 0; k < spawn.count; k++) {
        at.Set(spawn.positions[3 * k], spawn.positions[3 * k + 1], spawn.positions[3 * k + 2]);
        chars.push({
          c: new J.CharacterVirtual(kit.settings, at, q, w.system),
          vy: 0,
          grounded: false,
          walk: spawn.velocities.subarray(3 * k, 3 * k + 3),
        });
      }
      J.destroy(at);
      return {
        step(dt) {
          for (const ch of chars) {
            // On walkable ground no gravity is added: a downward velocity against a 40° floor
            // would be projected onto it and slide the character (stick-to-floor keeps it down).
            ch.vy = ch.grounded ? 0 : ch.vy + gravity * dt;
            kit.velocity.Set(ch.walk[0], ch.vy, ch.walk[2]);
            ch.c.SetLinearVelocity(kit.velocity);
            kit.update_(ch.c, dt);
            ch.grounded = ch.c.GetGroundState() === J.EGroundState_OnGround;
          }
        },
        readPositions: (out) => kit.readPositions(chars, out),
        dispose: () => kit.dispose(chars),
      };
    },
  };
}

/**
 * S5 (a moving world): every object of the scene a MeshShape body — static, or kinematic when it
 * moves, posed each frame with MoveKinematic (a belt's wrap-around with SetPositionAndRotation, a
 * teleport) — then jolt.Step(dt, 1), then one CharacterVirtual per capsule as in S2 (character
 * padding set to the suite's skin width), driven the way Jolt's CharacterVirtual sample drives it
 * on moving ground: UpdateGroundVelocity(), and while on the ground and not moving away from it
 * (its vertical velocity less than 0.1 m/s above the ground's) the velocity is the ground's plus
 * the walk; otherwise gravity accumulates on its vertical velocity. Characters ignore each other.
 */
export function prepareMovingCharacters(scene, params) {
  const { radius, height, skinWidth, gravity } = params;
  const halfHeight = 0.5 * height - radius;
  const names = Object.keys(scene.objects);
  const w = newSystem(null, 0, names.length + scene.chars.length);
  const at = new J.RVec3(0, 0, 0),
    q = new J.Quat(0, 0, 0, 1);
  const setPose = (pose) => {
    at.Set(pose?.position.x ?? 0, pose?.position.y ?? 0, pose?.position.z ?? 0);
    const r = pose?.quaternion ?? { x: 0, y: 0, z: 0, w: 1 };
    q.Set(r.x, r.y, r.z, r.w);
  };
  const bodies = {};
  for (const name of names) {
    const o = scene.objects[name];
    const pose = o.at(0);
    setPose(pose);
    const type = pose ? J.EMotionType_Kinematic : J.EMotionType_Static;
    const cs = new J.BodyCreationSettings(meshShape(o.mesh), at, q, type, STATIC);
    const body = w.bodies.CreateBody(cs);
    w.bodies.AddBody(body.GetID(), pose ? J.EActivation_Activate : J.EActivation_DontActivate);
    bodies[name] = body;
    J.destroy(cs);
  }
  w.system.OptimizeBroadPhase();
  const kit = characterKit(w, { ...params, halfHeight, padding: skinWidth });
  const identity = J.Quat.prototype.sIdentity();
  const chars = scene.chars.map((c) => {
    at.Set(c.x, c.y, c.z);
    return { c: new J.CharacterVirtual(kit.settings, at, identity, w.system), vx: c.vx, vz: c.vz };
  });
  return {
    name,
    /** One frame at time t: `walk` false while settling (gravity only). */
    step(t, dt, walk = true) {
      for (const key of names) {
        const o = scene.objects[key];
        const pose = o.at(t);
        if (!pose) continue;
        setPose(pose);
        const id = bodies[key].GetID();
        if (o.wraps?.(t, dt)) w.bodies.SetPositionAndRotation(id, at, q, J.EActivation_Activate);
        else w.bodies.MoveKinematic(id, at, q, dt);
      }
      w.jolt.Step(dt, 1);
      for (const ch of chars) {
        ch.c.UpdateGroundVelocity();
        const ground = ch.c.GetGroundVelocity();
        const vy = ch.c.GetLinearVelocity().GetY();
        const onGround = ch.c.GetGroundState() === J.EGroundState_OnGround && vy - ground.GetY() < 0.1;
        const gx = onGround ? ground.GetX() : 0,
          gz = onGround ? ground.GetZ() : 0;
        kit.velocity.Set(
          gx + (walk ? ch.vx : 0),
          onGround ? ground.GetY() : vy + gravity * dt,
          gz + (walk ? ch.vz : 0),
        );
        ch.c.SetLinearVelocity(kit.velocity);
        kit.update_(ch.c, dt);
      }
    },
    readPositions: (out) => kit.readPositions(chars, out),
    dispose() {
      for (const o of [at, q]) J.destroy(o);
      kit.dispose(chars);
    },
  };
}
