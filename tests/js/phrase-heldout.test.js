// The phrase box on the held-out corpus (tests/js/phrase-heldout.js measures it, printing aggregate figures only):
// a guard that the figures never fall below those last measured (after issue 35's second round of kinds). The
// targets are higher (95% right first time, 85% of the hard ones, every sentence that must ask asks) and not all
// met yet: see docs/phrase.md. No sentence is printed here either.
"use strict";

const test = require("node:test");
const assert = require("node:assert/strict");
const { figures } = require("./phrase-heldout.js");

const FLOOR = { overall: 232, hard: 116, asks: 39 };

test("the held-out corpus is understood at least as well as when it was last measured", () => {
  const { overall, hard, asks } = figures();
  console.log(`held-out: ${overall[0]}/${overall[1]} right first time, hard ${hard[0]}/${hard[1]}, asks ${asks[0]}/${asks[1]}`);
  assert.ok(overall[0] >= FLOOR.overall, `right first time ${overall[0]}/${overall[1]}`);
  assert.ok(hard[0] >= FLOOR.hard, `hard ${hard[0]}/${hard[1]}`);
  assert.ok(asks[0] >= FLOOR.asks, `must ask and do ${asks[0]}/${asks[1]}`);
});
