"""The prize helper (docs/tiebreaks.md §4): pool and split cash among tied players; tie-breaks decide the
prizes that cannot be split.

Rules (documented on the page):

* **Cash pools by points** (the "Hort" system): players on equal points share the cash of the
  places they occupy together, equally — whatever the tie-breaks say. Four players on 5 points
  in places 2–5 share the prizes for 2nd–5th place in four equal parts.
* **Indivisible prizes** (a trophy, a title, a qualification) go by the final ranking *after*
  tie-breaks: the prize of place n goes to the player ranked n. When the tie-breaks leave
  players on the same rank, the prize is marked undecided (the event's rules decide: a
  play-off, lots).
* Money is exact: amounts are counted in cents; an equal share that does not divide into whole
  cents is rounded down, and the leftover cents (fewer than the number of players sharing) go
  one each to the players best placed after tie-breaks, so the total always adds up.

Pure: plain data in, plain data out; no Flask, no database.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

MAX_LINES = 200
_AMOUNT = re.compile(r"^[€$£¥₩]?\s*(\d{1,9})(?:[.,](\d{1,2}))?\s*[€$£¥₩]?$")


class PrizeError(ValueError):
    """A line of the prize list or the standings that cannot be read (``line`` is 1-based)."""

    def __init__(self, kind: str, line: int, text: str) -> None:
        super().__init__(f"{kind} line {line}: {text!r}")
        self.kind = kind
        self.line = line
        self.text = text


@dataclass(frozen=True)
class Prize:
    """The prize of one place: cash in cents and/or indivisible items."""

    place: int
    cents: int = 0
    items: tuple[str, ...] = ()


@dataclass(frozen=True)
class Player:
    """One line of the final standings: points and the rank after tie-breaks (equal ranks:
    still tied after every tie-break)."""

    name: str
    points: Fraction
    rank: int


@dataclass(frozen=True)
class Award:
    """What one player receives."""

    name: str
    points: Fraction
    rank: int
    position: int  # 1-based place in the standings
    cents: int
    exact_share: Fraction  # the equal share in cents before rounding to whole cents
    pooled_places: tuple[int, ...]  # the places whose cash was pooled for this player's group
    items: tuple[str, ...]
    undecided: tuple[str, ...]  # items this player is still tied for after tie-breaks


def parse_amount(text: str) -> int | None:
    """``500``, ``12.50``, ``12,5``, ``€40`` → cents; None if ``text`` is not an amount."""
    match = _AMOUNT.match(text.strip())
    if match is None:
        return None
    cents = (match.group(2) or "0").ljust(2, "0")
    return int(match.group(1)) * 100 + int(cents)


def parse_prizes(text: str) -> tuple[Prize, ...]:
    """One line per place, best first: ``500 + trophy``, ``300``, ``qualification``, ``-``
    (nothing). Parts separated by ``+``: amounts add up, anything else is an item."""
    prizes = []
    lines = [line for line in text.splitlines() if line.strip()]
    if len(lines) > MAX_LINES:
        raise PrizeError("prizes", MAX_LINES + 1, "too many lines")
    for n, line in enumerate(lines, start=1):
        cents = 0
        items: list[str] = []
        for part in line.split("+"):
            part = part.strip()
            if not part or part == "-":
                continue
            amount = parse_amount(part)
            if amount is not None:
                cents += amount
            elif any(ch.isdigit() for ch in part) and not any(ch.isalpha() for ch in part):
                raise PrizeError("prizes", n, line.strip())  # "12.345", "1e3", "-5"
            else:
                items.append(part[:60])
        prizes.append(Prize(n, cents, tuple(items)))
    return tuple(prizes)


def parse_points(text: str) -> Fraction | None:
    """``4``, ``4.5``, ``4,5``, ``4½`` → points; None if not."""
    raw = text.strip().replace(",", ".")
    if raw.endswith("½"):
        raw = (raw[:-1] or "0") + ".5"
    try:
        value = Fraction(raw)
    except (ValueError, ZeroDivisionError):
        return None
    if value < 0 or (value * 2).denominator != 1:
        return None
    return value


def parse_standings(text: str) -> tuple[Player, ...]:
    """One line per player, best first: ``name; points`` or ``name; points; rank`` (rank after
    tie-breaks; the same rank twice means still tied). Tabs work as separators too."""
    players = []
    lines = [line for line in text.splitlines() if line.strip()]
    if len(lines) > MAX_LINES:
        raise PrizeError("standings", MAX_LINES + 1, "too many lines")
    for n, line in enumerate(lines, start=1):
        parts = [p.strip() for p in re.split(r"[;\t]", line)]
        if len(parts) not in (2, 3) or not parts[0]:
            raise PrizeError("standings", n, line.strip())
        points = parse_points(parts[1])
        rank = n
        if len(parts) == 3 and parts[2]:
            if not parts[2].isdecimal() or int(parts[2]) < 1:
                raise PrizeError("standings", n, line.strip())
            rank = int(parts[2])
        if points is None:
            raise PrizeError("standings", n, line.strip())
        players.append(Player(parts[0][:60], points, rank))
    order = sorted(range(len(players)), key=lambda i: (-players[i].points, players[i].rank, i))
    if order != list(range(len(players))):
        raise PrizeError("standings", 0, "the standings must be listed best first")
    return tuple(players)


def distribute(prizes: Sequence[Prize], players: Sequence[Player]) -> tuple[Award, ...]:
    """Who receives what (see the module docstring for the rules)."""
    by_place = {p.place: p for p in prizes}
    n = len(players)
    cents = [0] * n
    exact = [Fraction(0)] * n
    pooled: list[tuple[int, ...]] = [()] * n
    start = 0
    while start < n:  # groups of equal points share the cash of their places
        end = start
        while end + 1 < n and players[end + 1].points == players[start].points:
            end += 1
        places = tuple(range(start + 1, end + 2))
        pool = sum(by_place[p].cents for p in places if p in by_place)
        size = end - start + 1
        share, left = divmod(pool, size)
        for k, i in enumerate(range(start, end + 1)):  # best placed first get the leftover cents
            cents[i] = share + (1 if k < left else 0)
            exact[i] = Fraction(pool, size)
            pooled[i] = places if pool else ()
        start = end + 1
    items: list[list[str]] = [[] for _ in range(n)]
    undecided: list[list[str]] = [[] for _ in range(n)]
    for prize in prizes:  # indivisible prizes go by the ranking after tie-breaks
        if not prize.items or prize.place > n:
            continue
        i = prize.place - 1
        tied = [j for j in range(n) if players[j].rank == players[i].rank
                and players[j].points == players[i].points]
        if len(tied) == 1:
            items[i].extend(prize.items)
        else:
            for j in tied:
                undecided[j].extend(prize.items)
    return tuple(Award(p.name, p.points, p.rank, i + 1, cents[i], exact[i], pooled[i],
                       tuple(items[i]), tuple(undecided[i])) for i, p in enumerate(players))


def total_cents(prizes: Sequence[Prize], players: int | None = None) -> int:
    """The cash of the prize list (of the first ``players`` places, if given)."""
    return sum(p.cents for p in prizes if players is None or p.place <= players)


def money(cents: int) -> str:
    """``12345`` → ``123.45``; whole amounts without decimals (``500``)."""
    whole, rest = divmod(cents, 100)
    return str(whole) if rest == 0 else f"{whole}.{rest:02d}"
