// Bounding volumes (bounding.hpp): boxes of shapes, exact bounds of rotated and transformed
// boxes, and the bounding spheres of a triangle. Boxes are returned as { min, max }.
import { fail, v3, q4, ext3, nonneg, checkArg } from './check.js';
import { BOUNDING_SPHERE_KINDS, aabb } from './layout.js';
import { f32Input } from './memory.js';

export function boundingFamily(W, heap, o, mem) {
  return {
    triangleBoundingSphere(a, b, c) {
      if (!(v3(a) && v3(b) && v3(c))) fail('triangleBoundingSphere', a, b, c);
      W.triangleBoundingSphere(a.x, a.y, a.z, b.x, b.y, b.z, c.x, c.y, c.z);
      const h = heap.f32();
      return {
        center: { x: h[o], y: h[o + 1], z: h[o + 2] },
        radius: h[o + 3],
        kind: BOUNDING_SPHERE_KINDS[h[o + 4] | 0],
        oppositeVertex: h[o + 5],
      };
    },

    triangleCircumsphere(a, b, c) {
      if (!(v3(a) && v3(b) && v3(c))) fail('triangleCircumsphere', a, b, c);
      W.triangleCircumsphere(a.x, a.y, a.z, b.x, b.y, b.z, c.x, c.y, c.z);
      const h = heap.f32();
      return { center: { x: h[o], y: h[o + 1], z: h[o + 2] }, radius: h[o + 3], exists: h[o + 4] !== 0 };
    },

    aabbOfTriangle(a, b, c) {
      if (!(v3(a) && v3(b) && v3(c))) fail('aabbOfTriangle', a, b, c);
      W.aabbOfTriangle(a.x, a.y, a.z, b.x, b.y, b.z, c.x, c.y, c.z);
      return aabb(heap.f32(), o);
    },

    aabbOfSphere(center, radius) {
      if (!(v3(center) && nonneg(radius))) fail('aabbOfSphere', center, radius);
      W.aabbOfSphere(center.x, center.y, center.z, radius);
      return aabb(heap.f32(), o);
    },

    aabbOfCapsule(start, end, radius) {
      if (!(v3(start) && v3(end) && nonneg(radius))) fail('aabbOfCapsule', start, end, radius);
      W.aabbOfCapsule(start.x, start.y, start.z, end.x, end.y, end.z, radius);
      return aabb(heap.f32(), o);
    },

    aabbOfOBB(center, rotation, halfExtents) {
      if (!(v3(center) && q4(rotation) && ext3(halfExtents))) fail('aabbOfOBB', center, rotation, halfExtents);
      const c = center,
        q = rotation,
        e = halfExtents;
      W.aabbOfOBB(c.x, c.y, c.z, q.x, q.y, q.z, q.w, e.x, e.y, e.z);
      return aabb(heap.f32(), o);
    },

    aabbOfSweptSphere(start, end, radius) {
      if (!(v3(start) && v3(end) && nonneg(radius))) fail('aabbOfSweptSphere', start, end, radius);
      W.aabbOfSweptSphere(start.x, start.y, start.z, end.x, end.y, end.z, radius);
      return aabb(heap.f32(), o);
    },

    aabbRotate(min, max, rotation) {
      if (!(v3(min) && v3(max) && q4(rotation))) fail('aabbRotate', min, max, rotation);
      const q = rotation;
      W.aabbRotate(min.x, min.y, min.z, max.x, max.y, max.z, q.x, q.y, q.z, q.w);
      return aabb(heap.f32(), o);
    },

    aabbTransform(min, max, matrix) {
      if (!(v3(min) && v3(max))) fail('aabbTransform', min, max, matrix);
      checkArg('aabbTransform', 'matrix', 'mat4', matrix);
      const e = 'elements' in matrix ? matrix.elements : matrix;
      W.aabbTransform(
        min.x,
        min.y,
        min.z,
        max.x,
        max.y,
        max.z,
        e[0],
        e[1],
        e[2],
        e[3],
        e[4],
        e[5],
        e[6],
        e[7],
        e[8],
        e[9],
        e[10],
        e[11],
        e[12],
        e[13],
        e[14],
        e[15],
      );
      return aabb(heap.f32(), o);
    },

    aabbFromPoints(points) {
      const p = f32Input(mem, 'aabbFromPoints', 'points', points, 3, 0);
      W.aabbFromPoints(p.ptr, p.count);
      return aabb(heap.f32(), o);
    },
  };
}
