"""The intake service: preview → names → publish, errors collected, nothing stored on error."""

from __future__ import annotations

import datetime as dt

import pytest
from sqlalchemy import func, select

from ladder.extensions import db
from ladder.formats import detect_format
from ladder.models import AuditEntry, Event, Member
from ladder.services import ServiceError
from ladder.services.intake import (
    IntakeForm,
    Links,
    name_choices,
    preview,
    publish_preview,
    read_links,
)
from ladder.vocabulary.tournament import EventKind, Kind
from tests.factories import publish_t, tournament

PASTE = ("Round 1\nAnn Lee - Bo Chen 1-0\nCai Wu - Dee Park ½-½\n"
         "Round 2\nAnn Lee - Cai Wu 0-1\nBo Chen - Dee Park 1-0\n")


def _form(**fields: object) -> IntakeForm:
    base = {"name": "Night", "date": "2025-02-01", "text": PASTE}
    base.update(fields)
    return IntakeForm(**base)  # type: ignore[arg-type]


def _events() -> int:
    return db.session.scalar(select(func.count(Event.id)))


def test_clean_paste_previews_with_standings(ctx) -> None:
    result = preview(_form())
    assert result.ok and result.file_format == "paste"
    assert [s.name for s in result.standings][0] == "Cai Wu"
    assert result.edition == "fide-2024"  # in force on 2025-02-01
    assert result.order == "BH/C1,BH,SB,WIN"


def test_every_error_is_collected_by_line(ctx) -> None:
    text = PASTE.replace("½-½", "2-0").replace("Bo Chen - Dee Park", "Bo Chen Dee Park")
    result = preview(_form(text=text))
    assert not result.ok and result.tournament is None
    assert [e.line for e in result.parse_errors] == [3, 6]


def test_opponent_twice_in_a_round_is_reported(ctx) -> None:
    text = "Round 1\nAnn Lee - Bo Chen 1-0\nAnn Lee - Cai Wu 1-0\n"
    result = preview(_form(text=text))
    assert not result.ok and any(e.line == 3 for e in result.parse_errors)


def test_trf_result_for_a_player_not_in_the_event(ctx) -> None:
    text = ("012 Test\n042 2025/01/01\n"
            "001    1      Lee,Ann                           1500                             1.0    1     9 w 1\n"  # noqa: E501 (one TRF record)
            "001    2      Chen,Bo                           1400                             0.0    2  0000 - Z\n")  # noqa: E501 (one TRF record)
    result = preview(_form(text=text))
    assert not result.ok and result.file_format == "trf"
    assert "9" in result.parse_errors[0].message


def test_field_errors(ctx) -> None:
    result = preview(_form(name="x" * 201, date="2025-13-01", order_custom="BH,NOPE",
                           kind="chess960"))
    assert set(result.field_errors) >= {"name", "date", "order", "kind"}
    assert "NOPE" in result.field_errors["order"]


def test_round_robin_with_buchholz_warns(ctx) -> None:
    result = preview(_form(kind="round_robin", order_custom="BH,SB"))
    assert result.ok and any("round-robin" in w for w in result.warnings)


def test_date_and_name_from_the_file_when_left_empty(ctx) -> None:
    text = ("012 Spring Open\n042 2024/03/02\n"
            "001    1      Lee,Ann                           1500                             1.0    1     2 w 1\n"  # noqa: E501 (one TRF record)
            "001    2      Chen,Bo                           1400                             0.0    2     1 b 0\n")  # noqa: E501 (one TRF record)
    result = preview(_form(name="", date="", text=text))
    assert result.ok and result.name == "Spring Open" and result.date == dt.date(2024, 3, 2)


def test_detects_crosstable(ctx) -> None:
    text = "1 Lee Ann 1500 2w1 2.0\n2 Chen Bo 1400 1b0 0.0\n"
    assert detect_format(text, "<paste>") == "crosstable"
    assert detect_format(PASTE, "<paste>") == "paste"


def test_name_choices_exact_and_suggestions(ctx) -> None:
    publish_t(tournament(["Ann Lee", "Bo Chen"], [(1, 1, 2, Kind.WIN)]), dt.date(2025, 1, 1))
    result = preview(_form(text="Ann Lee - Bo Chem 1-0\nZed Quinn - Ann Lee 0-1\n"))
    choices = {c.typed: c for c in name_choices(result.tournament, result.date)}
    assert choices["Ann Lee"].default == "m1"
    assert choices["Bo Chem"].default == "" and choices["Bo Chem"].suggestions[0].candidate == 2
    assert choices["Zed Quinn"].default == "new"


def test_read_links_refuses_one_member_twice_and_missing_choices(ctx) -> None:
    publish_t(tournament(["Ann Lee", "Bo Chen"], [(1, 1, 2, Kind.WIN)]), dt.date(2025, 1, 1))
    result = preview(_form())
    choices = name_choices(result.tournament, result.date)
    links = read_links(choices, {"link-1": "m1", "link-2": "m1", "link-3": "new"})
    assert "cannot be the same member" in links.errors["link-2"]
    assert "link-4" in links.errors
    assert "link-3" not in links.errors
    assert read_links(choices, {"link-1": "m99", "link-2": "new", "link-3": "new",
                                "link-4": "new"}).errors.keys() == {"link-1"}


def test_publish_stores_event_links_replay_and_audit(ctx) -> None:
    publish_t(tournament(["Ann Lee", "Bo Chen"], [(1, 1, 2, Kind.WIN)]), dt.date(2025, 1, 1))
    result = preview(_form(kind="swiss", edition="fide-2026", order_preset="DE,SB,WIN,KS"))
    choices = name_choices(result.tournament, result.date)
    links = read_links(choices, {"link-1": "m1", "link-2": "m2", "link-3": "new",
                                 "link-4": "new", "junior-4": "on"})
    event = publish_preview(result, links, actor="alice")[0]
    assert (event.kind, event.tiebreak_edition, event.tiebreak_order) == \
        ("swiss", "fide-2026", "DE,SB,WIN,KS")
    assert db.session.scalar(select(func.count(Member.id))) == 4
    dee = db.session.scalar(select(Member).where(Member.name == "Dee Park"))
    assert dee.junior and dee.games == 2
    assert db.session.scalar(select(AuditEntry).where(AuditEntry.action == "event.publish",
                                                      AuditEntry.actor == "alice"))


def test_publish_refuses_a_preview_with_errors(ctx) -> None:
    result = preview(_form(text="nonsense"))
    with pytest.raises(ServiceError):
        publish_preview(result, Links(), actor="alice")
    assert _events() == 0


def test_kind_can_be_overridden(ctx) -> None:
    assert preview(_form(kind="casual")).kind is EventKind.CASUAL
