"""The event read model: standings with the event's tie-breaks, rating changes, the round grid.

One place computes what the public event page, its HTMX fragments, the organizer's inline
editor and the exports show, so they can never disagree. Names are *not* resolved here:
templates render ``display_name(member_id)`` (the one display-name function, docs/privacy.md).
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from sqlalchemy import bindparam, select
from sqlalchemy.orm import selectinload

from ..extensions import DbSession
from ..models import Entry, Event, EventStatus, RatingRow, Result
from ..rating import Uncounted
from ..tiebreaks import Code, TiebreakError, parse_order
from ..tiebreaks.compute_table import prepare
from ..tiebreaks.ranking import rank_prepared
from ..tiebreaks.table import Standing
from ..vocabulary.messages import Message
from ..vocabulary.tournament import (
    Colour,
    EventKind,
    Kind,
    Player,
    RoundResult,
    Tournament,
    scoring_from_text,
)
from .common import RatingChangeMixin
from .prepared import Query
from .rating_detail import GAME_REASONS, uncounted_in_event

#: Events whose computed standings are kept in memory per process (about 50 kB each).
RANKINGS_KEPT = 256


@dataclass(frozen=True)
class ResultCell:
    """One entry's result in one round, with what the inline editor needs (id, version)."""

    result_id: int | None  # None: nothing stored for that round (shown as a zero bye)
    version: int
    round: int
    kind: Kind
    opponent_start_no: int | None
    opponent_member_id: int | None
    colour: str | None
    points: Fraction
    #: Why this round did not count for the player's club rating (None: it counted, or no
    #: rating applies); see :mod:`ladder.queries.rating_detail`.
    uncounted: Uncounted | None = None

    @property
    def not_counted_mark(self) -> Uncounted | None:
        """The reason to mark on this game, if any (byes and unrated events are not marked
        game by game: a bye is no game, an unrated event says so once for all)."""
        return self.uncounted if self.uncounted in GAME_REASONS else None


@dataclass(frozen=True)
class StandingRow(RatingChangeMixin):
    """One line of an event's standings."""

    entry_id: int
    start_no: int
    member_id: int | None
    typed_rating: int | None
    points: Fraction
    rank: int
    tiebreaks: dict[str, Fraction | None]
    rating_before: float | None
    rating_after: float | None
    games_counted: int
    cells: tuple[ResultCell, ...]


@dataclass(frozen=True)
class EventView:
    """Everything an event page shows."""

    event: Event
    tournament: Tournament
    codes: tuple[str, ...]
    rows: tuple[StandingRow, ...]
    warnings: tuple[Message | str, ...] = ()  # Messages print translated in templates
    errors: tuple[str, ...] = field(default=())

    def row_for(self, entry_id: int) -> StandingRow | None:
        """The standings row of an entry."""
        return next((row for row in self.rows if row.entry_id == entry_id), None)


def load_event(session: DbSession, event_id: int, *, drafts: bool = False) -> Event | None:
    """A published event with its entries and results loaded in three queries; with
    ``drafts`` (the organizer's pages) a draft too."""
    query = select(Event).where(Event.id == event_id)
    if not drafts:
        query = query.where(Event.status == EventStatus.PUBLISHED)
    return session.scalar(query.options(selectinload(Event.entries).selectinload(Entry.results)))


#: An entry as the ranking reads it: (entry id, start number, name as typed, typed rating).
EntryRow = tuple[int, int, str, int | None]
#: A round result: (entry id, round, kind, opponent entry id, colour, outcome in halves).
ResultRow = tuple[int, int, str, int | None, str | None, int | None]


