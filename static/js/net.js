// Every failed request shows itself. A network error, a timeout or an error status on any htmx
// request, or a plain form posted without a network, puts a message and a Retry button in
// #net-status (base.html), so that a tap that did not reach the server never looks like one that
// did. Two kinds of request speak for themselves and are left alone here: live boards
// ([data-live], see live.js) and the requests the outbox took over (new hands kept on the phone,
// see outbox.js), which set detail.tkHandled.
(function () {
  "use strict";

  // Everything that failed since the message went up, by request, so that Retry sends them all
  // (a Save and the preview that failed just after it, say), in the order they were tried.
  var box = null, failures = [];

  function messageFor(event) {
    var detail = event.detail || {};
    if (event.type === "htmx:timeout") return TK.say("net.timeout");
    if (event.type === "htmx:sendError") return TK.say("net.offline");
    var status = detail.xhr ? detail.xhr.status : 0;
    return TK.say(status >= 500 ? "net.server" : "net.refused", { status: status });
  }

  function button(label, onTap, primary) {
    var element = document.createElement("button");
    element.type = "button";
    element.textContent = label;
    if (primary) element.className = "primary";
    element.addEventListener("click", onTap);
    return element;
  }

  function hide() {
    if (box) box.hidden = true;
    failures = [];
  }

  function retry() {
    var again = failures;
    hide();
    again.forEach(function (failure) { failure.again(); });
  }

  function show(message, key, again) {
    box = document.getElementById("net-status");  // a Save's answer brings a new page body
    if (!box) return;
    failures = failures.filter(function (failure) { return failure.key !== key; });
    failures.push({ key: key, again: again });
    var text = document.createElement("p");
    text.textContent = message;
    var actions = document.createElement("div");
    actions.className = "net-actions";
    actions.appendChild(button(TK.say("net.retry"), retry, true));
    actions.appendChild(button(TK.say("net.close"), hide, false));
    box.replaceChildren(text, actions);
    box.hidden = false;
  }

  // The same request again, from the same element, with what the form holds now. If the
  // element is gone (the page changed under it), reloading is the honest retry.
  function againFor(detail) {
    return function () {
      var config = detail.requestConfig || {};
      if (detail.elt && document.body.contains(detail.elt) && config.verb && config.path) {
        htmx.ajax(config.verb.toUpperCase(), config.path, { source: detail.elt });
      } else {
        window.location.reload();
      }
    };
  }

  function failed(event) {
    var detail = event.detail || {};
    if (detail.tkHandled || TK.isLive(TK.requester(event))) return;
    show(messageFor(event), keyOf(detail), againFor(detail));
  }

  ["htmx:sendError", "htmx:timeout", "htmx:responseError"].forEach(function (name) {
    document.addEventListener(name, failed);
  });
  function keyOf(detail) {
    var config = detail.requestConfig || {};
    return [config.verb, config.path, detail.elt && detail.elt.id].join(" ");
  }

  // A request that went through since is no longer a failure; the message goes once none is left.
  // (Only the same request: a preview that worked says nothing about the Save that did not.)
  document.addEventListener("htmx:afterRequest", function (event) {
    var detail = event.detail || {};
    if (!detail.successful || !failures.length || TK.isLive(TK.requester(event))) return;
    var key = keyOf(detail);
    failures = failures.filter(function (failure) { return failure.key !== key; });
    if (!failures.length) hide();
  });

  // A plain form (undo, finish, the keepers page, logging out) posted without a network would
  // leave the app for the browser's own error page; say so here instead and offer to send it again.
  document.addEventListener("submit", function (event) {
    var form = event.target;
    var posting = (form.getAttribute("method") || "").toLowerCase() === "post";
    if (navigator.onLine || event.defaultPrevented || !posting) return;
    event.preventDefault();
    var submitter = event.submitter;
    show(TK.say("net.offline"), "submit " + form.getAttribute("action"), function () {
      if (form.requestSubmit) form.requestSubmit(submitter || undefined);
      else form.submit();
    });
  });
})();
