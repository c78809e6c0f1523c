// The outbox's sender: sends the hands kept on this phone one at a time, in the order they were
// kept, following outbox-rules.js; lists them for the keeper (what each waits for, what to do about
// one the server would not take); and puts a kept hand opened in the form to be fixed back in its
// place. outbox-queue.js, which keeps the hands, loads it once this phone holds kept hands: what is
// here is done once the network is back or the server has answered, so it is not part of the hand
// form's first load, and where no service worker keeps it it is fetched when the network is back.
(function () {
  "use strict";

  // `queue`: what outbox-queue.js shares: {rules, store, account, known(), changed(), say(text), element, button,
  // showNumber, fieldsOf, describe, newToken, keepHand, announce(), board()}.
  window.TKOutboxSender = function (queue) {
    var rules = queue.rules, store = queue.store, account = queue.account;
    var element = queue.element, button = queue.button;
    var current = null;      // the id this tab is sending right now
    var busy = false, again = false, timer = null, listOpen = false;

    // ---- Sending ----------------------------------------------------------------------------

    function csrfToken() {
      try {
        return JSON.parse(document.body.getAttribute("hx-headers") || "{}")["x-csrftoken"] || "";
      } catch (error) {
        return "";
      }
    }

    function post(entry) {
      var body = new URLSearchParams();
      var token = csrfToken();
      rules.bodyFields(entry, token).forEach(function (pair) { body.append(pair[0], pair[1]); });
      var controller = window.AbortController ? new AbortController() : null;
      var timeout = setTimeout(function () { if (controller) controller.abort(); }, 15000);
      // The outbox's own address; a hand kept before it had one goes to its form's, which forwards it.
      return fetch(entry.send || entry.url, {
        method: "POST", body: body, credentials: "same-origin", redirect: "manual",
        headers: { "Accept": "application/json", "X-CSRFToken": token },
        signal: controller ? controller.signal : undefined,
      }).then(function (response) {
        clearTimeout(timeout);
        if (response.type === "opaqueredirect") return { redirected: true, status: 0 };
        var json = (response.headers.get("Content-Type") || "").indexOf("application/json") === 0;
        return (json ? response.json().catch(function () { return null; }) : Promise.resolve(null)).then(function (data) {
          return { status: response.status, body: data };
        });
      }, function () {
        clearTimeout(timeout);
        return { network: true };
      });
    }

    function schedule(entries) {
      if (timer) clearTimeout(timer);
      timer = null;
      var wait = rules.nextWake(entries, Date.now());
      if (wait !== null && navigator.onLine) timer = setTimeout(kick, Math.max(wait, 250));
    }

    function drain() {
      return store.all().then(function (all) {
        // Under the lock nothing else is sending, so a hand left "sending" was cut off mid-way.
        var entries = rules.recover(all.filter(function (entry) { return entry.account === account; }));
        var entry = navigator.onLine ? rules.nextToSend(entries, Date.now()) : null;
        if (!entry) { schedule(entries); return null; }
        current = entry.id;
        return store.put(Object.assign({}, entry, { state: rules.SENDING })).then(queue.changed).then(function () {
          return post(entry);
        }).then(function (answer) {
          var result = rules.outcome(answer);
          var after = rules.afterOutcome(entry, result, Date.now());
          current = null;
          return (after ? store.put(after) : store.remove(entry.id)).then(queue.changed).then(function () {
            var allSent = result.kind === "saved" && !rules.sessionQueue(queue.known(), entry.session).length;
            // Another phone had saved this very hand: this copy was not recorded again.
            if (result.same) queue.say(TK.say("outbox.sameHand", { n: result.number }));
            else if (allSent) queue.say(TK.say("outbox.allSent"));
            if (allSent) document.dispatchEvent(new CustomEvent("tk:outbox-sent", { detail: { session: entry.session } }));
            if (result.kind === "retry" || result.kind === "signin") { schedule(queue.known()); return null; }
            return drain();
          });
        });
      });
    }

    function kick() {
      if (busy) { again = true; return; }
      busy = true;
      var work = navigator.locks
        ? navigator.locks.request("tablekeeper-outbox", { ifAvailable: true }, function (lock) {
          return lock ? drain() : null;
        })
        : drain();
      Promise.resolve(work).catch(function () {}).then(function () {
        busy = false;
        current = null;
        if (again) { again = false; kick(); }
      });
    }

    // ---- The list of kept hands -------------------------------------------------------------

    function stateText(entry) {
      if (entry.id === current || entry.state === rules.SENDING) return TK.say("outbox.sending");
      if (rules.isSpent(entry)) return TK.say("outbox.spent");
      if (rules.isFreed(entry)) return TK.say("outbox.freed", { n: entry.number });
      if (entry.state === rules.CONFLICT) return TK.say("outbox.conflict");
      if (entry.state === rules.REFUSED) return TK.say("outbox.refused");
      if (entry.retryAt > Date.now()) return TK.say("outbox.retryAt", { time: TK.time(entry.retryAt) });
      return TK.say("outbox.waiting");
    }

    function problemText(entry) {
      if (entry.reason === "gone") return TK.say("outbox.gone");
      if (entry.reason === "unexpected") return TK.say("outbox.unexpected", { status: entry.status });
      return entry.message;
    }

    function remove(id) { store.remove(id).then(queue.changed).then(kick); }

    function sendAsNext(entry) {
      store.putMany(rules.renumberFrom(queue.known(), entry.id, entry.serverNext)).then(queue.changed).then(kick);
    }

    function sendFreed(entry) {
      store.putMany(rules.confirmFreed(queue.known(), entry.id)).then(queue.changed).then(kick);
    }

    function deleteControl(entry) {
      var confirm = element("details", "confirm");
      confirm.appendChild(element("summary", "button", TK.say("outbox.delete")));
      confirm.appendChild(button(TK.say("outbox.confirmDelete"), "danger wide", function () { remove(entry.id); }));
      return confirm;
    }

    function item(entry) {
      var row = element("li", "outbox-entry state-" + entry.state);
      row.dataset.entry = String(entry.id);
      var what = [
        TK.say("outbox.hand", { n: entry.number }), entry.label,
        TK.say("outbox.queuedAt", { time: TK.time(entry.queuedAt) }),
      ];
      row.appendChild(element("p", "what", what.filter(Boolean).join(" · ")));
      row.appendChild(element("p", "state", stateText(entry)));
      if (rules.needsKeeper(entry)) {
        var problem = problemText(entry);
        if (problem) row.appendChild(element("p", "problem", problem));
        var actions = element("div", "actions");
        if (rules.isSpent(entry)) row.appendChild(element("p", "hint", TK.say("outbox.spentHint")));
        if (rules.isFreed(entry)) {
          // Another phone saved this number and undid it while this hand waited: the keeper decides.
          row.appendChild(element("p", "hint", TK.say("outbox.freedHint")));
          actions.appendChild(button(TK.say("outbox.sendFreed", { n: entry.number }), "primary", function () {
            sendFreed(entry);
          }));
        } else if (entry.state === rules.CONFLICT && entry.serverNext && !rules.isSpent(entry)) {
          actions.appendChild(button(TK.say("outbox.sendAsNext", { n: entry.serverNext }), "primary", function () {
            sendAsNext(entry);
          }));
        }
        if (entry.reason !== "gone") {
          var open = element("a", "button", TK.say("outbox.open"));
          open.href = entry.url + "?outbox=" + entry.id;
          actions.appendChild(open);
        }
        row.appendChild(actions);
      }
      // Any kept hand can be thrown away, but only on purpose: a second, explicit tap.
      if (entry.id !== current && entry.state !== rules.SENDING) row.appendChild(deleteControl(entry));
      return row;
    }

    // The hands themselves, one tap under the summary; open by itself when one of them needs the keeper.
    function list(entries, attention) {
      var details = element("details", "outbox-details");
      details.open = listOpen || attention > 0;
      details.addEventListener("toggle", function () { listOpen = details.open; });
      details.appendChild(element("summary", "", TK.say("outbox.see")));
      var items = element("ol", "outbox-list");
      entries.forEach(function (entry) { items.appendChild(item(entry)); });
      details.appendChild(items);
      return details;
    }

    // ---- A kept hand opened in the form to be fixed (?outbox=<id>) ----------------------------

    function fill(form, entry) {
      var values = {};
      entry.fields.forEach(function (pair) { (values[pair[0]] = values[pair[0]] || []).push(pair[1]); });
      Array.prototype.forEach.call(form.elements, function (input) {
        if (!input.name || input.type === "hidden" || input.tagName === "BUTTON") return;
        var mine = values[input.name] || [];
        if (input.type === "radio" || input.type === "checkbox") input.checked = mine.indexOf(input.value) !== -1;
        else input.value = mine.length ? mine[0] : "";
      });
      form.elements.client_token.value = entry.token;
      queue.showNumber(form, entry.number);
      queue.say(TK.say("outbox.fixing", { n: entry.number }));
      form.dispatchEvent(new Event("change", { bubbles: true }));
    }

    // Save on a kept hand opened in the form: it goes back in the queue, in its place; after a
    // conflict it becomes the next hand the server expects, and the hands behind it follow on.
    function saveFixed(form, formData, id) {
      var known = queue.known();
      var entry = known.filter(function (kept) { return kept.id === id; })[0];
      if (!entry) { queue.keepHand(form, formData); return; }
      var renumber = entry.state === rules.CONFLICT && entry.serverNext;
      var writes = renumber ? rules.renumberFrom(known, id, entry.serverNext) : [entry];
      // Its token is spent (the hand was undone or changed on another phone): saved again on
      // purpose, it is a new hand with a token of its own.
      if (rules.isSpent(entry) && entry.serverNext) writes = rules.asNewHand(known, id, entry.serverNext, queue.newToken());
      // The keeper saw the server's answer about it: the undo that answer named does not stop it again.
      var fields = rules.seenWhenChecked(queue.fieldsOf(formData), entry.checked);
      writes[0] = Object.assign({}, writes[0], {
        fields: fields, label: queue.describe(form), state: rules.WAITING, message: "", attempts: 0, retryAt: 0,
        checked: null,
      });
      store.putMany(writes).then(function () {
        queue.announce();
        window.location.assign(queue.board());
      });
    }

    return { kick: kick, list: list, fill: fill, saveFixed: saveFixed };
  };
})();
