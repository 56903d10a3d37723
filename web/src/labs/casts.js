// Segment casts: a segment from `from` (t = 0) to `to` (t = 1) against a plane, a sphere, a
// triangle and a capsule — where it first meets the shape, as a fraction t of the segment, with
// the point and the normal there. (The boxes' slab tests are in slabs.js.)
import { Arrow, Marker, Polyline, Rod, v3 } from '../three/overlay.js';
import {
  account,
  COLORS,
  CapsuleShape,
  PlaneShape,
  TriangleShape,
  handleMesh,
  at,
  decision,
  formula,
  ground,
  length,
  para,
  pick,
  point,
  row,
  small,
  waiting,
} from './kit.js';
import { GhostSphere } from '../three/overlay.js';
import { num, vec } from '../app/format.js';

export const FAMILY = 'Segment casts';
const CAST_FIELDS = ['hit', 't', 'point', 'normal'];

/**
 * The moving part every cast lab shares: the segment with its two handles and labels, the hit
 * point, the normal there and a "t = …" tag. Returns { draw(result, values) }.
 */
export function segmentParts(lab) {
  const parts = lab.add({
    path: new Rod(COLORS.segment, 0.014),
    hit: new Marker(COLORS.hit, 0.07),
    normal: new Arrow(COLORS.normal),
  });
  lab.handle('from', { color: '#ced4da' });
  lab.handle('to', { color: '#868e96' });
  const labels = {
    from: lab.label('t = 0', 'point'),
    to: lab.label('t = 1', 'point'),
    hit: lab.label('', 'value'),
  };
  return {
    draw(result, values) {
      const from = v3(values.get('from')),
        to = v3(values.get('to'));
      parts.path.set(from, to);
      labels.from.set(from.clone().add(v3({ x: 0, y: 0.22, z: 0 })));
      labels.to.set(to.clone().add(v3({ x: 0, y: 0.22, z: 0 })));
      for (const x of [parts.hit, parts.normal, labels.hit]) x.object.visible = result.hit;
      if (!result.hit) return;
      parts.hit.set(v3(result.point));
      parts.normal.set(v3(result.point), result.normal, 0.7);
      labels.hit.set(v3(result.point).add(v3({ x: 0.15, y: -0.2, z: 0 })), `t = ${num(result.t)}`);
    },
  };
}

/** The sentence every cast's answer ends with. */
export function castDecision(result, what) {
  return result.hit
    ? decision(
        true,
        result.t === 0
          ? `The start is inside or on ${what}: t = 0, and the normal is the shortest way out.`
          : `The segment first meets ${what} at t = ${num(result.t)}, the point ${vec(result.point)}.`,
      )
    : decision(false, `The segment never meets ${what}: a miss (t = 1, every other field zero).`);
}

export const castStatus = (result, what) => (result.hit ? `hits ${what} at t = ${num(result.t)}` : `misses ${what}`);

const T_MEANING = small(
  'P(t) = from + t (to − from): t is the fraction of the segment, 0 at its start, 1 at its end — never a distance.',
);

// ---- segment vs plane ---------------------------------------------------------------------------