def tournament_from_rows(event: Any, entries: Iterable[EntryRow],
                         results: Iterable[ResultRow]) -> Tournament:
    """The pure tournament from an event's fields (``name``, ``rounds``, ``date``, ``kind``,
    ``scoring``, ``tiebreak_order``), its entries in start-number order and their results in round
    order.

    One builder for the ORM objects (:func:`tournament_of`) and for plain rows (the derived
    winners), so both give equal tournaments, and so the same cached ranking."""
    entries = list(entries)
    start_no_of = {entry_id: start_no for entry_id, start_no, _name, _rating in entries}
    by_entry: dict[int, list[RoundResult]] = {entry_id: [] for entry_id, *_rest in entries}
    for entry_id, round_no, kind, opponent, colour, halves in results:
        by_entry[entry_id].append(RoundResult(
            round=round_no, kind=Kind(kind),
            opponent=start_no_of.get(opponent) if opponent else None,
            colour=Colour(colour) if colour else None,
            outcome=Fraction(halves, 2) if halves is not None else None))
    players = tuple(Player(start_no=start_no, name=name, rating=rating,
                           results=tuple(by_entry[entry_id]))
                    for entry_id, start_no, name, rating in entries)
    return Tournament(name=event.name, players=players, rounds=event.rounds,
                      start_date=event.date, kind=EventKind(event.kind),
                      scoring=scoring_from_text(event.scoring),
                      tiebreak_codes=tuple(c for c in event.tiebreak_order.split(",") if c))


def tournament_of(event: Event) -> Tournament:
    """A stored event as pure data (for tie-breaks, crosstables and TRF export)."""
    return tournament_from_rows(
        event, ((e.id, e.start_no, e.raw_name, e.typed_rating) for e in event.entries),
        ((r.entry_id, r.round, r.kind, r.opponent_entry_id, r.colour, r.outcome_halves)
         for e in event.entries for r in e.results))


#: The event columns a ranking reads (:func:`rankings_of_rows` takes rows that start with them).
RANKING_COLUMNS = (Event.id, Event.name, Event.rounds, Event.date, Event.kind,
                   Event.tiebreak_order, Event.tiebreak_edition, Event.unrated_rating,
                   Event.scoring)


def stored_rankings(session: DbSession, event_ids: Sequence[int]) -> dict[int, _Ranking]:
    """The rankings of ``event_ids`` read as plain rows (two statements, no ORM objects):
    the same values :func:`event_ranking` gives for the loaded events."""
    if not event_ids:
        return {}
    events = session.execute(
        select(*RANKING_COLUMNS).where(Event.id.in_(sorted(set(event_ids))))).all()
    return rankings_of_rows(session, events)


def standings_order(session: DbSession, event_id: int) -> tuple[int, ...]:
    """The event's entry ids in standings order, as :func:`event_view` orders its rows, from
    the ranking alone (two statements; no rating rows, no cells): what the inline editor
    compares before and after a save. The ranking is the cached one of the event as it is
    now (computed when its page was shown), so this usually ranks nothing."""
    events = session.execute(select(*RANKING_COLUMNS).where(Event.id == event_id)).all()
    if not events:
        return ()
    tournaments, entry_of = _tournaments_of_rows(session, events)
    ranking = _ranking_of_row(events[0], tournaments[event_id])
    return tuple(entry_of[event_id][standing.start_no] for standing in ranking.standings)


@dataclass(frozen=True)
class ExplainInputs:
    """What a tie-break explanation reads of a published event (:func:`explain_inputs`)."""

    event: Any  # a row with RANKING_COLUMNS' names (id, name, date, tiebreak_order, …)
    tournament: Tournament
    member_of_start: dict[int, int | None]  # start number → member id (None: not linked)

    @property
    def codes(self) -> tuple[str, ...]:
        """The event's tie-break codes as its standings apply them: none when the order
        cannot be read (the standings then rank by points only, :func:`_ranking`)."""
        codes_text = tuple(c for c in self.event.tiebreak_order.split(",") if c.strip())
        try:
            parse_order(",".join(codes_text))
        except TiebreakError:
            return ()
        return codes_text


#: An event's entries with their results and members (on the raw driver: plain tuples).
_EVENT_ROWS = Query(
    select(Entry.id, Entry.start_no, Entry.raw_name, Entry.typed_rating, Entry.member_id,
           Result.round, Result.kind, Result.opponent_entry_id, Result.colour,
           Result.outcome_halves)
    .outerjoin(Result, Result.entry_id == Entry.id)
    .where(Entry.event_id == bindparam("event_id")).order_by(Entry.start_no, Result.round))


