// Characters: a capsule you drive over the course (WASD or arrows, space to jump; a stick and a
// button on touch screens) and a few walkers, all kinematic capsules moved by shototsu — in one
// CharacterGroup call per step, so nobody overlaps anybody. Like Unity's CharacterController.Move
// the controller moves by the displacement it is given — gravity and jumping are this file's —
// and reports what happened; the overlays show the player's report (ground normal, grounded and
// why, step-ups, walls). North of the ramps the yard moves (worlds/yard.js): each step poses the
// lift, disc, platform, door and conveyor, then `world.update(dt)`, then `moveAll` — the README's
// frame order. Riders are carried, the door pushes, the overlay shows the ground's velocity; off
// the ground, a character keeps the velocity of what it left.
import * as THREE from 'three';
import { group, controlsFor, button, readout, element } from '../app/controls.js';
import { FrameMeter } from '../app/meter.js';
import { seededRandom } from '../app/random.js';
import { CharacterHelper, GROUND_COLORS } from 'shototsu/three';
import { Circle, Label } from '../three/overlay.js';
import { buildWorld } from '../worlds/geometry.js';
import { PLACES, buildCourse, courseMaterials } from '../worlds/course.js';
import { YARD, buildYard, liftTop } from '../worlds/yard.js';
import { createInput } from './characters/input.js';

const RADIUS = 0.35;
const HEIGHT = 1.7;
const DT = 1 / 60;
const MAX_STEPS = 4;

/** How each ground reason is shown: its colour (CharacterHelper's) and words. */
const REASONS = {
  walkable: { color: GROUND_COLORS.walkable, text: 'grounded · walkable' },
  snapped: { color: GROUND_COLORS.snapped, text: 'grounded · snapped down' },
  'stepped up': { color: GROUND_COLORS['stepped up'], text: 'grounded · stepped up' },
  'too steep': { color: GROUND_COLORS['too steep'], text: 'sliding · too steep' },
  'no ground': { color: GROUND_COLORS['no ground'], text: 'in the air · no ground' },
  rising: { color: GROUND_COLORS.rising, text: 'in the air · rising' },
};

const params = {
  at: {
    type: 'choice',
    value: 'start',
    label: 'Start at',
    options: Object.entries(PLACES).map(([value, p]) => ({ value, label: p.label })),
  },
  speed: {
    type: 'number',
    value: 5,
    min: 1,
    max: 12,
    step: 0.5,
    label: 'Walk speed',
    unit: 'm/s',
    format: (v) => v.toFixed(1),
  },
  jump: {
    type: 'number',
    value: 5,
    min: 0,
    max: 12,
    step: 0.5,
    label: 'Jump speed',
    unit: 'm/s',
    format: (v) => v.toFixed(1),
  },
  gravity: {
    type: 'number',
    value: 12,
    min: 1,
    max: 30,
    step: 0.5,
    label: 'Gravity',
    unit: 'm/s²',
    format: (v) => v.toFixed(1),
  },
  slope: {
    type: 'number',
    value: 45,
    min: 10,
    max: 80,
    step: 1,
    label: 'Max slope',
    unit: '°',
    help: 'Steeper surfaces are walls: not climbed, slid down',
  },
  step: {
    type: 'number',
    value: 0.3,
    min: 0,
    max: 0.6,
    step: 0.05,
    label: 'Step height',
    unit: 'm',
    format: (v) => v.toFixed(2),
    help: 'The highest ledge climbed without jumping',
  },
  walkers: { type: 'int', value: 8, min: 0, max: 40, step: 1, label: 'Walkers' },
  touch: { type: 'bool', value: false, label: 'Touch controls (always shown on touch screens)' },
};

export default {
  id: 'characters',
  title: 'Characters',
  intro:
    'Drive the orange capsule with WASD or the arrows, space to jump (drag to look around). The 0.25 m steps are climbed, the 0.35 m ones are not; the 40° ramp is walkable, the 60° one is a wall you slide down; the gap is narrower than the capsule. Behind the ramps the yard moves: ride the lift, the disc, the diagonal platform and the conveyor, and mind the door.',
  stage: (values) => {
    const p = PLACES[values.at].position;
    return { camera: [p.x, p.y + 5.5, p.z + 9.5], target: [p.x, p.y, p.z], far: 400, shadows: true };
  },
  params,
  create,
};

