"""The one home of how numbers and half points are written (pure; docs/desk.md §1 exact points).

Every layer writes points, tie-break values and Elo figures through these functions, so the
CLI, the explanations, the TRF writer and the pages agree. The web edge may localise the
decimal separator afterwards (Babel); ``½`` stays as every chess program prints it.
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction

HALF = Fraction(1, 2)


def decimal_text(value: Fraction | int | float | None, places: int = 4) -> str:
    """An exact decimal when one exists within ``places`` digits (2, 2.5, 13.375), else
    ``places`` decimals; floats always get ``places`` decimals; None gives ""."""
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


def points_text(value: Fraction | int | float | None) -> str:
    """Points with a half as ``½``: 3, 3½, ½ (other fractions as exact decimals).

    >>> points_text(Fraction(9, 2)), points_text(Fraction(1, 2)), points_text(3)
    ('4½', '½', '3')
    >>> points_text(None)
    ''
    """
    if value is None:
        return ""
    value = Fraction(value).limit_denominator(1000)
    whole, rest = divmod(value, 1)
    if rest == 0:
        return str(int(whole))
    if rest == HALF:
        return ("" if whole == 0 else str(int(whole))) + "½"
    return decimal_text(value)


def table_style(values: Iterable[Fraction | int | float | None]) -> str:
    """One number style for a whole table (points and tie-breaks together): ``"half"`` when
    every value is a whole or a half (3½), else ``"decimal"`` (3.5 beside 8.25), so a reader
    never meets "1½" and "8.25" in one table.

    >>> table_style([Fraction(3, 2), 2, None]), table_style([Fraction(3, 2), Fraction(33, 4)])
    ('half', 'decimal')
    """
    for value in values:
        if value is None:
            continue
        if isinstance(value, float) or (Fraction(value) * 2).denominator != 1:
            return "decimal"
    return "half"


def styled_text(value: Fraction | int | float | None, style: str) -> str:
    """``value`` in a table's style (:func:`table_style`): ½ or an exact decimal.

    >>> styled_text(Fraction(3, 2), "half"), styled_text(Fraction(3, 2), "decimal")
    ('1½', '1.5')
    """
    return points_text(value) if style == "half" else decimal_text(value)


def signed_text(value: int | float | Fraction | None, places: int | None = None) -> str:
    """A change with its sign and a true minus (+13.8, −6, ±0.0); None gives "—".

    ``places`` fixes the decimals (ratings); None writes the exact decimal (Elo points).

    >>> signed_text(12.345, 1), signed_text(-3.0, 1), signed_text(0.0, 1)
    ('+12.3', '−3.0', '±0.0')
    """
    if value is None:
        return "—"
    if places is None:
        text = decimal_text(abs(Fraction(value)) if not isinstance(value, float)
                            else abs(value))
    else:
        text = f"{abs(float(value)):.{places}f}"
    if text.strip("0.") == "":
        return ("±" + text) if places is not None else "0"
    return ("+" if value > 0 else "−") + text
