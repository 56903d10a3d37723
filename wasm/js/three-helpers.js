// shototsu/three, helpers: what a World and its characters see, drawn as three.js objects for
// debugging. Every shape drawn is read back from the core (World.triangles, sphere, capsule, box,
// treeBoxes, meshTreeBoxes; a character's move report): three.js only turns it into lines.
import {
  ArrowHelper,
  BufferAttribute,
  BufferGeometry,
  Color,
  Group,
  LineBasicMaterial,
  LineSegments,
  Quaternion,
  Vector3,
} from 'three';

const UP = new Vector3(0, 1, 0);
const _v = new Vector3(),
  _q = new Quaternion(),
  _c = new Color();
/** Segments of a half circle in the wireframes of spheres and capsules. */
const ARC = 12;

/** The colour of a character's capsule per ground reason (CharacterMove.reason). */
export const GROUND_COLORS = {
  walkable: '#51cf66',
  snapped: '#3bc9db',
  'stepped up': '#ff922b',
  'too steep': '#ff6b6b',
  'no ground': '#74c0fc',
  rising: '#b197fc',
};
/** The colour of the ring at a character's feet when moving ground acted on it (crushed first). */
export const MOTION_COLORS = { carried: '#fcc419', pushed: '#e599f7', crushed: '#fa5252' };

const BAD_DEPTH = (fn, name, v) =>
  new RangeError(`${fn}: argument '${name}' must be an integer >= 0 or Infinity (got ${String(v)})`);
/** A depth option as the core's maxDepth: an integer >= 0, Infinity for every level. */
function depthOf(fn, name, v, fallback) {
  if (v === undefined) return fallback;
  if (typeof v !== 'number') throw new TypeError(`${fn}: argument '${name}' must be a number (got ${typeof v})`);
  if (v === Infinity) return 0xfffffffe;
  if (!Number.isInteger(v) || v < 0) throw BAD_DEPTH(fn, name, v);
  return Math.min(v, 0xfffffffe);
}
function optionsOf(fn, options) {
  if (options === undefined) return {};
  if (options === null || typeof options !== 'object')
    throw new TypeError(
      `${fn}: argument 'options' must be an object (got ${options === null ? 'null' : typeof options})`,
    );
  return options;
}

/** An empty LineSegments drawn whatever the camera sees (its geometry changes each update). */
function lines(material) {
  const l = new LineSegments(new BufferGeometry(), material);
  l.frustumCulled = false;
  return l;
}

/** Puts the vertex pairs (and colours) into a line's geometry: in place when the size is kept. */
function setLines(line, positions, colors) {
  let g = line.geometry;
  const old = g.attributes.position;
  if (old === undefined || old.array.length !== positions.length) {
    g.dispose();
    g = line.geometry = new BufferGeometry();
    g.setAttribute('position', new BufferAttribute(positions, 3));
    if (colors) g.setAttribute('color', new BufferAttribute(colors, 3));
    return;
  }
  old.array.set(positions);
  old.needsUpdate = true;
  if (colors) {
    g.attributes.color.array.set(colors);
    g.attributes.color.needsUpdate = true;
  }
}

/** The edges ab, bc, ca of triangles given 9 floats each: 18 floats per triangle. */
function triangleEdges(t) {
  const out = new Float32Array(2 * t.length);
  for (let i = 0, k = 0; i < t.length; i += 9, k += 18) {
    out.set(t.subarray(i, i + 6), k); // a, b
    out.set(t.subarray(i + 3, i + 9), k + 6); // b, c
    out.set(t.subarray(i + 6, i + 9), k + 12); // c
    out.set(t.subarray(i, i + 3), k + 15); // a
  }
  return out;
}

/**
 * The corners at both ends of a box's 12 edges, 24 in all: corner d's bits 0, 1 and 2 say
 * whether its x, y and z are the maximum; an edge joins two corners one bit apart.
 */
const BOX_EDGE_CORNERS = [];
for (let c = 0; c < 8; c++) for (let bit = 1; bit < 8; bit <<= 1) if (!(c & bit)) BOX_EDGE_CORNERS.push(c, c | bit);

