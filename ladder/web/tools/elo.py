"""The Elo tools page (docs/elo-tools.md): expected score, FIDE rating change, performance, initial
rating, US Chess rating.

State in the query string, one prefix per tool: ``e_rating``/``e_opp`` (expected score),
``c_rating``/``c_opps``/``c_score``/``c_k``/``c_games``/``c_u18``/``c_2400``/``c_rules``
(rating change), ``p_opps``/``p_score`` (performance), ``i_opps``/``i_score`` (initial
rating), ``u_rating``/``u_games``/``u_opps``/``u_score``/``u_peak``/``u_prev`` (US Chess).
A blank tool shows nothing; an empty query string shows worked examples.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import request
from flask_babel import gettext as _
from flask_babel import ngettext
from werkzeug.wrappers import Response

from ...elo import (
    EloError,
    classic_table,
    expected_score,
    initial_rating,
    parse_games,
    parse_rating,
    parse_ratings,
    parse_score,
    performance,
    rating_change,
    uscf_rating_change,
)
from ...vocabulary.lists import split_list
from ..support.request_values import digits
from . import bp
from .http import render_tool

#: Longest value one field of the query string takes (a longer one is marked, not cut).
MAX_FIELD = 400

FIELDS = ("e_rating", "e_opp", "c_rating", "c_opps", "c_score", "c_k", "c_games", "c_u18",
          "c_2400", "c_rules", "p_opps", "p_score", "i_opps", "i_score", "u_rating", "u_games",
          "u_opps", "u_score", "u_peak", "u_prev")

#: The first view: the worked example of docs/elo-tools.md.
EXAMPLE = {"e_rating": "1500", "e_opp": "1400", "c_rating": "1922",
           "c_opps": "1798, 1801, 1897", "c_score": "2", "c_k": "40",
           "p_opps": "1798, 1801, 1897", "p_score": "2",
           "i_opps": "1900, 2000, 1700, 1800, 1850", "i_score": "3",
           # "Approximating Formulas for the US Chess Rating System": 1500 on 6 games → 1511.
           "u_rating": "1500", "u_games": "6", "u_opps": "1400, 1550, 1650", "u_score": "1.5"}


#: Most opponents' ratings one field takes (ladder.elo.exact.parse_ratings).
MAX_OPPONENTS = 200


def _message(kind: str, error: EloError | None = None, raw: str = "") -> str:
    """The message for a field of ``kind`` (rating, ratings, score, games, k, peak), worded
    for that field: a negative score is "a score cannot be negative", never a rating's words."""
    reason = str(error or "")
    if "negative" in reason:
        return {"score": _("A score cannot be negative."),
                "games": _("The number of games cannot be negative."),
                }.get(kind, _("A rating cannot be negative."))
    if kind == "ratings" and "at most" in reason:
        count = len(split_list(raw))
        return ngettext("At most %(limit)d opponents' ratings: this field has %(num)d.",
                        "At most %(limit)d opponents' ratings: this field has %(num)d.",
                        count, limit=MAX_OPPONENTS)
    return {
        "rating": _("A rating is a whole number between 0 and 4000."),
        "ratings": _("Type the ratings separated by commas, e.g. 1798, 1801, 1897."),
        "score": _("A score is counted in half points, e.g. 2 or 2.5."),
        "k": _("K is a whole number between 1 and 100."),
        "games": _("The number of games is a whole number, 0 or more."),
        "peak": _("The peak rating is a whole number, at least the rating."),
    }[kind]


def _too_high(games: int) -> str:
    """The score is more than the games played (one per opponent's rating)."""
    return ngettext("The score cannot be more than the number of games (%(num)d game).",
                    "The score cannot be more than the number of games (%(num)d games).",
                    games)


class _Form:
    """The raw fields and the problems found in them (by field name)."""

    def __init__(self, values: dict[str, str], too_long: set[str]) -> None:
        self.values = values
        self.errors: dict[str, str] = {
            name: _("At most %(limit)d characters: this field has more. Shorten it to "
                    "calculate.", limit=MAX_FIELD) for name in too_long}

    def has(self, *names: str) -> bool:
        return any(self.values.get(n, "").strip() for n in names)

    def get(self, name: str, parse: Callable[[str], Any], kind: str) -> Any:
        if name in self.errors:  # too long: said so, not cut and computed
            return None
        raw = self.values.get(name, "").strip()
        if not raw:
            self.errors[name] = _("This field is needed.")
            return None
        try:
            return parse(raw)
        except EloError as error:
            self.errors[name] = _message(kind, error, raw)
            return None

    def whole(self, name: str, low: int, high: int, kind: str) -> int | None:
        raw = self.values.get(name, "").strip()
        if not raw or name in self.errors:
            return None
        number = digits(raw, MAX_FIELD)
        if number is None or not low <= number <= high:
            self.errors[name] = _message(kind)
            return None
        return number


