// Segment casts (cast.hpp): a segment from `from` (t = 0) to `to` (t = 1) against a solid
// obstacle. Results: { hit, t, point, normal } with t a fraction in [0, 1]; starting inside
// gives t = 0; a miss gives t = 1 and zeros.
import { fail, v3, q4, ext3, nonneg, upto } from './check.js';
import { castHit, triangleCastHit } from './layout.js';

export function castFamily(W, heap, o) {
  return {
    intersectSegmentPlane(from, to, planeNormal, planePoint) {
      if (!(v3(from) && v3(to) && v3(planeNormal) && v3(planePoint))) {
        fail('intersectSegmentPlane', from, to, planeNormal, planePoint);
      }
      const s = from,
        e = to,
        n = planeNormal,
        q = planePoint;
      W.intersectSegmentPlane(s.x, s.y, s.z, e.x, e.y, e.z, n.x, n.y, n.z, q.x, q.y, q.z);
      return castHit(heap.f32(), o);
    },

    intersectSegmentSphere(from, to, center, radius) {
      if (!(v3(from) && v3(to) && v3(center) && nonneg(radius)))
        fail('intersectSegmentSphere', from, to, center, radius);
      const s = from,
        e = to,
        c = center;
      W.intersectSegmentSphere(s.x, s.y, s.z, e.x, e.y, e.z, c.x, c.y, c.z, radius);
      return castHit(heap.f32(), o);
    },

    intersectSegmentAABB(from, to, min, max) {
      if (!(v3(from) && v3(to) && v3(min) && v3(max))) fail('intersectSegmentAABB', from, to, min, max);
      const s = from,
        e = to;
      W.intersectSegmentAABB(s.x, s.y, s.z, e.x, e.y, e.z, min.x, min.y, min.z, max.x, max.y, max.z);
      return castHit(heap.f32(), o);
    },

    intersectSegmentOBB(from, to, center, rotation, halfExtents) {
      if (!(v3(from) && v3(to) && v3(center) && q4(rotation) && ext3(halfExtents))) {
        fail('intersectSegmentOBB', from, to, center, rotation, halfExtents);
      }
      const s = from,
        e = to,
        c = center,
        q = rotation,
        h = halfExtents;
      W.intersectSegmentOBB(s.x, s.y, s.z, e.x, e.y, e.z, c.x, c.y, c.z, q.x, q.y, q.z, q.w, h.x, h.y, h.z);
      return castHit(heap.f32(), o);
    },

    intersectSegmentTriangle(from, to, a, b, c) {
      if (!(v3(from) && v3(to) && v3(a) && v3(b) && v3(c))) fail('intersectSegmentTriangle', from, to, a, b, c);
      const s = from,
        e = to;
      W.intersectSegmentTriangle(s.x, s.y, s.z, e.x, e.y, e.z, a.x, a.y, a.z, b.x, b.y, b.z, c.x, c.y, c.z);
      return triangleCastHit(heap.f32(), o);
    },

    intersectSegmentCapsule(from, to, start, end, radius) {
      if (!(v3(from) && v3(to) && v3(start) && v3(end) && nonneg(radius))) {
        fail('intersectSegmentCapsule', from, to, start, end, radius);
      }
      const s = from,
        e = to,
        a = start,
        b = end;
      W.intersectSegmentCapsule(s.x, s.y, s.z, e.x, e.y, e.z, a.x, a.y, a.z, b.x, b.y, b.z, radius);
      return castHit(heap.f32(), o);
    },

    intersectRayTriangle(origin, direction, a, b, c, maxDistance = Infinity) {
      if (!(v3(origin) && v3(direction) && v3(a) && v3(b) && v3(c) && upto(maxDistance))) {
        fail('intersectRayTriangle', origin, direction, a, b, c, maxDistance);
      }
      const p = origin,
        d = direction;
      const s = W.intersectRayTriangle(
        p.x,
        p.y,
        p.z,
        d.x,
        d.y,
        d.z,
        a.x,
        a.y,
        a.z,
        b.x,
        b.y,
        b.z,
        c.x,
        c.y,
        c.z,
        maxDistance,
      );
      return s < 0 ? null : s;
    },
  };
}