/** The 12 edges of boxes given 8 floats each (min xyz, max xyz, depth, leaf), coloured by depth. */
function boxEdges(boxes) {
  const n = boxes.length / 8;
  const pos = new Float32Array(72 * n),
    col = new Float32Array(72 * n);
  for (let b = 0, k = 0; b < n; b++) {
    const m = boxes.subarray(8 * b, 8 * b + 6);
    _c.setHSL((0.58 + 0.11 * (boxes[8 * b + 6] - 1)) % 1, 0.85, 0.6);
    for (const d of BOX_EDGE_CORNERS) {
      pos[k] = m[d & 1 ? 3 : 0];
      pos[k + 1] = m[d & 2 ? 4 : 1];
      pos[k + 2] = m[d & 4 ? 5 : 2];
      _c.toArray(col, k);
      k += 3;
    }
  }
  return { pos, col };
}

/**
 * A capsule's wireframe (a sphere's when half = 0) around the Y axis through the origin, the
 * segment from y = -half to +half, then turned by `q` and moved to `at`: first the rings at both
 * ends (one ring for a sphere), then the caps' meridians and four side lines.
 */
function capsuleEdges(radius, half, q, at) {
  const out = [];
  const put = (x, y, z) => {
    _v.set(x, y, z).applyQuaternion(q).add(at);
    out.push(_v.x, _v.y, _v.z);
  };
  const angle = (k) => (Math.PI * k) / ARC;
  for (const y of half > 0 ? [-half, half] : [0])
    for (let k = 0; k < 2 * ARC; k++) {
      put(radius * Math.cos(angle(k)), y, radius * Math.sin(angle(k)));
      put(radius * Math.cos(angle(k + 1)), y, radius * Math.sin(angle(k + 1)));
    }
  // The meridians in the xy and zy planes: the upper half circles on top, the lower below.
  for (let k = 0; k < 2 * ARC; k++) {
    const s = k < ARC ? half : -half;
    for (const j of [k, k + 1]) put(radius * Math.cos(angle(j)), s + radius * Math.sin(angle(j)), 0);
    for (const j of [k, k + 1]) put(0, s + radius * Math.sin(angle(j)), radius * Math.cos(angle(j)));
  }
  if (half > 0)
    for (let k = 0; k < 4; k++) {
      const x = radius * Math.cos(angle((k * ARC) / 2)),
        z = radius * Math.sin(angle((k * ARC) / 2));
      put(x, -half, z);
      put(x, half, z);
    }
  return new Float32Array(out);
}

/** The 12 edges of an oriented box. */
function obbEdges(center, rotation, h) {
  const out = new Float32Array(72);
  _q.set(rotation.x, rotation.y, rotation.z, rotation.w);
  BOX_EDGE_CORNERS.forEach((d, i) =>
    _v
      .set(d & 1 ? h.x : -h.x, d & 2 ? h.y : -h.y, d & 4 ? h.z : -h.z)
      .applyQuaternion(_q)
      .add(center)
      .toArray(out, 3 * i),
  );
  return out;
}

/** The wireframe of a capsule from start to end (a sphere when they meet). */
function segmentCapsuleEdges(start, end, radius) {
  const axis = new Vector3(end.x - start.x, end.y - start.y, end.z - start.z);
  const length = axis.length();
  const q = length > 0 ? new Quaternion().setFromUnitVectors(UP, axis.divideScalar(length)) : new Quaternion();
  const mid = new Vector3((start.x + end.x) / 2, (start.y + end.y) / 2, (start.z + end.z) / 2);
  return capsuleEdges(radius, length / 2, q, mid);
}

/**
 * The objects of a World as wireframes at their current poses (meshes and instances by their
 * world-space triangles, spheres, capsules and boxes by their shapes), and the boxes of its top
 * level (and, optionally, of each mesh's tree) down to a chosen depth, coloured by depth.
 * Call `update()` after changing the world (`world.update(dt)`, adds, removals): it redraws
 * only the objects that changed since (World.changedSince).
 * @example
 * const debug = new WorldHelper(world, { depth: 3 });
 * scene.add(debug);
 * // each frame: world.update(dt); debug.update();
 */
