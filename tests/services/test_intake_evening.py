"""The organizer's evening (docs/organizer-guide.md §2): dates from the file, names that can be
fixed, quick confirmation, and the ladder's change previewed exactly — without storing anything."""

from __future__ import annotations

import datetime as dt

import pytest
from flask_babel import force_locale
from sqlalchemy import func, select

from ladder.extensions import db
from ladder.models import AuditEntry, ClubSettings, Event, Member, MemberAlias, RatingRow
from ladder.services import Conflict, ServiceError
from ladder.services.intake import (
    IntakeForm,
    accept_suggestions,
    ladder_preview,
    name_choices,
    ordered,
    preview,
    publish_preview,
    read_links,
    skipped_suggestions,
)
from ladder.services.uow import rehearsal, unit_of_work
from ladder.vocabulary.tournament import Kind
from tests.factories import PASTE, TESTDATA, member, publish_t, snapshot, tournament

TODAY = dt.date(2026, 12, 1)
KOSHNITSKY = TESTDATA / "real-events" / "hobsonsbay_koshnitsky_cup_2025_r5.trf"
TRF = ("012 Spring Open\n{dates}"
       "001    1      Lee,Ann                           1500                             "
       "1.0    1     2 w 1\n"
       "001    2      Chen,Bo                           1400                             "
       "0.0    2     1 b 0\n")


def _form(**fields: object) -> IntakeForm:
    base = {"name": "Night", "date": "", "text": PASTE, "rated": True}
    base.update(fields)
    return IntakeForm(**base)  # type: ignore[arg-type]


def _trf_form(dates: str, **fields: object) -> IntakeForm:
    return _form(text=TRF.format(dates=dates), source="spring.trf", **fields)


def _state() -> tuple[str, int, int, str]:
    """Everything a preview must leave alone: the ratings snapshot, the audit count, the
    generation, and every row of every table (read through a fresh transaction)."""
    db.session.rollback()
    tables = {table.name: [list(map(str, row)) for row in db.session.execute(
        table.select().order_by(*table.primary_key.columns))]
        for table in db.metadata.sorted_tables}
    return (snapshot(), db.session.scalar(select(func.count(AuditEntry.id))),
            db.session.scalar(select(ClubSettings.generation)), repr(tables))


# ---------------------------------------------------------------- 1. dates from the file

def test_trf_start_date_fills_the_date_and_the_edition(ctx) -> None:
    result = preview(_trf_form("042 2025/03/02\n"), today=TODAY)
    assert result.ok and result.date == dt.date(2025, 3, 2)
    assert result.edition == "fide-2024"  # not fide-2026, as today's date gave
    assert str(result.date_source) == "from the file: its start date (TRF tag 042)"


def test_first_round_date_when_there_is_no_042(ctx) -> None:
    result = preview(_trf_form("132" + " " * 88 + "25/03/08\n"), today=TODAY)
    assert result.ok and result.date == dt.date(2025, 3, 8)
    assert "TRF tag 132" in str(result.date_source)


def test_pgn_event_date(ctx) -> None:
    text = ('[Event "Winter Cup"]\n[EventDate "2025.01.04"]\n[Date "2025.01.05"]\n'
            '[Round "1"]\n[White "Ann Lee"]\n[Black "Bo Chen"]\n[Result "1-0"]\n\n1-0\n')
    result = preview(_form(name="", text=text, source="cup.pgn"), today=TODAY)
    assert result.ok and result.date == dt.date(2025, 1, 4) and result.file_format == "pgn"
    assert result.name == "Winter Cup" and result.edition == "fide-2024"


def test_typed_date_overrides_with_warnings(ctx) -> None:
    result = preview(_trf_form("042 2025/03/02\n", date="2026-03-02"), today=TODAY)
    assert result.ok and result.date == dt.date(2026, 3, 2)
    assert str(result.date_source) == "typed in the form"
    assert result.edition == "fide-2026"
    assert any("365 days from the file's own date March 2, 2025" in w for w in result.warnings)
    assert any("would give fide-2024" in w for w in result.warnings)


def test_future_date_is_warned_about(ctx) -> None:
    result = preview(_form(date="2027-01-05"), today=TODAY)
    assert result.ok and result.warnings == ["The event's date January 5, 2027 is after today."]


def test_pasted_results_without_a_date_are_dated_today(ctx) -> None:
    result = preview(_form(), today=TODAY)
    assert result.ok and result.date == TODAY
    assert str(result.date_source) == "today: pasted results carry no date"


def test_the_real_koshnitsky_file_has_no_date_so_it_is_asked_for(ctx) -> None:
    form = _form(name="", text=KOSHNITSKY.read_text(), source=KOSHNITSKY.name)
    result = preview(form, today=TODAY)
    assert not result.ok and result.date is None
    assert result.field_errors["date"] == ("The file gives no date; its title names the year "
                                           "2025. Give the event's date.")
    dated = preview(_form(name="", date="2025-05-20", text=form.text, source=form.source),
                    today=TODAY)
    assert dated.ok and dated.edition == "fide-2024" and dated.warnings == []
    wrong_year = preview(_form(name="", date="2026-05-20", text=form.text, source=form.source),
                         today=TODAY)
    assert wrong_year.ok and wrong_year.edition == "fide-2026"
    assert wrong_year.warnings == ["The file's title names the year 2025, but the event is "
                                   "dated May 20, 2026."]


