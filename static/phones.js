// The players' phones and the venue screen at a club night (docs/club-night.md §6). Everything
// here is an enhancement: every page works with plain forms and links.
(function () {
  "use strict";
  // A polled part carries the ETag it came with (data-etag): the poll asks with If-None-Match,
  // the server answers 304 while nothing changed, and nothing is swapped.
  document.body.addEventListener("htmx:configRequest", function (event) {
    var elt = event.detail.elt;
    if (event.detail.verb === "get" && elt && elt.getAttribute && elt.getAttribute("data-etag")) {
      event.detail.headers["If-None-Match"] = 'W/"' + elt.getAttribute("data-etag") + '"';
    }
  });
  document.body.addEventListener("htmx:beforeSwap", function (event) {
    var xhr = event.detail.xhr;
    if (xhr && xhr.status === 304) {
      event.detail.shouldSwap = false;
      event.detail.isError = false;
    }
  });
  // A night that closes (finished, or no longer taking phones) answers 404: the polled part
  // says so and stops polling (a part that is gone polls no more).
  document.body.addEventListener("htmx:responseError", function (event) {
    var elt = event.detail.elt;
    var xhr = event.detail.xhr;
    if (!elt || !xhr || xhr.status !== 404 || !elt.getAttribute("data-closed")) { return; }
    var note = document.createElement("p");
    note.className = "errors closed-note";
    note.setAttribute("role", "alert");
    note.textContent = elt.getAttribute("data-closed");
    elt.replaceWith(note);
  });

  // A report whose connection dropped is sent again, the same form with the same values (the
  // server answers a repeat as the first one: it is never doubled), a few times, waiting longer
  // each time.
  var sent = new WeakMap();
  document.body.addEventListener("htmx:configRequest", function (event) {
    var form = event.detail.elt && event.detail.elt.closest && event.detail.elt.closest("form[data-retry]");
    if (!form || event.detail.verb !== "post") { return; }
    var values = {};
    var data = event.detail.formData;
    if (data && data.forEach) {
      data.forEach(function (value, key) { values[key] = value; });
    }
    var before = sent.get(form);
    sent.set(form, { path: event.detail.path, values: values, tries: before ? before.tries : 0 });
  });
  document.body.addEventListener("htmx:sendError", function (event) {
    var form = event.detail.elt && event.detail.elt.closest && event.detail.elt.closest("form[data-retry]");
    var held = form && sent.get(form);
    if (!held) { return; }
    var most = parseInt(form.getAttribute("data-retry"), 10) || 3;
    if (held.tries >= most) { return; }
    held.tries += 1;
    setTimeout(function () {
      if (!form.isConnected) { return; }
      htmx.ajax("POST", held.path, { source: form, target: form.getAttribute("hx-target"),
        swap: form.getAttribute("hx-swap") || "outerHTML", values: held.values });
    }, 1000 * held.tries);
  });

  // The check-in list: the box above it filters the names as you type (the key of what is
  // shown, compared without case, accents or extra spaces).
  function fold(text) {
    return text.normalize("NFKC").replace(/[\u00ad\u200b-\u200f\u2060-\u206f\ufeff]/g, "")
      .normalize("NFD").replace(/[\u0300-\u036f]/g, "").normalize("NFC")
      .toLowerCase().replace(/\s+/g, " ").trim();
  }
  document.addEventListener("input", function (event) {
    var box = event.target;
    if (!box.matches || !box.matches("input[data-phone-filter]")) { return; }
    var lists = document.getElementById(box.getAttribute("data-phone-filter"));
    if (!lists) { return; }
    var wanted = fold(box.value);
    var shown = 0;
    var rows = lists.querySelectorAll("li[data-key]");
    for (var i = 0; i < rows.length; i++) {
      var keep = !wanted || rows[i].getAttribute("data-key").indexOf(wanted) !== -1;
      rows[i].hidden = !keep;
      if (keep) { shown += 1; }
    }
    var status = document.getElementById("phone-filter-status");
    if (status) { status.textContent = wanted && !shown ? box.getAttribute("data-none") : ""; }
    var name = document.getElementById("phone-name");
    if (name && (!name.value || name.getAttribute("data-from-filter") === "1")) {
      name.value = box.value.trim();
      name.setAttribute("data-from-filter", "1");
    }
  });
})();
