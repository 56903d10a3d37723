// Every lab, in the gallery's order, by family. A lab is { id (its `query=`), title, family,
// summary (the gallery's line), intro (the panel's), view (the camera), params (its state in the
// address), functions (what it calls, for the reference), build(lab) }; modes/lab.js runs them.
import { segmentCapsule, segmentPlane, segmentSphere, segmentTriangle } from './casts.js';
import { segmentAABB, segmentOBB } from './slabs.js';
import { aabbSphere, capsuleCapsule, capsuleSphere, obbSphere, sphereSphere } from './contacts.js';
import { aabbAABB, pushOut } from './boxes.js';
import { obbOBB } from './obb.js';
import { sweepSphereSphere } from './sweep.js';
import { containment } from './containment.js';
import { sweepAndPrune } from './prune.js';

export const LABS = [
  segmentPlane,
  segmentSphere,
  segmentAABB,
  segmentOBB,
  segmentTriangle,
  segmentCapsule,
  sphereSphere,
  aabbAABB,
  aabbSphere,
  capsuleCapsule,
  capsuleSphere,
  obbSphere,
  obbOBB,
  sweepSphereSphere,
  containment,
  sweepAndPrune,
  pushOut,
];

export const FAMILIES = [...new Set(LABS.map((lab) => lab.family))];

export const labById = (id) => LABS.find((lab) => lab.id === id) ?? null;

/**
 * Where a lab's documentation is: docs/labs.md of the repository, next to the playground's
 * folder (web/dist → ../../docs), unless the build names another place (VITE_DOCS_URL, e.g. the
 * repository's web address of that file).
 */
export const docsUrl = (id) => `${import.meta.env.VITE_DOCS_URL ?? '../../docs/labs.md'}#${id}`;
