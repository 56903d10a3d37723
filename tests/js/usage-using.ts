// `using` with the package's disposables (TypeScript 5.2+, lib esnext.disposable): checked by
// tests/js/tsconfig.json only, since tests/ts50 checks the other usage files on TypeScript 5.0.
import { init } from 'shototsu';
import type { WasmArray, World } from 'shototsu';

const s = await init();
using buf: WasmArray<Float32Array> = s.allocFloat32(300);
using world: World = new s.World();
export const counts = [buf.array.length, world.objectCount];
