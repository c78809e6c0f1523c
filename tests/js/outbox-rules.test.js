// The outbox's ordering and retry rules (static/js/outbox-rules.js), run by `node --test`.
"use strict";

const test = require("node:test");
const assert = require("node:assert/strict");
const rules = require("../../static/js/outbox-rules.js");

const NOW = 1_000_000;

function kept(id, overrides) {
  return Object.assign(
    { id, account: "1", session: "5", url: "/sessions/5/hands/new/", fields: [["winner", "1"], ["how", "self_draw"]],
      token: "t" + id, number: id, queuedAt: NOW - 1000, state: rules.WAITING, message: "", attempts: 0, retryAt: 0 },
    overrides || {},
  );
}

test("it sends the hand kept first, whatever order storage returns them in", () => {
  const entries = [kept(3), kept(1), kept(2)];
  assert.equal(rules.nextToSend(entries, NOW).id, 1);
});

test("it sends nothing of a session while its first hand is being sent", () => {
  const entries = [kept(1, { state: rules.SENDING }), kept(2)];
  assert.equal(rules.nextToSend(entries, NOW), null);
});

for (const state of [rules.CONFLICT, rules.REFUSED]) {
  test(`it stops a session's queue at a hand in ${state}, so the later hands keep their order`, () => {
    const entries = [kept(1, { state }), kept(2), kept(3)];
    assert.equal(rules.nextToSend(entries, NOW), null);
    assert.equal(rules.nextWake(entries, NOW), null);
  });
}

test("a blocked session does not hold up another session's hands", () => {
  const entries = [kept(1, { state: rules.CONFLICT }), kept(2), kept(3, { session: "9", number: 1 })];
  assert.equal(rules.nextToSend(entries, NOW).id, 3);
});

test("it waits for a hand's retry time before sending it again", () => {
  const entries = [kept(1, { retryAt: NOW + 4000, attempts: 2 }), kept(2)];
  assert.equal(rules.nextToSend(entries, NOW), null);
  assert.equal(rules.nextWake(entries, NOW), 4000);
  assert.equal(rules.nextToSend(entries, NOW + 4000).id, 1);
});

test("it has nothing to wake up for when nothing waits", () => {
  assert.equal(rules.nextWake([], NOW), null);
  assert.equal(rules.nextToSend([], NOW), null);
});

test("the wait doubles from two seconds and stops at a minute", () => {
  assert.deepEqual([1, 2, 3, 4, 5, 6, 7, 20].map(rules.backoff), [2000, 4000, 8000, 16000, 32000, 60000, 60000, 60000]);
});

const answers = [
  ["no answer at all", { network: true }, { kind: "retry" }],
  ["a saved hand", { status: 200, body: { outcome: "saved", saved: 7 } }, { kind: "saved", number: 7 }],
  ["a hand saved by an earlier send", { status: 200, body: { outcome: "already_saved", saved: 7 } },
    { kind: "saved", number: 7 }],
  ["the same hand saved first by another phone", { status: 200, body: { outcome: "already_saved", saved: 7, same_hand: true } },
    { kind: "saved", number: 7, same: true }],
  ["a conflict", { status: 409, body: { outcome: "conflict", conflict: "Hand 5 was already saved", next: 6, spent: false } },
    { kind: "conflict", message: "Hand 5 was already saved", next: 6 }],
  ["a session finished meanwhile", { status: 409, body: { outcome: "finished", conflict: "finished", next: 6, spent: false } },
    { kind: "conflict", message: "finished", next: 6 }],
  ["the engine's refusal", { status: 422, body: { outcome: "refused", errors: ["Only the dealer...", "No such pattern."] } },
    { kind: "refused", message: "Only the dealer... No such pattern." }],
  ["taps that are not a hand", { status: 422, body: { outcome: "invalid", errors: ["Tap how the hand was won."] } },
    { kind: "refused", message: "Tap how the hand was won." }],
  ["a session that is gone or no longer kept", { status: 404, body: null }, { kind: "refused", reason: "gone" }],
  ["a redirect to the login page", { redirected: true, status: 0 }, { kind: "signin" }],
  ["a CSRF refusal", { status: 403, body: null }, { kind: "signin" }],
  ["a server error", { status: 502, body: null }, { kind: "retry", status: 502 }],
  ["a throttled request", { status: 429, body: null }, { kind: "retry", status: 429 }],
  ["a captive portal's page", { status: 200, body: null }, { kind: "retry", status: 200 }],
  ["a 200 that names no outcome", { status: 200, body: { saved: 7 } }, { kind: "retry", status: 200 }],
  ["a bad request", { status: 400, body: null }, { kind: "refused", reason: "unexpected", status: 400 }],
  ["a 409 that names no outcome", { status: 409, body: null }, { kind: "refused", reason: "unexpected", status: 409 }],
];
for (const [what, answer, expected] of answers) {
  test(`it reads ${what} as ${expected.kind}`, () => {
    assert.deepEqual(rules.outcome(answer), expected);
  });
}