def test_unreadable_date_is_refused_and_nothing_is_stored(ctx) -> None:
    result = preview(_trf_form("042 2025-13-45\n"), today=TODAY)
    assert not result.ok
    assert result.field_errors["date"] == ("The file's date “2025-13-45” (TRF 042) cannot "
                                           "be read. Give the event's date.")
    with pytest.raises(ServiceError):
        publish_preview(result, read_links(name_choices(result.tournament, None),
                                           {"link-1": "new", "link-2": "new"}), "alice")
    assert db.session.scalar(select(func.count(Event.id))) == 0


# ---------------------------------------------------------------- 2. names

def test_new_member_spelling_in_display_form_keeps_the_file_spelling_as_alias(ctx) -> None:
    result = preview(_trf_form("042 2025/03/02\n"), today=TODAY)
    choices = name_choices(result.tournament, result.date)
    assert [c.display_form for c in choices] == ["Ann Lee", "Bo Chen"]
    links = read_links(choices, {"link-1": "new", "name-1": "Ann Lee", "link-2": "new",
                                 "name-2": "Chen,Bo"})
    assert links.names == {1: "Ann Lee"} and not links.errors  # unchanged spelling: no entry
    publish_preview(result, links, "alice")
    ann = member("Ann Lee")
    assert ann is not None and member("Chen,Bo") is not None
    assert db.session.scalar(select(MemberAlias.name).where(MemberAlias.member_id == ann.id)) \
        == "Lee,Ann"
    # The next file written the same way finds her at once.
    again = preview(_trf_form("042 2025/04/02\n"), today=TODAY)
    assert name_choices(again.tournament, again.date)[0].default == f"m{ann.id}"


def test_new_member_spelling_too_long_is_a_field_error(ctx) -> None:
    result = preview(_form(), today=TODAY)
    choices = name_choices(result.tournament, result.date)
    data = {c.field: "new" for c in choices} | {"name-1": "x" * 201}
    assert "longer than 200" in read_links(choices, data).errors["name-1"]


# ---------------------------------------------------------------- 3. confirm quickly

def test_rows_needing_a_decision_come_first_then_new_then_identical(ctx) -> None:
    publish_t(tournament(["Ann Lee", "Bo Chen"], [(1, 1, 2, Kind.WIN)]), dt.date(2025, 1, 1))
    text = "Ann Lee - Bo Chem 1-0\nZed Quinn - Ann Lee 0-1\n"
    result = preview(_form(text=text), today=TODAY)
    rows = ordered(name_choices(result.tournament, result.date))
    assert [(c.typed, c.group) for c in rows] == [("Bo Chem", 0), ("Zed Quinn", 1),
                                                  ("Ann Lee", 2)]


def test_accept_all_above_a_score_fills_only_undecided_clear_rows(ctx) -> None:
    publish_t(tournament(["Tony J Davis", "Dean Hogg", "Bo Chen", "Bo Chan"],
                         [(1, 1, 2, Kind.WIN), (1, 3, 4, Kind.DRAW)]), dt.date(2025, 1, 1))
    text = ("Davis,Tony J - Hogg,Dean 1-0\nBo Chen - Bo Chin 1-0\n")
    result = preview(_form(text=text), today=TODAY)
    choices = name_choices(result.tournament, result.date)
    by = {c.typed: c for c in choices}
    selected = {c.field: c.default for c in choices}
    done, accepted = accept_suggestions(choices, selected, 90)
    assert done[by["Davis,Tony J"].field] == f"m{member('Tony J Davis').id}"
    assert done[by["Hogg,Dean"].field] == f"m{member('Dean Hogg').id}"
    assert done[by["Bo Chen"].field] == f"m{member('Bo Chen').id}"  # identical, untouched
    # "Bo Chin" resembles Bo Chen (taken by the identical name) and Bo Chan equally: left.
    assert done[by["Bo Chin"].field] == "" and accepted == 2
    assert accept_suggestions(choices, selected, 100)[1] == 0
    # A choice the organizer made is never overwritten.
    mine = selected | {by["Hogg,Dean"].field: "new"}
    assert accept_suggestions(choices, mine, 90)[0][by["Hogg,Dean"].field] == "new"


