// What the labs share: parameter builders, the shapes they draw (boxes, capsules, planes,
// triangles, handles), and the pieces of their step-by-step panels. Drawing only: every number a
// lab shows comes from the package (labs/queries.js); the few places here that place a marker at
// a fraction t of a segment draw the package's t, they decide nothing.
import * as THREE from 'three';
import { element } from '../app/controls.js';
import { num, vec } from '../app/format.js';
import { v3 } from '../three/overlay.js';

export const COLORS = {
  a: '#4dabf7',
  b: '#ffa94d',
  segment: '#dee2e6',
  hit: '#ff5d73',
  miss: '#9aa5b8',
  normal: '#ff8fab',
  ok: '#51cf66',
  axes: ['#ff6b6b', '#51cf66', '#4dabf7'],
  chosen: '#ffd43b',
};

// ---- parameters ---------------------------------------------------------------------------------

/** A point parameter ("x,y,z" in the address). */
export const point = (x, y, z, label) => ({ type: 'vec3', value: { x, y, z }, label, limit: 50 });
/** A length parameter (a radius, a half extent) with a slider. */
export const length = (value, label, { min = 0, max = 3, step = 0.05 } = {}) => ({
  type: 'number',
  value,
  min,
  max,
  step,
  label,
  unit: 'm',
  format: (v) => v.toFixed(2),
});
/** Three rotation angles in degrees (about x, y, z, applied in that order), as a point parameter. */
export const angles = (x, y, z, label) => ({ type: 'vec3', value: { x, y, z }, label, limit: 360 });

/** The rotation of an `angles` parameter as the package takes it: a quaternion {x, y, z, w}. */
export function quaternion(degrees) {
  const q = new THREE.Quaternion().setFromEuler(
    new THREE.Euler(
      THREE.MathUtils.degToRad(degrees.x),
      THREE.MathUtils.degToRad(degrees.y),
      THREE.MathUtils.degToRad(degrees.z),
    ),
  );
  return { x: q.x, y: q.y, z: q.z, w: q.w };
}

/** The point at fraction t from a to b: where to draw a t the package reported. */
export const at = (a, b, t) => v3(a).lerp(v3(b), t);

/** The centre and half extents of the box [min, max], for drawing it. */
export const boxFrame = (min, max) => ({
  center: v3(min).add(v3(max)).multiplyScalar(0.5),
  half: v3(max).sub(v3(min)).multiplyScalar(0.5),
});

// ---- shapes -------------------------------------------------------------------------------------

const UP = new THREE.Vector3(0, 1, 0);
const seeThrough = (color, opacity) =>
  new THREE.MeshStandardMaterial({ color, transparent: true, opacity, depthWrite: false, roughness: 0.5 });

/** A box (axis-aligned or oriented): a see-through fill and solid edges. */
export class BoxShape {
  constructor(color, { opacity = 0.16 } = {}) {
    const unit = new THREE.BoxGeometry(1, 1, 1);
    this.fill = new THREE.Mesh(unit, seeThrough(color, opacity));
    this.edges = new THREE.LineSegments(new THREE.EdgesGeometry(unit), new THREE.LineBasicMaterial({ color }));
    this.object = new THREE.Group();
    this.object.add(this.fill, this.edges);
  }
  /** centre and half extents ({x, y, z}), rotation a quaternion {x, y, z, w} (identity if absent). */
  set(center, half, rotation) {
    this.object.position.set(center.x, center.y, center.z);
    this.object.scale.set(Math.max(2 * half.x, 1e-4), Math.max(2 * half.y, 1e-4), Math.max(2 * half.z, 1e-4));
    if (rotation) this.object.quaternion.set(rotation.x, rotation.y, rotation.z, rotation.w);
    return this;
  }
  setBounds(min, max) {
    const { center, half } = boxFrame(min, max);
    return this.set(center, half);
  }
  setColor(color) {
    this.fill.material.color.set(color);
    this.edges.material.color.set(color);
    return this;
  }
}

