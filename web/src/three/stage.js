// The 3D stage every mode draws on: renderer, scene with lights, a perspective camera with
// orbit controls, HTML labels (CSS2DRenderer) and resizing to the view element.
import * as THREE from 'three';
import { OrbitControls } from 'three/addons/controls/OrbitControls.js';
import { CSS2DRenderer } from 'three/addons/renderers/CSS2DRenderer.js';

export const BACKGROUND = new THREE.Color(0x151a22);

/** A sky-and-ground fill plus one sun: enough to read shapes without shadows. Returns the sun. */
export function addLights(scene) {
  scene.add(new THREE.HemisphereLight(0xdde6ff, 0x3b3226, 1.6));
  const sun = new THREE.DirectionalLight(0xffffff, 2.2);
  sun.position.set(-0.45, 1, 0.35).multiplyScalar(40);
  scene.add(sun, sun.target);
  return sun;
}

/** Moves the camera along its line of sight so that a sphere of radius `fit` around `target` fills the view. */
function fitCamera(camera, target, fit) {
  const vertical = THREE.MathUtils.degToRad(camera.fov);
  const horizontal = 2 * Math.atan(Math.tan(vertical / 2) * camera.aspect);
  const distance = fit / Math.sin(Math.min(vertical, horizontal) / 2);
  camera.position.sub(target).setLength(distance).add(target);
}

/**
 * @param {HTMLElement} container
 * @param {{ camera?: number[], target?: number[], fov?: number, near?: number, far?: number, shadows?: boolean, fit?: number }} options
 *   `camera` and `target` set the first view; with `fit`, the camera keeps its direction but moves
 *   so that a sphere of that radius around the target fills the view at any aspect ratio (a
 *   phone held upright, a 320×240 iframe) until the user moves the camera.
 */
export function createStage(
  container,
  { camera: eye = [6, 5, 8], target = [0, 0, 0], fov = 50, near = 0.05, far = 500, shadows = false, fit = 0 } = {},
) {
  const renderer = new THREE.WebGLRenderer({ antialias: true, powerPreference: 'high-performance' });
  renderer.setPixelRatio(Math.min(window.devicePixelRatio, 2));
  renderer.shadowMap.enabled = shadows;
  renderer.shadowMap.type = THREE.PCFShadowMap;
  container.append(renderer.domElement);

  const labels = new CSS2DRenderer();
  labels.domElement.className = 'labels';
  container.append(labels.domElement);

  const scene = new THREE.Scene();
  scene.background = BACKGROUND;

  const camera = new THREE.PerspectiveCamera(fov, 1, near, far);
  camera.position.fromArray(eye);
  const controls = new OrbitControls(camera, renderer.domElement);
  controls.target.fromArray(target);
  controls.enableDamping = true;
  controls.dampingFactor = 0.12;
  controls.update();
  let userMoved = false;
  controls.addEventListener('start', () => (userMoved = true));

  const sun = addLights(scene);

  function resize() {
    const w = Math.max(1, container.clientWidth);
    const hgt = Math.max(1, container.clientHeight);
    renderer.setSize(w, hgt, false);
    labels.setSize(w, hgt);
    camera.aspect = w / hgt;
    camera.updateProjectionMatrix();
    if (fit > 0 && !userMoved) fitCamera(camera, controls.target, fit);
  }
  const observer = new ResizeObserver(resize);
  observer.observe(container);
  resize();

  function render() {
    controls.update();
    renderer.render(scene, camera);
    labels.render(scene, camera);
  }

  return {
    renderer,
    scene,
    camera,
    controls,
    sun,
    canvas: renderer.domElement,
    render,
    /** Looks from `camera` at `target` again, fitting a sphere of radius `fit` (as at creation). */
    setView(view) {
      camera.position.fromArray(view.camera ?? eye);
      controls.target.fromArray(view.target ?? target);
      fit = view.fit ?? 0;
      userMoved = false;
      controls.update();
      resize();
    },
    /**
     * Draws another scene (lit like this one) from its own view into a 2D canvas, at that
     * canvas's size: the labs' gallery previews. The stage's own size is restored after.
     */
    drawInto(canvas, otherScene, view) {
      const size = renderer.getSize(new THREE.Vector2());
      const previewCamera = new THREE.PerspectiveCamera(fov, canvas.width / canvas.height, near, far);
      previewCamera.position.fromArray(view.camera);
      const aim = new THREE.Vector3().fromArray(view.target ?? [0, 0, 0]);
      if (view.fit) fitCamera(previewCamera, aim, view.fit);
      previewCamera.lookAt(aim);
      renderer.setPixelRatio(1);
      renderer.setSize(canvas.width, canvas.height, false);
      renderer.render(otherScene, previewCamera);
      canvas.getContext('2d').drawImage(renderer.domElement, 0, 0);
      renderer.setPixelRatio(Math.min(window.devicePixelRatio, 2));
      renderer.setSize(size.x, size.y, false);
    },
    /** Screen position (CSS pixels, relative to the page) of a world point. */
    toPage(point) {
      const v = new THREE.Vector3().copy(point).project(camera);
      const r = renderer.domElement.getBoundingClientRect();
      return { x: r.left + ((v.x + 1) / 2) * r.width, y: r.top + ((1 - v.y) / 2) * r.height, visible: v.z < 1 };
    },
    /**
     * Renders a frame and reads it back (the tests' "non-blank canvas" check): how many pixels
     * differ from the background and how many distinct colours there are (quantised to 4 bits).
     */
    inspectPixels() {
      render();
      const gl = renderer.getContext();
      const w = gl.drawingBufferWidth,
        hgt = gl.drawingBufferHeight;
      const px = new Uint8Array(w * hgt * 4);
      gl.readPixels(0, 0, w, hgt, gl.RGBA, gl.UNSIGNED_BYTE, px);
      const bg = BACKGROUND.clone().convertLinearToSRGB();
      const [br, bgr, bb] = [bg.r * 255, bg.g * 255, bg.b * 255];
      const colours = new Set();
      let differing = 0;
      for (let i = 0; i < px.length; i += 4) {
        if (Math.abs(px[i] - br) + Math.abs(px[i + 1] - bgr) + Math.abs(px[i + 2] - bb) > 24) differing++;
        colours.add(((px[i] >> 4) << 8) | ((px[i + 1] >> 4) << 4) | (px[i + 2] >> 4));
      }
      return { width: w, height: hgt, differing: differing / (w * hgt), colours: colours.size };
    },
    dispose() {
      observer.disconnect();
      controls.dispose();
      renderer.dispose();
    },
  };
}
