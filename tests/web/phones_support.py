"""Support for the phone tests: a night with a roster (a junior without consent among them), a
phone as the Flask test client sees one, and the organizer's taps."""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass, field

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from ladder.extensions import db
from ladder.models import Member, Night, NightBoard
from ladder.queries.night_self import link_state, night_code
from ladder.services import night_rounds as rounds
from ladder.services.members import set_junior
from ladder.services.night import NightSettings, create_night, tick
from ladder.vocabulary.tournament import Kind
from tests.factories import HTMX, publish_t, tournament

ROSTER = ["Ann Lee", "Bo Chen", "Cai Wu", "Dee Park", "Eve Ng", "Fay Oh", "Chloé Martin"]
HIDDEN = "Chloé Martin"
_CSRF = re.compile(r'<meta name="csrf-token" content="([^"]*)"')


def arrange(app: Flask, visibility: str = "public") -> tuple[int, dict[str, int]]:
    """The roster with one event behind it (Chloé Martin a junior without consent) and a new
    two-round Swiss night; returns the night's id and the members' ids."""
    with app.app_context():
        games = [(1, 1, 2, Kind.WIN), (1, 3, 4, Kind.DRAW), (1, 5, 6, Kind.LOSS),
                 (2, 7, 1, Kind.DRAW)]
        publish_t(tournament(ROSTER, games, name="Earlier"), dt.date(2025, 1, 7))
        ids = {m.name: m.id for m in db.session.scalars(select(Member))}
        set_junior(ids[HIDDEN], True, "org")
        if visibility != "public":
            from tests.web.crawler import set_visibility
            set_visibility(app, visibility)
        night = create_night(NightSettings(name="Tuesday", date=dt.date(2025, 2, 4),
                                           rounds=2), actor="org")
        return night.id, ids


def code_of(app: Flask, night_id: int) -> str:
    """The night's current code, as the desk shows it."""
    with app.app_context():
        return night_code(night_id, link_state(db.session, night_id).rotation)


def version_of(app: Flask, night_id: int) -> int:
    with app.app_context():
        return db.session.get(Night, night_id).version


def boards_of(app: Flask, night_id: int, round_no: int) -> list[tuple[int, int, int, int]]:
    """(board id, version, white player id, black player id) of a round's games."""
    with app.app_context():
        return [(b.id, b.version, b.white_id, b.black_id) for b in db.session.scalars(
            select(NightBoard).where(NightBoard.night_id == night_id,
                                     NightBoard.round == round_no,
                                     NightBoard.black_id.is_not(None))
            .order_by(NightBoard.number))]


def tick_members(app: Flask, night_id: int, ids: dict[str, int], names: list[str]) -> None:
    with app.app_context():
        for name in names:
            tick(night_id, ids[name], True, "org")


def pair_and_publish(app: Flask, night_id: int, round_no: int) -> None:
    with app.app_context():
        rounds.pair_round(night_id, round_no, db.session.get(Night, night_id).version, "org")
        rounds.publish_round(night_id, round_no, db.session.get(Night, night_id).version,
                             "org")


def board_result(app: Flask, board_id: int) -> str | None:
    with app.app_context():
        return db.session.get(NightBoard, board_id).result


@dataclass
class PhoneClient:
    """One phone: its own cookie jar; the CSRF token of the last page it read."""

    client: FlaskClient
    night_id: int
    token: str = ""
    pages: list[tuple[str, str]] = field(default_factory=list)

    def get(self, path: str, **headers: str) -> tuple[int, str, dict[str, str]]:
        answer = self.client.get(path, headers=headers)
        body = answer.get_data(as_text=True)
        found = _CSRF.search(body)
        if found and found.group(1):
            self.token = found.group(1)
        self.pages.append((path, body))
        return answer.status_code, body, dict(answer.headers)

    def post(self, path: str, htmx: str = "", with_token: bool = True,
             **fields: str) -> tuple[int, str, dict[str, str]]:
        if not self.token:
            self.get(f"/nights/{self.night_id}/join")
        data = {**({"csrf_token": self.token} if with_token else {}), **fields}
        headers = {**HTMX, "HX-Target": htmx} if htmx else {}
        answer = self.client.post(path, data=data, headers=headers)
        body = answer.get_data(as_text=True)
        self.pages.append((path, body))
        return answer.status_code, body, dict(answer.headers)

    def scan(self, code: str) -> tuple[int, str, dict[str, str]]:
        """The QR code's address."""
        return self.get(f"/nights/{self.night_id}/join/{code}")

    def type_code(self, code: str) -> tuple[int, str, dict[str, str]]:
        return self.post(f"/nights/{self.night_id}/join", code=code)

    def check_in(self, **fields: str) -> tuple[int, str, dict[str, str]]:
        return self.post(f"/nights/{self.night_id}/checkin", **fields)

    def me(self, fragment: bool = False, **headers: str) -> tuple[int, str, dict[str, str]]:
        extra = {**HTMX, "HX-Target": "me-live"} if fragment else {}
        return self.get(f"/nights/{self.night_id}/me", **extra, **headers)

    def report(self, board_id: int, version: int, mine: str, revision: int = 0,
               key: str = "k", htmx: bool = True) -> tuple[int, str, dict[str, str]]:
        return self.post(f"/nights/{self.night_id}/me/report", htmx="me-live" if htmx else "",
                         board=str(board_id), version=str(version), revision=str(revision),
                         key=key, mine=mine)


def phone(app: Flask, night_id: int) -> PhoneClient:
    """A new phone (no cookie yet)."""
    return PhoneClient(app.test_client(), night_id)
