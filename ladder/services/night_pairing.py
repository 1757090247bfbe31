"""A big round paired in the background (docs/club-night.md §3, "A big round").

The Dutch engine takes seconds of CPU for a round of hundreds of players. No request waits
for it and no write waits behind it:

1. :func:`start_job` (a unit of work, under the night's version check) notes on the night
   which round is being paired, by which job (a token) and since when;
2. a thread of the worker that took the request (:func:`launch`) reads the night without
   the write lock (:func:`~.night_rounds.pose_pairing`), has the engine pair the round in a
   process of its own (``python -m ladder.club.pairing_job``: the CPU is not taken from the
   worker's pages), and notes every few seconds that it is alive (:func:`heartbeat`);
3. the pairing is stored by :func:`~.night_rounds.store_pairing` under the version check,
   refused if the night changed meanwhile — then :func:`give_up` notes why on the night.

The desk polls the night's state (``queries.night.PairingView``) and shows the preview once
the round is stored. A job whose worker stopped (a restart, a crash) stops being seen: after
:data:`~ladder.queries.night.PAIRING_STALE_SECONDS` without a sign of life it has expired,
the desk says so and offers to pair again; the old job, if it ever ends, stores nothing (its
token is no longer the night's).

Starting, the heartbeats and giving up are bookkeeping writes (``changes_pages=False``: no
page shows them, no cached page is dropped); the pairing itself is audited when stored.
"""

from __future__ import annotations

import json
import logging
import os
import secrets
import subprocess
import sys
import threading
import time
from dataclasses import dataclass
from typing import Any

from flask import Flask

from ..club.night import message_to_json
from ..club.pairing_job import answer_from_json
from ..extensions import db
from ..models import Night, utcnow
from ..pairing.api import Refusal, RoundPairing
from ..queries.night import PAIRING_STALE_SECONDS, pairing_running
from ..vocabulary.messages import N_, Message, msg
from . import ServiceError, use_case
from .night import StaleNight, check_open, check_version, night_or_404
from .night_rounds import CHANGED_MEANWHILE, pose_pairing, store_pairing, swiss_engine
from .uow import read_afresh

log = logging.getLogger(__name__)

#: Seconds between two signs of life of a running job.
HEARTBEAT_SECONDS = 2.0
#: A job still running after this many seconds is stopped (no round needs that long).
LIMIT_SECONDS = 900.0

_REFUSED = N_("No legal pairing of round %(round)d exists: %(why)s")
_FAILED = N_("The pairing of round %(round)d stopped without a result: %(why)s Pair the "
             "round again.")
_TOO_LONG = N_("The pairing of round %(round)d took longer than %(minutes)d minutes and was "
               "stopped. Pair the round again.")


@dataclass(frozen=True)
class JobSettings:
    """How a job runs (the app's ``NIGHT_PAIRING_*`` settings)."""

    heartbeat: float = HEARTBEAT_SECONDS
    limit: float = LIMIT_SECONDS
    #: The engine in a child process (True), or in the job's own thread.
    process: bool = True


def settings_of(app: Flask) -> JobSettings:
    """The job settings of ``app``'s configuration."""
    config = app.config
    return JobSettings(heartbeat=float(config.get("NIGHT_PAIRING_HEARTBEAT_SECONDS",
                                                  HEARTBEAT_SECONDS)),
                       limit=float(config.get("NIGHT_PAIRING_LIMIT_SECONDS", LIMIT_SECONDS)),
                       process=bool(config.get("NIGHT_PAIRING_PROCESS", True)))


@use_case(changes_pages=False)
def start_job(night_id: int, round_no: int, version: int, *,
              stale: float = PAIRING_STALE_SECONDS) -> str | None:
    """Note that round ``round_no`` is being paired by a new job; its token, or None when
    there is nothing to start: the round is paired already, or a job pairing it is alive (a
    double click, a second organizer). A form older than the night is refused."""
    night = night_or_404(night_id)
    check_open(night)
    if any(r.round == round_no for r in night.rounds_state):
        return None
    if night.pairing_round == round_no and pairing_running(night, utcnow(), stale):
        return None
    check_version(night, version)
    token = secrets.token_hex(16)
    now = utcnow()
    night.pairing_round, night.pairing_token = round_no, token
    night.pairing_started_at = night.pairing_seen_at = now
    night.pairing_note = None
    return token


@use_case(changes_pages=False)
def heartbeat(night_id: int, token: str) -> bool:
    """A running job's sign of life; False when the night gave it up (it should stop)."""
    night = db.session.get(Night, night_id)
    if night is None or night.pairing_token != token:
        return False
    night.pairing_seen_at = utcnow()
    return True


@use_case(changes_pages=False)
def give_up(night_id: int, token: str, note: Message | None) -> None:
    """The job ``token`` ends without storing a round: the night stops showing it as running
    and says ``note`` (why). Nothing when another job has taken over."""
    night = db.session.get(Night, night_id)
    if night is None or night.pairing_token != token:
        return
    night.pairing_round = night.pairing_token = None
    night.pairing_started_at = night.pairing_seen_at = None
    night.pairing_note = json.dumps(message_to_json(note), ensure_ascii=False) if note else None


