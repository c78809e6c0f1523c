// The hand form's small helpers: − and + beside a number (a side bet, a penalty's count, flowers),
// and the form's bottom padding kept equal to the fixed preview bar's height, so that nothing of
// the form is hidden behind the bar.
(function () {
  "use strict";

  function step(button) {
    var input = button.parentNode.querySelector("input");
    if (!input) return;
    var value = Number(input.value || 0) + Number(button.dataset.step);
    var min = input.min === "" ? -Infinity : Number(input.min), max = input.max === "" ? Infinity : Number(input.max);
    input.value = String(Math.min(max, Math.max(min, value)));
    input.dispatchEvent(new Event("change", { bubbles: true }));
  }

  var watching = null;

  function padForBar(form) {
    var bar = form.querySelector(".save-bar");
    if (!bar || !window.ResizeObserver) return;
    if (watching) watching.disconnect();
    watching = new ResizeObserver(function () {
      // On the root, not the form: htmx copies a swapped element's attributes (a style attribute
      // would break the CSP), and the bar's height outlives one form.
      document.documentElement.style.setProperty("--bar-height", Math.ceil(bar.getBoundingClientRect().height + 16) + "px");
    });
    watching.observe(bar);
  }

  function setUp(root) {
    var scope = root.querySelectorAll ? root : document;
    scope.querySelectorAll(".stepper .step").forEach(function (button) { button.hidden = false; });
    var form = document.getElementById("hand-form");
    if (form && (scope === document || scope === form || scope.contains(form))) padForBar(form);
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest(".stepper .step");
    if (button) step(button);
  });
  document.addEventListener("DOMContentLoaded", function () { setUp(document); });
  document.addEventListener("htmx:load", function (event) { setUp(event.target); });
})();