def explain_inputs(session: DbSession, event_id: int) -> ExplainInputs | None:
    """A published event as plain rows and its pure tournament, in two statements (the event,
    then its entries with their results, as :func:`_tournaments_of_rows` reads them, and each
    entry's member): what one player's tie-break explanation needs, without the event's
    standings (every tie-break of every player), its rating rows or its grid (None: no such
    published event)."""
    event = session.execute(select(*RANKING_COLUMNS).where(
        Event.id == event_id, Event.status == EventStatus.PUBLISHED)).first()
    if event is None:
        return None
    entries: list[EntryRow] = []
    results: list[ResultRow] = []
    members: dict[int, int | None] = {}
    for (entry_id, start_no, name, rating, member_id,
         round_no, kind, opponent, colour, halves) in _EVENT_ROWS.fetch(session.connection(),
                                                                       event_id=event_id):
        if not entries or entries[-1][0] != entry_id:  # each entry's rows come together
            entries.append((entry_id, start_no, name, rating))
            members[start_no] = member_id
        if round_no is not None:
            results.append((entry_id, round_no, kind, opponent, colour, halves))
    return ExplainInputs(event, tournament_from_rows(event, entries, results), members)


def rankings_of_rows(session: DbSession, events: Sequence[Any]) -> dict[int, _Ranking]:
    """The rankings of events already read as rows with :data:`RANKING_COLUMNS`' names
    (``id``, ``name``, ``rounds``, …; more columns may follow): their entries and results
    are read in one statement, an entry without results once (the outer join's NULLs)."""
    if not events:
        return {}
    tournaments, _entry_of = _tournaments_of_rows(session, events)
    return {row.id: _ranking_of_row(row, tournaments[row.id]) for row in events}


def _ranking_of_row(row: Any, t: Tournament) -> _Ranking:
    return _ranking(t, row.tiebreak_edition or "fide-2026", row.tiebreak_order,
                    row.unrated_rating)


def _tournaments_of_rows(session: DbSession, events: Sequence[Any]
                         ) -> tuple[dict[int, Tournament], dict[int, dict[int, int]]]:
    """The pure tournaments of events read as rows (see :func:`rankings_of_rows`), and each
    event's entry id by start number."""
    ids = sorted({row.id for row in events})
    entries: dict[int, list[EntryRow]] = {event_id: [] for event_id in ids}
    results: dict[int, list[ResultRow]] = {event_id: [] for event_id in ids}
    for (event_id, entry_id, start_no, name, rating,
         round_no, kind, opponent, colour, halves) in session.execute(
            select(Entry.event_id, Entry.id, Entry.start_no, Entry.raw_name, Entry.typed_rating,
                   Result.round, Result.kind, Result.opponent_entry_id, Result.colour,
                   Result.outcome_halves)
            .outerjoin(Result, Result.entry_id == Entry.id)
            .where(Entry.event_id.in_(ids))
            .order_by(Entry.event_id, Entry.start_no, Result.round)):
        rows = entries[event_id]
        if not rows or rows[-1][0] != entry_id:  # each entry's rows come together
            rows.append((entry_id, start_no, name, rating))
        if round_no is not None:
            results[event_id].append((entry_id, round_no, kind, opponent, colour, halves))
    tournaments = {row.id: tournament_from_rows(row, entries[row.id], results[row.id])
                   for row in events}
    entry_of = {event_id: {start_no: entry_id for entry_id, start_no, _name, _rating in rows}
                for event_id, rows in entries.items()}
    return tournaments, entry_of


