// The scene files read by the native programs (native/scene_io.hpp reads the same layout).
// Every file: a 4-character magic, three uint32 header words, then little-endian arrays of
// float32 or uint32 back to back, in the order the kind defines:
//   SHTM mesh        [vertices, triangles, 0]      positions f32[3V], indices u32[3T]
//   SHTP particles   [count, 0, 0]                 positions f32[3n], velocities f32[3n], radii f32[n]
//   SHTC characters  [count, 0, 0]                 positions f32[3n], walk velocities f32[3n]
//   SHTQ queries     [count, 0, 0]                 triangles f32[9n], points f32[3n], spheres f32[4n]
//   SHTR rays        [count, 0, 0]                 rays f32[6n] (origin, unit direction)
//   SHTT trajectory  [steps, count, 0]             positions f32[steps * 3n], after each step
//   SHTO output      [count, stride, 0]            f32[count * stride] (written by native programs)
import { readFileSync, writeFileSync } from 'node:fs';

export function writeBin(path, magic, header, arrays) {
  const head = Buffer.alloc(16);
  head.write(magic, 0, 'latin1');
  header.forEach((w, i) => head.writeUInt32LE(w >>> 0, 4 + 4 * i));
  const parts = [head, ...arrays.map((a) => Buffer.from(a.buffer, a.byteOffset, a.byteLength))];
  writeFileSync(path, Buffer.concat(parts));
}

/** Reads a file written by writeBin (or a native program): { magic, header, at(offsetFloats, length, Type) }. */
export function readBin(path, expectMagic) {
  const buf = readFileSync(path);
  const magic = buf.toString('latin1', 0, 4);
  if (expectMagic && magic !== expectMagic) throw new Error(`${path}: expected ${expectMagic}, found ${magic}`);
  const header = [buf.readUInt32LE(4), buf.readUInt32LE(8), buf.readUInt32LE(12)];
  // Copy into an aligned buffer so typed views start at a multiple of 4 bytes.
  const body = new ArrayBuffer(buf.length - 16);
  new Uint8Array(body).set(buf.subarray(16));
  return {
    magic,
    header,
    floats: (offset, length) => new Float32Array(body, 4 * offset, length),
    uints: (offset, length) => new Uint32Array(body, 4 * offset, length),
  };
}

export const writeMesh = (path, mesh) =>
  writeBin(path, 'SHTM', [mesh.positions.length / 3, mesh.indices.length / 3, 0], [mesh.positions, mesh.indices]);

export function readMesh(path) {
  const f = readBin(path, 'SHTM');
  const [v, t] = f.header;
  return { positions: f.floats(0, 3 * v), indices: f.uints(3 * v, 3 * t) };
}

export function readTrajectory(path) {
  const f = readBin(path, 'SHTT');
  const [steps, count] = f.header;
  return { steps, count, positions: f.floats(0, steps * 3 * count) };
}

export function readOutput(path) {
  const f = readBin(path, 'SHTO');
  const [count, stride] = f.header;
  return { count, stride, values: f.floats(0, count * stride) };
}
