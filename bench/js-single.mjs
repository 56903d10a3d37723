// Single-call cost of the npm package against three.js's same queries, in one Node process,
// warmed up, median of interleaved repeats (bench/js-common.mjs). Inputs are THREE.Vector3s
// (what a three.js user passes); three.js writes into a reused target, as its docs recommend.
//   node bench/js-single.mjs [distDir]
import * as THREE from 'three';
import { loadPackage, rng, timeCases, machine } from './js-common.mjs';

const s = await loadPackage();
// Each query runs over 2^10 and over 2^14 distinct seeded cases, cycled. Over the smaller set
// the branch predictor learns the sequence (the best case, as in a loop over few shapes); over
// the larger one it cannot, as with fresh data each frame. Both are reported.
const N = 16384;
const rnd = rng(7);
const V = (k = 1) => new THREE.Vector3(rnd() * k, rnd() * k, rnd() * k);
const P = [],
  A = [],
  B = [],
  C = [],
  D = [],
  R = [];
for (let i = 0; i < N; i++) {
  P.push(V(2));
  A.push(V());
  B.push(V());
  C.push(V());
  D.push(V().normalize());
  R.push(0.2 + 0.5 * Math.abs(rnd()));
}
const boxes = A.map((a, i) => new THREE.Box3().setFromPoints([a, B[i]]));
const spheres = A.map((a, i) => new THREE.Sphere(a.clone(), R[i]));
const tri = new THREE.Triangle(),
  target = new THREE.Vector3(),
  ray = new THREE.Ray();
const far = P.map((p, i) => p.clone().addScaledVector(D[i], 4));
const w = new s.World();
{
  // a 32 x 32 heightfield, 2048 triangles
  const n = 32,
    pos = [],
    idx = [];
  for (let z = 0; z <= n; z++)
    for (let x = 0; x <= n; x++) pos.push(x - n / 2, Math.sin(x * 0.7) * Math.cos(z * 0.5), z - n / 2);
  for (let z = 0; z < n; z++)
    for (let x = 0; x < n; x++) {
      const i = z * (n + 1) + x;
      idx.push(i, i + n + 1, i + 1, i + 1, i + n + 1, i + n + 2);
    }
  w.addMesh(new Float32Array(pos), new Uint32Array(idx));
}
const down = new THREE.Vector3(0, -1, 0);
const top = P.map((p) => new THREE.Vector3(p.x * 7, 5, p.z * 7));

const families = [
  [
    'closest point on triangle',
    {
      three: (i) => (tri.set(A[i], B[i], C[i]), tri.closestPointToPoint(P[i], target).x),
      shototsu: (i) => s.closestPointOnTriangle(P[i], A[i], B[i], C[i]).point.x,
    },
  ],
  [
    'ray/segment vs triangle',
    {
      three: (i) => (ray.set(P[i], D[i]), ray.intersectTriangle(A[i], B[i], C[i], false, target) !== null),
      shototsu: (i) => s.intersectRayTriangle(P[i], D[i], A[i], B[i], C[i]) !== null,
      'shototsu segment': (i) => s.intersectSegmentTriangle(P[i], far[i], A[i], B[i], C[i]).hit,
    },
  ],
  [
    'ray/segment vs sphere',
    {
      three: (i) => (ray.set(P[i], D[i]), ray.intersectSphere(spheres[i], target) !== null),
      shototsu: (i) => s.intersectSegmentSphere(P[i], far[i], A[i], R[i]).hit,
    },
  ],
  [
    'ray/segment vs box',
    {
      three: (i) => (ray.set(P[i], D[i]), ray.intersectBox(boxes[i], target) !== null),
      shototsu: (i) => s.intersectSegmentAABB(P[i], far[i], boxes[i].min, boxes[i].max).hit,
    },
  ],
  [
    'box vs box',
    {
      three: (i) => boxes[i].intersectsBox(boxes[(i + 1) & (N - 1)]),
      shototsu: (i) =>
        s.aabbOverlapsAABB(boxes[i].min, boxes[i].max, boxes[(i + 1) & (N - 1)].min, boxes[(i + 1) & (N - 1)].max),
      'shototsu contact': (i) =>
        s.aabbAABB(boxes[i].min, boxes[i].max, boxes[(i + 1) & (N - 1)].min, boxes[(i + 1) & (N - 1)].max).hit,
    },
  ],
  [
    'sphere vs sphere',
    {
      three: (i) => spheres[i].intersectsSphere(spheres[(i + 1) & (N - 1)]),
      shototsu: (i) => s.sphereSphere(A[i], R[i], A[(i + 1) & (N - 1)], R[(i + 1) & (N - 1)]).hit,
    },
  ],
  [
    'box vs sphere',
    {
      three: (i) => boxes[i].intersectsSphere(spheres[(i + 1) & (N - 1)]),
      shototsu: (i) => s.aabbSphere(boxes[i].min, boxes[i].max, A[(i + 1) & (N - 1)], R[(i + 1) & (N - 1)]).hit,
    },
  ],
  [
    'no three.js peer',
    {
      triangleSphere: (i) => s.triangleSphere(A[i], B[i], C[i], P[i], R[i]).hit,
      sweepSphereTriangle: (i) => s.sweepSphereTriangle(R[i], P[i], far[i], A[i], B[i], C[i]).hit,
      floorHeight: (i) => s.floorHeight(A[i], B[i], C[i], P[i].x, P[i].z) !== null,
      'World.raycast (2048 triangles)': (i) => w.raycast(top[i], down, 100).hit,
      'World.floorHeight (2048 triangles)': (i) => w.floorHeight(top[i].x, top[i].z, 5) !== null,
    },
  ],
];

// BENCH_ONLY=<text> runs only the families whose name contains it (one family alone in a process).
const only = process.env.BENCH_ONLY;
const selected = families.filter(([name]) => !only || name.includes(only));

console.log(`# single-call cost, ns per call (median of 15 interleaved repeats) — ${machine()}`);
console.log('| query | three.js, 2^10 cases | shototsu | ratio | three.js, 2^14 cases | shototsu | ratio |');
console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: |');
const cell = (ns, base) => [base ? base.toFixed(1) : '—', ns.toFixed(1), base ? `${(ns / base).toFixed(2)}x` : '—'];
for (const [family, cases] of selected) {
  const small = timeCases(cases, { n: 1024 });
  const large = timeCases(cases, { n: N });
  for (const name of Object.keys(cases)) {
    if (name === 'three') continue;
    const label = name === 'shototsu' ? family : `${family}: ${name}`;
    console.log(`| ${[label, ...cell(small[name], small.three), ...cell(large[name], large.three)].join(' | ')} |`);
  }
}
w.dispose();
