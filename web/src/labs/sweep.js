// Swept sphere against swept sphere (the chapter's SweptSphere): two spheres moving linearly
// over the same step touch first when the distance of their centres, a quadratic in t, reaches
// the sum of the radii. The printed listing accepts the root only when t >= 0 && t <= 0 (meant:
// t <= 1) and divides by zero when the relative motion is zero; the lab shows its answer beside
// the corrected one.
import { Arrow, GhostSphere, Marker, Rod, v3 } from '../three/overlay.js';
import { num, vec } from '../app/format.js';
import { element } from '../app/controls.js';
import {
  account,
  COLORS,
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

const SWEEP_FIELDS = ['hit', 't', 'point', 'contact', 'normal'];

const START = {
  free: 'The spheres start apart (farther than the sum of the radii).',
  touching: 'The spheres start touching (within the touching band): a hit at t = 0 only if they approach.',
  overlapping: 'The spheres start overlapping: a hit at t = 0 whatever the motion.',
  invalid: 'A negative radius or a non-finite coordinate: no spheres.',
};

export const sweepSphereSphere = {
  id: 'sweep-sphere-sphere',
  title: 'Swept sphere vs sphere',
  family: 'Sweeps',
  summary: 'The relative motion’s quadratic; the listing’s t ≤ 0 beside the fix.',
  intro:
    'Drag where each sphere starts (P0, Q0) and ends (P1, Q1). Where they first touch is drawn solid; the printed listing’s answer for the same motion is shown beside it.',
  view: { camera: [1.5, 5.5, 6.5], target: [0, 0, 0], fit: 3.6 },
  params: {
    p0: point(-3, 0, 0.6, 'P start'),
    p1: point(2.2, 0, -0.2, 'P end'),
    rp: length(0.6, 'Radius P', { min: 0.05 }),
    q0: point(1.4, 0, 1.8, 'Q start'),
    q1: point(0.4, 0, -1.2, 'Q end'),
    rq: length(0.5, 'Radius Q', { min: 0.05 }),
  },
  functions: [
    {
      name: 'sweepSphereSphere',
      js: 'sweepSphereSphere(p0, p1, rp, q0, q1, rq)',
      cpp: 'sweep_sphere_sphere',
      explain: 'explainSweepSphereSphere',
    },
  ],
  build(lab) {
    const o = lab.add({
      pathP: new Rod(COLORS.a, 0.012, 0.7),
      pathQ: new Rod(COLORS.b, 0.012, 0.7),
      p0: new GhostSphere(COLORS.a, { opacity: 0.06, wire: 0.15 }),
      p1: new GhostSphere(COLORS.a, { opacity: 0.04, wire: 0.1 }),
      q0: new GhostSphere(COLORS.b, { opacity: 0.06, wire: 0.15 }),
      q1: new GhostSphere(COLORS.b, { opacity: 0.04, wire: 0.1 }),
      pAt: new GhostSphere(COLORS.hit, { opacity: 0.35, wire: 0.4 }),
      qAt: new GhostSphere(COLORS.b, { opacity: 0.35, wire: 0.4 }),
      contact: new Marker(COLORS.hit, 0.06),
      normal: new Arrow(COLORS.normal),
    });
    const labels = {
      p0: lab.label('P0', 'point'),
      p1: lab.label('P1', 'point'),
      q0: lab.label('Q0', 'point'),
      q1: lab.label('Q1', 'point'),
      at: lab.label('', 'value'),
      listing: lab.label('', 'value listing'),
    };
    lab.group.add(ground(-1.2));
    for (const key of ['p0', 'p1']) lab.handle(key, { color: COLORS.a });
    for (const key of ['q0', 'q1']) lab.handle(key, { color: COLORS.b });
    return {
      compute: (values) => {
        const { p0, p1, rp, q0, q1, rq } = values.values;
        return lab.queries.sweepSphereSphere(p0, p1, rp, q0, q1, rq);
      },
      draw(result, values) {
        const { p0, p1, rp, q0, q1, rq } = values.values;
        o.pathP.set(v3(p0), v3(p1));
        o.pathQ.set(v3(q0), v3(q1));
        o.p0.set(v3(p0), rp);
        o.p1.set(v3(p1), rp);
        o.q0.set(v3(q0), rq);
        o.q1.set(v3(q1), rq);
        const up = v3({ x: 0, y: 0.3, z: 0 });
        for (const key of ['p0', 'p1']) labels[key].set(v3(values.get(key)).add(up.clone().setY(rp + 0.2)));
        for (const key of ['q0', 'q1']) labels[key].set(v3(values.get(key)).add(up.clone().setY(rq + 0.2)));
        for (const x of [o.pAt, o.qAt, o.contact, o.normal, labels.at]) x.object.visible = result.hit;
        if (result.hit) {
          o.pAt.set(v3(result.point), rp);
          o.qAt.set(at(q0, q1, result.t), rq);
          o.contact.set(v3(result.contact));
          o.normal.set(v3(result.contact), result.normal, 0.7);
          labels.at.set(v3(result.point).add(up.clone().setY(rp + 0.35)), `first touch t = ${num(result.t)}`);
        }
        labels.listing.object.visible = result.explained && result.hit && !result.listingHit;
        labels.listing.set(v3(p1).add(up.clone().setY(rp + 0.55)), 'the listing: no hit, P ends here');
      },
      status: (result) =>
        result.hit
          ? `touch at t = ${num(result.t)}${result.explained && !result.listingHit ? ' (the listing: no hit)' : ''}`
          : 'no contact',
      answer: (result) => pick(result, SWEEP_FIELDS),
      panel(result) {
        const steps = [
          para(
            'In Q’s frame P starts at X = P0 − Q0 and moves by Y = (P1 − P0) − (Q1 − Q0). They touch when |X + Y t| = r = rP + rQ: a t² + 2 b t + c = 0 with a = Y·Y, b = X·Y, c = X·X − r².',
          ),
        ];
        if (result.explained) {
          steps.push(
            row('X (relative start)', result.relativeStart),
            row('Y (relative motion)', result.relativeMotion),
            row('r = rP + rQ', result.radiusSum, 'radiusSum'),
            row('a', result.a, 'a'),
            row('b', result.b, 'b'),
            row('c', result.c, 'c'),
            row('discriminant b² − a c', result.discriminant, 'discriminant'),
            row('roots t₁, t₂', result.hasRoots ? `${num(result.tEnter)}, ${num(result.tExit)}` : 'none'),
            para(START[result.start]),
            formula(`t₁ = (−b − √(b² − a c)) / a = ${result.hasRoots ? num(result.tEnter) : 'none'}`),
            element(
              'table.numbers.versus',
              {},
              element(
                'tr',
                {},
                element('th', {}, ''),
                element('th', {}, 'the fix'),
                element('th', {}, 'the printed listing'),
              ),
              element(
                'tr',
                {},
                element('td', {}, 'accepts t₁ when'),
                element('td', {}, '0 ≤ t₁ ≤ 1'),
                element('td', {}, 't₁ ≥ 0 && t₁ ≤ 0'),
              ),
              element(
                'tr',
                {
                  'data-key': 'listing',
                  'data-value': JSON.stringify({ hit: result.listingHit, dividesByZero: result.listingDividesByZero }),
                },
                element('td', {}, 'answer'),
                element('td', {}, result.hit ? `hit at t = ${num(result.t)}` : 'no hit'),
                element(
                  'td',
                  {},
                  result.listingDividesByZero ? 'divides by 2a = 0' : result.listingHit ? 'hit at t = 0' : 'no hit',
                ),
              ),
            ),
            small(
              'The listing’s test accepts only t₁ = 0 exactly: every contact later in the step is missed, and the spheres pass through each other. With no relative motion (a = 0) it divides by zero; the fix tests the start first and never divides by a.',
            ),
          );
        } else steps.push(waiting('explainSweepSphereSphere'));
        steps.push(
          result.hit
            ? decision(
                true,
                `They first touch at t = ${num(result.t)}: P’s centre is then at ${vec(result.point)}, touching Q at ${vec(result.contact)}. t is rounded down, never later than the exact contact.`,
              )
            : decision(false, 'They never come within rP + rQ during the step: no contact (point = P1).'),
        );
        return account(
          `The quadratic — ${result.hit ? `t = ${num(result.t)}` : 'no contact'}`,
          steps,
          result,
          SWEEP_FIELDS,
        );
      },
    };
  },
};
