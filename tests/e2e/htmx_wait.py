"""Waiting for the page to be what a reader sees before the test acts on it or measures it.

htmx inserts new content, then binds its triggers in the settle step (``defaultSettleDelay``,
20 ms later); until then the new elements carry the ``htmx-settling`` class. A person cannot
type in that window, Playwright can: an ``input`` in it is never seen by the new form.

A page reached by a form post is in the DOM (its headings visible) before its stylesheets
have arrived: each browser context starts with an empty cache, so its first pages ask the
live server for each of them, and on a loaded machine the answers come late. Chromium shows
nothing until they are in, but a script that measures meanwhile gets the layout of a page
half styled: with ``app.css`` in and the sheets that make a table's region scroll
(``.scroll``) not yet, the night desk's standings measured 415 px on a 390 px phone.
Measure a layout only after :func:`wait_for_settled`.
"""

from __future__ import annotations

from playwright.sync_api import Page

_BUSY = ".htmx-request, .htmx-settling, .htmx-swapping, .htmx-added"


def wait_for_htmx(page: Page) -> None:
    """Return once no request is in flight and every swapped element has settled."""
    page.wait_for_function(f"() => !document.querySelector({_BUSY!r})")


def wait_for_settled(page: Page) -> None:
    """Return once the page is laid out as a reader sees it: every stylesheet, script and
    font loaded (``readyState`` "complete": the load event has fired) and htmx idle."""
    page.wait_for_function(
        f"() => document.readyState === 'complete' && document.fonts.status === 'loaded'"
        f" && !document.querySelector({_BUSY!r})")


#: Kept by :func:`record_htmx_events` in the page: each htmx request, swap and settle with the
#: element focused at that moment, and each focus lost to ``<body>`` (the last 60).
_RECORDER = """
document.addEventListener('DOMContentLoaded', function () {
  var log = window.__htmxLog = [];
  var start = performance.now();
  var last = '';
  function add(what) {  // a settle fires once per swapped element: one line for a run of them
    if (what === last) { return; }
    last = what;
    log.push(Math.round(performance.now() - start) + ' ms ' + what);
    if (log.length > 60) { log.shift(); }
  }
  function name(e) { return e ? (e.id ? '#' + e.id : e.tagName) : '-'; }
  ['htmx:beforeRequest', 'htmx:beforeSwap', 'htmx:afterSettle', 'htmx:responseError',
   'htmx:sendError'].forEach(function (type) {
    document.body.addEventListener(type, function (event) {
      var d = event.detail || {};
      var source = d.requestConfig && d.requestConfig.elt;
      add(type.slice(5) + ' ' + ((d.pathInfo && d.pathInfo.requestPath) || '') +
          ' from ' + name(source) + (source && !source.isConnected ? ' (out of the page)' : '') +
          (type === 'htmx:beforeSwap' ? ' swap=' + d.shouldSwap + ' status=' + d.xhr.status : '') +
          ' focus ' + name(document.activeElement));
    });
  });
  document.addEventListener('focusout', function (event) {
    setTimeout(function () {
      if (document.activeElement === document.body) {
        add('focus lost from ' + name(event.target));
      }
    }, 0);
  }, true);
  add('page ' + location.pathname);
});
"""


def record_htmx_events(page: Page) -> None:
    """Keep a log of the page's htmx events from its next load on (:func:`htmx_events`), so
    a failing wait can say what the page did meanwhile."""
    page.add_init_script(_RECORDER)


def htmx_events(page: Page) -> str:
    """The log :func:`record_htmx_events` kept, one event a line ('' if none)."""
    return "\n".join(page.evaluate("() => window.__htmxLog || []"))
