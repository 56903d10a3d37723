// shototsu in WebAssembly, through the npm package exactly as a user imports it (dist/index.js,
// built by scripts/build.sh). S3 and S4 use what the package binds today; S1 and S2 go through
// the ParticleSystem / CharacterController contract of issues #5 and #6 and light up as soon as
// the package binds them (until then `available` says why they are skipped; the native core
// runs S1 and S2 meanwhile, see native.mjs).
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';

export const name = 'shototsu (wasm)';

export const DIST = resolve(new URL('../../dist', import.meta.url).pathname);

let api = null;
/** Imports the package and awaits init(); returns the API object. */
export async function load(dist = DIST) {
  if (!api) {
    const { init } = await import(pathToFileURL(`${dist}/index.js`).href);
    api = await init();
  }
  return api;
}

function newWorld(s, mesh) {
  const world = new s.World();
  world.addMesh(mesh.positions, mesh.indices);
  return world;
}

// ---- S1 / S2 adapters: the public contract of issues #5 and #6 ------------------------------------

/** Why S1/S2 cannot run in wasm yet, or null when the package binds what they need. */
export function unavailable(s, what) {
  const cls = what === 'particles' ? 'ParticleSystem' : 'CharacterController';
  return typeof s[cls] === 'function'
    ? null
    : `the package does not bind ${cls} yet (issue ${what === 'particles' ? '#5' : '#6'})`;
}

export function prepareParticles(s, mesh, params) {
  const world = newWorld(s, mesh);
  return {
    spawn(spawn) {
      const ps = new s.ParticleSystem(world, {
        capacity: spawn.count,
        radius: params.radius,
        restitution: params.restitution,
        friction: params.friction,
        damping: params.damping,
        gravity: { x: 0, y: params.gravity, z: 0 },
        collideParticles: false,
      });
      const p = spawn.positions,
        v = spawn.velocities;
      for (let k = 0; k < spawn.count; k++) {
        ps.spawn(
          { x: p[3 * k], y: p[3 * k + 1], z: p[3 * k + 2] },
          { x: v[3 * k], y: v[3 * k + 1], z: v[3 * k + 2] },
          spawn.radii[k],
        );
      }
      return {
        step(dt) {
          ps.step(dt);
        },
        readPositions(out) {
          out.set(ps.positions.subarray(0, 3 * spawn.count)); // the view is re-read: memory growth detaches it
        },
        dispose() {
          ps.dispose();
        },
      };
    },
    dispose() {
      world.dispose();
    },
  };
}

/** Gravity belongs to the caller (issue #6): vy += g dt each step, reset when the move grounds. */
export function prepareCharacters(s, mesh, params) {
  const world = newWorld(s, mesh);
  return {
    spawn(spawn) {
      const chars = [];
      for (let k = 0; k < spawn.count; k++) {
        const ch = new s.CharacterController(world, {
          radius: params.radius,
          height: 2 * (params.halfHeight + params.radius),
          stepHeight: params.stepHeight,
          maxSlope: params.maxSlope,
          snapDistance: params.snapDistance,
          skinWidth: params.skinWidth,
        });
        const p = spawn.positions;
        ch.position = { x: p[3 * k], y: p[3 * k + 1], z: p[3 * k + 2] };
        chars.push({ ch, vy: 0, walk: spawn.velocities.subarray(3 * k, 3 * k + 3), at: ch.position });
      }
      const d = { x: 0, y: 0, z: 0 };
      return {
        step(dt) {
          for (const c of chars) {
            c.vy += params.gravity * dt;
            d.x = c.walk[0] * dt;
            d.y = c.vy * dt;
            d.z = c.walk[2] * dt;
            const m = c.ch.move(d);
            if (m.grounded) c.vy = 0;
            c.at = m.position;
          }
        },
        readPositions(out) {
          chars.forEach((c, k) => {
            out[3 * k] = c.at.x;
            out[3 * k + 1] = c.at.y;
            out[3 * k + 2] = c.at.z;
          });
        },
        dispose() {
          for (const c of chars) c.ch.dispose();
        },
      };
    },
    dispose() {
      world.dispose();
    },
  };
}

// ---- S3 ------------------------------------------------------------------------------------------

/** Single calls with {x, y, z} arguments (reused objects, as a three.js user passes Vector3s). */
export function closestPointsSingle(s, q, count, out) {
  const p = { x: 0, y: 0, z: 0 },
    a = { x: 0, y: 0, z: 0 },
    b = { x: 0, y: 0, z: 0 },
    c = { x: 0, y: 0, z: 0 };
  const T = q.triangles,
    P = q.points;
  for (let k = 0; k < count; k++) {
    const t = 9 * k;
    a.x = T[t];
    a.y = T[t + 1];
    a.z = T[t + 2];
    b.x = T[t + 3];
    b.y = T[t + 4];
    b.z = T[t + 5];
    c.x = T[t + 6];
    c.y = T[t + 7];
    c.z = T[t + 8];
    p.x = P[3 * k];
    p.y = P[3 * k + 1];
    p.z = P[3 * k + 2];
    const r = s.closestPointOnTriangle(p, a, b, c).point;
    out[3 * k] = r.x;
    out[3 * k + 1] = r.y;
    out[3 * k + 2] = r.z;
  }
}

