"""axe-core in real Chromium: the public tools' page list and a page's serious violations."""

from __future__ import annotations

import json
from pathlib import Path

from flask import Flask, Response, send_file
from playwright.sync_api import Page

AXE = Path(__file__).parent / "vendor" / "axe.min.js"

#: Where the browser tests' servers serve the checker (tests/e2e/conftest.py): a test-only
#: route, never the product's. Same origin, so the pages' CSP (script-src 'self') lets it run.
AXE_PATH = "/__tests__/axe.min.js"


TOOLS = ["/tools/tiebreaks", "/tools/tiebreaks?edition=uscf&r=W,w,3&r=L,b,4&r=H",
         "/tools/tiebreaks/compare", "/tools/elo", "/tools/elo?rating=-5",
         "/tools/prizes"]


def serve_axe(app: Flask) -> None:
    """Serve the checker at ``AXE_PATH`` on ``app``, cacheable: the browser loads its 650 kB
    once per context and compiles it from its cache afterwards. Injected inline instead
    (``add_script_tag(path=…)``), every check sent and compiled it again: the suite's 99
    checks took 11.5 s of injecting, 115 ms each; from the cache, 38 ms each."""
    def axe_script() -> Response:
        response = send_file(AXE, mimetype="text/javascript", max_age=3600)
        response.headers["Cache-Control"] = "private, max-age=3600"
        return response
    app.add_url_rule(AXE_PATH, "tests_axe_script", axe_script)


def serious_violations(page: Page) -> list[dict]:
    """The serious and critical axe violations of the page as it is now (every axe rule,
    every node; passes and inapplicable rules are not gathered, since nothing reads them)."""
    # A check may follow a click that navigated: the new document must have its head before
    # a script can be added to it (Playwright's click returns once the navigation commits).
    page.wait_for_load_state("domcontentloaded")
    if page.evaluate("() => typeof axe === 'undefined'"):
        origin = page.evaluate("() => location.origin")
        page.add_script_tag(url=origin + AXE_PATH)
    result = page.evaluate(
        "async () => JSON.stringify(await axe.run(document, {resultTypes: ['violations']}))")
    return [v for v in json.loads(result)["violations"] if v["impact"] in ("serious", "critical")]
