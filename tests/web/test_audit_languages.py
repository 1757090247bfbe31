"""The audit log's sentences in the reader's language (docs/glossary.md, "Formatting"): dates
as the reader writes them (never ISO), changes joined as the language joins clauses, a yes/no
setting never set reads "no", a hand swap's broken rules in the reader's words, names spaced as
the language needs."""

from __future__ import annotations

import json

import pytest

from ladder.club.night import message_to_json
from ladder.models import AuditEntry
from ladder.vocabulary.messages import msg
from ladder.web.audit.words import Describer

LOCALES = ("en", "ko", "zh_Hans", "id")


def _say(app, locale: str, action: str, old=None, new=None, context=None) -> str:
    entry = AuditEntry(id=1, actor="alice", action=action, summary="",
                       old_value=json.dumps(old) if old is not None else None,
                       new_value=json.dumps(new) if new is not None else None,
                       context=json.dumps(context) if context is not None else None)
    with app.test_request_context(f"/?lang={locale}"):
        return Describer(member=lambda i: "—", event=lambda i: "—")(entry)


@pytest.mark.parametrize(("locale", "date", "first", "last"), [
    ("en", "November 26, 2026", "September 1, 2026", "November 30, 2026"),
    ("ko", "2026년 11월 26일", "2026년 9월 1일", "2026년 11월 30일"),
    ("zh_Hans", "2026年11月26日", "2026年9月1日", "2026年11月30日"),
    ("id", "26 November 2026", "1 September 2026", "30 November 2026"),
])
def test_dates_in_sentences_are_the_readers(app, locale, date, first, last) -> None:
    published = _say(app, locale, "event.publish", new={"name": "Blitz", "date": "2026-11-26"})
    assert date in published and "2026-11-26" not in published
    season = _say(app, locale, "season.create",
                  new={"name": "Autumn", "first": "2026-09-01", "last": "2026-11-30"})
    assert first in season and last in season and "2026-09-01" not in season
    consent = _say(app, locale, "member.consent",
                   new={"given": True, "by": "Bo", "date": "2026-09-24"})
    assert "2026-09-24" not in consent
    moved = _say(app, locale, "event.update",
                 old={"name": "Blitz", "date": "2026-11-25", "rated": True},
                 new={"name": "Blitz", "date": "2026-11-26", "rated": True})
    assert date in moved and "2026-11-25" not in moved


@pytest.mark.parametrize(("locale", "joined", "unset"), [
    ("en", "; ", "no → yes"),
    ("ko", ", ", "아니요 → 예"),
    ("zh_Hans", "；", "否 → 是"),
    ("id", "; ", "tidak → ya"),
])
def test_settings_changes_are_joined_per_language(app, locale, joined, unset) -> None:
    text = _say(app, locale, "settings.update", old={"club_name": "A", "health_public": None},
                new={"club_name": "B", "health_public": True})
    assert joined in text
    assert unset in text  # a yes/no setting never set reads "no", not "none"
    if locale == "ko":
        assert ";" not in text  # Korean prose has no semicolon


@pytest.mark.parametrize(("locale", "order"), [("en", "BH/C1, BH, SB, WIN"),
                                               ("zh_Hans", "BH/C1, BH, SB, WIN")])
def test_a_tiebreak_order_reads_as_running_text(app, locale, order) -> None:
    text = _say(app, locale, "night.create",
                context={"night": "Thursday", "order": "BH/C1,BH,SB,WIN"})
    assert order in text


def test_a_swaps_broken_rules_are_said_in_the_readers_language(app) -> None:
    broken = msg("%(player)s has no board.", player="김민준")
    context = {"night": "목요일", "round": 2, "player": "김민준", "opponent": "Ann Lee",
               "broken": [message_to_json(broken)]}
    text = _say(app, "ko", "night.swap", context=context)
    assert "김민준 선수의 보드가 없습니다" in text
    old = _say(app, "ko", "night.swap", context={**context, "broken": ["English words"]})
    assert "English words" in old  # an entry written before keeps its words
    nothing = _say(app, "id", "night.swap", context={**context, "broken": []})
    assert "C.04.1" in nothing and "melanggar: " not in nothing


@pytest.mark.parametrize(("name", "expected"), [("李小龙", "已将李小龙加入会员名册。"),
                                                ("Anna Lee", "已将 Anna Lee 加入会员名册。")])
def test_names_in_the_log_are_spaced_for_chinese(app, name, expected) -> None:
    assert _say(app, "zh_Hans", "member.add", new={"name": name}) == expected
