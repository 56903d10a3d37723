// Segment casts against boxes by slabs (Kay–Kajiya): a box is where three slabs — the space
// between two parallel faces — overlap. The segment is inside each slab for an interval of t;
// it is inside the box where all three intervals overlap, from the latest entry to the earliest
// exit. The oriented box does the same in its own frame.
import { Marker, Rod } from '../three/overlay.js';
import { num } from '../app/format.js';
import {
  account,
  BoxShape,
  COLORS,
  angleSliders,
  angles,
  at,
  ground,
  intervalChart,
  length,
  para,
  pick,
  point,
  quaternion,
  small,
  waiting,
} from './kit.js';
import { FAMILY, castDecision, castStatus, segmentParts } from './casts.js';
import { element } from '../app/controls.js';

const CAST_FIELDS = ['hit', 't', 'point', 'normal'];
const AXES = ['x', 'y', 'z'];

/** The slabs drawn on the segment's line: each axis's entry and exit, and [tEnter, tExit] lit. */
function slabParts(lab) {
  const marks = AXES.map((_, i) =>
    lab.add({ entry: new Marker(COLORS.axes[i], 0.045), exit: new Marker(COLORS.axes[i], 0.045) }),
  );
  const inside = lab.add({ rod: new Rod(COLORS.chosen, 0.035) }).rod;
  return (result, values) => {
    const { from, to } = values.values;
    const shown = result.explained;
    marks.forEach((m, i) => {
      const slab = shown ? result.slabs[i] : null;
      const visible = slab && !slab.parallel;
      m.entry.object.visible = m.exit.object.visible = Boolean(visible);
      if (!visible) return;
      // Entries and exits off the segment are drawn on its line, within reason.
      m.entry.set(at(from, to, Math.max(-1, Math.min(2, slab.entry))));
      m.exit.set(at(from, to, Math.max(-1, Math.min(2, slab.exit))));
    });
    inside.object.visible = shown && result.hit && !result.startsInside;
    if (inside.object.visible) inside.set(at(from, to, result.tEnter), at(from, to, result.tExit));
  };
}

/** The slab account, shared by the axis-aligned and the oriented box. */
function slabPanel(result, { oriented }) {
  const frame = oriented ? ' in the box’s frame (its own x, y, z)' : '';
  const steps = [
    para(
      `The box is the overlap of three slabs${frame}: min ≤ x ≤ max, and the same for y and z. Along the segment each slab holds for an interval of t, from where the segment enters it (t = (min − from) / (to − from), or from max when moving down) to where it leaves.`,
    ),
  ];
  if (!result.explained) {
    steps.push(
      waiting(oriented ? 'explainIntersectSegmentOBB' : 'explainIntersectSegmentAABB'),
      castDecision(result, 'the box'),
    );
    return steps;
  }
  const lo = Math.min(0, ...result.slabs.map((s) => (s.parallel ? 0 : Math.max(-1, s.entry))));
  const hi = Math.max(1, ...result.slabs.map((s) => (s.parallel ? 1 : Math.min(2, s.exit))));
  steps.push(
    intervalChart(
      [
        ...result.slabs.map((s, i) => ({
          label: AXES[i],
          from: s.parallel ? (s.holds ? lo : 0) : s.entry,
          to: s.parallel ? (s.holds ? hi : 0) : s.exit,
          color: COLORS.axes[i],
          lit: AXES[i] === result.enterAxis,
        })),
        { label: 'segment', from: 0, to: 1, color: '#868e96' },
        {
          label: 'inside',
          from: result.tEnter,
          to: result.hit ? result.tExit : result.tEnter,
          color: COLORS.chosen,
          lit: result.hit,
        },
      ],
      {
        lo,
        hi,
        marks: [
          { at: 0, label: 't = 0' },
          { at: 1, label: 't = 1' },
        ],
      },
    ),
    element(
      'table.numbers',
      {},
      element(
        'tr',
        {},
        ['slab', 'entry', 'exit', ''].map((x) => element('th', {}, x)),
      ),
      result.slabs.map((s, i) =>
        element(
          'tr',
          {
            'data-key': `slab-${AXES[i]}`,
            'data-value': JSON.stringify(s),
            'data-lit': String(AXES[i] === result.enterAxis),
          },
          element('td', { style: `color:${COLORS.axes[i]}` }, AXES[i]),
          element('td', {}, s.parallel ? '–' : num(s.entry)),
          element('td', {}, s.parallel ? '–' : num(s.exit)),
          element(
            'td.small',
            {},
            s.parallel
              ? s.holds
                ? 'parallel, between the faces all along'
                : 'parallel and outside: never'
              : AXES[i] === result.enterAxis
                ? 'latest entry'
                : AXES[i] === result.exitAxis
                  ? 'earliest exit'
                  : '',
          ),
        ),
      ),
    ),
  );
  if (result.startsInside)
    steps.push(para('The start is inside all three slabs: t = 0, out through the nearest face.'));
  else if (result.blockingAxis)
    steps.push(
      para(
        `The ${result.blockingAxis} slab is parallel to the segment and the segment is outside it: it never holds, a miss.`,
      ),
    );
  else
    steps.push(
      para(
        `tEnter = max(0, entries) = ${num(result.tEnter)}${result.enterAxis ? ` (the ${result.enterAxis} slab)` : ''}; tExit = min(1, exits) = ${num(result.tExit)}${result.exitAxis ? ` (the ${result.exitAxis} slab)` : ''}. ${result.hit ? 'tEnter ≤ tExit: all three hold together, from tEnter on.' : 'tEnter > tExit: the intervals never all overlap within the segment.'}`,
      ),
      result.hit
        ? small(`The normal is the ${result.enterAxis} face the segment entered last, facing the start.`)
        : null,
    );
  steps.push(castDecision(result, 'the box'));
  return steps;
}

