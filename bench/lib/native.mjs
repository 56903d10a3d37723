// The native side: builds bench/native (standalone CMake project, incremental) into
// build/bench-native and runs `shototsu_scene_bench <scene> --option value ...`, which prints one
// line of JSON and writes the files the JS side measures, and `shototsu_world_bench` (section W).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { log } from './common.mjs';

const ROOT = resolve(new URL('../..', import.meta.url).pathname);
const BUILD = resolve(ROOT, 'build/bench-native');
export const PROGRAM = resolve(BUILD, 'shototsu_scene_bench');
export const WORLD_PROGRAM = resolve(BUILD, 'shototsu_world_bench');

/** Configures (once) and builds both programs; returns the scene program's path, or throws with the compiler's output. */
export function buildNative() {
  const run = (cmd, args) =>
    execFileSync(cmd, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
  if (!existsSync(resolve(BUILD, 'CMakeCache.txt'))) {
    log('configuring the native scene benchmarks (build/bench-native)');
    run('cmake', ['-S', 'bench/native/standalone', '-B', BUILD, '-DCMAKE_BUILD_TYPE=Release']);
  }
  run('cmake', ['--build', BUILD, '-j', '2']);
  return PROGRAM;
}

/** Runs one scene; options is { name: value }; returns the parsed JSON line. */
export function runNative(scene, options) {
  const args = [scene, ...Object.entries(options).flatMap(([k, v]) => [`--${k}`, String(v)])];
  const text = execFileSync(PROGRAM, args, {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 1 << 20,
  });
  return JSON.parse(text.trim().split('\n').pop());
}

/** Runs the world benchmark (world_bench.cpp) at these sizes; returns its JSON ({ rows }). */
export function runWorldNative(sizes, quick) {
  const args = ['--sizes', sizes.join(','), '--json', '-', ...(quick ? ['--quick'] : [])];
  const text = execFileSync(WORLD_PROGRAM, args, {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 1 << 24,
  });
  // A markdown table, then the JSON.
  return JSON.parse(text.slice(text.indexOf('\n{') + 1));
}