export function triangleSpheresSingle(s, q, count, out) {
  const a = { x: 0, y: 0, z: 0 },
    b = { x: 0, y: 0, z: 0 },
    c = { x: 0, y: 0, z: 0 },
    centre = { x: 0, y: 0, z: 0 };
  const T = q.triangles,
    S = q.spheres;
  for (let k = 0; k < count; k++) {
    const t = 9 * k;
    a.x = T[t];
    a.y = T[t + 1];
    a.z = T[t + 2];
    b.x = T[t + 3];
    b.y = T[t + 4];
    b.z = T[t + 5];
    c.x = T[t + 6];
    c.y = T[t + 7];
    c.z = T[t + 8];
    centre.x = S[4 * k];
    centre.y = S[4 * k + 1];
    centre.z = S[4 * k + 2];
    const hit = s.triangleSphere(a, b, c, centre, S[4 * k + 3]);
    out[2 * k] = hit.hit ? 1 : 0;
    out[2 * k + 1] = hit.hit ? hit.depth : 0;
  }
}

/** Batch calls over plain Float32Arrays (copied into wasm memory and back by the package). */
export function closestPointsBatch(s, q, count, out) {
  s.closestPointsOnTriangles(q.points.subarray(0, 3 * count), q.triangles.subarray(0, 9 * count), out);
}

/** contacts: 8 floats per query (hit, point, normal, depth), as the package lays them out. */
export function triangleSpheresBatch(s, q, count, contacts) {
  s.trianglesSpheres(q.triangles.subarray(0, 9 * count), q.spheres.subarray(0, 4 * count), contacts);
}

/**
 * Batch calls over arrays that already live in wasm memory (s.allocFloat32): nothing is copied;
 * the timed part is the call alone. Returns { run(), read(out), dispose() }.
 */
const FAST = { exact: false };

/** A batch over arrays in wasm memory: kind 'closest' (exact), 'closestFast' ({ exact: false }) or 'sphere'. */
export function zeroCopy(s, q, count, kind) {
  const fast = kind === 'closestFast';
  if (fast) kind = 'closest';
  const place = (src) => {
    const w = s.allocFloat32(src.length);
    w.array.set(src);
    return w;
  };
  const tris = place(q.triangles.subarray(0, 9 * count));
  const other = kind === 'closest' ? place(q.points.subarray(0, 3 * count)) : place(q.spheres.subarray(0, 4 * count));
  const result = s.allocFloat32(count * (kind === 'closest' ? 3 : 8));
  return {
    run() {
      if (kind === 'closest') s.closestPointsOnTriangles(other, tris, result, fast ? FAST : undefined);
      else s.trianglesSpheres(tris, other, result);
    },
    read(out) {
      const r = result.array;
      if (kind === 'closest') out.set(r.subarray(0, 3 * count));
      else
        for (let k = 0; k < count; k++) {
          out[2 * k] = r[8 * k];
          out[2 * k + 1] = r[8 * k] ? r[8 * k + 7] : 0;
        }
    },
    dispose() {
      tris.dispose();
      other.dispose();
      result.dispose();
    },
  };
}

// ---- S4 ------------------------------------------------------------------------------------------

export function prepareRays(s, mesh) {
  const world = newWorld(s, mesh);
  const o = { x: 0, y: 0, z: 0 },
    d = { x: 0, y: 0, z: 0 };
  let hits = null;
  return {
    /** One World.raycast per ray. */
    cast(rays, count, maxDistance, out) {
      for (let k = 0; k < count; k++) {
        const r = 6 * k;
        o.x = rays[r];
        o.y = rays[r + 1];
        o.z = rays[r + 2];
        d.x = rays[r + 3];
        d.y = rays[r + 4];
        d.z = rays[r + 5];
        const hit = world.raycast(o, d, maxDistance);
        out[2 * k] = hit.hit ? 1 : 0;
        out[2 * k + 1] = hit.distance;
      }
    },
    /** One World.raycastBatch call for every ray (plain arrays, copied in and out). */
    castBatch(rays, count, maxDistance, out) {
      if (!hits || hits.length < 8 * count) hits = new Float32Array(8 * count);
      world.raycastBatch(rays.subarray(0, 6 * count), maxDistance, hits);
      for (let k = 0; k < count; k++) {
        out[2 * k] = hits[8 * k];
        out[2 * k + 1] = hits[8 * k + 1];
      }
    },
    dispose() {
      world.dispose();
    },
  };
}
