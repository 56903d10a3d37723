// Two axis-aligned boxes: the contact (aabb_aabb) and the chapter's player-vs-wall push-out
// (push_out_aabb_aabb, FixCollisions): per axis the second box can leave the first up or down;
// those six moves are the candidates, a negative one means that axis already separates them, and
// the least is the shortest way out.
import { Arrow, Marker, v3 } from '../three/overlay.js';
import { num, vec } from '../app/format.js';
import { element } from '../app/controls.js';
import { BOX_MOVES } from './queries.js';
import { account, BoxShape, COLORS, boxFrame, decision, ground, para, pick, point, small, waiting } from './kit.js';
import { FAMILY as CONTACTS } from './contacts.js';

const CONTACT_FIELDS = ['hit', 'point', 'normal', 'depth'];
const DIRECTIONS = BOX_MOVES.map((name) => {
  const axis = 'xyz'.indexOf(name[1]);
  const sign = name[0] === '+' ? 1 : -1;
  return {
    name,
    axis: name[1],
    vector: { x: axis === 0 ? sign : 0, y: axis === 1 ? sign : 0, z: axis === 2 ? sign : 0 },
  };
});

/** The six candidates as a table: how each is computed, its value, chosen or separating lit. */
function candidateTable(result, first, second) {
  return element(
    'table.numbers',
    {},
    element(
      'tr',
      {},
      ['move', `${second} leaves ${first} by`, ''].map((x) => element('th', {}, x)),
    ),
    DIRECTIONS.map((d, i) => {
      const up = d.name[0] === '+';
      const value = result.candidates[i];
      const state = d.name === result.chosen ? 'least' : value < 0 ? 'separates' : '';
      return element(
        'tr',
        { 'data-key': `move${d.name}`, 'data-value': JSON.stringify(value), 'data-lit': String(state === 'least') },
        element('td', {}, d.name),
        element(
          'td',
          {},
          up
            ? `${first}.max.${d.axis} − ${second}.min.${d.axis} = `
            : `${second}.max.${d.axis} − ${first}.min.${d.axis} = `,
          element('strong', {}, num(value)),
        ),
        element('td.small', { 'data-state': state }, state),
      );
    }),
  );
}

/**
 * The account of the six moves: the table and its verdict with the explain form, the plain
 * answer's sentence (`plain`, null when apart) without it.
 */
function movesAccount(result, { title, intro, names, explain, fields, apart, least, plain, after = null }) {
  const steps = [para(intro)];
  if (result.explained) {
    const amount = result.chosen ? result.candidates[BOX_MOVES.indexOf(result.chosen)] : 0;
    steps.push(
      candidateTable(result, ...names),
      result.separating
        ? decision(false, `The ${result.separating} move is negative: ${apart}`)
        : decision(true, `Every move is ≥ 0. The least, ${result.chosen} by ${num(amount)}, is ${least}`),
    );
  } else {
    steps.push(
      waiting(explain),
      plain
        ? decision(true, plain)
        : decision(false, 'Apart, or only touching: on some axis there is no overlap to leave.'),
    );
  }
  return account(title, [...steps, after], result, fields);
}

// ---- AABB–AABB ----------------------------------------------------------------------------------

export const aabbAABB = {
  id: 'aabb-aabb',
  title: 'AABB–AABB',
  family: CONTACTS,
  summary: 'Six ways out; the least is the contact.',
  intro:
    'Drag the boxes (by their bodies or corners). They overlap when their intervals overlap on all three axes; the contact is the shortest of the six moves that separate them.',
  view: { camera: [3.5, 3.5, 6.5], target: [0, 0, 0], fit: 3 },
  params: {
    amin: point(-1.4, -0.8, -0.8, 'A min'),
    amax: point(0.6, 0.6, 0.8, 'A max'),
    bmin: point(0.1, -0.2, -0.4, 'B min'),
    bmax: point(1.5, 1.2, 0.6, 'B max'),
  },
  functions: [
    {
      name: 'aabbAABB',
      js: 'aabbAABB(minA, maxA, minB, maxB)',
      cpp: 'aabb_aabb',
      explain: 'explainAABBAABB',
    },
  ],
  build(lab) {
    const o = lab.add({
      a: new BoxShape(COLORS.a),
      b: new BoxShape(COLORS.b),
      overlap: new BoxShape(COLORS.hit, { opacity: 0.3 }),
      point: new Marker(COLORS.hit, 0.06),
      normal: new Arrow(COLORS.normal),
    });
    lab.group.add(ground(-1.5));
    for (const key of ['amin', 'amax']) lab.handle(key, { color: COLORS.a, radius: 0.08 });
    for (const key of ['bmin', 'bmax']) lab.handle(key, { color: COLORS.b, radius: 0.08 });
    lab.dragBox('amin', 'amax', o.a.fill);
    lab.dragBox('bmin', 'bmax', o.b.fill);
    const tag = lab.label('', 'value');
    return {
      compute: (values) => {
        const { amin, amax, bmin, bmax } = values.values;
        return lab.queries.aabbAABB(amin, amax, bmin, bmax);
      },
      draw(result, values) {
        const { amin, amax, bmin, bmax } = values.values;
        o.a.setBounds(amin, amax);
        o.b.setBounds(bmin, bmax);
        for (const x of [o.overlap, o.point, o.normal]) x.object.visible = result.hit;
        if (result.hit) {
          // The overlap region, drawn from the two boxes' corners (its centre is the contact point).
          o.overlap.setBounds(v3(amin).max(v3(bmin)), v3(amax).min(v3(bmax)));
          o.point.set(v3(result.point));
          o.normal.set(v3(result.point), result.normal, Math.max(result.depth, 0.3));
          tag.set(v3(result.point).add(v3({ x: 0, y: -0.3, z: 0 })), `depth ${num(result.depth)}`);
        } else tag.set(boxFrame(bmin, bmax).center.add(v3({ x: 0, y: 0.3, z: 0 })), 'apart');
      },
      status: (result) => (result.hit ? `overlap, depth ${num(result.depth)} along ${vec(result.normal, 0)}` : 'apart'),
      answer: (result) => pick(result, CONTACT_FIELDS),
      panel: (result) =>
        movesAccount(result, {
          title: `Six ways out — ${result.hit ? 'overlap' : 'apart'}`,
          intro:
            'Two boxes overlap when their intervals overlap on every axis (touching counts). For each axis, B can leave A upward (A.max − B.min) or downward (B.max − A.min).',
          names: ['A', 'B'],
          explain: 'explainAABBAABB',
          fields: CONTACT_FIELDS,
          apart: 'on that axis the intervals do not overlap, so the boxes are apart.',
          least: `the contact: normal ${vec(result.normal, 0)}, depth ${num(result.depth)}. Ties go to x, y, z, and up before down.`,
          plain: result.hit
            ? `They overlap: B leaves A by ${num(result.depth)} along ${vec(result.normal, 0)}, the least of the six moves.`
            : null,
          after: small('The contact point is the centre of the overlap region (drawn in red).'),
        }),
    };
  },
};

