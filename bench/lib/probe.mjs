// The suite's own correctness measurements: from positions alone, with three.js math in double
// precision, never from what an engine reports about itself.
//   topSurface(x, z)          height of the highest triangle above (x, z) (terrain, obstacles)
//   penetration(a, b, r)      how deep the capsule a–b of radius r (a sphere when a = b) sinks
//                             into the nearest triangle: r − distance; ≤ 0 means no contact
// The world's terrain grid is looked up directly (its cell under a point); every other triangle
// (walls, obstacles) through a 1 m hash over the xz plane.
import { Line3, Ray, Triangle, Vector3 } from 'three';

const HASH_CELL = 1;

export class SurfaceProbe {
  /** world: { positions, indices, grid: { origin, cell, n } } with the terrain grid's 2 n^2 triangles first. */
  constructor(world) {
    const { positions: P, indices: I, grid } = world;
    this.grid = grid;
    this.terrainTriangles = 2 * grid.n * grid.n;
    const count = I.length / 3;
    const v = (i) => new Vector3(P[3 * i], P[3 * i + 1], P[3 * i + 2]);
    this.triangles = new Array(count);
    this.boxes = new Float64Array(6 * count); // min x, y, z, max x, y, z
    for (let t = 0; t < count; t++) {
      const tri = new Triangle(v(I[3 * t]), v(I[3 * t + 1]), v(I[3 * t + 2]));
      this.triangles[t] = tri;
      for (let k = 0; k < 3; k++) {
        const a = tri.a.getComponent(k),
          b = tri.b.getComponent(k),
          c = tri.c.getComponent(k);
        this.boxes[6 * t + k] = Math.min(a, b, c);
        this.boxes[6 * t + 3 + k] = Math.max(a, b, c);
      }
    }
    // Hash of the non-terrain triangles by the xz cells their boxes cover.
    this.hash = new Map();
    for (let t = this.terrainTriangles; t < count; t++) {
      const b = this.boxes;
      for (let i = Math.floor(b[6 * t] / HASH_CELL); i <= Math.floor(b[6 * t + 3] / HASH_CELL); i++) {
        for (let j = Math.floor(b[6 * t + 2] / HASH_CELL); j <= Math.floor(b[6 * t + 5] / HASH_CELL); j++) {
          const key = i * 4096 + j;
          if (!this.hash.has(key)) this.hash.set(key, []);
          this.hash.get(key).push(t);
        }
      }
    }
    this._ray = new Ray(new Vector3(), new Vector3(0, -1, 0));
    this._hit = new Vector3();
    this._p = new Vector3();
    this._q = new Vector3();
    this._seg = new Line3(new Vector3(), new Vector3());
    this._edge = new Line3(new Vector3(), new Vector3());
    this._list = [];
  }

  /** Triangle indices whose boxes may come within `r` of the xz box [x0, x1] x [z0, z1]. */
  candidates(x0, z0, x1, z1, r) {
    const list = this._list;
    list.length = 0;
    const { origin, cell, n } = this.grid;
    const i0 = Math.max(0, Math.floor((x0 - r - origin) / cell)),
      i1 = Math.min(n - 1, Math.floor((x1 + r - origin) / cell));
    const j0 = Math.max(0, Math.floor((z0 - r - origin) / cell)),
      j1 = Math.min(n - 1, Math.floor((z1 + r - origin) / cell));
    for (let j = j0; j <= j1; j++) for (let i = i0; i <= i1; i++) list.push(2 * (j * n + i), 2 * (j * n + i) + 1);
    const h0 = Math.floor((x0 - r) / HASH_CELL),
      h1 = Math.floor((x1 + r) / HASH_CELL);
    const k0 = Math.floor((z0 - r) / HASH_CELL),
      k1 = Math.floor((z1 + r) / HASH_CELL);
    for (let i = h0; i <= h1; i++) {
      for (let j = k0; j <= k1; j++) {
        const bucket = this.hash.get(i * 4096 + j);
        if (bucket) for (const t of bucket) if (!list.includes(t)) list.push(t);
      }
    }
    return list;
  }

