// Containment: is a point inside (or on) a sphere, a box, a capsule, a convex polygon? The
// polygon is decided by edge signs — p is inside when it is on the same side of every edge —
// instead of the chapter's sum of angles (acos per edge: slow, and it needs a tolerance).
import * as THREE from 'three';
import { GhostSphere, Label, Marker, Polyline, Rod, v3 } from '../three/overlay.js';
import { element } from '../app/controls.js';
import {
  account,
  BoxShape,
  COLORS,
  CapsuleShape,
  decision,
  ground,
  length,
  para,
  point,
  row,
  small,
  waiting,
} from './kit.js';

const SHAPES = ['polygon', 'sphere', 'box', 'capsule'];
const POLYGON = ['v0', 'v1', 'v2', 'v3', 'v4'];
const SIGN_COLORS = { 1: COLORS.ok, '-1': COLORS.hit, 0: COLORS.chosen };
const Y = 0.01; // the polygon lies on the ground plane y = 0, drawn just above the grid

export const containment = {
  id: 'containment',
  title: 'Containment',
  family: 'Containment',
  summary: 'Point in sphere, box, capsule and convex polygon (edge signs).',
  intro:
    'Pick a shape and drag the point P (and the shape’s handles). The polygon lies on the ground: drag its corners along it, keeping it convex.',
  view: { camera: [0.5, 6.5, 5], target: [0, 0, 0], fit: 3 },
  params: {
    shape: {
      type: 'choice',
      value: 'polygon',
      label: 'Shape',
      options: SHAPES.map((s) => ({ value: s, label: s })),
    },
    p: point(0.4, 0, 0.3, 'Point P'),
    v0: point(-1.8, 0, 0.9, 'Corner 0'),
    v1: point(-0.2, 0, 1.9, 'Corner 1'),
    v2: point(1.7, 0, 0.8, 'Corner 2'),
    v3: point(1.3, 0, -1.4, 'Corner 3'),
    v4: point(-1.2, 0, -1.5, 'Corner 4'),
    c: point(0, 0.5, 0, 'Sphere centre'),
    r: length(1.2, 'Radius (sphere, capsule)', { min: 0.05 }),
    min: point(-1.2, -0.5, -0.9, 'Box min'),
    max: point(1, 1, 0.9, 'Box max'),
    a: point(-1.5, 0.2, -0.4, 'Capsule start'),
    b: point(1.4, 0.8, 0.5, 'Capsule end'),
  },
  functions: [
    {
      name: 'convexPolygonContainsPoint',
      js: 'convexPolygonContainsPoint(vertices, p)',
      cpp: 'convex_polygon_contains_point',
      explain: 'explainConvexPolygonContainsPoint',
    },
    { name: 'sphereContainsPoint', js: 'sphereContainsPoint(center, radius, p)', cpp: 'sphere_contains_point' },
    { name: 'aabbContainsPoint', js: 'aabbContainsPoint(min, max, p)', cpp: 'aabb_contains_point' },
    { name: 'capsuleContainsPoint', js: 'capsuleContainsPoint(start, end, radius, p)', cpp: 'capsule_contains_point' },
  ],
  build(lab) {
    const shapes = {
      polygon: new THREE.Group(),
      sphere: new THREE.Group(),
      box: new THREE.Group(),
      capsule: new THREE.Group(),
    };
    for (const g of Object.values(shapes)) lab.group.add(g);
    lab.group.add(ground(-0.6));
    // The polygon: a fill, its edges coloured by sign, a sign tag at each edge.
    const fill = new THREE.Mesh(
      new THREE.BufferGeometry(),
      new THREE.MeshBasicMaterial({
        color: COLORS.a,
        transparent: true,
        opacity: 0.2,
        side: THREE.DoubleSide,
        depthWrite: false,
      }),
    );
    shapes.polygon.add(fill);
    const edges = POLYGON.map(() => new Rod(COLORS.a, 0.02));
    const spokes = POLYGON.map(() => new Polyline('#868e96', { dashed: true, dash: 0.05, opacity: 0.6 }));
    const signs = POLYGON.map(() => new Label('', 'value sign'));
    for (const x of [...edges, ...spokes, ...signs]) shapes.polygon.add(x.object);
    const sphere = new GhostSphere(COLORS.a);
    const box = new BoxShape(COLORS.a);
    const capsule = new CapsuleShape(COLORS.a);
    shapes.sphere.add(sphere.object);
    shapes.box.add(box.object);
    shapes.capsule.add(capsule.object);
    const nearest = new Marker('#ffd43b', 0.05);
    const gap = new Polyline('#ffd43b', { dashed: true, dash: 0.05 });
    lab.group.add(nearest.object, gap.object);

    // Handles: P everywhere; each shape's own, hidden with it (hidden handles do not drag).
    const own = (g, key, options) => {
      const mesh = lab.handle(key, options);
      mesh.removeFromParent();
      g.add(mesh);
    };
    for (const key of POLYGON) own(shapes.polygon, key, { color: COLORS.a, radius: 0.08, plane: 'horizontal' });
    lab.drag({ name: 'c', key: 'c', object: sphere.fill, behind: true });
    own(shapes.box, 'min', { color: COLORS.a, radius: 0.08 });
    own(shapes.box, 'max', { color: COLORS.a, radius: 0.08 });
    lab.dragBox('min', 'max', box.fill);
    own(shapes.capsule, 'a', { color: COLORS.a });
    own(shapes.capsule, 'b', { color: COLORS.a });
    const handleP = lab.handle('p', { color: '#ffffff', radius: 0.1 });
    const tagP = lab.label('P', 'point');

    const flat = (v) => ({ x: v.x, y: v.z });
    return {
      compute(values) {
        const { shape, p, c, r, min, max, a, b } = values.values;
        const pkg = lab.shototsu;
        if (shape === 'polygon') {
          const vertices = POLYGON.map((k) => flat(values.get(k)));
          return { shape, ...lab.queries.convexPolygonContainsPoint(vertices, flat(p)) };
        }
        if (shape === 'sphere')
          return {
            shape,
            inside: pkg.sphereContainsPoint(c, r, p),
            distance: Math.sqrt(pkg.distanceSqPointSegment(p, c, c)),
            near: c,
            limit: r,
          };
        if (shape === 'box') {
          const near = pkg.closestPointOnAABB(p, min, max);
          return {
            shape,
            inside: pkg.aabbContainsPoint(min, max, p),
            distance: Math.sqrt(pkg.distanceSqPointAABB(p, min, max)),
            near,
            limit: 0,
          };
        }
        const near = pkg.closestPointOnSegment(p, a, b);
        return {
          shape,
          inside: pkg.capsuleContainsPoint(a, b, r, p),
          distance: Math.sqrt(pkg.distanceSqPointSegment(p, a, b)),
          near: near.point,
          limit: r,
        };
      },
      draw(result, values) {
        const { shape, p, c, r, min, max, a, b } = values.values;
        for (const [name, g] of Object.entries(shapes)) g.visible = name === shape;
        handleP.material.color.set(result.inside ? COLORS.ok : '#ffffff');
        tagP.set(v3(p).add(v3({ x: 0, y: 0.3, z: 0 })), result.inside ? 'P inside' : 'P outside');
        nearest.object.visible = gap.object.visible = shape !== 'polygon';
        if (shape !== 'polygon') {
          nearest.set(v3(result.near));
          gap.set([v3(result.near), v3(p)]);
        }
        if (shape === 'sphere') sphere.set(v3(c), r).setColor(result.inside ? COLORS.ok : COLORS.a);
        if (shape === 'box') box.setBounds(min, max).setColor(result.inside ? COLORS.ok : COLORS.a);
        if (shape === 'capsule') capsule.set(a, b, r).setColor(result.inside ? COLORS.ok : COLORS.a);
        if (shape !== 'polygon') return;
        const corners = POLYGON.map((k) => v3(values.get(k)).setY(Y));
        fill.geometry.dispose();
        fill.geometry = new THREE.ShapeGeometry(
          new THREE.Shape(corners.map((q) => new THREE.Vector2(q.x, -q.z))),
        ).rotateX(-Math.PI / 2);
        fill.material.color.set(result.inside ? COLORS.ok : COLORS.a);
        const P = v3(p).setY(Y);
        corners.forEach((q, i) => {
          const next = corners[(i + 1) % corners.length];
          const sign = result.explained ? result.edgeSigns[i] : null;
          edges[i].set(q, next);
          edges[i].object.material.color.set(sign === null ? COLORS.a : SIGN_COLORS[sign]);
          const middle = q.clone().add(next).multiplyScalar(0.5);
          spokes[i].set([middle, P]);
          spokes[i].object.visible = signs[i].object.visible = sign !== null;
          signs[i].set(middle.clone().add(v3({ x: 0, y: 0.2, z: 0 })), sign > 0 ? '+' : sign < 0 ? '−' : '0');
        });
      },
      status: (result) => `P ${result.inside ? 'inside' : 'outside'} the ${result.shape}`,
      answer: (result) => ({ inside: result.inside }),
      panel(result, values) {
        const steps = [];
        const shape = result.shape;
        if (shape === 'polygon') {
          steps.push(
            para(
              'For each edge from corner i to corner i + 1, the sign of cross(edge, P − corner i) says which side of the edge P is on. P is inside a convex polygon exactly when no two edges disagree — either winding works, and a sign of 0 (on an edge’s line) counts as inside.',
            ),
            small(
              'The signs are exact (the products summed without rounding), at any scale. The chapter’s listing sums the angles each edge subtends at P with acos instead: slow, and it needs a tolerance to decide 2π.',
            ),
          );
          if (result.explained) {
            steps.push(
              element(
                'table.numbers',
                {},
                element(
                  'tr',
                  {},
                  ['edge', 'sign', ''].map((x) => element('th', {}, x)),
                ),
                result.edgeSigns.map((s, i) =>
                  element(
                    'tr',
                    { 'data-key': `edge-${i}`, 'data-value': String(s) },
                    element('td', {}, `${i} → ${(i + 1) % result.edgeSigns.length}`),
                    element('td', { style: `color:${SIGN_COLORS[s]}` }, s > 0 ? '+' : s < 0 ? '−' : '0'),
                    element('td.small', {}, s > 0 ? 'P to the left' : s < 0 ? 'P to the right' : 'P on its line'),
                  ),
                ),
              ),
            );
            if (result.collinear)
              steps.push(
                para(
                  'Every sign is 0: the polygon and P are on one line; P is inside when it lies within the corners’ extent.',
                ),
              );
          } else steps.push(waiting('explainConvexPolygonContainsPoint'));
        } else {
          const what = { sphere: 'its centre', box: 'the box (0 inside)', capsule: 'its axis segment' }[shape];
          steps.push(
            para(
              {
                sphere:
                  'P is inside when its distance from the centre is at most the radius (compared squared, without a square root).',
                box: 'P is inside when min ≤ P ≤ max on every axis (faces and corners count).',
                capsule:
                  'P is inside when its distance from the axis segment — to the closest point, clamped to the ends — is at most the radius.',
              }[shape],
            ),
            row(`distance of P from ${what}`, result.distance, 'distance'),
            shape === 'box' ? null : row('radius', values.get('r'), 'radius'),
          );
        }
        steps.push(
          decision(
            result.inside,
            result.inside ? `P is inside the ${shape} (or on it).` : `P is outside the ${shape}.`,
          ),
        );
        return account(`Is P inside? — ${result.inside ? 'yes' : 'no'}`, steps, result, ['inside']);
      },
    };
  },
};
