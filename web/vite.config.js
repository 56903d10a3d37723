import { defineConfig } from 'vite';

export default defineConfig({
  // Relative asset URLs: the built site (dist/) works from any folder of any static host.
  base: './',
  // three.js alone is a ~640 kB chunk; that is expected, not a warning worth printing.
  // Source maps: readers of a tutorial can step through the playground's code in the browser.
  build: { chunkSizeWarningLimit: 1024, sourcemap: true },
  // `npm run dev`: the package is linked from the repository (file:..), so the dev server must be
  // allowed to serve its dist/ (its .wasm); an app installing shototsu from npm needs nothing here.
  server: { fs: { allow: ['.', '../dist'] } },
  // 'shototsu/three' imports 'three'. Linked from the repository, it would resolve to the
  // repository's own copy, a second three.js; installed from npm, three is a peer dependency and
  // there is one copy without this.
  resolve: { dedupe: ['three'] },
  // Workers as ES modules: a worker that imports shototsu awaits init() at its top level, which
  // classic workers (Vite's default format) cannot do (docs/serialization.md).
  worker: { format: 'es' },
});
