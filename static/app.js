// Club Ladder's only script besides htmx: no inline scripts (CSP), so wiring lives here.
// Everything here is an enhancement: every page and form works without it.
(function () {
  "use strict";
  // Send the CSRF token from the <meta> tag with every htmx request (DESIGN.md pitfalls).
  document.body.addEventListener("htmx:configRequest", function (event) {
    var meta = document.querySelector('meta[name="csrf-token"]');
    if (meta) {
      event.detail.headers["X-CSRFToken"] = meta.getAttribute("content");
    }
  });
  // Live tools refresh only their results and, out of band, the fields' messages (the field
  // being typed in is never replaced). Keep each field's aria-invalid in step with its
  // message, so a field is valid again as soon as its message clears.
  document.body.addEventListener("htmx:afterSettle", function () {
    var messages = document.querySelectorAll(".field-error[id]");
    for (var i = 0; i < messages.length; i++) {
      var fields = document.querySelectorAll('[aria-describedby~="' + messages[i].id + '"]');
      var bad = messages[i].textContent.trim() !== "";
      for (var j = 0; j < fields.length; j++) {
        if (bad) {
          fields[j].setAttribute("aria-invalid", "true");
        } else {
          fields[j].removeAttribute("aria-invalid");
        }
      }
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
