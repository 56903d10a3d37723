// three.js objects the adapter tests share.
import * as THREE from 'three';

/**
 * A cylinder of `radius` and `height` skinned to two bones (weights blend from the bottom bone to
 * the top one along the height), bound at rest. Returns { mesh, tip }: turn `tip` to pose it.
 */
export function skinnedCylinder(radius, height, radialSegments, heightSegments, material) {
  const g = new THREE.CylinderGeometry(radius, radius, height, radialSegments, heightSegments);
  const pos = g.attributes.position;
  const index = [],
    weight = [];
  for (let i = 0; i < pos.count; i++) {
    const t = (pos.getY(i) + height / 2) / height;
    index.push(0, 1, 0, 0);
    weight.push(1 - t, t, 0, 0);
  }
  g.setAttribute('skinIndex', new THREE.Uint16BufferAttribute(index, 4));
  g.setAttribute('skinWeight', new THREE.Float32BufferAttribute(weight, 4));
  const root = new THREE.Bone();
  root.position.y = -height / 2;
  const tip = new THREE.Bone();
  tip.position.y = height;
  root.add(tip);
  const mesh = new THREE.SkinnedMesh(g, material);
  mesh.add(root);
  mesh.bind(new THREE.Skeleton([root, tip]));
  return { mesh, tip };
}
