"""Waiting for htmx to finish a swap before the test types into what it brought.

htmx inserts new content, then binds its triggers in the settle step (``defaultSettleDelay``,
20 ms later); until then the new elements carry the ``htmx-settling`` class. A person cannot
type in that window, Playwright can: an ``input`` in it is never seen by the new form.
"""

from __future__ import annotations

from playwright.sync_api import Page

_BUSY = ".htmx-request, .htmx-settling, .htmx-swapping, .htmx-added"


def wait_for_htmx(page: Page) -> None:
    """Return once no request is in flight and every swapped element has settled."""
    page.wait_for_function(f"() => !document.querySelector({_BUSY!r})")
