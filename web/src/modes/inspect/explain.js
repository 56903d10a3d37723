// The inspection panel's step-by-step account, in the manner of its sources (listed in README.md:
// the DxLib tutorial (triangle–sphere), marupeke296.com 3D collision no. 8, no. 10, no. 20): every
// decision with the numbers that made it. All numbers come from the package's answers
// (explainClosestPointOnTriangle's dot products, Lagrange terms and region tests; the contact,
// bounding-sphere, floor and sweep results); the few computed here (edge lengths and angles)
// are marked as such.
import { element } from '../../app/controls.js';
import { num, vec } from '../../app/format.js';
import { REGION_COLORS } from './voronoi.js';

const OPS = { '<=': '≤', '>=': '≥' };

/** What each region's decision means, and how the closest point follows. */
const MEANING = {
  A: 'P is behind A along both edges that leave A (d1 ≤ 0 along AB, d2 ≤ 0 along AC): the closest point is A itself.',
  B: 'P is past B along AB (d3 ≥ 0) and behind B along BC ((C − B)·bp = d4 − d3 ≤ 0): the closest point is B.',
  C: 'P is past C along AC (d6 ≥ 0) and behind C along CB ((B − C)·cp = d5 − d6 ≤ 0): the closest point is C.',
  AB: 'P is outside edge AB (vc ≤ 0: the sign of (ab × ac)·(ap × bp), by the Lagrange identity) and projects between A and B (d1 ≥ 0, d3 ≤ 0): Q = A + t·ab with t = d1 / (d1 − d3).',
  CA: 'P is outside edge CA (vb ≤ 0) and projects between A and C (d2 ≥ 0, d6 ≤ 0): Q = A + t·ac with t = d2 / (d2 − d6).',
  BC: 'P is outside edge BC (va ≤ 0) and projects between B and C: Q = B + t·(C − B) with t = (d4 − d3) / ((d4 − d3) + (d5 − d6)).',
  face: 'P is inside all three edges: it projects onto the face. Q = A + v·ab + w·ac with v = vb / (va + vb + vc), w = vc / (va + vb + vc).',
};

const PLANE_CASES = {
  hitFront: (sweep) =>
    `The distance to the plane falls from ${num(sweep.startDistance)} to the radius during the step: contact at t = ${num(sweep.t)}.`,
  embedded: (sweep) =>
    `The sphere already overlaps the plane at the start (|${num(sweep.startDistance)}| < r): t = 0, push out along the normal.`,
  embeddedParallel: () => 'Embedded and moving parallel to the plane: touching all along, t = 0.',
  movingAway: () => 'The sphere is in front and moving away from the plane: no contact.',
  parallel: () =>
    'Moving parallel to the plane, never within r of it: no contact (where marupeke296.com 3D collision no. 10 divides by zero).',
  tooFar: (sweep) => `It would touch at time ${num(sweep.contactTime)}, after this step ends (t > 1): no contact yet.`,
  behindPlane: () =>
    'The centre starts behind the plane: the back face does not collide (marupeke296.com 3D collision no. 10, by design).',
  invalid: () => 'The input is not valid (a zero normal or a non-finite value).',
};

/** One region test with the numbers substituted, term by term. */
function testRow(test, values, decided) {
  const terms = test.condition === 'none of the above' ? [] : test.condition.split('&&').map((t) => t.trim());
  const shown = terms.map((term) => {
    const [, lhs, op, rhs] = /^(.+?)\s*(<=|>=)\s*(.+)$/.exec(term);
    const left = evaluate(lhs, values);
    const right = evaluate(rhs, values);
    const ok = op === '<=' ? left <= right : left >= right;
    const rhsText = rhs === '0' ? '0' : `${rhs} = ${num(right)}`;
    return element(
      'span.term',
      { 'data-ok': String(ok) },
      `${lhs.replace(' - ', ' − ')} = ${num(left)} ${OPS[op]} ${rhsText}`,
    );
  });
  return element(
    'li.test',
    { 'data-passed': String(test.passed), 'data-decided': String(decided) },
    element('span.region', { style: `--region:${REGION_COLORS[test.region]}` }, test.region),
    element('span.terms', {}, shown.length ? shown : element('span.term', {}, 'no earlier test passed')),
    element('span.mark', { 'aria-label': test.passed ? 'passed' : 'failed' }, test.passed ? '✓' : '✗'),
  );
}