/** A capsule: a see-through cylinder between two see-through balls. */
export class CapsuleShape {
  constructor(color, { opacity = 0.2 } = {}) {
    const material = seeThrough(color, opacity);
    this.body = new THREE.Mesh(new THREE.CylinderGeometry(1, 1, 1, 32, 1, true).translate(0, 0.5, 0), material);
    this.ends = [0, 1].map(() => new THREE.Mesh(new THREE.SphereGeometry(1, 32, 20), material));
    this.axis = new THREE.Line(
      new THREE.BufferGeometry().setFromPoints([new THREE.Vector3(), new THREE.Vector3(0, 1, 0)]),
      new THREE.LineBasicMaterial({ color }),
    );
    this.object = new THREE.Group();
    this.object.add(this.body, ...this.ends, this.axis);
  }
  set(start, end, radius) {
    const a = v3(start),
      b = v3(end);
    const dir = b.clone().sub(a);
    const len = dir.length();
    const r = Math.max(radius, 1e-4);
    for (const part of [this.body, this.axis]) {
      part.position.copy(a);
      part.quaternion.setFromUnitVectors(UP, len > 0 ? dir.clone().divideScalar(len) : UP);
    }
    this.body.scale.set(r, Math.max(len, 1e-4), r);
    this.axis.scale.set(1, Math.max(len, 1e-4), 1);
    this.ends[0].position.copy(a);
    this.ends[1].position.copy(b);
    for (const end of this.ends) end.scale.setScalar(r);
    return this;
  }
  setColor(color) {
    this.body.material.color.set(color);
    this.axis.material.color.set(color);
    return this;
  }
}

/** A square patch of a plane with a grid, `size` across, centred on a point of it. */
export class PlaneShape {
  constructor(color, size = 6) {
    const patch = new THREE.Mesh(
      new THREE.PlaneGeometry(size, size).rotateX(-Math.PI / 2),
      new THREE.MeshStandardMaterial({
        color,
        transparent: true,
        opacity: 0.18,
        depthWrite: false,
        side: THREE.DoubleSide,
      }),
    );
    const grid = new THREE.GridHelper(size, 12, color, color);
    grid.material.transparent = true;
    grid.material.opacity = 0.35;
    this.object = new THREE.Group();
    this.object.add(patch, grid);
  }
  set(center, normal) {
    this.object.position.set(center.x, center.y, center.z);
    const n = v3(normal);
    if (n.lengthSq() > 0) this.object.quaternion.setFromUnitVectors(UP, n.normalize());
    return this;
  }
}

/** A triangle: a see-through face and its edges. */
export class TriangleShape {
  constructor(color) {
    this.geometry = new THREE.BufferGeometry();
    this.geometry.setAttribute('position', new THREE.BufferAttribute(new Float32Array(9), 3));
    this.face = new THREE.Mesh(this.geometry, seeThrough(color, 0.35));
    this.face.material.side = THREE.DoubleSide;
    this.edges = new THREE.LineLoop(this.geometry, new THREE.LineBasicMaterial({ color }));
    this.object = new THREE.Group();
    this.object.add(this.face, this.edges);
  }
  set(a, b, c) {
    this.geometry.attributes.position.array.set([a.x, a.y, a.z, b.x, b.y, b.z, c.x, c.y, c.z]);
    this.geometry.attributes.position.needsUpdate = true;
    this.geometry.computeVertexNormals();
    this.geometry.computeBoundingSphere();
    return this;
  }
}

/** A small ball to drag, with a larger invisible ball around it that takes the press (fingers). */
export function handleMesh(color, radius = 0.1) {
  const mesh = new THREE.Mesh(
    new THREE.SphereGeometry(radius, 20, 14),
    new THREE.MeshStandardMaterial({ color, roughness: 0.35, emissive: color, emissiveIntensity: 0.25 }),
  );
  mesh.add(new THREE.Mesh(new THREE.SphereGeometry(Math.max(0.3, 2 * radius), 12, 8), GRIP));
  return mesh;
}
const GRIP = new THREE.MeshBasicMaterial({ visible: false });

/** A flat ground grid under a lab's shapes (at height y). */
export function ground(y = -1.5, size = 24) {
  const grid = new THREE.GridHelper(size, size, 0x394356, 0x262e3b);
  grid.position.y = y;
  return grid;
}

// ---- the panel ----------------------------------------------------------------------------------

