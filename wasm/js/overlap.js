// Containment and overlap tests with their contacts (overlap.hpp, aabb_overlaps_aabb).
// Shapes are passed flat: a sphere as (center, radius), a box as (min, max), a capsule as
// (start, end, radius), an oriented box as (center, rotation, halfExtents), a triangle as (a, b, c).
import { fail, v3, v2, q4, ext3, nonneg, checkArg } from './check.js';
import { contact, vec } from './layout.js';

export function overlapFamily(W, heap, o, mem) {
  return {
    sphereContainsPoint(center, radius, p) {
      if (!(v3(center) && nonneg(radius) && v3(p))) fail('sphereContainsPoint', center, radius, p);
      return W.sphereContainsPoint(center.x, center.y, center.z, radius, p.x, p.y, p.z) !== 0;
    },

    aabbContainsPoint(min, max, p) {
      if (!(v3(min) && v3(max) && v3(p))) fail('aabbContainsPoint', min, max, p);
      return W.aabbContainsPoint(min.x, min.y, min.z, max.x, max.y, max.z, p.x, p.y, p.z) !== 0;
    },

    capsuleContainsPoint(start, end, radius, p) {
      if (!(v3(start) && v3(end) && nonneg(radius) && v3(p))) fail('capsuleContainsPoint', start, end, radius, p);
      return W.capsuleContainsPoint(start.x, start.y, start.z, end.x, end.y, end.z, radius, p.x, p.y, p.z) !== 0;
    },

    obbContainsPoint(center, rotation, halfExtents, p) {
      if (!(v3(center) && q4(rotation) && ext3(halfExtents) && v3(p))) {
        fail('obbContainsPoint', center, rotation, halfExtents, p);
      }
      const c = center,
        q = rotation,
        e = halfExtents;
      return W.obbContainsPoint(c.x, c.y, c.z, q.x, q.y, q.z, q.w, e.x, e.y, e.z, p.x, p.y, p.z) !== 0;
    },

    convexPolygonContainsPoint(vertices, p) {
      checkArg('convexPolygonContainsPoint', 'vertices', 'polygon', vertices);
      if (!v2(p)) fail('convexPolygonContainsPoint', vertices, p);
      const n = vertices instanceof Float32Array ? vertices.length / 2 : vertices.length;
      const at = mem.scratch(0, 2 * n); // float index; may grow memory, so HEAPF32 is read after
      const h = heap.f32();
      if (vertices instanceof Float32Array) h.set(vertices, at);
      else for (let i = 0; i < n; i++) (h[at + 2 * i] = vertices[i].x), (h[at + 2 * i + 1] = vertices[i].y);
      return W.convexPolygonContainsPoint(at * 4, n, p.x, p.y) !== 0;
    },

    sphereSphere(centerA, radiusA, centerB, radiusB) {
      if (!(v3(centerA) && nonneg(radiusA) && v3(centerB) && nonneg(radiusB))) {
        fail('sphereSphere', centerA, radiusA, centerB, radiusB);
      }
      const a = centerA,
        b = centerB;
      W.sphereSphere(a.x, a.y, a.z, radiusA, b.x, b.y, b.z, radiusB);
      return contact(heap.f32(), o);
    },

    aabbAABB(minA, maxA, minB, maxB) {
      if (!(v3(minA) && v3(maxA) && v3(minB) && v3(maxB))) fail('aabbAABB', minA, maxA, minB, maxB);
      W.aabbAABB(minA.x, minA.y, minA.z, maxA.x, maxA.y, maxA.z, minB.x, minB.y, minB.z, maxB.x, maxB.y, maxB.z);
      return contact(heap.f32(), o);
    },

    aabbSphere(min, max, center, radius) {
      if (!(v3(min) && v3(max) && v3(center) && nonneg(radius))) fail('aabbSphere', min, max, center, radius);
      W.aabbSphere(min.x, min.y, min.z, max.x, max.y, max.z, center.x, center.y, center.z, radius);
      return contact(heap.f32(), o);
    },

    capsuleCapsule(startA, endA, radiusA, startB, endB, radiusB) {
      if (!(v3(startA) && v3(endA) && nonneg(radiusA) && v3(startB) && v3(endB) && nonneg(radiusB))) {
        fail('capsuleCapsule', startA, endA, radiusA, startB, endB, radiusB);
      }
      const a = startA,
        b = endA,
        c = startB,
        d = endB;
      W.capsuleCapsule(a.x, a.y, a.z, b.x, b.y, b.z, radiusA, c.x, c.y, c.z, d.x, d.y, d.z, radiusB);
      return contact(heap.f32(), o);
    },

    capsuleSphere(start, end, radius, center, sphereRadius) {
      if (!(v3(start) && v3(end) && nonneg(radius) && v3(center) && nonneg(sphereRadius))) {
        fail('capsuleSphere', start, end, radius, center, sphereRadius);
      }
      const a = start,
        b = end,
        c = center;
      W.capsuleSphere(a.x, a.y, a.z, b.x, b.y, b.z, radius, c.x, c.y, c.z, sphereRadius);
      return contact(heap.f32(), o);
    },

    obbOBB(centerA, rotationA, halfExtentsA, centerB, rotationB, halfExtentsB) {
      if (!(v3(centerA) && q4(rotationA) && ext3(halfExtentsA) && v3(centerB) && q4(rotationB) && ext3(halfExtentsB))) {
        fail('obbOBB', centerA, rotationA, halfExtentsA, centerB, rotationB, halfExtentsB);
      }
      const c = centerA,
        q = rotationA,
        e = halfExtentsA,
        d = centerB,
        r = rotationB,
        f = halfExtentsB;
      W.obbOBB(c.x, c.y, c.z, q.x, q.y, q.z, q.w, e.x, e.y, e.z, d.x, d.y, d.z, r.x, r.y, r.z, r.w, f.x, f.y, f.z);
      return contact(heap.f32(), o);
    },

    obbSphere(center, rotation, halfExtents, sphereCenter, radius) {
      if (!(v3(center) && q4(rotation) && ext3(halfExtents) && v3(sphereCenter) && nonneg(radius))) {
        fail('obbSphere', center, rotation, halfExtents, sphereCenter, radius);
      }
      const c = center,
        q = rotation,
        e = halfExtents,
        s = sphereCenter;
      W.obbSphere(c.x, c.y, c.z, q.x, q.y, q.z, q.w, e.x, e.y, e.z, s.x, s.y, s.z, radius);
      return contact(heap.f32(), o);
    },

    triangleSphere(a, b, c, center, radius) {
      if (!(v3(a) && v3(b) && v3(c) && v3(center) && nonneg(radius))) fail('triangleSphere', a, b, c, center, radius);
      W.triangleSphere(a.x, a.y, a.z, b.x, b.y, b.z, c.x, c.y, c.z, center.x, center.y, center.z, radius);
      return contact(heap.f32(), o);
    },

    triangleCapsule(a, b, c, start, end, radius) {
      if (!(v3(a) && v3(b) && v3(c) && v3(start) && v3(end) && nonneg(radius))) {
        fail('triangleCapsule', a, b, c, start, end, radius);
      }
      const s = start,
        e = end;
      W.triangleCapsule(a.x, a.y, a.z, b.x, b.y, b.z, c.x, c.y, c.z, s.x, s.y, s.z, e.x, e.y, e.z, radius);
      return contact(heap.f32(), o);
    },

    pushOutAABBAABB(fixedMin, fixedMax, movingMin, movingMax) {
      if (!(v3(fixedMin) && v3(fixedMax) && v3(movingMin) && v3(movingMax))) {
        fail('pushOutAABBAABB', fixedMin, fixedMax, movingMin, movingMax);
      }
      const a = fixedMin,
        b = fixedMax,
        c = movingMin,
        d = movingMax;
      W.pushOutAABBAABB(a.x, a.y, a.z, b.x, b.y, b.z, c.x, c.y, c.z, d.x, d.y, d.z);
      return vec(heap.f32(), o);
    },

    aabbOverlapsAABB(minA, maxA, minB, maxB) {
      if (!(v3(minA) && v3(maxA) && v3(minB) && v3(maxB))) fail('aabbOverlapsAABB', minA, maxA, minB, maxB);
      return (
        W.aabbOverlapsAABB(
          minA.x,
          minA.y,
          minA.z,
          maxA.x,
          maxA.y,
          maxA.z,
          minB.x,
          minB.y,
          minB.z,
          maxB.x,
          maxB.y,
          maxB.z,
        ) !== 0
      );
    },
  };
}
