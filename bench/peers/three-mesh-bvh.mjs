// three-mesh-bvh 0.9: the approaches of its own examples.
//   S1  example/physics.js: spheres fall, `bvh.shapecast` pushes each out of every triangle closer
//       than its radius (closestPointToPoint), then the velocity is reflected about the push
//       direction, its normal part scaled by the restitution, and the example's drag applied.
//   S2  example/characterMovement.js: the capsule moves by gravity and input, `shapecast` pushes
//       it out (closestPointToSegment), a mostly-upward push means "on the ground".
//   S4  `bvh.raycastFirst(ray, DoubleSide)`.
// One collision pass per 1/60 s step (the examples run 5), as for every engine here.
import { Box3, BufferAttribute, BufferGeometry, DoubleSide, Line3, Ray, Sphere, Vector3 } from 'three';
import { MeshBVH } from 'three-mesh-bvh';

export const name = 'three-mesh-bvh';

function buildBvh(world) {
  const geometry = new BufferGeometry();
  geometry.setAttribute('position', new BufferAttribute(world.positions, 3));
  geometry.setIndex(new BufferAttribute(world.indices, 1));
  return new MeshBVH(geometry);
}

export function prepareParticles(world, params) {
  const bvh = buildBvh(world);
  const keep = params.restitution;
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
      const tempSphere = new Sphere(),
        deltaVec = new Vector3();
      let collided = false;
      const callbacks = {
        intersectsBounds: (box) => box.intersectsSphere(tempSphere),
        intersectsTriangle: (tri) => {
          tri.closestPointToPoint(tempSphere.center, deltaVec);
          deltaVec.sub(tempSphere.center);
          const distance = deltaVec.length();
          if (distance < tempSphere.radius) {
            const depth = distance - tempSphere.radius;
            deltaVec.multiplyScalar(1 / distance);
            tempSphere.center.addScaledVector(deltaVec, depth);
            collided = true;
          }
        },
        boundsTraverseOrder: (box) => box.distanceToPoint(tempSphere.center) - tempSphere.radius,
      };
      return {
        step(dt) {
          for (const sphere of spheres) {
            const c = sphere.collider;
            sphere.velocity.y += params.gravity * dt;
            c.center.addScaledVector(sphere.velocity, dt);
            tempSphere.copy(c);
            collided = false;
            bvh.shapecast(callbacks);
            if (collided) {
              deltaVec.subVectors(tempSphere.center, c.center).normalize();
              sphere.velocity.reflect(deltaVec);
              const dot = sphere.velocity.dot(deltaVec);
              sphere.velocity.addScaledVector(deltaVec, -dot * (1 - keep));
              sphere.velocity.multiplyScalar(Math.max(1.0 - dt, 0));
              c.center.copy(tempSphere.center);
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

export function prepareCharacters(world, params) {
  const bvh = buildBvh(world);
  const { radius, halfHeight, gravity } = params;
  return {
    spawn(spawn) {
      // player.position is the top of the capsule's segment, as in the example (segment start).
      const players = [];
      for (let k = 0; k < spawn.count; k++) {
        const [x, y, z] = spawn.positions.subarray(3 * k, 3 * k + 3);
        players.push({
          position: new Vector3(x, y + halfHeight, z),
          velocity: new Vector3(),
          walk: new Vector3().fromArray(spawn.velocities, 3 * k),
          onGround: false,
        });
      }
      const segment = new Line3(),
        box = new Box3(),
        triPoint = new Vector3(),
        capsulePoint = new Vector3(),
        deltaVector = new Vector3();
      const callbacks = {
        intersectsBounds: (b) => b.intersectsBox(box),
        intersectsTriangle: (tri) => {
          const distance = tri.closestPointToSegment(segment, triPoint, capsulePoint);
          if (distance < radius) {
            const depth = radius - distance;
            const direction = capsulePoint.sub(triPoint).normalize();
            segment.start.addScaledVector(direction, depth);
            segment.end.addScaledVector(direction, depth);
          }
        },
      };
      return {
        step(dt) {
          for (const p of players) {
            if (p.onGround) p.velocity.y = dt * gravity;
            else p.velocity.y += dt * gravity;
            p.position.addScaledVector(p.velocity, dt);
            p.position.addScaledVector(p.walk, dt);
            segment.start.copy(p.position);
            segment.end.copy(p.position).y -= 2 * halfHeight;
            box.makeEmpty();
            box.expandByPoint(segment.start);
            box.expandByPoint(segment.end);
            box.min.addScalar(-radius);
            box.max.addScalar(radius);
            bvh.shapecast(callbacks);
            deltaVector.subVectors(segment.start, p.position);
            p.onGround = deltaVector.y > Math.abs(dt * p.velocity.y * 0.25);
            const offset = Math.max(0.0, deltaVector.length() - 1e-5);
            deltaVector.normalize().multiplyScalar(offset);
            p.position.add(deltaVector);
            if (!p.onGround) {
              deltaVector.normalize();
              p.velocity.addScaledVector(deltaVector, -deltaVector.dot(p.velocity));
            } else {
              p.velocity.set(0, 0, 0);
            }
          }
        },
        readPositions(out) {
          players.forEach((p, k) => {
            out[3 * k] = p.position.x;
            out[3 * k + 1] = p.position.y - halfHeight;
            out[3 * k + 2] = p.position.z;
          });
        },
        dispose() {},
      };
    },
  };
}

/** S4: raycastFirst on both sides of every triangle; out gets (hit, distance) per ray. */
export function prepareRays(mesh) {
  const bvh = buildBvh(mesh);
  const ray = new Ray();
  return {
    cast(rays, count, maxDistance, out) {
      for (let k = 0; k < count; k++) {
        ray.origin.fromArray(rays, 6 * k);
        ray.direction.fromArray(rays, 6 * k + 3);
        const hit = bvh.raycastFirst(ray, DoubleSide, 0, maxDistance);
        out[2 * k] = hit ? 1 : 0;
        out[2 * k + 1] = hit ? hit.distance : maxDistance;
      }
    },
  };
}
