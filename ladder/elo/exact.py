"""Exact number helpers shared by the Elo tools: parsing, rounding, formatting."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from fractions import Fraction

from ladder.elo.errors import EloError
from ladder.vocabulary.lists import halfwidth, split_list
from ladder.vocabulary.messages import msg, msgn
from ladder.vocabulary.numbers import decimal_text

MAX_RATING = 4000
#: The most opponents one calculation takes (a long season of club nights fits).
MAX_OPPONENTS = 200


def round_half_away(value: Fraction) -> int:
    """``value`` rounded to the nearest integer, halves away from zero (B.02 8.3)."""
    sign = -1 if value < 0 else 1
    return sign * int(abs(value) + Fraction(1, 2))


def round_half_up(value: Fraction) -> int:
    """``value`` rounded to the nearest integer, halves up (averages, C.07 10.1)."""
    return (value + Fraction(1, 2)).__floor__()


def parse_rating(text: str | int, field: str = "rating") -> int:
    """A rating: a whole number 0 … 4000 (full-width digits too: ``１６００``)."""
    raw = halfwidth(str(text)).strip()
    try:
        value = int(raw)
    except ValueError:
        raise EloError(field, msg("%(value)s is not a whole number", value=repr(raw))) from None
    if value < 0:
        raise EloError(field, msg("a rating cannot be negative (%(value)d)", value=value))
    if value > MAX_RATING:
        raise EloError(field, msg("a rating above %(max)d is not plausible (%(value)d)",
                                  max=MAX_RATING, value=value))
    return value


def parse_ratings(text: str | Iterable[int], field: str = "opponents") -> tuple[int, ...]:
    """Opponents' ratings separated by commas, semicolons, spaces, or a Chinese keyboard's
    full-width comma and ``、`` (``"1798, 1801 1897"``, ``"1798，1801、1897"``:
    :func:`ladder.vocabulary.lists.split_list`)."""
    if not isinstance(text, str):
        return tuple(parse_rating(r, field) for r in text)
    parts = split_list(text)
    if not parts:
        raise EloError(field, msg("no opponent ratings given"))
    if len(parts) > MAX_OPPONENTS:
        raise EloError(field, msg("at most %(max)d opponents (%(count)d were given)",
                                  max=MAX_OPPONENTS, count=len(parts)))
    return tuple(parse_rating(p, field) for p in parts)


def parse_score(text: str | Fraction | int | float, field: str = "score") -> Fraction:
    """A score in half points: ``2``, ``2.5``, ``2,5``, ``2½``, ``½``."""
    if isinstance(text, (Fraction, int)):
        value = Fraction(text)
    else:
        raw = halfwidth(str(text)).strip().replace(",", ".")
        if raw.endswith("½"):
            raw = (raw[:-1] or "0") + ".5" if "." not in raw else ""
        try:
            value = Fraction(raw)
        except (ValueError, ZeroDivisionError):
            raise EloError(field, msg("%(value)s is not a score such as 2 or 2.5",
                                      value=repr(str(text).strip()))) from None
    if value < 0:
        raise EloError(field, msg("a score cannot be negative (%(score)s)",
                                  score=formula_number(value)))
    if (value * 2).denominator != 1:
        raise EloError(field, msg("a score is counted in half points (%(score)s)",
                                  score=formula_number(value)))
    return value


def check_score(score: Fraction, games: int, field: str = "score") -> None:
    """The score cannot exceed the number of games."""
    if score > games:
        raise EloError(field, msgn("a score of %(score)s is more than the %(num)d game played",
                                   "a score of %(score)s is more than the %(num)d games played",
                                   games, score=formula_number(score)))


def check_record(rating: int, opponents: Sequence[int], score: Fraction) -> None:
    """Rating, opponents' ratings and score make sense (else EloError naming the field)."""
    if rating < 0:
        raise EloError("rating", msg("a rating cannot be negative (%(value)d)", value=rating))
    if not opponents:
        raise EloError("opponents", msg("no opponent ratings given"))
    if any(r < 0 for r in opponents):
        raise EloError("opponents", msg("a rating cannot be negative"))
    if score < 0:
        raise EloError("score", msg("a score cannot be negative (%(score)s)",
                                    score=formula_number(score)))
    check_score(score, len(opponents))


def formula_number(value: Fraction | int | float | None, places: int = 2) -> str:
    """2, 2.5, 1.86, 0.3599 … (exact when short, else ``places`` decimals): the one number
    formatter, :func:`ladder.vocabulary.numbers.decimal_text`, with the Elo tools' two places."""
    return decimal_text(value, places)


def signed(value: int | Fraction) -> str:
    """+6, −3, 0 (with a real minus sign for readability)."""
    text = formula_number(value)
    if value > 0:
        return "+" + text
    return text.replace("-", "−")
