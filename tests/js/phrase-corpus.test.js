// The phrase box's corpus (tests/js/phrase-corpus.json): realistic sentences across the five variants and their
// city presets, each with the hand it means (the form's fields) or the questions it must ask. Scored by
// `node --test tests/js/`; the figures are printed, and the test holds the bar of issue 25.
"use strict";

const test = require("node:test");
const assert = require("node:assert/strict");
const parser = require("../../static/js/phrase-parse.js");
const words = require("../../static/js/phrase-words.js");
const tables = require("./phrase-tables.json");
const corpus = require("./phrase-corpus.json");

// An empty list of patterns is no pattern ticked: the same hand.
function plain(fields) {
  const kept = {};
  for (const [name, value] of Object.entries(fields)) {
    if (Array.isArray(value) ? value.length : value !== undefined) kept[name] = Array.isArray(value) ? [...value].sort() : value;
  }
  return kept;
}

function outcome(entry) {
  const result = parser.parse(entry.sentence, tables[entry.table], words.sounds);
  const asked = [...new Set(result.asks.map((ask) => ask.code))].sort();
  return { fields: plain(result.fields), asks: asked };
}

function exact(entry) {
  const got = outcome(entry);
  try {
    assert.deepEqual(got, { fields: plain(entry.fields), asks: entry.asks });
    return true;
  } catch {
    return false;
  }
}

test("every sentence of the corpus names a table the form has", () => {
  for (const entry of corpus) assert.ok(tables[entry.table], entry.table);
});

// Every sentence, not a share of them: a share let changes that broke a few pass unseen.
test("the corpus ends in exactly the intended hand for every sentence", () => {
  const hard = corpus.filter((entry) => entry.hard);
  const missed = corpus.filter((entry) => !exact(entry));
  const missedHard = missed.filter((entry) => entry.hard);
  const overall = (100 * (corpus.length - missed.length)) / corpus.length;
  const onHard = (100 * (hard.length - missedHard.length)) / hard.length;
  console.log(`phrase corpus: ${corpus.length - missed.length}/${corpus.length} exact (${overall.toFixed(1)}%), ` +
    `hard ${hard.length - missedHard.length}/${hard.length} (${onHard.toFixed(1)}%)`);
  for (const entry of missed) console.log(`  missed: ${entry.table} ${entry.sentence} -> ${JSON.stringify(outcome(entry))}`);
  assert.equal(missed.length, 0, `${overall.toFixed(1)}% exact, ${onHard.toFixed(1)}% of the hard ones`);
});

test("every sentence that leaves something out asks, and fills in nothing it asks about", () => {
  const asking = corpus.filter((entry) => entry.asks.length);
  let asked = 0;
  for (const entry of asking) {
    const result = parser.parse(entry.sentence, tables[entry.table], words.sounds);
    if (result.asks.length) asked += 1;
    const set = plain(result.fields);
    for (const ask of result.asks) {
      if (ask.field) assert.ok(!(ask.field in set), `${entry.sentence}: ${ask.field} both asked and set`);
    }
  }
  console.log(`phrase corpus: ${asked}/${asking.length} sentences that leave something out ask`);
  assert.equal(asked, asking.length);
});

test("a sentence that says the whole hand asks nothing", () => {
  for (const entry of corpus.filter((entry) => !entry.asks.length)) {
    const result = parser.parse(entry.sentence, tables[entry.table], words.sounds);
    if (exact(entry)) assert.deepEqual(result.asks, [], entry.sentence);
  }
});
