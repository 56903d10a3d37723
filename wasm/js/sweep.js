// Sweeps (sweep.hpp) and floors (floor.hpp): the first time of impact of a moving sphere or
// capsule, t a fraction of the motion in [0, 1]; `point` is the moving shape's centre at t.
import { fail, v3, num, nonneg } from './check.js';
import { SWEEP_FEATURES, SWEEP_PLANE_CASES, sweepHit } from './layout.js';

export function sweepFamily(W, heap, o) {
  return {
    sweepSpherePlane(radius, from, to, planeNormal, planePoint) {
      if (!(nonneg(radius) && v3(from) && v3(to) && v3(planeNormal) && v3(planePoint))) {
        fail('sweepSpherePlane', radius, from, to, planeNormal, planePoint);
      }
      const s = from,
        e = to,
        n = planeNormal,
        q = planePoint;
      W.sweepSpherePlane(radius, s.x, s.y, s.z, e.x, e.y, e.z, n.x, n.y, n.z, q.x, q.y, q.z);
      const h = heap.f32();
      return {
        hit: h[o] !== 0,
        t: h[o + 1],
        point: { x: h[o + 2], y: h[o + 3], z: h[o + 4] },
        normal: { x: h[o + 5], y: h[o + 6], z: h[o + 7] },
        kind: SWEEP_PLANE_CASES[h[o + 8] | 0],
        contactTime: h[o + 10] !== 0 ? h[o + 9] : null,
        startDistance: h[o + 11],
      };
    },

    sweepSphereTriangle(radius, from, to, a, b, c) {
      if (!(nonneg(radius) && v3(from) && v3(to) && v3(a) && v3(b) && v3(c))) {
        fail('sweepSphereTriangle', radius, from, to, a, b, c);
      }
      const s = from,
        e = to;
      W.sweepSphereTriangle(radius, s.x, s.y, s.z, e.x, e.y, e.z, a.x, a.y, a.z, b.x, b.y, b.z, c.x, c.y, c.z);
      const h = heap.f32();
      return {
        hit: h[o] !== 0,
        t: h[o + 1],
        point: { x: h[o + 2], y: h[o + 3], z: h[o + 4] },
        contact: { x: h[o + 5], y: h[o + 6], z: h[o + 7] },
        normal: { x: h[o + 8], y: h[o + 9], z: h[o + 10] },
        feature: SWEEP_FEATURES[h[o + 11] | 0],
      };
    },

    sweepSphereSphere(p0, p1, rp, q0, q1, rq) {
      if (!(v3(p0) && v3(p1) && nonneg(rp) && v3(q0) && v3(q1) && nonneg(rq))) {
        fail('sweepSphereSphere', p0, p1, rp, q0, q1, rq);
      }
      W.sweepSphereSphere(p0.x, p0.y, p0.z, p1.x, p1.y, p1.z, rp, q0.x, q0.y, q0.z, q1.x, q1.y, q1.z, rq);
      return sweepHit(heap.f32(), o);
    },

    sweepCapsuleTriangle(start, end, radius, motion, a, b, c) {
      if (!(v3(start) && v3(end) && nonneg(radius) && v3(motion) && v3(a) && v3(b) && v3(c))) {
        fail('sweepCapsuleTriangle', start, end, radius, motion, a, b, c);
      }
      const s = start,
        e = end,
        m = motion;
      W.sweepCapsuleTriangle(
        s.x,
        s.y,
        s.z,
        e.x,
        e.y,
        e.z,
        radius,
        m.x,
        m.y,
        m.z,
        a.x,
        a.y,
        a.z,
        b.x,
        b.y,
        b.z,
        c.x,
        c.y,
        c.z,
      );
      return sweepHit(heap.f32(), o);
    },

    floorHeight(a, b, c, x, z) {
      if (!(v3(a) && v3(b) && v3(c) && num(x) && num(z))) fail('floorHeight', a, b, c, x, z);
      const y = W.floorHeight(a.x, a.y, a.z, b.x, b.y, b.z, c.x, c.y, c.z, x, z);
      return Number.isNaN(y) ? null : y; // NaN: (x, z) is outside the triangle seen from above
    },

    floorHeightByArea(a, b, c, x, z) {
      if (!(v3(a) && v3(b) && v3(c) && num(x) && num(z))) fail('floorHeightByArea', a, b, c, x, z);
      const y = W.floorHeightByArea(a.x, a.y, a.z, b.x, b.y, b.z, c.x, c.y, c.z, x, z);
      return Number.isNaN(y) ? null : y;
    },
  };
}