test("a saved hand leaves the outbox", () => {
  assert.equal(rules.afterOutcome(kept(1), { kind: "saved", number: 1 }, NOW), null);
});

test("a hand that did not get through waits longer each time", () => {
  const once = rules.afterOutcome(kept(1), { kind: "retry" }, NOW);
  const twice = rules.afterOutcome(once, { kind: "retry" }, NOW);
  assert.equal(once.state, rules.WAITING);
  assert.deepEqual([once.attempts, once.retryAt - NOW], [1, 2000]);
  assert.deepEqual([twice.attempts, twice.retryAt - NOW], [2, 4000]);
});

test("a hand waiting for the keeper to log in says so and keeps waiting", () => {
  const after = rules.afterOutcome(kept(1), { kind: "signin" }, NOW);
  assert.equal(after.state, rules.WAITING);
  assert.equal(after.message, "signin");
});

test("a conflicting hand keeps the server's message and the number the server expects", () => {
  const after = rules.afterOutcome(kept(5), rules.outcome({ status: 409, body: { outcome: "conflict", conflict: "taken", next: 6, spent: false } }), NOW);
  assert.equal(after.state, rules.CONFLICT);
  assert.equal(after.message, "taken");
  assert.equal(after.serverNext, 6);
  assert.deepEqual(after.fields, kept(5).fields, "the taps are kept for fixing");
});

test("a refused hand is kept for fixing with the engine's words", () => {
  const after = rules.afterOutcome(kept(1), rules.outcome({ status: 422, body: { outcome: "refused", errors: ["bad"] } }), NOW);
  assert.equal(after.state, rules.REFUSED);
  assert.equal(after.message, "bad");
  assert.ok(rules.needsKeeper(after));
});

test("Send now stops every waiting hand from sitting out its backoff, and touches nothing else", () => {
  const entries = [
    kept(1, { retryAt: NOW + 30000, attempts: 5 }), kept(2), kept(3, { state: rules.CONFLICT, retryAt: 9 }),
  ];
  const changed = rules.retryNow(entries);
  assert.deepEqual(changed.map((entry) => [entry.id, entry.retryAt, entry.attempts]), [[1, 0, 5]]);
  assert.equal(rules.nextToSend(changed.concat(entries.slice(1)), NOW).id, 1);
});

test("a hand cut off while sending is sent again after a reload", () => {
  const [entry] = rules.recover([kept(1, { state: rules.SENDING })]);
  assert.equal(entry.state, rules.WAITING);
  assert.equal(rules.nextToSend([entry], NOW).id, 1);
});

test("sending a conflicting hand as the next one renumbers it and the hands behind it, in order", () => {
  const entries = [
    kept(1, { number: 5, state: rules.CONFLICT, message: "taken", serverNext: 6 }),
    kept(2, { number: 6 }),
    kept(3, { number: 7 }),
    kept(4, { session: "9", number: 2 }),
  ];
  const changed = rules.renumberFrom(entries, 1, 6);
  assert.deepEqual(changed.map((entry) => [entry.id, entry.number, entry.state]),
    [[1, 6, rules.WAITING], [2, 7, rules.WAITING], [3, 8, rules.WAITING]]);
  assert.equal(changed[0].message, "");
  assert.deepEqual(changed.map((entry) => entry.token), ["t1", "t2", "t3"], "each keeps its token: none was saved");
});

test("renumbering an entry that is gone changes nothing", () => {
  assert.deepEqual(rules.renumberFrom([kept(1)], 9, 3), []);
});

test("the form offers the hand after the last one kept, never less than the page's", () => {
  const entries = [kept(1, { number: 5 }), kept(2, { number: 6 }), kept(3, { session: "9", number: 40 })];
  assert.equal(rules.nextNumber(entries, "5", 5), 7);
  assert.equal(rules.nextNumber(entries, "5", 9), 9);
  assert.equal(rules.nextNumber([], "5", 3), 3);
});

