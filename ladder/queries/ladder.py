"""The ladder read model: current ratings, ranks, provisional members below."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import exists, select
from sqlalchemy.orm import Session

from ..extensions import DbSession
from ..models import ClubSettings, Member, RatingRow


@dataclass(frozen=True)
class LadderLine:
    """One line of the ladder: a member's current rating, games and rank."""

    member_id: int
    rating: float
    games: int
    provisional: bool
    rank: int
    last_change: float | None


def ladder_lines(session: DbSession, settings: ClubSettings) -> list[LadderLine]:
    """The ladder, best first: established members by rating, then provisional ones (SPEC §2).

    Members appear once they have played in an event. Equal ratings within a group share the
    rank (1, 2, 2, 4); every provisional member ranks below every established one.
    """
    rows = session.execute(
        select(Member.id, Member.rating, Member.games, Member.last_change)
        .where(Member.merged_into_id.is_(None))
        .where(exists().where(RatingRow.member_id == Member.id))
    ).all()
    threshold = settings.provisional_games
    ordered = sorted(rows, key=lambda r: (r.games < threshold, -r.rating, r.id))
    lines: list[LadderLine] = []
    previous: tuple[bool, float] | None = None
    rank = 0
    for position, row in enumerate(ordered, start=1):
        provisional = row.games < threshold
        if (provisional, row.rating) != previous:
            rank = position
            previous = (provisional, row.rating)
        lines.append(LadderLine(row.id, row.rating, row.games, provisional, rank,
                                row.last_change))
    return lines