def test_accept_all_says_which_rows_it_left_and_why(ctx) -> None:
    """Issue 24.2: a row whose best suggestion another row already holds, and a row with
    two equal suggestions, are named with the reason, in the reader's language."""
    publish_t(tournament(["Dean Hogg", "Bo Chen", "Bo Chan", "Ann Lee"],
                         [(1, 1, 2, Kind.WIN), (1, 3, 4, Kind.DRAW)]), dt.date(2025, 1, 1))
    text = "Dean Hogg - Hogg,Dean 1-0\nBo Chin - Ann Leee 1-0\n"
    result = preview(_form(text=text), today=TODAY)
    choices = name_choices(result.tournament, result.date)
    selected = {c.field: c.default for c in choices}
    done, accepted = accept_suggestions(choices, selected, 90)
    skipped = dict(skipped_suggestions(choices, selected, done, 90))
    assert skipped["Hogg,Dean"] == "its best suggestion, Dean Hogg, is already chosen for " \
        "“Dean Hogg”"
    assert skipped["Bo Chin"].startswith("two suggestions score the same")
    assert "Ann Leee" not in skipped or "below" in skipped["Ann Leee"]
    assert len(skipped) + accepted == sum(1 for c in choices if c.suggestions and not c.default)
    with force_locale("ko"):
        translated = dict(skipped_suggestions(choices, selected, done, 90))
    assert translated["Hogg,Dean"] != skipped["Hogg,Dean"]


# ---------------------------------------------------------------- 4. the ladder's change

def _two_events() -> None:
    publish_t(tournament(["Ann Lee", "Bo Chen", "Cai Wu", "Dee Park"],
                         [(1, 1, 2, Kind.WIN), (1, 3, 4, Kind.DRAW), (2, 1, 3, Kind.LOSS),
                          (2, 2, 4, Kind.WIN)], name="January"), dt.date(2025, 1, 7))
    publish_t(tournament(["Ann Lee", "Bo Chen", "Cai Wu"],
                         [(1, 1, 2, Kind.DRAW), (2, 2, 3, Kind.WIN)], name="March"),
              dt.date(2025, 3, 4))


def _confirmed(date: str):
    result = preview(_form(name="February", date=date, text=PASTE.replace("Dee Park",
                                                                          "Eve New")),
                     today=TODAY)
    choices = name_choices(result.tournament, result.date)
    links = read_links(choices, {c.field: c.default for c in choices})
    assert not links.errors, links.errors
    return result, links


def test_preview_changes_nothing_and_publish_gives_exactly_its_numbers(ctx) -> None:
    _two_events()
    result, links = _confirmed("2025-02-04")
    before = _state()
    shown = ladder_preview(result, links)
    assert _state() == before  # byte for byte: rows, members, audit, generation, aliases
    assert [e.name for e in shown.later_events] == ["March"]
    ann = next(r for r in shown.rows if r.typed == "Ann Lee")
    assert ann.member_id == member("Ann Lee").id and ann.k == 40
    assert ann.ladder_now == member("Ann Lee").rating != ann.ladder_after
    eve = next(r for r in shown.rows if r.typed == "Eve New")
    assert eve.member_id is None and eve.rating_before == 1200 and eve.games_counted == 2
    event, published = publish_preview(result, links, "alice", generation=shown.generation)
    assert published
    stored = {r.member_id: r for r in db.session.scalars(
        select(RatingRow).where(RatingRow.event_id == event.id))}
    for row in shown.rows:
        member_id = row.member_id or member(row.name).id
        assert (stored[member_id].rating_before, stored[member_id].rating_after,
                stored[member_id].k) == (row.rating_before, row.rating_after, row.k)
        assert db.session.get(Member, member_id).rating == row.ladder_after
    assert db.session.scalar(select(func.count(AuditEntry.id))) == before[1] + 1


def test_latest_event_changes_no_later_event_and_shows_who_becomes_established(ctx) -> None:
    _two_events()
    result, links = _confirmed("2025-04-01")
    shown = ladder_preview(result, links)
    assert shown.later_events == ()
    ann = next(r for r in shown.rows if r.typed == "Ann Lee")
    assert ann.games_before == 3 and ann.games_counted == 2 and ann.becomes_established
    assert ann.ladder_after == ann.rating_after
    assert not next(r for r in shown.rows if r.typed == "Eve New").becomes_established


def test_publish_refuses_when_the_ladder_changed_after_the_preview(ctx) -> None:
    _two_events()
    result, links = _confirmed("2025-02-04")
    shown = ladder_preview(result, links)
    publish_t(tournament(["Ann Lee", "Bo Chen"], [(1, 1, 2, Kind.WIN)], name="Meanwhile"),
              dt.date(2025, 3, 1))
    with pytest.raises(Conflict):
        publish_preview(result, links, "alice", generation=shown.generation)
    assert db.session.scalar(select(func.count(Event.id))) == 3
    fresh = ladder_preview(result, links)
    assert publish_preview(result, links, "alice", generation=fresh.generation)[1]


def test_unrated_event_preview_shows_no_change(ctx) -> None:
    _two_events()
    result, links = _confirmed("2025-04-01")
    result.form = IntakeForm(**{**result.form.__dict__, "rated": False})
    before = _state()
    shown = ladder_preview(result, links)
    assert _state() == before and shown.later_events == ()
    assert all(r.change in (None, 0) for r in shown.rows)


def test_a_rehearsal_refuses_to_run_inside_a_unit_of_work(ctx) -> None:
    with pytest.raises(RuntimeError):
        with unit_of_work():
            with rehearsal():
                pass
