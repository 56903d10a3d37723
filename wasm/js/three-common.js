// shototsu/three, shared: the package instance the adapter builds its private Worlds with. It is
// the default instance of init(), recorded once that has resolved; useShototsu() names another.
import { init } from './index.js';

let api = null;
let pending = null;

/** Records the default instance when it has loaded (init() called by the user or by us). */
function watch() {
  if (pending === null)
    pending = init().then(
      (s) => (api ??= s),
      () => null,
    );
  return pending;
}
watch();

/** The package instance, or a TypeError naming `fn` when init() has not resolved yet. */
export function shototsu(fn) {
  if (api === null) throw new TypeError(`${fn}: call \`await init()\` from 'shototsu' first`);
  return api;
}

/**
 * Use this instance of the package (one made by `init(options)`) for computeBoundsTree's trees.
 * @param {object} instance what init() resolved to
 */
export function useShototsu(instance) {
  if (instance === null || typeof instance !== 'object' || typeof instance.World !== 'function')
    throw new TypeError("useShototsu: argument 'instance' must be what init() resolves to");
  api = instance;
}