export const segmentPlane = {
  id: 'segment-plane',
  title: 'Segment vs plane',
  family: FAMILY,
  summary: 'The signed distances of the ends give t.',
  intro:
    'Drag the segment’s ends, the plane’s point and the tip of its normal. The plane is two-sided; t comes from the signed distances of the two ends.',
  view: { camera: [4, 3.5, 6], target: [0, 0, 0], fit: 3.4 },
  params: {
    from: point(-1.6, 1.8, 0.6, 'Start'),
    to: point(1.2, -1.4, -0.4, 'End'),
    at: point(0, 0, 0, 'Plane point'),
    n: point(0.2, 1, 0.1, 'Plane normal'),
  },
  functions: [
    {
      name: 'intersectSegmentPlane',
      js: 'intersectSegmentPlane(from, to, planeNormal, planePoint)',
      cpp: 'intersect_segment_plane',
      explain: 'explainIntersectSegmentPlane',
    },
    {
      name: 'closestPointOnPlane',
      js: 'closestPointOnPlane(p, planeNormal, planePoint)',
      cpp: 'closest_point_on_plane',
    },
  ],
  build(lab) {
    const plane = lab.add({ shape: new PlaneShape('#74c0fc', 5), toStart: new Polyline('#ced4da', { dashed: true }) });
    const toEnd = lab.add({ line: new Polyline('#868e96', { dashed: true }) }).line;
    lab.group.add(ground(-2));
    lab.handle('at', { color: '#74c0fc', radius: 0.1 });
    const tip = handleMesh('#a5d8ff', 0.08);
    lab.group.add(tip);
    // The normal's tip is at + n: dragging it sets n (any length; the package normalises it).
    lab.drag({
      name: 'n',
      object: tip,
      position: () => v3(lab.state.get('at')).add(v3(lab.state.get('n'))),
      move: (p) => lab.state.set('n', v3(p).sub(v3(lab.state.get('at')))),
    });
    const normalArrow = lab.add({ arrow: new Arrow('#74c0fc', { radius: 0.018 }) }).arrow;
    const segment = segmentParts(lab);
    return {
      compute(values) {
        const { from, to, n, at: p } = values.values;
        return {
          ...lab.queries.intersectSegmentPlane(from, to, n, p),
          feet: [lab.shototsu.closestPointOnPlane(from, n, p), lab.shototsu.closestPointOnPlane(to, n, p)],
        };
      },
      draw(result, values) {
        const { from, to, n, at: p } = values.values;
        plane.shape.set(p, n);
        normalArrow.set(v3(p), n, v3(n).length());
        tip.position.copy(v3(p).add(v3(n)));
        plane.toStart.set([v3(from), v3(result.feet[0])]);
        toEnd.set([v3(to), v3(result.feet[1])]);
        segment.draw(result, values);
      },
      status: (result) => castStatus(result, 'the plane'),
      answer: (result) => pick(result, CAST_FIELDS),
      panel(result) {
        const steps = [
          para(
            'The plane is every X with n · X = d. Along the segment, the signed distance n · P(t) − d is linear in t: it is 0 where the segment crosses.',
          ),
          T_MEANING,
        ];
        if (result.explained) {
          steps.push(
            row('start distance s₀', result.startDistance, 'startDistance'),
            row('end distance s₁', result.endDistance, 'endDistance'),
            row('n · (to − from)', result.approach, 'approach'),
            formula(
              `t = s₀ / (s₀ − s₁) = ${num(result.startDistance)} / (${num(result.startDistance)} − ${num(result.endDistance)}) = ${result.approach === 0 ? 'none (parallel)' : num(result.lineT)}`,
            ),
            para(
              {
                crosses: 'The ends are on opposite sides (or the end is on the plane): the crossing is on the segment.',
                startsOnPlane: 'The start is on the plane (within the rounding of its distance): t = 0.',
                inPlane: 'Both ends are on the plane: the segment lies in it, t = 0.',
                oneSide:
                  result.approach === 0
                    ? 'The segment is parallel to the plane and off it: no crossing. (The chapter’s formula divides by n · (to − from) = 0 here.)'
                    : `Both ends are on one side: the line crosses at t = ${num(result.lineT)}, outside [0, 1].`,
                invalid: 'The plane’s normal is zero: no plane.',
              }[result.kind],
            ),
          );
        } else steps.push(waiting('explainIntersectSegmentPlane'));
        steps.push(castDecision(result, 'the plane'));
        return account(`Where it crosses — ${castStatus(result, 'the plane')}`, steps, result, CAST_FIELDS);
      },
    };
  },
};

// ---- segment vs sphere --------------------------------------------------------------------------