/**
 * A box cast lab: `box(lab)` draws and drags the box and returns { query(values) → the answer,
 * place(shape, values) to set the box shape, controls? }; the segment, the slabs and the account
 * are the same for both boxes.
 */
function slabLab({ box, oriented, ...lab }) {
  return {
    ...lab,
    family: FAMILY,
    build(ctx) {
      const shape = ctx.add({ box: new BoxShape(COLORS.a) }).box;
      ctx.group.add(ground(-1.6));
      const own = box(ctx, shape);
      const segment = segmentParts(ctx);
      const slabs = slabParts(ctx);
      return {
        controls: own.controls,
        compute: own.query,
        draw(result, values) {
          own.place(values);
          shape.setColor(result.hit ? COLORS.hit : COLORS.a);
          segment.draw(result, values);
          slabs(result, values);
        },
        status: (result) => castStatus(result, 'the box'),
        answer: (result) => pick(result, CAST_FIELDS),
        panel: (result) =>
          account(`The slabs — ${castStatus(result, 'the box')}`, slabPanel(result, { oriented }), result, CAST_FIELDS),
      };
    },
  };
}

export const segmentAABB = slabLab({
  id: 'segment-aabb',
  title: 'Segment vs AABB',
  summary: 'Slabs: each axis’s entry and exit t, the latest entry decides.',
  intro:
    'Drag the segment’s ends, the box (by its body) and its corners. Each slab’s entry and exit are marked on the segment’s line in its axis’s colour; the part inside the box is lit.',
  view: { camera: [4, 3.5, 6.5], target: [0, 0, 0], fit: 3.2 },
  params: {
    from: point(-2.6, 1.4, 1.5, 'Start'),
    to: point(2.2, -0.6, -0.9, 'End'),
    min: point(-0.8, -0.7, -0.6, 'Box min'),
    max: point(1, 0.6, 0.8, 'Box max'),
  },
  functions: [
    {
      name: 'intersectSegmentAABB',
      js: 'intersectSegmentAABB(from, to, min, max)',
      cpp: 'intersect_segment_aabb',
      explain: 'explainIntersectSegmentAABB',
    },
  ],
  oriented: false,
  box(lab, shape) {
    lab.handle('min', { color: COLORS.a, radius: 0.08 });
    lab.handle('max', { color: COLORS.a, radius: 0.08 });
    lab.dragBox('min', 'max', shape.fill);
    return {
      query: (values) => {
        const { from, to, min, max } = values.values;
        return lab.queries.intersectSegmentAABB(from, to, min, max);
      },
      place: (values) => shape.setBounds(values.get('min'), values.get('max')),
    };
  },
});

export const segmentOBB = slabLab({
  id: 'segment-obb',
  title: 'Segment vs OBB',
  summary: 'The same slabs, in the box’s own frame.',
  intro:
    'Drag the segment’s ends and the box; turn it with the sliders. The segment is taken into the box’s frame, where the box is axis-aligned, and cut by its slabs.',
  view: { camera: [4, 3.5, 6.5], target: [0, 0, 0], fit: 3.2 },
  params: {
    from: point(-2.6, 1.4, 1.5, 'Start'),
    to: point(2.2, -0.6, -0.9, 'End'),
    c: point(0, 0, 0, 'Box centre'),
    rot: angles(0, 35, 20, 'Rotation'),
    hx: length(1, 'Half extent x'),
    hy: length(0.6, 'Half extent y'),
    hz: length(0.7, 'Half extent z'),
  },
  functions: [
    {
      name: 'intersectSegmentOBB',
      js: 'intersectSegmentOBB(from, to, center, rotation, halfExtents)',
      cpp: 'intersect_segment_obb',
      explain: 'explainIntersectSegmentOBB',
    },
  ],
  oriented: true,
  box(lab, shape) {
    lab.drag({ name: 'c', key: 'c', object: shape.fill, behind: true });
    const frame = (values) => {
      const { c, rot, hx, hy, hz } = values.values;
      return [c, quaternion(rot), { x: hx, y: hy, z: hz }];
    };
    return {
      controls: (state) => angleSliders(state, 'rot'),
      query: (values) => lab.queries.intersectSegmentOBB(values.get('from'), values.get('to'), ...frame(values)),
      place: (values) => {
        const [c, q, h] = frame(values);
        shape.set(c, h, q);
      },
    };
  },
});
