// Labs: one page per query of the collision chapter of "Game Programming in C++" (segment casts,
// contacts, separating axes, the swept sphere, containment, sweep and prune, push-out), each
// with its shapes to drag, its answer drawn, and a panel that explains the answer step by step
// with the package's numbers. `?mode=lab&query=<id>` opens one (labs/catalog.js lists them);
// `?mode=lab` alone is the gallery, with a live preview of each. Another lab opens in place (the
// panel's list, or `running.show(address)`), without reloading the page or the package.
import * as THREE from 'three';
import { button, controlsFor, element, group } from '../app/controls.js';
import { Params } from '../app/params.js';
import { LABS, FAMILIES, labById, docsUrl } from '../labs/catalog.js';
import { labQueries } from '../labs/queries.js';
import { handleMesh, section } from '../labs/kit.js';
import { makeDraggable } from '../three/drag.js';
import { Label, addAll, v3 } from '../three/overlay.js';
import { addLights, BACKGROUND } from '../three/stage.js';

const GALLERY_VIEW = { camera: [4, 4, 7], target: [0, 0, 0], fit: 3 };
const labIn = (search) => labById(search.get('query'));

export default {
  id: 'lab',
  title: 'Labs',
  intro: 'Every query of the collision chapter, one lab each: drag the shapes, read the answer step by step.',
  params: (search) => labIn(search)?.params ?? {},
  fixed: (search) => (labIn(search) ? { query: labIn(search).id } : {}),
  stage: (_values, search) => labIn(search)?.view ?? GALLERY_VIEW,
  create,
};

