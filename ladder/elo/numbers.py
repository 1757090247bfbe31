"""Exact number helpers shared by the Elo tools: parsing, rounding, formatting."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from fractions import Fraction

from ladder.elo.errors import EloError

MAX_RATING = 4000


def round_half_away(value: Fraction) -> int:
    """``value`` rounded to the nearest integer, halves away from zero (B.02 8.3)."""
    sign = -1 if value < 0 else 1
    return sign * int(abs(value) + Fraction(1, 2))


def round_half_up(value: Fraction) -> int:
    """``value`` rounded to the nearest integer, halves up (averages, C.07 10.1)."""
    return (value + Fraction(1, 2)).__floor__()


def parse_rating(text: str | int, field: str = "rating") -> int:
    """A rating: a whole number 0 … 4000."""
    raw = str(text).strip()
    try:
        value = int(raw)
    except ValueError:
        raise EloError(field, f"{raw!r} is not a whole number") from None
    if value < 0:
        raise EloError(field, f"a rating cannot be negative ({value})")
    if value > MAX_RATING:
        raise EloError(field, f"a rating above {MAX_RATING} is not plausible ({value})")
    return value


def parse_ratings(text: str | Iterable[int], field: str = "opponents") -> tuple[int, ...]:
    """Opponents' ratings, comma, semicolon or space separated (``"1798, 1801 1897"``)."""
    if not isinstance(text, str):
        return tuple(parse_rating(r, field) for r in text)
    parts = [p for p in text.replace(";", ",").replace(",", " ").split() if p]
    if not parts:
        raise EloError(field, "no opponent ratings given")
    if len(parts) > 200:
        raise EloError(field, "at most 200 opponents")
    return tuple(parse_rating(p, field) for p in parts)


def parse_score(text: str | Fraction | int | float, field: str = "score") -> Fraction:
    """A score in half points: ``2``, ``2.5``, ``2,5``, ``2½``, ``½``."""
    if isinstance(text, (Fraction, int)):
        value = Fraction(text)
    else:
        raw = str(text).strip().replace(",", ".")
        if raw.endswith("½"):
            raw = (raw[:-1] or "0") + ".5" if "." not in raw else ""
        try:
            value = Fraction(raw)
        except (ValueError, ZeroDivisionError):
            raise EloError(field, f"{str(text).strip()!r} is not a score such as 2 or 2.5") from None
    if value < 0:
        raise EloError(field, f"a score cannot be negative ({fmt(value)})")
    if (value * 2).denominator != 1:
        raise EloError(field, f"a score is counted in half points ({fmt(value)})")
    return value


def check_score(score: Fraction, games: int, field: str = "score") -> None:
    """The score cannot exceed the number of games."""
    if score > games:
        raise EloError(field, f"a score of {fmt(score)} is more than the {games} game(s) played")


def check_record(rating: int, opponents: Sequence[int], score: Fraction) -> None:
    """A player's rating, opponents' ratings and score make sense (else EloError naming the field)."""
    if rating < 0:
        raise EloError("rating", f"a rating cannot be negative ({rating})")
    if not opponents:
        raise EloError("opponents", "no opponent ratings given")
    if any(r < 0 for r in opponents):
        raise EloError("opponents", "a rating cannot be negative")
    if score < 0:
        raise EloError("score", f"a score cannot be negative ({fmt(score)})")
    check_score(score, len(opponents))


def fmt(value: Fraction | int | float | None, places: int = 2) -> str:
    """2, 2.5, 1.86, 0.3599 … (exact when short, else ``places`` decimals)."""
    if value is None:
        return ""
    if isinstance(value, float):
        return f"{value:.{places}f}"
    value = Fraction(value)
    if value.denominator == 1:
        return str(value.numerator)
    for digits in range(1, places + 1):
        if (value * 10 ** digits).denominator == 1:
            return f"{float(value):.{digits}f}"
    return f"{float(value):.{places}f}"


def signed(value: int | Fraction) -> str:
    """+6, −3, 0 (with a real minus sign for readability)."""
    text = fmt(value)
    if value > 0:
        return "+" + text
    return text.replace("-", "−")