test("the body carries the entry's own token and number, today's CSRF token and Save", () => {
  const entry = kept(4, { fields: [["winner", "2"], ["client_token", "old"], ["expected_number", "1"],
    ["csrfmiddlewaretoken", "stale"], ["action", "preview"], ["patterns", "a"], ["patterns", "b"]] });
  const body = rules.bodyFields(entry, "fresh");
  assert.deepEqual(body, [["winner", "2"], ["patterns", "a"], ["patterns", "b"], ["client_token", "t4"],
    ["expected_number", "4"], ["action", "save"], ["csrfmiddlewaretoken", "fresh"]]);
});

test("a new hand joins the queue when offline or when earlier hands of its session still wait", () => {
  assert.equal(rules.mustQueue([], "5", false), true);
  assert.equal(rules.mustQueue([kept(1)], "5", true), true);
  assert.equal(rules.mustQueue([kept(1, { session: "9" })], "5", true), false);
  assert.equal(rules.mustQueue([], "5", true), false);
});

test("it counts the hands waiting and those that need the keeper", () => {
  const entries = [kept(1, { state: rules.CONFLICT }), kept(2), kept(3, { session: "9" })];
  assert.deepEqual(rules.counts(entries, "5"), { pending: 2, attention: 1 });
  assert.deepEqual(rules.counts(entries), { pending: 3, attention: 1 });
});

test("a spent token's answer is a conflict the keeper must settle, never one to send again as it is", () => {
  const result = rules.outcome({
    status: 409, body: { outcome: "spent", conflict: "Hand 3 was undone on another phone", next: 3, spent: true },
  });
  assert.deepEqual(result, { kind: "conflict", message: "Hand 3 was undone on another phone", next: 3, reason: "spent" });
  const after = rules.afterOutcome(kept(3), result, NOW);
  assert.equal(after.state, rules.CONFLICT);
  assert.equal(after.message, "Hand 3 was undone on another phone", "the outbox shows the server's words");
  assert.ok(rules.isSpent(after) && rules.needsKeeper(after));
  assert.ok(!rules.isSpent(rules.afterOutcome(kept(3), rules.outcome({ status: 409, body: { outcome: "conflict", conflict: "taken", next: 4, spent: false } }), NOW)));
});

test("a spent hand saved again on purpose becomes the next hand on a token of its own", () => {
  const entries = [
    kept(1, { number: 3, state: rules.CONFLICT, reason: "spent", message: "undone", serverNext: 3 }),
    kept(2, { number: 4 }),
  ];
  const changed = rules.asNewHand(entries, 1, 3, "fresh");
  assert.deepEqual(changed.map((entry) => [entry.id, entry.number, entry.token, entry.state]),
    [[1, 3, "fresh", rules.WAITING], [2, 4, "t2", rules.WAITING]]);
  assert.equal(changed[0].reason, "");
  assert.ok(!rules.isSpent(changed[0]));
});

test("a kept hand saved again from the form goes as having seen the board when the server answered about it", () => {
  const result = rules.outcome({
    status: 409, body: { outcome: "spent", conflict: "undone", next: 3, spent: true, checked: 1700000100 },
  });
  const after = rules.afterOutcome(kept(3), result, NOW);
  assert.equal(after.checked, 1700000100);
  // The form was the worker's kept copy: its board_seen is from before the undo the keeper was just shown.
  const stale = [["winner", "2"], ["board_seen", "1700000000"]];
  assert.deepEqual(rules.seenWhenChecked(stale, after.checked), [["winner", "2"], ["board_seen", "1700000100"]]);
  // A form drawn after the answer keeps its own, later time; an answer that names no time changes nothing.
  const fresh = [["board_seen", "1700000200"], ["winner", "2"]];
  assert.deepEqual(rules.seenWhenChecked(fresh, after.checked), [["winner", "2"], ["board_seen", "1700000200"]]);
  assert.deepEqual(rules.seenWhenChecked(stale, null), stale);
  const conflict = rules.outcome({ status: 409, body: { outcome: "conflict", conflict: "taken", next: 4, checked: 5 } });
  assert.equal(conflict.checked, 5);
});

// A kept hand the server found spent (saved, then undone, deleted or changed on another phone).
function spent(id, overrides) {
  return kept(id, Object.assign({ state: rules.CONFLICT, reason: "spent", message: "undone", serverNext: id }, overrides || {}));
}

