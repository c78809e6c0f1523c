// Live boards ([data-live], polled by htmx every few seconds) say when they last heard from the
// server, come back at once when the connection or the screen does, and are not redrawn when
// nothing changed (the same ETag: a 304 the browser answered from its cache), so that an open
// "Undo last hand" stays open. The status line is the `.heard[data-heard-for]` beside the board.
// What it says is decided by what the page heard, never by navigator.onLine alone (a phone on one
// bar of signal or behind a captive portal says it is online while every request fails): a board
// the service worker answered from its kept copy (it marks <html data-kept-copy>, templates/offline/sw.js)
// has not heard from the server since that copy was drawn, so it says "No connection: the board as of"
// the time the server drew it until a poll gets through, and asks at once; a poll that gets no answer at
// all says the same; one the server answered with an error, or not in time, says the server is not answering.
(function () {
  "use strict";

  var OFFLINE = "offline", FAILING = "failing";
  // Every page and fragment the app answers names its offline key in this header (tablekeeper/middleware.py),
  // a captive portal's or a proxy's page does not: that is no answer from the server, and never takes the board's place.
  var APP_HEADER = "X-TableKeeper-Account";
  var heardAt = {}, failing = {}, etags = {};
  // A Save answered with this board in place of the hand form (sessions/detail.html marks the script it
  // brings): the server has just drawn it, whatever the page around it was, a kept copy of the form included.
  var script = document.currentScript;
  var afterSave = Boolean(script && script.hasAttribute("data-after-save"));
  var copy = !afterSave && document.documentElement.hasAttribute("data-kept-copy");

  // Compression turns a strong tag weak (W/"..."); the version it names is the same.
  function tagOf(value) { return value ? value.replace(/^W\//, "") : null; }

  function statusLine(id) { return document.querySelector('.heard[data-heard-for="' + id + '"]'); }

  function render(id) {
    var line = statusLine(id);
    if (!line) return;
    if (!heardAt[id]) heardAt[id] = Date.parse(line.dataset.renderedAt) || Date.now();
    var time = TK.time(heardAt[id]);
    var key = "live.heard";
    if (failing[id]) key = failing[id] === OFFLINE || !navigator.onLine ? "live.offline" : "live.failing";
    line.textContent = TK.say(key, { time: time });
    line.classList.toggle("is-stale", Boolean(failing[id]));
    line.hidden = false;
  }

  function liveElement(event) {
    var elt = TK.requester(event);
    return elt && elt.matches && elt.matches("[data-live]") ? elt : null;
  }

  function refreshAll() {
    document.querySelectorAll("[data-live]").forEach(function (element) { htmx.trigger(element, "refresh-board"); });
  }

  document.addEventListener("htmx:beforeSwap", function (event) {
    var elt = liveElement(event);
    var xhr = event.detail.xhr;
    if (!elt || !xhr) return;
    var etag = tagOf(xhr.getResponseHeader("ETag"));
    if ((etag && etags[elt.id] === etag) || !fromTheApp(xhr)) event.detail.shouldSwap = false;
  });

  function fromTheApp(xhr) { return Boolean(xhr && xhr.getResponseHeader(APP_HEADER) !== null); }

  document.addEventListener("htmx:afterRequest", function (event) {
    var elt = liveElement(event);
    if (!elt) return;
    var id = elt.id, xhr = event.detail.xhr;
    if (event.detail.successful && fromTheApp(xhr)) {
      var etag = tagOf(xhr.getResponseHeader("ETag"));
      var changed = Boolean(etag && etags[id] && etags[id] !== etag);
      var back = Boolean(failing[id]);
      etags[id] = etag || etags[id];
      heardAt[id] = Date.now();
      failing[id] = false;
      // Let the service worker keep the newer board for the next time the network is gone.
      if (changed) document.dispatchEvent(new CustomEvent("tk:board-changed"));
      // The server answers again: hands kept on this phone need not wait out their retry (outbox-queue.js).
      // Said here because no "online" event comes where the browser never thought it was offline.
      if (back) document.dispatchEvent(new CustomEvent("tk:server-back"));
    } else if (event.detail.successful) {
      failing[id] = OFFLINE;
    } else {
      // No answer at all (status 0: the request never reached a server) is no connection; an answer
      // with an error status is the server's. (A timeout, also status 0, is told apart below.)
      failing[id] = xhr && xhr.status ? FAILING : OFFLINE;
    }
    render(id);
  });

  // htmx announces a timeout after the failed request: a server too slow to answer, not a phone without a network.
  document.addEventListener("htmx:timeout", function (event) {
    var elt = liveElement(event);
    if (!elt) return;
    failing[elt.id] = FAILING;
    render(elt.id);
  });

  window.addEventListener("online", refreshAll);
  window.addEventListener("offline", function () {
    Object.keys(heardAt).forEach(function (id) { failing[id] = OFFLINE; render(id); });
  });
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible") refreshAll();
  });
  document.addEventListener("tk:outbox-sent", refreshAll);

  function start() {
    document.querySelectorAll("[data-live]").forEach(function (element) {
      // The page was drawn from this version of the board: the first poll need not redraw it.
      etags[element.id] = tagOf(element.dataset.etag);
      if (copy || !navigator.onLine) failing[element.id] = OFFLINE;
      render(element.id);
    });
    if (copy) {
      // A copy asks the server at once rather than at the next poll: within a moment it is either the
      // server's board again ("Updated") or known to be a copy the network cannot refresh.
      setTimeout(refreshAll, 0);
    } else {
      // Let the service worker keep this board as drawn now (offline.js): after a Save it saw no page load.
      document.dispatchEvent(new CustomEvent("tk:board-changed"));
    }
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
