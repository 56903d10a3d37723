// Frame-rate and time-spent meters, smoothed so the numbers can be read while they change.

/** An exponential moving average over roughly the last `frames` samples. */
export class Smoothed {
  constructor(frames = 30) {
    this.k = 1 / frames;
    this.value = NaN;
  }
  add(x) {
    this.value = Number.isNaN(this.value) ? x : this.value + (x - this.value) * this.k;
    return this.value;
  }
}

/** Frames per second (from the wall clock), and milliseconds per frame spent in timed sections. */
export class FrameMeter {
  constructor() {
    this.frameTime = new Smoothed(30);
    this.work = new Smoothed(30);
    this.pending = 0;
    this.last = 0;
  }
  /** Runs fn and counts its time toward this frame's work. */
  time(fn) {
    const t0 = performance.now();
    const result = fn();
    this.pending += performance.now() - t0;
    return result;
  }
  /** Ends a frame. */
  frame() {
    const now = performance.now();
    if (this.last > 0) this.frameTime.add((now - this.last) / 1000);
    this.last = now;
    this.work.add(this.pending);
    this.pending = 0;
  }
  get fps() {
    return 1 / this.frameTime.value;
  }
  /** Smoothed milliseconds of timed work per frame. */
  get ms() {
    return this.work.value;
  }
}
