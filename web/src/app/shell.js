// The page around the 3D view: a header with the three modes and the share buttons, the view,
// and a side panel (below the view on narrow screens) where each mode puts its controls and
// readouts. With `&embed` only the view remains, with a compact status line and a link to the
// full playground: the layout for iframes in tutorials, usable from 320×240 up.
import { element, button } from './controls.js';

/**
 * @param {{ modes: {id: string, title: string}[], mode: {id: string, title: string, intro: string}, params: import('./params.js').Params }} options
 */
export function createShell({ modes, mode, params: initialParams }) {
  let params = initialParams;
  const embed = params.embed;
  document.body.classList.toggle('embed', embed);
  document.body.dataset.mode = mode.id;

  const view = element('div.view', { 'aria-label': `${mode.title} — 3D view` });
  const hud = element('div.hud', { role: 'status', 'aria-live': 'off' });
  const toast = element('div.toast', { role: 'status' });
  const layers = element('div.layers'); // mode overlays in screen space (touch controls, hints)
  const stage = element('div.stage', {}, view, hud, layers, toast);
  const panel = element('aside.panel', { 'aria-label': `${mode.title} controls` }, element('p.intro', {}, mode.intro));

  let showToastTimer = 0;
  const say = (text) => {
    toast.textContent = text;
    toast.classList.add('shown');
    clearTimeout(showToastTimer);
    showToastTimer = setTimeout(() => toast.classList.remove('shown'), 1800);
  };

  const copy = async (text, what) => {
    try {
      await navigator.clipboard.writeText(text);
      say(`${what} copied`);
    } catch {
      // No clipboard (insecure origin, denied): show the text to copy by hand instead.
      window.prompt(`Copy the ${what.toLowerCase()}:`, text);
    }
  };
  const embedSnippet = () =>
    `<iframe src="${params.url({ embed: true })}" width="640" height="360" style="border:0;max-width:100%" ` +
    `title="shototsu — ${mode.title}" loading="lazy" allow="fullscreen"></iframe>`;

  let header = null;
  let onParams = () => {};
  if (embed) {
    const full = element(
      'a.open-full',
      {
        href: params.url({ embed: false }),
        target: '_blank',
        rel: 'noopener',
        title: 'Open in the shototsu playground',
      },
      'shototsu ↗',
    );
    // Keep the link pointing at the current state.
    const follow = () => params.onChange(() => queueMicrotask(() => (full.href = params.url({ embed: false }))));
    follow();
    onParams = () => {
      full.href = params.url({ embed: false });
      follow();
    };
    layers.append(full);
  } else {
    header = element(
      'header.bar',
      {},
      element(
        'a.brand',
        { href: '?' },
        element('strong', {}, 'shototsu'),
        element('span.kanji', { lang: 'ja' }, '衝突'),
        element('span.sub', {}, 'playground'),
      ),
      element(
        'nav.tabs',
        { 'aria-label': 'Modes' },
        modes.map((m) =>
          element('a.tab', { href: `?mode=${m.id}`, 'aria-current': m.id === mode.id ? 'page' : false }, m.title),
        ),
      ),
      element(
        'div.actions',
        {},
        button('Copy link', () => copy(params.url({ embed: false }), 'Link'), {
          title: 'Copy the address of this exact state',
        }),
        button('Embed', () => copy(embedSnippet(), 'Embed code'), {
          title: 'Copy an <iframe> that shows this state without the page around it',
        }),
      ),
    );
  }

  const root = document.getElementById('app');
  root.replaceChildren(...[header, element('main.layout', {}, stage, embed ? null : panel)].filter(Boolean));

  return {
    embed,
    /** The element the renderer's canvas goes into. */
    view,
    /** Screen-space overlays of the mode (touch controls, hints). */
    layers,
    /** A short status line over the view (compact in the embed layout). */
    hud,
    /** The side panel (absent from the embed layout: modes may skip building their controls). */
    panel,
    say,
    /** Shares another state from now on (the lab mode's, when it opens another lab in place). */
    setParams(next) {
      params = next;
      onParams();
    },
    /** Replaces the view with a message (no WebGL 2, no WebAssembly, a load failure). */
    fail(message) {
      stage.replaceChildren(element('div.failure', {}, element('p', {}, message)));
    },
  };
}
