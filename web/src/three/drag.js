// Dragging points in 3D with a mouse, a pen or a finger. A press on a handle grabs it (the orbit
// controls stand aside until release); the handle then follows the pointer across a plane
// through it: by default facing the camera (orbit to choose the plane), or the horizontal plane
// for handles that should keep their height. A press anywhere else orbits as usual.
import * as THREE from 'three';

/**
 * @param {ReturnType<import('./stage.js').createStage>} stage
 * @param {{ object: THREE.Object3D, name: string, plane?: 'view' | 'horizontal', behind?: boolean, move: (p: THREE.Vector3) => void, position: () => THREE.Vector3 }[]} handles
 *   `object` is what the pointer must hit; `position` where the dragged point is now; `move`
 *   receives the new point. A handle marked `behind` (a big shape around smaller handles) is
 *   taken only when no other handle is under the pointer.
 * @param {{ onStart?: (name: string) => void, onEnd?: (name: string) => void }} [events]
 */
export function makeDraggable(stage, handles, { onStart, onEnd } = {}) {
  const { canvas, camera, controls } = stage;
  const raycaster = new THREE.Raycaster();
  const pointer = new THREE.Vector2();
  const plane = new THREE.Plane();
  const hit = new THREE.Vector3();
  const grabOffset = new THREE.Vector3();
  let active = null;

  function ray(event) {
    const r = canvas.getBoundingClientRect();
    pointer.set(((event.clientX - r.left) / r.width) * 2 - 1, -((event.clientY - r.top) / r.height) * 2 + 1);
    raycaster.setFromCamera(pointer, camera);
    return raycaster.ray;
  }

  function pick(event) {
    ray(event);
    const hits = raycaster.intersectObjects(
      handles.filter((handle) => isShown(handle.object)).map((handle) => handle.object),
      true,
    );
    // The hit object may be a child of a handle's object. Hits come nearest first.
    const owners = hits.map((hit) => handles.find((handle) => isAncestor(handle.object, hit.object)));
    return owners.find((handle) => !handle.behind) ?? owners[0] ?? null;
  }

  function onDown(event) {
    if (event.button !== 0) return;
    const handle = pick(event);
    if (!handle) return;
    active = { handle, id: event.pointerId };
    const p = handle.position();
    const normal =
      handle.plane === 'horizontal' ? new THREE.Vector3(0, 1, 0) : camera.getWorldDirection(new THREE.Vector3());
    plane.setFromNormalAndCoplanarPoint(normal, p);
    if (raycaster.ray.intersectPlane(plane, hit)) grabOffset.subVectors(p, hit);
    else grabOffset.set(0, 0, 0);
    controls.enabled = false;
    canvas.setPointerCapture(event.pointerId);
    canvas.style.cursor = 'grabbing';
    event.stopImmediatePropagation();
    onStart?.(handle.name);
  }

  function onMove(event) {
    if (!active) {
      if (event.pointerType === 'mouse') canvas.style.cursor = pick(event) ? 'grab' : '';
      return;
    }
    if (event.pointerId !== active.id) return;
    if (ray(event) && raycaster.ray.intersectPlane(plane, hit)) active.handle.move(hit.add(grabOffset));
  }

  function onUp(event) {
    if (!active || event.pointerId !== active.id) return;
    const { handle } = active;
    active = null;
    controls.enabled = true;
    canvas.style.cursor = '';
    if (canvas.hasPointerCapture(event.pointerId)) canvas.releasePointerCapture(event.pointerId);
    onEnd?.(handle.name);
  }

  // Capture phase: a press on a handle must reach us before OrbitControls starts an orbit.
  canvas.addEventListener('pointerdown', onDown, { capture: true });
  canvas.addEventListener('pointermove', onMove);
  canvas.addEventListener('pointerup', onUp);
  canvas.addEventListener('pointercancel', onUp);

  return {
    get dragging() {
      return active?.handle.name ?? null;
    },
    dispose() {
      canvas.removeEventListener('pointerdown', onDown, { capture: true });
      canvas.removeEventListener('pointermove', onMove);
      canvas.removeEventListener('pointerup', onUp);
      canvas.removeEventListener('pointercancel', onUp);
    },
  };
}

function isShown(object) {
  for (let o = object; o; o = o.parent) if (!o.visible) return false;
  return true;
}

function isAncestor(ancestor, object) {
  for (let o = object; o; o = o.parent) if (o === ancestor) return true;
  return false;
}
