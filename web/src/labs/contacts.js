// Contacts of round shapes and boxes: sphere–sphere, AABB–sphere, capsule–capsule,
// capsule–sphere and OBB–sphere. Each is one distance against a sum of radii: between the
// closest points of the shapes' cores (a point for a sphere, the axis segment for a capsule, the
// box itself for a box). The contact's normal points from the first shape toward the second and
// its depth is how far the second must move along it to separate.
import { Arrow, GhostSphere, Marker, Polyline, Rod, v3 } from '../three/overlay.js';
import { num } from '../app/format.js';
import {
  BoxShape,
  COLORS,
  CapsuleShape,
  angleSliders,
  angles,
  account,
  decision,
  formula,
  ground,
  length,
  para,
  pick,
  point,
  quaternion,
  row,
  small,
} from './kit.js';

export const FAMILY = 'Contacts';
const CONTACT_FIELDS = ['hit', 'point', 'normal', 'depth'];

/** The contact drawn: its point, the normal from it, the depth along the normal, the gap between the closest points. */
function contactParts(lab) {
  const o = lab.add({
    gap: new Polyline('#ffd43b', { dashed: true, dash: 0.06 }),
    near1: new Marker('#ffd43b', 0.05),
    near2: new Marker('#ffd43b', 0.05),
    point: new Marker(COLORS.hit, 0.065),
    normal: new Arrow(COLORS.normal),
    depth: new Rod(COLORS.hit, 0.03),
  });
  const tag = lab.label('', 'value');
  return (result, near1, near2) => {
    o.gap.set([v3(near1), v3(near2)]);
    o.near1.set(v3(near1));
    o.near2.set(v3(near2));
    for (const x of [o.point, o.normal, o.depth]) x.object.visible = result.hit;
    const middle = v3(near1).add(v3(near2)).multiplyScalar(0.5);
    if (result.hit) {
      const p = v3(result.point);
      o.point.set(p);
      o.normal.set(p, result.normal, 0.8);
      o.depth.set(p, p.clone().addScaledVector(v3(result.normal), result.depth));
      tag.set(p.clone().add(v3({ x: 0.15, y: -0.25, z: 0 })), `depth ${num(result.depth)}`);
    } else {
      tag.set(middle.add(v3({ x: 0, y: 0.2, z: 0 })), 'no contact');
    }
  };
}

const status = (result) => (result.hit ? `contact, depth ${num(result.depth)}` : 'no contact');

/**
 * A contact lab: `shapes(lab)` draws and drags its shapes and returns { compute(values) → the
 * contact with `near` (the closest points of the cores, [on A, on B]) and `distance`,
 * draw(result, values), controls? }; `cores` says what the closest points are, `radii(values)`
 * what the distance is compared with (named by `sum`), `rows(result)` any further numbers.
 */
function contactLab({ shapes, cores, radii, sum, rows = () => [], ...lab }) {
  const bound = sum.split(' =')[0];
  return {
    ...lab,
    family: FAMILY,
    build(ctx) {
      const parts = shapes(ctx);
      const contact = contactParts(ctx);
      return {
        controls: parts.controls,
        compute: parts.compute,
        draw(result, values) {
          parts.draw(result, values);
          contact(result, ...result.near);
        },
        status,
        answer: (result) => pick(result, CONTACT_FIELDS),
        panel: (result, values) =>
          account(
            `Distance against radii — ${status(result)}`,
            [
              para(cores),
              row('distance between the closest points', result.distance, 'distance'),
              row(sum, radii(values), 'radii'),
              formula(
                `depth = ${bound} − distance = ${num(radii(values))} − ${num(result.distance)} = ${num(radii(values) - result.distance)}`,
              ),
              result.hit
                ? decision(
                    true,
                    `distance ≤ ${bound}: they touch or overlap. The normal points from the first shape toward the second; moving the second by depth ${num(result.depth)} along it separates them.`,
                  )
                : decision(false, `distance > ${bound}: apart, no contact (every field zero).`),
              ...rows(result),
            ],
            result,
            CONTACT_FIELDS,
          ),
      };
    },
  };
}

/** The distance between two points, by the package (a point is a segment of no length). */
const gap = (shototsu, p, q) => Math.sqrt(shototsu.closestPointsSegmentSegment(p, p, q, q).distanceSq);

