// Two oriented boxes by the separating-axis theorem: 15 candidate axes (each box's three face
// normals and the nine cross products of an edge of one with an edge of the other). On each, the
// boxes' shadows are intervals; if any pair of shadows does not overlap the boxes are apart,
// otherwise the axis of least overlap is the contact.
import { Arrow, Marker, Rod, v3 } from '../three/overlay.js';
import { num, vec } from '../app/format.js';
import { element } from '../app/controls.js';
import {
  account,
  BoxShape,
  COLORS,
  angleSliders,
  angles,
  decision,
  ground,
  para,
  pick,
  point,
  quaternion,
  small,
  waiting,
} from './kit.js';
import { FAMILY as CONTACTS } from './contacts.js';

const CONTACT_FIELDS = ['hit', 'point', 'normal', 'depth'];
/** The axis names with a readable cross sign ('A0xB1' → 'A0×B1'). */
const pretty = (name) => name?.replace('x', '×') ?? '';

export const obbOBB = {
  id: 'obb-obb',
  title: 'OBB–OBB (15 axes)',
  family: CONTACTS,
  summary: 'Separating axes: 6 face normals and 9 edge pairs.',
  intro:
    'Drag the boxes; turn them with the sliders. The decisive axis is drawn through A’s centre with both shadows on it: apart on the first axis whose shadows do not overlap, else in contact along the axis of least overlap.',
  view: { camera: [3.5, 4, 6.5], target: [0, 0.2, 0], fit: 3.2 },
  params: {
    ca: point(0, 0, 0, 'Centre A'),
    rota: angles(45, 0, 0, 'Rotation A'),
    ha: { ...point(1.4, 0.35, 0.35, 'Half extents A'), limit: 10 },
    cb: point(0, 1, 0, 'Centre B'),
    rotb: angles(0, 0, 45, 'Rotation B'),
    hb: { ...point(0.35, 0.35, 1.4, 'Half extents B'), limit: 10 },
  },
  functions: [
    {
      name: 'obbOBB',
      js: 'obbOBB(centerA, rotationA, halfExtentsA, centerB, rotationB, halfExtentsB)',
      cpp: 'obb_obb',
      explain: 'explainOBBOBB',
    },
  ],
  build(lab) {
    const o = lab.add({
      a: new BoxShape(COLORS.a),
      b: new BoxShape(COLORS.b),
      axis: new Rod('#adb5bd', 0.008),
      shadowA: new Rod(COLORS.a, 0.035),
      shadowB: new Rod(COLORS.b, 0.035),
      point: new Marker(COLORS.hit, 0.06),
      normal: new Arrow(COLORS.normal),
    });
    const tag = lab.label('', 'value');
    lab.group.add(ground(-1.6));
    lab.drag({ name: 'ca', key: 'ca', object: o.a.fill });
    lab.drag({ name: 'cb', key: 'cb', object: o.b.fill });
    const args = (values) => {
      const { ca, rota, ha, cb, rotb, hb } = values.values;
      return [ca, quaternion(rota), ha, cb, quaternion(rotb), hb];
    };
    return {
      controls: (state) => [...angleSliders(state, 'rota'), ...angleSliders(state, 'rotb')],
      compute: (values) => lab.queries.obbOBB(...args(values)),
      draw(result, values) {
        const [ca, qa, ha, cb, qb, hb] = args(values);
        o.a.set(ca, ha, qa).setColor(result.hit ? COLORS.hit : COLORS.a);
        o.b.set(cb, hb, qb);
        o.point.object.visible = o.normal.object.visible = result.hit;
        if (result.hit) {
          o.point.set(v3(result.point));
          o.normal.set(v3(result.point), result.normal, 0.8);
        }
        const name = result.explained ? (result.separating ?? result.least) : null;
        const axis = name ? result.axes.find((x) => x.name === name) : null;
        for (const x of [o.axis, o.shadowA, o.shadowB, tag]) x.object.visible = Boolean(axis);
        if (!axis) return;
        // The axis through A's centre; the shadows as the package measured them along it.
        const L = v3(axis.axis);
        const A = v3(ca);
        const along = (s) => A.clone().addScaledVector(L, s);
        const reach = Math.abs(axis.distance) + axis.radiusA + axis.radiusB + 0.6;
        o.axis.set(along(-reach), along(reach));
        o.shadowA.set(along(-axis.radiusA), along(axis.radiusA));
        o.shadowB.set(along(axis.distance - axis.radiusB), along(axis.distance + axis.radiusB));
        tag.set(
          along(reach),
          `${pretty(name)}: ${axis.overlap < 0 ? 'gap' : 'overlap'} ${num(Math.abs(axis.overlap))}`,
        );
      },
      status: (result) =>
        result.explained
          ? result.separating
            ? `separated on axis ${pretty(result.separating)}`
            : `overlap ${num(result.depth)} on axis ${pretty(result.least)}`
          : result.hit
            ? `overlap, depth ${num(result.depth)}`
            : 'separated',
      answer: (result) => pick(result, CONTACT_FIELDS),
      panel(result) {
        const steps = [
          para(
            'Two convex shapes are apart exactly when some axis separates their shadows. For two boxes 15 candidates suffice: A’s face normals A0–A2, B’s B0–B2, and Ai × Bj for each pair of edge directions.',
          ),
          small(
            'On an axis L: each shadow’s half width is Σ halfᵢ |axisᵢ · L|; the centres’ shadows are d = (cB − cA) · L apart; overlap = rA + rB − |d|.',
          ),
        ];
        if (!result.explained) {
          steps.push(waiting('explainOBBOBB'));
          steps.push(
            result.hit
              ? decision(
                  true,
                  `No axis separates them: contact along ${vec(result.normal)}, depth ${num(result.depth)}.`,
                )
              : decision(false, 'Some axis separates them: apart.'),
          );
          return account('15 axes', steps, result, CONTACT_FIELDS);
        }
        steps.push(
          element(
            'table.numbers.axes',
            {},
            element(
              'tr',
              {},
              ['axis', 'rA', 'rB', '|d|', 'overlap'].map((x) => element('th', {}, x)),
            ),
            result.axes.map((x) =>
              element(
                'tr',
                {
                  'data-key': `axis-${x.name}`,
                  'data-value': JSON.stringify(x.skipped ? null : x.overlap),
                  'data-state': x.skipped
                    ? 'skipped'
                    : x.name === result.separating
                      ? 'separates'
                      : x.name === result.least
                        ? 'least'
                        : '',
                },
                element('td', {}, pretty(x.name)),
                ...(x.skipped
                  ? [element('td', { colspan: 4 }, 'parallel edges: no axis')]
                  : [x.radiusA, x.radiusB, Math.abs(x.distance), x.overlap].map((v) => element('td', {}, num(v)))),
              ),
            ),
          ),
          result.separating
            ? decision(
                false,
                `Axis ${pretty(result.separating)} separates them: their shadows on it are ${num(-result.axes.find((x) => x.name === result.separating).overlap)} apart. The test stops at the first such axis.`,
              )
            : decision(
                true,
                `No axis separates them. The least overlap, ${num(result.depth)} on ${pretty(result.least)}, is the contact: moving B by it along ${vec(result.normal)} separates them.`,
              ),
          small(
            'Edge pairs within 10⁻⁶ of parallel give no axis: their cross product is rounding noise, and the face axes already cover that direction.',
          ),
        );
        const title = result.separating
          ? `separated on ${pretty(result.separating)}`
          : `overlap on ${pretty(result.least)}`;
        return account(`15 axes — ${title}`, steps, result, CONTACT_FIELDS);
      },
    };
  },
};
