// Sweep and prune: boxes moving on a plane. Sorted by where they start along x, each box is
// tested only against the boxes that start before it ends on x — the pairs whose x intervals
// overlap — instead of against every other box (all pairs, n (n − 1) / 2 tests). Fast while few
// boxes share x ranges.
import * as THREE from 'three';
import { Rod, v3 } from '../three/overlay.js';
import { element } from '../app/controls.js';
import { seededRandom } from '../app/random.js';
import { BoxShape, COLORS, decision, intervalChart, para, row, section, small, waiting } from './kit.js';

const MAX = 24;
const HEIGHT = 0.5;
const STRIP_Z = 4.6; // where the x intervals are drawn, beyond the boxes

/** The boxes at time `time`: seeded sizes and paths (a Lissajous figure each), as min/max corners. */
function boxesAt(count, seed, time) {
  const random = seededRandom(seed);
  const boxes = [];
  for (let i = 0; i < count; i++) {
    const [bx, bz, ax, az, fx, fz, phase, sx, sz] = Array.from({ length: 9 }, random);
    const x = (bx - 0.5) * 5 + (ax + 0.3) * 1.6 * Math.sin(time * (0.4 + fx) + phase * 6.28);
    const z = (bz - 0.5) * 5 + (az + 0.3) * 1.6 * Math.cos(time * (0.4 + fz) + phase * 6.28);
    const hx = 0.25 + sx * 0.5,
      hz = 0.25 + sz * 0.5;
    boxes.push({ min: { x: x - hx, y: 0, z: z - hz }, max: { x: x + hx, y: HEIGHT, z: z + hz } });
  }
  return boxes;
}

const pairsOf = (flat) => Array.from({ length: flat.length / 2 }, (_, k) => [flat[2 * k], flat[2 * k + 1]]);