// ---- push-out -----------------------------------------------------------------------------------

export const pushOut = {
  id: 'push-out',
  title: 'Push-out from a wall',
  family: 'Push-out',
  summary: 'The player box leaves the wall by the least of the six moves.',
  intro:
    'Drag the player (orange) into the wall (blue). push_out_aabb_aabb(wall, player) moves the player out by the least overlap: the six candidate moves are drawn from its centre, the chosen one lit, and the player’s place after the move shown dashed.',
  view: { camera: [1.5, 8, 4.5], target: [0, 0.8, 0], fit: 3.2 },
  params: {
    wmin: point(-2.5, 0, -0.3, 'Wall min'),
    wmax: point(2.5, 2, 0.3, 'Wall max'),
    pmin: point(-0.4, 0, 0.05, 'Player min'),
    pmax: point(0.4, 1.6, 0.85, 'Player max'),
  },
  functions: [
    {
      name: 'pushOutAABBAABB',
      js: 'pushOutAABBAABB(fixedMin, fixedMax, movingMin, movingMax)',
      cpp: 'push_out_aabb_aabb',
      explain: 'explainPushOutAABBAABB',
    },
  ],
  build(lab) {
    const o = lab.add({
      wall: new BoxShape(COLORS.a, { opacity: 0.3 }),
      player: new BoxShape(COLORS.b),
      after: new BoxShape(COLORS.ok, { opacity: 0.08 }),
    });
    const arrows = DIRECTIONS.map(() => lab.add({ arrow: new Arrow('#868e96', { radius: 0.015, head: 0.1 }) }).arrow);
    const tags = DIRECTIONS.map(() => lab.label('', 'value'));
    lab.group.add(ground(0, 16));
    lab.dragBox('pmin', 'pmax', o.player.fill, { plane: 'horizontal', behind: false });
    return {
      compute: (values) => {
        const { wmin, wmax, pmin, pmax } = values.values;
        return lab.queries.pushOutAABBAABB(wmin, wmax, pmin, pmax);
      },
      draw(result, values) {
        const { wmin, wmax, pmin, pmax } = values.values;
        o.wall.setBounds(wmin, wmax);
        o.player.setBounds(pmin, pmax);
        const push = v3(result.push);
        o.after.object.visible = push.lengthSq() > 0;
        o.after.setBounds(v3(pmin).add(push), v3(pmax).add(push));
        const { center } = boxFrame(pmin, pmax);
        DIRECTIONS.forEach((d, i) => {
          const amount = result.explained ? result.candidates[i] : 0;
          const lit = result.explained && d.name === result.chosen;
          arrows[i].object.visible = result.explained && amount > 0;
          tags[i].object.visible = arrows[i].object.visible && d.axis !== 'y';
          if (!arrows[i].object.visible) return;
          arrows[i].shaft.material.color.set(lit ? COLORS.chosen : '#868e96');
          arrows[i].set(center, d.vector, amount);
          tags[i].set(center.clone().addScaledVector(v3(d.vector), amount + 0.15), `${d.name} ${num(amount)}`);
        });
      },
      status: (result) => {
        const push = result.push;
        return push.x || push.y || push.z ? `push out by ${vec(push)}` : 'no overlap: no push';
      },
      answer: (result) => ({ push: result.push }),
      panel: (result) => {
        const { x, y, z } = result.push;
        return movesAccount(result, {
          title: 'Six candidate moves',
          intro:
            'The chapter’s FixCollisions: for each axis the player can leave the wall toward + (wall.max − player.min) or toward − (player.max − wall.min). If any is negative they do not overlap; otherwise the least is the shortest way out — the player moves by it along that axis only.',
          names: ['wall', 'player'],
          explain: 'explainPushOutAABBAABB',
          fields: ['push'],
          apart: 'the player is clear of the wall, no push.',
          least: `the player moves by ${vec(result.push)} and then touches the wall.`,
          plain:
            x || y || z
              ? `The player moves by ${vec(result.push)}: the least of the six moves, and then touches the wall.`
              : null,
        });
      },
    };
  },
};
