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
