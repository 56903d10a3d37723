// The one place where the labs meet the package. Each lab asks for a query here by its plain
// name; when the package has the query's explain form (`explainIntersectSegmentAABB` beside
// `intersectSegmentAABB`, core/include/shototsu/explain.hpp), the answer comes with the numbers
// that decided it, else it is the plain answer alone. Either way the result is a plain object
// holding the plain answer's fields, plus `explained` (whether the step-by-step numbers are
// there) — so a package that gains an explain form needs no change anywhere else.
//
// The explain forms' results, as the labs read them (the plain fields first):
//   explainIntersectSegmentPlane(from, to, planeNormal, planePoint)
//     { hit, t, point, normal, startDistance, endDistance, approach, lineT,
//       kind: 'crosses' | 'startsOnPlane' | 'inPlane' | 'oneSide' | 'invalid' }
//   explainIntersectSegmentSphere(from, to, center, radius)
//     { hit, t, point, normal, a, b, c, discriminant, lineDistance, hasRoots, tEnter, tExit,
//       kind: 'hit' | 'startsInside' | 'movingAway' | 'missesLine' | 'beyondEnd' | 'point' | 'invalid' }
//   explainIntersectSegmentAABB(from, to, min, max), explainIntersectSegmentOBB(from, to, center, rotation, halfExtents)
//     { hit, t, point, normal, startsInside, tEnter, tExit, enterAxis, exitAxis, blockingAxis,
//       slabs: [{ axis: 'x' | 'y' | 'z', parallel, holds, entry, exit }] }   (axes: 'x' | 'y' | 'z' | null)
//   explainAABBAABB(minA, maxA, minB, maxB)
//     { hit, point, normal, depth, candidates: number[6], separating, chosen }   ('+x' '-x' '+y' '-y' '+z' '-z' | null)
//   explainPushOutAABBAABB(fixedMin, fixedMax, movingMin, movingMax)
//     { push, candidates: number[6], separating, chosen }
//   explainOBBOBB(centerA, rotationA, halfExtentsA, centerB, rotationB, halfExtentsB)
//     { hit, point, normal, depth, separating, least,                         ('A0' … 'B2', 'A0xB0' … 'A2xB2' | null)
//       axes: [{ name, axis, skipped, radiusA, radiusB, distance, overlap }] }  (15, in that order)
//   explainConvexPolygonContainsPoint(vertices, p)   { inside, edgeSigns: number[], collinear }
//   explainSweepSphereSphere(p0, p1, rp, q0, q1, rq)
//     { hit, t, point, contact, normal, relativeStart, relativeMotion, radiusSum, a, b, c,
//       discriminant, hasRoots, tEnter, tExit, start: 'free' | 'touching' | 'overlapping' | 'invalid',
//       listingHit, listingDividesByZero }
//   explainPairsSweepAndPrune(boxes)   { pairs, order, xOverlaps (Uint32Array pairs, as pairs), allPairsTests }

/** Each plain query the labs use, and its explain form (null: the plain answer says it all). */
export const EXPLAIN_FORMS = {
  intersectSegmentPlane: 'explainIntersectSegmentPlane',
  intersectSegmentSphere: 'explainIntersectSegmentSphere',
  intersectSegmentAABB: 'explainIntersectSegmentAABB',
  intersectSegmentOBB: 'explainIntersectSegmentOBB',
  aabbAABB: 'explainAABBAABB',
  pushOutAABBAABB: 'explainPushOutAABBAABB',
  obbOBB: 'explainOBBOBB',
  convexPolygonContainsPoint: 'explainConvexPolygonContainsPoint',
  sweepSphereSphere: 'explainSweepSphereSphere',
  pairsSweepAndPrune: 'explainPairsSweepAndPrune',
};

/** The names of the six candidate moves of two boxes, in the core's order. */
export const BOX_MOVES = ['+x', '-x', '+y', '-y', '+z', '-z'];

/**
 * @param {object} shototsu the package's API (from init())
 * @returns the package's functions, with the queries above answered by their explain form when
 *   the package has it (`explained: true`) or by the plain query (`explained: false`).
 */
export function labQueries(shototsu) {
  const hasExplain = (name) => typeof shototsu[EXPLAIN_FORMS[name]] === 'function';
  /** The explain form's answer, or the plain one shaped by `plain` into the same fields. */
  const answer =
    (name, plain = (result) => result) =>
    (...args) =>
      hasExplain(name)
        ? { ...shototsu[EXPLAIN_FORMS[name]](...args), explained: true }
        : { ...plain(shototsu[name](...args)), explained: false };
  return {
    package: shototsu,
    /** Whether the package answers `name` with its step-by-step numbers. */
    explained: hasExplain,
    intersectSegmentPlane: answer('intersectSegmentPlane'),
    intersectSegmentSphere: answer('intersectSegmentSphere'),
    intersectSegmentAABB: answer('intersectSegmentAABB'),
    intersectSegmentOBB: answer('intersectSegmentOBB'),
    aabbAABB: answer('aabbAABB'),
    pushOutAABBAABB: answer('pushOutAABBAABB', (push) => ({ push })),
    obbOBB: answer('obbOBB'),
    convexPolygonContainsPoint: answer('convexPolygonContainsPoint', (inside) => ({ inside })),
    sweepSphereSphere: answer('sweepSphereSphere'),
    pairsSweepAndPrune: answer('pairsSweepAndPrune', (pairs) => ({ pairs })),
  };
}
