// Every failed request shows itself. A network error, a timeout or an error status on any htmx
// request puts a message and a Retry button in #net-status (base.html), so that a tap that did
// not reach the server never looks like one that did. Two kinds of request speak for themselves
// and are left alone here: live boards ([data-live], see live.js) and the requests the outbox
// took over (new hands kept on the phone, see outbox.js), which set detail.tkHandled.
(function () {
  "use strict";

  var box = null, lastFailure = null;

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
    lastFailure = null;
  }

  // The same request again, from the same element, with what the form holds now. If the
  // element is gone (the page changed under it), reloading is the honest retry.
  function retry() {
    var failure = lastFailure;
    hide();
    if (!failure) return;
    var config = failure.requestConfig || {};
    if (failure.elt && document.body.contains(failure.elt) && config.verb && config.path) {
      htmx.ajax(config.verb.toUpperCase(), config.path, { source: failure.elt });
    } else {
      window.location.reload();
    }
  }

  function show(event) {
    box = box || document.getElementById("net-status");
    if (!box) return;
    lastFailure = event.detail;
    var text = document.createElement("p");
    text.textContent = messageFor(event);
    var actions = document.createElement("div");
    actions.className = "net-actions";
    actions.appendChild(button(TK.say("net.retry"), retry, true));
    actions.appendChild(button(TK.say("net.close"), hide, false));
    box.replaceChildren(text, actions);
    box.hidden = false;
  }

  function failed(event) {
    var detail = event.detail || {};
    if (detail.tkHandled) return;
    if (detail.elt && detail.elt.closest && detail.elt.closest("[data-live]")) return;
    show(event);
  }

  ["htmx:sendError", "htmx:timeout", "htmx:responseError"].forEach(function (name) {
    document.addEventListener(name, failed);
  });
  // A request that went through since makes an older failure message out of date.
  document.addEventListener("htmx:afterRequest", function (event) {
    var detail = event.detail || {};
    if (detail.successful && lastFailure && !(detail.elt && detail.elt.closest && detail.elt.closest("[data-live]"))) hide();
  });
})();