def event_view(session: DbSession, event: Event) -> EventView:
    """Standings (points, then the event's tie-break order and edition), rating changes, grid.

    An order the engine refuses (say a code typed wrongly long ago) does not break the page:
    the standings fall back to points only and ``errors`` says why.
    """
    t = tournament_of(event)
    ranking = _ranking(t, event.tiebreak_edition or "fide-2026", event.tiebreak_order,
                       event.unrated_rating)
    standings, warnings, errors = ranking.standings, ranking.warnings, ranking.errors
    codes_text = list(ranking.codes)
    ratings = {row.member_id: row for row in session.scalars(
        select(RatingRow).where(RatingRow.event_id == event.id))}
    entries = {entry.start_no: entry for entry in event.entries}
    member_of_start = {entry.start_no: entry.member_id for entry in event.entries}
    reasons = uncounted_in_event(event, ratings)
    start_of_entry = {entry.id: entry.start_no for entry in event.entries}  # once, not per row
    rows = []
    for standing in standings:
        entry = entries[standing.start_no]
        rating = ratings.get(entry.member_id) if entry.member_id is not None else None
        rows.append(StandingRow(
            entry_id=entry.id, start_no=entry.start_no, member_id=entry.member_id,
            typed_rating=entry.typed_rating, points=standing.points, rank=standing.rank,
            tiebreaks={code: standing.tiebreaks.get(code) for code in codes_text},
            rating_before=rating.rating_before if rating else None,
            rating_after=rating.rating_after if rating else None,
            games_counted=rating.games_counted if rating else 0,
            cells=_cells(entry, event.rounds, member_of_start, t, reasons, start_of_entry)))
    return EventView(event=event, tournament=t, codes=tuple(codes_text), rows=tuple(rows),
                     warnings=warnings, errors=errors)


@dataclass(frozen=True)
class _Ranking:
    """An event's standings and tie-breaks as computed from its results alone."""

    standings: tuple[Standing, ...]
    codes: tuple[str, ...]
    warnings: tuple[Message | str, ...]  # Messages: translated when printed, per reader
    errors: tuple[str, ...]


def first_places(ranking: _Ranking) -> tuple[int, ...]:
    """The start numbers ranked first (several when the tie-breaks leave the place shared)."""
    return tuple(s.start_no for s in ranking.standings if s.rank == 1)


def event_ranking(event: Event) -> _Ranking:
    """The standings of a loaded event exactly as its page ranks them (kept per change of the
    event, see :func:`_ranking`): the events list names its winners from the same."""
    return _ranking(tournament_of(event), event.tiebreak_edition or "fide-2026",
                    event.tiebreak_order, event.unrated_rating)


@functools.lru_cache(maxsize=RANKINGS_KEPT)
def _ranking(t: Tournament, edition: str, order: str, unrated_rating: int | None = None
             ) -> _Ranking:
    """Standings by points and the tie-break ``order`` under ``edition``.

    They depend on the event's own results and tie-break settings only (ratings and names
    are added per view), so they are computed once per change of that event and kept by
    value: the pure tournament is the key, and any edit of a result, a link or the order
    makes a different key (so does the event's rating for unrated players, which some
    tie-breaks use). Nothing in the result is mutable, so views share it.
    """
    codes_text = [c for c in order.split(",") if c.strip()]
    try:
        codes: list[Code] = list(parse_order(",".join(codes_text))) if codes_text else []
        standings, table = rank_prepared(
            prepare(t, edition, unrated_rating=unrated_rating), codes)
        return _Ranking(tuple(standings), tuple(codes_text), tuple(table.warnings), ())
    except TiebreakError as error:
        standings, _table = rank_prepared(prepare(t, "fide-2026"), [])
        return _Ranking(tuple(standings), (), (), (str(error),))


def _cells(entry: Entry, rounds: int, member_of_start: dict[int, int | None],
           t: Tournament, reasons: dict[int, Uncounted | None] | None = None,
           start_of_entry: dict[int, int] | None = None
           ) -> tuple[ResultCell, ...]:
    by_round = {result.round: result for result in entry.results}
    if start_of_entry is None:
        start_of_entry = {e.id: e.start_no for e in entry.event.entries}
    cells = []
    for round_no in range(1, max(rounds, max(by_round, default=0)) + 1):
        result = by_round.get(round_no)
        if result is None:
            cells.append(ResultCell(None, 0, round_no, Kind.ZERO_BYE, None, None, None,
                                    Fraction(0)))
            continue
        opponent = start_of_entry.get(result.opponent_entry_id) \
            if result.opponent_entry_id else None
        outcome = Fraction(result.outcome_halves, 2) if result.outcome_halves is not None \
            else None
        cells.append(ResultCell(
            result.id, result.version, round_no, Kind(result.kind), opponent,
            member_of_start.get(opponent) if opponent else None, result.colour,
            t.scoring.points(Kind(result.kind), outcome),
            (reasons or {}).get(result.id)))
    return tuple(cells)
