"""The players' own phones at a club night, as plain rules (docs/club-night.md §6): the night's
short code, and what two players' reports of one board come to.

Pure: no Flask, no SQLAlchemy. The services keep the reports and enter a result through the
desk's own use case; this module only says what the reports mean.

**The code.** Six characters from :data:`CODE_ALPHABET`, 31 letters and digits without the
ones read alike (``0``/``O``, ``1``/``I``/``L``): 31⁶ ≈ 8.9 × 10⁸ codes. It is derived from the
server's secret, the night and how often the code was changed (:func:`derive_code`), so a code
cannot be guessed from another night's and a changed code kills the old one. What a player
types is read loosely (:func:`read_code`: any case, spaces and dashes, full-width forms) and
compared in constant time (:func:`codes_match`).

**Reports.** Either player of a board may report its result. By the club's setting
(:data:`RULES`), two reports that agree enter it (``agree``), or every report waits for the
organizer's one tap (``organizer``); two that differ are a disagreement the organizer settles
(:func:`verdict`). A report never changes a result already entered: the services refuse it.
"""

from __future__ import annotations

import hashlib
import hmac
import unicodedata
from dataclasses import dataclass
from enum import StrEnum

from ..vocabulary.messages import N_

#: The code's characters: digits and capitals without 0, O, 1, I and L (read alike).
CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
CODE_LENGTH = 6
#: Characters a typed code may carry besides its own (ignored): spaces, dashes, dots.
_SEPARATORS = frozenset(" -‐‑‒–—.·_")


def derive_code(secret: bytes, night_id: int, rotation: int) -> str:
    """The night's code after ``rotation`` changes: HMAC-SHA256 of the night and the rotation
    under the server's ``secret``, written in :data:`CODE_ALPHABET` (each character from its
    own two bytes of the digest, so the tiny bias of the modulo is under 10⁻³).

    >>> code = derive_code(b"secret", 7, 0)
    >>> len(code), set(code) <= set(CODE_ALPHABET), code == derive_code(b"secret", 7, 0)
    (6, True, True)
    >>> code != derive_code(b"secret", 7, 1) and code != derive_code(b"other", 7, 0)
    True
    """
    digest = hmac.new(secret, f"night-link:{night_id}:{rotation}".encode(), hashlib.sha256)
    raw = digest.digest()
    size = len(CODE_ALPHABET)
    return "".join(CODE_ALPHABET[int.from_bytes(raw[2 * i:2 * i + 2], "big") % size]
                   for i in range(CODE_LENGTH))


def read_code(typed: str | None) -> str | None:
    """The code a player typed, or None when it cannot be one: any case, with spaces, dashes
    or dots between its characters, in full-width forms (NFKC); at most 40 characters read.

    >>> read_code(" abc-234 "), read_code("ＡＢＣ２３４"), read_code("ABC23"), read_code("ABC230")
    ('ABC234', 'ABC234', None, None)
    """
    if not typed or len(typed) > 40:
        return None
    text = unicodedata.normalize("NFKC", typed).upper()
    kept = "".join(ch for ch in text if ch not in _SEPARATORS)
    if len(kept) != CODE_LENGTH or any(ch not in CODE_ALPHABET for ch in kept):
        return None
    return kept


def codes_match(typed: str | None, current: str) -> bool:
    """True when ``typed`` reads as ``current``; compared in constant time (a wrong code
    takes as long to refuse whatever its first right character), and a typed value that
    cannot be a code is compared too, with a placeholder.

    >>> (codes_match("abc 234", "ABC234"), codes_match("ABC235", "ABC234"),
    ...  codes_match(None, "ABC234"))
    (True, False, False)
    """
    read = read_code(typed)
    candidate = (read or "-" * CODE_LENGTH).encode("ascii")
    return hmac.compare_digest(candidate, current.encode("ascii")) and read is not None


class ReportRule(StrEnum):
    """How players' reports become a result (the club's setting ``player_results``)."""

    #: Two reports that agree enter the result; one alone waits for the other or the organizer.
    AGREE = "agree"
    #: Every report waits for the organizer's one tap.
    ORGANIZER = "organizer"


RULES = tuple(rule.value for rule in ReportRule)
#: Each rule in words, as the settings page offers them.
RULE_LABELS = {
    ReportRule.AGREE: N_("When both players report the same result, it is entered; a single "
                         "report waits for the other player or for the organizer."),
    ReportRule.ORGANIZER: N_("Every reported result waits for the organizer, who enters it "
                             "with one tap."),
}


class Verdict(StrEnum):
    """What a board's reports come to."""

    NONE = "none"  # nobody reported
    WAITING = "waiting"  # reports that do not (yet) enter the result
    AGREED = "agreed"  # both players reported the same result
    DISAGREE = "disagree"  # the two players reported different results


@dataclass(frozen=True)
class Reading:
    """The verdict of a board's reports, and the result to enter now (None: none)."""

    verdict: Verdict
    enter: str | None = None


def verdict(white: str | None, black: str | None, rule: ReportRule) -> Reading:
    """What the reports of a board's two players (White's, Black's; None: not reported)
    come to under ``rule``: agreement enters the result under ``agree`` only.

    >>> verdict("1-0", "1-0", ReportRule.AGREE)
    Reading(verdict=<Verdict.AGREED: 'agreed'>, enter='1-0')
    >>> verdict("1-0", "1-0", ReportRule.ORGANIZER).enter is None
    True
    >>> (verdict("1-0", "0-1", ReportRule.AGREE).verdict,
    ...  verdict("½-½", None, ReportRule.AGREE).verdict)
    (<Verdict.DISAGREE: 'disagree'>, <Verdict.WAITING: 'waiting'>)
    """
    if white is None and black is None:
        return Reading(Verdict.NONE)
    if white is None or black is None:
        return Reading(Verdict.WAITING)
    if white != black:
        return Reading(Verdict.DISAGREE)
    return Reading(Verdict.AGREED, white if rule is ReportRule.AGREE else None)


#: What a player reports, from their own side, and the board's result it means.
MY_RESULTS = ("win", "draw", "loss")


def board_result(mine: str, white: bool) -> str:
    """The board's result (White's score first, as stored) for a player's own "win", "draw"
    or "loss"; ValueError for anything else.

    >>> board_result("win", True), board_result("win", False), board_result("draw", False)
    ('1-0', '0-1', '½-½')
    """
    if mine == "draw":
        return "½-½"
    if mine not in ("win", "loss"):
        raise ValueError(f"not a result: {mine!r}")
    return "1-0" if (mine == "win") == white else "0-1"


def my_result(result: str, white: bool) -> str | None:
    """The player's own "win", "draw" or "loss" for a board's played result (None for a
    forfeit or anything else: players do not report those).

    >>> my_result("0-1", False), my_result("½-½", True), my_result("1-0F", True)
    ('win', 'draw', None)
    """
    table = {"1-0": ("win", "loss"), "0-1": ("loss", "win"), "½-½": ("draw", "draw")}
    pair = table.get(result)
    if pair is None:
        return None
    return pair[0] if white else pair[1]


__all__ = ["CODE_ALPHABET", "CODE_LENGTH", "derive_code", "read_code", "codes_match",
           "ReportRule", "RULES", "RULE_LABELS", "Verdict", "Reading", "verdict",
           "MY_RESULTS", "board_result", "my_result"]
