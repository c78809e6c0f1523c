// The outbox's watch, on every signed-in page: a new hand whose Save cannot reach the server (no
// network, no answer in time, a server error) is handed to the queue (outbox-queue.js), which
// keeps it on the phone and sends it later. The queue and its rules load only when needed: when
// this phone holds kept hands, or the moment one must be kept. Online, most pages never load them.
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
    if (!loading) {
      loading = load(script.dataset.rules).then(function () { return load(script.dataset.queue); }).then(function () {
        return window.TKOutbox;
      });
      loading.catch(function () { loading = null; });
    }
    return loading;
  }

  function keep(form, formData) {
    queue().then(function (outbox) { outbox.save(form, formData); }, function () {
      previewSays(form, TK.say("outbox.cannotKeep"));
    });
  }

  window.TKOutboxWatch = { handForm: handForm, isSave: isSave, isPreview: isPreview, previewSays: previewSays };

  document.addEventListener("htmx:beforeRequest", function (event) {
    var form = handForm();
    if (!form) return;
    if (window.TKOutbox) { window.TKOutbox.beforeRequest(event, form); return; }
    var offline = !navigator.onLine;
    if (isSave(event.detail) && (offline || holdsHands)) {
      event.preventDefault();
      if (form.reportValidity()) keep(form, event.detail.requestConfig.formData);
    } else if (isPreview(event.detail) && offline) {
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

  document.addEventListener("DOMContentLoaded", function () {
    var form = handForm();
    if (form && !navigator.onLine) previewSays(form, TK.say("outbox.noPreview"));
  });

  store.all().then(function (all) {
    holdsHands = fixing || all.some(function (entry) { return entry.account === account; });
    if (holdsHands) queue();
  });
})();