  /** Height of the highest surface straight above or below (x, z); -Infinity outside everything. */
  topSurface(x, z) {
    const ray = this._ray;
    ray.origin.set(x, 1e4, z);
    let top = -Infinity;
    for (const t of this.candidates(x, z, x, z, 0)) {
      const b = this.boxes;
      if (x < b[6 * t] || x > b[6 * t + 3] || z < b[6 * t + 2] || z > b[6 * t + 5]) continue;
      const tri = this.triangles[t];
      if (ray.intersectTriangle(tri.a, tri.b, tri.c, false, this._hit)) top = Math.max(top, this._hit.y);
    }
    return top;
  }

  /**
   * The deepest overlap of the capsule a–b (radius r) with any triangle: r minus the distance from
   * the segment to the triangle (a segment crossing a triangle counts as distance 0). Returns
   * -Infinity when no triangle comes within r.
   */
  penetration(ax, ay, az, bx, by, bz, r) {
    const seg = this._seg;
    seg.start.set(ax, ay, az);
    seg.end.set(bx, by, bz);
    const lo = [Math.min(ax, bx) - r, Math.min(ay, by) - r, Math.min(az, bz) - r];
    const hi = [Math.max(ax, bx) + r, Math.max(ay, by) + r, Math.max(az, bz) + r];
    let deepest = -Infinity;
    for (const t of this.candidates(lo[0] + r, lo[2] + r, hi[0] - r, hi[2] - r, r)) {
      const b = this.boxes;
      if (
        b[6 * t] > hi[0] ||
        b[6 * t + 3] < lo[0] ||
        b[6 * t + 1] > hi[1] ||
        b[6 * t + 4] < lo[1] ||
        b[6 * t + 2] > hi[2] ||
        b[6 * t + 5] < lo[2]
      )
        continue;
      const d = this.segmentTriangleDistance(this.triangles[t]);
      if (r - d > deepest) deepest = r - d;
    }
    return deepest;
  }

  /** Distance from this._seg to a triangle, in double. */
  segmentTriangleDistance(tri) {
    const seg = this._seg;
    let best = tri.closestPointToPoint(seg.start, this._p).distanceTo(seg.start);
    const length = seg.distance();
    if (length === 0) return best;
    best = Math.min(best, tri.closestPointToPoint(seg.end, this._p).distanceTo(seg.end));
    const edge = this._edge;
    for (const [u, v] of [
      [tri.a, tri.b],
      [tri.b, tri.c],
      [tri.c, tri.a],
    ]) {
      edge.start.copy(u);
      edge.end.copy(v);
      best = Math.min(best, Math.sqrt(seg.distanceSqToLine3(edge)));
    }
    const ray = this._ray;
    ray.origin.copy(seg.start);
    ray.direction.subVectors(seg.end, seg.start).divideScalar(length);
    const hit = ray.intersectTriangle(tri.a, tri.b, tri.c, false, this._q);
    ray.direction.set(0, -1, 0);
    if (hit && hit.distanceTo(seg.start) <= length) return 0;
    return best;
  }
}

/**
 * S1's figures for one engine, observed step by step: a particle tunnelled if its centre was ever
 * more than r below the top surface; escaped if it was ever outside the walls (by more than r) or
 * below the world; penetration is the deepest overlap with any triangle over every step, among
 * particles that neither tunnelled nor escaped (those are counted on their own).
 */
export class ParticleObserver {
  constructor(probe, count, radius, bounds) {
    this.probe = probe;
    this.radius = radius;
    this.bounds = bounds; // { half, bottom }
    this.tunnelled = new Uint8Array(count);
    this.escaped = new Uint8Array(count);
    this.maxPenetration = 0;
    this.steps = 0;
  }

  observe(positions) {
    const { probe, radius: r } = this;
    const { half, bottom } = this.bounds;
    this.steps++;
    for (let k = 0, n = this.tunnelled.length; k < n; k++) {
      const x = positions[3 * k],
        y = positions[3 * k + 1],
        z = positions[3 * k + 2];
      if (!(Math.abs(x) <= half + r && Math.abs(z) <= half + r && y >= bottom)) {
        this.escaped[k] = 1;
        continue;
      }
      if (this.escaped[k] || this.tunnelled[k]) continue;
      if (y < probe.topSurface(x, z) - r) {
        this.tunnelled[k] = 1;
        continue;
      }
      const depth = probe.penetration(x, y, z, x, y, z, r);
      if (depth > this.maxPenetration) this.maxPenetration = depth;
    }
  }

