// The page scripts on older phones: a regular expression an old browser cannot compile is a syntax error that stops
// its whole script (the phrase box, the outbox), not just the one rule. iPhones before iOS 16.4 refuse lookbehind
// ((?<=…), (?<!…)) and Safari before 11.1 named groups ((?<name>…)); the scripts use neither.
"use strict";

const test = require("node:test");
const assert = require("node:assert/strict");
const fs = require("node:fs");
const path = require("node:path");

const SCRIPTS = path.join(__dirname, "..", "..", "static", "js");

test("no page script uses regular-expression syntax that older phones refuse", () => {
  const scripts = fs.readdirSync(SCRIPTS).filter((name) => name.endsWith(".js") && !name.endsWith(".min.js"));
  assert.ok(scripts.includes("phrase-lexicon.js"));
  for (const name of scripts) {
    const source = fs.readFileSync(path.join(SCRIPTS, name), "utf8");
    assert.equal(/\(\?<[=!a-zA-Z]/.test(source), false, `${name} uses lookbehind or a named group`);
  }
});
