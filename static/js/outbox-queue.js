// The outbox's queue: the hands kept on this phone (outbox-store.js), sent one at a time in the
// order they were kept when the connection is back, following outbox-rules.js; and #outbox, the
// list that says how many wait and offers what to do about one the server would not take.
// outbox.js loads it (and the rules) only when this phone holds kept hands or must keep one,
// and hands it the hand form's requests through window.TKOutbox.
(function () {
  "use strict";

  var rules = window.TKOutboxRules, store = window.TKOutboxStore, watch = window.TKOutboxWatch;
  if (!rules || !store || !watch) return;

  var account = document.documentElement.dataset.account;
  var panel = document.getElementById("outbox");
  var panelSession = panel ? panel.dataset.session : undefined;
  var restoring = Number(new URLSearchParams(window.location.search).get("outbox")) || null;
  var channel = window.BroadcastChannel ? new BroadcastChannel("tablekeeper-outbox") : null;
  var known = [];          // this account's kept hands, as last read
  var current = null;      // the id this tab is sending right now
  var keeping = false, busy = false, again = false, timer = null, notice = "", started = false, listOpen = false;
  var noticeAbout = null;  // the kept hand the notice speaks of: it goes once that hand is no longer waiting

  // ---- Reading and announcing -------------------------------------------------------------

  function reload() {
    return store.all().then(function (all) {
      known = all.filter(function (entry) { return entry.account === account; });
      return known;
    });
  }

  function changed() {
    if (channel) channel.postMessage("changed");
    return reload().then(function () { render(); prepareForm(); followServer(); });
  }

  function say(text, about) { notice = text; noticeAbout = about || null; render(); }

  // ---- The hand form (its stable parts are found by outbox.js) ------------------------------

  var newHandForm = watch.handForm, isSave = watch.isSave, isPreview = watch.isPreview, previewSays = watch.previewSays;

  function newToken() {
    if (window.crypto && crypto.randomUUID) return crypto.randomUUID().replace(/-/g, "");
    return String(Date.now()) + Math.random().toString(16).slice(2);
  }

  function showNumber(form, number) {
    if (window.TKForm) TKForm.showNumber(form, number);
    // The page drew the winds and the dealer for the hand it was made for; later hands may have
    // moved the deal. The engine told the page who deals next after each plain result
    // (data-deals), so after kept hands the winds and 庄 are still drawn where that is known; the
    // streaks and the pot are not (the table line stays hidden).
    var unknown = number !== Number(form.dataset.pageNumber);
    form.classList.toggle("board-unknown", unknown);
    var dealer = unknown ? predictedDealer(form, number) : -1;
    form.classList.toggle("winds-known", dealer >= 0);
    if (dealer >= 0 && window.TKForm) TKForm.drawWinds(form, dealer);
  }

  // Who deals hand `number`: the page's tree of next deals, walked by the kept hands before it.
  function predictedDealer(form, number) {
    var tree;
    try { tree = JSON.parse(form.dataset.deals || "null"); } catch (error) { return -1; }
    var page = Number(form.dataset.pageNumber);
    var kept = rules.sessionQueue(known, panelSession).filter(function (entry) {
      return entry.number >= page && entry.number < number;
    }).sort(function (a, b) { return a.number - b.number; });
    if (!tree || kept.length !== number - page) return -1;
    var dealer = -1;
    for (var i = 0; i < kept.length; i += 1) {
      var values = {};
      kept[i].fields.forEach(function (pair) { if (!(pair[0] in values)) values[pair[0]] = pair[1]; });
      var several = Object.keys(values).some(function (name) { return /^extra_winner_/.test(name) && values[name]; });
      var node = !several && tree ? tree[values.winner] : null;
      if (!node) return -1;
      dealer = node.dealer;
      tree = node.then;
    }
    return dealer;
  }

  // The server's table, polled by form.js (keeping/views/next_hand.py), met with the hands kept here: an
  // undo or delete on another phone, or a kept hand found spent, takes the form back to the right
  // number and dealer (rules.formNumber); never forward by itself. A kept hand being fixed keeps
  // its own number.
  function reconcile(form, basis) {
    if (!started || restoring || !basis || !basis.open) return;
    var number = rules.formNumber(known, panelSession, Number(form.elements.expected_number.value), basis.next);
    if (number === null) return;
    TKForm.adopt(form, basis);
    showNumber(form, number);
  }

  function followServer() {
    var form = newHandForm();
    var basis = window.TKForm && TKForm.basis;
    // Only the table this form stands on: a form drawn since (a Save's answer) is newer than it.
    if (started && form && basis && String(basis.version) === form.dataset.version) reconcile(form, basis);
  }

  // After a hand is kept: a blank form for the next one, with a token of its own. Fields marked
  // data-carry (Zhengzhou's side bets) keep what the kept hand had, as the server would carry them.
  function nextHand(form, number) {
    var carried = Array.prototype.map.call(form.querySelectorAll("[data-carry]"), function (field) {
      return [field, field.value];
    });
    form.reset();
    carried.forEach(function (pair) { pair[0].value = pair[1]; });
    form.elements.client_token.value = newToken();
    showNumber(form, number);
    previewSays(form, navigator.onLine ? "" : TK.say("outbox.noPreview"));
  }

  function fieldsOf(formData) {
    var fields = [];
    formData.forEach(function (value, name) {
      if (typeof value === "string" && name !== "csrfmiddlewaretoken") fields.push([name, value]);
    });
    return fields;
  }

  // Who won and how, in a line the queue can show ("Ann won on Bo's discard"); a draw or a void
  // hand by its chip's words.
  function describe(form) {
    var winner = form.querySelector('input[name="winner"]:checked');
    if (!winner) return "";
    var label = winner.labels && winner.labels[0];
    if (!/^[0-3]$/.test(winner.value)) return label ? label.innerText.replace(/\s+/g, " ").trim() : "";
    var who = seatName(form, winner.value);
    var how = form.querySelector('input[name="how"]:checked');
    var parts = how ? how.value.split("-") : ["self_draw"];
    if (parts.length < 2) return TK.say("outbox.selfDraw", { who: who });
    var key = parts[0] === "rob_kong" ? "outbox.robbedKong" : "outbox.onDiscard";
    return TK.say(key, { who: who, from: seatName(form, parts[1]) });
  }

  function seatName(form, seat) {
    var chip = form.querySelector('input[name="winner"][value="' + seat + '"]');
    var name = chip && chip.labels && chip.labels[0] && chip.labels[0].querySelector(".seat-name");
    return name ? name.textContent.trim() : "";
  }

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
    showNumber(form, entry.number);
    say(TK.say("outbox.fixing", { n: entry.number }));
    form.dispatchEvent(new Event("change", { bubbles: true }));
  }

  // The form as this page shows it: the next number after the kept hands, a token no kept hand
  // uses (a kept copy of the page carries a token that may be in the outbox already), or the
  // kept hand being fixed.
  function prepareForm() {
    var form = newHandForm();
    if (!started || !form || form.dataset.outboxReady) return;
    form.dataset.outboxReady = "1";
    if (restoring) {
      var entry = known.filter(function (kept) { return kept.id === restoring; })[0];
      if (entry) { fill(form, entry); return; }
      restoring = null;
    }
    var pageNumber = Number(form.elements.expected_number.value);
    var number = rules.nextNumber(known, panelSession, pageNumber);
    var token = form.elements.client_token.value;
    if (known.some(function (kept) { return kept.token === token; }) || number !== pageNumber) nextHand(form, number);
    if (!navigator.onLine) previewSays(form, TK.say("outbox.noPreview"));
  }

  function keepHand(form, formData) {
    var token = form.elements.client_token.value;
    if (keeping || known.some(function (kept) { return kept.token === token; })) return;
    keeping = true;
    var number = Number(form.elements.expected_number.value);
    var entry = {
      account: account, session: panelSession, fields: fieldsOf(formData),
      url: new URL(form.getAttribute("action"), window.location.href).pathname, send: panel.dataset.send,
      token: token, number: number, queuedAt: Date.now(), state: rules.WAITING, message: "",
      attempts: 0, retryAt: 0, label: describe(form),
    };
    // The form is cleared only once the hand is on disk: a phone that cannot store it keeps
    // the taps on screen and says so.
    store.add(entry).then(function (id) {
      keeping = false;
      entry.id = id;
      known.push(entry);
      nextHand(form, number + 1);
      say(TK.say("outbox.queued", { n: number }), id);
      return changed().then(kick);
    }, function () {
      keeping = false;
      say(TK.say("outbox.cannotKeep"));
    });
  }

  // Save on a kept hand opened in the form: it goes back in the queue, in its place; after a
  // conflict it becomes the next hand the server expects, and the hands behind it follow on.
  function saveFixed(form, formData, id) {
    var entry = known.filter(function (kept) { return kept.id === id; })[0];
    if (!entry) { keepHand(form, formData); return; }
    var renumber = entry.state === rules.CONFLICT && entry.serverNext;
    var writes = renumber ? rules.renumberFrom(known, id, entry.serverNext) : [entry];
    // Its token is spent (the hand was undone or changed on another phone): saved again on
    // purpose, it is a new hand with a token of its own.
    if (rules.isSpent(entry) && entry.serverNext) writes = rules.asNewHand(known, id, entry.serverNext, newToken());
    writes[0] = Object.assign({}, writes[0], {
      fields: fieldsOf(formData), label: describe(form), state: rules.WAITING, message: "", attempts: 0, retryAt: 0,
    });
    store.putMany(writes).then(function () {
      if (channel) channel.postMessage("changed");
      window.location.assign(panel.dataset.board || "/");
    });
  }

  // A Save while offline, or while hands of this session still wait (they go first), is kept;
  // so is Save on a kept hand opened in the form. Called by outbox.js for the form's requests.
  function beforeRequest(event, form) {
    if (isSave(event.detail)) {
      if (!restoring && !rules.mustQueue(known, panelSession, navigator.onLine)) return;
      event.preventDefault();
      if (!form.reportValidity()) return;
      save(form, event.detail.requestConfig.formData);
    } else if (isPreview(event.detail) && !navigator.onLine) {
      event.preventDefault();
      previewSays(form, TK.say("outbox.noPreview"));
    }
  }

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
      return store.put(Object.assign({}, entry, { state: rules.SENDING })).then(changed).then(function () {
        return post(entry);
      }).then(function (answer) {
        var result = rules.outcome(answer);
        var after = rules.afterOutcome(entry, result, Date.now());
        current = null;
        return (after ? store.put(after) : store.remove(entry.id)).then(changed).then(function () {
          var allSent = result.kind === "saved" && !rules.sessionQueue(known, entry.session).length;
          // Another phone had saved this very hand: this copy was not recorded again.
          if (result.same) say(TK.say("outbox.sameHand", { n: result.number }));
          else if (allSent) say(TK.say("outbox.allSent"));
          if (allSent) document.dispatchEvent(new CustomEvent("tk:outbox-sent", { detail: { session: entry.session } }));
          if (result.kind === "retry" || result.kind === "signin") { schedule(known); return null; }
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

  // ---- The list of kept hands (#outbox) ---------------------------------------------------

  function element(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text) node.textContent = text;
    return node;
  }

  function button(label, className, onTap) {
    var node = element("button", className, label);
    node.type = "button";
    node.addEventListener("click", onTap);
    return node;
  }

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

  function remove(id) { store.remove(id).then(changed).then(kick); }

  function sendNow() { store.putMany(rules.retryNow(known)).then(changed).then(kick); }

  function sendAsNext(entry) {
    store.putMany(rules.renumberFrom(known, entry.id, entry.serverNext)).then(changed).then(kick);
  }

  function sendFreed(entry) { store.putMany(rules.confirmFreed(known, entry.id)).then(changed).then(kick); }

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

  // A short summary under the board or above the form ("3 hands not sent yet", Send now), and
  // the hands themselves one tap further, open by itself when one of them needs the keeper.
  function render() {
    if (!panel) return;
    if (noticeAbout !== null && !rules.stillKept(known, noticeAbout)) { notice = ""; noticeAbout = null; }
    var entries = panelSession
      ? rules.sessionQueue(known, panelSession)
      : known.slice().sort(function (a, b) { return a.id - b.id; });
    entries = entries.filter(function (entry) { return entry.id !== restoring; });
    if (!entries.length && !notice) { panel.hidden = true; panel.replaceChildren(); return; }
    // Only good news (all sent): said calmly, not in the box that asks for attention.
    panel.classList.toggle("calm", !entries.length);
    var parts = [];
    if (notice) {
      var said = element("p", "outbox-notice", notice);
      said.setAttribute("role", "status");
      parts.push(said);
    }
    if (entries.length) {
      var counts = rules.counts(entries);
      var summary = element("p", "outbox-summary");
      summary.appendChild(element("b", "", TK.count("outbox.pending", counts.pending)));
      if (counts.attention) {
        summary.appendChild(element("span", "attention", TK.count("outbox.attention", counts.attention)));
      }
      if (navigator.onLine && counts.pending > counts.attention) {
        summary.appendChild(button(TK.say("outbox.sendNow"), "", sendNow));
      }
      parts.push(summary);
      if (panel.dataset.place === "board") parts.push(element("p", "hint", TK.say("outbox.notIncluded")));
      if (entries.some(function (entry) { return entry.message === "signin"; })) {
        parts.push(element("p", "problem", TK.say("outbox.signin")));
      }
      var details = element("details", "outbox-details");
      details.open = listOpen || counts.attention > 0;
      details.addEventListener("toggle", function () { listOpen = details.open; });
      details.appendChild(element("summary", "", TK.say("outbox.see")));
      var list = element("ol", "outbox-list");
      entries.forEach(function (entry) { list.appendChild(item(entry)); });
      details.appendChild(list);
      parts.push(details);
    }
    panel.replaceChildren.apply(panel, parts);
    panel.hidden = false;
  }

  // ---- Starting up ------------------------------------------------------------------------

  document.addEventListener("submit", function (event) {
    if (!event.target.matches || !event.target.matches("form[data-logout]") || !known.length) return;
    if (!window.confirm(TK.say("outbox.logout", { n: known.length }))) event.preventDefault();
  }, true);

  window.addEventListener("online", function () { render(); kick(); });
  window.addEventListener("offline", render);
  if (channel) channel.onmessage = function () { reload().then(render); };

  document.addEventListener("htmx:load", function () {
    // A Save answered with the board, which took the whole page's place: its #outbox is a new one.
    var now = document.getElementById("outbox");
    if (now && now !== panel) {
      panel = now;
      panelSession = panel.dataset.session;
      notice = "";
      render();
    }
    prepareForm();
  });

  // A Save outbox.js took before this file was loaded: kept, or put back in place when fixing.
  function save(form, formData) {
    if (restoring) saveFixed(form, formData, restoring);
    else keepHand(form, formData);
  }

  window.TKOutbox = { save: save, beforeRequest: beforeRequest, reconcile: reconcile };

  reload().then(function () {
    started = true;
    prepareForm();
    render();
    kick();
    followServer();
  });
})();
