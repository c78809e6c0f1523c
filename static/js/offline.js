// Installs the service worker (served at /sw.js, templates/offline/sw.js) and tells it which
// pages to keep: the links marked data-offline-keep (the hand form from a board, the open
// boards from the session list) and the current board again whenever it changes; which account
// is signed in on every page. On logout it drops every kept page, so the next person on this
// phone sees none of them.
(function () {
  "use strict";

  if (!("serviceWorker" in navigator) || !window.isSecureContext) return;
  var script = document.documentElement.dataset.serviceWorker;
  if (!script) return;

  function tell(message) {
    navigator.serviceWorker.ready.then(function (registration) {
      if (registration.active) registration.active.postMessage(message);
    });
  }

  function keptLinks() {
    var urls = [];
    document.querySelectorAll("a[data-offline-keep]").forEach(function (link) {
      if (urls.indexOf(link.pathname) === -1) urls.push(link.pathname);
    });
    return urls;
  }

  navigator.serviceWorker.register(script, { scope: "/" }).catch(function () {
    // Without a worker the app still works online; the outbox does not depend on it.
  });

  // The account this page was served to (the tk_account cookie the server keeps; empty when signed
  // out): the worker drops every other account's pages and, where it cannot read cookies itself,
  // answers only this account's pages from its cache.
  function signedIn() {
    var found = document.cookie.split("; ").filter(function (pair) { return pair.indexOf("tk_account=") === 0; })[0];
    return found ? decodeURIComponent(found.slice("tk_account=".length)) : "";
  }

  document.addEventListener("DOMContentLoaded", function () {
    tell({ type: "account", account: signedIn() });
    if (!navigator.onLine) return;
    tell({ type: "keep", urls: keptLinks(), language: document.documentElement.lang });
  });

  document.addEventListener("tk:board-changed", function () {
    tell({ type: "keep", urls: [window.location.pathname].concat(keptLinks()) });
  });

  document.addEventListener("submit", function (event) {
    if (event.defaultPrevented || !event.target.matches("form[data-logout]")) return;
    tell({ type: "forget" });
    if (window.caches) {
      caches.keys().then(function (names) {
        names.filter(function (name) { return name.indexOf("tk-pages-") === 0; }).forEach(function (name) {
          caches.delete(name);
        });
      });
    }
  });
})();