/** Evaluates "d1", "0" or "d4 - d3" from the explanation's values. */
function evaluate(expr, values) {
  return expr
    .split(' - ')
    .map((part) => (part.trim() === '0' ? 0 : values[part.trim()]))
    .reduce((x, y) => x - y);
}

const row = (name, value) => element('div.kv', {}, element('span.k', {}, name), element('span.v', {}, value));

/** The whole account, as a list of collapsible sections. */
export function explanation(r, open) {
  const e = r.explain;
  const values = { ...e.dots, ...e.lagrange };
  const decidedAt = e.tests.findIndex((t) => t.passed);

  const closest = [
    element(
      'p',
      {},
      "Which feature of the triangle is closest to the sphere's centre P? The DxLib tutorial (triangle–sphere) tests the six outside regions one by one; the optimised form asks only dot products — no cross product, no square root.",
    ),
    row('A', vec(r.a)),
    row('B', vec(r.b)),
    row('C', vec(r.c)),
    row('P', vec(r.p)),
    element('h4', {}, 'Dot products'),
    element('p.small', {}, 'ab = B − A, ac = C − A, and ap, bp, cp from each vertex to P.'),
    row('d1 = ab·ap', num(e.dots.d1)),
    row('d2 = ac·ap', num(e.dots.d2)),
    row('d3 = ab·bp', num(e.dots.d3)),
    row('d4 = ac·bp', num(e.dots.d4)),
    row('d5 = ab·cp', num(e.dots.d5)),
    row('d6 = ac·cp', num(e.dots.d6)),
    element('h4', {}, 'Edge sides (Lagrange identity)'),
    element(
      'p.small',
      {},
      '(x × y)·(z × w) = (x·z)(y·w) − (x·w)(y·z): which side of each edge P is on, from the dot products above.',
    ),
    row('vc = d1·d4 − d3·d2', num(e.lagrange.vc)),
    row('vb = d5·d2 − d1·d6', num(e.lagrange.vb)),
    row('va = d3·d6 − d5·d4', num(e.lagrange.va)),
    element('h4', {}, 'Region tests, in order'),
  ];
  if (e.degenerate) {
    closest.push(
      element(
        'p.note',
        {},
        `The triangle has no area (its vertices are collinear or coincide): it is answered as the segment or point it collapses to — here ${e.region}. The DxLib tutorial (triangle–sphere) falls back to the nearest vertex.`,
      ),
    );
  } else {
    closest.push(
      element(
        'ol.tests',
        {},
        e.tests.map((t, i) => testRow(t, values, i === decidedAt)),
      ),
    );
    closest.push(
      element(
        'p.decision',
        { style: `--region:${REGION_COLORS[e.region]}` },
        element('strong', {}, `Region ${e.region}. `),
        MEANING[e.region],
      ),
    );
  }
  closest.push(row('closest point Q', vec(e.point)), row('barycentric (u, v, w)', vec(e.barycentric)));

  const k = r.contact;
  const dist = Math.hypot(r.p.x - e.point.x, r.p.y - e.point.y, r.p.z - e.point.z);
  const contact = [
    element('p', {}, 'The sphere touches the triangle when its centre is within r of the closest point.'),
    row('|P − Q|', num(dist)),
    row('radius r', num(r.r)),
    element(
      'p.decision',
      { 'data-hit': String(k.hit) },
      k.hit
        ? `|P − Q| ≤ r: hit, depth r − |P − Q| = ${num(k.depth)}.`
        : `|P − Q| > r: no contact, a gap of ${num(dist - r.r)}.`,
    ),
  ];
  if (k.hit) contact.push(row('normal (Q → P)', vec(k.normal)), row('contact point', vec(k.point)));

  const bs = r.bounding,
    cs = r.circum;
  const names = ['A', 'B', 'C'];
  const bounds = [
    element(
      'p',
      {},
      'The smallest sphere holding the triangle (marupeke296.com 3D collision no. 20): if an angle is right or obtuse, the longest edge is a diameter; if all are acute, it is the circumsphere.',
    ),
    row('angles at A, B, C (computed here)', r.angles.map((x) => `${num(x, 1)}°`).join(', ')),
    element(
      'p.decision',
      {},
      bs.kind === 'acute'
        ? `All angles are acute: the minimum sphere is the circumsphere, radius ${num(bs.radius)}.`
        : bs.kind === 'rightOrObtuse'
          ? `The angle at ${names[bs.oppositeVertex]} is ${num(r.angles[bs.oppositeVertex], 1)}° ≥ 90°: the opposite edge is a diameter, radius ${num(bs.radius)} — smaller than the circumsphere's ${cs.exists ? num(cs.radius) : '∞'}.`
          : 'The triangle has no area: the sphere is that of the segment it collapses to.',
    ),
    row('minimum sphere centre', vec(bs.center)),
    row('circumsphere', cs.exists ? `${vec(cs.center)}, r ${num(cs.radius)}` : 'none (collinear vertices)'),
  ];

  const f = r.probe;
  const floor = [
    element(
      'p',
      {},
      'The height of the triangle under a point (x, z), seen from above (marupeke296.com 3D collision no. 8): by the plane equation, or by area-weighted barycentric interpolation on the ground plane.',
    ),
    row('probe (x, z)', `(${num(f.x)}, ${num(f.z)})`),
    row('by the plane', f.plane === null ? 'no floor' : `y = ${num(f.plane)}`),
    row('by areas', f.area === null ? 'no floor' : `y = ${num(f.area)}`),
    element(
      'p.decision',
      {},
      f.plane === null
        ? Math.abs(r.normal.y) < 1e-6
          ? "The triangle is a wall (its normal has no y): it is nobody's floor — where marupeke296.com 3D collision no. 8 divides by N.y = 0."
          : '(x, z) is outside the triangle seen from above: no floor here.'
        : 'Inside the triangle seen from above: both methods agree.',
    ),
  ];

  const sp = r.sweep.plane,
    st = r.sweep.triangle;
  const sweep = [
    element(
      'p',
      {},
      "The sphere (radius r) moving from P0 to P1 during one step: when does it first touch the triangle's plane (marupeke296.com 3D collision no. 10), and the triangle itself? t is the fraction of the motion, in [0, 1].",
    ),
    row('P0', vec(r.sweep.p0)),
    row('P1', vec(r.sweep.p1)),
    row('plane normal n', vec(r.normal)),
    row('start distance (P0 − A)·n', num(sp.startDistance)),
    row('contact time', sp.contactTime === null ? 'none (parallel)' : num(sp.contactTime)),
    element(
      'p.decision',
      { 'data-hit': String(sp.hit) },
      element('strong', {}, `Plane: ${sp.kind}. `),
      PLANE_CASES[sp.kind](sp),
    ),
    element(
      'p.decision',
      { 'data-hit': String(st.hit) },
      element('strong', {}, 'Triangle: '),
      st.hit
        ? `first contact at t = ${num(st.t)} on ${st.feature === 'face' ? 'the face' : st.feature.length === 2 ? `edge ${st.feature}` : `vertex ${st.feature}`}${sp.hit && st.t > sp.t + 1e-6 ? ' — later than the plane: the plane contact point is outside the triangle' : ''}.`
        : 'no contact during the step.',
    ),
  ];
  if (st.hit)
    sweep.push(
      row('centre at contact', vec(st.point)),
      row('contact point', vec(st.contact)),
      row('normal', vec(st.normal)),
    );

  const section = (id, title, body) =>
    element(
      'details.explain',
      { open: open.has(id), 'data-section': id, ontoggle: (ev) => (ev.target.open ? open.add(id) : open.delete(id)) },
      element('summary', {}, title),
      ...body,
    );

  return [
    section('closest', `1 · Closest point — region ${e.region}`, closest),
    section('contact', `2 · Sphere contact — ${k.hit ? `hit, depth ${num(k.depth)}` : 'no contact'}`, contact),
    section('bounds', `3 · Bounding spheres — ${bs.kind === 'rightOrObtuse' ? 'right or obtuse' : bs.kind}`, bounds),
    section('floor', `4 · Floor height — ${f.plane === null ? 'none' : `y = ${num(f.plane)}`}`, floor),
    section('sweep', `5 · Sweep — ${st.hit ? `t = ${num(st.t)} (${st.feature})` : 'no contact'}`, sweep),
  ];
}