const SPHERE_CASES = {
  hit: (r) => `The smaller root t = ${num(r.tEnter)} lies in [0, 1]: that is where the segment enters the sphere.`,
  startsInside: (r) =>
    `c ≤ 0: the start is inside. The answer is t = 0 with the normal from the centre through the start. The chapter’s listing reports the exit instead, the larger root t = ${num(r.tExit)} — a point the segment leaves by, not where it hits.`,
  movingAway: () => 'b ≥ 0: the segment points away from the centre, so it can only get farther: a miss.',
  missesLine: (r) =>
    `The discriminant is negative: the line passes ${num(r.lineDistance)} from the centre, farther than the radius. No root, a miss.`,
  beyondEnd: (r) =>
    `The first root t = ${num(r.tEnter)} is beyond the end (t > 1): the segment stops short of the sphere.`,
  point: () => 'The segment has no length and its one point is outside: a miss.',
  invalid: () => 'A negative radius or a non-finite coordinate: no sphere.',
};

export const segmentSphere = {
  id: 'segment-sphere',
  title: 'Segment vs sphere',
  family: FAMILY,
  summary: 'A quadratic in t: its discriminant and both roots.',
  intro:
    'Drag the segment’s ends and the sphere. |P(t) − c|² = r² is a quadratic in t; its smaller root is where the segment enters.',
  view: { camera: [3.5, 3, 6.5], target: [0, 0, 0], fit: 3.2 },
  params: {
    from: point(-2.6, 0.9, 0.4, 'Start'),
    to: point(2.4, -0.3, -0.2, 'End'),
    c: point(0.3, 0.2, 0, 'Sphere centre'),
    r: length(1, 'Radius', { min: 0.05 }),
  },
  functions: [
    {
      name: 'intersectSegmentSphere',
      js: 'intersectSegmentSphere(from, to, center, radius)',
      cpp: 'intersect_segment_sphere',
      explain: 'explainIntersectSegmentSphere',
    },
  ],
  build(lab) {
    const o = lab.add({
      sphere: new GhostSphere(COLORS.a, { opacity: 0.18, wire: 0.25 }),
      enter: new Marker('#ffd43b', 0.05),
      exit: new Marker('#ffd43b', 0.05),
    });
    const labels = { enter: lab.label('enter', 'value'), exit: lab.label('exit', 'value') };
    lab.group.add(ground(-1.6));
    lab.drag({ name: 'c', key: 'c', object: o.sphere.fill, behind: true });
    const segment = segmentParts(lab);
    return {
      compute: (values) =>
        lab.queries.intersectSegmentSphere(values.get('from'), values.get('to'), values.get('c'), values.get('r')),
      draw(result, values) {
        const { from, to, c, r } = values.values;
        o.sphere.set(v3(c), r).setColor(result.hit ? COLORS.hit : COLORS.a);
        const roots = result.explained && result.hasRoots;
        for (const x of [o.enter, o.exit, labels.enter, labels.exit]) x.object.visible = roots;
        if (roots) {
          o.enter.set(at(from, to, result.tEnter));
          o.exit.set(at(from, to, result.tExit));
          labels.enter.set(at(from, to, result.tEnter).add(v3({ x: 0, y: 0.25, z: 0 })), `t₁ = ${num(result.tEnter)}`);
          labels.exit.set(at(from, to, result.tExit).add(v3({ x: 0, y: 0.25, z: 0 })), `t₂ = ${num(result.tExit)}`);
        }
        segment.draw(result, values);
      },
      status: (result) => castStatus(result, 'the sphere'),
      answer: (result) => pick(result, CAST_FIELDS),
      panel(result) {
        const steps = [
          para('With m = from − c and d = to − from, |m + d t|² = r² reads a t² + 2 b t + c = 0:'),
          small('a = d · d, b = m · d, c = m · m − r²; roots t = (−b ∓ √(b² − a c)) / a.'),
        ];
        if (result.explained) {
          steps.push(
            row('a', result.a, 'a'),
            row('b', result.b, 'b'),
            row('c', result.c, 'c'),
            row('discriminant b² − a c', result.discriminant, 'discriminant'),
            row('distance of the line from the centre', result.lineDistance, 'lineDistance'),
            row('roots t₁, t₂', result.hasRoots ? `${num(result.tEnter)}, ${num(result.tExit)}` : 'none'),
            small(
              'The discriminant is computed as a (r² − |h|²), h the line’s closest approach to the centre, and t₁ as c / (−b + √disc): no cancellation when the segment grazes the sphere.',
            ),
            para(SPHERE_CASES[result.kind](result)),
          );
        } else steps.push(waiting('explainIntersectSegmentSphere'));
        steps.push(castDecision(result, 'the sphere'));
        return account(`The quadratic — ${castStatus(result, 'the sphere')}`, steps, result, CAST_FIELDS);
      },
    };
  },
};

