// Club Ladder's only script besides htmx: no inline scripts (CSP), so wiring lives here.
// Everything here is an enhancement: every page and form works without it.
(function () {
  "use strict";
  // Send the CSRF token from the <meta> tag with every htmx request (docs/architecture.md §4).
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

// Confirm names (docs/organizer-guide.md §2): each member list gets a search box (the list itself
// stays a plain <select>, which is what works without JavaScript); "Use “Tony J Davis”" fills the
// new member's name in place; a new member's name field is dimmed while a member is chosen.
(function () {
  "use strict";
  function fold(text) {
    return text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
  }
  function filter(select, query) {
    var wanted = fold(query.trim());
    var first = null;
    for (var i = 0; i < select.options.length; i++) {
      var option = select.options[i];
      var keep = !wanted || option.value === "" || option.value === "new" ||
        fold(option.text).indexOf(wanted) !== -1;
      option.hidden = !keep;
      if (keep && wanted && !first && option.value.charAt(0) === "m") { first = option; }
    }
    return first;
  }
  function dim(select) {
    var row = select.closest("tr");
    var cell = row && row.querySelector("td.spelling");
    if (cell) { cell.classList.toggle("inactive", select.value !== "new"); }
  }
  function enhance(root) {
    var selects = root.querySelectorAll("select[data-search]");
    for (var i = 0; i < selects.length; i++) {
      var select = selects[i];
      if (select.dataset.enhanced) { continue; }
      select.dataset.enhanced = "1";
      var box = document.createElement("input");
      box.type = "search";
      box.className = "member-search";
      box.setAttribute("aria-label", select.getAttribute("data-search-label") ||
        select.getAttribute("data-search") || "");
      box.setAttribute("placeholder", select.getAttribute("data-search") || "");
      box.setAttribute("autocomplete", "off");
      box.addEventListener("input", (function (s) {
        return function () { filter(s, this.value); };
      })(select));
      // Enter picks the first member found (and never submits the form); ArrowDown moves
      // to the list itself; Escape clears the search.
      box.addEventListener("keydown", (function (s) {
        return function (event) {
          if (event.key === "Enter") {
            event.preventDefault();
            var found = filter(s, this.value);
            if (found) {
              s.value = found.value;
              s.dispatchEvent(new Event("change", { bubbles: true }));
              this.value = "";
              filter(s, "");
              s.focus();
            }
          } else if (event.key === "ArrowDown") {
            event.preventDefault();
            s.focus();
          } else if (event.key === "Escape") {
            this.value = "";
            filter(s, "");
          }
        };
      })(select));
      select.parentNode.insertBefore(box, select);
      select.addEventListener("change", function () { dim(this); });
      dim(select);
    }
  }
  // "Same player as" (docs/desk.md §2): a row joined to another needs no member of its own.
  document.addEventListener("change", function (event) {
    var same = event.target.closest && event.target.closest("select.same-player");
    if (!same) { return; }
    var link = document.getElementById(same.getAttribute("data-link"));
    if (link) { link.disabled = same.value !== ""; }
  });
  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("button[data-fill]");
    if (!button) { return; }
    var field = document.getElementById(button.getAttribute("data-fill"));
    if (!field) { return; }
    event.preventDefault();
    field.value = button.getAttribute("data-value");
    field.dispatchEvent(new Event("change", { bubbles: true }));
    field.focus();
    button.hidden = true;
  });
  enhance(document);
  document.body.addEventListener("htmx:load", function (event) {
    if (event.detail && event.detail.elt && event.detail.elt.querySelectorAll) {
      enhance(event.detail.elt);
    }
  });
})();

