"""Members pages under test: a seeded club and the small helpers its page tests share."""

from __future__ import annotations

import datetime as dt

from flask import Flask

from ladder.extensions import db
from ladder.models import Member
from ladder.vocabulary.tournament import Kind
from tests.factories import csrf_token, direct_writes, member, publish_t, tournament

JAN = dt.date(2025, 1, 7)
W, D, L = Kind.WIN, Kind.DRAW, Kind.LOSS


HTMX = {"HX-Request": "true"}


def seed(app: Flask) -> None:
    """John Smith and his duplicate J. Smith (never in one event), Ann Lee who played John."""
    with app.app_context(), direct_writes():
        publish_t(tournament(["John Smith", "Ann Lee", "Bo Chen"], [(1, 1, 2, W), (2, 2, 3, D)]),
                  JAN)
        publish_t(tournament(["J. Smith", "Bo Chen"], [(1, 1, 2, L)], name="Night 2"),
                  JAN + dt.timedelta(days=7))
        kim = Member(name="Minjun Kim", name_key="minjun kim", junior=True)
        db.session.add(kim)
        db.session.commit()


def ids(app: Flask, *names: str) -> list[int]:
    with app.app_context():
        return [member(n).id for n in names]


def token(client) -> str:
    return csrf_token(client, "/organize/members/")