export class WorldHelper extends Group {
  #drawn = new Map(); // id -> LineSegments (a mesh's tree, when drawn, is its child)
  #seen = 0; // the world's revision at the last update
  #depths = '';

  /**
   * @param {object} world the World to draw
   * @param {object} [options] { depth (top-level boxes, default 0: none), meshDepth (each mesh's
   *   tree, default 0), color (the objects' lines, default '#4dabf7') }
   */
  constructor(world, options) {
    super();
    const fn = 'WorldHelper';
    if (world === null || typeof world !== 'object' || typeof world.changedSince !== 'function')
      throw new TypeError(`${fn}: argument 'world' must be a World`);
    const o = optionsOf(fn, options);
    this.type = 'WorldHelper';
    this.world = world;
    /** How many levels of the top level's tree are drawn (0: none; Infinity: all). */
    this.depth = depthOf(fn, 'options.depth', o.depth, 0);
    /** How many levels of each mesh's tree are drawn (0: none). */
    this.meshDepth = depthOf(fn, 'options.meshDepth', o.meshDepth, 0);
    this.material = new LineBasicMaterial({ color: o.color ?? '#4dabf7' });
    this.treeMaterial = new LineBasicMaterial({ vertexColors: true });
    /** The objects' wireframes, one LineSegments each (`userData.object` is its id). */
    this.objects = new Group();
    /** The top level's boxes. */
    this.tree = lines(this.treeMaterial);
    this.add(this.objects, this.tree);
    this.update();
  }

  /** The LineSegments drawing object `id` (world-space vertices), or undefined. */
  lines(id) {
    return this.#drawn.get(id);
  }

