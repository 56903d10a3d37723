// Independent answers for the playground tests, in double and by other methods than the
// package's. For the inspection test: which feature of triangle abc is closest to p, found
// differently from the package (Ericson's region tests): project p onto the plane; if the
// projection is inside (barycentric coordinates all >= 0) it is the face, otherwise the closest
// of the three edges, clamped — its end (a vertex) or its interior (the edge). For the labs: a
// segment clipped by a box, and two oriented boxes' shadows from their corners.
const sub = (u, v) => [u.x - v.x, u.y - v.y, u.z - v.z];
const dot = (u, v) => u[0] * v[0] + u[1] * v[1] + u[2] * v[2];
const cross = (u, v) => [u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]];

export function closestRegion(p, a, b, c) {
  const n = cross(sub(b, a), sub(c, a));
  const area2 = dot(n, n);
  // Barycentric coordinates of p's projection, from signed sub-triangle areas.
  const u = dot(n, cross(sub(b, p), sub(c, p))) / area2;
  const v = dot(n, cross(sub(c, p), sub(a, p))) / area2;
  const w = 1 - u - v;
  if (u >= 0 && v >= 0 && w >= 0) return 'face';
  let best = null;
  for (const [name, s, e] of [
    ['AB', a, b],
    ['BC', b, c],
    ['CA', c, a],
  ]) {
    const d = sub(e, s);
    const t = Math.min(1, Math.max(0, dot(sub(p, s), d) / dot(d, d)));
    const q = [s.x + t * d[0], s.y + t * d[1], s.z + t * d[2]];
    const r = [p.x - q[0], p.y - q[1], p.z - q[2]];
    const dist = dot(r, r);
    const feature = t === 0 ? name[0] : t === 1 ? name[1] : name;
    if (!best || dist < best.dist) best = { dist, feature };
  }
  return best.feature;
}

// ---- for the labs: independent answers in double --------------------------------------------------

/** Where the segment [from, to] is inside the box [min, max] (Liang–Barsky clipping): { hit, t }. */
export function segmentBox(from, to, min, max) {
  let t0 = 0,
    t1 = 1;
  for (const k of ['x', 'y', 'z']) {
    const d = to[k] - from[k];
    if (d === 0) {
      if (from[k] < min[k] || from[k] > max[k]) return { hit: false, t: 1 };
      continue;
    }
    const a = (min[k] - from[k]) / d,
      b = (max[k] - from[k]) / d;
    t0 = Math.max(t0, Math.min(a, b));
    t1 = Math.min(t1, Math.max(a, b));
    if (t0 > t1) return { hit: false, t: 1 };
  }
  return { hit: true, t: t0 };
}

const rotate = (q, v) => {
  // v + 2w (u × v) + 2 u × (u × v), with the quaternion normalised.
  const n = Math.hypot(q.x, q.y, q.z, q.w);
  const u = [q.x / n, q.y / n, q.z / n],
    w = q.w / n;
  const t = cross(u, v).map((x) => 2 * x);
  const ut = cross(u, t);
  return [v[0] + w * t[0] + ut[0], v[1] + w * t[1] + ut[1], v[2] + w * t[2] + ut[2]];
};

/**
 * Two oriented boxes ({ center, rotation, half }) on the 15 axes of the separating-axis test,
 * each box's shadow found by projecting its 8 corners: the first axis whose shadows do not
 * overlap ('A0' … 'B2', 'A0xB0' … 'A2xB2'), else the least overlap and its axis.
 */
export function obbAxes(a, b) {
  const frame = (box) => {
    const axes = [
      [1, 0, 0],
      [0, 1, 0],
      [0, 0, 1],
    ].map((e) => rotate(box.rotation, e));
    const h = [box.half.x, box.half.y, box.half.z];
    const c = [box.center.x, box.center.y, box.center.z];
    const corners = [];
    for (let k = 0; k < 8; k++)
      corners.push(
        [0, 1, 2].map((i) => c[i] + [0, 1, 2].reduce((s, j) => s + axes[j][i] * (k & (1 << j) ? h[j] : -h[j]), 0)),
      );
    return { axes, corners };
  };
  const A = frame(a),
    B = frame(b);
  const candidates = [
    ...A.axes.map((axis, i) => [`A${i}`, axis]),
    ...B.axes.map((axis, j) => [`B${j}`, axis]),
    ...[0, 1, 2].flatMap((i) => [0, 1, 2].map((j) => [`A${i}xB${j}`, cross(A.axes[i], B.axes[j])])),
  ];
  let least = null;
  for (const [name, axis] of candidates) {
    const len = Math.hypot(...axis);
    if (len < 1e-6) continue;
    const l = axis.map((x) => x / len);
    const shadow = (box) => {
      const s = box.corners.map((p) => p[0] * l[0] + p[1] * l[1] + p[2] * l[2]);
      return [Math.min(...s), Math.max(...s)];
    };
    const [alo, ahi] = shadow(A),
      [blo, bhi] = shadow(B);
    const overlap = Math.min(ahi - blo, bhi - alo);
    if (overlap < 0) return { separating: name, gap: -overlap };
    if (!least || overlap < least.depth) least = { least: name, depth: overlap };
  }
  return { separating: null, ...least };
}
