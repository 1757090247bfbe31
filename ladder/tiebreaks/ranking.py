"""Ranking (C.07 art. 4.2; docs/tiebreaks.md §4): points, then the ordered list applied to each
still-tied subgroup; ties left at the end share the place (or lots decide, if asked)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ladder.tiebreaks.codes import Code
from ladder.tiebreaks.compute_table import as_codes, compute_prepared, prepare
from ladder.tiebreaks.direct import de_order
from ladder.tiebreaks.editions import Edition
from ladder.tiebreaks.prepared import Prepared
from ladder.tiebreaks.table import Column, Row, Standing, TiebreakTable
from ladder.vocabulary.tournament import Tournament

_BOTTOM = float("-inf")


def _split(group: list[int], column: Column) -> list[list[int]]:
    """Sort a tied group by one column (higher first, None last) and split equal values."""
    raw = column.raw
    key: list[Any] = [_BOTTOM if raw[i] is None else raw[i] for i in group]
    order = sorted(range(len(group)), key=lambda k: key[k], reverse=True)
    out: list[list[int]] = []
    last = None
    for k in order:
        if out and key[k] == last:
            out[-1].append(group[k])
        else:
            out.append([group[k]])
            last = key[k]
    return out


def order_groups(prep: Prepared, table: TiebreakTable,
                 codes: Sequence[Code]) -> list[list[int]]:
    """Ordered groups of player indices; players in one group are still tied."""
    by_points: dict[int, list[int]] = {}
    for i, p in enumerate(prep.points):
        by_points.setdefault(p, []).append(i)
    groups = [by_points[p] for p in sorted(by_points, reverse=True)]
    for code in codes:
        column = table.columns[code.text]
        if column.dropped:
            continue  # art. 10: a dropped tie-break is skipped
        new: list[list[int]] = []
        for group in groups:
            if len(group) == 1:
                new.append(group)
            elif code.name == "DE":
                new.extend(de_order(prep, group, code.forfeits_played))  # type A: among them
            else:
                new.extend(_split(group, column))
        groups = new
    return groups


def rank_prepared(prep: Prepared, codes: Sequence[Code], *,
                  lots_seed: int | None = None) -> tuple[list[Standing], TiebreakTable]:
    """Standings by points then ``codes`` on a prepared view, with the table computed;
    ``lots_seed`` draws lots for players still tied (else they share the place)."""
    table = compute_prepared(prep, codes)
    groups = order_groups(prep, table, codes)
    rng = random.Random(lots_seed) if lots_seed is not None else None
    standings: list[Standing] = []
    place = 1
    for group in groups:
        members = sorted(group, key=lambda i: prep.start_nos[i])
        if rng is not None and len(members) > 1:
            rng.shuffle(members)  # drawing of lots (4.2), reproducible from the seed
            ranks: Sequence[int] = range(place, place + len(members))
        else:
            ranks = [place] * len(members)  # remaining ties share the place
        for i, r in zip(members, ranks, strict=False):
            standings.append(Standing(
                start_no=prep.start_nos[i], name=prep.names[i],
                points=table.points[i], rank=r,
                tiebreaks=Row(table.columns, i)))
        place += len(members)
    return standings, table


def rank(t: Tournament, codes: str | Sequence[str], edition: str | Edition = "fide-2026", *,
         unrated_rating: int | None = None, lots_seed: int | None = None) -> list[Standing]:
    """The final standings: rank order, shared places for unbroken ties (1, 2, 2, 4, ...)."""
    prep = prepare(t, edition, unrated_rating=unrated_rating)
    return rank_prepared(prep, as_codes(codes), lots_seed=lots_seed)[0]
