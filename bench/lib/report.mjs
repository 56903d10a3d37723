// Turns the results of a run into the markdown table and the SVG chart of ratios. A ratio is
// always "peer time ÷ shototsu time" measured in the same run: above 1, shototsu is faster.
import { fmt } from './common.mjs';
import { worldMarkdown } from './report-world.mjs';
import { markdownD } from '../d-dynamic.mjs';
import { markdownS5Characters } from '../s5-characters.mjs';
import { markdownS5Particles } from '../s5-particles.mjs';

const yes = (p) => (p === undefined ? '—' : p.pass ? 'yes' : 'no');
const mm = (x) => (x === undefined || x === null ? '—' : fmt(x, 2));

/** The shototsu entry that peers are compared with in S1/S2: wasm when bound, else native. */
const baselineKey = (engines) => (engines.wasm ? 'wasm' : 'native');

function nameOf(result, key) {
  if (key === 'native') return 'shototsu (native)';
  return result.names?.[key] ?? key;
}

export function ratios(results) {
  const list = [];
  const { S1, S2, S3, S4 } = results.scenes;
  for (const row of S1?.rows ?? []) {
    const base = baselineKey(row.engines),
      b = row.engines[base].msPerStep;
    for (const key of ['three', 'bvh', 'rapier', 'jolt']) {
      if (row.engines[key])
        list.push({
          scene: 'S1',
          label: `S1 particles N=${row.n}: ${nameOf(S1, key)}`,
          vs: base,
          ratio: row.engines[key].msPerStep / b,
        });
    }
  }
  for (const row of S2?.rows ?? []) {
    const base = baselineKey(row.engines),
      b = row.engines[base].usPerCharacterStep;
    for (const key of ['three', 'bvh', 'rapier', 'jolt']) {
      if (row.engines[key])
        list.push({
          scene: 'S2',
          label: `S2 characters K=${row.k}: ${nameOf(S2, key)}`,
          vs: base,
          ratio: row.engines[key].usPerCharacterStep / b,
        });
    }
  }
  if (S3) {
    const by = Object.fromEntries(S3.rows.map((r) => [r.key, r]));
    for (const key of ['three', 'rapier']) {
      list.push({
        scene: 'S3',
        label: `S3 closest point: ${key === 'three' ? 'three.js' : 'Rapier'}`,
        vs: 'wasm',
        ratio: by[key].closestNs / by.wasm.closestNs,
      });
      list.push({
        scene: 'S3',
        label: `S3 triangle–sphere: ${key === 'three' ? 'three.js' : 'Rapier'}`,
        vs: 'wasm',
        ratio: by[key].triangleSphereNs / by.wasm.triangleSphereNs,
      });
    }
  }
  if (S4) {
    const by = Object.fromEntries(S4.rows.map((r) => [r.key, r]));
    for (const key of ['bvh', 'rapier'])
      list.push({
        scene: 'S4',
        label: `S4 rays: ${key === 'bvh' ? 'three-mesh-bvh' : 'Rapier'}`,
        vs: 'wasm',
        ratio: by[key].rayNs / by.wasm.rayNs,
      });
  }
  const S5 = results.scenes.S5;
  for (const row of S5?.characters?.runs ?? []) {
    if (Math.round(1 / row.dt) !== 60) continue;
    for (const [key, e] of Object.entries(row.engines))
      if (key !== 'wasm')
        list.push({
          scene: 'S5',
          label: `S5 characters dt 1/60: ${S5.characters.names[key]}`,
          vs: 'wasm',
          ratio: e.usPerCharacterStep / row.engines.wasm.usPerCharacterStep,
        });
  }
  const p = S5?.particles;
  if (p?.rapier?.msPerStep)
    list.push({
      scene: 'S5',
      label: `S5 particles N=${p.count}: Rapier`,
      vs: 'wasm',
      ratio: p.rapier.msPerStep / p.shototsu.msPerStep,
    });
  return list;
}

/** When a scene ran, if it was re-run apart from the others (--only). */
const when = (scene) =>
  scene.ran ? [`_Run ${scene.ran.date}, load average ${scene.ran.loadAverage.join(' / ')} at its end._`, ''] : [];

