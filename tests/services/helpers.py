"""Helpers for service tests: publish pure tournaments and snapshot the ladder."""

from __future__ import annotations

import datetime as dt
import json

from sqlalchemy import select

from ladder.extensions import db
from ladder.models import Event, Member, RatingRow
from ladder.services.events import PublishRequest, exact_links, publish
from ladder.tournament import Tournament


def publish_t(t: Tournament, date: dt.date, rated: bool = True) -> Event:
    """Publish ``t`` on ``date`` with identical names linked."""
    return publish(PublishRequest(tournament=t, name=t.name, date=date, kind=t.kind,
                                  rated=rated, links=exact_links(t)), actor="test")


def member(name: str) -> Member:
    """The visible member called ``name``."""
    return db.session.scalar(select(Member).where(Member.name == name,
                                                  Member.merged_into_id.is_(None)))


def snapshot() -> str:
    """Every rating row and member state, as one comparable string."""
    rows = db.session.execute(select(RatingRow.event_id, RatingRow.member_id,
                                     RatingRow.rating_before, RatingRow.rating_after,
                                     RatingRow.games_before, RatingRow.games_counted)
                              .order_by(RatingRow.event_id, RatingRow.member_id)).all()
    members = db.session.execute(select(Member.id, Member.name, Member.rating, Member.games,
                                        Member.merged_into_id).order_by(Member.id)).all()
    return json.dumps([[list(r) for r in rows], [list(m) for m in members]])
