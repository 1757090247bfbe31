"""``ladder bench …``: the benchmarks, each printing one JSON line."""

from __future__ import annotations

import json

import click


@click.group("bench")
def bench_group() -> None:
    """Benchmarks that print one JSON line of seconds (docs/qualities.md §1)."""


@bench_group.command("tiebreaks")
@click.option("--rules", default="fide-2026", show_default=True, help="Tie-break edition.")
def bench_tiebreaks_command(rules: str) -> None:
    """Tie-breaks and ranking of a synthetic 1,000-player, 11-round Swiss (best of 5)."""
    from ..bench.tiebreaks import bench_tiebreaks
    click.echo(json.dumps(bench_tiebreaks(edition=rules)))


@bench_group.command("replay")
@click.option("--members", default=2000, show_default=True)
@click.option("--games", default=100_000, show_default=True)
@click.option("--years", default=20, show_default=True)
@click.option("--database-url", default=None, help="Default: a temporary SQLite file.")
def bench_replay_command(members: int, games: int, years: int, database_url: str | None) -> None:
    """Full replay, a late correction and the read+Elo floor on a synthetic club history."""
    from ..bench.replay import bench_replay
    click.echo(json.dumps(bench_replay(members=members, games=games, years=years,
                                       database_url=database_url)))


@bench_group.command("pages")
@click.option("--members", default=2000, show_default=True)
@click.option("--games", default=100_000, show_default=True)
@click.option("--years", default=20, show_default=True)
@click.option("--samples", default=15, show_default=True,
              help="Cold samples per page (three times as many warm and 304 samples).")
@click.option("--database-url", default=None,
              help="Reuse the history there (built first when empty). Default: a temporary "
                   "SQLite file.")
def bench_pages_command(members: int, games: int, years: int, samples: int,
                        database_url: str | None) -> None:
    """Server time of every public page: cold, cached and 304, against a hello-world route."""
    from ..bench.pages import bench_pages
    click.echo(json.dumps(bench_pages(members=members, games=games, years=years,
                                      database_url=database_url, samples=samples)))


def _numbers(text: str) -> tuple[int, ...]:
    """``"30,60,500"`` → (30, 60, 500); a bad list is a usage error."""
    try:
        values = tuple(int(part) for part in text.split(",") if part.strip())
    except ValueError:
        raise click.BadParameter(f"not a list of numbers: {text!r}") from None
    if not values or min(values) < 1:
        raise click.BadParameter(f"not a list of positive numbers: {text!r}")
    return values


@bench_group.command("pairing")
@click.option("--sizes", default="30,60,500", show_default=True,
              help="Numbers of players, one synthetic Swiss each.")
@click.option("--rounds", default=9, show_default=True, type=click.IntRange(1, 99))
@click.option("--timed", default="1,5,9", show_default=True, help="Rounds whose pairing is timed.")
@click.option("--seed", default=2026, show_default=True)
@click.option("--bbp", "bbp", type=click.Path(exists=True, dir_okay=False), default=None,
              help="A bbpPairings executable: run it on the same posed rounds and print its "
                   "CPU seconds and peak memory beside the engine's, and the ratios.")
@click.option("--processes/--no-processes", default=True, show_default=True,
              help="Also time whole `ladder pair` processes (start-up included).")
@click.option("--heap/--no-heap", default=False, show_default=True,
              help="With --bbp: also the most heap bbpPairings holds on each round "
                   "(valgrind's massif), beside the engine's own peak.")
def bench_pairing_command(sizes: str, rounds: int, timed: str, seed: int, bbp: str | None,
                          processes: bool, heap: bool) -> None:
    """CPU seconds and peak memory to pair rounds 1, 5 and 9 of synthetic Swiss events
    (30, 60, 500 players): the engine's own, a whole `ladder pair` process's, and with --bbp
    bbpPairings' on the same rounds."""
    from ..bench.pairing import bench_pairing
    click.echo(json.dumps(bench_pairing(sizes=_numbers(sizes), rounds=rounds,
                                        timed=_numbers(timed), seed=seed, bbp=bbp,
                                        processes=processes, heap=heap)))


@bench_group.command("tools")
@click.option("--workers", default=5, show_default=True, help="gunicorn sync workers.")
@click.option("--clients", default=4, show_default=True, help="Anonymous tool clients.")
@click.option("--seconds", default=15.0, show_default=True, help="Seconds of each phase.")
@click.option("--budget/--no-budget", default=True, show_default=True,
              help="Serve with the tools' per-client budget (on by default), or without.")
@click.option("--client-nice", default=10, show_default=True, type=click.IntRange(0, 19),
              help="Niceness of the tool clients' processes (they stand for other machines).")
def bench_tools_command(workers: int, clients: int, seconds: float, budget: bool,
                        client_nice: int) -> None:
    """A visitor's ladder p50/p99 alone and while anonymous clients hammer the tools."""
    from ..bench.tools import bench_tools
    click.echo(json.dumps(bench_tools(workers=workers, clients=clients, seconds=seconds,
                                      budget=budget, client_nice=client_nice)))
