"""What the language layout tests share: the three languages, the demo club with an organizer
(the ``club`` fixture of each module calls :func:`arrange_club`), and logging in."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page, expect

LOGIN = ("arbiter", "a long enough password")
LOCALES = ("ko", "zh_Hans", "id")


def arrange_club(live_server: Any) -> Any:
    """An organizer account on ``live_server``, the demo club (``demo_live_server``, whose
    pool-health page is public)."""
    with live_server.app.app_context():
        from ladder.services.accounts import set_organizer
        set_organizer(*LOGIN, actor="test")
    return live_server


def log_in(page: Page, base: str) -> None:
    """Log the organizer in (in English) and land on the desk."""
    page.goto(base + "/auth/login?lang=en")
    page.get_by_label("Login name").fill(LOGIN[0])
    page.get_by_label("Password").fill(LOGIN[1])
    page.get_by_role("button", name="Log in").click()
    expect(page).to_have_url(base + "/organize/")
