"""Who is on the ladder, at which rank, and what a profile counts: the reads the ladder page
and the member profile share (queries/ladder.py, queries/members.py).

The ladder lists every visible member with a rating row, read from the members table (the
stored last change is None exactly for a member without rows); a profile's rank is the
rank the ladder gives; its record and its "did not count" marks come from one read of the
member's games.
"""

from __future__ import annotations

import datetime as dt

from sqlalchemy import select

from ladder.extensions import db
from ladder.models import Event, Member, RatingRow
from ladder.queries.club import club_settings
from ladder.queries.ladder import ladder_lines, ladder_rank
from ladder.queries.members import member_profile
from ladder.rating import Uncounted
from ladder.services import members as member_service
from ladder.services.corrections import set_published
from ladder.services.ladder_check import check
from ladder.vocabulary.tournament import Kind
from tests.factories import member, publish_t, tournament

W, D, L = Kind.WIN, Kind.DRAW, Kind.LOSS
JAN = dt.date(2025, 1, 7)


def _history() -> None:
    """Ann, Bo, Cai and Dee play; Eve and Fay meet only in a forfeit (rows, no counted
    game); Gil plays only in an event taken back to draft (no row); Hal, who beat Bo, is
    merged into Ann."""
    publish_t(tournament(["Ann Lee", "Bo Chen", "Cai Wu", "Dee Park"],
                         [(1, 1, 2, W), (1, 3, 4, D), (2, 1, 3, L), (2, 2, 4, W)]), JAN)
    publish_t(tournament(["Ann Lee", "Bo Chen", "Eve Ng", "Fay Oh"],
                         [(1, 1, 2, D), (1, 3, 4, Kind.FORFEIT_WIN)], name="Second"),
              JAN + dt.timedelta(days=7))
    publish_t(tournament(["Hal Ma", "Bo Chen"], [(1, 1, 2, W)], name="Third"),
              JAN + dt.timedelta(days=14))
    draft = publish_t(tournament(["Ann Lee", "Gil Yu"], [(1, 1, 2, W)], name="Draft"),
                      JAN + dt.timedelta(days=21))
    set_published(draft.id, "test", version=db.session.get(Event, draft.id).version,
                  published=False)
    member_service.merge(member("Hal Ma").id, member("Ann Lee").id, actor="test")


def _merged(name: str) -> int:
    """The id of the member called ``name`` who was merged away."""
    return db.session.scalar(select(Member.id).where(Member.name == name,
                                                     Member.merged_into_id.is_not(None)))


def test_the_ladder_lists_every_visible_member_with_a_rating_row_at_one_rank(ctx) -> None:
    _history()
    settings = club_settings(db.session)
    lines = ladder_lines(db.session, settings)
    with_rows = set(db.session.scalars(
        select(Member.id).where(Member.merged_into_id.is_(None),
                                select(RatingRow.member_id)
                                .where(RatingRow.member_id == Member.id).exists())))
    assert {line.member_id for line in lines} == with_rows
    assert member("Eve Ng").id in with_rows and member("Fay Oh").id in with_rows
    assert _merged("Hal Ma") not in with_rows and member("Gil Yu").id not in with_rows
    for line in lines:
        assert ladder_rank(db.session, settings, line.member_id) == line.rank
        profile = member_profile(db.session, settings, line.member_id)
        assert profile is not None and profile.rank == line.rank
    assert ladder_rank(db.session, settings, _merged("Hal Ma")) is None
    assert check() == []


def test_a_profile_counts_the_record_forfeits_and_uncounted_games_from_one_read(ctx) -> None:
    _history()
    settings = club_settings(db.session)
    ann = member_profile(db.session, settings, member("Ann Lee").id)
    assert ann is not None
    # Ann: beat Bo, lost to Cai, drew Bo; and Hal's win over Bo, merged into her.
    assert (ann.overall.wins, ann.overall.draws, ann.overall.losses) == (2, 1, 1)
    assert {h2h.opponent_id: h2h.record.games for h2h in ann.head_to_head} == {
        member("Bo Chen").id: 3, member("Cai Wu").id: 1}
    eve = member_profile(db.session, settings, member("Eve Ng").id)
    assert eve is not None and eve.forfeits == 1 and eve.overall.games == 0
    assert [line.uncounted for line in eve.events] == [((Uncounted.FORFEIT, 1),)]
