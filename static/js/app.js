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