  result() {
    const sum = (a) => a.reduce((s, v) => s + v, 0);
    return { tunnelled: sum(this.tunnelled), escaped: sum(this.escaped), maxPenetrationMm: 1000 * this.maxPenetration };
  }
}

/**
 * S2's figures for one engine, from capsule centres after every step: the deepest penetration
 * (capsule segment vs every triangle, over all steps, characters that did not fall through or
 * leave), how many fell through (bottom sphere's centre ever more than r below the top surface),
 * how many left the world (beyond a wall by more than r), and the
 * behaviour probes of the first four characters (scenes.mjs s2Characters):
 *   stairs     character 0's feet reach the top of the staircase (2.5 m, within 5 cm)
 *   idle40     character 1, idle on the 40° ramp, moves less than 1 mm from t = 1 s to the end
 *   blocked60  character 2's feet never rise 0.5 m up the 60° ramp
 *   climbs40   character 3's feet reach the top of the 40° ramp (3 m, within 5 cm)
 */
export class CharacterObserver {
  constructor(probe, count, params, layout) {
    this.probe = probe;
    this.params = params;
    this.layout = layout; // { half, toe, stairsEnd, stairsTop, ramp40End, ramp40Top, ramp60End }
    this.count = count;
    this.fell = new Uint8Array(count);
    this.left = new Uint8Array(count);
    this.maxPenetration = -Infinity;
    this.step = 0;
    this.maxFeet = [-Infinity, -Infinity, -Infinity, -Infinity];
    this.idleFrom = null;
    this.idleTo = null;
  }

  observe(positions) {
    const { probe } = this;
    const { radius: r, halfHeight: hh } = this.params;
    const L = this.layout;
    this.step++;
    for (let k = 0; k < this.count; k++) {
      const x = positions[3 * k],
        y = positions[3 * k + 1],
        z = positions[3 * k + 2];
      if (k < 4) {
        const feet = y - hh - r;
        const over = [[L.toe, L.stairsEnd], null, [L.toe - 0.5, L.ramp60End], [L.toe, L.ramp40End]][k];
        if (over && x >= over[0] && x <= over[1]) this.maxFeet[k] = Math.max(this.maxFeet[k], feet);
        if (k === 1) {
          if (this.step === 60) this.idleFrom = [x, y, z];
          this.idleTo = [x, y, z];
        }
      }
      if (this.fell[k] || this.left[k]) continue;
      if (!(Math.abs(x) <= L.half + r && Math.abs(z) <= L.half + r)) {
        this.left[k] = 1;
        continue;
      }
      if (!(y - hh >= probe.topSurface(x, z) - r)) {
        this.fell[k] = 1;
        continue;
      }
      const depth = probe.penetration(x, y + hh, z, x, y - hh, z, r);
      if (depth > this.maxPenetration) this.maxPenetration = depth;
    }
  }

  result() {
    const L = this.layout,
      n = this.count;
    const fellThrough = this.fell.reduce((s, v) => s + v, 0);
    const leftWorld = this.left.reduce((s, v) => s + v, 0);
    const out = { maxPenetrationMm: 1000 * Math.max(this.maxPenetration, 0), fellThrough, leftWorld };
    out.stairs = { pass: this.maxFeet[0] >= L.stairsTop - 0.05, maxFeet: this.maxFeet[0] };
    if (n > 1 && this.idleFrom) {
      const driftMm = 1000 * Math.hypot(...this.idleTo.map((v, i) => v - this.idleFrom[i]));
      out.idle40 = { pass: driftMm < 1, driftMm };
    }
    if (n > 2) out.blocked60 = { pass: this.maxFeet[2] < 0.5, maxFeet: Math.max(this.maxFeet[2], 0) };
    if (n > 3) out.climbs40 = { pass: this.maxFeet[3] >= L.ramp40Top - 0.05, maxFeet: this.maxFeet[3] };
    return out;
  }
}
