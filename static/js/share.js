// The share page: copy the board's link, or hand it to the phone's share sheet (Web Share API)
// where the browser has one. Without this script the link is still there to select and copy.
(function () {
  "use strict";
  function say(text) {
    var status = document.querySelector("[data-share-status]");
    if (status) status.textContent = text;
  }
  function copyByHand(url) {
    var field = document.querySelector(".share-url");
    if (!field) return false;
    field.focus();
    field.select();
    try { return document.execCommand("copy"); } catch (error) { return false; }
  }
  document.addEventListener("DOMContentLoaded", function () {
    var copy = document.querySelector("[data-copy]");
    var share = document.querySelector("[data-share]");
    if (copy) {
      copy.hidden = false;
      copy.addEventListener("click", function () {
        var url = copy.getAttribute("data-copy");
        var done = function () { say(copy.getAttribute("data-done")); };
        var failed = function () { say(copyByHand(url) ? copy.getAttribute("data-done") : copy.getAttribute("data-failed")); };
        if (navigator.clipboard && navigator.clipboard.writeText) {
          navigator.clipboard.writeText(url).then(done, failed);
        } else {
          failed();
        }
      });
    }
    var shared = share && { title: share.getAttribute("data-title"), url: share.getAttribute("data-share") };
    // Offered only where the phone has a share sheet that takes a link (canShare, where it exists, says so).
    if (share && typeof navigator.share === "function" && (typeof navigator.canShare !== "function" || navigator.canShare(shared))) {
      share.hidden = false;
      share.addEventListener("click", function () {
        navigator.share(shared).catch(function (error) {
          // Closing the share sheet is an AbortError, not a failure worth a word.
          if (!error || error.name !== "AbortError") say(share.getAttribute("data-failed"));
        });
      });
    }
  });
})();