function create({ shototsu, stage, params, shell }) {
  const queries = labQueries(shototsu);
  let state = params;
  let current = null; // { lab, api, group, drag, handles, result, dirty }
  let gallery = null;

  /** Builds a lab into a fresh group of `scene`; `interactive` adds handles and dragging. */
  function build(lab, values, scene, { interactive }) {
    const root = new THREE.Group();
    scene.add(root);
    const handles = [];
    const draggables = [];
    const ctx = {
      queries,
      shototsu,
      group: root,
      state: values,
      embed: shell.embed,
      add: (helpers) => addAll(root, helpers),
      label(text, className = '') {
        const label = new Label(text, className);
        root.add(label.object);
        return label;
      },
      /** A ball that drags the point parameter `key`. */
      handle(key, { color = '#ced4da', radius = 0.09, plane } = {}) {
        const mesh = handleMesh(color, radius);
        root.add(mesh);
        handles.push({ key, mesh });
        ctx.drag({ name: key, object: mesh, plane, key });
        return mesh;
      },
      /** Any object that drags: `key` moves that point parameter, or `position`/`move` say how. */
      drag(spec) {
        const { key } = spec;
        draggables.push({
          position: () => v3(values.get(key)),
          move: (p) => values.set(key, { x: p.x, y: p.y, z: p.z }),
          ...spec,
        });
      },
      /** A box body that moves both corner parameters together. */
      dragBox(minKey, maxKey, object, options = {}) {
        let grabbed = null;
        draggables.push({
          name: `${minKey}+${maxKey}`,
          object,
          behind: true,
          ...options,
          position: () => {
            grabbed = { min: values.get(minKey), max: values.get(maxKey) };
            return v3(grabbed.min).add(v3(grabbed.max)).multiplyScalar(0.5);
          },
          move: (p) => {
            const half = v3(grabbed.max).sub(v3(grabbed.min)).multiplyScalar(0.5);
            values.set(minKey, v3(p).sub(half));
            values.set(maxKey, v3(p).add(half));
          },
        });
      },
    };
    const api = lab.build(ctx);
    const sync = () => {
      for (const { key, mesh } of handles) mesh.position.copy(v3(values.get(key)));
    };
    return { lab, api, group: root, handles, sync, drag: interactive ? makeDraggable(stage, draggables) : null };
  }

  function dispose(built) {
    built.drag?.dispose();
    built.group.removeFromParent();
    // Labels are DOM elements: take them out with their objects.
    built.group.traverse((o) => o.element?.remove?.());
  }

  // ---- one lab --------------------------------------------------------------------------------
  function open(lab) {
    stage.canvas.style.visibility = '';
    const built = build(lab, state, stage.scene, { interactive: true });
    current = { ...built, result: null, dirty: true };
    state.onChange(() => current && (current.dirty = true));
    if (!shell.embed) writeFixedPanel(lab);
  }

  const account = element('div.account');
  const summary = element('div.summary');
  function writeFixedPanel(lab) {
    const picker = element(
      'select',
      { id: 'lab-picker', onchange: () => show(`?mode=lab&query=${picker.value}`) },
      FAMILIES.map((family) =>
        element(
          'optgroup',
          { label: family },
          LABS.filter((l) => l.family === family).map((l) =>
            element('option', { value: l.id, selected: l.id === lab.id }, l.title),
          ),
        ),
      ),
    );
    const keys = Object.keys(lab.params).filter((k) => lab.params[k].type !== 'vec3');
    const parts = [
      element('p.intro', {}, lab.intro),
      element('label.control.select', {}, element('span.name', {}, 'Lab'), picker),
      summary,
      keys.length || current.api.controls
        ? group('Shapes', ...controlsFor(state, keys), ...(current.api.controls?.(state) ?? []))
        : null,
      element(
        'div.buttons',
        {},
        button('Reset', () => state.reset()),
        element('a.button', { href: '?mode=lab', id: 'gallery-link' }, 'All labs'),
      ),
      account,
      reference(lab),
    ];
    shell.panel.replaceChildren(...parts.filter(Boolean));
  }

  function reference(lab) {
    return section(
      'The functions',
      [
        ...lab.functions.map((f) =>
          element(
            'div.reference',
            {},
            element('code', {}, f.js),
            element('span.small', {}, ` — C++ ${f.cpp}`),
            f.explain
              ? element(
                  'p.small',
                  {},
                  `Step by step: ${f.explain} `,
                  queries.explained(f.name) ? '(in this package).' : '(not in this build of the package yet).',
                )
              : null,
          ),
        ),
        element(
          'p.small',
          {},
          element('a', { href: docsUrl(lab.id), target: '_blank', rel: 'noopener' }, 'Documentation ↗'),
          ' — the contract of each function: units, the value on a miss, degenerate input.',
        ),
      ],
      { id: 'reference', closed: true },
    );
  }

  function refresh() {
    const { api } = current;
    current.dirty = false;
    current.result = api.compute(state);
    current.sync();
    api.draw(current.result, state);
    shell.hud.textContent = api.status(current.result);
    if (shell.embed) return;
    summary.replaceChildren(api.status(current.result));
    account.replaceChildren(...api.panel(current.result, state));
  }

  // ---- the gallery ----------------------------------------------------------------------------
  function openGallery() {
    stage.canvas.style.visibility = 'hidden';
    const cards = LABS.map((lab) => {
      const canvas = element('canvas', { width: 320, height: 200, 'aria-hidden': 'true' });
      return {
        lab,
        canvas,
        el: element(
          'a.card',
          { href: `?mode=lab&query=${lab.id}`, 'data-lab': lab.id },
          canvas,
          element('strong', {}, lab.title),
          element('span.small', {}, lab.summary),
        ),
      };
    });
    gallery = { cards, drawn: 0 };
    shell.layers.append(
      element(
        'div.gallery',
        {},
        FAMILIES.map((family) => [
          element('h2', {}, family),
          element(
            'div.cards',
            {},
            cards.filter((c) => c.lab.family === family).map((c) => c.el),
          ),
        ]),
      ),
    );
    shell.hud.textContent = `${LABS.length} labs`;
    if (!shell.embed)
      shell.panel.replaceChildren(
        element(
          'p.intro',
          {},
          'One lab per query of the collision chapter of Game Programming in C++: the shapes to drag, the answer drawn, and a panel that explains it step by step with the numbers shototsu computed. Each is embeddable (Embed, on its page).',
        ),
        ...FAMILIES.map((family) =>
          group(
            family,
            element(
              'ul.lab-list',
              {},
              LABS.filter((l) => l.family === family).map((l) =>
                element('li', {}, element('a', { href: `?mode=lab&query=${l.id}` }, l.title)),
              ),
            ),
          ),
        ),
      );
  }

  /** Draws the next preview: each lab built at its defaults into a scene of its own, once. */
  function drawPreview() {
    const card = gallery.cards[gallery.drawn++];
    const scene = new THREE.Scene();
    scene.background = BACKGROUND;
    addLights(scene);
    const values = new Params('lab', card.lab.params, new URLSearchParams());
    values.detach();
    const built = build(card.lab, values, scene, { interactive: false });
    built.sync();
    built.api.draw(built.api.compute(values), values);
    stage.drawInto(card.canvas, scene, { ...card.lab.view, fit: card.lab.view.fit * 0.8 });
    dispose(built);
    const px = card.canvas.getContext('2d').getImageData(0, 0, card.canvas.width, card.canvas.height).data;
    const bg = BACKGROUND.clone().convertLinearToSRGB();
    let differing = 0;
    for (let i = 0; i < px.length; i += 4)
      if (Math.abs(px[i] - bg.r * 255) + Math.abs(px[i + 1] - bg.g * 255) + Math.abs(px[i + 2] - bg.b * 255) > 24)
        differing++;
    card.drawnFraction = differing / (px.length / 4);
  }

  // ---- switching in place ---------------------------------------------------------------------
  /** Opens the lab (or the gallery) of an address like `?mode=lab&query=obb-obb&…`, in place. */
  function show(address) {
    const search = new URLSearchParams(address.startsWith('?') ? address.slice(1) : address);
    const lab = labIn(search);
    if (current) dispose(current);
    current = null;
    gallery = null;
    shell.layers.querySelector('.gallery')?.remove();
    state.detach();
    state = new Params('lab', lab?.params ?? {}, search, lab ? { query: lab.id } : {});
    state.embed = shell.embed;
    shell.setParams(state);
    stage.setView(lab?.view ?? GALLERY_VIEW);
    history.replaceState(null, '', state.search());
    if (lab) open(lab);
    else openGallery();
  }

  const first = labIn(new URLSearchParams(location.search));
  if (first) open(first);
  else openGallery();

  return {
    show,
    update(dt) {
      if (gallery) {
        if (gallery.drawn < gallery.cards.length) drawPreview();
        return;
      }
      if (current.api.tick?.(dt, state)) current.dirty = true;
      if (current.dirty) refresh();
    },
    info() {
      if (gallery)
        return {
          gallery: true,
          labs: gallery.cards.map((c) => c.lab.id),
          drawn: gallery.drawn,
          previews: gallery.cards.map((c) => ({ id: c.lab.id, drawn: c.drawnFraction ?? 0 })),
        };
      if (current.dirty) refresh();
      return {
        query: current.lab.id,
        values: structuredClone(state.values),
        explained: current.result.explained,
        answer: current.api.answer(current.result),
        inputs: current.api.inputs?.(current.result),
        status: shell.hud.textContent,
        dragging: current.drag?.dragging ?? null,
      };
    },
  };
}
