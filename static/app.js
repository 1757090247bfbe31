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