function create({ shototsu, stage, params: state, shell }) {
  const course = buildCourse();
  const { world, meshes } = buildWorld(shototsu, stage.scene, course.parts(courseMaterials()));
  for (const { at, text } of course.labels) stage.scene.add(new Label(text, 'feature').set(at).object);
  setUpLightAndCamera(stage);
  const yard = buildYard(world, stage.scene);
  /** Object ids to names, for the report. */
  const names = new Map([...Object.entries(meshes).map(([name, id]) => [id, name]), ...yard.names]);
  let clock = 0; // the yard's time (s): advanced by the fixed step

  const settings = () => ({
    radius: RADIUS,
    height: HEIGHT,
    stepHeight: state.get('step'),
    maxSlope: state.get('slope'),
    snapDistance: 0.3,
    skinWidth: 0.01,
  });

  // ---- the crowd: one CharacterGroup moves the player (index 0) and the walkers ---------------
  // A single CharacterController (`ch.move(displacement)`) returns the same report; one
  // group moves everyone in one call and keeps them from overlapping one another.
  const random = seededRandom(11);
  let crowd = makeCrowd(null);
  let vy = 0; // the player's vertical speed: gravity and jumps are the caller's
  const air = new THREE.Vector3(); // the horizontal velocity of the ground the player left (m/s)
  let last = null; // the player's last report
  let wasGrounded = false; // whether it stood on something before this step (false after a teleport)
  let steps = 0;

  /** A new group with the current settings, keeping everyone who was there (by index). */
  function makeCrowd(previous) {
    const n = state.get('walkers');
    const group = new shototsu.CharacterGroup(world, settings(), 1 + n);
    const area = course.walkerArea;
    const brains = [];
    for (let i = 0; i <= n; i++) {
      const keep = previous && i < previous.group.count;
      const p = previous?.group.positions;
      const rider = i > 0 && !keep ? YARD.riders[i - 1] : undefined;
      if (keep) group.add({ x: p[3 * i], y: p[3 * i + 1], z: p[3 * i + 2] });
      else if (i === 0) group.add(PLACES[state.get('at')].position);
      else if (rider) group.add(rider);
      else
        group.add({
          x: THREE.MathUtils.lerp(area.min.x, area.max.x, random()),
          y: 3,
          z: THREE.MathUtils.lerp(area.min.z, area.max.z, random()),
        });
      if (i > 0)
        brains.push(
          keep
            ? previous.brains[i - 1]
            : {
                heading: random() * Math.PI * 2,
                speed: 1.4 + random(),
                vy: 0,
                air: { x: 0, z: 0 },
                stuck: 0,
                turn: 0,
                rest: rider ? 3 + 3 * random() : 0, // those on a mover stand and ride a while first
                carried: false,
              },
        );
    }
    previous?.group.dispose();
    return { group, brains, displacements: new Float32Array(3 * (1 + n)), before: new Float32Array(3 * (1 + n)) };
  }

  const capsule = new THREE.Mesh(
    new THREE.CapsuleGeometry(RADIUS, HEIGHT - 2 * RADIUS, 6, 18),
    new THREE.MeshStandardMaterial({ color: '#ff7a45', roughness: 0.5 }),
  );
  capsule.castShadow = true;
  const nose = new THREE.Mesh(
    new THREE.BoxGeometry(0.16, 0.12, 0.22),
    new THREE.MeshStandardMaterial({ color: '#2b2118' }),
  );
  nose.position.set(0, 0.45, RADIUS);
  capsule.add(nose);
  stage.scene.add(capsule);
  let facing = 0;

  const walkerMesh = new THREE.InstancedMesh(
    new THREE.CapsuleGeometry(RADIUS, HEIGHT - 2 * RADIUS, 4, 12),
    new THREE.MeshStandardMaterial({ color: '#9fb3d1', roughness: 0.6 }),
    params.walkers.max,
  );
  walkerMesh.castShadow = true;
  walkerMesh.frustumCulled = false;
  stage.scene.add(walkerMesh);

  // Overlays: the player's last report (CharacterHelper: its capsule coloured by the ground
  // reason, the ground normal at the feet, walls, moving ground; drawn on top), the state over the
  // head, step-ups.
  const player = new CharacterHelper(crowd.group, 0, { onTop: true, normalLength: 1.1 });
  const stateLabel = new Label('', 'state');
  const stepRing = new Circle('#ff922b');
  const stepLabel = new Label('step up', 'flash');
  let stepFlash = { t: 1, at: new THREE.Vector3() };
  stage.scene.add(player, stateLabel.object, stepRing.object, stepLabel.object);
  const trail = new Trail(stage.scene, 160);

  // ---- input and stepping ------------------------------------------------------------------------
  const input = createInput(shell, state);
  const forward = new THREE.Vector3(),
    right = new THREE.Vector3(),
    wish = new THREE.Vector3();
  const meter = new FrameMeter();
  let accumulator = 0;
  let stepUps = 0;
  let jumps = 0; // jumps taken (for the page's tests: a slow frame can run a whole jump in one frame)
  let rebuild = false;

  /** The player's displacement for this step, from the input (camera-relative), gravity and jumps. */
  function playerDisplacement(dt, d) {
    stage.camera.getWorldDirection(forward);
    forward.y = 0;
    forward.normalize();
    right.crossVectors(forward, UP);
    const { x, y } = input.move();
    wish.copy(forward).multiplyScalar(y).addScaledVector(right, x);
    if (wish.lengthSq() > 1) wish.normalize();
    wish.multiplyScalar(state.get('speed'));
    if (last?.grounded && input.takeJump()) {
      vy = state.get('jump');
      jumps++;
    }
    vy -= state.get('gravity') * dt;
    d[0] = (wish.x + air.x) * dt;
    d[1] = vy * dt;
    d[2] = (wish.z + air.z) * dt;
    if (wish.lengthSq() > 0.01) facing = Math.atan2(wish.x, wish.z);
  }

  /** Each walker heads somewhere, wanders a little, falls when not grounded, and turns away when it stops making progress (a wall, a steep slope, someone in the way). */
  function walkerDisplacements(dt, d) {
    crowd.brains.forEach((b, k) => {
      const i = k + 1;
      b.heading += (random() - 0.5) * 1.2 * dt + b.turn * dt;
      b.vy -= state.get('gravity') * dt;
      const speed = b.rest > 0 ? 0 : b.speed;
      b.rest -= dt;
      d[3 * i] = (Math.sin(b.heading) * speed + b.air.x) * dt;
      d[3 * i + 1] = b.vy * dt;
      d[3 * i + 2] = (Math.cos(b.heading) * speed + b.air.z) * dt;
    });
  }

  /**
   * Leaving the ground keeps the velocity of what was left (the report of the move that left it
   * gives it); landing ends it. Returns the vertical part to add to the caller's speed.
   */
  function inherit(report, wasGrounded, horizontal) {
    if (report.grounded) {
      horizontal.x = horizontal.z = 0;
      return 0;
    }
    if (!wasGrounded) return 0;
    horizontal.x = report.groundVelocity.x;
    horizontal.z = report.groundVelocity.z;
    return report.groundVelocity.y;
  }

  function step(dt) {
    const { group, brains, displacements: d, before } = crowd;
    const n = group.count;
    // The frame order: where the movers will be, the world's step, then the characters.
    clock += dt;
    yard.pose(clock);
    world.update(dt);
    playerDisplacement(dt, d);
    walkerDisplacements(dt, d);
    before.set(group.positions);
    const reports = meter.time(() => {
      group.moveAll(d);
      return Array.from({ length: n }, (_, i) => group.lastMove(i));
    });

    const report = reports[0];
    vy += inherit(report, wasGrounded, air);
    wasGrounded = report.grounded;
    facing += report.yawChange;
    capsule.rotation.y += report.yawChange;
    if (report.grounded && vy < 0) vy = 0;
    if (report.hitWall && report.wallNormal.y < -0.5 && vy > 0) vy = 0; // a ceiling ends the jump
    if (report.steppedUp) {
      stepUps++;
      stepFlash = { t: 0, at: new THREE.Vector3(report.position.x, report.position.y - HEIGHT / 2, report.position.z) };
    }
    last = report;
    trail.add(report.position, REASONS[report.reason].color);

    const p = group.positions;
    brains.forEach((b, k) => {
      const i = k + 1;
      const r = reports[i];
      b.vy += inherit(r, b.grounded, b.air);
      b.grounded = r.grounded;
      b.heading += r.yawChange;
      if (r.grounded) b.vy = 0;
      if (r.carried && !b.carried) b.rest = 1.5 + 3 * random(); // stepped onto a mover: ride it a while
      b.carried = r.carried;
      const moved = Math.hypot(p[3 * i] - before[3 * i], p[3 * i + 2] - before[3 * i + 2]);
      b.stuck = b.rest <= 0 && moved < 0.4 * b.speed * dt ? b.stuck + dt : 0;
      if (b.stuck > 0.25) {
        b.heading += Math.PI * (0.5 + random());
        b.stuck = 0;
      }
      b.turn *= 0.98;
      if (random() < 0.005) b.turn = (random() - 0.5) * 3;
    });
  }

  function update(dt) {
    if (rebuild) {
      rebuild = false;
      crowd = makeCrowd(crowd);
    }
    accumulator = Math.min(accumulator + dt, MAX_STEPS * DT);
    while (accumulator >= DT) {
      accumulator -= DT;
      step(DT);
      steps++;
    }
    meter.frame();
    if (last) draw(dt);
  }

  function drawWalkers() {
    const n = crowd.group.count,
      p = crowd.group.positions;
    const m = new THREE.Matrix4(),
      q = new THREE.Quaternion(),
      one = new THREE.Vector3(1, 1, 1),
      at = new THREE.Vector3();
    for (let i = 1; i < n; i++) {
      q.setFromAxisAngle(UP, crowd.brains[i - 1].heading);
      walkerMesh.setMatrixAt(i - 1, m.compose(at.set(p[3 * i], p[3 * i + 1], p[3 * i + 2]), q, one));
    }
    walkerMesh.count = n - 1;
    walkerMesh.instanceMatrix.needsUpdate = true;
  }

  // ---- drawing ------------------------------------------------------------------------------------
  const target = new THREE.Vector3(),
    delta = new THREE.Vector3();
  const boom = cameraBoom(stage, world, meshes.rim);
  function draw(dt) {
    const p = last.position;
    capsule.position.set(p.x, p.y, p.z);
    capsule.rotation.y = dampAngle(capsule.rotation.y, facing, 12 * dt);

    // The follow camera: the orbit's target tracks the capsule; the camera keeps its offset, and
    // comes closer when a wall stands between them.
    target.set(p.x, p.y + 0.4, p.z);
    delta.subVectors(target, stage.controls.target);
    stage.controls.target.add(delta);
    stage.camera.position.add(delta);
    boom.update();
    // Seen from very close (the boom pulled in), the capsule fades so the view stays open.
    const near = THREE.MathUtils.clamp((stage.camera.position.distanceTo(target) - 0.8) / 1.5, 0.2, 1);
    capsule.material.transparent = near < 1;
    capsule.material.opacity = near;
    stage.sun.position.set(p.x - 18, p.y + 40, p.z + 14);
    stage.sun.target.position.set(p.x, p.y, p.z);

    player.update(last);
    const n = last.groundNormal;
    const hasGround = n.x !== 0 || n.y !== 0 || n.z !== 0;

    const reason = REASONS[last.reason];
    const moving = movingGround(last);
    stateLabel.set(
      new THREE.Vector3(p.x, p.y + HEIGHT / 2 + 0.45, p.z),
      `${reason.text}${hasGround ? ` · ${last.slopeAngle.toFixed(0)}°` : ''}${moving ? ` · ${moving}` : ''}`,
    );
    stateLabel.el.style.setProperty('--state', last.crushed ? '#ff6b6b' : reason.color);

    stepFlash.t += dt;
    const f = Math.min(stepFlash.t / 0.7, 1);
    stepRing.object.visible = stepLabel.object.visible = f < 1;
    if (f < 1) {
      stepRing.set(stepFlash.at, UP, 0.4 + f * 0.8);
      stepRing.object.material.opacity = 1 - f;
      stepRing.object.material.transparent = true;
      stepLabel.set(stepFlash.at.clone().add(new THREE.Vector3(0.6, 0.3 + f * 0.5, 0)));
      stepLabel.el.style.opacity = String(1 - f);
    }
    drawWalkers();
    report();
  }

  // ---- the panel and the status line ----------------------------------------------------------------
  const stats = readout([
    'fps',
    'shototsu ms / frame',
    'grounded',
    'reason',
    'slope',
    'ground normal',
    'stepped up',
    'snapped',
    'wall',
    'ground object',
    'ground velocity',
    'moving ground',
    'position',
    'walkers',
  ]);
  let frameNo = 0;
  function report() {
    if (frameNo++ % 4 !== 0) return;
    const r = last;
    // The label over the capsule is the status line of this mode: no separate HUD text.
    if (shell.embed) return;
    const v = (w) => `(${w.x.toFixed(2)}, ${w.y.toFixed(2)}, ${w.z.toFixed(2)})`;
    stats.set('fps', meter.fps.toFixed(0));
    stats.set('shototsu ms / frame', meter.ms.toFixed(3));
    stats.set('grounded', r.grounded ? 'yes' : 'no', r.grounded ? 'ok' : '');
    stats.set('reason', r.reason);
    stats.set('slope', `${r.slopeAngle.toFixed(1)}°`, r.reason === 'too steep' ? 'bad' : '');
    stats.set('ground normal', v(r.groundNormal));
    stats.set('stepped up', `${r.steppedUp ? 'now' : '–'} (${stepUps} so far)`);
    stats.set('snapped', r.snapped ? 'yes' : 'no');
    stats.set('wall', r.hitWall ? v(r.wallNormal) : '–');
    stats.set('ground object', r.groundObject >= 0 ? (names.get(r.groundObject) ?? `#${r.groundObject}`) : '–');
    const gv = r.groundVelocity;
    stats.set('ground velocity', `${v(gv)} · ${Math.hypot(gv.x, gv.y, gv.z).toFixed(2)} m/s`);
    stats.set('moving ground', movingGround(r) || '–', r.crushed ? 'bad' : r.carried ? 'ok' : '');
    stats.set('position', v(r.position));
    stats.set('walkers', String(crowd.group.count - 1));
  }

  function teleport() {
    crowd.group.setPosition(0, PLACES[state.get('at')].position);
    vy = 0;
    air.set(0, 0, 0);
    wasGrounded = false;
    trail.clear();
  }
  state.onChange((key) => key === 'at' && teleport());
  if (!shell.embed) {
    shell.panel.append(
      group('Report of the last move', stats.el),
      group('Controller', ...controlsFor(state, ['slope', 'step'])),
      group('Moving', ...controlsFor(state, ['speed', 'jump', 'gravity'])),
      group(
        'World',
        ...controlsFor(state, ['at', 'walkers', 'touch']),
        element(
          'div.buttons',
          {},
          button('Back to the start', teleport),
          button('Defaults', () => state.reset()),
        ),
      ),
      element(
        'p.note',
        {},
        'Trail colours: green walkable, cyan snapped down, orange stepped up, red too steep, blue and violet in the air. The yellow arrow at the feet is the velocity of the ground.',
      ),
    );
  }
  state.onChange((key) => {
    if (key === 'slope' || key === 'step' || key === 'walkers') rebuild = true;
  });

  /** The player's capsule's deepest overlap with any world object (m; 0 when clear). */
  function overlapDepth() {
    const p = crowd.group.positions;
    const h = HEIGHT / 2 - RADIUS;
    const a = { x: p[0], y: p[1] - h, z: p[2] },
      b = { x: p[0], y: p[1] + h, z: p[2] };
    return world.overlapCapsule(a, b, RADIUS).reduce((deepest, c) => Math.max(deepest, c.depth), 0);
  }

  return {
    world,
    update,
    /**
     * Runs n fixed steps now (for scripts and the page's tests; pair with `playground.pause()`)
     * and returns what each did to the player: the report, the lift's top and the overlap depth.
     */
    advance(n) {
      const out = [];
      for (let k = 0; k < n; k++) {
        step(DT);
        steps++;
        const { position, grounded, reason, groundObject, groundVelocity, yawChange, carried, pushed, crushed } = last;
        out.push({
          time: clock,
          position,
          grounded,
          reason,
          ground: names.get(groundObject) ?? null,
          groundVelocity,
          yawChange,
          carried,
          pushed,
          crushed,
          liftTop: liftTop(clock),
          depth: overlapDepth(),
        });
      }
      return out;
    },
    info() {
      return {
        steps,
        report: last && structuredClone(last),
        vy,
        jumps,
        stepUps,
        walkers: crowd.group.count - 1,
        walkerPositions: Array.from(crowd.group.positions.subarray(3)),
        label: stateLabel.el.textContent,
        time: clock,
        skin: crowd.group.settings.skinWidth,
      };
    },
  };
}