// ---- sphere–sphere ------------------------------------------------------------------------------

const closestSegments = {
  name: 'closestPointsSegmentSegment',
  js: 'closestPointsSegmentSegment(start1, end1, start2, end2)',
  cpp: 'closest_points_segment_segment',
};

export const sphereSphere = contactLab({
  id: 'sphere-sphere',
  title: 'Sphere–sphere',
  summary: 'Centre distance against the sum of the radii.',
  intro: 'Drag the two spheres. They touch when their centres are no farther apart than the sum of their radii.',
  view: { camera: [3, 3, 6.5], target: [0, 0, 0], fit: 3 },
  params: {
    ca: point(-1, 0, 0, 'Centre A'),
    ra: length(1, 'Radius A', { min: 0.05 }),
    cb: point(1.1, 0.4, 0.2, 'Centre B'),
    rb: length(0.7, 'Radius B', { min: 0.05 }),
  },
  functions: [
    { name: 'sphereSphere', js: 'sphereSphere(centerA, radiusA, centerB, radiusB)', cpp: 'sphere_sphere' },
    closestSegments,
  ],
  cores: 'A sphere is its centre swollen by its radius: the closest points of the cores are the centres.',
  radii: (values) => values.get('ra') + values.get('rb'),
  sum: 'rA + rB = sum of radii',
  shapes(lab) {
    const o = lab.add({ a: new GhostSphere(COLORS.a), b: new GhostSphere(COLORS.b) });
    lab.group.add(ground(-1.5));
    lab.drag({ name: 'ca', key: 'ca', object: o.a.fill });
    lab.drag({ name: 'cb', key: 'cb', object: o.b.fill });
    return {
      compute(values) {
        const { ca, ra, cb, rb } = values.values;
        return { ...lab.shototsu.sphereSphere(ca, ra, cb, rb), near: [ca, cb], distance: gap(lab.shototsu, ca, cb) };
      },
      draw(_result, values) {
        const { ca, ra, cb, rb } = values.values;
        o.a.set(v3(ca), ra);
        o.b.set(v3(cb), rb);
      },
    };
  },
});

// ---- capsule–capsule ----------------------------------------------------------------------------

export const capsuleCapsule = contactLab({
  id: 'capsule-capsule',
  title: 'Capsule–capsule',
  summary: 'Segment–segment distance against the sum of the radii.',
  intro:
    'Drag the axis ends of both capsules. Their closest points are those of the two axis segments; the capsules touch when those are within the sum of the radii.',
  view: { camera: [3.5, 3.5, 6.5], target: [0, 0.3, 0], fit: 3.3 },
  params: {
    a0: point(-1.8, 0, -0.6, 'A start'),
    a1: point(1.6, 0.2, -0.4, 'A end'),
    ra: length(0.5, 'Radius A', { min: 0.05 }),
    b0: point(-0.4, 1.6, 1.2, 'B start'),
    b1: point(0.6, 0.3, -1.4, 'B end'),
    rb: length(0.4, 'Radius B', { min: 0.05 }),
  },
  functions: [
    {
      name: 'capsuleCapsule',
      js: 'capsuleCapsule(startA, endA, radiusA, startB, endB, radiusB)',
      cpp: 'capsule_capsule',
    },
    closestSegments,
  ],
  cores:
    'A capsule is its axis segment swollen by its radius, so the question is the distance between the two axis segments (Ericson 5.1.9: the closest points of two segments, clamped to their ends).',
  radii: (values) => values.get('ra') + values.get('rb'),
  sum: 'rA + rB = sum of radii',
  rows: (result) => [
    row('closest point on A’s axis', result.near[0]),
    row('… at fraction', result.t1, 't1'),
    row('closest point on B’s axis', result.near[1]),
    row('… at fraction', result.t2, 't2'),
    small(
      'When the axes cross (distance 0) there is no direction between the closest points: the normal is then perpendicular to both axes.',
    ),
  ],
  shapes(lab) {
    const o = lab.add({ a: new CapsuleShape(COLORS.a), b: new CapsuleShape(COLORS.b) });
    lab.group.add(ground(-1.5));
    for (const key of ['a0', 'a1']) lab.handle(key, { color: COLORS.a });
    for (const key of ['b0', 'b1']) lab.handle(key, { color: COLORS.b });
    return {
      compute(values) {
        const { a0, a1, ra, b0, b1, rb } = values.values;
        const near = lab.shototsu.closestPointsSegmentSegment(a0, a1, b0, b1);
        return {
          ...lab.shototsu.capsuleCapsule(a0, a1, ra, b0, b1, rb),
          near: [near.point1, near.point2],
          t1: near.t1,
          t2: near.t2,
          distance: Math.sqrt(near.distanceSq),
        };
      },
      draw(_result, values) {
        const { a0, a1, ra, b0, b1, rb } = values.values;
        o.a.set(a0, a1, ra);
        o.b.set(b0, b1, rb);
      },
    };
  },
});

