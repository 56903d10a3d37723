// Prepended to the Emscripten module (--pre-js). Under Node, read our .wasm from beside this
// file: the module is built for web and worker (one ES module for every environment), and
// Node's fetch cannot read file: URLs.
if (typeof process === 'object' && process.versions && process.versions.node && !Module['wasmBinary']) {
  const fs = process.getBuiltinModule('fs');
  Module['wasmBinary'] = fs.readFileSync(new URL('shototsu-wasm.wasm', _scriptDir));
}