const UP = new THREE.Vector3(0, 1, 0);

/** What moving objects did to a character this move, in words ('' when nothing). */
function movingGround(r) {
  if (r.crushed) return `crushed (${(r.crushDepth * 1000).toFixed(0)} mm)`;
  const v = r.groundVelocity;
  const carried = r.carried ? `carried ${Math.hypot(v.x, v.y, v.z).toFixed(1)} m/s` : '';
  return [carried, r.pushed ? 'pushed' : ''].filter(Boolean).join(' · ');
}

function setUpLightAndCamera(stage) {
  const { sun, controls } = stage;
  sun.castShadow = true;
  sun.shadow.mapSize.set(2048, 2048);
  const cam = sun.shadow.camera;
  cam.left = cam.bottom = -22;
  cam.right = cam.top = 22;
  cam.near = 1;
  cam.far = 120;
  sun.shadow.bias = -0.0005;
  controls.minDistance = 0.5; // the boom (below) keeps the distance the user chose between 3 and 40 m
  controls.maxPolarAngle = THREE.MathUtils.degToRad(86);
  controls.enablePan = false;
}

/**
 * A camera boom: the user orbits and zooms as usual (OrbitControls), and when a wall comes
 * between the capsule and the camera, a world raycast from the target brings the camera in front
 * of it; it goes back out when the view clears. `length` is the distance the user asked for.
 * The see-through mesh (the boundary, invisible from outside) does not count.
 */
