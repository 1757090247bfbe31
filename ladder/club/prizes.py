"""The prize helper (docs/tiebreaks.md §4): pool and split cash among tied players; tie-breaks
decide the prizes that cannot be split.

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

from ..vocabulary.lists import halfwidth

MAX_LINES = 200
# Currency marks written before or after an amount. Rupiah (Rp, IDR) is written the Indonesian
# way whatever the reader's language: a dot between thousands, a comma before the cents
# (Rp 500.000, Rp500.000,00).
_CURRENCY_BEFORE = re.compile(r"^(?:(?P<rp>rp\.?|idr)|us\$|s\$|rm|[€$£¥₩])\s*", re.IGNORECASE)
_CURRENCY_AFTER = re.compile(r"\s*(?:(?P<rp>rp|idr|rupiah)|[€$£¥₩원元円])$", re.IGNORECASE)
_MAX_DIGITS = 12  # whole units: a trillion is no club's prize


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
class FinalStanding:
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


def parse_amount(text: str, decimal: str = ".") -> int | None:
    """An amount in cents, None if ``text`` is not one: ``500``, ``12.50``, ``€40``, ``1,500``,
    ``Rp 500.000``, ``Rp500.000,00``, ``500.000`` (in a reader's language that writes a decimal
    comma), ``５００``.

    ``decimal`` is the reader's decimal separator (``"."`` in English, Korean, Chinese; ``","``
    in Indonesian), the other mark separates thousands. The reading, where a mark is ambiguous:

    * a dot or comma followed by one or two digits is the decimal mark in every language
      (``1.5`` and ``1,5`` are 1.50; ``12.50`` and ``12,50`` are 12.50);
    * followed by groups of three digits it is the thousands separator *of the reader's
      language*: ``1.500`` is 1500 for an Indonesian reader, ``1,500`` 1500 for an English one;
      the other reading (``1.500`` in English, ``1,500`` in Indonesian) is refused rather than
      guessed, as ``12.345`` always was;
    * rupiah (``Rp``, ``IDR``) are read the Indonesian way in every language.
    """
    raw = halfwidth(text).strip()
    rupiah = False
    for pattern in (_CURRENCY_BEFORE, _CURRENCY_AFTER):
        if match := pattern.search(raw):
            rupiah = rupiah or match.group("rp") is not None
            raw = (raw[match.end():] if pattern is _CURRENCY_BEFORE
                   else raw[:match.start()]).strip()
    if rupiah:
        decimal = ","
    group = "," if decimal == "." else "."
    seps = re.escape(group) + "\u00a0\u202f "
    number = re.fullmatch(rf"(\d{{1,3}}(?:[{seps}]\d{{3}})+|\d+)(?:[.,](\d{{1,2}}))?", raw)
    if number is None:
        return None
    whole = re.sub(r"\D", "", number.group(1))
    if len(whole) > _MAX_DIGITS:
        return None
    fraction = number.group(2)
    if fraction is not None and raw[number.start(2) - 1] == group and group in number.group(1):
        return None  # 1.234.56: the thousands mark used as the decimal one too
    return int(whole) * 100 + int((fraction or "0").ljust(2, "0"))


def parse_prizes(text: str, decimal: str = ".") -> tuple[Prize, ...]:
    """One line per place, best first: ``500 + trophy``, ``300``, ``qualification``, ``-``
    (nothing). Parts separated by ``+``: amounts add up (read with the reader's ``decimal``
    mark: :func:`parse_amount`), anything else is an item. A part that looks like an amount
    but is not one (``12.345`` for an English reader, ``Rp 5.00.0``) is refused, never taken
    for a prize item."""
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
            amount = parse_amount(part, decimal)
            if amount is not None:
                cents += amount
            elif _looks_like_money(part):
                raise PrizeError("prizes", n, line.strip())  # "12.345", "1e3", "-5", "Rp 5,5,5"
            else:
                items.append(part[:60])
        prizes.append(Prize(n, cents, tuple(items)))
    return tuple(prizes)


def _looks_like_money(part: str) -> bool:
    """Digits with no letters once the currency marks are taken off: an amount mistyped."""
    raw = halfwidth(part).strip()
    raw = _CURRENCY_AFTER.sub("", _CURRENCY_BEFORE.sub("", raw))
    return any(ch.isdigit() for ch in raw) and not any(ch.isalpha() for ch in raw)


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


def parse_standings(text: str) -> tuple[FinalStanding, ...]:
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
        players.append(FinalStanding(parts[0][:60], points, rank))
    order = sorted(range(len(players)), key=lambda i: (-players[i].points, players[i].rank, i))
    if order != list(range(len(players))):
        raise PrizeError("standings", 0, "the standings must be listed best first")
    return tuple(players)


def distribute(prizes: Sequence[Prize], players: Sequence[FinalStanding]) -> tuple[Award, ...]:
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
