// Panel widgets bound to Params: a slider, a toggle or a select per parameter, kept in sync both
// ways (the control sets the parameter; a parameter changed elsewhere — a preset, a drag — moves
// the control). Plus plain buttons and titled groups. No framework: a few DOM elements each.

/** Creates an element: element('div.class', { attr: value }, ...children). */
export function element(tag, attrs = {}, ...children) {
  const [name, ...classes] = tag.split('.');
  const el = document.createElement(name);
  if (classes.length) el.className = classes.join(' ');
  for (const [k, v] of Object.entries(attrs)) {
    if (k.startsWith('on')) el.addEventListener(k.slice(2), v);
    else if (v === true) el.setAttribute(k, '');
    else if (v !== false && v != null) el.setAttribute(k, v);
  }
  el.append(...children.flat(Infinity).filter((c) => c != null));
  return el;
}

/** A titled group of controls. */
export function group(title, ...children) {
  return element('section.group', {}, title ? element('h3', {}, title) : null, ...children);
}

/** A slider for a number or int parameter, with its value and unit. */
export function slider(params, key) {
  const spec = params.schema[key];
  const show = (v) => `${spec.format ? spec.format(v) : v}${spec.unit ? ` ${spec.unit}` : ''}`;
  const out = element('output', {}, show(params.get(key)));
  const input = element('input', {
    type: 'range',
    id: `param-${key}`,
    name: key,
    min: spec.min,
    max: spec.max,
    step: spec.step ?? (spec.type === 'int' ? 1 : 'any'),
    value: params.get(key),
    oninput: () => params.set(key, Number(input.value)),
  });
  params.onChange((k, v) => {
    if (k !== key) return;
    out.textContent = show(v);
    if (Number(input.value) !== v) input.value = v;
  });
  return element('label.control.slider', { title: spec.help ?? '' }, element('span.name', {}, spec.label), out, input);
}

/** A checkbox for a bool parameter. */
export function toggle(params, key) {
  const spec = params.schema[key];
  const input = element('input', {
    type: 'checkbox',
    id: `param-${key}`,
    name: key,
    checked: params.get(key),
    onchange: () => params.set(key, input.checked),
  });
  params.onChange((k, v) => {
    if (k === key) input.checked = v;
  });
  return element('label.control.toggle', { title: spec.help ?? '' }, input, element('span.name', {}, spec.label));
}

/** A select for a choice parameter. */
export function select(params, key) {
  const spec = params.schema[key];
  const input = element(
    'select',
    { id: `param-${key}`, name: key, onchange: () => params.set(key, input.value) },
    spec.options.map((o) => element('option', { value: o.value, selected: o.value === params.get(key) }, o.label)),
  );
  params.onChange((k, v) => {
    if (k === key) input.value = v;
  });
  return element('label.control.select', { title: spec.help ?? '' }, element('span.name', {}, spec.label), input);
}

/** The right widget for each of the keys, in order. */
export function controlsFor(params, keys) {
  return keys.map((key) => {
    const type = params.schema[key].type;
    if (type === 'bool') return toggle(params, key);
    if (type === 'choice') return select(params, key);
    return slider(params, key);
  });
}

/** A button. kind: 'primary' for the one action that matters most in a group. */
export function button(label, onclick, { kind = '', title = '', id } = {}) {
  return element(`button.button${kind ? `.${kind}` : ''}`, { type: 'button', onclick, title, id }, label);
}

/**
 * A small table of live values, updated in place: rows(['fps', 'particles', …]) returns
 * { el, set(name, text, state?) } where state ('ok' | 'bad' | '') colours the value.
 */
export function readout(names) {
  const cells = new Map();
  const el = element(
    'dl.readout',
    {},
    names.map((name) => {
      const dd = element('dd', {}, '–');
      cells.set(name, dd);
      return [element('dt', {}, name), dd];
    }),
  );
  return {
    el,
    set(name, text, state = '') {
      const dd = cells.get(name);
      if (dd.textContent !== text) dd.textContent = text;
      if (dd.dataset.state !== state) dd.dataset.state = state;
    },
  };
}
