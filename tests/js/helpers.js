// Shared by the package's JS tests: the built package (dist/), the golden files written by the
// native program tests/native/golden.cpp, and how to turn their records into calls and results.
import { readFileSync, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../../', import.meta.url));
export const goldenDir = `${root}build/native/tests/native/golden`;

/** The package as built in dist/ (scripts/build.sh). */
export async function loadPackage() {
  const pkg = await import(new URL('../../dist/index.js', import.meta.url));
  return { pkg, s: await pkg.init() };
}

// The face's internal tables, from its sources: dist/ holds them bundled into index.js.
export const { SIGNATURES, WORLD_SIGNATURES, CLASS_SIGNATURES, STATIC_SIGNATURES, OPTIONS, BEHIND_THE_FACE } =
  await import(new URL('../../wasm/js/signatures.js', import.meta.url));
const layout = await import(new URL('../../wasm/js/layout.js', import.meta.url));
// This copy of layout.js is not the package's: its enum name tables are filled here, from a module
// instance of the tests' own (the package fills its copy in init()).
{
  const { default: createShototsuModule } = await import(new URL('../../dist/shototsu-wasm.js', import.meta.url));
  layout.readNames(await createShototsuModule());
}

/** SIGNATURES of the API's functions and the World's methods: the queries (the classes' constructors
 *  and the systems' methods are tested by hostile.test.js, World.deserialize by serialize.test.js). */
export const QUERY_SIGNATURES = Object.fromEntries(
  Object.entries(SIGNATURES).filter(
    ([name]) => !(name in CLASS_SIGNATURES) && !(name in STATIC_SIGNATURES) && /^(World\.)?[^.]+$/.test(name),
  ),
);

export function goldenManifest() {
  const path = `${goldenDir}/manifest.json`;
  if (!existsSync(path))
    throw new Error(`no golden files at ${goldenDir}: build the native tree first (npm test does)`);
  return JSON.parse(readFileSync(path, 'utf8'));
}

/** The records of a golden file: [{ input: Float32Array, output: Float32Array }]. */
export function goldenRecords(name) {
  const buf = readFileSync(`${goldenDir}/${name}.bin`);
  const f = new Float32Array(buf.buffer, buf.byteOffset, buf.byteLength / 4);
  const records = [];
  for (let k = 0; k < f.length; ) {
    const nIn = f[k++];
    const input = f.subarray(k, k + nIn);
    k += nIn;
    const nOut = f[k++];
    const output = f.subarray(k, k + nOut);
    k += nOut;
    records.push({ input, output });
  }
  return records;
}

/** The meshes of the golden world: [{ positions: Float32Array, indices: Uint32Array | undefined }]. */
export function goldenMeshes() {
  const buf = readFileSync(`${goldenDir}/world.bin`);
  const u = new Uint32Array(buf.buffer, buf.byteOffset, buf.byteLength / 4);
  const f = new Float32Array(buf.buffer, buf.byteOffset, buf.byteLength / 4);
  const meshes = [];
  let k = 0;
  const count = u[k++];
  for (let m = 0; m < count; m++) {
    const np = u[k++];
    const positions = f.slice(k, k + np);
    k += np;
    const ni = u[k++];
    const indices = ni ? u.slice(k, k + ni) : undefined;
    k += ni;
    meshes.push({ positions, indices });
  }
  return meshes;
}

/** The parsed signature: [{ name, kind, optional }]. */
export function parseSignature(text) {
  return text
    .split(/\s+/)
    .filter(Boolean)
    .map((arg) => {
      const [name, kind] = arg.split(':');
      return { name: name.replace('?', ''), kind, optional: name.endsWith('?') };
    });
}

/**
 * The arguments of a call decoded from a golden record's inputs by the signature's kinds.
 * `variant` alternates representations (a polygon as Float32Array or as {x, y} objects).
 */
export function decodeArgs(signature, input, variant = 0) {
  const args = [];
  let k = 0;
  const take = (n) => Array.from(input.subarray(k, (k += n)));
  for (const { kind } of parseSignature(signature)) {
    if (kind === 'filter') {
      args.push(undefined); // golden queries run unfiltered
    } else if (kind === 'vec3' || kind === 'extent') {
      const [x, y, z] = take(3);
      args.push({ x, y, z });
    } else if (kind === 'quat') {
      const [x, y, z, w] = take(4);
      args.push({ x, y, z, w });
    } else if (kind === 'vec2') {
      const [x, y] = take(2);
      args.push({ x, y });
    } else if (kind === 'mat4') {
      args.push(variant % 2 ? { elements: take(16) } : take(16));
    } else if (kind === 'polygon' || kind.startsWith('f32/')) {
      const values = take(input[k++]);
      if (kind === 'polygon' && variant % 2) {
        const pts = [];
        for (let i = 0; i < values.length; i += 2) pts.push({ x: values[i], y: values[i + 1] });
        args.push(pts);
      } else {
        args.push(new Float32Array(values));
      }
    } else {
      args.push(take(1)[0]); // number, radius, distance, maxDistance, index
    }
  }
  if (k !== input.length) throw new Error(`decodeArgs: ${input.length - k} inputs left over for '${signature}'`);
  return args;
}

/** Codes of enum strings in the golden files (see golden.cpp), from the names init() read. */
let enumCodes = null;
function enumCode(name) {
  enumCodes ??= new Map([
    ...layout.REGIONS.map((s, i) => [s, i]),
    ...layout.SWEEP_PLANE_CASES.map((s, i) => [s, i]),
    ...layout.BOUNDING_SPHERE_KINDS.map((s, i) => [s, i]),
  ]);
  if (!enumCodes.has(name)) throw new Error(`flatten: unknown enum string '${name}' (was init() called?)`);
  return enumCodes.get(name);
}

/** A JS result flattened as golden.cpp writes it: keys in order, booleans 1/0, null NaN. */
export function flatten(value, out = []) {
  if (value === null) out.push(NaN);
  else if (typeof value === 'boolean') out.push(value ? 1 : 0);
  else if (typeof value === 'number') out.push(value);
  else if (typeof value === 'string') out.push(enumCode(value));
  else if (Array.isArray(value) || ArrayBuffer.isView(value)) {
    out.push(value.length);
    for (const v of value) flatten(v, out);
  } else {
    for (const [key, v] of Object.entries(value)) if (key !== 'condition') flatten(v, out);
  }
  return out;
}

const f32 = new Float32Array(1);
const u32 = new Uint32Array(f32.buffer);
/** The float32 bits of a number (NaNs all map to one pattern). */
export function bits(x) {
  if (Number.isNaN(x)) return 0x7fc00000;
  f32[0] = x;
  return u32[0];
}

/** Indices where two float32 sequences differ in their bits (NaN equals NaN). */
export function bitDifferences(actual, expected) {
  const diffs = [];
  const n = Math.max(actual.length, expected.length);
  for (let i = 0; i < n; i++) {
    if (i >= actual.length || i >= expected.length || bits(actual[i]) !== bits(expected[i])) diffs.push(i);
  }
  return diffs;
}

/** A valid value of each argument kind of signatures.js (`name` picks a mesh's whole triangle and
 *  a valid length). */
export function validArg(kind, name) {
  switch (kind) {
    case 'vec3':
      return { x: 0.25, y: 0.5, z: 0.125 };
    case 'extent':
      return { x: 1, y: 2, z: 0.5 };
    case 'quat':
      return { x: 0, y: 0, z: 0.6, w: 0.8 };
    case 'vec2':
      return { x: 0.1, y: 0.2 };
    case 'number':
    case 'radius':
      return 0.5;
    case 'distance':
    case 'maxDistance':
      return 10;
    case 'index':
      return name === 'length' ? 12 : 0;
    case 'mat4':
    case 'transform':
      return [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 3, 4, 5, 1];
    case 'object': // the mesh the bad-input worlds are made with
    case 'id':
      return 0;
    case 'layers':
      return 1;
    case 'dt':
      return 1 / 60;
    case 'filter':
    case 'objectOptions':
    case 'layerOptions':
      return { layers: 1 };
    case 'BatchOptions':
      return { exact: false };
    case 'polygon':
      return [
        { x: 0, y: 0 },
        { x: 1, y: 0 },
        { x: 0, y: 1 },
      ];
    default: {
      const [type, stride] = kind.split('/');
      if (type === 'u32') return new Uint32Array([0, 1, 2].slice(0, Number(stride)));
      if (name === 'matrices') return new Float32Array([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 3, 4, 5, 1]);
      const length = name === 'positions' ? 9 : Number(stride); // a mesh needs a whole triangle
      return new Float32Array(length).map((_, i) => i * 0.5);
    }
  }
}

/** A cube of half extent 1 as 12 non-indexed triangles, in the order of tests/native/cube.hpp. */
export function unitCube() {
  const v = [
    [-1, -1, -1],
    [1, -1, -1],
    [1, 1, -1],
    [-1, 1, -1],
    [-1, -1, 1],
    [1, -1, 1],
    [1, 1, 1],
    [-1, 1, 1],
  ];
  const faces = [
    [0, 2, 1],
    [0, 3, 2],
    [4, 5, 6],
    [4, 6, 7],
    [0, 1, 5],
    [0, 5, 4],
    [3, 7, 6],
    [3, 6, 2],
    [0, 4, 7],
    [0, 7, 3],
    [1, 2, 6],
    [1, 6, 5],
  ];
  return new Float32Array(faces.flatMap((t) => t.flatMap((k) => v[k])));
}

/** Seeded uniform numbers in [0, 1) (mulberry32): the same sequence on every run. */
export function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
