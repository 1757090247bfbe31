"""axe-core in real Chromium: the public tools' page list and a page's serious violations."""

from __future__ import annotations

import json
from pathlib import Path

from playwright.sync_api import Page

AXE = Path(__file__).parent / "vendor" / "axe.min.js"


TOOLS = ["/tools/tiebreaks", "/tools/tiebreaks?edition=uscf&r=W,w,3&r=L,b,4&r=H",
         "/tools/tiebreaks/compare", "/tools/elo", "/tools/elo?rating=-5",
         "/tools/prizes"]


def serious_violations(page: Page) -> list[dict]:
    page.add_script_tag(path=str(AXE))
    result = page.evaluate("async () => JSON.stringify(await axe.run(document))")
    return [v for v in json.loads(result)["violations"] if v["impact"] in ("serious", "critical")]