// The inline result editor (docs/organizer-guide.md §2): opening it moves focus into it; Enter
// saves, Escape cancels; focus goes back to the cell afterwards, also when the standings refresh
// replaces the table; the "saved" confirmation is announced in #edit-status, and the edited row is
// marked so that a re-sorted table does not move it silently.
(function () {
  "use strict";
  var back = null; // {id, until}: the cell to give focus back to after the next swaps
  function control(id) {
    var cell = document.querySelector('[data-result="' + id + '"]:not(.result-editor)');
    if (!cell) { return null; }
    return cell.closest("a.score, button.cell") || cell.querySelector("a.score, button.cell");
  }
  function expectBack(editor) {
    back = { id: editor.getAttribute("data-result"), until: Date.now() + 4000 };
  }
  // A table in a scrolling box would clip an editor opened on its last rows: the box grows
  // at the bottom by what the editor sticks out, while it is open (CSSOM, not an inline
  // style attribute: the CSP allows it).
  function makeRoom() {
    var boxes = document.querySelectorAll(".scroll");
    for (var i = 0; i < boxes.length; i++) {
      var box = boxes[i];
      box.style.paddingBottom = "";
      var form = box.querySelector(".result-editor.popover form");
      if (!form) { continue; }
      var over = form.getBoundingClientRect().bottom - box.getBoundingClientRect().bottom;
      if (over > 0) { box.style.paddingBottom = Math.ceil(over + 8) + "px"; }
    }
  }
  // htmx:load fires for every element htmx adds: an editor just opened (or shown again with
  // a message) takes the focus.
  document.body.addEventListener("htmx:load", function (event) {
    var editor = event.detail && event.detail.elt;
    if (editor && editor.matches && editor.matches(".result-editor.popover")) {
      makeRoom();
      var first = editor.querySelector("select, input:not([type=hidden]), button");
      if (first) { first.focus(); }
    }
  });
  // Read right after the swap: the standings refresh the save announces can replace the
  // saved cell before it settles (or loads).
  document.body.addEventListener("htmx:afterSwap", function (event) {
    var elt = event.detail && event.detail.elt;
    var saved = elt && elt.matches && (elt.matches("[data-saved]") ? elt
      : elt.querySelector("[data-saved]"));
    if (saved) {
      var status = document.getElementById("edit-status");
      if (status) {
        status.textContent = "";
        var note = document.createElement("span");
        note.className = "saved";
        note.textContent = saved.getAttribute("data-saved");
        status.appendChild(note);
      }
      saved.removeAttribute("data-saved");
    }
  });
  document.body.addEventListener("htmx:afterSettle", function () {
    makeRoom();
    if (back && Date.now() < back.until) {
      var again = control(back.id);
      var lost = !document.activeElement || document.activeElement === document.body ||
        !document.activeElement.isConnected;
      if (again && lost) {
        again.focus();
        var row = again.closest("tr");
        if (row) {
          row.classList.remove("just-edited");
          void row.offsetWidth; // restart the highlight
          row.classList.add("just-edited");
        }
      }
    }
  });
  document.addEventListener("keydown", function (event) {
    var editor = event.target.closest && event.target.closest(".result-editor.popover");
    if (!editor) { return; }
    if (event.key === "Escape") {
      var cancel = editor.querySelector("a[hx-get]");
      if (cancel) {
        event.preventDefault();
        expectBack(editor);
        cancel.click();
      }
    } else if (event.key === "Enter" && event.target.tagName === "SELECT") {
      event.preventDefault();
      expectBack(editor);
      editor.querySelector("form").requestSubmit();
    }
  });
  document.addEventListener("submit", function (event) {
    var editor = event.target.closest && event.target.closest(".result-editor");
    if (editor) { expectBack(editor); }
  }, true);
  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest(".result-editor a[hx-get]");
    if (link) { expectBack(link.closest(".result-editor")); }
  }, true);
})();

