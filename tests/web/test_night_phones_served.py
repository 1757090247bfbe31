"""The players' phones against the app served by gunicorn (several worker processes, real HTTP,
threads racing at a barrier): both players of every board and the organizer report at the
same moment — each board gets one result, the organizer's whenever their tap went through, one
report per player, one result entry in the audit; a report sent twice at once is stored once;
forty wrong codes guessed at once from one address are counted up to the limit exactly and no
guess past it is compared."""

from __future__ import annotations

import datetime as dt
import re
import threading
from collections.abc import Callable
from pathlib import Path

import requests
from sqlalchemy import func, select

from ladder.club.night_self import derive_code
from ladder.extensions import db
from ladder.models import AuditEntry, CodeAttempt, Night, NightBoard, NightReport
from ladder.services import night_rounds as rounds
from ladder.services import night_self as phones
from ladder.services.night import Arrival, NightSettings, check_in, create_night
from tests.served import Organizer, arranged_app, gunicorn

#: gunicorn's secret in tests/served.py: the code the served app derives.
SERVED_SECRET = b"served-secret"
_CSRF = re.compile(r'<meta name="csrf-token" content="([^"]+)"')


def _race(calls: list[Callable[[], requests.Response]]) -> list[requests.Response]:
    barrier = threading.Barrier(len(calls))
    answers: list[requests.Response | None] = [None] * len(calls)

    def run(index: int) -> None:
        barrier.wait()
        answers[index] = calls[index]()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(calls))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return [answer for answer in answers if answer is not None]


class Handset:
    """A phone over real HTTP: its cookies, its CSRF token."""

    def __init__(self, base: str, night_id: int, code: str, start_no: int) -> None:
        self.base, self.night_id = base, night_id
        self.http = requests.Session()
        assert self.http.get(f"{base}/nights/{night_id}/join/{code}", allow_redirects=False,
                             timeout=60).status_code == 303
        page = self.http.get(f"{base}/nights/{night_id}/join", timeout=60).text
        self.token = _CSRF.search(page).group(1)  # type: ignore[union-attr]
        answer = self.http.post(f"{base}/nights/{night_id}/checkin", timeout=60,
                                data={"csrf_token": self.token, "player": str(start_no)},
                                allow_redirects=False)
        assert answer.status_code == 303, answer.text[:300]

    def report(self, board_id: int, version: int, mine: str, key: str) -> requests.Response:
        return self.http.post(f"{self.base}/nights/{self.night_id}/me/report", timeout=60,
                              allow_redirects=False,
                              data={"csrf_token": self.token, "board": str(board_id),
                                    "version": str(version), "revision": "0", "key": key,
                                    "mine": mine})


def _night(app) -> tuple[int, list[tuple[int, int, int, int, int]]]:  # type: ignore[no-untyped-def]
    """A published round 1 of 12 players: (board id, version, white no., black no., number)."""
    with app.app_context():
        night = create_night(NightSettings(name="Served phones", date=dt.date(2025, 2, 4),
                                           rounds=3), actor="test")
        for index in range(12):
            db.session.expire_all()
            check_in(night.id, Arrival(name=f"Player {index:02d}"),
                     db.session.get(Night, night.id).version, "test")
        for action in (rounds.pair_round, rounds.publish_round):
            db.session.expire_all()
            action(night.id, 1, db.session.get(Night, night.id).version, "test")
        db.session.expire_all()
        numbers = {p.id: p.start_no for p in db.session.get(Night, night.id).players}
        boards = [(b.id, b.version, numbers[b.white_id], numbers[b.black_id], b.number)
                  for b in db.session.scalars(select(NightBoard).where(
                      NightBoard.black_id.is_not(None)).order_by(NightBoard.number))]
        return night.id, boards


def test_players_and_the_organizer_report_at_once(tmp_path: Path) -> None:
    app = arranged_app(tmp_path)
    night_id, boards = _night(app)
    code = derive_code(SERVED_SECRET, night_id, 0)
    with gunicorn(app, tmp_path, preload=True) as base:
        organizer = Organizer(base)
        hands = {no: Handset(base, night_id, code, no) for board in boards
                 for no in board[2:4]}
        calls: list[Callable[[], requests.Response]] = []
        organizer_taps: dict[int, int] = {}
        for index, (board_id, version, white, black, _number) in enumerate(boards):
            # Both players say White won; on every other board the organizer taps a draw.
            calls.append(lambda b=board_id, v=version, w=white:
                         hands[w].report(b, v, "win", f"w{b}"))
            calls.append(lambda b=board_id, v=version, k=black:
                         hands[k].report(b, v, "loss", f"b{b}"))
            calls.append(lambda b=board_id, v=version, k=black:
                         hands[k].report(b, v, "loss", f"b{b}"))  # the same tap, sent twice
            if index % 2 == 0:
                organizer_taps[board_id] = len(calls)
                calls.append(lambda b=board_id, v=version: organizer.post(
                    f"/organize/nights/boards/{b}", result="½-½", version=str(v)))
        answers = _race(calls)
        assert len(answers) == len(calls)
        assert all(a.status_code in (200, 303, 409) for a in answers), \
            [a.status_code for a in answers]
        with app.app_context():
            db.session.expire_all()
            for board_id, _version, _white, _black, _number in boards:
                result = db.session.get(NightBoard, board_id).result
                tap = organizer_taps.get(board_id)
                if tap is not None and answers[tap].status_code == 303:
                    assert result == "½-½"  # the organizer's tap went through: it stands
                else:
                    assert result == "1-0"  # the players' agreement entered it
                assert db.session.scalar(select(func.count()).select_from(AuditEntry).where(
                    AuditEntry.action == "night.result",
                    AuditEntry.context.like(f'%"board": {_number},%'))) == 1
                # One report per player, the doubled tap stored once.
                assert db.session.scalar(select(func.count()).select_from(NightReport).where(
                    NightReport.board_id == board_id)) <= 2
                assert db.session.scalar(select(func.count(func.distinct(
                    NightReport.player_id))).where(NightReport.board_id == board_id)) == \
                    db.session.scalar(select(func.count()).select_from(NightReport).where(
                        NightReport.board_id == board_id))


def test_guesses_at_once_are_counted_to_the_limit_exactly(tmp_path: Path) -> None:
    app = arranged_app(tmp_path)
    with app.app_context():
        night_id = create_night(NightSettings(name="Guessed", date=dt.date(2025, 2, 4)),
                                actor="test").id
    code = derive_code(SERVED_SECRET, night_id, 0)
    guesses = 40
    with gunicorn(app, tmp_path, preload=True) as base:
        sessions = [requests.Session() for _ in range(guesses)]
        wrong = [f"{n:06d}".translate(str.maketrans("01", "AB")) for n in range(guesses)]
        answers = _race([lambda s=s, w=w: s.get(f"{base}/nights/{night_id}/join/{w}",
                                                allow_redirects=False, timeout=60)
                         for s, w in zip(sessions, wrong, strict=True)])
        codes = sorted(a.status_code for a in answers)
        assert codes.count(422) == phones.ADDRESS_LIMIT
        assert codes.count(429) == guesses - phones.ADDRESS_LIMIT
        right = requests.get(f"{base}/nights/{night_id}/join/{code}", allow_redirects=False,
                             timeout=60)
        assert right.status_code == 429
        assert "ladder_night_" not in right.headers.get("Set-Cookie", "")
    with app.app_context():
        assert db.session.scalar(select(func.count()).select_from(CodeAttempt)) \
            == phones.ADDRESS_LIMIT
