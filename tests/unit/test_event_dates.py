"""The date an event file gives itself (TRF 042 / 132, PGN EventDate / Date) and the event's
date chosen from it, with its warnings and refusals (docs/organizer-guide.md §2)."""

from __future__ import annotations

import datetime as dt

from ladder.formats import read_event
from ladder.formats.dates import FAR_DAYS, choose_event_date, file_dates

TODAY = dt.date(2026, 12, 1)
LINES = ("001    1      Lee,Ann                           1500                             "
         "1.0    1     2 w 1\n"
         "001    2      Chen,Bo                           1400                             "
         "0.0    2     1 b 0\n")
ROUND_DATES = "132" + " " * 88 + "25/03/08  25/03/15\n"


def _trf(*headers: str):
    return read_event("".join(line + "\n" for line in headers) + LINES, "x.trf").require()


def _pgn(*tags: str):
    game = "".join(f'[{tag}]\n' for tag in tags)
    text = game + '[White "Ann Lee"]\n[Black "Bo Chen"]\n[Round "1"]\n[Result "1-0"]\n\n1-0\n'
    return read_event(text, "x.pgn").require()


def test_trf_start_date_wins_over_round_dates() -> None:
    t = _trf("012 Spring Open", "042 2025/03/01", ROUND_DATES.rstrip())
    found = file_dates(t, "trf")
    assert (found.date, found.source) == (dt.date(2025, 3, 1), "042")
    # One round is played, so only the first round date counts (the reader cuts the rest).
    assert (found.first, found.last) == (dt.date(2025, 3, 1), dt.date(2025, 3, 8))


def test_trf_without_042_takes_the_first_round_date() -> None:
    chosen = choose_event_date(_trf("012 Spring Open", ROUND_DATES.rstrip()), "trf", None, TODAY)
    assert (chosen.date, chosen.source, chosen.error) == (dt.date(2025, 3, 8), "132", None)
    assert str(chosen.source_label) == "from the file: the first round's date (TRF tag 132)"


def test_unreadable_042_falls_back_on_132_else_is_refused() -> None:
    assert choose_event_date(_trf("042 2025-13-45", ROUND_DATES.rstrip()), "trf", None,
                             TODAY).date == dt.date(2025, 3, 8)
    chosen = choose_event_date(_trf("042 2025-13-45"), "trf", None, TODAY)
    assert chosen.date is None
    assert str(chosen.error) == "The file's date “2025-13-45” (TRF 042) cannot be read."


def test_no_date_at_all_names_the_year_of_the_title() -> None:
    chosen = choose_event_date(_trf("012 2025 Hobsons Bay Koshnitsky Cup"), "trf", None, TODAY)
    assert chosen.date is None
    assert str(chosen.error) == "The file gives no date; its title names the year 2025."
    assert str(choose_event_date(_trf("012 Cup"), "trf", None, TODAY).error) == \
        "The file gives no date."


def test_typed_date_overrides_and_is_warned_about_when_far_or_future() -> None:
    t = _trf("042 2025/03/01", "052 2025/03/15")
    near = choose_event_date(t, "trf", dt.date(2025, 3, 20), TODAY)
    assert (near.source, near.warnings) == ("typed", ())
    edge = choose_event_date(t, "trf", dt.date(2025, 3, 15) + dt.timedelta(FAR_DAYS), TODAY)
    assert edge.warnings == ()
    far = choose_event_date(t, "trf", dt.date(2026, 3, 1), TODAY)
    assert [str(w) for w in far.warnings] == [
        "The event's date 2026-03-01 is 351 days from the file's own date 2025-03-15."]
    before = choose_event_date(t, "trf", dt.date(2024, 12, 1), TODAY)
    assert "file's own date 2025-03-01" in str(before.warnings[0])
    future = choose_event_date(t, "trf", dt.date(2027, 1, 1), TODAY)
    assert "is after today" in str(future.warnings[0]) and len(future.warnings) == 2


def test_a_file_dated_in_the_future_is_warned_about() -> None:
    chosen = choose_event_date(_trf("042 2027/01/09"), "trf", None, TODAY)
    assert chosen.date == dt.date(2027, 1, 9)
    assert [str(w) for w in chosen.warnings] == ["The event's date 2027-01-09 is after today."]


def test_title_year_differing_from_a_typed_date_is_warned_about() -> None:
    t = _trf("012 2025 Hobsons Bay Koshnitsky Cup")
    assert choose_event_date(t, "trf", dt.date(2025, 6, 1), TODAY).warnings == ()
    assert [str(w) for w in choose_event_date(t, "trf", dt.date(2026, 6, 1), TODAY).warnings] \
        == ["The file's title names the year 2025, but the event is dated 2026-06-01."]


def test_pgn_event_date_then_earliest_game_date() -> None:
    both = choose_event_date(_pgn('EventDate "2025.01.04"', 'Date "2025.01.05"'), "pgn", None,
                             TODAY)
    assert (both.date, both.source) == (dt.date(2025, 1, 4), "EventDate")
    game = choose_event_date(_pgn('Date "2025.01.05"'), "pgn", None, TODAY)
    assert (game.date, game.source) == (dt.date(2025, 1, 5), "Date")


def test_pgn_unknown_or_partial_date_is_refused_clearly() -> None:
    assert str(choose_event_date(_pgn('Date "????.??.??"'), "pgn", None, TODAY).error) == \
        "The file gives no date."
    partial = choose_event_date(_pgn('Date "2025.??.??"'), "pgn", None, TODAY)
    assert str(partial.error) == "The file's date “2025.??.??” (PGN Date) cannot be read."
    assert partial.file.year == 2025


def test_pasted_results_carry_no_date_so_today() -> None:
    t = read_event("Ann Lee - Bo Chen 1-0\n", "<paste>").require()
    chosen = choose_event_date(t, "paste", None, TODAY)
    assert (chosen.date, chosen.source, chosen.warnings) == (TODAY, "today", ())