// New event (test_desk_browser.py, the date field): when the preview region comes back with a
// field's problem, the field itself says so: aria-invalid, the message beside it and tied to it
// with aria-describedby, and the focus moved to the first such field.
(function () {
  "use strict";
  function mark() {
    var form = document.getElementById("event-form");
    var preview = document.getElementById("preview");
    if (!form || !preview) { return; }
    var old = form.querySelectorAll("[data-marked-invalid]");
    for (var i = 0; i < old.length; i++) {
      var field = old[i];
      field.removeAttribute("aria-invalid");
      field.removeAttribute("data-marked-invalid");
      var rest = (field.getAttribute("aria-describedby") || "").split(" ").filter(function (id) {
        return id && id !== field.id + "-error";
      });
      if (rest.length) { field.setAttribute("aria-describedby", rest.join(" ")); }
      else { field.removeAttribute("aria-describedby"); }
      var note = document.getElementById(field.id + "-error");
      if (note) { note.remove(); }
    }
    var problems = preview.querySelectorAll("li[data-for]");
    var first = null;
    for (var j = 0; j < problems.length; j++) {
      var target = document.getElementById(problems[j].getAttribute("data-for"));
      if (!target || !form.contains(target)) { continue; }
      var existing = document.getElementById(target.id + "-error");
      if (!existing) {
        existing = document.createElement("span");
        existing.className = "field-error";
        existing.id = target.id + "-error";
        existing.textContent = problems[j].textContent;
        target.insertAdjacentElement("afterend", existing);
      }
      target.setAttribute("aria-invalid", "true");
      target.setAttribute("data-marked-invalid", "1");
      var ids = (target.getAttribute("aria-describedby") || "").split(" ").filter(Boolean);
      if (ids.indexOf(existing.id) === -1) { ids.push(existing.id); }
      target.setAttribute("aria-describedby", ids.join(" "));
      if (!first) { first = target; }
    }
    if (first) { first.focus(); }
  }
  document.addEventListener("htmx:afterSettle", function (event) {
    if (event.target && event.target.id === "preview") { mark(); }
  });
})();

// Confirm names (test_desk_intake.py): a refused publish shows its summary at the top; the focus
// goes there, so the rows it names are the next thing read.
document.addEventListener("DOMContentLoaded", function () {
  "use strict";
  var summary = document.getElementById("error-summary");
  if (summary) { summary.focus(); }
});

// The organizer's event grid (test_desk_browser.py): on a phone one round (or the tie-breaks, or
// the ratings) at a time, chosen in "Show"; the inline editor moved back inside the screen when it
// would stick out of it.
(function () {
  "use strict";
  function apply() {
    var picker = document.getElementById("grid-view");
    var grid = document.getElementById("results-grid");
    if (!picker || !grid) { return; }
    var cells = grid.querySelectorAll("[data-col]");
    for (var i = 0; i < cells.length; i++) {
      cells[i].classList.toggle("col-off", cells[i].getAttribute("data-col") !== picker.value);
    }
  }
  function keepOnScreen(root) {
    var forms = root.querySelectorAll ? root.querySelectorAll(".result-editor.popover form") : [];
    for (var i = 0; i < forms.length; i++) {
      var form = forms[i];
      form.style.left = "";
      var box = form.getBoundingClientRect();
      var room = document.documentElement.clientWidth - 4;
      if (box.right > room) { form.style.left = (room - box.right - 4) + "px"; }
      box = form.getBoundingClientRect();
      if (box.left < 4) { form.style.left = (parseFloat(form.style.left || "0") + 4 - box.left) + "px"; }
      form.scrollIntoView({ block: "nearest", inline: "nearest" });
    }
  }
  document.addEventListener("DOMContentLoaded", function () {
    var picker = document.getElementById("grid-view");
    if (!picker) { return; }
    picker.parentNode.hidden = false;
    picker.parentNode.classList.add("on");
    picker.addEventListener("change", apply);
    apply();
  });
  document.addEventListener("htmx:afterSettle", function (event) {
    apply();
    keepOnScreen(event.target && event.target.parentNode ? event.target.parentNode : document);
  });
})();

// A "Print" button (data-print): the print dialog, without an inline handler (CSP).
document.addEventListener("click", function (event) {
  "use strict";
  var button = event.target.closest && event.target.closest("button[data-print]");
  if (button) { window.print(); }
});

