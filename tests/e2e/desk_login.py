"""The organizer's club-night desk in its own browser context, logged in (the night browser
tests' shared way in)."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, Page, expect

#: The organizer the night browser tests set up (``set_organizer(*LOGIN, …)``).
LOGIN = ("arbiter", "a long enough password")


def open_desk(browser: Browser, base: str, night_id: int, *, axe: bool = False) -> Page:
    """A 1280 × 900 page logged in as :data:`LOGIN`, on the night's desk (``axe``: the CSP
    bypassed, so axe-core can be injected)."""
    page = browser.new_context(viewport={"width": 1280, "height": 900},
                               bypass_csp=axe).new_page()
    page.goto(f"{base}/organize/")
    page.locator("#username").fill(LOGIN[0])
    page.locator("#password").fill(LOGIN[1])
    page.locator("#password").press("Enter")
    expect(page).to_have_url(re.compile(r"/organize/"))
    page.goto(f"{base}/organize/nights/{night_id}")
    return page
