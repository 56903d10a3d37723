// Overlay helpers shared by the modes: the things drawn on top of the world to explain it —
// points, segments, arrows, dashed guides, circles, ghost spheres and HTML labels. Each is a
// small object with a `set…` method that updates it in place (no allocation per frame) and an
// `object` to add to the scene.
import * as THREE from 'three';
import { CSS2DObject } from 'three/addons/renderers/CSS2DRenderer.js';

const UP = new THREE.Vector3(0, 1, 0);
const tmp = new THREE.Vector3();

/** A flat material for overlay solids; `onTop` draws them through whatever is in front. */
export const overlayMaterial = (color, opacity = 1, onTop = false) =>
  new THREE.MeshBasicMaterial({
    color,
    transparent: opacity < 1 || onTop,
    opacity,
    depthWrite: opacity === 1 && !onTop,
    depthTest: !onTop,
  });

/** A small ball marking a point. */
export class Marker {
  constructor(color, radius = 0.06) {
    this.object = new THREE.Mesh(new THREE.SphereGeometry(radius, 16, 12), overlayMaterial(color));
  }
  set(p) {
    this.object.position.copy(p);
    return this;
  }
}

/** A solid segment with thickness (a cylinder between two points): readable at any zoom. */
export class Rod {
  constructor(color, radius = 0.02, opacity = 1) {
    const geometry = new THREE.CylinderGeometry(radius, radius, 1, 10, 1, true).translate(0, 0.5, 0);
    this.object = new THREE.Mesh(geometry, overlayMaterial(color, opacity));
  }
  set(a, b) {
    tmp.subVectors(b, a);
    const length = tmp.length();
    this.object.visible = length > 1e-6;
    if (!this.object.visible) return this;
    this.object.position.copy(a);
    this.object.quaternion.setFromUnitVectors(UP, tmp.divideScalar(length));
    this.object.scale.set(1, length, 1);
    return this;
  }
}

/** An arrow from a point along a direction (a shaft and a cone). */
export class Arrow {
  constructor(color, { radius = 0.025, head = 0.14, onTop = false } = {}) {
    this.head = head;
    const material = overlayMaterial(color, 1, onTop);
    this.shaft = new THREE.Mesh(new THREE.CylinderGeometry(radius, radius, 1, 10).translate(0, 0.5, 0), material);
    this.cone = new THREE.Mesh(new THREE.ConeGeometry(radius * 3, 1, 14).translate(0, 0.5, 0), material);
    this.object = new THREE.Group();
    this.object.add(this.shaft, this.cone);
    if (onTop) this.shaft.renderOrder = this.cone.renderOrder = 10;
  }
  /** dir ({x, y, z}) need not be unit; length is the arrow's full length. */
  set(origin, dir, length) {
    tmp.set(dir.x, dir.y, dir.z);
    this.object.visible = length > 1e-6 && tmp.lengthSq() > 0;
    if (!this.object.visible) return this;
    const head = Math.min(this.head, length * 0.5);
    this.object.position.set(origin.x, origin.y, origin.z);
    this.object.quaternion.setFromUnitVectors(UP, tmp.normalize());
    this.shaft.scale.set(1, length - head, 1);
    this.cone.position.set(0, length - head, 0);
    this.cone.scale.set(1, head, 1);
    return this;
  }
}

