// Times the npm package bridge-scorer under node on the deals `benchmarks/run.py` writes.
//
// Usage: node bench.js DEALS.json REPEATS
// DEALS.json holds [[level, strain, doubling, vulnerable, tricks], ...] with bridgescore.batch's
// codes. Prints JSON: every score (for the cross-check) and the time of each timed pass.
'use strict';

const fs = require('fs');
const scorer = require('bridge-scorer');

const [dealsPath, repeatsText] = process.argv.slice(2);
const deals = JSON.parse(fs.readFileSync(dealsPath, 'utf8'));
const repeats = Number(repeatsText || 5);

// bridge-scorer's contract: {level, denomination: 'C' 'D' 'H' 'S' 'NT', risk: '' 'X' 'XX'}.
const STRAINS = ['C', 'D', 'H', 'S', 'NT'];
const RISKS = ['', 'X', 'XX'];
const n = deals.length;
const contracts = deals.map((d) => ({ level: d[0], denomination: STRAINS[d[1]], risk: RISKS[d[2]] }));
const vulnerable = deals.map((d) => d[3] === 1);
const tricks = deals.map((d) => d[4]);

const scores = new Array(n);
for (let i = 0; i < n; i++) {
  scores[i] = scorer.contractTricks(contracts[i], vulnerable[i], tricks[i]);
}

function pass() {
  let sink = 0; // used below, so that the JIT keeps every call
  for (let i = 0; i < n; i++) {
    sink += scorer.contractTricks(contracts[i], vulnerable[i], tricks[i]);
  }
  return sink;
}

// Each timed sample makes at least a million calls (several passes over a small set), after a
// warm-up as long, so that the JIT has compiled the loop and one sample is not too short to time.
const passes = Math.max(1, Math.ceil(1e6 / n));
function sample() {
  let sink = 0;
  for (let p = 0; p < passes; p++) sink += pass();
  return sink;
}
let check = 0;
for (let i = 0; i < 3; i++) check += sample();
const times = []; // nanoseconds per pass over the deals
for (let r = 0; r < repeats; r++) {
  const start = process.hrtime.bigint();
  check += sample();
  times.push(Number(process.hrtime.bigint() - start) / passes);
}

process.stdout.write(JSON.stringify({ scores, times_ns: times, check, node: process.version }));
