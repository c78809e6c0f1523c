// What the phrase box's node tests share: a sentence parsed at one of the real forms' tables
// (tests/js/phrase-tables.json), the fields it fills in (empty lists left out) and the codes of what it asks.
"use strict";

const parser = require("../../static/js/phrase-parse.js");
const words = require("../../static/js/phrase-words.js");
const tables = require("./phrase-tables.json");

function parse(table, sentence) { return parser.parse(sentence, tables[table], words.sounds); }

function filled(table, sentence) {
  const fields = {};
  for (const [name, value] of Object.entries(parse(table, sentence).fields)) {
    if (!Array.isArray(value) || value.length) fields[name] = value;
  }
  return fields;
}

function asked(table, sentence) { return parse(table, sentence).asks.map((ask) => ask.code); }

module.exports = { parser, words, tables, parse, filled, asked };
