// A mode's parameters and the URL that holds them.
//
// Each mode declares a schema: { key: { type, value (the default), label, … } }. The page's URL
// carries `mode`, `embed` and every parameter that differs from its default, so any state can be
// shared or embedded by copying the address: `?mode=particles&count=8000&restitution=0.9&embed`.
// Values read from the URL are parsed, clamped and rounded like values set from the controls;
// anything unreadable falls back to the default.

/** How each parameter type is read from, written to and normalised for the URL. */
const TYPES = {
  number: {
    parse: (text) => (text.trim() === '' ? NaN : Number(text)),
    valid: Number.isFinite,
    normalise: (v, p) => clamp(roundTo(v, p.step ?? 0), p.min ?? -Infinity, p.max ?? Infinity),
    format: (v) => String(+v.toFixed(4)),
    equal: (a, b) => a === b,
  },
  int: {
    parse: (text) => (text.trim() === '' ? NaN : Number(text)),
    valid: Number.isFinite,
    normalise: (v, p) => clamp(Math.round(roundTo(v, p.step ?? 1)), p.min ?? -Infinity, p.max ?? Infinity),
    format: (v) => String(v),
    equal: (a, b) => a === b,
  },
  bool: {
    // `&flag` and `&flag=1` are true, `&flag=0` is false.
    parse: (text) => ({ '': true, 1: true, true: true, on: true, 0: false, false: false, off: false })[text.trim()],
    valid: (v) => typeof v === 'boolean',
    normalise: (v) => v,
    format: (v) => (v ? '1' : '0'),
    equal: (a, b) => a === b,
  },
  choice: {
    parse: (text) => text.trim(),
    valid: (v, p) => p.options.some((o) => o.value === v),
    normalise: (v) => v,
    format: (v) => v,
    equal: (a, b) => a === b,
  },
  /** A point: "x,y,z" in the URL, { x, y, z } in code. */
  vec3: {
    parse: (text) => {
      const n = text.split(',').map(Number);
      return n.length === 3 ? { x: n[0], y: n[1], z: n[2] } : null;
    },
    valid: (v) => v != null && Number.isFinite(v.x) && Number.isFinite(v.y) && Number.isFinite(v.z),
    normalise: (v, p) => {
      const c = (x) => clamp(roundTo(x, 0.001), -(p.limit ?? 1e3), p.limit ?? 1e3);
      return { x: c(v.x), y: c(v.y), z: c(v.z) };
    },
    format: (v) => [v.x, v.y, v.z].map((x) => String(+x.toFixed(3))).join(','),
    equal: (a, b) => a.x === b.x && a.y === b.y && a.z === b.z,
  },
};

const clamp = (v, lo, hi) => Math.min(hi, Math.max(lo, v));
/** v rounded to a multiple of step (when step > 0), without binary-fraction noise (0.30000000000000004). */
const roundTo = (v, step) => (step > 0 ? +(Math.round(v / step) * step).toFixed(6) : v);

export class Params {
  /**
   * @param {string} mode the mode's id, written first in the URL
   * @param {Record<string, object>} schema the mode's parameters
   * @param {URLSearchParams} search where initial values come from
   * @param {Record<string, string>} [fixed] settings written after the mode whatever their value
   *   (the lab mode's `query`: which lab, part of the page's identity rather than its state)
   */
  constructor(mode, schema, search, fixed = {}) {
    this.mode = mode;
    this.schema = schema;
    this.fixed = fixed;
    this.embed = search.has('embed');
    this.values = {};
    this.#listeners = [];
    for (const [key, spec] of Object.entries(schema)) {
      const type = TYPES[spec.type];
      if (!type) throw new Error(`parameter ${key}: unknown type ${spec.type}`);
      const text = search.get(key);
      const parsed = text === null ? undefined : type.parse(text);
      this.values[key] = type.valid(parsed, spec) ? type.normalise(parsed, spec) : copy(spec.value);
    }
  }

  #listeners;
  #urlTimer = 0;
  #detached = false;

  /** Stops this object from writing the address (it was replaced by another state). */
  detach() {
    this.#detached = true;
    clearTimeout(this.#urlTimer);
  }

  get(key) {
    return this.values[key];
  }

  /** Sets a value (normalised like the URL's), tells the listeners and updates the URL soon. */
  set(key, value) {
    const spec = this.schema[key];
    const type = TYPES[spec.type];
    if (!type.valid(value, spec)) return;
    const v = type.normalise(value, spec);
    if (type.equal(v, this.values[key])) return;
    this.values[key] = v;
    for (const fn of this.#listeners) fn(key, v);
    this.#scheduleUrl();
  }

  /** Calls fn(key, value) after every change. Returns a function that stops it. */
  onChange(fn) {
    this.#listeners.push(fn);
    return () => this.#listeners.splice(this.#listeners.indexOf(fn), 1);
  }

  /** Resets every parameter to its default. */
  reset() {
    for (const [key, spec] of Object.entries(this.schema)) this.set(key, copy(spec.value));
  }

  /** The query string of the current state: mode, the fixed settings, the values that differ from defaults, embed. */
  search({ embed = this.embed } = {}) {
    const q = new URLSearchParams({ mode: this.mode, ...this.fixed });
    for (const [key, spec] of Object.entries(this.schema)) {
      const type = TYPES[spec.type];
      if (!type.equal(this.values[key], spec.value)) q.set(key, type.format(this.values[key]));
    }
    // `&embed` without "=": URLSearchParams would write "embed=" (also valid, less tidy).
    return `?${q.toString().replaceAll('%2C', ',')}${embed ? '&embed' : ''}`;
  }

  /** The address of the current state (for sharing), optionally as the embed layout. */
  url(options) {
    return new URL(this.search(options), location.href).href;
  }

  // history.replaceState is rate-limited by browsers (Safari throws after 100 calls in 30 s):
  // a drag changes values every frame, so the address follows a quarter of a second later.
  #scheduleUrl() {
    clearTimeout(this.#urlTimer);
    if (this.#detached) return;
    this.#urlTimer = setTimeout(() => history.replaceState(null, '', this.search()), 250);
  }
}

const copy = (v) => (v !== null && typeof v === 'object' ? { ...v } : v);
