// Prepended to the Emscripten module (--pre-js). Under Node, read our .wasm from beside this
// file: the module is built for web and worker (one ES module for every environment), and
// Node's fetch cannot read file: URLs. process.getBuiltinModule (Node >= 20.16) reads it without
// an `import` that bundlers would try to resolve for the browser.
if (typeof process === 'object' && process.versions && process.versions.node && !Module.wasmBinary) {
  if (typeof process.getBuiltinModule !== 'function') {
    throw new Error(
      'shototsu needs Node >= 20.16 (process.getBuiltinModule), or init({ wasmBinary }) with the bytes of shototsu-wasm.wasm',
    );
  }
  const fs = process.getBuiltinModule('fs');
  Module.wasmBinary = fs.readFileSync(new URL('shototsu-wasm.wasm', _scriptDir));
}
