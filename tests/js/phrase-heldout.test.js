// The phrase box on the corpora written blind (tests/js/phrase-heldout.js measures one, printing aggregate figures
// only): a guard that the figures never fall below those last measured (after issue 35's third round of kinds). The
// targets are higher (95% right first time, 85% of the hard ones, every sentence that must ask asks) and not met on
// the corpus never tuned on: see docs/phrase.md. No sentence is printed here either.
"use strict";

const test = require("node:test");
const assert = require("node:assert/strict");
const { figures } = require("./phrase-heldout.js");

const path = require("node:path");

// Each corpus was written by someone who never read the parser (docs/phrase.md says how each
// was used): held-out 1, tune 6 … tune 11 and blind 5 have been tuned on by kind, blind 4 only by its per-kind
// figures, blind 6 never (it joined at the fifth round's last measurement).
const FLOORS = {
  "phrase-corpus-heldout.json": { overall: 247, hard: 130, asks: 40 },
  "phrase-corpus-tune6.json": { overall: 210, hard: 182, asks: 64 },
  "phrase-corpus-blind4.json": { overall: 215, hard: 121, asks: 32 },
  "phrase-corpus-blind5.json": { overall: 234, hard: 179, asks: 50 },
  "phrase-corpus-tune7.json": { overall: 234, hard: 184, asks: 62 },
  "phrase-corpus-tune8.json": { overall: 294, hard: 263, asks: 74 },
  "phrase-corpus-tune9.json": { overall: 263, hard: 223, asks: 71 },
  "phrase-corpus-tune10.json": { overall: 236, hard: 205, asks: 59 },
  "phrase-corpus-tune11.json": { overall: 214, hard: 175, asks: 115 },
  "phrase-corpus-blind6.json": { overall: 247, hard: 190, asks: 47 },
};

for (const [file, floor] of Object.entries(FLOORS)) {
  test(`${file} is understood at least as well as when it was last measured`, () => {
    const { overall, hard, asks } = figures(path.join(__dirname, file));
    console.log(`${file}: ${overall[0]}/${overall[1]} right first time, hard ${hard[0]}/${hard[1]}, asks ${asks[0]}/${asks[1]}`);
    assert.ok(overall[0] >= floor.overall, `right first time ${overall[0]}/${overall[1]}`);
    assert.ok(hard[0] >= floor.hard, `hard ${hard[0]}/${hard[1]}`);
    assert.ok(asks[0] >= floor.asks, `must ask and do ${asks[0]}/${asks[1]}`);
  });
}
