"""The audit log says every change in words (docs/club-rating.md §2): each action the code
records has its sentence in ``words.SENTENCES``, in the reader's language, and the page shows
no action code and no JSON."""

from __future__ import annotations

import dataclasses
import datetime as dt
import logging
import re
from pathlib import Path

import pytest
from sqlalchemy import select

from ladder.extensions import db
from ladder.models import AuditEntry, Result
from ladder.services.club_settings import current_form, regenerate_token, update_settings
from ladder.services.corrections import edit_result, set_published, update_event
from ladder.services.members import add_member, merge, rename, set_junior, undo_merge
from ladder.services.seasons import create_season
from ladder.vocabulary.tournament import Kind
from ladder.web.audit.words import SENTENCES, Describer
from tests.factories import member, publish_t, tournament

LADDER = Path(__file__).resolve().parents[2] / "ladder"
W, D = Kind.WIN, Kind.DRAW


def _recorded_actions() -> set[str]:
    """Every action code the code writes (literals passed to ``audit.record``: the services,
    and the demo's loader)."""
    found: set[str] = set()
    for path in LADDER.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        for call in re.finditer(r"audit\.record\(\s*[^,]+,\s*(.+?),", text, flags=re.S):
            found.update(re.findall(r'"([a-z_]+\.[a-z_]+)"', call.group(1)))
        for assign in re.finditer(r'action = \(?\s*"([a-z_]+\.[a-z_]+)"'
                                  r'(?: if .*? else "([a-z_]+\.[a-z_]+)")?', text):
            found.update(a for a in assign.groups() if a)
    return found


def test_every_recorded_action_has_its_sentence() -> None:
    actions = _recorded_actions()
    assert {"result.edit", "event.publish", "settings.update", "member.merge"} <= actions
    missing = sorted(a for a in actions if a not in SENTENCES)
    assert missing == []
    # No sentence for an action nothing records (a misspelt key would be one).
    assert sorted(set(SENTENCES) - actions) == []


def _entry(action: str, **values: str | None) -> AuditEntry:
    return AuditEntry(id=7, actor="alice", action=action, summary="Renamed “Ann” to “Anna”",
                      event_id=None, member_id=None, **values)


def _describer() -> Describer:
    return Describer(member=lambda i: f"#{i}", event=lambda i: f"#{i}")


def test_an_entry_without_the_fields_its_sentence_reads_is_said_and_logged(
        app, caplog) -> None:
    with app.test_request_context("/?lang=en"), caplog.at_level(logging.WARNING):
        said = _describer()(_entry("member.rename", old_value='{"spelling": "Ann"}',
                                   new_value=None))
    assert said == "A change was recorded: “Renamed “Ann” to “Anna””."
    assert "member.rename" in caplog.text and "'name'" in caplog.text


def test_a_mistake_in_a_sentence_is_not_hidden(app, monkeypatch) -> None:
    def mistaken(describer, entry, context, old, new) -> str:
        return describer.misspelt  # an AttributeError: a mistake, not an old entry

    monkeypatch.setitem(SENTENCES, "member.rename", mistaken)
    with app.test_request_context("/?lang=en"), pytest.raises(AttributeError):
        _describer()(_entry("member.rename", old_value='{"name": "Ann"}',
                            new_value='{"name": "Anna"}'))


def _many_changes(app) -> None:
    with app.app_context():
        event = publish_t(tournament(["Ann Lee", "Bo Chen", "Cai Wu", "Dee Park"],
                                     [(1, 1, 2, W), (1, 3, 4, D), (2, 1, 3, W), (2, 2, 4, D),
                                      (3, 1, 4, W), (3, 2, 3, D)], name="Spring night"),
                          dt.date(2025, 3, 4))
        result = db.session.scalar(select(Result).where(Result.round == 3).order_by(Result.id))
        edit_result(result.id, "draw", result.version, actor="alice")
        update_event(event.id, "alice", version=db.session.get(type(event), event.id).version,
                     name="Spring rapid")
        set_published(event.id, "alice", version=db.session.get(type(event), event.id).version,
                      published=False)
        set_published(event.id, "alice", version=db.session.get(type(event), event.id).version,
                      published=True)
        extra = add_member("Bo Chenn", actor="alice")
        record = merge(extra.id, member("Bo Chen").id, actor="alice")
        undo_merge(record.id, actor="alice")
        rename(member("Ann Lee").id, "Ann Lee-Park", actor="alice")
        set_junior(member("Cai Wu").id, True, actor="alice")
        update_settings(dataclasses.replace(current_form(), start_rating=1400.0,
                                            visibility="unlisted"), actor="alice")
        regenerate_token("alice")
        create_season("Spring 2025", dt.date(2025, 3, 1), dt.date(2025, 5, 31), actor="alice")


def test_the_page_says_each_change_in_words_without_codes_or_json(app, logged_in) -> None:
    _many_changes(app)
    with app.app_context():
        actions = set(db.session.scalars(select(AuditEntry.action)))
    assert len(actions) >= 10
    html = logged_in.get("/organize/audit/?lang=en").get_data(as_text=True)
    body = html.split("<tbody>")[1].split("</tbody>")[0]
    for action in actions:
        assert action not in body, action
    assert "{" not in body and "&#34;" not in body and "<code" not in body
    assert "Result of Ann Lee vs Dee Park, round 3 of “Spring night”: 1-0 → ½-½" in body
    # the club's default start
    assert "Settings changed: " in body and "Start rating: 1200 → 1400" in body
    assert "Who can see the club&#39;s pages: public → unlisted" in body \
        or "Who can see the club's pages: public → unlisted" in body
    assert "Undid the merge of “Bo Chenn” into “Bo Chen”." in body
    assert "A change was recorded" not in body  # every one of these has its own sentence


def test_the_sentences_are_in_the_readers_language(app, logged_in) -> None:
    _many_changes(app)
    english = logged_in.get("/organize/audit/?lang=en").get_data(as_text=True)
    for locale in ("ko", "zh_Hans", "id"):
        html = logged_in.get(f"/organize/audit/?lang={locale}").get_data(as_text=True)
        body = html.split("<tbody>")[1].split("</tbody>")[0]
        assert "Settings changed" not in body and "Start rating" not in body, locale
        assert "Result of" not in body and "Undid the merge" not in body, locale
    assert "Settings changed" in english
