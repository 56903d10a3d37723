// Batch forms: many queries in one crossing into wasm, over Float32Arrays packed per element.
// Each input holds n elements, or exactly 1 which is used for every element (one triangle
// against many points). Inputs and `out` may be plain typed arrays (copied in and out) or live
// in wasm memory (s.allocFloat32, zero-copy; see memory.js for their lifetime). Values inside
// the arrays are not checked one by one: NaN or infinite input gives a miss or NaN output for
// that element, never an error or a crash.
import { fail, nonneg } from './check.js';
import { WasmArray, arrayArg, arrayOutput, batchCount, placeInput } from './memory.js';

export function batchFamily(W, heap, mem, registry) {
  /**
   * Runs the export `fn(ptrA, strideA, ptrB, strideB, n, outPtr)` for inputs a (strideA floats)
   * and b; errors name the public function `name`.
   */
  function pairBatch(fn, nameA, a, strideA, nameB, b, strideB, out, outStride, name = fn) {
    const argA = arrayArg(mem, name, nameA, a, Float32Array, strideA);
    const argB = arrayArg(mem, name, nameB, b, Float32Array, strideB);
    const n = batchCount(name, [
      [nameA, argA],
      [nameB, argB],
    ]);
    const result = arrayOutput(mem, name, 'out', out, Float32Array, outStride, n);
    const pa = placeInput(mem, argA, 0);
    const pb = placeInput(mem, argB, 1);
    const po = result.where(2);
    W[fn](pa, argA.count === 1 ? 0 : strideA, pb, argB.count === 1 ? 0 : strideB, n, po);
    return result.finish();
  }

  function pairs(fn, boxes, method) {
    const arg = arrayArg(mem, fn, 'boxes', boxes, Float32Array, 6);
    const p = placeInput(mem, arg, 0);
    const count = W.pairs(p, arg.count, method);
    const at = W.pairsPointer() >> 2;
    return heap.u32().slice(at, at + 2 * count);
  }

  return {
    closestPointsOnTriangles(points, triangles, out, options) {
      // { exact: false }: the float32 path (closest_points_on_triangles_fast), within its bound.
      let fast = false;
      if (options !== undefined) {
        if (options === null || typeof options !== 'object')
          fail('closestPointsOnTriangles', points, triangles, out, options);
        fast = options.exact !== undefined && !options.exact;
      }
      const fn = fast ? 'closestPointsOnTrianglesFast' : 'closestPointsOnTriangles';
      return pairBatch(fn, 'points', points, 3, 'triangles', triangles, 9, out, 3, 'closestPointsOnTriangles');
    },
    trianglesSpheres(triangles, spheres, out) {
      return pairBatch('trianglesSpheres', 'triangles', triangles, 9, 'spheres', spheres, 4, out, 8);
    },
    intersectSegmentsTriangles(segments, triangles, out) {
      return pairBatch('intersectSegmentsTriangles', 'segments', segments, 6, 'triangles', triangles, 9, out, 8);
    },
    intersectSegmentsSpheres(segments, spheres, out) {
      return pairBatch('intersectSegmentsSpheres', 'segments', segments, 6, 'spheres', spheres, 4, out, 8);
    },
    intersectSegmentsAABBs(segments, boxes, out) {
      return pairBatch('intersectSegmentsAABBs', 'segments', segments, 6, 'boxes', boxes, 6, out, 8);
    },

    pairsAll(boxes) {
      return pairs('pairsAll', boxes, 0);
    },
    pairsSweepAndPrune(boxes) {
      return pairs('pairsSweepAndPrune', boxes, 1);
    },
    pairsTree(boxes) {
      return pairs('pairsTree', boxes, 2);
    },

    allocFloat32(length) {
      if (!(nonneg(length) && Number.isInteger(length))) fail('allocFloat32', length);
      return new WasmArray(mem, Float32Array, length, registry);
    },
    allocUint32(length) {
      if (!(nonneg(length) && Number.isInteger(length))) fail('allocUint32', length);
      return new WasmArray(mem, Uint32Array, length, registry);
    },
  };
}
