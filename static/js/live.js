// Live boards ([data-live], polled by htmx every few seconds) say when they last heard from the
// server, come back at once when the connection or the screen does, and are not redrawn when
// nothing changed (the same ETag: a 304 the browser answered from its cache), so that an open
// "Undo last hand" stays open. The status line is the `.heard[data-heard-for]` beside the board.
(function () {
  "use strict";

  var heardAt = {}, failing = {}, etags = {};

  // Compression turns a strong tag weak (W/"..."); the version it names is the same.
  function tagOf(value) { return value ? value.replace(/^W\//, "") : null; }

  function statusLine(id) { return document.querySelector('.heard[data-heard-for="' + id + '"]'); }

  function render(id) {
    var line = statusLine(id);
    if (!line) return;
    if (!heardAt[id]) heardAt[id] = Date.parse(line.dataset.renderedAt) || Date.now();
    var time = TK.time(heardAt[id]);
    var key = !failing[id] ? "live.heard" : (navigator.onLine ? "live.failing" : "live.offline");
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
    if (etag && etags[elt.id] === etag) event.detail.shouldSwap = false;
  });

  document.addEventListener("htmx:afterRequest", function (event) {
    var elt = liveElement(event);
    if (!elt) return;
    var id = elt.id;
    if (event.detail.successful) {
      var etag = tagOf(event.detail.xhr.getResponseHeader("ETag"));
      var changed = Boolean(etag && etags[id] && etags[id] !== etag);
      etags[id] = etag || etags[id];
      heardAt[id] = Date.now();
      failing[id] = false;
      // Let the service worker keep the newer board for the next time the network is gone.
      if (changed) document.dispatchEvent(new CustomEvent("tk:board-changed"));
    } else {
      failing[id] = true;
    }
    render(id);
  });

  window.addEventListener("online", refreshAll);
  window.addEventListener("offline", function () {
    Object.keys(heardAt).forEach(function (id) { failing[id] = true; render(id); });
  });
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible") refreshAll();
  });
  document.addEventListener("tk:outbox-sent", refreshAll);

  function start() {
    document.querySelectorAll("[data-live]").forEach(function (element) {
      // The page was drawn from this version of the board: the first poll need not redraw it.
      etags[element.id] = tagOf(element.dataset.etag);
      if (!navigator.onLine) failing[element.id] = true;
      render(element.id);
    });
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    // Run after the page loaded: a Save answered with this board in place of the hand form. The
    // service worker saw no page load, so it is told to keep this board (offline.js).
    start();
    document.dispatchEvent(new CustomEvent("tk:board-changed"));
  }
})();
