// Inspection: one triangle and one sphere, and everything shototsu says about them. Drag the
// corners A, B, C, the sphere, the sweep's ends P0 and P1 and the floor probe; the panel explains
// each answer with its numbers. Every answer is one call to the package:
//   explainClosestPointOnTriangle · triangleSphere · triangleBoundingSphere ·
//   triangleCircumsphere · floorHeight · floorHeightByArea · sweepSpherePlane · sweepSphereTriangle
import * as THREE from 'three';
import { group, controlsFor, button, element } from '../app/controls.js';
import { makeDraggable } from '../three/drag.js';
import { Arrow, Circle, GhostSphere, Label, Marker, Polyline, Rod, addAll, v3 } from '../three/overlay.js';
import { VoronoiRegions, REGION_COLORS } from './inspect/voronoi.js';
import { explanation } from './inspect/explain.js';
import { num } from '../app/format.js';

const point = (x, y, z, label) => ({ type: 'vec3', value: { x, y, z }, label, limit: 50 });

const params = {
  a: point(-2.2, 0, 1.4, 'Vertex A'),
  b: point(2.2, 0.4, 1.6, 'Vertex B'),
  c: point(0.2, 0.8, -2.2, 'Vertex C'),
  p: point(0.5, 1.1, 0.4, 'Sphere centre P'),
  r: {
    type: 'number',
    value: 0.9,
    min: 0.05,
    max: 3,
    step: 0.05,
    label: 'Sphere radius',
    unit: 'm',
    format: (v) => v.toFixed(2),
  },
  p0: point(3.8, 2.6, -1.4, 'Sweep start P0'),
  p1: point(0.6, -1.3, 0.2, 'Sweep end P1'),
  probe: point(-1.1, 2, 0.9, 'Floor probe'),
  regions: { type: 'bool', value: true, label: 'Voronoi regions' },
  bounds: { type: 'bool', value: true, label: 'Bounding spheres' },
  floor: { type: 'bool', value: true, label: 'Floor-height probe' },
  sweep: { type: 'bool', value: true, label: 'Sweep P0 → P1' },
};

/** Triangles worth looking at (they set A, B, C). */
const PRESETS = {
  'acute (the default)': [params.a.value, params.b.value, params.c.value],
  obtuse: [
    { x: -2.6, y: 0, z: 0.8 },
    { x: 2.6, y: 0.3, z: 0.8 },
    { x: 0.3, y: 0.4, z: -0.4 },
  ],
  'right angle at A': [
    { x: -1.5, y: 0, z: 1.5 },
    { x: 1.5, y: 0, z: 1.5 },
    { x: -1.5, y: 0, z: -1.5 },
  ],
  needle: [
    { x: -2.5, y: 0.2, z: 0.2 },
    { x: 2.5, y: 0.3, z: 0 },
    { x: 2.4, y: 0.35, z: -0.3 },
  ],
  'a wall (vertical)': [
    { x: -1.8, y: -0.8, z: 0 },
    { x: 1.8, y: -0.8, z: 0 },
    { x: 0, y: 2.2, z: 0 },
  ],
  'degenerate (collinear)': [
    { x: -2, y: 0, z: 1 },
    { x: 0, y: 0.25, z: 0 },
    { x: 2, y: 0.5, z: -1 },
  ],
};

const COLORS = {
  triangle: '#8fa3bf',
  hit: '#ff5d73',
  miss: '#9aa5b8',
  closest: '#ffffff',
  normal: '#ff8fab',
  bounding: '#ffd166',
  circum: '#63e6be',
  probe: '#74c0fc',
  sweep: '#dee2e6',
  planeHit: '#ffa94d',
  triHit: '#ff5d73',
};

export default {
  id: 'inspect',
  title: 'Inspection',
  intro:
    'One triangle, one sphere. Drag the corners A, B, C, the sphere, the sweep ends P0 and P1 and the floor probe; orbit by dragging anywhere else. Every number below is an answer from shototsu.',
  stage: { camera: [3.4, 6.4, 8.4], target: [0, 0.2, 0.2], fit: 4.4 },
  params,
  create,
};