function cameraBoom(stage, world, seeThrough) {
  const { camera, controls } = stage;
  const dir = new THREE.Vector3();
  let length = camera.position.distanceTo(controls.target);
  let shortenedTo = 0; // the distance we put the camera at last frame, when shorter than `length`
  return {
    update() {
      const d = dir.subVectors(camera.position, controls.target).length();
      // A zoom since last frame scaled the distance we left: apply the same ratio to the boom.
      length = THREE.MathUtils.clamp(shortenedTo > 0 ? (length * d) / shortenedTo : d, 3, 40);
      dir.divideScalar(d);
      const hit = world.raycast(controls.target, dir, length);
      const blocked = hit.hit && hit.object !== seeThrough;
      const wanted = blocked ? Math.max(hit.distance - 0.3, 0.6) : length;
      camera.position.copy(controls.target).addScaledVector(dir, wanted);
      shortenedTo = wanted < length ? wanted : 0;
    },
  };
}

/** Turns angle a toward b by the fraction k, the short way round. */
function dampAngle(a, b, k) {
  const d = Math.atan2(Math.sin(b - a), Math.cos(b - a));
  return a + d * Math.min(k, 1);
}

/** Dots left behind the player every 0.3 m, coloured by the ground reason of that moment. */
class Trail {
  constructor(scene, size) {
    this.size = size;
    this.mesh = new THREE.InstancedMesh(new THREE.SphereGeometry(0.06, 8, 6), new THREE.MeshBasicMaterial(), size);
    this.mesh.count = 0;
    this.mesh.frustumCulled = false;
    this.next = 0;
    this.lastAt = new THREE.Vector3(Infinity, 0, 0);
    this.m = new THREE.Matrix4();
    this.c = new THREE.Color();
    scene.add(this.mesh);
  }
  add(p, color) {
    const at = new THREE.Vector3(p.x, p.y - HEIGHT / 2 + 0.04, p.z);
    if (at.distanceTo(this.lastAt) < 0.3) return;
    this.lastAt.copy(at);
    const i = this.next++ % this.size;
    this.mesh.setMatrixAt(i, this.m.makeTranslation(at.x, at.y, at.z));
    this.mesh.setColorAt(i, this.c.set(color));
    this.mesh.count = Math.min(this.next, this.size);
    this.mesh.instanceMatrix.needsUpdate = true;
    this.mesh.instanceColor.needsUpdate = true;
  }
  clear() {
    this.next = 0;
    this.mesh.count = 0;
    this.lastAt.set(Infinity, 0, 0);
  }
}
