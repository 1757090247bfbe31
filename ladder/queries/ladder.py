"""The ladder read model: current ratings, ranks, provisional members below."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import Row, func, select

from ..extensions import DbSession
from ..models import ClubSettings, Member
from .prepared import Query


@dataclass(frozen=True)
class LadderLine:
    """One line of the ladder: a member's current rating, games and rank."""

    member_id: int
    rating: float
    games: int
    provisional: bool
    rank: int
    last_change: float | None


#: Who is on the ladder: every visible member with a rating row (who played in a published
#: event). Every replay stores each member's last change with their rows, None exactly when
#: they have none (the ladder check compares it for every member), so the members table
#: alone tells: no look-up in the rating rows per member (a third of a cold ladder's read).
ON_LADDER = (Member.merged_into_id.is_(None), Member.last_change.is_not(None))

# On the raw driver: the floats of 2,000 members arrive as their bits, not as text to parse.
_LINES = Query(select(Member.id, Member.rating, Member.games, Member.last_change)
               .where(*ON_LADDER))


def ladder_lines(session: DbSession, settings: ClubSettings) -> list[LadderLine]:
    """The ladder, best first: established members by rating, then provisional ones
    (docs/club-rating.md §1).

    Members appear once they have played in an event. Equal ratings within a group share the
    rank (1, 2, 2, 4); every provisional member ranks below every established one.
    """
    rows = _LINES.fetch(session.connection())
    threshold = settings.provisional_games
    # Plain tuples (index access) keep this loop cheap for a 2,000-member ladder.
    ordered = sorted(((member_id, rating, games, last_change, games < threshold)
                      for member_id, rating, games, last_change in rows),
                     key=lambda r: (r[4], -r[1], r[0]))
    lines: list[LadderLine] = []
    previous: tuple[bool, float] | None = None
    rank = 0
    for position, (member_id, rating, games, last_change, provisional) in enumerate(
            ordered, start=1):
        if (provisional, rating) != previous:
            rank = position
            previous = (provisional, rating)
        lines.append(LadderLine(member_id, rating, games, provisional, rank, last_change))
    return lines


def ladder_rank(session: DbSession, settings: ClubSettings, member_id: int,
                standing: tuple[float, int, float | None] | None = None) -> int | None:
    """The rank :func:`ladder_lines` gives ``member_id`` (None when not on the ladder), in two
    small queries instead of the whole ladder: one plus everyone ranked strictly above, that
    is every established member above a provisional one, and within the group every higher
    rating (equal ratings share a rank). ``standing`` is the member's (rating, games, last
    change) when the caller has read them (a visible member): one query then."""
    if standing is None:
        mine = session.execute(select(Member.rating, Member.games, Member.last_change)
                               .where(Member.id == member_id, Member.merged_into_id.is_(None))
                               ).first()
        if mine is None:
            return None
        standing = (mine[0], mine[1], mine[2])
    rating, games, last_change = standing
    if last_change is None:  # no rating row: not on the ladder (see ON_LADDER)
        return None
    threshold = settings.provisional_games
    if games >= threshold:  # established: only higher established ratings are above
        above = (Member.games >= threshold) & (Member.rating > rating)
    else:
        above = (Member.games >= threshold) | (Member.rating > rating)
    return 1 + (session.scalar(select(func.count()).select_from(Member)
                               .where(*ON_LADDER, above)) or 0)


def ladder_size(session: DbSession) -> int:
    """How many members are on the ladder (:func:`ladder_lines`' length), counted in SQL."""
    return session.scalar(select(func.count()).select_from(Member).where(*ON_LADDER)) or 0


def ladder_window(session: DbSession, settings: ClubSettings, offset: int, size: int
                  ) -> list[LadderLine]:
    """``size`` lines of the ladder from position ``offset + 1`` on: exactly
    ``ladder_lines(...)[offset:offset + size]``, paged in SQL (a window of 100 lines costs
    about the same on a roster of 2,000 or 8,000).

    The order is :func:`ladder_lines`' (established first, then by rating, highest first,
    then by member id), read as two groups (:func:`_ordered_rows`). Each line's rank is its
    position unless it ties with the line before (equal ratings in one group share a rank);
    so the line just before the window is read too, and only when the window's first line
    ties with it is its rank counted (:func:`ladder_rank`: one plus everyone strictly above).
    """
    threshold = settings.provisional_games
    offset, size = max(0, offset), max(0, size)
    before = 1 if offset else 0
    rows = _ordered_rows(session, threshold, offset - before, size + before)
    previous: tuple[bool, float] | None = None
    if before and rows:
        _id, rating, games, _change = rows[0]
        previous = (games < threshold, rating)
        rows = rows[1:]
    lines: list[LadderLine] = []
    rank = 0
    for position, (member_id, rating, games, last_change) in enumerate(rows,
                                                                       start=offset + 1):
        key = (games < threshold, rating)
        if key != previous:
            rank = position
        elif not lines:  # ties with the line before the window: where did the tie begin?
            rank = ladder_rank(session, settings, member_id,
                               (rating, games, last_change)) or position
        previous = key
        lines.append(LadderLine(member_id, rating, games, games < threshold, rank,
                                last_change))
    return lines


def _ordered_rows(session: DbSession, threshold: int, start: int, count: int
                  ) -> list[Row[int, float, int, float | None]]:
    """Rows ``start`` to ``start + count`` of the ladder's order, as (id, rating, games,
    last change): the established members by rating, highest first, then by id; after them
    the provisional ones in the same order.

    Each group is one query in the order of the rating index (``ix_members_rating``), so the
    database walks the index from the top and stops after the rows asked for, instead of
    sorting the whole roster by a key that depends on the club's setting. The established
    group is counted only when the window reaches past it.
    """
    columns = (Member.id, Member.rating, Member.games, Member.last_change)
    order = (Member.rating.desc(), Member.id)
    established = Member.games >= threshold
    rows = list(session.execute(select(*columns).where(*ON_LADDER, established)
                                .order_by(*order).offset(start).limit(count)).all())
    if len(rows) == count:
        return rows
    if rows or not start:  # the group ended inside the window
        in_group = start + len(rows)
    else:
        in_group = session.scalar(select(func.count()).select_from(Member)
                                  .where(*ON_LADDER, established)) or 0
    rows += session.execute(select(*columns).where(*ON_LADDER, Member.games < threshold)
                            .order_by(*order).offset(max(0, start - in_group))
                            .limit(count - len(rows))).all()
    return rows
