"""The tie-break calculator's state in the query string (docs/tiebreaks.md §6: every state has a
URL).

Encoding (documented on the page and in docs/tiebreaks.md §6):

* ``edition=fide-2026`` — one of :data:`ladder.tiebreaks.EDITIONS`.
* ``r=KIND,COLOUR,SCORE,RATING`` — one per round, in order; trailing empty fields may be left
  out: ``r=W,w,3.5,1900``, ``r=D,b,2``, ``r=H``.

  KIND: ``W`` win, ``D`` draw, ``L`` loss, ``FW`` forfeit win, ``FL`` forfeit loss, ``FF``
  double forfeit, ``U`` pairing bye, ``F`` full-point bye, ``H`` half-point bye, ``Z``
  zero-point bye, ``UW``/``UD``/``UL`` played but unrated (won, drawn, lost).
  COLOUR: ``w``, ``b`` or empty. SCORE: the opponent's final (adjusted) score, ``3.5``,
  ``3½``. RATING: the opponent's rating (optional; ARO, TPR and PTP need it).

* Compare mode: ``p=NAME;ROUND;ROUND;…`` — one per player, each ROUND as in ``r``.

The form (for browsers without JavaScript) sends the same data as aligned repeated fields
(``k``, ``c``, ``s``, ``o``); the view turns them into the canonical URL above.
Parsing never raises: every problem becomes a message on the field it concerns.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from urllib.parse import urlencode

from flask_babel import gettext as _
from flask_babel import pgettext

from ...elo.errors import EloError
from ...elo.exact import parse_rating, parse_score
from ...tiebreaks import CalcRound
from ...vocabulary.lists import halfwidth
from ...vocabulary.numbers import HALF
from ...vocabulary.tournament import Colour, Kind
from ..support.forms import quoted

MAX_ROUNDS = 30
MAX_PLAYERS = 8
#: Longest value each field of a round takes (every kind code, colour, score and rating is
#: shorter): a longer one is refused on its field, never cut to fit.
FIELD_LIMITS = {"kind": 4, "colour": 2, "score": 12, "rating": 6, "cumulative": 12}
#: Longest label of a compared player.
MAX_NAME = 40
#: How much of a malformed round a message quotes back.
QUOTED_ROUND = 60

#: URL code -> (kind, outcome for unrated games).
KIND_CODES: dict[str, tuple[Kind, Fraction | None]] = {
    "W": (Kind.WIN, None), "D": (Kind.DRAW, None), "L": (Kind.LOSS, None),
    "FW": (Kind.FORFEIT_WIN, None), "FL": (Kind.FORFEIT_LOSS, None),
    "FF": (Kind.DOUBLE_FORFEIT, None), "U": (Kind.PAIRING_BYE, None),
    "F": (Kind.FULL_BYE, None), "H": (Kind.HALF_BYE, None), "Z": (Kind.ZERO_BYE, None),
    "UW": (Kind.UNRATED_PLAYED, Fraction(1)), "UD": (Kind.UNRATED_PLAYED, HALF),
    "UL": (Kind.UNRATED_PLAYED, Fraction(0)),
}


def kind_labels() -> list[tuple[str, str]]:
    """(code, label) for the kind select, in a sensible order."""
    kinds = [("W", Kind.WIN), ("D", Kind.DRAW), ("L", Kind.LOSS), ("FW", Kind.FORFEIT_WIN),
             ("FL", Kind.FORFEIT_LOSS), ("FF", Kind.DOUBLE_FORFEIT), ("U", Kind.PAIRING_BYE),
             ("F", Kind.FULL_BYE), ("H", Kind.HALF_BYE), ("Z", Kind.ZERO_BYE)]
    return [(code, _(kind.label)) for code, kind in kinds] + [
        ("UW", _("played, unrated: won")), ("UD", _("played, unrated: drawn")),
        ("UL", _("played, unrated: lost"))]


@dataclass
class RoundInput:
    """One round as typed (raw text kept for re-display) and its problems by field."""

    kind: str = "W"
    colour: str = ""
    score: str = ""
    rating: str = ""
    errors: dict[str, str] = field(default_factory=dict)
    #: The opponent's own cumulative score (for OPCUM, US Chess rule 34E), as typed.
    cumulative: str = ""

    def token(self) -> str:
        """The compact URL form, trailing empty fields dropped."""
        parts = [self.kind, self.colour, self.score.replace(",", "."), self.rating,
                 self.cumulative.replace(",", ".")]
        while len(parts) > 1 and not parts[-1]:
            parts.pop()
        return ",".join(p.replace(";", "") for p in parts)

    @property
    def needs_opponent(self) -> bool:
        """True unless the kind is a bye (an unknown kind asks for the opponent's fields)."""
        code = KIND_CODES.get(self.kind.upper())
        return code is None or code[0].has_opponent


def field_labels() -> dict[str, str]:
    """Each field of a round by the heading the page shows above it (messages name it so)."""
    return {"kind": _("Result"), "colour": _("Colour"), "score": _("Opponent's final score"),
            "rating": _("Opponent's rating"),
            "cumulative": _("Opponent's cumulative (for OPCUM)")}


def too_long(label: str, text: str, limit: int) -> str | None:
    """The message for a value longer than ``limit`` (naming its field), else None."""
    if len(text) <= limit:
        return None
    return _("%(field)s: at most %(max)d characters; this one has %(length)d.",
             field=label, max=limit, length=len(text))


def checked_lengths(row: RoundInput) -> RoundInput:
    """``row`` with a message on every field longer than it may be (kept whole, not cut)."""
    labels = field_labels()
    for name, limit in FIELD_LIMITS.items():
        message = too_long(labels[name], getattr(row, name), limit)
        if message:
            row.errors.setdefault(name, message)
    return row


def parse_token(token: str) -> RoundInput:
    """One ``r`` value; a malformed token becomes a round with an error, never an exception."""
    parts = [p.strip() for p in halfwidth(token).split(",")]  # ，and 、 separate too
    if len(parts) > 5:
        row = RoundInput(parts[0])
        row.errors["kind"] = _("This round has more than five fields (kind, colour, "
                               "opponent's score, rating, opponent's cumulative): %(t)s",
                               t=quoted(token, QUOTED_ROUND))
        return row
    parts += [""] * (5 - len(parts))
    return checked_lengths(RoundInput(parts[0], parts[1], parts[2], parts[3],
                                      cumulative=parts[4]))


def from_form(kinds: Sequence[str], colours: Sequence[str], scores: Sequence[str],
              ratings: Sequence[str], cumulatives: Sequence[str] = ()) -> list[RoundInput]:
    """Rounds from the aligned repeated form fields (missing ones count as empty)."""
    n = len(kinds)
    pad = lambda xs: list(xs[:n]) + [""] * (n - len(xs))  # noqa: E731
    return [checked_lengths(RoundInput(k.strip(), c.strip(), s.strip(), o.strip(),
                                       cumulative=u.strip()))
            for k, c, s, o, u in zip(kinds, pad(colours), pad(scores), pad(ratings),
                                     pad(cumulatives), strict=False)]


def _rating(row: RoundInput) -> int | None:
    """The opponent's rating as typed (None when empty; a message on the row when wrong)."""
    if not row.rating:
        return None
    try:
        return parse_rating(row.rating)
    except EloError as error:
        row.errors["rating"] = (_("A rating cannot be negative.") if "negative" in str(error)
                                else _("A rating is a whole number between 0 and 4000."))
        return None


def _cumulative(row: RoundInput) -> Fraction | None:
    """The opponent's cumulative score as typed, for OPCUM (None when empty or wrong)."""
    if not row.cumulative:
        return None
    try:
        return Fraction(parse_score(row.cumulative))
    except EloError:
        row.errors["cumulative"] = _("“%(s)s” is not a score such as 3 or 3.5.",
                                     s=row.cumulative)
        return None


def validate(rows: list[RoundInput]) -> list[CalcRound] | None:
    """The engine's rounds, or None when any field has a problem (messages set on rows)."""
    out: list[CalcRound] = []
    rounds = len(rows)
    for row in rows:
        if row.errors:
            continue
        code = KIND_CODES.get(row.kind.upper())
        if code is None:
            row.errors["kind"] = _("Unknown result kind “%(k)s”: use W, D, L, FW, FL, FF, U, "
                                   "F, H, Z, UW, UD or UL.", k=row.kind)
        kind, outcome = code or (Kind.WIN, None)
        colour = None
        if row.colour:
            if row.colour.lower() not in ("w", "b"):
                row.errors["colour"] = _("Colour is w (White), b (Black) or empty.")
            else:
                colour = Colour(row.colour.lower())
        score = None
        if kind.has_opponent:
            if not row.score:
                row.errors["score"] = _("Type the opponent's final score.")
            else:
                try:
                    score = parse_score(row.score)
                except EloError:
                    row.errors["score"] = _("“%(s)s” is not a score such as 3 or 3.5.",
                                            s=row.score)
                else:
                    if score > rounds:
                        row.errors["score"] = _(
                            "An opponent cannot score %(s)s in %(n)d rounds.",
                            s=row.score, n=rounds)
        rating = _rating(row) if kind.has_opponent else None
        cumulative = _cumulative(row) if kind.has_opponent else None
        if not row.errors:
            out.append(CalcRound(kind, score, colour, rating, outcome, cumulative))
    if any(row.errors for row in rows):
        return None
    return out


def canonical_query(edition: str, rows: Sequence[RoundInput]) -> str:
    """The shareable query string of a calculator state."""
    return urlencode([("edition", edition)] + [("r", row.token()) for row in rows])


@dataclass
class PlayerInput:
    """One column of the compare mode: a label and its rounds."""

    name: str
    rows: list[RoundInput]
    errors: dict[str, str] = field(default_factory=dict)

    def token(self) -> str:
        """The compact URL form: ``NAME;ROUND;ROUND;…``."""
        return ";".join([self.name.replace(";", " ").strip()] + [r.token() for r in self.rows])

    def text(self) -> str:
        """The rounds as the textarea shows them: one round per line."""
        return "\n".join(r.token() for r in self.rows)


def _player(name: str, rows: list[RoundInput]) -> PlayerInput:
    """A compare column; a label longer than :data:`MAX_NAME` is marked, not cut."""
    player = PlayerInput(name.strip(), rows)
    message = too_long(pgettext("person", "Name"), player.name, MAX_NAME)
    if message:
        player.errors["name"] = message
    return player


def parse_player(token: str) -> PlayerInput:
    """One ``p`` value: ``NAME;ROUND;ROUND;…``."""
    name, *rounds = token.split(";")
    return _player(name, [parse_token(r) for r in rounds if r.strip()])


def player_from_form(name: str, text: str) -> PlayerInput:
    """A compare column from its name field and textarea (one round per line, or ``;``)."""
    tokens = [t for t in halfwidth(text).replace(";", "\n").splitlines() if t.strip()]
    return _player(name, [parse_token(t) for t in tokens])


def compare_query(edition: str, players: Sequence[PlayerInput]) -> str:
    """The shareable query string of a compare state."""
    return urlencode([("edition", edition)] + [("p", p.token()) for p in players])
