// The phrase box measured on a held-out corpus (tests/js/phrase-corpus-heldout.json): 249 sentences written
// blind, by someone who never read the parser, over the five variants and their city presets. It is kept apart
// from the tuning: this script prints only aggregate figures (right first time overall, on the hard ones, the
// sentences that must ask and do, and per kind), never a sentence, so that nobody tunes the parser to it
// sentence by sentence. Run: node tests/js/phrase-heldout.js
"use strict";

const parser = require("../../static/js/phrase-parse.js");
const { turnedUpFor } = require("../../static/js/phrase-fields.js");
const words = require("../../static/js/phrase-words.js");
const tables = require("./phrase-tables.json");
const path = require("node:path");
// CORPUS=<file> measures another corpus of the same shape the same way (tests/js/phrase-corpus-blind4.json …).
const DEFAULT_CORPUS = process.env.CORPUS ? path.resolve(process.env.CORPUS) : path.join(__dirname, "phrase-corpus-heldout.json");

// The held-out corpus names fields as the hand form's templates do; a name or value written differently
// there is mapped here, never in the corpus.
const FIELD_NAMES = {};
const FIELD_VALUES = { dice_double: { true: "on" } };

// The held-out corpus names each hand's wild by its face (`treasure`), as the form did when it was written; where
// the form now takes the tile turned up instead (issue 36), the wild expected is the tile before it in this table's
// order, as the parser reads it (phrase-fields.js turnedUpFor). What the sentences say is unchanged.
function expected(fields, table) {
  const wild = tables[table].wild;
  if (!("treasure" in fields) || !wild || wild.field !== "turned_up") return fields;
  const { treasure, ...rest } = fields;
  return { ...rest, turned_up: turnedUpFor(treasure, wild.turn) ?? treasure };
}

function plain(fields, mapped) {
  const kept = {};
  for (const [given, value] of Object.entries(fields)) {
    const name = mapped ? FIELD_NAMES[given] || given : given;
    const values = mapped ? FIELD_VALUES[name] || {} : {};
    if (Array.isArray(value) ? !value.length : value === undefined || value === null) continue;
    // One of a repeatable item is what its stepper shows once the item is ticked: said or not, the form is the same.
    if (/^(extra_\d+_)?count_|^extra_count_/.test(name) && String(value) === "1") continue;
    // No flowers is what the flowers' stepper shows untouched: 张姐没花 said or not, the form is the same.
    if (/^(extra_)?flowers(_\d+)?$/.test(name) && String(value) === "0") continue;
    kept[name] = Array.isArray(value) ? [...value].sort() : String(values[value] ?? value);
  }
  return kept;
}

function measure(entry) {
  const result = parser.parse(entry.sentence, tables[entry.table], words.sounds);
  const asked = result.asks.length > 0;
  const got = JSON.stringify(Object.entries(plain(result.fields, false)).sort());
  const meant = JSON.stringify(Object.entries(plain(expected(entry.fields, entry.table), true)).sort());
  return { right: got === meant && asked === Boolean(entry.asks), asked };
}

function figures(file = DEFAULT_CORPUS) {
  const rows = require(file).map((entry) => ({ entry, ...measure(entry) }));
  const count = (list) => list.filter((row) => row.right).length;
  const hard = rows.filter((row) => row.entry.hard);
  const mustAsk = rows.filter((row) => row.entry.asks);
  const kinds = new Map();
  for (const row of rows) {
    const kind = kinds.get(row.entry.kind) || { right: 0, all: 0 };
    kind.all += 1;
    if (row.right) kind.right += 1;
    kinds.set(row.entry.kind, kind);
  }
  return {
    overall: [count(rows), rows.length],
    hard: [count(hard), hard.length],
    asks: [mustAsk.filter((row) => row.asked).length, mustAsk.length],
    kinds,
  };
}

function percent([got, all]) {
  return `${got}/${all} (${((100 * got) / all).toFixed(1)}%)`;
}

if (require.main === module) {
  const { overall, hard, asks, kinds } = figures();
  console.log(`held-out phrase corpus: right first time ${percent(overall)}, hard ${percent(hard)}, ` +
    `must ask and do ${asks[0]}/${asks[1]}`);
  const sorted = [...kinds.entries()].sort((a, b) => a[0].localeCompare(b[0]));
  for (const [kind, { right, all }] of sorted) console.log(`  ${right}/${all}  ${kind}`);
}

module.exports = { figures };
