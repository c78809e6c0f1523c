// The outbox's rules, as plain functions of plain data: which queued hand goes next, what the
// server's answer means, when to try again, how to renumber. No DOM and no storage here, so
// that tests/js/outbox-rules.test.js can run them under `node --test`.
//
// An entry is one hand saved on this phone:
//   {id, account, session, url, send, fields: [[name, value], ...], token, number, queuedAt,
//    state: "waiting" | "sending" | "refused" | "conflict", message, attempts, retryAt, serverNext}
// url is the form it was entered on (where it opens to be fixed), send the outbox's address.
// Hands of one session are sent one at a time in the order they were saved (by id). A hand the
// server refused or that conflicts stops its session's queue until the keeper fixes it: the
// hands behind it were entered after it, so sending them first would change their order. A spent
// hand (saved, then undone, deleted or changed on another phone) is set aside instead: it is never
// sent again as it is, so it holds no number and stops nothing; the server's numbers still keep
// the order of the hands behind it (one that no longer follows is a conflict).
(function (root, factory) {
  "use strict";
  if (typeof module === "object" && module.exports) module.exports = factory();
  else root.TKOutboxRules = factory();
})(typeof self !== "undefined" ? self : this, function () {
  "use strict";

  var WAITING = "waiting", SENDING = "sending", REFUSED = "refused", CONFLICT = "conflict";
  var FIRST_RETRY_MS = 2000, LAST_RETRY_MS = 60000;

  function byId(a, b) { return a.id - b.id; }

  function sessionQueue(entries, session) {
    return entries.filter(function (entry) { return entry.session === session; }).sort(byId);
  }

  function sessionsOf(entries) {
    var seen = [];
    entries.slice().sort(byId).forEach(function (entry) {
      if (seen.indexOf(entry.session) === -1) seen.push(entry.session);
    });
    return seen;
  }

  function needsKeeper(entry) { return entry.state === REFUSED || entry.state === CONFLICT; }

  function isSpent(entry) { return entry.state === CONFLICT && entry.reason === "spent"; }

  // The session's hands still in line to be sent (the spent ones set aside), in order.
  function inLine(entries, session) {
    return sessionQueue(entries, session).filter(function (entry) { return !isSpent(entry); });
  }

  function heads(entries) {
    return sessionsOf(entries).map(function (session) { return inLine(entries, session)[0]; }).filter(Boolean);
  }

  // The entry to send now, or null: the head of a session's queue, if it is waiting and its
  // retry time has come. A session whose head is being sent or needs the keeper sends nothing.
  function nextToSend(entries, now) {
    var ready = heads(entries).filter(function (head) {
      return head.state === WAITING && (head.retryAt || 0) <= now;
    });
    ready.sort(byId);
    return ready.length ? ready[0] : null;
  }

  // Milliseconds until some waiting head may be tried again (0: now), or null if none waits.
  function nextWake(entries, now) {
    var times = heads(entries).filter(function (head) { return head.state === WAITING; }).map(function (head) {
      return Math.max(0, (head.retryAt || 0) - now);
    });
    return times.length ? Math.min.apply(null, times) : null;
  }

  // 2 s, 4 s, 8 s ... at most a minute: quick while a bar of signal comes and goes, quiet after.
  function backoff(attempts) {
    return Math.min(LAST_RETRY_MS, FIRST_RETRY_MS * Math.pow(2, Math.max(0, attempts - 1)));
  }

  // What the server's answer means. `answer` is {network: true} when nothing came back (offline,
  // timeout), else {status, redirected, body}, the body being the JSON of the outbox's address
  // (tablekeeper/keeping/views/outbox.py), which names its outcome.
  function outcome(answer) {
    if (!answer || answer.network) return { kind: "retry" };
    var status = answer.status, body = answer.body || {};
    if (answer.redirected || status === 403) return { kind: "signin" };
    switch (body.outcome) {
      case "saved":
        return { kind: "saved", number: body.saved };
      case "already_saved":
        // Sent before, its answer lost: it stands, once. Or another phone saved this very hand
        // first (same_hand): this copy is dropped, never recorded twice.
        return body.same_hand ? { kind: "saved", number: body.saved, same: true } : { kind: "saved", number: body.saved };
      case "conflict":
      case "finished":
        return withChecked({ kind: "conflict", message: body.conflict || "", next: body.next || null }, body);
      case "freed":
        // Its number was taken and freed again (saved, then undone on another phone) while it waited: shown to
        // the keeper as a conflict is, never sent silently; the keeper's yes sends it as seen then (checked).
        return { kind: "conflict", reason: "freed", message: body.conflict || "", next: body.next || null,
          checked: body.checked || null };
      case "spent":
        // The hand was undone, deleted or changed on another phone after it was saved. Sending it
        // again, as it is, can never succeed; only the keeper may re-enter it.
        return withChecked({ kind: "conflict", reason: "spent", message: body.conflict || "", next: body.next || null }, body);
      case "refused":
      case "invalid":
        return { kind: "refused", message: (body.errors || []).join(" ") };
    }
    if (status === 404) return { kind: "refused", reason: "gone" };
    // A 200 that names no outcome is not the server's answer (a captive portal's page): try again.
    if (status === 429 || status >= 500 || status === 200) return { kind: "retry", status: status };
    return { kind: "refused", reason: "unexpected", status: status };
  }

  // When the server looked, where it says so (a conflict's answer): the keeper who then saves the hand again
  // from the form has seen the board as it was then (seenWhenChecked).
  function withChecked(result, body) {
    if (body.checked) result.checked = body.checked;
    return result;
  }

  // A kept hand saved again from the form after the server's answer about it: it goes as a hand that saw the board
  // when the server checked, unless the form saw it later. The form may be the worker's kept copy (one bar of
  // signal), whose board_seen is from before the undo the keeper was just shown, which would stop it again.
  function seenWhenChecked(fields, checked) {
    if (!checked) return fields;
    var seen = fields.filter(function (pair) { return pair[0] === "board_seen"; }).map(function (pair) {
      return Number(pair[1]) || 0;
    });
    var latest = Math.max.apply(null, seen.concat([Number(checked)]));
    return fields.filter(function (pair) { return pair[0] !== "board_seen"; }).concat([["board_seen", String(latest)]]);
  }

  // The entry after an answer, or null when it is saved and leaves the outbox.
  function afterOutcome(entry, result, now) {
    var next = Object.assign({}, entry);
    if (result.kind === "saved") return null;
    if (result.kind === "retry" || result.kind === "signin") {
      next.state = WAITING;
      next.attempts = (entry.attempts || 0) + 1;
      next.retryAt = now + backoff(next.attempts);
      next.message = result.kind === "signin" ? "signin" : "";
      return next;
    }
    next.state = result.kind === "conflict" ? CONFLICT : REFUSED;
    next.message = result.message || "";
    next.reason = result.reason || "";
    next.status = result.status || null;
    next.serverNext = result.next || null;
    next.checked = result.checked || null;
    return next;
  }

  function isFreed(entry) { return entry.state === CONFLICT && entry.reason === "freed"; }

  // "Send it all the same": the keeper looked at a hand whose number was freed while it waited and wants it
  // sent. It goes as a hand that has seen the board as the server did when it checked (board_seen), so the
  // same undo does not stop it again; a later one would. Only the changed entry is returned.
  function confirmFreed(entries, id) {
    var entry = entries.filter(function (e) { return e.id === id; })[0];
    if (!entry || !isFreed(entry)) return [];
    var fields = entry.fields.filter(function (pair) { return pair[0] !== "board_seen"; });
    if (entry.checked) fields.push(["board_seen", String(entry.checked)]);
    return [Object.assign({}, entry, {
      fields: fields, state: WAITING, reason: "", message: "", attempts: 0, retryAt: 0, serverNext: null,
      checked: null,
    })];
  }

  // "Send now": the keeper says the connection is back, so nothing waits out its backoff. Only
  // the changed entries are returned.
  function retryNow(entries) {
    return entries.filter(function (entry) {
      return entry.state === WAITING && (entry.retryAt || 0) > 0;
    }).map(function (entry) { return Object.assign({}, entry, { retryAt: 0 }); });
  }

  // An entry left "sending" when the page closed mid-request is simply waiting again: the
  // server's idempotent save (same client token) makes a second send count once.
  function recover(entries) {
    return entries.map(function (entry) {
      return entry.state === SENDING ? Object.assign({}, entry, { state: WAITING }) : entry;
    });
  }

  // "Send as the next hand": this entry becomes hand `number` and the hands behind it in its
  // session follow on, in order. Only the changed entries are returned.
  function renumberFrom(entries, id, number) {
    // The spent hands behind it stay set aside.
    var queue = sessionQueue(entries, (entries.filter(function (e) { return e.id === id; })[0] || {}).session)
      .filter(function (entry) { return entry.id === id || !isSpent(entry); });
    var start = -1;
    queue.forEach(function (entry, index) { if (entry.id === id) start = index; });
    if (start === -1) return [];
    return queue.slice(start).map(function (entry, offset) {
      return Object.assign({}, entry, {
        number: number + offset,
        state: offset === 0 || entry.state === CONFLICT ? WAITING : entry.state,
        message: offset === 0 ? "" : entry.message,
        attempts: 0,
        retryAt: 0,
        serverNext: null,
      });
    });
  }

  // A spent hand the keeper opened and saved again: a new hand, on a token of its own, as the
  // next one the server expects; the hands behind it follow on. Only the changed entries.
  function asNewHand(entries, id, number, token) {
    var changed = renumberFrom(entries, id, number);
    if (changed.length) changed[0] = Object.assign({}, changed[0], { token: token, reason: "" });
    return changed;
  }

  // The hand number the form should offer next: after the last hand kept for this session (a
  // spent one holds no number), and never behind what the server (or a kept copy of its page) said.
  function nextNumber(entries, session, pageNumber) {
    var numbers = inLine(entries, session).map(function (entry) { return entry.number; });
    return Math.max.apply(null, [pageNumber].concat(numbers.map(function (n) { return n + 1; })));
  }

  // The number a form showing hand `shown` should show now that the server says `serverNext` is
  // next (its poll), or null to leave the form as it is. It goes back (an undo or delete on
  // another phone, a kept hand found spent) to the hand after the server's and this phone's kept
  // hands; it never goes forward by itself: a hand another phone saved meanwhile may be the one
  // being entered here, and Save shows the two side by side rather than record it twice.
  function formNumber(entries, session, shown, serverNext) {
    var number = nextNumber(entries, session, serverNext);
    return number <= shown ? number : null;
  }

  // Whether a notice about kept hand `id` ("kept on this phone, sent when the connection is
  // back") still holds: the hand is still waiting or being sent, not saved, spent or stuck.
  function stillKept(entries, id) {
    return entries.some(function (entry) {
      return entry.id === id && (entry.state === WAITING || entry.state === SENDING);
    });
  }

  // The form fields as the server must receive them for this entry: the entry's token and
  // number, the current CSRF token (a kept token may be stale), and the Save action.
  function bodyFields(entry, csrfToken) {
    var fixed = { client_token: entry.token, expected_number: String(entry.number), action: "save" };
    var fields = entry.fields.filter(function (pair) {
      return !(pair[0] in fixed) && pair[0] !== "csrfmiddlewaretoken";
    });
    Object.keys(fixed).forEach(function (name) { fields.push([name, fixed[name]]); });
    if (csrfToken) fields.push(["csrfmiddlewaretoken", csrfToken]);
    return fields;
  }

  function counts(entries, session) {
    var mine = session === undefined ? entries : sessionQueue(entries, session);
    return {
      pending: mine.length,
      attention: mine.filter(needsKeeper).length,
    };
  }

  // Whether a new hand must join the queue rather than go straight to the server: offline, or
  // hands of the same session are still in line (they come first).
  function mustQueue(entries, session, online) {
    return !online || inLine(entries, session).length > 0;
  }

  return {
    WAITING: WAITING, SENDING: SENDING, REFUSED: REFUSED, CONFLICT: CONFLICT,
    nextToSend: nextToSend, nextWake: nextWake, backoff: backoff, outcome: outcome,
    afterOutcome: afterOutcome, recover: recover, retryNow: retryNow, renumberFrom: renumberFrom,
    asNewHand: asNewHand, isSpent: isSpent, isFreed: isFreed, confirmFreed: confirmFreed,
    seenWhenChecked: seenWhenChecked,
    nextNumber: nextNumber, formNumber: formNumber, stillKept: stillKept, bodyFields: bodyFields,
    counts: counts, mustQueue: mustQueue, needsKeeper: needsKeeper, sessionQueue: sessionQueue, inLine: inLine,
  };
});