// The club night desk (docs/club-night.md). Everything here is an enhancement: the desk works
// the same with plain forms.
// * Check-in: the box above the roster's tick list filters it as you type (the same key as
//   the server's search: case, accents, full-width forms and spaces do not matter); what is
//   typed also fills the new player's name, until that field is typed in itself.
// * After a tap the focus stays where the organizer is: a result moves it to the next board
//   still without a result (else to the next step, Pair or Finish); a tick keeps it on the
//   row (htmx keeps an element with the same id), or, when a name was typed to find the row,
//   goes back to the box with the name selected, ready for the next one.
(function () {
  "use strict";
  function fold(text) {
    return text.normalize("NFKC").replace(/[\u00ad\u200b-\u200f\u2060-\u206f\ufeff]/g, "")
      .normalize("NFD").replace(/[\u0300-\u036f]/g, "").normalize("NFC")
      .toLowerCase().replace(/\s+/g, " ").trim();
  }
  function filterTicks(box) {
    var lists = document.getElementById(box.getAttribute("data-tick-filter"));
    if (!lists) { return; }
    var wanted = fold(box.value);
    var shown = 0;
    var rows = lists.querySelectorAll("li.tick-row");
    for (var i = 0; i < rows.length; i++) {
      var key = rows[i].getAttribute("data-key") || "";
      var keep = !wanted || key.indexOf(wanted) !== -1;
      rows[i].hidden = !keep;
      rows[i].classList.toggle("exact", Boolean(wanted) && key === wanted);
      if (keep) { shown += 1; }
    }
    var groups = lists.querySelectorAll("ul.tick-list");
    for (var j = 0; j < groups.length; j++) {
      var any = groups[j].querySelector("li.tick-row:not([hidden])");
      groups[j].hidden = !any;
      var heading = document.getElementById(groups[j].getAttribute("aria-labelledby"));
      if (heading) { heading.hidden = !any; }
    }
    var status = document.getElementById("tick-status");
    if (status) { status.textContent = wanted && !shown ? box.getAttribute("data-none") : ""; }
    var name = document.getElementById(box.getAttribute("data-new-name"));
    if (name && (!name.value || name.getAttribute("data-from-filter") === "1")) {
      name.value = box.value.trim();
      name.setAttribute("data-from-filter", "1");
    }
  }
  document.addEventListener("input", function (event) {
    var target = event.target;
    if (target.matches && target.matches("input[data-tick-filter]")) { filterTicks(target); }
    if (target.id === "new-name") { target.removeAttribute("data-from-filter"); }
  });
  // Enter in the box: the one row it found is ticked; never a page load.
  document.addEventListener("keydown", function (event) {
    var box = event.target;
    if (event.key !== "Enter" || !box.matches || !box.matches("input[data-tick-filter]")) { return; }
    event.preventDefault();
    var lists = document.getElementById(box.getAttribute("data-tick-filter"));
    var rows = lists ? lists.querySelectorAll("li.tick-row:not([hidden]) button.tick:not([aria-disabled=true])") : [];
    var exact = lists ? lists.querySelector("li.tick-row.exact button.tick:not([aria-disabled=true])") : null;
    var only = exact || (rows.length === 1 ? rows[0] : null);
    if (only && only.getAttribute("aria-pressed") !== "true") { only.click(); }
  });
  var pending = null; // what the last tap was: {board: id} or {tick: true}
  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("button");
    if (!button) { return; }
    var board = button.closest(".night-board form.taps") && button.closest(".night-board");
    if (board) { pending = { board: board.id }; return; }
    if (button.matches(".tick")) { pending = { tick: true }; }
  }, true);
  function nextStep() {
    return document.querySelector("#round-next button, #round-next a");
  }
  function afterResult(id) {
    var boards = Array.prototype.slice.call(document.querySelectorAll("#night-boards > li.night-board"));
    var at = -1;
    for (var i = 0; i < boards.length; i++) { if (boards[i].id === id) { at = i; } }
    var ordered = boards.slice(at + 1).concat(boards.slice(0, at + 1));
    for (var j = 0; j < ordered.length; j++) {
      if (!ordered[j].classList.contains("done")) {
        var first = ordered[j].querySelector("form.taps button");
        if (first) { first.focus(); return; }
      }
    }
    var step = nextStep();
    if (step) { step.focus(); }
  }
  // {id, placed}: the board of the last result and the element its answer focused. A later
  // swap that replaces that element (a poll re-rendering the desk; on a loaded server it may
  // come many seconds later) drops the focus to <body>: it is given back. A focus the
  // organizer moved elsewhere leaves the placed element in the page, and is not taken back.
  var lastBoard = null;
  function fromTap(event, done) {
    // Only the tap's own answer settles the tap: the desk's other requests (the phones
    // panel's poll) may settle in between, on a loaded server before the tap's answer.
    var source = event.detail && event.detail.requestConfig && event.detail.requestConfig.elt;
    if (!source || !source.closest) { return true; }
    if (done.board) {
      var board = source.closest(".night-board");
      return Boolean(board) && board.id === done.board;
    }
    return Boolean(source.closest("li.tick-row, .tick-list, form"));
  }
  // An answer older than the desk is not swapped. Answers can arrive out of order: the
  // panel's poll (every 4 s) may be answered after the taps made after it was rendered, and
  // its parts would take the desk back in time (a result just tapped shown as missing, the
  // night's version in every form set back, so the next tap reloads the desk whole). Every
  // answer that brings the desk's parts carries the night's version it was rendered at
  // (input.night-version); the desk shows the version of the newest answer it took.
  function versionOf(root) {
    var input = root.querySelector("input.night-version");
    var value = input ? parseInt(input.value, 10) : NaN;
    return isNaN(value) ? null : value;
  }
  document.body.addEventListener("htmx:beforeSwap", function (event) {
    var shown = versionOf(document);
    var text = event.detail.serverResponse;
    if (shown === null || typeof text !== "string" || text.indexOf("night-version") === -1) { return; }
    var answer = document.createElement("template");
    answer.innerHTML = text;
    var answered = versionOf(answer.content);
    if (answered !== null && answered < shown) { event.detail.shouldSwap = false; }
  });
  // The tap's answer is in the page. Its settle (20 ms later, longer on a busy phone) moves
  // the focus; but an answer swapped in between (the panel's poll, sent before the tap's
  // answer came, bringing the desk's parts) can replace every part the tap brought, and htmx
  // then announces the tap's settle on elements no longer in the page: the desk never hears
  // it. The next settle it hears, finishes the tap.
  document.body.addEventListener("htmx:afterSwap", function (event) {
    if (pending && fromTap(event, pending)) { pending.swapped = true; }
  });
  document.body.addEventListener("htmx:afterSettle", function (event) {
    if (!pending) {
      // A swap that replaced the focused element (a poll re-rendering a part of the desk)
      // leaves the focus on <body>: give it back where the last result put it.
      if (lastBoard && document.activeElement === document.body &&
          !(lastBoard.placed && lastBoard.placed.isConnected)) {
        afterResult(lastBoard.id);
        lastBoard.placed = document.activeElement;
      }
      return;
    }
    var done = pending;
    if (!fromTap(event, done) && !done.swapped) { return; }
    pending = null;
    if (done.board) {
      lastBoard = { id: done.board, placed: null };
      var tapped = document.getElementById(done.board);
      // A refused tap keeps the focus on its board, whose message says why.
      if (tapped && tapped.querySelector(".errors")) {
        var again = tapped.querySelector("form.taps button");
        if (again) { again.focus(); }
        lastBoard.placed = again;
        return;
      }
      afterResult(done.board);
      lastBoard.placed = document.activeElement;
    } else if (done.tick) {
      var box = document.querySelector("input[data-tick-filter]");
      if (box && box.value.trim()) {
        box.focus();
        box.select();
      }
    }
  });
  // A filter typed before the page was loaded (back/forward keeps field values).
  document.addEventListener("DOMContentLoaded", function () {
    var box = document.querySelector("input[data-tick-filter]");
    if (box && box.value) { filterTicks(box); }
  });
  // Rows brought by a tick keep the filter.
  document.body.addEventListener("htmx:load", function (event) {
    var elt = event.detail && event.detail.elt;
    if (elt && elt.matches && elt.matches("li.tick-row")) {
      var box = document.querySelector("input[data-tick-filter]");
      if (box && box.value) { filterTicks(box); }
    }
  });
})();