export const sweepAndPrune = {
  id: 'sweep-and-prune',
  title: 'Sweep and prune',
  family: 'Broadphase',
  summary: 'Intervals sorted on x; only x-overlapping pairs are tested.',
  intro:
    'Boxes drift over the floor. Their x intervals, sorted by where they start, are drawn behind them: only boxes whose intervals overlap are tested in full. Overlapping boxes are lit.',
  view: { camera: [0, 8, 8.5], target: [0, 0, 1], fit: 4.6 },
  params: {
    count: { type: 'int', value: 10, min: 2, max: MAX, label: 'Boxes' },
    seed: { type: 'int', value: 7, min: 1, max: 999, label: 'Seed' },
    speed: {
      type: 'number',
      value: 0.6,
      min: 0,
      max: 2,
      step: 0.05,
      label: 'Speed (0 pauses)',
      format: (v) => v.toFixed(2),
    },
    time: {
      type: 'number',
      value: 0,
      min: 0,
      max: 10000,
      step: 0.01,
      label: 'Time',
      unit: 's',
      format: (v) => v.toFixed(2),
    },
  },
  functions: [
    {
      name: 'pairsSweepAndPrune',
      js: 'pairsSweepAndPrune(boxes)',
      cpp: 'pairs_sweep_and_prune',
      explain: 'explainPairsSweepAndPrune',
    },
    { name: 'pairsAll', js: 'pairsAll(boxes)', cpp: 'pairs_all' },
  ],
  build(lab) {
    const shapes = Array.from({ length: MAX }, () => new BoxShape(COLORS.a, { opacity: 0.25 }));
    const bars = Array.from({ length: MAX }, () => new Rod(COLORS.a, 0.05));
    const tags = Array.from({ length: MAX }, () => lab.label('', 'value index'));
    for (const x of [...shapes, ...bars]) lab.group.add(x.object);
    const floor = new THREE.GridHelper(14, 14, 0x394356, 0x262e3b);
    lab.group.add(floor);
    const axis = new Rod('#868e96', 0.01);
    lab.group.add(axis.object);
    return {
      tick(dt, state) {
        const speed = state.get('speed');
        if (speed > 0) state.set('time', state.get('time') + dt * speed);
        return false;
      },
      compute(values) {
        const { count, seed, time } = values.values;
        const boxes = boxesAt(count, seed, time);
        const flat = new Float32Array(6 * count);
        boxes.forEach((b, i) => flat.set([b.min.x, b.min.y, b.min.z, b.max.x, b.max.y, b.max.z], 6 * i));
        const sweep = lab.queries.pairsSweepAndPrune(flat);
        return { boxes, ...sweep, all: lab.shototsu.pairsAll(flat) };
      },
      draw(result) {
        const n = result.boxes.length;
        const lit = new Set(pairsOf(result.pairs).flat());
        // Rows of the interval strip: the sweep's order when the package gives it, else by index.
        const rank = new Map(
          (result.explained ? Array.from(result.order) : result.boxes.map((_, i) => i)).map((b, r) => [b, r]),
        );
        axis.set(v3({ x: -7, y: 0.01, z: STRIP_Z - 0.3 }), v3({ x: 7, y: 0.01, z: STRIP_Z - 0.3 }));
        for (let i = 0; i < MAX; i++) {
          const visible = i < n;
          shapes[i].object.visible = bars[i].object.visible = tags[i].object.visible = visible;
          if (!visible) continue;
          const { min, max } = result.boxes[i];
          const color = lit.has(i) ? COLORS.hit : COLORS.a;
          shapes[i].setBounds(min, max).setColor(color);
          const z = STRIP_Z + 0.22 * (rank.get(i) ?? i);
          bars[i].set(v3({ x: min.x, y: 0.02, z }), v3({ x: max.x, y: 0.02, z }));
          bars[i].object.material.color.set(color);
          tags[i].set(v3({ x: (min.x + max.x) / 2, y: HEIGHT + 0.15, z: (min.z + max.z) / 2 }), String(i));
        }
      },
      status: (result) => {
        const n = result.boxes.length;
        const found = result.pairs.length / 2;
        const tested = result.explained ? `${result.xOverlaps.length / 2} tests` : 'on x';
        return `${found} overlapping pair${found === 1 ? '' : 's'} · sweep and prune ${tested} · all pairs ${(n * (n - 1)) / 2} tests`;
      },
      answer: (result) => ({ pairs: Array.from(result.pairs) }),
      inputs: (result) => ({ boxes: result.boxes }),
      panel(result) {
        const n = result.boxes.length;
        const pairs = pairsOf(result.pairs);
        const same = result.all.length === result.pairs.length && result.all.every((x, i) => x === result.pairs[i]);
        const steps = [
          para(
            'Sort the boxes by min.x. Walking that order, each box is tested against the boxes after it until one starts beyond its max.x: only pairs whose x intervals overlap are tested in full (on y and z too).',
          ),
          row('boxes', String(n)),
          row('all pairs: tests', String((n * (n - 1)) / 2), 'allPairsTests', (n * (n - 1)) / 2),
        ];
        if (result.explained) {
          const order = Array.from(result.order);
          const tested = pairsOf(result.xOverlaps);
          const overlapping = new Set(pairs.map(([a, b]) => `${a}-${b}`));
          steps.push(
            row('sweep and prune: tests', String(tested.length), 'sweepTests', tested.length),
            row('sorted by min.x', order.join(' · ')),
            intervalChart(
              order.map((i) => ({
                label: String(i),
                from: result.boxes[i].min.x,
                to: result.boxes[i].max.x,
                color: pairs.some((p) => p.includes(i)) ? COLORS.hit : COLORS.a,
              })),
              { lo: -7, hi: 7 },
            ),
            element(
              'p.small.pairs',
              {},
              'x intervals overlap (tested): ',
              tested.map(([a, b]) =>
                element('span.pair', { 'data-lit': String(overlapping.has(`${a}-${b}`)) }, `${a}–${b} `),
              ),
            ),
          );
        } else steps.push(waiting('explainPairsSweepAndPrune'));
        steps.push(
          row(
            'overlapping pairs',
            pairs.map(([a, b]) => `${a}–${b}`).join(', ') || 'none',
            'pairs',
            Array.from(result.pairs),
          ),
          decision(
            pairs.length > 0,
            `${pairs.length} overlapping pair${pairs.length === 1 ? '' : 's'}; all pairs finds ${same ? 'the same set' : 'a different set (a bug!)'}.`,
          ),
          small(
            'Sweep and prune stays fast while few boxes share x ranges; boxes stacked along x make it test nearly every pair — the tree broadphase (pairsTree) does not degrade that way.',
          ),
        );
        return [section('Sweep and prune', steps)];
      },
    };
  },
};