/** A thin polyline (optionally dashed) whose points are rewritten in place. */
export class Polyline {
  constructor(color, { points = 2, dashed = false, dash = 0.08, opacity = 1, loop = false } = {}) {
    this.count = points;
    const geometry = new THREE.BufferGeometry();
    geometry.setAttribute('position', new THREE.BufferAttribute(new Float32Array(points * 3), 3));
    geometry.setAttribute('lineDistance', new THREE.BufferAttribute(new Float32Array(points), 1));
    const material = dashed
      ? new THREE.LineDashedMaterial({ color, dashSize: dash, gapSize: dash, transparent: opacity < 1, opacity })
      : new THREE.LineBasicMaterial({ color, transparent: opacity < 1, opacity });
    this.object = loop ? new THREE.LineLoop(geometry, material) : new THREE.Line(geometry, material);
    this.object.frustumCulled = false;
  }
  /** points: an array of Vector3-likes (at most the count given at construction). */
  set(points) {
    const geometry = this.object.geometry;
    const pos = geometry.attributes.position;
    const dist = geometry.attributes.lineDistance;
    let d = 0;
    for (let i = 0; i < points.length; i++) {
      const p = points[i];
      if (i > 0) d += tmp.set(p.x, p.y, p.z).distanceTo(points[i - 1]);
      pos.setXYZ(i, p.x, p.y, p.z);
      dist.setX(i, d);
    }
    geometry.setDrawRange(0, points.length);
    pos.needsUpdate = dist.needsUpdate = true;
    return this;
  }
}

/** A circle (centre, unit normal, radius), e.g. a sphere's great circle in a triangle's plane. */
export class Circle {
  constructor(color, options = {}) {
    this.line = new Polyline(color, { ...options, points: 97, loop: false });
    this.object = this.line.object;
    this.points = Array.from({ length: 97 }, () => new THREE.Vector3());
  }
  set(center, normal, radius) {
    const n = tmp.copy(normal).normalize();
    const u = new THREE.Vector3().crossVectors(n, Math.abs(n.y) < 0.9 ? UP : new THREE.Vector3(1, 0, 0)).normalize();
    const v = new THREE.Vector3().crossVectors(n, u);
    for (let i = 0; i < this.points.length; i++) {
      const a = (i / (this.points.length - 1)) * Math.PI * 2;
      this.points[i]
        .copy(center)
        .addScaledVector(u, Math.cos(a) * radius)
        .addScaledVector(v, Math.sin(a) * radius);
    }
    this.line.set(this.points);
    return this;
  }
}

/** A see-through sphere, optionally with a wire outline (its opacity, or false) — a moving or bounding sphere. */
export class GhostSphere {
  constructor(color, { opacity = 0.18, wire = 0.35 } = {}) {
    this.object = new THREE.Group();
    this.fill = new THREE.Mesh(
      new THREE.SphereGeometry(1, 48, 32),
      new THREE.MeshStandardMaterial({ color, transparent: true, opacity, depthWrite: false, roughness: 0.4 }),
    );
    this.object.add(this.fill);
    if (wire) {
      this.wire = new THREE.LineSegments(
        new THREE.WireframeGeometry(new THREE.SphereGeometry(1, 16, 10)),
        new THREE.LineBasicMaterial({ color, transparent: true, opacity: wire, depthWrite: false }),
      );
      this.object.add(this.wire);
    }
  }
  set(center, radius) {
    this.object.position.copy(center);
    this.object.scale.setScalar(Math.max(radius, 1e-4));
    return this;
  }
  setColor(color) {
    this.fill.material.color.set(color);
    this.wire?.material.color.set(color);
  }
}

/** An HTML label pinned to a point in the scene (crisp text at any size). */
export class Label {
  constructor(text = '', className = '') {
    this.el = document.createElement('div');
    this.el.className = `label ${className}`;
    this.el.textContent = text;
    this.object = new CSS2DObject(this.el);
  }
  set(p, text) {
    this.object.position.copy(p);
    if (text !== undefined && this.el.textContent !== text) this.el.textContent = text;
    return this;
  }
  show(visible) {
    this.object.visible = visible;
    return this;
  }
}

/** Adds each helper's object to a parent (scene or group) and returns the helpers. */
export function addAll(parent, helpers) {
  for (const helper of Object.values(helpers)) parent.add(helper.object);
  return helpers;
}

/** Plain {x, y, z} ⇄ THREE.Vector3. */
export const v3 = (p) => new THREE.Vector3(p.x, p.y, p.z);
