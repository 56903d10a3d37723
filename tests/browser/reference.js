// An independent answer for the inspection test: which feature of triangle abc is closest to p,
// found differently from the package (Ericson's region tests): project p onto the plane; if the
// projection is inside (barycentric coordinates all >= 0) it is the face, otherwise the closest
// of the three edges, clamped — its end (a vertex) or its interior (the edge). In double.
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