export function markdown(results) {
  const { machine: m, settings } = results;
  const out = [];
  out.push(`# shototsu against its peers`);
  out.push('');
  out.push(
    `${m.date}, ${m.cpu} (${m.cores} cores, ${m.memoryGiB} GiB), Node ${m.node}${settings.quick ? ', **--quick**' : ''}; load average ${m.loadBefore.join(' / ')} at the start. ` +
      `Each time is the median of ${settings.repeats} runs or more (small workloads run until each engine was timed for 0.3 s); each ratio is the peer's time ÷ shototsu's, measured in the same run (above 1: shototsu is faster). ` +
      `Correctness figures are computed by the suite from positions (three.js math, double precision), not reported by the engines.`,
  );
  out.push('');
  out.push(`Peers: ${results.peers.map((p) => `${p.name} ${p.version}`).join(', ')}.`);
  const { S1, S2, S3, S4 } = results.scenes;

  if (S1) {
    out.push('', `## S1 particles — ms per step (${S1.steps} steps, dt 1/60, r = 0.15 m, restitution 0.6)`, '');
    out.push(...when(S1));
    if (S1.skipped.wasm)
      out.push(`shototsu in wasm: not run — ${S1.skipped.wasm}; ratios are against shototsu native until then.`, '');
    out.push(
      '| N | engine | ms/step | peer ÷ shototsu | tunnelled | escaped | max penetration (mm) |',
      '| ---: | --- | ---: | ---: | ---: | ---: | ---: |',
    );
    for (const row of S1.rows) {
      const base = baselineKey(row.engines);
      for (const [key, e] of Object.entries(row.engines)) {
        const ratio = key === 'native' || key === 'wasm' ? '' : fmt(e.msPerStep / row.engines[base].msPerStep);
        out.push(
          `| ${row.n} | ${nameOf(S1, key)} | ${fmt(e.msPerStep)} | ${ratio} | ${e.tunnelled} | ${e.escaped} | ${mm(e.maxPenetrationMm)} |`,
        );
      }
    }
  }
  if (S2) {
    out.push(
      '',
      `## S2 characters — µs per character per step (${S2.steps} steps, dt 1/60, capsule r 0.35 / half-height 0.5, 4 m/s)`,
      '',
    );
    out.push(...when(S2));
    if (S2.skipped.wasm)
      out.push(`shototsu in wasm: not run — ${S2.skipped.wasm}; ratios are against shototsu native until then.`, '');
    out.push(
      'Probes: **stairs** climbed (0.25 m risers); **idle 40°** drift from t = 1 s to the end, pass < 1 mm; **blocked 60°** feet never 0.5 m up the 60° ramp; **climbs 40°**; **fell through** = characters whose bottom sphere went more than r below the surface; **left** = characters that went through a wall.',
      '',
    );
    out.push(
      '| K | engine | µs/char-step | peer ÷ shototsu | max penetration (mm) | fell through | left | stairs | idle 40° drift (mm) | blocked 60° | climbs 40° |',
      '| ---: | --- | ---: | ---: | ---: | ---: | ---: | --- | ---: | --- | --- |',
    );
    for (const row of S2.rows) {
      const base = baselineKey(row.engines);
      for (const [key, e] of Object.entries(row.engines)) {
        const ratio =
          key === 'native' || key === 'wasm' ? '' : fmt(e.usPerCharacterStep / row.engines[base].usPerCharacterStep);
        const idle = e.idle40 ? `${fmt(e.idle40.driftMm, 2)} (${yes(e.idle40)})` : '—';
        out.push(
          `| ${row.k} | ${nameOf(S2, key)} | ${fmt(e.usPerCharacterStep)} | ${ratio} | ${mm(e.maxPenetrationMm)} | ${e.fellThrough} | ${e.leftWorld ?? '—'} | ${yes(e.stairs)} | ${idle} | ${yes(e.blocked60)} | ${yes(e.climbs40)} |`,
        );
      }
    }
  }
  if (S3) {
    out.push(
      '',
      `## S3 single queries — ns per query (${S3.count.toLocaleString('en')} queries, 1% collinear, 1% repeated-vertex, 1% needle triangles)`,
      '',
    );
    out.push(...when(S3));
    out.push(
      'Errors against a double-precision reference: closest point = max distance to the reference point (float32 answers round at ~6e-8 here); triangle–sphere = wrong hit/miss (beyond 1e-6 of touching) and max depth error on the front side. Ratios against shototsu wasm single calls.',
      '',
    );
    out.push(
      '| engine | closest point ns | peer ÷ shototsu | max error | triangle–sphere ns | peer ÷ shototsu | wrong hit/miss | max depth error |',
      '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    );
    const base = S3.rows.find((r) => r.key === 'wasm');
    for (const r of S3.rows) {
      const peer = r.key === 'three' || r.key === 'rapier';
      const err = r.closest.nan ? `${fmt(r.closest.maxError)} (+${r.closest.nan} NaN)` : fmt(r.closest.maxError);
      out.push(
        `| ${r.name} | ${fmt(r.closestNs)} | ${peer ? fmt(r.closestNs / base.closestNs) : ''} | ${err} | ${fmt(r.triangleSphereNs)} | ${peer ? fmt(r.triangleSphereNs / base.triangleSphereNs) : ''} | ${r.sphere.wrong} | ${fmt(r.sphere.maxDepthError)} |`,
      );
    }
  }
  if (S4) {
    out.push(
      '',
      `## S4 world raycasts — ns per ray (${S4.count.toLocaleString('en')} rays, ${S4.triangles.toLocaleString('en')}-triangle torus knot)`,
      '',
    );
    out.push(...when(S4));
    const ref = S4.rows[0].referenceRays;
    out.push(
      `Accuracy against a brute-force double-precision reference on the first ${ref} rays. Ratios against shototsu wasm World.raycast.`,
      '',
    );
    out.push(
      '| engine | ns/ray | peer ÷ shototsu | build ms | hits | wrong hit/miss | max distance error |',
      '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
    );
    const base = S4.rows.find((r) => r.key === 'wasm');
    for (const r of S4.rows) {
      const peer = r.key === 'bvh' || r.key === 'rapier';
      out.push(
        `| ${r.name} | ${fmt(r.rayNs)} | ${peer ? fmt(r.rayNs / base.rayNs) : ''} | ${fmt(r.buildMs)} | ${r.hits} | ${r.wrong} / ${ref} | ${fmt(r.maxDistanceError)} |`,
      );
    }
  }
  const S5 = results.scenes.S5;
  if (S5) {
    out.push('', '## S5 a moving world — characters and particles', '');
    out.push(...when(S5));
    if (S5.characters) out.push(markdownS5Characters(S5.characters), '');
    if (S5.particles) out.push(markdownS5Particles(S5.particles));
  }
  if (results.scenes.W) out.push(...worldMarkdown(results.scenes.W));
  out.push(...markdownD(results.scenes.D));
  if (results.packages) {
    out.push('', '## Package size and start-up', '');
    out.push(
      `Bytes an application imports (gzip -9), and ms from the first \`import\` to ready (\`init()\` where there is one), median of ${settings.readyRuns} fresh Node processes.`,
      '',
    );
    out.push(
      '| package | version | what | raw | gzip | import → ready (ms) |',
      '| --- | --- | --- | ---: | ---: | ---: |',
    );
    for (const p of results.packages)
      out.push(
        `| ${p.name} | ${p.version} | ${p.what} | ${(p.raw / 1024).toFixed(0)} kB | ${(p.gzip / 1024).toFixed(0)} kB | ${fmt(p.readyMs)} |`,
      );
    const parts = results.packages.find((p) => p.parts)?.parts ?? [];
    if (parts.length) {
      out.push('', 'shototsu by part (bytes; the three.js subpath is not in the total above):', '');
      out.push('| part | raw | gzip -9 |', '| --- | ---: | ---: |');
      for (const p of parts) out.push(`| ${p.name} | ${p.raw} | ${p.gzip} |`);
    }
  }
  out.push('', `Chart: [ratios.svg](ratios.svg). Raw figures: [results.json](results.json).`, '');
  return out.join('\n');
}

/** Horizontal bars on a log scale, one per ratio; the line at 1 is parity. */
export function svg(results) {
  const list = ratios(results);
  const width = 860,
    left = 330,
    right = 60,
    barH = 18,
    gap = 6,
    top = 56;
  const height = top + list.length * (barH + gap) + 56;
  const lo = Math.min(0.5, ...list.map((r) => r.ratio)),
    hi = Math.max(2, ...list.map((r) => r.ratio));
  const x = (v) =>
    left + ((Math.log10(v) - Math.log10(lo)) / (Math.log10(hi) - Math.log10(lo))) * (width - left - right);
  const esc = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const parts = [];
  parts.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="system-ui, sans-serif" font-size="12">`,
  );
  parts.push(`<rect width="${width}" height="${height}" fill="#fff"/>`);
  parts.push(
    `<text x="12" y="22" font-size="15" font-weight="600">Peer time ÷ shototsu time (log scale; right of 1 = shototsu faster)</text>`,
  );
  parts.push(
    `<text x="12" y="40" fill="#555">${esc(`${results.machine.date}, ${results.machine.cpu}, Node ${results.machine.node}${results.settings.quick ? ', --quick' : ''}; S1/S2 vs shototsu ${results.scenes.S1?.skipped?.wasm ? 'native (wasm bindings pending)' : 'wasm'}, S3–S5 vs shototsu wasm`)}</text>`,
  );
  for (let p = Math.ceil(Math.log10(lo)); p <= Math.floor(Math.log10(hi)); p++) {
    const v = 10 ** p,
      gx = x(v);
    parts.push(
      `<line x1="${gx}" y1="${top - 6}" x2="${gx}" y2="${height - 46}" stroke="${p === 0 ? '#333' : '#ddd'}" stroke-width="${p === 0 ? 1.5 : 1}"/>`,
    );
    parts.push(
      `<text x="${gx}" y="${height - 30}" text-anchor="middle" fill="#555">${v >= 1 ? v : v.toFixed(-p)}×</text>`,
    );
  }
  list.forEach((r, i) => {
    const y = top + i * (barH + gap),
      x0 = x(1),
      x1 = x(r.ratio);
    const color = r.ratio >= 1 ? '#2e7d32' : '#c62828';
    parts.push(
      `<text x="${left - 8}" y="${y + barH - 5}" text-anchor="end">${esc(r.label)}${r.vs === 'native' ? ' *' : ''}</text>`,
    );
    parts.push(
      `<rect x="${Math.min(x0, x1)}" y="${y}" width="${Math.max(1, Math.abs(x1 - x0))}" height="${barH}" fill="${color}" opacity="0.85"/>`,
    );
    parts.push(`<text x="${Math.max(x0, x1) + 4}" y="${y + barH - 5}" fill="#333">${fmt(r.ratio)}</text>`);
  });
  if (list.some((r) => r.vs === 'native'))
    parts.push(`<text x="12" y="${height - 8}" fill="#555">* against shototsu native</text>`);
  parts.push('</svg>');
  return parts.join('\n');
}