function create({ shototsu, stage, params: state, shell }) {
  const { scene } = stage;
  const floorY = -1.6;
  const grid = new THREE.GridHelper(24, 24, 0x394356, 0x262e3b);
  grid.position.y = floorY;
  scene.add(grid);

  // The triangle: a see-through face and solid edges.
  const triGeometry = new THREE.BufferGeometry();
  triGeometry.setAttribute('position', new THREE.BufferAttribute(new Float32Array(9), 3));
  const triangle = new THREE.Mesh(
    triGeometry,
    new THREE.MeshStandardMaterial({
      color: COLORS.triangle,
      side: THREE.DoubleSide,
      transparent: true,
      opacity: 0.55,
      depthWrite: false,
      roughness: 0.6,
    }),
  );
  scene.add(triangle);
  const voronoi = new VoronoiRegions();
  scene.add(voronoi.object);

  const o = addAll(scene, {
    edgeAB: new Rod(COLORS.triangle, 0.018),
    edgeBC: new Rod(COLORS.triangle, 0.018),
    edgeCA: new Rod(COLORS.triangle, 0.018),
    sphere: new GhostSphere(COLORS.miss, { opacity: 0.25, wire: 0.2 }),
    centre: new Marker('#ffffff', 0.05),
    closest: new Marker(COLORS.closest, 0.07),
    toClosest: new Rod(COLORS.miss, 0.015),
    projection: new Polyline('#ffffff', { dashed: true, opacity: 0.6, dash: 0.07 }),
    foot: new Marker('#ffffff', 0.035),
    normal: new Arrow(COLORS.normal),
    depth: new Rod(COLORS.hit, 0.035),
    bounding: new Circle(COLORS.bounding),
    boundingSphere: new GhostSphere(COLORS.bounding, { opacity: 0.05, wire: false }),
    circum: new Circle(COLORS.circum, { dashed: true, dash: 0.12 }),
    probeLine: new Polyline(COLORS.probe, { dashed: true, dash: 0.08 }),
    probeHit: new Marker(COLORS.probe, 0.06),
    sweepPath: new Rod(COLORS.sweep, 0.012, 0.7),
    sweepStart: new GhostSphere(COLORS.sweep, { opacity: 0.05, wire: 0.1 }),
    sweepEnd: new GhostSphere(COLORS.sweep, { opacity: 0.05, wire: 0.1 }),
    planeAt: new GhostSphere(COLORS.planeHit, { opacity: 0.1, wire: 0.18 }),
    triAt: new GhostSphere(COLORS.triHit, { opacity: 0.16, wire: 0.25 }),
    triContact: new Marker(COLORS.triHit, 0.06),
    triNormal: new Arrow(COLORS.triHit, { radius: 0.018, head: 0.12 }),
  });
  const labels = addAll(scene, {
    A: new Label('A', 'vertex'),
    B: new Label('B', 'vertex'),
    C: new Label('C', 'vertex'),
    P: new Label('P', 'point'),
    Q: new Label('Q', 'point'),
    depth: new Label('', 'value'),
    bounding: new Label('', 'value bounding'),
    circum: new Label('circumsphere', 'value circum'),
    probe: new Label('', 'value probe'),
    P0: new Label('P0', 'point'),
    P1: new Label('P1', 'point'),
    planeAt: new Label('', 'value plane'),
    triAt: new Label('', 'value tri'),
  });
  for (const name of ['A', 'B', 'C']) labels[name].el.style.setProperty('--region', REGION_COLORS[name]);

  // Handles: the vertices, the sweep's ends and the probe are small balls; the sphere is itself.
  const handleMesh = (color, radius) =>
    new THREE.Mesh(
      new THREE.SphereGeometry(radius, 20, 14),
      new THREE.MeshStandardMaterial({ color, roughness: 0.35, emissive: color, emissiveIntensity: 0.25 }),
    );
  const handles = {
    a: handleMesh(REGION_COLORS.A, 0.12),
    b: handleMesh(REGION_COLORS.B, 0.12),
    c: handleMesh(REGION_COLORS.C, 0.12),
    p0: handleMesh('#ced4da', 0.09),
    p1: handleMesh('#ced4da', 0.09),
    probe: new THREE.Mesh(
      new THREE.ConeGeometry(0.11, 0.3, 16).rotateX(Math.PI),
      new THREE.MeshStandardMaterial({
        color: COLORS.probe,
        roughness: 0.4,
        emissive: COLORS.probe,
        emissiveIntensity: 0.25,
      }),
    ),
  };
  // A larger invisible ball around each handle takes the press: fingers are not mouse pointers.
  const grip = new THREE.SphereGeometry(0.3, 12, 8);
  const unseen = new THREE.MeshBasicMaterial({ visible: false });
  for (const mesh of Object.values(handles)) {
    mesh.add(new THREE.Mesh(grip, unseen));
    scene.add(mesh);
  }

  const drag = makeDraggable(stage, [
    ...['a', 'b', 'c', 'p0', 'p1'].map((key) => ({
      name: key,
      object: handles[key],
      position: () => v3(state.get(key)),
      move: (p) => state.set(key, p),
    })),
    {
      name: 'p',
      object: o.sphere.fill,
      behind: true,
      position: () => v3(state.get('p')),
      move: (p) => state.set('p', p),
    },
    {
      name: 'probe',
      object: handles.probe,
      plane: 'horizontal',
      position: () => v3(state.get('probe')),
      move: (p) => state.set('probe', p),
    },
  ]);

  // ---- the panel ----------------------------------------------------------------------------
  const open = new Set(['closest']);
  const summary = element('div.summary');
  const account = element('div.account');
  if (!shell.embed) {
    const preset = element(
      'select',
      {
        id: 'preset',
        onchange: () => {
          if (!PRESETS[preset.value]) return;
          const [a, b, c] = PRESETS[preset.value];
          state.set('a', a);
          state.set('b', b);
          state.set('c', c);
        },
      },
      Object.keys(PRESETS).map((name) => element('option', { value: name }, name)),
      element('option', { value: 'custom', disabled: true }, 'custom (dragged)'),
    );
    // The select names the triangle when it is one of the presets, "custom" otherwise.
    const same = (u, v) => u.x === v.x && u.y === v.y && u.z === v.z;
    const showPreset = () => {
      const { a, b, c } = state.values;
      preset.value =
        Object.keys(PRESETS).find((name) => [a, b, c].every((v, i) => same(v, PRESETS[name][i]))) ?? 'custom';
    };
    state.onChange((key) => ['a', 'b', 'c'].includes(key) && showPreset());
    showPreset();
    shell.panel.append(
      summary,
      group(
        'Shapes',
        element('label.control.select', {}, element('span.name', {}, 'Triangle'), preset),
        ...controlsFor(state, ['r']),
      ),
      group(
        'Show',
        ...controlsFor(state, ['regions', 'bounds', 'floor', 'sweep']),
        button('Reset', () => state.reset()),
      ),
      account,
    );
  }

  // ---- computing and drawing ----------------------------------------------------------------
  let dirty = true;
  let results = null;
  state.onChange(() => (dirty = true));

  function compute() {
    const { a, b, c, p, r, p0, p1, probe } = state.values;
    const A = v3(a),
      B = v3(b),
      C = v3(c);
    const normal = new THREE.Vector3().subVectors(B, A).cross(new THREE.Vector3().subVectors(C, A));
    if (normal.lengthSq() > 0) normal.normalize();
    return {
      a,
      b,
      c,
      p,
      r,
      normal,
      explain: shototsu.explainClosestPointOnTriangle(p, a, b, c),
      contact: shototsu.triangleSphere(a, b, c, p, r),
      bounding: shototsu.triangleBoundingSphere(a, b, c),
      circum: shototsu.triangleCircumsphere(a, b, c),
      angles: angles(A, B, C),
      probe: {
        x: probe.x,
        z: probe.z,
        plane: shototsu.floorHeight(a, b, c, probe.x, probe.z),
        area: shototsu.floorHeightByArea(a, b, c, probe.x, probe.z),
      },
      sweep: {
        p0,
        p1,
        plane: shototsu.sweepSpherePlane(r, p0, p1, normal, a),
        triangle: shototsu.sweepSphereTriangle(r, p0, p1, a, b, c),
      },
    };
  }

  function draw(res) {
    const { a, b, c, p, r } = res;
    const A = v3(a),
      B = v3(b),
      C = v3(c),
      P = v3(p);
    const e = res.explain;
    const show = state.values;

    // Triangle, its regions and handles.
    triGeometry.attributes.position.array.set([a.x, a.y, a.z, b.x, b.y, b.z, c.x, c.y, c.z]);
    triGeometry.attributes.position.needsUpdate = true;
    triGeometry.computeVertexNormals();
    triGeometry.computeBoundingSphere();
    o.edgeAB.set(A, B);
    o.edgeBC.set(B, C);
    o.edgeCA.set(C, A);
    const size = Math.max(A.distanceTo(B), B.distanceTo(C), C.distanceTo(A), 1);
    voronoi.object.visible = show.regions;
    if (show.regions) voronoi.set(A, B, C, e.region, size * 0.9);
    handles.a.position.copy(A);
    handles.b.position.copy(B);
    handles.c.position.copy(C);
    const centroid = A.clone().add(B).add(C).divideScalar(3);
    for (const [name, V] of [
      ['A', A],
      ['B', B],
      ['C', C],
    ]) {
      labels[name].set(V.clone().add(V.clone().sub(centroid).setLength(0.32)));
    }

    // The sphere, the closest point, the projection onto the plane, the contact.
    const k = res.contact;
    const Q = v3(e.point);
    o.sphere.set(P, r).setColor(k.hit ? COLORS.hit : COLORS.miss);
    o.centre.set(P);
    o.closest.set(Q);
    o.toClosest.set(P, Q);
    o.toClosest.object.material.color.set(k.hit ? COLORS.hit : COLORS.miss);
    labels.P.set(P.clone().add(new THREE.Vector3(0, 0.22, 0)));
    labels.Q.set(Q.clone().add(new THREE.Vector3(0.14, -0.16, 0)));
    const hasPlane = res.normal.lengthSq() > 0;
    const foot = hasPlane ? P.clone().addScaledVector(res.normal, -res.normal.dot(P.clone().sub(A))) : Q;
    o.projection.set([P, foot]);
    o.foot.set(foot);
    o.projection.object.visible = o.foot.object.visible = hasPlane && show.regions && foot.distanceTo(Q) > 1e-4;
    o.normal.object.visible = o.depth.object.visible = k.hit;
    if (k.hit) {
      const n = v3(k.normal);
      o.normal.set(Q, n, 0.7);
      o.depth.set(Q, P.clone().addScaledVector(n, -r));
      labels.depth.set(
        Q.clone()
          .addScaledVector(n, -0.2)
          .add(new THREE.Vector3(0, -0.12, 0)),
        `depth ${num(k.depth)}`,
      );
    } else {
      labels.depth.set(P.clone().add(Q).multiplyScalar(0.5), `gap ${num(P.distanceTo(Q) - r)}`);
    }

    // Bounding spheres, as their great circles in the triangle's plane.
    const bs = res.bounding,
      cs = res.circum;
    const planeNormal = hasPlane ? res.normal : new THREE.Vector3(0, 1, 0);
    o.bounding.set(v3(bs.center), planeNormal, bs.radius);
    o.boundingSphere.set(v3(bs.center), bs.radius);
    o.circum.object.visible = show.bounds && cs.exists && bs.kind !== 'acute';
    if (cs.exists) o.circum.set(v3(cs.center), planeNormal, cs.radius);
    const kind = { acute: 'acute: circumsphere', rightOrObtuse: 'obtuse: edge as diameter', degenerate: 'degenerate' }[
      bs.kind
    ];
    labels.bounding.set(v3(bs.center).addScaledVector(edgeDirection(planeNormal), bs.radius), `min. sphere (${kind})`);
    labels.circum.set(v3(cs.center).addScaledVector(edgeDirection(planeNormal), -cs.radius));
    for (const x of [o.bounding, o.boundingSphere, labels.bounding]) x.object.visible = show.bounds;
    labels.circum.object.visible = o.circum.object.visible;

    // The floor probe: a vertical line down to the triangle's height at (x, z).
    const f = res.probe;
    const top = v3(state.get('probe'));
    handles.probe.position.copy(top);
    const hitY = f.plane;
    const bottom = new THREE.Vector3(top.x, hitY ?? floorY, top.z);
    o.probeLine.set([top, bottom]);
    o.probeHit.set(bottom);
    labels.probe.set(
      top.clone().add(new THREE.Vector3(0, 0.3, 0)),
      hitY === null ? 'no floor' : `floor y = ${num(hitY)}`,
    );
    handles.probe.visible = o.probeLine.object.visible = labels.probe.object.visible = show.floor;
    o.probeHit.object.visible = show.floor && hitY !== null;

    // The sweep: where the moving sphere first touches the plane and the triangle.
    const sw = res.sweep;
    const P0 = v3(sw.p0),
      P1 = v3(sw.p1);
    handles.p0.position.copy(P0);
    handles.p1.position.copy(P1);
    o.sweepPath.set(P0, P1);
    o.sweepStart.set(P0, r);
    o.sweepEnd.set(P1, r);
    labels.P0.set(P0.clone().add(new THREE.Vector3(0, r + 0.2, 0)));
    labels.P1.set(P1.clone().add(new THREE.Vector3(0, r + 0.2, 0)));
    const sp = sw.plane,
      st = sw.triangle;
    o.planeAt.set(v3(sp.point), r);
    labels.planeAt.set(v3(sp.point).add(new THREE.Vector3(-r - 0.1, 0, 0)), `plane t = ${num(sp.t)}`);
    o.triAt.set(v3(st.point), r);
    o.triContact.set(v3(st.contact));
    o.triNormal.set(v3(st.contact), v3(st.normal), 0.6);
    labels.triAt.set(v3(st.point).add(new THREE.Vector3(r + 0.1, 0.1, 0)), `triangle t = ${num(st.t)} (${st.feature})`);
    const sweepParts = [
      o.sweepPath,
      o.sweepStart,
      o.sweepEnd,
      labels.P0,
      labels.P1,
      { object: handles.p0 },
      { object: handles.p1 },
    ];
    for (const x of sweepParts) x.object.visible = show.sweep;
    for (const x of [o.planeAt, labels.planeAt]) x.object.visible = show.sweep && sp.hit;
    for (const x of [o.triAt, o.triContact, o.triNormal, labels.triAt]) x.object.visible = show.sweep && st.hit;
  }

  function describe(res) {
    const e = res.explain,
      k = res.contact;
    return `region ${e.region} · ${k.hit ? `hit, depth ${num(k.depth)}` : 'no contact'}`;
  }

  function writePanel(res) {
    shell.hud.textContent = describe(res);
    shell.hud.style.setProperty('--region', REGION_COLORS[res.explain.region]);
    if (shell.embed) return;
    summary.replaceChildren(
      element('span.badge', { style: `--region:${REGION_COLORS[res.explain.region]}` }, res.explain.region),
      element('span', {}, res.contact.hit ? ` hit · depth ${num(res.contact.depth)}` : ' no contact'),
    );
    account.replaceChildren(...explanation(res, open));
  }

  return {
    update() {
      if (!dirty) return;
      dirty = false;
      results = compute();
      draw(results);
      writePanel(results);
    },
    info() {
      const res = results ?? compute();
      return {
        region: res.explain.region,
        hit: res.contact.hit,
        depth: res.contact.depth,
        values: structuredClone(state.values),
        dragging: drag.dragging,
        hud: shell.hud.textContent,
      };
    },
  };
}

/** The triangle's interior angles at A, B and C, in degrees (display only). */
function angles(A, B, C) {
  const at = (p, q, r) => {
    const u = new THREE.Vector3().subVectors(q, p),
      w = new THREE.Vector3().subVectors(r, p);
    const d = u.length() * w.length();
    return d > 0 ? (Math.acos(THREE.MathUtils.clamp(u.dot(w) / d, -1, 1)) * 180) / Math.PI : NaN;
  };
  return [at(A, B, C), at(B, C, A), at(C, A, B)];
}

/** A direction in the plane with normal n, for placing labels on circles. */
function edgeDirection(n) {
  return new THREE.Vector3(1, 0, 0).addScaledVector(n, -n.x).normalize();
}