/** A value as the panel shows it: numbers to 3 decimals, points as (x, y, z), booleans as yes/no. */
export function shown(value) {
  if (typeof value === 'number') return num(value);
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (value && typeof value === 'object' && 'x' in value) return vec(value);
  return value === null || value === undefined ? '–' : String(value);
}

/**
 * A row "name … value". With `key`, the row carries the exact value (data-key, data-value as
 * JSON; `exact` when the value shown is a text made from it) so that a reader — or a test — can
 * take the number behind the rounded text.
 */
export function row(name, value, key, exact = value) {
  const attrs = key ? { 'data-key': key, 'data-value': JSON.stringify(exact ?? null) } : {};
  return element('div.kv', attrs, element('span.k', {}, name), element('span.v', {}, shown(value)));
}

/** The plain answer's fields, one row each (the numbers a lab's status line also reports). */
export function answerRows(answer, fields) {
  return fields.filter((key) => key in answer).map((key) => row(key, answer[key], key));
}

/** A paragraph; `decision` marks the conclusion (hit: red edge, miss: grey). */
export const para = (...text) => element('p', {}, ...text);
export const decision = (hit, ...text) => element('p.decision', { 'data-hit': String(hit) }, ...text);
export const small = (...text) => element('p.small', {}, ...text);
export const formula = (text) => element('p.formula', {}, text);

/** A collapsible section of the account, open unless `closed`. */
export function section(title, body, { closed = false, id } = {}) {
  return element(
    'details.explain',
    { open: !closed, 'data-section': id },
    element('summary', {}, title),
    ...body.flat(),
  );
}

/** The note that a lab shows the plain answer while its explain form is not in the package. */
export function waiting(name) {
  return element(
    'p.note.waiting',
    {},
    `The step-by-step numbers come from ${name}, which this build of the package does not have yet: `,
    'the answer above is the plain query’s.',
  );
}

/**
 * A horizontal chart of intervals on [lo, hi] (slab entry–exit, box extents along x): each
 * { from, to, label, color, lit }, with optional vertical marks { at, label }.
 */
export function intervalChart(intervals, { lo = 0, hi = 1, marks = [] } = {}) {
  const span = hi - lo || 1;
  const pct = (x) => `${(100 * (Math.min(hi, Math.max(lo, x)) - lo)) / span}%`;
  return element(
    'div.chart',
    {},
    intervals.map((iv) =>
      element(
        'div.chart-row',
        { 'data-lit': String(Boolean(iv.lit)) },
        element('span.chart-label', {}, iv.label),
        element(
          'span.chart-track',
          {},
          element('span.chart-bar', {
            style: `left:${pct(iv.from)};width:calc(${pct(iv.to)} - ${pct(iv.from)});background:${iv.color}`,
          }),
          marks.map((m) => element('span.chart-mark', { style: `left:${pct(m.at)}`, title: m.label })),
        ),
      ),
    ),
  );
}

/** Three sliders for an `angles` parameter (degrees about x, y and z). */
export function angleSliders(state, key) {
  return ['x', 'y', 'z'].map((axis) => {
    const out = element('output', {}, `${state.get(key)[axis]}°`);
    const input = element('input', {
      type: 'range',
      id: `param-${key}-${axis}`,
      min: -180,
      max: 180,
      step: 1,
      value: state.get(key)[axis],
      oninput: () => state.set(key, { ...state.get(key), [axis]: Number(input.value) }),
    });
    state.onChange((k, v) => {
      if (k !== key) return;
      out.textContent = `${v[axis]}°`;
      if (Number(input.value) !== v[axis]) input.value = v[axis];
    });
    return element(
      'label.control.slider',
      {},
      element('span.name', {}, `${state.schema[key].label}: about ${axis}`),
      out,
      input,
    );
  });
}

/** The plain-answer fields of a result (for `answer`, which the tests compare with the package). */
export const pick = (result, keys) => Object.fromEntries(keys.filter((k) => k in result).map((k) => [k, result[k]]));

/** A lab's account: its step-by-step section, then the plain answer's fields. */
export const account = (title, steps, result, fields) => [
  section(title, steps),
  section('The answer', answerRows(result, fields)),
];
