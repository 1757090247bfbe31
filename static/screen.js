// The venue screen (docs/club-night.md §6): when the pairings and the standings do not fit on
// the screen together, they take turns (body.cycling: one part at a time, each for
// data-turn-seconds), and a part longer than the screen is shown a screenful at a time. The
// turn survives each refresh of the live part (htmx swaps it; the state is kept here).
(function () {
  "use strict";
  var turn = 0; // which part is on
  var page = 0; // which screenful of it
  function parts() { return document.querySelectorAll("#screen-live .screen-part"); }
  function layout() {
    var live = document.getElementById("screen-live");
    var all = parts();
    if (!live || !all.length) { return; }
    document.body.classList.remove("cycling");
    for (var i = 0; i < all.length; i++) {
      all[i].classList.remove("on");
      var body = all[i].querySelector(".screen-body");
      if (body) { body.scrollTop = 0; }
    }
    if (live.scrollHeight <= window.innerHeight + 1) { turn = 0; page = 0; return; }
    document.body.classList.add("cycling");
    turn = turn % all.length;
    var on = all[turn];
    on.classList.add("on");
    var shown = on.querySelector(".screen-body");
    if (shown) {
      var pages = Math.max(1, Math.ceil(shown.scrollHeight / Math.max(1, shown.clientHeight)));
      page = page % pages;
      shown.scrollTop = page * shown.clientHeight;
    }
  }
  function next() {
    var all = parts();
    if (!document.body.classList.contains("cycling") || !all.length) { return; }
    var shown = all[turn % all.length].querySelector(".screen-body");
    var pages = shown ? Math.ceil(shown.scrollHeight / Math.max(1, shown.clientHeight)) : 1;
    page += 1;
    if (page >= pages) { page = 0; turn = (turn + 1) % all.length; }
    layout();
  }
  document.addEventListener("DOMContentLoaded", function () {
    layout();
    var seconds = parseInt(document.body.getAttribute("data-turn-seconds"), 10) || 12;
    setInterval(next, seconds * 1000);
  });
  document.body.addEventListener("htmx:afterSettle", layout);
  window.addEventListener("resize", layout);
})();
