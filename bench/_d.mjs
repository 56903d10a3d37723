import { runD, markdownD } from '/work/main/bench/d-dynamic.mjs';
import * as shototsu from '/work/main/bench/peers/shototsu.mjs';
const s = await shototsu.load();
const r = runD({ s, quick: process.argv[2] === 'quick' });
console.log(markdownD(r).join('\n'));