// ---- capsule–sphere -----------------------------------------------------------------------------

export const capsuleSphere = contactLab({
  id: 'capsule-sphere',
  title: 'Capsule–sphere',
  summary: 'The sphere’s centre against the capsule’s axis.',
  intro:
    'Drag the capsule’s axis ends and the sphere. The capsule is a segment with a radius; a sphere is a point with one.',
  view: { camera: [3.5, 3.5, 6.5], target: [0, 0.3, 0], fit: 3.2 },
  params: {
    a0: point(-1.6, -0.3, 0, 'Axis start'),
    a1: point(1.4, 0.9, 0.2, 'Axis end'),
    ra: length(0.5, 'Capsule radius', { min: 0.05 }),
    c: point(0.4, 1.3, 0.6, 'Sphere centre'),
    r: length(0.6, 'Sphere radius', { min: 0.05 }),
  },
  functions: [
    { name: 'capsuleSphere', js: 'capsuleSphere(start, end, radius, center, sphereRadius)', cpp: 'capsule_sphere' },
    { name: 'closestPointOnSegment', js: 'closestPointOnSegment(p, start, end)', cpp: 'closest_point_on_segment' },
  ],
  cores: 'The closest point of the capsule’s axis to the sphere’s centre (the projection, clamped to the axis ends).',
  radii: (values) => values.get('ra') + values.get('r'),
  sum: 'r capsule + r sphere = sum of radii',
  rows: (result) => [row('closest axis point', result.near[0]), row('… at fraction', result.axisT, 'axisT')],
  shapes(lab) {
    const o = lab.add({ capsule: new CapsuleShape(COLORS.a), sphere: new GhostSphere(COLORS.b) });
    lab.group.add(ground(-1.5));
    for (const key of ['a0', 'a1']) lab.handle(key, { color: COLORS.a });
    lab.drag({ name: 'c', key: 'c', object: o.sphere.fill });
    return {
      compute(values) {
        const { a0, a1, ra, c, r } = values.values;
        const near = lab.shototsu.closestPointOnSegment(c, a0, a1);
        return {
          ...lab.shototsu.capsuleSphere(a0, a1, ra, c, r),
          near: [near.point, c],
          axisT: near.t,
          distance: gap(lab.shototsu, near.point, c),
        };
      },
      draw(_result, values) {
        const { a0, a1, ra, c, r } = values.values;
        o.capsule.set(a0, a1, ra);
        o.sphere.set(v3(c), r);
      },
    };
  },
});

// ---- AABB–sphere --------------------------------------------------------------------------------

