// Closest points (closest_point.hpp) and reflect. Each method: fast argument check, one wasm
// call with scalars, the result read back from the output area (layout.js).
import { fail, v3, q4, ext3 } from './check.js';
import { REGIONS, vec } from './layout.js';

/** The condition each region test of closestPointOnTriangle checks (closest_point.hpp). */
export const REGION_CONDITIONS = Object.freeze({
  A: 'd1 <= 0 && d2 <= 0',
  B: 'd3 >= 0 && d4 <= d3',
  AB: 'vc <= 0 && d1 >= 0 && d3 <= 0',
  C: 'd6 >= 0 && d5 <= d6',
  CA: 'vb <= 0 && d2 >= 0 && d6 <= 0',
  BC: 'va <= 0 && d4 - d3 >= 0 && d5 - d6 >= 0',
  face: 'none of the above',
});

export function closestFamily(W, heap, o) {
  return {
    closestPointOnTriangle(p, a, b, c) {
      if (!(v3(p) && v3(a) && v3(b) && v3(c))) fail('closestPointOnTriangle', p, a, b, c);
      W.closestPointOnTriangle(p.x, p.y, p.z, a.x, a.y, a.z, b.x, b.y, b.z, c.x, c.y, c.z);
      const h = heap.f32();
      return {
        point: { x: h[o], y: h[o + 1], z: h[o + 2] },
        region: REGIONS[h[o + 6] | 0],
        barycentric: { x: h[o + 3], y: h[o + 4], z: h[o + 5] },
        degenerate: h[o + 7] !== 0,
      };
    },

    explainClosestPointOnTriangle(p, a, b, c) {
      if (!(v3(p) && v3(a) && v3(b) && v3(c))) fail('explainClosestPointOnTriangle', p, a, b, c);
      W.explainClosestPointOnTriangle(p.x, p.y, p.z, a.x, a.y, a.z, b.x, b.y, b.z, c.x, c.y, c.z);
      const h = heap.f32();
      const tests = [];
      for (let i = 0; i < h[o + 17]; ++i) {
        const region = REGIONS[h[o + 18 + 2 * i] | 0];
        tests.push({ region, condition: REGION_CONDITIONS[region], passed: h[o + 19 + 2 * i] !== 0 });
      }
      return {
        point: vec(h, o),
        region: REGIONS[h[o + 6] | 0],
        barycentric: vec(h, o + 3),
        degenerate: h[o + 7] !== 0,
        dots: { d1: h[o + 8], d2: h[o + 9], d3: h[o + 10], d4: h[o + 11], d5: h[o + 12], d6: h[o + 13] },
        lagrange: { va: h[o + 14], vb: h[o + 15], vc: h[o + 16] },
        tests,
      };
    },

    closestPointOnSegment(p, start, end) {
      if (!(v3(p) && v3(start) && v3(end))) fail('closestPointOnSegment', p, start, end);
      W.closestPointOnSegment(p.x, p.y, p.z, start.x, start.y, start.z, end.x, end.y, end.z);
      const h = heap.f32();
      return { point: { x: h[o], y: h[o + 1], z: h[o + 2] }, t: h[o + 3] };
    },

    distanceSqPointSegment(p, start, end) {
      if (!(v3(p) && v3(start) && v3(end))) fail('distanceSqPointSegment', p, start, end);
      return W.distanceSqPointSegment(p.x, p.y, p.z, start.x, start.y, start.z, end.x, end.y, end.z);
    },

    closestPointsSegmentSegment(start1, end1, start2, end2) {
      if (!(v3(start1) && v3(end1) && v3(start2) && v3(end2))) {
        fail('closestPointsSegmentSegment', start1, end1, start2, end2);
      }
      W.closestPointsSegmentSegment(
        start1.x,
        start1.y,
        start1.z,
        end1.x,
        end1.y,
        end1.z,
        start2.x,
        start2.y,
        start2.z,
        end2.x,
        end2.y,
        end2.z,
      );
      const h = heap.f32();
      return { point1: vec(h, o), point2: vec(h, o + 3), t1: h[o + 6], t2: h[o + 7], distanceSq: h[o + 8] };
    },

    closestPointOnAABB(p, min, max) {
      if (!(v3(p) && v3(min) && v3(max))) fail('closestPointOnAABB', p, min, max);
      W.closestPointOnAABB(p.x, p.y, p.z, min.x, min.y, min.z, max.x, max.y, max.z);
      return vec(heap.f32(), o);
    },

    distanceSqPointAABB(p, min, max) {
      if (!(v3(p) && v3(min) && v3(max))) fail('distanceSqPointAABB', p, min, max);
      return W.distanceSqPointAABB(p.x, p.y, p.z, min.x, min.y, min.z, max.x, max.y, max.z);
    },

    closestPointOnOBB(p, center, rotation, halfExtents) {
      if (!(v3(p) && v3(center) && q4(rotation) && ext3(halfExtents))) {
        fail('closestPointOnOBB', p, center, rotation, halfExtents);
      }
      const c = center,
        q = rotation,
        e = halfExtents;
      W.closestPointOnOBB(p.x, p.y, p.z, c.x, c.y, c.z, q.x, q.y, q.z, q.w, e.x, e.y, e.z);
      return vec(heap.f32(), o);
    },

    closestPointOnPlane(p, planeNormal, planePoint) {
      if (!(v3(p) && v3(planeNormal) && v3(planePoint))) fail('closestPointOnPlane', p, planeNormal, planePoint);
      const n = planeNormal,
        q = planePoint;
      W.closestPointOnPlane(p.x, p.y, p.z, n.x, n.y, n.z, q.x, q.y, q.z);
      return vec(heap.f32(), o);
    },

    reflect(v, normal) {
      if (!(v3(v) && v3(normal))) fail('reflect', v, normal);
      W.reflect(v.x, v.y, v.z, normal.x, normal.y, normal.z);
      return vec(heap.f32(), o);
    },
  };
}
