// The outbox's queue: the hands kept on this phone (outbox-store.js) and #outbox, which says how
// many wait. It takes a Save that cannot reach the server, keeps it, and draws the form for the
// next hand; it needs nothing from the network to do so, so the new hand's form brings it with the
// page (includes/outbox_scripts.html), whatever answers for the page. Sending the kept hands and
// listing them for the keeper (outbox-send.js) needs the network anyway: it is loaded once this
// phone holds kept hands. Elsewhere outbox.js loads this queue (and the rules) only when this phone
// holds kept hands. outbox.js hands it the hand form's requests through window.TKOutbox.
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
  var keeping = false, notice = "", started = false;
  var sender = null, loadingSender = null;  // outbox-send.js, once loaded
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
    previewSays(form, watch.offline() ? TK.say("outbox.noPreview") : "");
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

  // The form as this page shows it: the next number after the kept hands, a token no kept hand
  // uses (a kept copy of the page carries a token that may be in the outbox already), or the
  // kept hand being fixed.
  function prepareForm() {
    var form = newHandForm();
    if (!started || !form || form.dataset.outboxReady) return;
    form.dataset.outboxReady = "1";
    if (restoring) {
      var entry = known.filter(function (kept) { return kept.id === restoring; })[0];
      if (entry) { loadSender().then(function (loaded) { loaded.fill(form, entry); }, cannotLoad(form)); return; }
      restoring = null;
    }
    var pageNumber = Number(form.elements.expected_number.value);
    var number = rules.nextNumber(known, panelSession, pageNumber);
    var token = form.elements.client_token.value;
    if (known.some(function (kept) { return kept.token === token; }) || number !== pageNumber) nextHand(form, number);
    if (watch.offline()) previewSays(form, TK.say("outbox.noPreview"));
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

  // ---- Sending (outbox-send.js) -----------------------------------------------------------

  // The sender, loaded once there are kept hands to send or to list: from the worker's cache, or
  // from the network once it is back (a page no worker answers for); until then the panel says how
  // many wait, and the next kept hand, the connection coming back or the server heard again asks again.
  function loadSender() {
    if (sender) return Promise.resolve(sender);
    if (!loadingSender) {
      loadingSender = (window.TKOutboxSender ? Promise.resolve() : watch.load(watch.script.dataset.sender)).then(function () {
        sender = window.TKOutboxSender({
          rules: rules, store: store, account: account, known: function () { return known; },
          changed: changed, say: say, element: element, button: button,
          showNumber: showNumber, fieldsOf: fieldsOf, describe: describe, newToken: newToken, keepHand: keepHand,
          announce: function () { if (channel) channel.postMessage("changed"); },
          board: function () { return panel.dataset.board || "/"; },
        });
        render();
        return sender;
      });
      loadingSender.catch(function () { loadingSender = null; });
    }
    return loadingSender;
  }

  var senderWait = 0, senderTimer = null;

  function kick() {
    if (!known.length && !sender) return;
    loadSender().then(function (loaded) { senderWait = 0; loaded.kick(); }, function () {
      // Not loaded (no network, and no worker to answer for it): asked again a little later, less and less often,
      // besides when the browser or a poll (tk:server-back) says the network is back.
      if (senderTimer || !navigator.onLine) return;
      senderWait = Math.min(60000, Math.max(2500, senderWait * 2));
      senderTimer = setTimeout(function () { senderTimer = null; kick(); }, senderWait);
    });
  }

  // ---- The panel (#outbox) ----------------------------------------------------------------

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

  function sendNow() { store.putMany(rules.retryNow(known)).then(changed).then(kick); }

  // A short summary under the board or above the form ("3 hands not sent yet", Send now), and
  // the hands themselves one tap further (outbox-send.js), open by itself when one needs the keeper.
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
      if (sender) parts.push(sender.list(entries, counts.attention));
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
  // A board heard from the server again (live.js): the kept hands need not wait out their retry. No "online"
  // event comes where the browser never thought it was offline (one bar of signal, a captive portal).
  document.addEventListener("tk:server-back", function () { if (known.length) sendNow(); });
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

  // A Save outbox.js took before this file was loaded: kept, or put back in place when fixing (outbox-send.js: a
  // hand is fixed after the server answered about it).
  function save(form, formData) {
    if (!restoring) { keepHand(form, formData); return; }
    loadSender().then(function (loaded) { loaded.saveFixed(form, formData, restoring); }, cannotLoad(form));
  }

  function cannotLoad(form) { return function () { previewSays(form, TK.say("outbox.cannotLoad")); }; }

  window.TKOutbox = { save: save, beforeRequest: beforeRequest, reconcile: reconcile };

  reload().then(function () {
    started = true;
    prepareForm();
    render();
    kick();
    followServer();
  });
})();
