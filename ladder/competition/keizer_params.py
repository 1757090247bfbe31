"""The club's Keizer settings: every parameter with its default (docs/competitions.md §2).

:func:`parse_params` takes the settings as the exchange JSON writes them (fractions as ``"p/q"``
strings, whole numbers as numbers, ``null`` for "no limit"), partial or whole: a missing key takes
its default. An unknown key or a bad value raises :class:`~ladder.competition.errors.ParamError`
naming the key. :func:`params_as_case` writes them back in that form.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, fields, replace
from decimal import Decimal
from fractions import Fraction
from typing import Any

from ladder.competition.errors import ParamError

VALUE_MODES = ("ratio", "fixed")
FORFEIT_WIN_RULES = ("opponent_value", "own_fraction")
RECALC_RULES = ("fixpoint", "frozen")
CYCLE_RULES = ("last", "average")
TIE_BREAKS = ("rating", "previous")
BYE_RULES = ("fewest_byes", "lowest")
COLOUR_RULES = ("balance", "kfc")


@dataclass(frozen=True)
class KeizerParams:
    """One club's Keizer rules. The defaults and why: docs/competitions.md §2."""

    # Value numbers: ratio mode (bottom about top/ratio) or a fixed top, ``value_step`` a place.
    value_mode: str = "ratio"
    ratio: Fraction = Fraction(3)
    top_value: int = 70
    value_step: int = 1
    # The player's own value, once per season ("startwaarde").
    count_start_value: bool = True
    # Games: a share of the opponent's value.
    win_fraction: Fraction = Fraction(1)
    draw_fraction: Fraction = Fraction(1, 2)
    loss_fraction: Fraction = Fraction(0)
    # Forfeits: the winner gets the opponent's value x win_fraction ("opponent_value") or his
    # own value x forfeit_win_fraction ("own_fraction"); the loser (and both sides of "--")
    # his own value x forfeit_loss_fraction.
    forfeit_win: str = "opponent_value"
    forfeit_win_fraction: Fraction = Fraction(2, 3)
    forfeit_loss_fraction: Fraction = Fraction(0)
    # Rounds without a game: a share of the player's own value.
    bye_fraction: Fraction = Fraction(2, 3)
    excused_fraction: Fraction = Fraction(1, 3)
    excused_cap: int | None = 5
    unexcused_fraction: Fraction = Fraction(0)
    club_fraction: Fraction = Fraction(2, 3)
    pre_entry_fraction: Fraction = Fraction(1, 3)
    # Recalculation.
    recalc: str = "fixpoint"
    max_iterations: int = 50
    cycle_rule: str = "last"
    tie_break: str = "rating"
    # Pairing.
    rematch_gap: int = 3
    max_meetings: int | None = None
    forfeit_counts_as_meeting: bool = False
    bye_rule: str = "fewest_byes"
    colour_rule: str = "balance"
    avoid_three: bool = True


DEFAULTS = KeizerParams()
PARAM_NAMES = tuple(f.name for f in fields(KeizerParams))


def _fail(key: str, message_id: str, text: str, value: Any) -> ParamError:
    return ParamError(message_id, key, text, value=value)


def _fraction(key: str, value: Any) -> Fraction:
    """A non-negative exact fraction from an int, a Fraction, a Decimal, a float (read as its
    shortest decimal: 0.35 is 7/20) or a string ("2/3", "0.35", "1")."""
    if isinstance(value, bool):
        raise _fail(key, "keizer.param.fraction", "expected a fraction such as \"2/3\"", value)
    try:
        if isinstance(value, float):
            number = Fraction(repr(value))
        elif isinstance(value, int | Fraction | Decimal | str):
            number = Fraction(value)
        else:
            raise TypeError(value)
    except (ValueError, TypeError, ZeroDivisionError, OverflowError):
        raise _fail(key, "keizer.param.fraction", "expected a fraction such as \"2/3\"",
                    value) from None
    if number < 0:
        raise _fail(key, "keizer.param.negative", "must not be negative", value)
    return number


def _whole(key: str, value: Any, least: int) -> int:
    """A whole number >= ``least`` from an int or a string of digits."""
    number: int | None = None
    if isinstance(value, int) and not isinstance(value, bool):
        number = value
    elif isinstance(value, str) and value.strip().lstrip("-").isdigit():
        number = int(value)
    elif isinstance(value, Fraction | float):
        try:
            number = int(value) if value == int(value) else None
        except (ValueError, OverflowError):  # nan, inf
            number = None
    if number is None:
        raise _fail(key, "keizer.param.whole", "expected a whole number", value)
    if number < least:
        raise ParamError("keizer.param.at_least", key, f"must be at least {least}",
                         value=value, least=least)
    return number