export const aabbSphere = contactLab({
  id: 'aabb-sphere',
  title: 'AABB–sphere',
  summary: 'Clamp the centre into the box: its distance against the radius.',
  intro:
    'Drag the box (by its body or its corners) and the sphere. The box’s closest point to the centre is the centre clamped into the box, axis by axis.',
  view: { camera: [3.5, 3.5, 6.5], target: [0, 0, 0], fit: 3 },
  params: {
    min: point(-1.2, -0.8, -0.8, 'Box min'),
    max: point(0.6, 0.6, 0.8, 'Box max'),
    c: point(1.3, 0.9, 0.3, 'Sphere centre'),
    r: length(0.8, 'Radius', { min: 0.05 }),
  },
  functions: [
    { name: 'aabbSphere', js: 'aabbSphere(min, max, center, radius)', cpp: 'aabb_sphere' },
    { name: 'closestPointOnAABB', js: 'closestPointOnAABB(p, min, max)', cpp: 'closest_point_on_aabb' },
    { name: 'distanceSqPointAABB', js: 'distanceSqPointAABB(p, min, max)', cpp: 'distance_sq_point_aabb' },
  ],
  cores:
    'Clamp each coordinate of the centre into [min, max]: that is the box’s closest point, and its distance is the box’s distance from the centre. (The chapter’s listing prints LineSegment::MinDistSq here; the box’s distance is meant.)',
  radii: (values) => values.get('r'),
  sum: 'r = the radius',
  rows: (result) => [
    row('closest point of the box', result.near[0]),
    small(
      'A centre inside the box has distance 0: then the sphere leaves through the nearest face, and the depth is the radius plus the centre’s distance to that face.',
    ),
  ],
  shapes(lab) {
    const o = lab.add({ box: new BoxShape(COLORS.a), sphere: new GhostSphere(COLORS.b) });
    lab.group.add(ground(-1.5));
    lab.handle('min', { color: COLORS.a, radius: 0.08 });
    lab.handle('max', { color: COLORS.a, radius: 0.08 });
    lab.dragBox('min', 'max', o.box.fill);
    lab.drag({ name: 'c', key: 'c', object: o.sphere.fill });
    return {
      compute(values) {
        const { min, max, c, r } = values.values;
        return {
          ...lab.shototsu.aabbSphere(min, max, c, r),
          near: [lab.shototsu.closestPointOnAABB(c, min, max), c],
          distance: Math.sqrt(lab.shototsu.distanceSqPointAABB(c, min, max)),
        };
      },
      draw(_result, values) {
        const { min, max, c, r } = values.values;
        o.box.setBounds(min, max);
        o.sphere.set(v3(c), r);
      },
    };
  },
});

// ---- OBB–sphere ---------------------------------------------------------------------------------

export const obbSphere = contactLab({
  id: 'obb-sphere',
  title: 'OBB–sphere',
  summary: 'AABB–sphere in the box’s own frame.',
  intro:
    'Drag the box and the sphere; turn the box with the sliders. In the box’s frame it is AABB–sphere, turned back.',
  view: { camera: [3.5, 3.5, 6.5], target: [0, 0, 0], fit: 3 },
  params: {
    c: point(-0.3, 0, 0, 'Box centre'),
    rot: angles(0, 30, 25, 'Rotation'),
    hx: length(0.9, 'Half extent x'),
    hy: length(0.6, 'Half extent y'),
    hz: length(0.7, 'Half extent z'),
    s: point(1.4, 0.8, 0.4, 'Sphere centre'),
    r: length(0.7, 'Radius', { min: 0.05 }),
  },
  functions: [
    {
      name: 'obbSphere',
      js: 'obbSphere(center, rotation, halfExtents, sphereCenter, radius)',
      cpp: 'obb_sphere',
    },
    {
      name: 'closestPointOnOBB',
      js: 'closestPointOnOBB(p, center, rotation, halfExtents)',
      cpp: 'closest_point_on_obb',
    },
  ],
  cores:
    'Turn the centre into the box’s frame, where the box is axis-aligned; clamp it into [−half, half] on each axis; turn the clamped point back. That is the box’s closest point.',
  radii: (values) => values.get('r'),
  sum: 'r = the radius',
  rows: (result) => [row('closest point of the box', result.near[0])],
  shapes(lab) {
    const o = lab.add({ box: new BoxShape(COLORS.a), sphere: new GhostSphere(COLORS.b) });
    lab.group.add(ground(-1.5));
    lab.drag({ name: 'c', key: 'c', object: o.box.fill, behind: true });
    lab.drag({ name: 's', key: 's', object: o.sphere.fill });
    const box = (values) => {
      const { c, rot, hx, hy, hz } = values.values;
      return [c, quaternion(rot), { x: hx, y: hy, z: hz }];
    };
    return {
      controls: (state) => angleSliders(state, 'rot'),
      compute(values) {
        const { s, r } = values.values;
        const near = lab.shototsu.closestPointOnOBB(s, ...box(values));
        return {
          ...lab.shototsu.obbSphere(...box(values), s, r),
          near: [near, s],
          distance: gap(lab.shototsu, near, s),
        };
      },
      draw(_result, values) {
        const [c, q, h] = box(values);
        o.box.set(c, h, q);
        o.sphere.set(v3(values.get('s')), values.get('r'));
      },
    };
  },
});
