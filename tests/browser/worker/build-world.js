// The worker of docs/serialization.md's recipe, as the browser test runs it: imports the
// package, builds a World from the triangles the page sends, and transfers its bytes back.
import { init } from '../../../dist/index.js';

// The handler is set before anything is awaited: a message that arrives while the module is
// still awaiting at its top level finds no handler and is lost.
const ready = init();
self.onmessage = async ({ data }) => {
  const s = await ready;
  const world = new s.World();
  world.addMesh(data.positions, data.indices);
  const bytes = world.serialize();
  world.dispose();
  self.postMessage(bytes, [bytes.buffer]); // transferred: nothing is copied
};