// ---- segment vs triangle ------------------------------------------------------------------------

export const segmentTriangle = {
  id: 'segment-triangle',
  title: 'Segment vs triangle',
  family: FAMILY,
  summary: 'Where it crosses the plane, and whether that point is inside.',
  intro:
    'Drag the segment’s ends and the corners A, B, C. The segment hits the triangle from either side where it crosses its plane inside all three edges.',
  view: { camera: [3.5, 4.5, 6], target: [0, 0, 0], fit: 3.3 },
  params: {
    from: point(-0.6, 2.2, 1.2, 'Start'),
    to: point(0.4, -1.6, -0.3, 'End'),
    a: point(-2, 0, 1.4, 'Vertex A'),
    b: point(2, 0.3, 1.2, 'Vertex B'),
    c: point(0.2, 0.5, -2, 'Vertex C'),
  },
  functions: [
    {
      name: 'intersectSegmentTriangle',
      js: 'intersectSegmentTriangle(from, to, a, b, c)',
      cpp: 'intersect_segment_triangle',
    },
  ],
  build(lab) {
    const o = lab.add({ triangle: new TriangleShape(COLORS.a) });
    lab.group.add(ground(-1.8));
    const names = { a: lab.label('A', 'vertex'), b: lab.label('B', 'vertex'), c: lab.label('C', 'vertex') };
    for (const key of ['a', 'b', 'c']) lab.handle(key, { color: COLORS.a, radius: 0.1 });
    const segment = segmentParts(lab);
    return {
      compute: (values) => {
        const { from, to, a, b, c } = values.values;
        return lab.shototsu.intersectSegmentTriangle(from, to, a, b, c);
      },
      draw(result, values) {
        const { a, b, c } = values.values;
        o.triangle.set(a, b, c);
        for (const key of ['a', 'b', 'c']) names[key].set(v3(values.get(key)).add(v3({ x: 0, y: 0.25, z: 0 })));
        segment.draw(result, values);
      },
      status: (result) => castStatus(result, 'the triangle'),
      answer: (result) => pick(result, [...CAST_FIELDS, 'barycentric']),
      panel(result) {
        const bary = result.barycentric;
        const steps = [
          para(
            'Möller–Trumbore: where does the line cross the triangle’s plane, and is that point inside all three edges? Inside means its barycentric coordinates (u, v, w) — the weights of A, B and C — are all ≥ 0.',
          ),
          T_MEANING,
          result.hit
            ? para(
                `Hit at t = ${num(result.t)}: the point is ${num(bary.x)}·A + ${num(bary.y)}·B + ${num(bary.z)}·C, every weight in [0, 1]. The normal faces the segment’s start.`,
              )
            : para(
                'The segment does not reach the triangle’s plane, or crosses it outside an edge (a negative weight).',
              ),
          small(
            'Each edge’s side is a scalar triple product that depends on that edge alone, so a segment through an edge shared by two triangles hits at least one of them: no gaps in a mesh.',
          ),
          castDecision(result, 'the triangle'),
        ];
        return account(`The crossing — ${castStatus(result, 'the triangle')}`, steps, result, [
          ...CAST_FIELDS,
          'barycentric',
        ]);
      },
    };
  },
};

