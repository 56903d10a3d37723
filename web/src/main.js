// The shototsu playground. Reads the mode and its parameters from the URL, loads the package
// (`import { init } from 'shototsu'`, exactly as any user would), builds the page and runs the
// chosen mode every frame.
//
//   ?mode=particles|characters|inspect|lab   which mode (default: particles)
//   &query=<lab>                             for the labs: which one (without it, their gallery)
//   &<parameter>=<value>                     any of the mode's parameters (see each mode's `params`)
//   &embed                                   the layout for iframes: the view only
//   &paused                                  starts paused (playground.pause(), below): for scripts
//   &collision[=<depth>]                     draws what the mode's World sees (WorldHelper):
//                                            its objects' wireframes and its tree to <depth>
import { init } from 'shototsu';
import { WorldHelper } from 'shototsu/three';
import './style.css';
import { Params } from './app/params.js';
import { createShell } from './app/shell.js';
import { createStage } from './three/stage.js';
import particles from './modes/particles.js';
import characters from './modes/characters.js';
import inspect from './modes/inspect.js';
import lab from './modes/lab.js';

const MODES = [particles, characters, inspect, lab];

/** A mode's `params` or `stage` may depend on the address (the labs': on which lab it names). */
const resolve = (option, ...args) => (typeof option === 'function' ? option(...args) : option);

/**
 * What the page exposes for scripting and for its own browser tests: the frame counter, the
 * running mode's `info()` (a snapshot of what it shows), a pixel check of the canvas, and
 * `pause()`: the clock stops and nothing is drawn (the page stays free for scripts, which step the
 * running mode themselves: `playground.running.advance(n)` in the modes that simulate) until
 * `draw()` asks for one frame or `pause(false)` resumes.
 */
const playground = {
  ready: false,
  error: null,
  mode: null,
  frames: 0,
  info: () => null,
  inspectPixels: () => null,
  toPage: () => null,
  paused: false,
  pause(on = true) {
    playground.paused = on;
  },
  /** While paused: draw the next frame (the mode updated with dt = 0). */
  draw() {
    drawOnce = true;
  },
};
let drawOnce = false;
window.playground = playground;

async function main() {
  const search = new URLSearchParams(location.search);
  const mode = MODES.find((m) => m.id === search.get('mode')) ?? MODES[0];
  const params = new Params(mode.id, resolve(mode.params, search), search, resolve(mode.fixed ?? {}, search));
  const shell = createShell({ modes: MODES, mode, params });
  playground.mode = mode.id;
  playground.paused = search.has('paused');

  let stage;
  try {
    stage = createStage(shell.view, resolve(mode.stage, params.values, search));
  } catch {
    shell.fail('This page needs WebGL 2, which this browser does not offer.');
    return;
  }
  const shototsu = await init();
  const running = await mode.create({ shototsu, stage, params, shell });

  playground.info = (options) => running.info(options);
  playground.inspectPixels = () => stage.inspectPixels();
  playground.toPage = (point) => stage.toPage(point);
  playground.running = running;
  playground.stage = stage;
  const collision = search.has('collision') && running.world ? new WorldHelper(running.world) : null;
  if (collision !== null) {
    collision.depth = Math.max(0, Number.parseInt(search.get('collision'), 10) || 0);
    stage.scene.add(collision);
    playground.collision = collision;
  }

  // Real time, capped: after a stall (a background tab) the modes take one bounded step.
  let last = performance.now();
  function frame(now) {
    const dt = Math.min((now - last) / 1000, 0.1);
    last = now;
    requestAnimationFrame(frame);
    if (playground.paused && !drawOnce) return;
    drawOnce = false;
    running.update(playground.paused ? 0 : dt);
    collision?.update();
    stage.render();
    playground.frames++;
  }
  requestAnimationFrame(frame);
  playground.ready = true;
}

main().catch((error) => {
  playground.error = String(error?.stack ?? error);
  document.getElementById('app').textContent = `The playground failed to start: ${error?.message ?? error}`;
  throw error;
});
