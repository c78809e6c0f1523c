// The words the page's scripts show, from the page itself (templatetags/client_text.py), and
// times in the page's language. Shared by net.js, live.js and outbox.js.
window.TK = (function () {
  "use strict";
  var words = null;

  function say(key, values) {
    if (!words) {
      var data = document.getElementById("tk-text");
      try { words = data ? JSON.parse(data.textContent) : {}; } catch (error) { words = {}; }
    }
    var text = words[key] || key;
    Object.keys(values || {}).forEach(function (name) { text = text.split("{" + name + "}").join(values[name]); });
    return text;
  }

  // "one" or "other" as the language counts (Chinese has one form, English two).
  function count(key, n) {
    var rules = window.Intl && Intl.PluralRules ? new Intl.PluralRules(language()) : null;
    var form = rules ? rules.select(n) : (n === 1 ? "one" : "other");
    return say(key + "." + (form === "one" ? "one" : "other"), { n: n });
  }

  function language() { return document.documentElement.lang || "en"; }

  function time(ms) {
    return new Date(ms).toLocaleTimeString(language(), { hour: "2-digit", minute: "2-digit", second: "2-digit" });
  }

  // The element whose htmx request an event is about. After an outerHTML swap that element has
  // left the page, so htmx announces the end of its request on a parent instead; requestConfig
  // still names the element that asked.
  function requester(event) {
    var detail = (event && event.detail) || {};
    return (detail.requestConfig && detail.requestConfig.elt) || detail.elt || null;
  }

  function isLive(element) { return Boolean(element && element.closest && element.closest("[data-live]")); }

  return { say: say, count: count, time: time, requester: requester, isLive: isLive };
})();

// Keeps the hand form honest while tapping: a winner cannot be their own discarder, and a
// pattern whose methods exclude the chosen method is disabled. The server checks both again.
(function () {
  "use strict";

  function sync(form) {
    var winner = form.querySelector('input[name="winner"]:checked');
    var how = form.querySelector('input[name="how"]:checked');
    var winnerSeat = winner ? winner.value : "";
    form.querySelectorAll('input[name="how"][data-seat]').forEach(function (input) {
      input.disabled = input.dataset.seat === winnerSeat;
      if (input.disabled) input.checked = false;
    });
    how = form.querySelector('input[name="how"]:checked');
    var method = how ? how.value.split("-")[0] : "";
    var source = how ? (how.value.split("-")[1] || "") : "";
    // A further winner is neither the first winner nor the player whose tile they all won on.
    var shared = method === "discard" || method === "rob_kong";
    form.querySelectorAll('.extra-winner input[data-seat]').forEach(function (input) {
      input.disabled = input.dataset.seat === winnerSeat || input.dataset.seat === source;
      if (input.disabled || !shared) input.checked = false;
    });
    form.querySelectorAll('input[name^="patterns"][data-methods], input[name^="extra_patterns"][data-methods]').forEach(function (input) {
      var methods = input.dataset.methods.split(" ");
      input.disabled = method !== "" && methods.indexOf(method) === -1;
      if (input.disabled) input.checked = false;
    });
  }

  function setUp(root) {
    var form = root.querySelector ? root.querySelector("#hand-form") : null;
    if (!form && root.id === "hand-form") form = root;
    if (!form || form.dataset.ready) return;
    form.dataset.ready = "1";
    form.addEventListener("change", function () { sync(form); });
    // A reset (the outbox clears the form for the next hand) re-enables what the taps disabled.
    form.addEventListener("reset", function () { setTimeout(function () { sync(form); }, 0); });
    sync(form);
  }

  document.addEventListener("DOMContentLoaded", function () { setUp(document); });
  document.addEventListener("htmx:load", function (event) { setUp(event.target); });

  // Keep the screen on while a session is open, where the browser allows it.
  if ("wakeLock" in navigator && document.querySelector) {
    var lock = null;
    var request = function () {
      if (document.visibilityState === "visible" && document.querySelector("#board, #hand-form")) {
        navigator.wakeLock.request("screen").then(function (l) { lock = l; }).catch(function () {});
      }
    };
    document.addEventListener("DOMContentLoaded", request);
    document.addEventListener("visibilitychange", request);
  }
})();
