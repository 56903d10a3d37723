// Procedural textures (no image files to load).
import * as THREE from 'three';

/**
 * A light grid for ground materials, multiplied with their colours: motion over flat ground is
 * hard to see without it. One texture tile is one cell; set `repeat` to the ground's size in cells.
 */
export function gridTexture(repeat, { line = 0.82, minor = 0.92 } = {}) {
  const size = 128;
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = size;
  const g = canvas.getContext('2d');
  g.fillStyle = '#fff';
  g.fillRect(0, 0, size, size);
  const grey = (v) => `rgb(${255 * v}, ${255 * v}, ${255 * v})`;
  g.fillStyle = grey(minor);
  g.fillRect(size / 2, 0, 1, size);
  g.fillRect(0, size / 2, size, 1);
  g.fillStyle = grey(line);
  g.fillRect(0, 0, 2, size);
  g.fillRect(0, 0, size, 2);
  const texture = new THREE.CanvasTexture(canvas);
  texture.wrapS = texture.wrapT = THREE.RepeatWrapping;
  texture.repeat.set(repeat, repeat);
  texture.anisotropy = 8;
  texture.colorSpace = THREE.SRGBColorSpace;
  return texture;
}
