// What the player wants: a direction on the ground and jumps. From the keyboard (WASD or the
// arrows, space) and, on touch screens (or with `&touch`), from an on-screen stick and button.
import { element } from '../../app/controls.js';

const KEYS = {
  KeyW: 'forward',
  ArrowUp: 'forward',
  KeyS: 'back',
  ArrowDown: 'back',
  KeyA: 'left',
  ArrowLeft: 'left',
  KeyD: 'right',
  ArrowRight: 'right',
  Space: 'jump',
};
/** A jump pressed this long before landing still happens on landing (seconds). */
const JUMP_BUFFER = 0.15;

/** `hint: false` leaves out the line that says which keys walk (a mode that says it elsewhere). */
export function createInput(shell, state, { hint: showHint = true } = {}) {
  const held = new Set();
  let jumpAt = -Infinity;
  let stepAt = -Infinity,
    previousStepAt = -Infinity; // when move() was last asked, and the time before
  const stick = { x: 0, y: 0 };
  const hint = element('div.hint');
  const keysHint = shell.embed
    ? 'click, then WASD / arrows · space'
    : 'WASD or arrows to walk · space to jump · drag to look around';
  let hinted = showHint;
  if (hinted) shell.layers.append(hint);
  const used = () => {
    hinted = false;
    hint.remove();
  };

  // Keys typed into the panel's controls are theirs, not the player's.
  const ours = (event) =>
    !(event.target instanceof HTMLElement && event.target.closest('input, select, textarea, button'));
  function onKey(event, down) {
    const action = KEYS[event.code];
    if (!action || !ours(event)) return;
    event.preventDefault(); // no page scrolling on arrows and space
    if (down) {
      if (action === 'jump' && !event.repeat) jumpAt = performance.now() / 1000;
      held.add(action);
      used();
    } else {
      held.delete(action);
    }
  }
  const keydown = (e) => onKey(e, true);
  const keyup = (e) => onKey(e, false);
  window.addEventListener('keydown', keydown);
  window.addEventListener('keyup', keyup);
  window.addEventListener('blur', () => held.clear());

  // ---- touch: a stick on the left, a jump button on the right -------------------------------------
  let touchUi = null;
  function showTouch(on) {
    if (on && !touchUi) touchUi = touchControls(stick, () => (jumpAt = performance.now() / 1000), used);
    if (on) shell.layers.append(...touchUi);
    else touchUi?.forEach((el) => el.remove());
    hint.textContent = on ? 'stick to walk · jump · drag the view to look' : keysHint;
    hint.classList.toggle('top', on);
    if (!hinted) hint.remove();
  }
  const coarse = window.matchMedia('(pointer: coarse)');
  const sync = () => showTouch(coarse.matches || state.get('touch'));
  coarse.addEventListener('change', sync);
  state.onChange((key) => key === 'touch' && sync());
  sync();

  return {
    /** x: right, y: forward, each in [-1, 1]. */
    move() {
      previousStepAt = stepAt;
      stepAt = performance.now() / 1000;
      const x = (held.has('right') ? 1 : 0) - (held.has('left') ? 1 : 0) + stick.x;
      const y = (held.has('forward') ? 1 : 0) - (held.has('back') ? 1 : 0) + stick.y;
      return { x: Math.max(-1, Math.min(1, x)), y: Math.max(-1, Math.min(1, y)) };
    },
    /** True once per jump press, if asked within JUMP_BUFFER of it or at the first step after it
     *  (so that a slow frame never swallows a press). */
    takeJump() {
      if (jumpAt < previousStepAt && performance.now() / 1000 - jumpAt > JUMP_BUFFER) return false;
      jumpAt = -Infinity;
      return true;
    },
  };
}

function touchControls(stick, jump, used) {
  const knob = element('div.knob');
  const pad = element('div.touch.stick', { 'aria-label': 'Move' }, knob);
  const reach = 40; // px from the centre for full speed
  let id = null;
  function moveTo(event) {
    const r = pad.getBoundingClientRect();
    let dx = event.clientX - (r.left + r.width / 2),
      dy = event.clientY - (r.top + r.height / 2);
    const d = Math.hypot(dx, dy);
    if (d > reach) (dx *= reach / d), (dy *= reach / d);
    knob.style.transform = `translate(${dx}px, ${dy}px)`;
    stick.x = dx / reach;
    stick.y = -dy / reach;
  }
  pad.addEventListener('pointerdown', (e) => {
    id = e.pointerId;
    pad.setPointerCapture(id);
    moveTo(e);
    used();
  });
  pad.addEventListener('pointermove', (e) => e.pointerId === id && moveTo(e));
  const release = (e) => {
    if (e.pointerId !== id) return;
    id = null;
    stick.x = stick.y = 0;
    knob.style.transform = '';
  };
  pad.addEventListener('pointerup', release);
  pad.addEventListener('pointercancel', release);

  const button = element('div.touch.jump', { role: 'button', 'aria-label': 'Jump' }, 'jump');
  button.addEventListener('pointerdown', (e) => {
    e.preventDefault();
    button.classList.add('pressed');
    jump();
    used();
  });
  const up = () => button.classList.remove('pressed');
  button.addEventListener('pointerup', up);
  button.addEventListener('pointercancel', up);
  return [pad, button];
}
