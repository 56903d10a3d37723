// The seven Voronoi regions of a triangle, drawn in its plane: the face, three edge strips and
// three vertex wedges. A point's closest feature is the region its projection onto the plane
// falls in (the regions are prisms perpendicular to the plane), which is what
// closestPointOnTriangle decides with dot products. Display only: the decision is the package's.
import * as THREE from 'three';
import { Label } from '../../three/overlay.js';

export const REGION_COLORS = {
  A: '#ff6b6b',
  B: '#4dabf7',
  C: '#51cf66',
  AB: '#b197fc', // between A's red and B's blue
  BC: '#3bc9db', // between B's blue and C's green
  CA: '#ffd43b', // between C's green and A's red
  face: '#e9ecef',
};

const WEDGE_SEGMENTS = 16;
const VERTEX_COUNT = {
  face: 3,
  AB: 4,
  BC: 4,
  CA: 4,
  A: WEDGE_SEGMENTS + 2,
  B: WEDGE_SEGMENTS + 2,
  C: WEDGE_SEGMENTS + 2,
};

export class VoronoiRegions {
  constructor() {
    this.object = new THREE.Group();
    this.regions = {};
    for (const [name, count] of Object.entries(VERTEX_COUNT)) {
      const geometry = new THREE.BufferGeometry();
      geometry.setAttribute('position', new THREE.BufferAttribute(new Float32Array(count * 3), 3));
      geometry.setIndex(fanIndices(count));
      const material = new THREE.MeshBasicMaterial({
        color: REGION_COLORS[name],
        transparent: true,
        opacity: 0.12,
        side: THREE.DoubleSide,
        depthWrite: false,
        polygonOffset: true,
        polygonOffsetFactor: 1,
        polygonOffsetUnits: 1,
      });
      const mesh = new THREE.Mesh(geometry, material);
      mesh.renderOrder = -1;
      const label = new Label(name === 'face' ? 'face' : name, 'region');
      label.el.style.setProperty('--region', REGION_COLORS[name]);
      this.object.add(mesh, label.object);
      this.regions[name] = { mesh, label };
    }
  }

  /** Redraws the regions of triangle abc (THREE.Vector3s) out to `extent`, highlighting `active`. */
  set(a, b, c, active, extent) {
    const n = new THREE.Vector3().subVectors(b, a).cross(new THREE.Vector3().subVectors(c, a));
    const valid = n.lengthSq() > 1e-12;
    this.object.visible = valid;
    if (!valid) return;
    n.normalize();
    // Outward normals of the edges, in the plane: (end - start) x n for a counter-clockwise
    // triangle seen from n.
    const out = (p, q) => new THREE.Vector3().subVectors(q, p).cross(n).normalize();
    const oAB = out(a, b),
      oBC = out(b, c),
      oCA = out(c, a);
    const far = (p, dir, k = 1) => p.clone().addScaledVector(dir, extent * k);

    this.#fill('face', [a, b, c]);
    this.#fill('AB', [a, b, far(b, oAB), far(a, oAB)]);
    this.#fill('BC', [b, c, far(c, oBC), far(b, oBC)]);
    this.#fill('CA', [c, a, far(a, oCA), far(c, oCA)]);
    this.#fill('A', wedge(a, oCA, oAB, n, extent));
    this.#fill('B', wedge(b, oAB, oBC, n, extent));
    this.#fill('C', wedge(c, oBC, oCA, n, extent));

    const centroid = a.clone().add(b).add(c).divideScalar(3);
    const mid = (p, q) => p.clone().add(q).multiplyScalar(0.5);
    const bisector = (o1, o2) => o1.clone().add(o2).normalize();
    const place = {
      face: centroid,
      AB: far(mid(a, b), oAB, 0.55),
      BC: far(mid(b, c), oBC, 0.55),
      CA: far(mid(c, a), oCA, 0.55),
      A: far(a, bisector(oCA, oAB), 0.55),
      B: far(b, bisector(oAB, oBC), 0.55),
      C: far(c, bisector(oBC, oCA), 0.55),
    };
    for (const [name, { mesh, label }] of Object.entries(this.regions)) {
      const on = name === active;
      mesh.material.opacity = on ? 0.5 : 0.1;
      label.set(place[name]);
      label.el.classList.toggle('active', on);
    }
  }

  #fill(name, points) {
    const attr = this.regions[name].mesh.geometry.attributes.position;
    points.forEach((p, i) => attr.setXYZ(i, p.x, p.y, p.z));
    attr.needsUpdate = true;
    this.regions[name].mesh.geometry.computeBoundingSphere();
  }
}

/** The wedge at vertex p between the outward directions d1 and d2 (turning about n), as a fan. */
function wedge(p, d1, d2, n, extent) {
  const angle = Math.atan2(new THREE.Vector3().crossVectors(d1, d2).dot(n), d1.dot(d2));
  const side = new THREE.Vector3().crossVectors(n, d1);
  const points = [p];
  for (let i = 0; i <= WEDGE_SEGMENTS; i++) {
    const t = (angle * i) / WEDGE_SEGMENTS;
    points.push(
      p
        .clone()
        .addScaledVector(d1, Math.cos(t) * extent)
        .addScaledVector(side, Math.sin(t) * extent),
    );
  }
  return points;
}

/** Triangle indices of a convex polygon as a fan around its vertex 0. */
function fanIndices(count) {
  const index = [];
  for (let i = 1; i < count - 1; i++) index.push(0, i, i + 1);
  return index;
}
