// Picking through THREE.Raycaster: shototsu/three's acceleratedRaycast against three-mesh-bvh's,
// the same Raycaster calls on the same seeded rays, in one run. Standalone:
//   node bench/three-raycast.mjs [--quick]      (after npm run build; bench/ npm ci for the peers)
// or import { run, markdown } from it.
import * as THREE from 'three';
import * as bvh from 'three-mesh-bvh';
import { init } from '../dist/index.js';
import * as ours from '../dist/three.js';
import { rng } from './lib/common.mjs';

/** Meshes of each kind, built twice (one geometry per library: both keep geometry.boundsTree). */
function scenes() {
  const knot = () => new THREE.TorusKnotGeometry(1, 0.3, 400, 64); // 51200 triangles
  const mesh = (g) => {
    const m = new THREE.Mesh(g, new THREE.MeshBasicMaterial({ side: THREE.DoubleSide }));
    m.rotation.set(0.4, 0.7, 0.1);
    m.scale.set(1.2, 0.8, 1);
    m.updateMatrixWorld(true);
    return m;
  };
  return [
    { name: 'torus knot, 51k triangles', make: () => mesh(knot()) },
    {
      name: 'sphere, 20k triangles, FrontSide',
      make: () => {
        const m = mesh(new THREE.SphereGeometry(1.2, 128, 80));
        m.material.side = THREE.FrontSide;
        return m;
      },
    },
  ];
}

function timeRays(object, rays, firstHitOnly, seconds) {
  const raycaster = new THREE.Raycaster();
  raycaster.firstHitOnly = firstHitOnly;
  let n = 0,
    hits = 0;
  const start = performance.now();
  let now = start;
  while (now - start < seconds * 1000) {
    for (let i = 0; i < rays.length; i++) {
      raycaster.ray.copy(rays[i]);
      hits += raycaster.intersectObject(object).length;
    }
    n += rays.length;
    now = performance.now();
  }
  return { raysPerSecond: (n / (now - start)) * 1000, hitsPerRay: hits / n };
}

export async function run({ quick = false } = {}) {
  await init();
  const r = rng(9);
  const rays = [];
  for (let i = 0; i < 2000; i++) {
    const o = new THREE.Vector3((r() - 0.5) * 6, (r() - 0.5) * 6, 4);
    const t = new THREE.Vector3((r() - 0.5) * 2, (r() - 0.5) * 2, (r() - 0.5) * 2);
    rays.push(new THREE.Ray(o, t.sub(o).normalize()));
  }
  const seconds = quick ? 0.3 : 1.5;
  const rows = [];
  const saved = THREE.Mesh.prototype.raycast;
  for (const sc of scenes()) {
    const a = sc.make(),
      b = sc.make();
    ours.computeBoundsTree.call(a.geometry);
    bvh.computeBoundsTree.call(b.geometry);
    for (const first of [false, true]) {
      // Rounds alternate between the two (JIT warm-up and machine load fall on both alike); the
      // median round of each is reported.
      const mine = [],
        theirs = [];
      for (let round = 0; round < 5; round++) {
        THREE.Mesh.prototype.raycast = ours.acceleratedRaycast;
        mine.push(timeRays(a, rays, first, seconds / 5));
        THREE.Mesh.prototype.raycast = bvh.acceleratedRaycast;
        theirs.push(timeRays(b, rays, first, seconds / 5));
      }
      const median = (list) => list.sort((x, y) => x.raysPerSecond - y.raysPerSecond)[list.length >> 1];
      rows.push({ scene: sc.name, firstHitOnly: first, shototsu: median(mine), threeMeshBvh: median(theirs) });
    }
  }
  THREE.Mesh.prototype.raycast = saved;
  return { rows };
}

export function markdown({ rows }) {
  const lines = [
    '| mesh | firstHitOnly | shototsu rays/s | three-mesh-bvh rays/s | ratio | hits/ray |',
    '| --- | --- | ---: | ---: | ---: | ---: |',
  ];
  for (const r of rows) {
    lines.push(
      `| ${r.scene} | ${r.firstHitOnly} | ${Math.round(r.shototsu.raysPerSecond)} | ${Math.round(r.threeMeshBvh.raysPerSecond)} | ${(r.shototsu.raysPerSecond / r.threeMeshBvh.raysPerSecond).toFixed(2)}x | ${r.shototsu.hitsPerRay.toFixed(2)} / ${r.threeMeshBvh.hitsPerRay.toFixed(2)} |`,
    );
  }
  return lines.join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(markdown(await run({ quick: process.argv.includes('--quick') })));
}
