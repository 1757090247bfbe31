"""``ladder elo``: the Elo tools for scripts (docs/elo-tools.md).

``ladder elo fide --rating R --opponents R1,R2,… --score S [--k K] [--json]`` prints
``{"new_rating", "change", "k", "expected"}``; ``ladder elo performance --opponents …
--score S [--json]`` prints ``{"performance"}``; ``ladder elo uscf --rating R --games N
--opponents … --score S [--peak P] [--all-wins|--all-losses] [--json]`` prints
``{"new_rating", "change", "k", "expected", "effective_games", "bonus", "formula":
"standard"|"special"}``. Bad input (a score larger than the number of opponents, a negative
rating, something that is not a number) prints one line to stderr and exits with status 2.
"""

from __future__ import annotations

import json
import sys

import click

from ladder.elo.errors import EloError
from ladder.elo.exact import parse_rating, parse_ratings, parse_score
from ladder.elo.fide import performance, rating_change
from ladder.elo.uscf import parse_games
from ladder.elo.uscf import rating_change as uscf_rating_change
from ladder.vocabulary.messages import msg

EXIT_BAD_INPUT = 2


def _fail(error: EloError) -> None:
    click.echo(f"ladder elo: error: --{error.field}: {error}", err=True)
    sys.exit(EXIT_BAD_INPUT)


@click.group("elo")
def elo_group() -> None:
    """Elo tools: FIDE rating change, performance rating, US Chess rating (no database)."""


@elo_group.command("fide")
@click.option("--rating", required=True, help="The player's rating.")
@click.option("--opponents", required=True, help="Opponents' ratings, comma separated.")
@click.option("--score", required=True, help="Points scored (2, 2.5 or 2½).")
@click.option("--k", "k_text", default=None, help="K (default: FIDE's schedule from --games).")
@click.option("--games", "games_text", default=None,
              help="Rated games before (under 30: K 40).")
@click.option("--under-18", is_flag=True, help="Under 18 (K 40 while below 2300).")
@click.option("--reached-2400", is_flag=True, help="Has reached 2400 once (K 10).")
@click.option("--json", "as_json", is_flag=True, help="One JSON object.")
def fide_command(rating: str, opponents: str, score: str, k_text: str | None,
                 games_text: str | None, under_18: bool, reached_2400: bool,
                 as_json: bool) -> None:
    """FIDE rating change (B.02 8.3: table 8.1.2, 400-point rule, K × n ≤ 700)."""
    try:
        k = _whole(k_text, "k")
        games = _whole(games_text, "games")
        result = rating_change(parse_rating(rating), parse_ratings(opponents),
                               parse_score(score), k=k, games_before=games,
                               under_18=under_18, reached_2400=reached_2400)
    except EloError as error:
        _fail(error)
        return
    if as_json:
        click.echo(json.dumps({"new_rating": result.new_rating, "change": result.change,
                               "k": result.k.k, "expected": float(result.expected)}))
    else:
        click.echo(result.formula)


@elo_group.command("performance")
@click.option("--opponents", required=True, help="Opponents' ratings, comma separated.")
@click.option("--score", required=True, help="Points scored (2, 2.5 or 2½).")
@click.option("--json", "as_json", is_flag=True, help="One JSON object.")
def performance_command(opponents: str, score: str, as_json: bool) -> None:
    """Performance rating Rp = Ra + dp (B.02 8.1.1)."""
    try:
        result = performance(parse_ratings(opponents), parse_score(score))
    except EloError as error:
        _fail(error)
        return
    if as_json:
        click.echo(json.dumps({"performance": result.performance}))
    else:
        click.echo(result.formula)


@elo_group.command("uscf")
@click.option("--rating", required=True, help="The pre-event rating (unrated: the rating to "
              "start from, with --games 0).")
@click.option("--games", required=True, help="Rated games the rating is based on (N).")
@click.option("--opponents", required=True, help="Opponents' ratings, comma separated.")
@click.option("--score", required=True, help="Points scored (2, 2.5 or 2½).")
@click.option("--peak", "peak_text", default=None,
              help="Highest rating ever (sets the floor: peak − 200 rounded down, 1200 … 2100).")
@click.option("--all-wins", is_flag=True, help="Every earlier rated game was a win.")
@click.option("--all-losses", is_flag=True, help="Every earlier rated game was a loss.")
@click.option("--json", "as_json", is_flag=True, help="One JSON object.")
def uscf_command(rating: str, games: str, opponents: str, score: str, peak_text: str | None,
                 all_wins: bool, all_losses: bool, as_json: bool) -> None:
    """US Chess rating: special formula up to 8 games, else K = 800/(N′ + m) with bonus."""
    try:
        if all_wins and all_losses:
            raise EloError("all-wins", msg("earlier games cannot be all wins and all losses"))
        previous = "all-wins" if all_wins else "all-losses" if all_losses else "mixed"
        peak = None if peak_text is None else parse_rating(peak_text, "peak")
        result = uscf_rating_change(parse_rating(rating), parse_games(games),
                                    parse_ratings(opponents), parse_score(score),
                                    previous=previous, peak=peak)
    except EloError as error:
        _fail(error)
        return
    if as_json:
        click.echo(json.dumps({
            "new_rating": result.new_rating, "change": result.change,
            "k": None if result.k is None else round(result.k, 4),
            "expected": round(result.expected, 4),
            "effective_games": round(result.effective_games, 4),
            "bonus": round(result.bonus, 4), "formula": result.kind}))
    else:
        click.echo(result.formula)


def _whole(text: str | None, field: str) -> int | None:
    if text is None:
        return None
    try:
        return int(text.strip())
    except ValueError:
        raise EloError(field, msg("%(value)s is not a whole number",
                                  value=repr(text.strip()))) from None