  /** Redraws what changed in the world since the last update (and everything when a depth changed). */
  update() {
    const w = this.world;
    const depths = `${depthOf('WorldHelper.update', 'depth', this.depth)} ${depthOf('WorldHelper.update', 'meshDepth', this.meshDepth)}`;
    if (depths !== this.#depths) this.#seen = 0;
    const revision = w.revision;
    if (revision === this.#seen && depths === this.#depths) return this;
    for (const id of w.changedSince(this.#seen)) this.#draw(id);
    if (this.#drawn.size > w.objectCount) for (const id of [...this.#drawn.keys()]) if (!w.has(id)) this.#drop(id);
    const { pos, col } = boxEdges(w.treeBoxes(depthOf('', '', this.depth)));
    setLines(this.tree, pos, col);
    this.#seen = revision;
    this.#depths = depths;
    return this;
  }

  #draw(id) {
    const w = this.world;
    let line = this.#drawn.get(id);
    if (line === undefined) {
      line = lines(this.material);
      line.userData.object = id;
      this.objects.add(line);
      this.#drawn.set(id, line);
    }
    const kind = w.kind(id);
    line.name = `${kind} ${id}`;
    if (kind === 'sphere') {
      const s = w.sphere(id);
      setLines(line, capsuleEdges(s.radius, 0, _q.identity(), s.center));
    } else if (kind === 'capsule') {
      const c = w.capsule(id);
      setLines(line, segmentCapsuleEdges(c.start, c.end, c.radius));
    } else if (kind === 'box') {
      const b = w.box(id);
      setLines(line, obbEdges(b.center, b.rotation, b.halfExtents));
    } else {
      setLines(line, triangleEdges(w.triangles(id)));
      this.#drawTree(line, id);
    }
  }

  /** A mesh's tree, in its own space, placed by the object's pose. */
  #drawTree(line, id) {
    const depth = depthOf('', '', this.meshDepth);
    let tree = line.children[0];
    if (depth === 0) {
      if (tree !== undefined) {
        line.remove(tree);
        tree.geometry.dispose();
      }
      return;
    }
    if (tree === undefined) line.add((tree = lines(this.treeMaterial)));
    const { pos, col } = boxEdges(this.world.meshTreeBoxes(id, depth));
    setLines(tree, pos, col);
    const t = this.world.transform(id);
    tree.position.set(t.position.x, t.position.y, t.position.z);
    tree.quaternion.set(t.quaternion.x, t.quaternion.y, t.quaternion.z, t.quaternion.w);
    tree.scale.setScalar(t.scale);
  }

  #drop(id) {
    const line = this.#drawn.get(id);
    this.objects.remove(line);
    line.geometry.dispose();
    line.children[0]?.geometry.dispose();
    this.#drawn.delete(id);
  }

  /** Frees every geometry and material; the helper draws nothing afterwards. */
  dispose() {
    for (const id of [...this.#drawn.keys()]) this.#drop(id);
    this.tree.geometry.dispose();
    this.material.dispose();
    this.treeMaterial.dispose();
    this.clear();
  }
}

/**
 * A character as the controller sees it: its capsule coloured by the ground reason of its last
 * move (GROUND_COLORS), the ground normal at its feet, the ground's velocity, the wall it hit,
 * and a ring at its feet when moving ground carried, pushed or crushed it (MOTION_COLORS).
 * @example
 * const me = new CharacterHelper(player, { onTop: true });
 * scene.add(me);
 * // each frame: me.update(player.move(step));
 */
export class CharacterHelper extends Group {
  #character;
  #index;
  #last;

  /**
   * @param {object} character a CharacterController, or a CharacterGroup followed by an index
   * @param {number|object} [index] the character's index in a group; else the options
   * @param {object} [options] { normalLength (m, default 1), velocityScale (s, default 0.5),
   *   onTop (drawn through what is in front, default false) }
   */
  constructor(character, index, options) {
    super();
    const fn = 'CharacterHelper';
    const group = typeof character?.lastMove === 'function';
    if (!group && typeof character?.move !== 'function')
      throw new TypeError(`${fn}: argument 'character' must be a CharacterController or a CharacterGroup`);
    if (group) {
      if (!Number.isInteger(index) || index < 0 || index >= character.count)
        throw new RangeError(
          `${fn}: argument 'index' must be a character of the group, < ${character.count} (got ${String(index)})`,
        );
    } else options = index;
    const o = optionsOf(fn, options);
    this.type = 'CharacterHelper';
    this.#character = character;
    this.#index = group ? index : -1;
    this.normalLength = o.normalLength ?? 1;
    this.velocityScale = o.velocityScale ?? 0.5;
    const { radius, height } = character.settings;
    this.radius = radius;
    this.height = height;
    /** The capsule's wireframe; its colour is the ground reason's. */
    this.capsule = lines(new LineBasicMaterial({ color: GROUND_COLORS['no ground'] }));
    setLines(this.capsule, capsuleEdges(radius, height / 2 - radius, _q.identity(), _v.set(0, 0, 0).clone()));
    const feet = new Vector3(0, -height / 2, 0);
    this.groundNormal = new ArrowHelper(UP, feet, 1, GROUND_COLORS.walkable);
    this.groundVelocity = new ArrowHelper(UP, feet, 1, MOTION_COLORS.carried);
    /** Starts on the capsule's surface, facing the wall. */
    this.wallNormal = new ArrowHelper(UP, new Vector3(), 0.8, MOTION_COLORS.pushed);
    /** The ring at the feet, shown when moving ground acted on the character. */
    this.ring = lines(new LineBasicMaterial({ color: MOTION_COLORS.carried }));
    setLines(this.ring, capsuleEdges(radius * 1.25, 0, _q.identity(), feet).slice(0, 12 * ARC));
    this.add(this.capsule, this.groundNormal, this.groundVelocity, this.wallNormal, this.ring);
    if (o.onTop)
      this.traverse((x) => {
        if (x.material) x.material.depthTest = false;
        x.renderOrder = 10;
      });
    /** The ground reason shown, or null before the first move. */
    this.reason = null;
    this.update();
  }

  /**
   * Shows `move` (a CharacterMove: at its position) or, when omitted, the character where it is
   * now with its last report: a group's `lastMove(index)`, or the last move a controller's
   * helper was given (pass what `character.move(...)` returns).
   * @param {object} [move] a CharacterMove
   */
  update(move) {
    const c = this.#character;
    const given = move !== undefined;
    if (!given) move = this.#index >= 0 ? c.lastMove(this.#index) : this.#last;
    else if (move === null || typeof move.reason !== 'string' || typeof move.position?.x !== 'number')
      throw new TypeError("CharacterHelper.update: argument 'move' must be a CharacterMove");
    this.#last = move;
    if (given) this.position.set(move.position.x, move.position.y, move.position.z);
    else if (this.#index >= 0) {
      const p = c.positions;
      this.position.set(p[3 * this.#index], p[3 * this.#index + 1], p[3 * this.#index + 2]);
    } else {
      const p = c.position;
      this.position.set(p.x, p.y, p.z);
    }
    const m = move;
    this.reason = m ? m.reason : null;
    this.capsule.material.color.set(m ? GROUND_COLORS[m.reason] : GROUND_COLORS['no ground']);
    const n = m?.groundNormal;
    this.groundNormal.visible = n !== undefined && (n.x !== 0 || n.y !== 0 || n.z !== 0);
    if (this.groundNormal.visible) {
      this.groundNormal.setDirection(_v.set(n.x, n.y, n.z));
      this.groundNormal.setLength(this.normalLength);
      this.groundNormal.setColor(m.reason === 'too steep' ? GROUND_COLORS['too steep'] : GROUND_COLORS.walkable);
    }
    const g = m?.groundVelocity;
    const speed = g === undefined ? 0 : Math.hypot(g.x, g.y, g.z);
    this.groundVelocity.visible = speed > 0;
    if (speed > 0) {
      this.groundVelocity.setDirection(_v.set(g.x / speed, g.y / speed, g.z / speed));
      this.groundVelocity.setLength(speed * this.velocityScale);
    }
    this.wallNormal.visible = m?.hitWall === true;
    if (m?.hitWall) {
      const n = m.wallNormal;
      this.wallNormal.setDirection(_v.set(n.x, n.y, n.z));
      this.wallNormal.position.set(-n.x * this.radius, -n.y * this.radius, -n.z * this.radius);
    }
    const state = m?.crushed ? 'crushed' : m?.pushed ? 'pushed' : m?.carried ? 'carried' : null;
    this.ring.visible = state !== null;
    if (state !== null) this.ring.material.color.set(MOTION_COLORS[state]);
    return this;
  }

  /** Frees the geometries and materials. */
  dispose() {
    this.capsule.geometry.dispose();
    this.capsule.material.dispose();
    this.ring.geometry.dispose();
    this.ring.material.dispose();
    for (const a of [this.groundNormal, this.groundVelocity, this.wallNormal]) a.dispose();
    this.clear();
  }
}

/**
 * The results of queries, drawn until `clear()`: hits and contacts as a cross at the point and
 * their normal; rays up to their hit; sweeps as the shape where it started, its path and the
 * shape where it stopped. One LineSegments (one draw call) whatever the count.
 * @example
 * const hits = new ContactsHelper();
 * scene.add(hits);
 * hits.clear().add(world.overlapSphere(p, 0.5));
 */
export class ContactsHelper extends LineSegments {
  #pos = [];
  #col = [];

  /**
   * @param {object} [options] { size (of a point's cross, default 0.1), normalLength (default
   *   0.5), colors { point, normal, path, shape } }
   */
  constructor(options) {
    super(new BufferGeometry(), new LineBasicMaterial({ vertexColors: true }));
    const o = optionsOf('ContactsHelper', options);
    this.type = 'ContactsHelper';
    this.frustumCulled = false;
    this.size = o.size ?? 0.1;
    this.normalLength = o.normalLength ?? 0.5;
    this.colors = { point: '#ff6b6b', normal: '#51cf66', path: '#adb5bd', shape: '#fcc419', ...o.colors };
  }

  /** Segments drawn. */
  get count() {
    return this.#pos.length / 6;
  }

  #segment(a, b, color) {
    this.#pos.push(a.x, a.y, a.z, b.x, b.y, b.z);
    _c.set(color);
    this.#col.push(_c.r, _c.g, _c.b, _c.r, _c.g, _c.b);
  }

  #flush() {
    setLines(this, new Float32Array(this.#pos), new Float32Array(this.#col));
  }

  #point(p, normal) {
    const s = this.size / 2;
    for (const [x, y, z] of [
      [s, 0, 0],
      [0, s, 0],
      [0, 0, s],
    ])
      this.#segment({ x: p.x - x, y: p.y - y, z: p.z - z }, { x: p.x + x, y: p.y + y, z: p.z + z }, this.colors.point);
    if (normal !== undefined && (normal.x !== 0 || normal.y !== 0 || normal.z !== 0)) {
      const l = this.normalLength;
      this.#segment(p, { x: p.x + normal.x * l, y: p.y + normal.y * l, z: p.z + normal.z * l }, this.colors.normal);
    }
  }

  /**
   * Draws a query's result: a WorldHit, WorldContact or WorldClosestPoint (its point and
   * normal), or an array of them (overlapSphere's contacts). Misses (`hit: false`) draw nothing.
   * @param {object|object[]} result what the query returned
   */
  add(result) {
    const list = Array.isArray(result) ? result : [result];
    for (const r of list) {
      if (r === null || typeof r !== 'object' || typeof r.point?.x !== 'number')
        throw new TypeError(
          "ContactsHelper.add: argument 'result' must be a hit or contact (with a point) or an array of them",
        );
      if (r.hit !== false) this.#point(r.point, r.normal);
    }
    this.#flush();
    return this;
  }

  /**
   * Draws a ray from `origin` along `direction`: up to the hit and the hit itself, or
   * `maxDistance` long on a miss (default 100 when infinite).
   * @param {object} origin the ray's origin {x, y, z}
   * @param {object} direction its direction (need not be unit)
   * @param {object} hit what World.raycast returned
   * @param {number} [maxDistance] the distance the ray was cast
   */
  addRay(origin, direction, hit, maxDistance = Infinity) {
    const d = _v.set(direction.x, direction.y, direction.z).normalize();
    const length = hit?.hit ? hit.distance : Number.isFinite(maxDistance) ? maxDistance : 100;
    this.#segment(
      origin,
      { x: origin.x + d.x * length, y: origin.y + d.y * length, z: origin.z + d.z * length },
      this.colors.path,
    );
    if (hit?.hit) this.#point(hit.point, hit.normal);
    this.#flush();
    return this;
  }

  /**
   * Draws a sphere or capsule cast: the shape where it started, its path, the shape where it
   * stopped (at the hit, or at the end of the sweep) and the contact.
   * @param {object} shape { center, radius } (World.sphereCast) or { start, end, radius } (World.capsuleCast)
   * @param {object} direction the cast's direction (need not be unit)
   * @param {number} maxDistance the cast's distance
   * @param {object} hit what the cast returned
   */
  addSweep(shape, direction, maxDistance, hit) {
    const sphere = shape?.center !== undefined;
    if (!sphere && shape?.start === undefined)
      throw new TypeError(
        "ContactsHelper.addSweep: argument 'shape' must be { center, radius } or { start, end, radius }",
      );
    const d = new Vector3(direction.x, direction.y, direction.z).normalize();
    const travel = hit?.hit ? hit.distance : maxDistance;
    const a = sphere ? shape.center : shape.start,
      b = sphere ? shape.center : shape.end;
    const moved = (p) => ({ x: p.x + d.x * travel, y: p.y + d.y * travel, z: p.z + d.z * travel });
    const mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2, z: (a.z + b.z) / 2 };
    this.#segment(mid, moved(mid), this.colors.path);
    for (const [p, q] of [
      [a, b],
      [moved(a), moved(b)],
    ]) {
      const e = segmentCapsuleEdges(p, q, shape.radius);
      for (let k = 0; k < e.length; k += 6)
        this.#segment(
          { x: e[k], y: e[k + 1], z: e[k + 2] },
          { x: e[k + 3], y: e[k + 4], z: e[k + 5] },
          this.colors.shape,
        );
    }
    if (hit?.hit) this.#point(hit.point, hit.normal);
    this.#flush();
    return this;
  }

  /** Removes everything drawn. */
  clear() {
    this.#pos.length = this.#col.length = 0;
    this.#flush();
    return this;
  }

  /** Frees the geometry and the material. */
  dispose() {
    this.geometry.dispose();
    this.material.dispose();
  }
}