def _run(form: _Form, names: tuple[str, ...], compute: Callable[[], Any],
         fields: dict[str, str] | None = None) -> Any:
    """Compute one tool when its fields are typed and valid; a problem marks the field.

    ``fields`` maps the engine's field names (``score``, ``opponents``, ``k`` …) to this
    tool's form fields, so an error the engine finds lands under the field it concerns.
    """
    if not form.has(*names[:2]):
        return None
    before = len(form.errors)
    try:
        result = compute()
    except EloError as error:
        field = (fields or {}).get(error.field)
        if field and field not in form.errors:
            if error.field == "score":
                opponents = form.values.get(fields.get("opponents", ""), "")  # type: ignore[union-attr]
                count = len(split_list(opponents))
                form.errors[field] = _too_high(count)
            else:
                kind = {"opponents": "ratings", "rating": "rating", "k": "k",
                        "games": "games", "peak": "peak"}.get(error.field, "rating")
                form.errors[field] = _message(kind, error, form.values.get(field, ""))
        return None
    return None if len(form.errors) > before or result is None else result


@bp.get("/elo")
def elo() -> Response:
    """Every Elo tool on one page; each result with its formula filled in."""
    values = {n: request.args.get(n, "") for n in FIELDS}
    # Nothing is cut: a longer field is kept as typed, marked, and not calculated.
    too_long = {n for n in FIELDS if len(values[n]) > MAX_FIELD}
    if not any(request.args.get(n) for n in FIELDS) and not request.args:
        values.update(EXAMPLE)
    form = _Form(values, too_long)

    def expected() -> Any:
        a = form.get("e_rating", parse_rating, "rating")
        b = form.get("e_opp", parse_rating, "rating")
        return None if a is None or b is None else expected_score(a, b)

    def change() -> Any:
        rating = form.get("c_rating", parse_rating, "rating")
        opps = form.get("c_opps", parse_ratings, "ratings")
        score = form.get("c_score", parse_score, "score")
        k = form.whole("c_k", 1, 100, "k")
        games = form.whole("c_games", 0, 100000, "games")
        if None in (rating, opps, score) or form.errors.keys() & {"c_k", "c_games"}:
            return None
        return rating_change(rating, opps, score, k=k, games_before=games,
                             under_18=bool(values["c_u18"]), reached_2400=bool(values["c_2400"]),
                             top_exception=values["c_rules"] != "before-2025-10")

    def perf() -> Any:
        opps = form.get("p_opps", parse_ratings, "ratings")
        score = form.get("p_score", parse_score, "score")
        return None if opps is None or score is None else performance(opps, score)

    def initial() -> Any:
        opps = form.get("i_opps", parse_ratings, "ratings")
        score = form.get("i_score", parse_score, "score")
        return None if opps is None or score is None else initial_rating(opps, score)

    def uscf() -> Any:
        rating = form.get("u_rating", parse_rating, "rating")
        games = form.get("u_games", parse_games, "games")
        opps = form.get("u_opps", parse_ratings, "ratings")
        score = form.get("u_score", parse_score, "score")
        peak = (form.get("u_peak", lambda text: parse_rating(text, "peak"), "peak")
                if values["u_peak"].strip() else None)
        if rating is not None and peak is not None and peak < rating:
            form.errors["u_peak"] = _message("peak")
            return None
        if None in (rating, games, opps, score) or "u_peak" in form.errors:
            return None
        previous = {"wins": "all-wins", "losses": "all-losses"}.get(values["u_prev"], "mixed")
        return uscf_rating_change(rating, games, opps, score, previous=previous, peak=peak)

    results = {
        "expected": _run(form, ("e_rating", "e_opp"), expected),
        "change": _run(form, ("c_rating", "c_opps", "c_score"), change,
                       {"score": "c_score", "opponents": "c_opps", "rating": "c_rating",
                        "k": "c_k", "games": "c_games"}),
        "performance": _run(form, ("p_opps", "p_score"), perf,
                            {"score": "p_score", "opponents": "p_opps"}),
        "initial": _run(form, ("i_opps", "i_score"), initial,
                        {"score": "i_score", "opponents": "i_opps"}),
        "uscf": _run(form, ("u_rating", "u_opps", "u_games", "u_score"), uscf,
                     {"score": "u_score", "opponents": "u_opps", "rating": "u_rating",
                      "games": "u_games", "peak": "u_peak"}),
    }
    canonical = request.full_path.rstrip("?")
    return render_tool("tools/elo.html", {"elo-results": "tools/_elo_results.html"}, canonical,
                       values=values, errors=form.errors, results=results,
                       table=classic_table())
