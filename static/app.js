// Club Ladder's only script besides htmx: no inline scripts (CSP), so wiring lives here.
(function () {
  "use strict";
  // Send the CSRF token from the <meta> tag with every htmx request (DESIGN.md pitfalls).
  document.body.addEventListener("htmx:configRequest", function (event) {
    var meta = document.querySelector('meta[name="csrf-token"]');
    if (meta) {
      event.detail.headers["X-CSRFToken"] = meta.getAttribute("content");
    }
  });
})();

// The reason of a "did not count" mark shows on hover and focus (guide.css, no script needed);
// Escape hides it again without moving focus (WCAG 1.4.13), until the mark is left.
(function () {
  "use strict";
  document.addEventListener("keydown", function (event) {
    if (event.key !== "Escape" || !document.activeElement) { return; }
    var mark = document.activeElement.closest(".nc");
    if (mark) { mark.classList.add("nc-dismissed"); }
  });
  document.addEventListener("focusout", function (event) {
    var mark = event.target.closest && event.target.closest(".nc");
    if (mark) { mark.classList.remove("nc-dismissed"); }
  });
})();
