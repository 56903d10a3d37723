// three.js: its Octree and Capsule (examples/jsm/math) used the way examples/games_fps uses them,
// and its Triangle for S3.
// S1/S2, as in games_fps:
// spheres move, then `octree.sphereIntersect` pushes them out and their velocity loses the normal
// component times (1 + restitution); the player capsule moves by its velocity, then
// `octree.capsuleIntersect` pushes it out, and a push with an upward normal means "on the floor".
// One collision pass per 1/60 s step, like every other engine here (games_fps itself runs 5).
// Scene parameters (gravity, restitution) are the scene's; games_fps's air damping is left out
// because no other engine has it.
import { BufferAttribute, BufferGeometry, Mesh, Sphere, Triangle, Vector3 } from 'three';
import { Octree } from 'three/examples/jsm/math/Octree.js';
import { Capsule } from 'three/examples/jsm/math/Capsule.js';

export const name = 'three.js Octree';

function buildOctree(world) {
  const geometry = new BufferGeometry();
  geometry.setAttribute('position', new BufferAttribute(world.positions, 3));
  geometry.setIndex(new BufferAttribute(world.indices, 1));
  const octree = new Octree().fromGraphNode(new Mesh(geometry));
  geometry.dispose();
  return octree;
}

/** S1: games_fps's updateSpheres, particle–particle collisions off. */
export function prepareParticles(world, params) {
  const octree = buildOctree(world);
  const bounce = 1 + params.restitution;
  return {
    spawn(spawn) {
      const spheres = [];
      for (let k = 0; k < spawn.count; k++) {
        const p = spawn.positions,
          v = spawn.velocities;
        spheres.push({
          collider: new Sphere(new Vector3(p[3 * k], p[3 * k + 1], p[3 * k + 2]), spawn.radii[k]),
          velocity: new Vector3(v[3 * k], v[3 * k + 1], v[3 * k + 2]),
        });
      }
      return {
        step(dt) {
          for (const sphere of spheres) {
            sphere.collider.center.addScaledVector(sphere.velocity, dt);
            const result = octree.sphereIntersect(sphere.collider);
            if (result) {
              sphere.velocity.addScaledVector(result.normal, -result.normal.dot(sphere.velocity) * bounce);
              sphere.collider.center.add(result.normal.multiplyScalar(result.depth));
            } else {
              sphere.velocity.y += params.gravity * dt;
            }
          }
        },
        readPositions(out) {
          spheres.forEach((s, k) => s.collider.center.toArray(out, 3 * k));
        },
        dispose() {},
      };
    },
  };
}

/** S2: games_fps's updatePlayer + playerCollisions, the walk velocity imposed on x and z. */
export function prepareCharacters(world, params) {
  const octree = buildOctree(world);
  const { radius, halfHeight, gravity } = params;
  return {
    spawn(spawn) {
      const players = [];
      for (let k = 0; k < spawn.count; k++) {
        const [x, y, z] = spawn.positions.subarray(3 * k, 3 * k + 3);
        players.push({
          collider: new Capsule(new Vector3(x, y - halfHeight, z), new Vector3(x, y + halfHeight, z), radius),
          velocity: new Vector3(),
          walk: new Vector3().fromArray(spawn.velocities, 3 * k),
          onFloor: false,
        });
      }
      const delta = new Vector3(),
        center = new Vector3();
      return {
        step(dt) {
          for (const p of players) {
            let damping = Math.exp(-4 * dt) - 1;
            if (!p.onFloor) {
              p.velocity.y += gravity * dt;
              damping *= 0.1;
            }
            p.velocity.y += p.velocity.y * damping;
            p.velocity.x = p.walk.x;
            p.velocity.z = p.walk.z;
            p.collider.translate(delta.copy(p.velocity).multiplyScalar(dt));
            const result = octree.capsuleIntersect(p.collider);
            p.onFloor = false;
            if (result) {
              p.onFloor = result.normal.y > 0;
              if (!p.onFloor) p.velocity.addScaledVector(result.normal, -result.normal.dot(p.velocity));
              if (result.depth >= 1e-10) p.collider.translate(result.normal.multiplyScalar(result.depth));
            }
          }
        },
        readPositions(out) {
          players.forEach((p, k) => p.collider.getCenter(center).toArray(out, 3 * k));
        },
        dispose() {},
      };
    },
  };
}

/** S3: Triangle.closestPointToPoint; out gets the closest point (3 floats) per query. */
export function closestPoints(q, count, out) {
  const tri = new Triangle(),
    p = new Vector3(),
    target = new Vector3();
  const T = q.triangles,
    P = q.points;
  for (let k = 0; k < count; k++) {
    tri.a.fromArray(T, 9 * k);
    tri.b.fromArray(T, 9 * k + 3);
    tri.c.fromArray(T, 9 * k + 6);
    tri.closestPointToPoint(p.fromArray(P, 3 * k), target).toArray(out, 3 * k);
  }
}

/** S3: the Octree's triangleSphereIntersect (games_fps's sphere test); out gets (hit, depth). */
export function triangleSpheres(q, count, out) {
  const octree = new Octree();
  const tri = new Triangle(),
    sphere = new Sphere();
  const T = q.triangles,
    S = q.spheres;
  for (let k = 0; k < count; k++) {
    tri.a.fromArray(T, 9 * k);
    tri.b.fromArray(T, 9 * k + 3);
    tri.c.fromArray(T, 9 * k + 6);
    sphere.center.fromArray(S, 4 * k);
    sphere.radius = S[4 * k + 3];
    const hit = octree.triangleSphereIntersect(sphere, tri);
    out[2 * k] = hit ? 1 : 0;
    out[2 * k + 1] = hit ? hit.depth : 0;
  }
}