// ---- segment vs capsule -------------------------------------------------------------------------

export const segmentCapsule = {
  id: 'segment-capsule',
  title: 'Segment vs capsule',
  family: FAMILY,
  summary: 'The cylinder, then the two end balls: the first entry wins.',
  intro:
    'Drag the segment’s ends and the capsule’s axis ends. A capsule is a cylinder with a ball at each end; the segment’s first entry into any of the three is the hit.',
  view: { camera: [3.5, 3.5, 6.5], target: [0, 0.2, 0], fit: 3.4 },
  params: {
    from: point(-2.4, 1.8, 1.2, 'Start'),
    to: point(2.2, -0.6, -0.8, 'End'),
    p: point(-0.9, -0.5, 0, 'Axis start'),
    q: point(1, 1.1, 0.2, 'Axis end'),
    r: length(0.6, 'Radius', { min: 0.05 }),
  },
  functions: [
    {
      name: 'intersectSegmentCapsule',
      js: 'intersectSegmentCapsule(from, to, start, end, radius)',
      cpp: 'intersect_segment_capsule',
    },
    { name: 'closestPointOnSegment', js: 'closestPointOnSegment(p, start, end)', cpp: 'closest_point_on_segment' },
  ],
  build(lab) {
    const o = lab.add({
      capsule: new CapsuleShape(COLORS.a),
      axisPoint: new Marker('#ffd43b', 0.05),
      spoke: new Rod('#ffd43b', 0.01),
    });
    lab.group.add(ground(-1.8));
    lab.handle('p', { color: COLORS.a });
    lab.handle('q', { color: COLORS.a });
    const segment = segmentParts(lab);
    return {
      compute(values) {
        const { from, to, p, q, r } = values.values;
        const result = lab.shototsu.intersectSegmentCapsule(from, to, p, q, r);
        // Which part was hit: the nearest axis point of the hit point (0: the start ball, 1: the end ball).
        return { ...result, axis: result.hit ? lab.shototsu.closestPointOnSegment(result.point, p, q) : null };
      },
      draw(result, values) {
        const { p, q, r } = values.values;
        o.capsule.set(p, q, r).setColor(result.hit ? COLORS.hit : COLORS.a);
        o.axisPoint.object.visible = o.spoke.object.visible = result.hit;
        if (result.hit) {
          o.axisPoint.set(v3(result.axis.point));
          o.spoke.set(v3(result.axis.point), v3(result.point));
        }
        segment.draw(result, values);
      },
      status: (result) => castStatus(result, 'the capsule'),
      answer: (result) => pick(result, CAST_FIELDS),
      panel(result) {
        const part = !result.hit
          ? null
          : result.axis.t === 0
            ? 'the ball around the axis start'
            : result.axis.t === 1
              ? 'the ball around the axis end'
              : 'the cylinder’s side';
        const steps = [
          para(
            'The capsule is every point within r of its axis. The segment is cast against the infinite cylinder around the axis (kept only where the entry lies between the axis ends) and against the two end balls; the earliest entry is the hit.',
          ),
          T_MEANING,
        ];
        if (result.hit)
          steps.push(
            row('nearest axis point of the hit', result.axis.point),
            row('its fraction along the axis', result.axis.t, 'axisT'),
            para(`So the segment entered through ${part}; the normal points from that axis point out through the hit.`),
          );
        steps.push(castDecision(result, 'the capsule'));
        return account(`The first entry — ${castStatus(result, 'the capsule')}`, steps, result, CAST_FIELDS);
      },
    };
  },
};
