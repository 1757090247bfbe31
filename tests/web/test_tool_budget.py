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


# --- The tools' share of the machine: slots for every worker together --------------------------

def _hold_the_slot(folder: str, ready) -> None:  # noqa: ANN001 - multiprocessing parts
    """(In another process) take the only slot, say so, and keep it until killed.

    It sleeps rather than waiting on an Event: a process killed while waiting on a
    multiprocessing Condition leaves a sleeper that never wakes, and a later ``set()`` would
    wait for it for ever."""
    import time

    from ladder.web.tools.budget import ToolSlots
    give_back = ToolSlots(1, folder).take(0)
    assert give_back is not None
    ready.set()
    time.sleep(60)


def test_at_most_the_slots_compute_at_once_and_a_waiter_gets_a_freed_slot(tmp_path: Path) -> None:
    from ladder.web.tools.budget import ToolSlots
    clock = Clock()
    folder = str(tmp_path / "tool_slots")
    one = ToolSlots(2, folder)
    waits: list[float] = []
    two = ToolSlots(2, folder, clock=clock, sleep=lambda s: (waits.append(s), setattr(
        clock, "now", clock.now + s)))  # another worker: the same two slots
    first, second = one.take(0), one.take(0)
    assert first is not None and second is not None
    assert two.take(0.5) is None and sum(waits) >= 0.5  # waited its time, then gave up
    first()
    third = two.take(0.5)
    assert third is not None
    second()
    third()


def test_a_slot_held_by_a_worker_that_dies_is_given_back(tmp_path: Path) -> None:
    import multiprocessing

    from ladder.web.tools.budget import ToolSlots
    folder = str(tmp_path / "tool_slots")
    spawn = multiprocessing.get_context("spawn")
    ready = spawn.Event()
    worker = spawn.Process(target=_hold_the_slot, args=(folder, ready))
    worker.start()
    try:
        assert ready.wait(60)
        assert ToolSlots(1, folder).take(0) is None  # the other process holds it
        worker.kill()  # dies without giving it back
        worker.join(30)
        give_back = ToolSlots(1, folder).take(5)
        assert give_back is not None  # the kernel released its lock
        give_back()
    finally:
        if worker.is_alive():
            worker.kill()
            worker.join(30)


@pytest.fixture
def one_slot(tmp_path: Path) -> Flask:
    app = make_app(tmp_path, TOOL_CONCURRENCY=1, TOOL_QUEUE_SECONDS=0.05)
    with app.app_context():
        from ladder.services.setup import init_database
        init_database()
    return app


BUSY = {"en": "busy answering other requests", "ko": "처리하고 있습니다", "zh_Hans": "正忙于",
        "id": "sedang sibuk"}


@pytest.mark.parametrize("lang", sorted(BUSY))
def test_while_every_slot_is_taken_a_tool_that_would_compute_is_told_to_wait(
        one_slot: Flask, lang: str) -> None:
    from ladder.web.tools.budget import ToolSlots
    client = one_slot.test_client()
    client.get(f"/?lang={lang}")
    assert client.get(tool_url(0)).status_code == 200  # computed and cached
    give_back = ToolSlots(1, str(Path(one_slot.instance_path) / "tool_slots")).take(0)
    assert give_back is not None  # another worker computes now
    try:
        busy = client.get(tool_url(1))
        assert busy.status_code == 503 and busy.headers["Retry-After"].isdigit()
        assert BUSY[lang] in busy.get_data(as_text=True)
        assert busy.headers["Cache-Control"] == "no-store" and "ETag" not in busy.headers
        htmx = client.get(tool_url(1), headers={"HX-Request": "true",
                                                "HX-Target": "calc-results"})
        assert htmx.status_code == 200 and htmx.headers["HX-Retarget"] == "body"
        # What is cached takes no slot; the club's pages never wait for one.
        assert client.get(tool_url(0)).status_code == 200
        assert client.get("/").status_code == 200
    finally:
        give_back()
    again = client.get(tool_url(1))
    assert again.status_code == 200 and BUSY[lang] not in again.get_data(as_text=True)


def test_a_refusal_is_light_and_sets_no_cookie(budgeted: Flask) -> None:
    client = budgeted.test_client(use_cookies=False)
    assert client.get(tool_url(0)).status_code == 200
    refused = client.get(tool_url(1))
    assert refused.status_code == 429
    assert "Set-Cookie" not in refused.headers
    text = refused.get_data(as_text=True)
    assert "<nav" not in text and 'href="/tools/tiebreaks"' in text


# --- The tools' low priority --------------------------------------------------------------------

def test_a_tool_computes_in_a_nicer_thread_of_a_one_request_worker(one_slot: Flask) -> None:
    """The test client serves one request at a time (``wsgi.multithread`` false), as
    gunicorn's sync workers do: the view runs in the worker's low-priority thread."""
    import os

    runner = one_slot.extensions["tool_priority"]
    client = one_slot.test_client()
    assert client.get(tool_url(0)).status_code == 200
    assert client.get(tool_url(1)).status_code == 200
    assert runner.threads == 1  # one thread per worker, made once
    (thread,) = runner.native_ids
    own = os.getpriority(os.PRIO_PROCESS, 0)
    assert os.getpriority(os.PRIO_PROCESS, thread) == min(19, own + runner.nice)
    # A multithreaded worker computes inline: no thread of its own is held back.
    inline = client.get(tool_url(2), environ_base={"wsgi.multithread": True})
    assert inline.status_code == 200 and runner.threads == 1


def test_the_cpu_spent_in_the_nicer_thread_is_charged_to_the_client(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import threading

    from ladder.web.tools import budget as budget_module
    app = make_app(tmp_path, TOOL_BUDGET="1", TOOL_BUDGET_RATE=0.0, TOOL_BUDGET_BURST=100.0)
    with app.app_context():
        from ladder.services.setup import init_database
        init_database()
    request_thread = threading.get_ident()
    spent = {"tool": 0.0}

    def thread_time() -> float:  # the tools' thread burns 3.5 s a view; the request none
        if threading.get_ident() == request_thread:
            return 1.0
        spent["tool"] += 3.5
        return spent["tool"]

    monkeypatch.setattr(budget_module.time, "thread_time", thread_time)
    assert app.test_client().get(tool_url(0)).status_code == 200
    debt = app.extensions["tool_budget"]._debts.get("127.0.0.1")  # noqa: SLF001
    assert debt is not None and debt.seconds == pytest.approx(3.5)
