// Double-precision references for S3 and S4, written for clarity, not speed: the engines' float32
// answers are measured against these.

const sub = (a, b) => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const dot = (a, b) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const cross = (a, b) => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
const dist2 = (a, b) => dot(sub(a, b), sub(a, b));

function closestOnSegment(p, a, b) {
  const d = sub(b, a),
    dd = dot(d, d);
  if (dd === 0) return a;
  const t = Math.min(1, Math.max(0, dot(sub(p, a), d) / dd));
  return [a[0] + t * d[0], a[1] + t * d[1], a[2] + t * d[2]];
}

/**
 * The closest point of triangle abc to p, in double: the projection onto the plane when it falls
 * inside (edge tests against the normal), else the nearest of the three edges' closest points. A
 * zero-area triangle has no inside and is its edges — the segment or point it collapses to.
 */
export function closestPointOnTriangle(p, a, b, c) {
  let best = closestOnSegment(p, a, b);
  for (const q of [closestOnSegment(p, b, c), closestOnSegment(p, c, a)]) if (dist2(p, q) < dist2(p, best)) best = q;
  const n = cross(sub(b, a), sub(c, a)),
    nn = dot(n, n);
  if (nn > 0) {
    const s = dot(sub(p, a), n) / nn;
    const q = [p[0] - s * n[0], p[1] - s * n[1], p[2] - s * n[2]];
    const inside =
      dot(cross(sub(b, a), sub(q, a)), n) >= 0 &&
      dot(cross(sub(c, b), sub(q, b)), n) >= 0 &&
      dot(cross(sub(a, c), sub(q, c)), n) >= 0;
    if (inside && dist2(p, q) <= dist2(p, best)) best = q;
  }
  return best;
}

/** The first hit distance of a ray (unit dir) with triangle abc, both sides, in double (Möller–Trumbore); Infinity on a miss. */
export function rayTriangle(o, d, a, b, c) {
  const e1 = sub(b, a),
    e2 = sub(c, a),
    pv = cross(d, e2),
    det = dot(e1, pv);
  if (det === 0) return Infinity;
  const inv = 1 / det,
    tv = sub(o, a),
    u = dot(tv, pv) * inv;
  if (u < 0 || u > 1) return Infinity;
  const qv = cross(tv, e1),
    v = dot(d, qv) * inv;
  if (v < 0 || u + v > 1) return Infinity;
  const t = dot(e2, qv) * inv;
  return t >= 0 ? t : Infinity;
}
