"""Each client's budget of tool computation (docs/qualities.md §1).

A client whose computed tool answers used up its budget gets 429 with a sentence in the
reader's language and ``Retry-After`` (for htmx, 200 with the page replacing the body), never
stored as the URL's page; answers from the page cache still come, other clients and the
club's pages are untouched, and the debt drains with time.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from flask import Flask

from ladder.bench.tools import tool_url
from ladder.web.tools.budget import ToolBudget
from tests.factories import make_app

SENTENCE = {"en": "many results in a short time", "ko": "짧은 시간", "zh_Hans": "短时间",
            "id": "waktu singkat"}


class Clock:
    """A hand-moved monotonic clock."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_the_debt_drains_at_its_rate() -> None:
    clock = Clock()
    budget = ToolBudget(rate=0.1, burst=1.0, clock=clock)
    assert budget.wait("a") == 0
    budget.charge("a", 0.6)
    assert budget.wait("a") == 0  # under the burst
    budget.charge("a", 0.6)
    assert budget.wait("a") == pytest.approx(0.2 / 0.1)
    assert budget.wait("b") == 0  # per client
    clock.now += 1.0  # 0.1 s drained
    assert budget.wait("a") == pytest.approx(1.0)
    clock.now += 1.0  # back at the burst: go ahead
    assert budget.wait("a") == 0


def test_the_workers_share_one_budget(tmp_path: Path) -> None:
    clock = Clock()
    path = str(tmp_path / "budget.sqlite3")
    one, two = (ToolBudget(rate=0.1, burst=1.0, clock=clock, path=path) for _ in range(2))
    one.charge("a", 0.7)
    two.charge("a", 0.7)  # another worker, the same client
    assert one.wait("a") == pytest.approx(4.0) and two.wait("a") == pytest.approx(4.0)
    assert one.wait("b") == 0
    clock.now += 4.0
    assert two.wait("a") == 0


@pytest.fixture
def budgeted(tmp_path: Path) -> Flask:
    """An app whose budget is used up by the first computed answer and never drains."""
    app = make_app(tmp_path, TOOL_BUDGET="1", TOOL_BUDGET_RATE=0.0, TOOL_BUDGET_BURST=0.0)
    with app.app_context():
        from ladder.services.setup import init_database
        init_database()
    return app


@pytest.mark.parametrize("lang", sorted(SENTENCE))
def test_a_client_over_its_budget_gets_429(budgeted: Flask, lang: str) -> None:
    client = budgeted.test_client()
    client.get(f"/?lang={lang}")
    first = client.get(tool_url(0))
    assert first.status_code == 200
    refused = client.get(tool_url(1))
    assert refused.status_code == 429
    assert refused.headers["Retry-After"].isdigit()
    assert SENTENCE[lang] in refused.get_data(as_text=True)
    htmx = client.get(tool_url(2), headers={"HX-Request": "true", "HX-Target": "calc-results"})
    assert htmx.status_code == 200 and htmx.headers["HX-Retarget"] == "body"
    assert SENTENCE[lang] in htmx.get_data(as_text=True)
    # The answer it already has still comes (from the page cache), and so do the club's
    # pages; the refusal was not stored as the URL's page.
    assert client.get(tool_url(0)).status_code == 200
    assert client.get("/").status_code == 200
    other = budgeted.test_client()
    again = other.get(tool_url(2), headers={"HX-Request": "true", "HX-Target": "calc-results"},
                      environ_base={"REMOTE_ADDR": "192.0.2.7"})
    assert again.status_code == 200 and "HX-Retarget" not in again.headers
    assert SENTENCE["en"] not in again.get_data(as_text=True)


def test_the_budget_can_be_switched_off(tmp_path: Path) -> None:
    app = make_app(tmp_path, TOOL_BUDGET="0", TOOL_BUDGET_RATE=0.0, TOOL_BUDGET_BURST=0.0)
    with app.app_context():
        from ladder.services.setup import init_database
        init_database()
    client = app.test_client()
    assert all(client.get(tool_url(n)).status_code == 200 for n in range(4))
