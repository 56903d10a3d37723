// Numbers as the panels show them: 3 decimals, a true minus sign, never "-0.000".

/** A number for reading; '–' for null, undefined or NaN. */
export const num = (x, digits = 3) => {
  if (x === null || x === undefined || Number.isNaN(x)) return '–';
  const text = x.toFixed(digits);
  return (Number(text) === 0 ? text.replace('-', '') : text).replace('-', '−');
};

/** A point or vector {x, y, z} as (x, y, z). */
export const vec = (v, digits = 3) => `(${num(v.x, digits)}, ${num(v.y, digits)}, ${num(v.z, digits)})`;
