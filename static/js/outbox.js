// The outbox's watch, on every signed-in page: a new hand whose Save cannot reach the server (no
// network, no answer in time, a server error) is handed to the queue (outbox-queue.js), which
// keeps it on the phone and sends it later. The new hand's form brings the queue and its rules
// with the page (includes/outbox_scripts.html), so a Save kept offline needs nothing fetched: a
// page no service worker answers for (a browser without one, a private tab, a first visit) cannot
// fetch them once the network is gone. Other pages load them only when this phone holds kept hands.
//
// The hand form is found only by its stable parts: the form #hand-form, its client_token and
// expected_number fields, its Save button ([name=action][value=save]), the preview target named
// by the form's hx-target, and an optional [data-next-hand] heading. A form with a based_on field
// corrects a saved hand; those are never kept (a correction needs the server's current hand).
(function () {
  "use strict";

  var store = window.TKOutboxStore, script = document.currentScript;
  if (!store || !window.indexedDB || !script) return;
  var account = document.documentElement.dataset.account;
  // A kept hand opened in the form (?outbox=<id>) is saved back into the queue, never sent.
  var fixing = new URLSearchParams(window.location.search).has("outbox");
  var holdsHands = fixing, loading = null;
  // The server did not answer the form's last request (or this page is the worker's kept copy, which it marks:
  // templates/offline/sw.js). navigator.onLine alone cannot say so: it stays true on one bar of signal.
  var unheard = document.documentElement.hasAttribute("data-kept-copy");

  function offline() { return !navigator.onLine || unheard; }

  function handForm() {
    var form = document.getElementById("hand-form");
    var place = document.getElementById("outbox");
    if (!form || form.tagName !== "FORM" || !place || !place.dataset.session) return null;
    var fields = form.elements;
    if (!fields.client_token || !fields.expected_number || fields.based_on) return null;
    if (!form.dataset.pageNumber) form.dataset.pageNumber = fields.expected_number.value;
    return form;
  }

  function isSave(detail) {
    var elt = detail && detail.elt;
    return Boolean(elt && elt.matches && elt.matches('#hand-form [name="action"][value="save"]'));
  }

  function isPreview(detail) { return Boolean(detail && detail.elt && detail.elt.id === "hand-form"); }

  function previewSays(form, text) {
    var target = form.getAttribute("hx-target");
    var preview = target ? document.querySelector(target) : null;
    if (!preview) return;
    var line = document.createElement("p");
    line.className = "hint offline-note";
    line.textContent = text;
    preview.replaceChildren(line);
  }

  function load(src) {
    return new Promise(function (resolve, reject) {
      var element = document.createElement("script");
      element.src = src;
      element.onload = resolve;
      element.onerror = reject;
      document.head.appendChild(element);
    });
  }

  function queue() {
    if (window.TKOutbox) return Promise.resolve(window.TKOutbox);
    if (!loading) {
      loading = (window.TKOutboxRules ? Promise.resolve() : load(script.dataset.rules)).then(function () {
        return load(script.dataset.queue);
      }).then(function () {
        if (!window.TKOutbox) throw new Error("the outbox's queue did not start");
        return window.TKOutbox;
      });
      loading.catch(function () { loading = null; });
    }
    return loading;
  }

  // The queue is missing only where its scripts could not be fetched: the network is gone and nothing
  // was kept. Said as such, not as full storage; the taps stay in the form for a Save once it is back.
  function keep(form, formData) {
    queue().then(function (outbox) { outbox.save(form, formData); }, function () {
      previewSays(form, TK.say("outbox.cannotLoad"));
    });
  }

  window.TKOutboxWatch = {
    handForm: handForm, isSave: isSave, isPreview: isPreview, previewSays: previewSays, load: load, script: script,
    offline: offline,
  };

  document.addEventListener("htmx:beforeRequest", function (event) {
    var form = handForm();
    if (!form) return;
    if (window.TKOutbox) { window.TKOutbox.beforeRequest(event, form); return; }
    // The browser knows it has no network: nothing is tried (a Save is kept, the preview explained).
    var noNetwork = !navigator.onLine;
    if (isSave(event.detail) && (noNetwork || holdsHands)) {
      event.preventDefault();
      if (form.reportValidity()) keep(form, event.detail.requestConfig.formData);
    } else if (isPreview(event.detail) && noNetwork) {
      event.preventDefault();
      previewSays(form, TK.say("outbox.noPreview"));
    }
  }, true);

  // A Save that did not reach the server is kept; a preview that did not is explained where the
  // preview would be. (net.js shows every other failure; detail.tkHandled tells it to stand back.)
  function requestFailed(event) {
    var form = handForm(), detail = event.detail || {};
    if (!form) return;
    var serverError = event.type === "htmx:responseError";
    if (serverError && (!detail.xhr || detail.xhr.status < 500)) return;
    if (!serverError) unheard = true;
    if (isSave(detail)) {
      detail.tkHandled = true;
      keep(form, detail.requestConfig.formData);
    } else if (isPreview(detail) && !serverError) {
      detail.tkHandled = true;
      previewSays(form, TK.say("outbox.noPreview"));
    }
  }
  ["htmx:sendError", "htmx:timeout", "htmx:responseError"].forEach(function (name) {
    document.addEventListener(name, requestFailed, true);
  });

  document.addEventListener("htmx:afterRequest", function (event) {
    if (event.detail && event.detail.successful) unheard = false;
  });
  document.addEventListener("tk:server-back", function () { unheard = false; });

  document.addEventListener("DOMContentLoaded", function () {
    var form = handForm();
    if (form && offline()) previewSays(form, TK.say("outbox.noPreview"));
  });

  store.all().then(function (all) {
    holdsHands = fixing || all.some(function (entry) { return entry.account === account; });
    if (holdsHands) queue();
  });
})();