class GivenUp(Exception):
    """The night gave the job up (expired and replaced): it stops and stores nothing."""


def engine_in_process(trf: str, alive: Any, settings: JobSettings) -> RoundPairing | Refusal:
    """The engine's answer for the posed ``trf``, worked out by a child process; ``alive()``
    is called every heartbeat and the child is stopped when it answers False or the job
    takes longer than the limit."""
    child = subprocess.Popen([sys.executable, "-m", "ladder.club.pairing_job", str(os.getpid())],
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True, encoding="utf-8")
    began = time.monotonic()
    given: str | None = trf
    try:
        while True:
            try:
                out, err = child.communicate(given, timeout=settings.heartbeat)
                break
            except subprocess.TimeoutExpired:
                given = None  # written already; a retry keeps what was read so far
                if time.monotonic() - began > settings.limit:
                    raise TimeoutError from None
                if not alive():
                    raise GivenUp from None
    finally:
        if child.poll() is None:
            child.kill()
            child.communicate()
    if child.returncode != 0:
        raise RuntimeError(f"the pairing process ended with status {child.returncode}: "
                           f"{err.strip()[-500:]}")
    answer: dict[str, Any] = json.loads(out)
    log.info("a round paired in a child process: %s CPU-s, %.1f s in all",
             answer.get("cpu_seconds"), time.monotonic() - began)
    return answer_from_json(answer)


def engine_in_thread(trf: str, alive: Any, settings: JobSettings) -> RoundPairing | Refusal:
    """The engine's answer worked out in the job's own thread (``NIGHT_PAIRING_PROCESS``
    off), with a sign of life every heartbeat from a helper thread meanwhile."""
    done = threading.Event()

    def beat() -> None:
        while not done.wait(settings.heartbeat):
            alive()
    beating = threading.Thread(target=beat, name="night-pairing-heartbeat", daemon=True)
    beating.start()
    try:
        return swiss_engine()(trf)
    finally:
        done.set()


def run_job(app: Flask, night_id: int, round_no: int, version: int, token: str, actor: str,
            settings: JobSettings) -> None:
    """The job: read, pair (outside the write lock), store under the version check; on any
    failure the night says why (:func:`give_up`). Runs in a thread of its own."""
    with app.app_context():
        try:
            _run(app, night_id, round_no, version, token, actor, settings)
        except GivenUp:
            pass
        except StaleNight:  # a check-in, a bye, a withdrawal … since the job started
            give_up(night_id, token, msg(CHANGED_MEANWHILE, round=round_no,
                                         now=_version(night_id)))
        except ServiceError as error:  # the night was finished meanwhile, or gave it up
            give_up(night_id, token, msg(_FAILED, round=round_no, why=error.message))
        except TimeoutError:
            give_up(night_id, token, msg(_TOO_LONG, round=round_no,
                                         minutes=int(settings.limit // 60)))
        except Exception as error:  # noqa: BLE001 - said on the desk, logged in full here
            log.exception("pairing round %s of night %s failed", round_no, night_id)
            give_up(night_id, token, msg(_FAILED, round=round_no, why=type(error).__name__))
        finally:
            db.session.remove()


def _version(night_id: int) -> int:
    read_afresh()
    night = db.session.get(Night, night_id)
    return night.version if night is not None else 0


def _alive(app: Flask, night_id: int, token: str) -> bool:
    """The job's sign of life, from whichever thread calls it (a context of its own)."""
    with app.app_context():
        return heartbeat(night_id, token)


def _run(app: Flask, night_id: int, round_no: int, version: int, token: str, actor: str,
         settings: JobSettings) -> None:
    posed = pose_pairing(night_id, round_no, version)
    if posed.paired:
        give_up(night_id, token, None)
        return
    if posed.ready is not None:
        answer: RoundPairing | Refusal = posed.ready
    else:
        assert posed.trf is not None
        engine = engine_in_process if settings.process else engine_in_thread
        answer = engine(posed.trf, lambda: _alive(app, night_id, token), settings)
    if isinstance(answer, Refusal):
        give_up(night_id, token, msg(_REFUSED, round=answer.round, why=answer.reason))
        return
    store_pairing(night_id, round_no, version, answer, actor, token)


def launch(app: Flask, night_id: int, round_no: int, version: int, token: str,
           actor: str) -> threading.Thread:
    """Start the job ``token`` in a thread of this worker (a daemon: a stopping worker does
    not wait for it; the job then expires)."""
    thread = threading.Thread(
        target=run_job, name=f"night-{night_id}-round-{round_no}", daemon=True,
        args=(app, night_id, round_no, version, token, actor, settings_of(app)))
    thread.start()
    return thread


__all__ = ["start_job", "heartbeat", "give_up", "launch", "run_job", "JobSettings",
           "settings_of", "engine_in_process", "engine_in_thread", "GivenUp"]
