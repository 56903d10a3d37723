// Building blocks of the playground's worlds, as three.js BufferGeometry in world space: what
// is drawn is exactly what collides. `buildWorld` adds each part to the scene and the same
// vertex and index arrays to a shototsu World — the way to hand any three.js mesh to shototsu:
//   world.addMesh(geometry.attributes.position.array, geometry.index?.array)
import * as THREE from 'three';
import { mergeGeometries } from 'three/addons/utils/BufferGeometryUtils.js';

/**
 * A heightfield over the xz-plane: `size` metres square, `segments` quads a side, centred on
 * the origin, with y = height(x, z). Indexed, two triangles per quad.
 */
export function heightfield(size, segments, height) {
  const g = new THREE.PlaneGeometry(size, size, segments, segments).rotateX(-Math.PI / 2);
  const pos = g.attributes.position;
  for (let i = 0; i < pos.count; i++) pos.setY(i, height(pos.getX(i), pos.getZ(i)));
  g.computeVertexNormals();
  return g;
}

/** A closed box from min to max (three's BoxGeometry, moved into place). */
export function box(min, max) {
  const size = new THREE.Vector3().subVectors(max, min);
  const centre = new THREE.Vector3().addVectors(min, max).multiplyScalar(0.5);
  return new THREE.BoxGeometry(size.x, size.y, size.z).translate(centre.x, centre.y, centre.z);
}

/**
 * A closed ramp (a triangular prism): `width` wide across x centred on x0, its foot at z = z0
 * on y = 0, rising toward -z at `degrees` to `height`. Returns the geometry and where its top is.
 */
export function ramp({ x0, z0, width, height, degrees }) {
  const run = height / Math.tan(THREE.MathUtils.degToRad(degrees));
  const l = x0 - width / 2,
    r = x0 + width / 2,
    top = z0 - run;
  // Corners: foot (y 0, z0), back bottom (y 0, top), back top (y height, top), on each side.
  const L = [
    [l, 0, z0],
    [l, 0, top],
    [l, height, top],
  ];
  const R = [
    [r, 0, z0],
    [r, 0, top],
    [r, height, top],
  ];
  const faces = [
    [L[0], L[2], L[1]],
    [R[0], R[1], R[2]], // sides
    [L[0], R[0], R[2]],
    [L[0], R[2], L[2]], // slope
    [L[1], L[2], R[2]],
    [L[1], R[2], R[1]], // back
    [L[0], L[1], R[1]],
    [L[0], R[1], R[0]], // bottom
  ];
  return { geometry: triangles(faces), top };
}

/**
 * Stairs climbing toward -z from z = z0: `count` steps of `rise` and `tread`, `width` wide
 * across x centred on x0; each step a closed box down to the ground.
 */
export function stairs({ x0, z0, width, rise, tread, count }) {
  const steps = [];
  for (let i = 0; i < count; i++) {
    const zFront = z0 - i * tread;
    steps.push(
      box(
        new THREE.Vector3(x0 - width / 2, 0, zFront - tread),
        new THREE.Vector3(x0 + width / 2, (i + 1) * rise, zFront),
      ),
    );
  }
  return merge(steps);
}

/** A zero-thickness rectangle: two triangles through the four corners, in order. */
export function quad(a, b, c, d) {
  return triangles(
    [
      [a, b, c],
      [a, c, d],
    ].map((t) => t.map((p) => p.toArray())),
  );
}

/**
 * A hollow box of zero-thickness walls (12 triangles): a closed surface with no inside
 * volume to speak of — the thinnest wall there is. `inward` turns the faces to be seen from
 * inside (a room) rather than from outside.
 */
export function shell(min, max, { inward = false } = {}) {
  const g = box(min, max).toNonIndexed();
  if (inward) flip(g);
  return g;
}

/** Non-indexed geometry from triangles given as [[x, y, z] ×3] (flat normals). */
export function triangles(faces) {
  const g = new THREE.BufferGeometry();
  g.setAttribute('position', new THREE.Float32BufferAttribute(faces.flat(2), 3));
  g.computeVertexNormals();
  return g;
}

/** Merges geometries that share the same attributes (indexed or not, not mixed). */
export function merge(geometries) {
  const indexed = geometries.some((g) => g.index);
  const same = geometries.map((g) => (indexed && !g.index ? indexedCopy(g) : g));
  const clean = same.map((g) => {
    const c = new THREE.BufferGeometry();
    c.setAttribute('position', g.attributes.position);
    c.setAttribute('normal', g.attributes.normal);
    if (g.index) c.setIndex(g.index);
    return c;
  });
  return mergeGeometries(clean);
}

function indexedCopy(g) {
  const c = g.clone();
  c.setIndex([...Array(g.attributes.position.count).keys()]);
  return c;
}

/** Reverses every triangle's winding (and its normals). */
export function flip(g) {
  const pos = g.attributes.position;
  for (let i = 0; i < pos.count; i += 3) {
    const x = pos.getX(i + 1),
      y = pos.getY(i + 1),
      z = pos.getZ(i + 1);
    pos.setXYZ(i + 1, pos.getX(i + 2), pos.getY(i + 2), pos.getZ(i + 2));
    pos.setXYZ(i + 2, x, y, z);
  }
  g.computeVertexNormals();
  return g;
}

/**
 * Adds the parts of a world to the scene and to a new shototsu World.
 * @param {object} shototsu the shototsu API (from init())
 * @param {THREE.Object3D} parent where the visible parts go
 * @param {{ name: string, geometry: THREE.BufferGeometry, material?: THREE.Material, collide?: boolean }[]} parts
 *   parts without a material are invisible (a lid that keeps particles in); parts with
 *   `collide: false` are decoration.
 */
export function buildWorld(shototsu, parent, parts) {
  const world = new shototsu.World();
  const group = new THREE.Group();
  /** Each colliding part's mesh index in the world (as hits report it), by name. */
  const meshes = {};
  for (const part of parts) {
    const { geometry } = part;
    if (part.collide !== false)
      meshes[part.name] = world.addMesh(geometry.attributes.position.array, geometry.index?.array);
    if (part.material) {
      const mesh = new THREE.Mesh(geometry, part.material);
      mesh.name = part.name;
      mesh.receiveShadow = true;
      mesh.castShadow = part.castShadow ?? false;
      group.add(mesh);
    }
  }
  parent.add(group);
  return { world, group, meshes };
}

/** Vertex colours by height and steepness: low sand, green slopes, grey rock where steep. */
export function colourTerrain(g, { low, high, palette = ['#c9b68a', '#7fa35b', '#5d8a4a', '#8d8f86'] }) {
  const pos = g.attributes.position,
    nrm = g.attributes.normal;
  const colours = new Float32Array(pos.count * 3);
  const stops = palette.map((c) => new THREE.Color(c));
  const c = new THREE.Color();
  for (let i = 0; i < pos.count; i++) {
    const t = THREE.MathUtils.clamp((pos.getY(i) - low) / (high - low), 0, 1) * (stops.length - 2);
    const k = Math.min(Math.floor(t), stops.length - 3);
    c.copy(stops[k]).lerp(stops[k + 1], t - k);
    const steep = THREE.MathUtils.smoothstep(1 - nrm.getY(i), 0.25, 0.5);
    c.lerp(stops[stops.length - 1], steep);
    c.toArray(colours, i * 3);
  }
  g.setAttribute('color', new THREE.BufferAttribute(colours, 3));
  return g;
}