def _limit(key: str, value: Any, least: int) -> int | None:
    """A whole number >= ``least``, or None (no limit)."""
    return None if value is None else _whole(key, value, least)


def _flag(key: str, value: Any) -> bool:
    if not isinstance(value, bool):
        raise _fail(key, "keizer.param.flag", "expected true or false", value)
    return value


def _choice(choices: tuple[str, ...]) -> Callable[[str, Any], str]:
    def check(key: str, value: Any) -> str:
        if value not in choices:
            raise ParamError("keizer.param.choice", key, f"expected one of {', '.join(choices)}",
                             value=value, choices=choices)
        return str(value)
    return check


_READERS: dict[str, Callable[[str, Any], Any]] = {
    "value_mode": _choice(VALUE_MODES),
    "ratio": _fraction,
    "top_value": lambda k, v: _whole(k, v, 1),
    "value_step": lambda k, v: _whole(k, v, 1),
    "count_start_value": _flag,
    "win_fraction": _fraction,
    "draw_fraction": _fraction,
    "loss_fraction": _fraction,
    "forfeit_win": _choice(FORFEIT_WIN_RULES),
    "forfeit_win_fraction": _fraction,
    "forfeit_loss_fraction": _fraction,
    "bye_fraction": _fraction,
    "excused_fraction": _fraction,
    "excused_cap": lambda k, v: _limit(k, v, 0),
    "unexcused_fraction": _fraction,
    "club_fraction": _fraction,
    "pre_entry_fraction": _fraction,
    "recalc": _choice(RECALC_RULES),
    "max_iterations": lambda k, v: _whole(k, v, 1),
    "cycle_rule": _choice(CYCLE_RULES),
    "tie_break": _choice(TIE_BREAKS),
    "rematch_gap": lambda k, v: _whole(k, v, 0),
    "max_meetings": lambda k, v: _limit(k, v, 1),
    "forfeit_counts_as_meeting": _flag,
    "bye_rule": _choice(BYE_RULES),
    "colour_rule": _choice(COLOUR_RULES),
    "avoid_three": _flag,
}
assert set(_READERS) == set(PARAM_NAMES)


def parse_params(params: Mapping[str, Any] | KeizerParams | None = None) -> KeizerParams:
    """The settings from a (possibly partial) mapping; missing keys take their defaults.

    Raises :class:`ParamError` on an unknown key (``keizer.param.unknown``) or a bad value,
    naming the key.

    >>> parse_params({"value_mode": "fixed", "top_value": 10}).top_value
    10
    >>> parse_params({"bye_fraction": "1/2"}).bye_fraction
    Fraction(1, 2)
    """
    if params is None:
        return DEFAULTS
    if isinstance(params, KeizerParams):
        return params
    if not isinstance(params, Mapping):
        raise ParamError("keizer.param.not_a_mapping", None,
                         "the settings must be a mapping of names to values", value=params)
    values: dict[str, Any] = {}
    for key, value in params.items():
        reader = _READERS.get(key) if isinstance(key, str) else None
        if reader is None:
            raise ParamError("keizer.param.unknown", str(key), "unknown setting", value=value)
        values[key] = reader(key, value)
    parsed = replace(DEFAULTS, **values)
    if parsed.ratio <= 1:
        # bottom = (N-1)*step/(ratio-1): a ratio of 1 or less has no bottom value.
        raise ParamError("keizer.param.greater_than", "ratio", "must be greater than 1",
                         value=params.get("ratio"), least=1)
    return parsed


def _case_value(value: Any) -> Any:
    if isinstance(value, Fraction):
        return str(value)  # "2/3", "1", "0": the exchange format's fractions
    return value


def params_as_case(params: KeizerParams) -> dict[str, Any]:
    """Every setting as the exchange JSON writes it (fractions as ``"p/q"`` strings).

    >>> params_as_case(DEFAULTS)["excused_fraction"], params_as_case(DEFAULTS)["max_meetings"]
    ('1/3', None)
    """
    return {name: _case_value(getattr(params, name)) for name in PARAM_NAMES}