test("a spent hand is set aside: the hands behind it are sent, and the server's numbers keep their order", () => {
  const entries = [spent(3), kept(4)];
  assert.equal(rules.nextToSend(entries, NOW).id, 4);
  assert.equal(rules.nextWake(entries, NOW), 0);
  assert.equal(rules.nextToSend([spent(3)], NOW), null);
  assert.equal(rules.nextWake([spent(3)], NOW), null);
});

test("a spent hand holds no number and does not make a new hand wait behind it", () => {
  assert.equal(rules.nextNumber([spent(15)], "5", 15), 15);
  assert.equal(rules.mustQueue([spent(15)], "5", true), false);
  assert.equal(rules.mustQueue([spent(15), kept(16)], "5", true), true);
  assert.deepEqual(rules.counts([spent(15)], "5"), { pending: 1, attention: 1 }, "it is still listed for the keeper");
});

test("renumbering leaves the spent hands behind it set aside", () => {
  const entries = [kept(1, { number: 5, state: rules.CONFLICT, serverNext: 6 }), spent(2, { number: 6 }), kept(3, { number: 7 })];
  assert.deepEqual(rules.renumberFrom(entries, 1, 6).map((entry) => [entry.id, entry.number]), [[1, 6], [3, 7]]);
});

const following = [
  ["an undo on another phone takes an untouched form back", [], 16, 15, 15],
  ["a delete on another phone takes it back further", [], 16, 12, 12],
  ["the same table leaves the number as it is", [], 15, 15, 15],
  ["a hand another phone saved is never skipped over by itself", [], 15, 16, null],
  ["hands kept here still come before the form's", [kept(1, { number: 15 }), kept(2, { number: 16 })], 17, 15, 17],
  ["hands kept here, an undo on another phone: the kept hands still come first", [kept(1, { number: 15 })], 16, 14, 16],
  ["a kept hand found spent gives its number back", [spent(1, { number: 15 })], 16, 15, 15],
  ["another session's kept hands do not count", [kept(1, { session: "9", number: 40 })], 16, 15, 15],
];
for (const [what, entries, shown, serverNext, expected] of following) {
  test(`the form follows the server: ${what}`, () => {
    assert.equal(rules.formNumber(entries, "5", shown, serverNext), expected);
  });
}

test("a notice about a kept hand holds only while it waits or is being sent", () => {
  assert.ok(rules.stillKept([kept(1)], 1));
  assert.ok(rules.stillKept([kept(1, { state: rules.SENDING })], 1));
  assert.ok(!rules.stillKept([], 1), "saved: it left the outbox");
  assert.ok(!rules.stillKept([spent(1)], 1), "spent: it will not be sent");
  assert.ok(!rules.stillKept([kept(1, { state: rules.CONFLICT })], 1));
  assert.ok(!rules.stillKept([kept(2)], 1));
});

test("a hand whose number was taken and freed while it waited is held for the keeper, never sent silently", () => {
  const result = rules.outcome({
    status: 409,
    body: { outcome: "freed", conflict: "Hand 3 was saved on another phone and undone again", next: 3, checked: 1700000123 },
  });
  assert.deepEqual(result, {
    kind: "conflict", reason: "freed", message: "Hand 3 was saved on another phone and undone again", next: 3,
    checked: 1700000123,
  });
  const held = rules.afterOutcome(kept(3, { fields: [["winner", "1"], ["board_seen", "1700000000"]] }), result, NOW);
  assert.ok(rules.isFreed(held) && rules.needsKeeper(held) && !rules.isSpent(held));
  assert.equal(rules.nextToSend([held], NOW), null, "it waits for the keeper");
});

test("the keeper's yes sends a freed hand as having seen the board when the server checked", () => {
  const held = kept(3, {
    state: rules.CONFLICT, reason: "freed", serverNext: 3, checked: 1700000123,
    fields: [["winner", "1"], ["board_seen", "1700000000"]],
  });
  const [sent] = rules.confirmFreed([held, kept(4)], 3);
  assert.equal(sent.state, rules.WAITING);
  assert.equal(sent.number, 3, "the same number, the one that is free");
  assert.deepEqual(sent.fields, [["winner", "1"], ["board_seen", "1700000123"]]);
  assert.equal(rules.nextToSend([sent], NOW).id, 3);
  assert.deepEqual(rules.confirmFreed([kept(4)], 4), [], "a hand that is not held this way is left alone");
});
