"""A typed name in the club's display form: given name first (pure).

Pairing programs write ``Surname,Given`` (TRF ``Davis,Tony J``, FIDE ``Carlsen, Magnus``);
the club's pages write names given name first, as members sign them (``Tony J Davis``). The
confirmation screen offers this form with one click for a *new* member's name (the organizer
decides; nothing is rewritten silently), and the file's spelling stays an alias of the member,
so the next file written the same way finds them at once.
"""

from __future__ import annotations

import unicodedata


def _cjk(text: str) -> bool:
    return any(unicodedata.name(ch, "").startswith(("CJK UNIFIED", "HANGUL SYLLABLE"))
               for ch in text)


def display_form(typed: str) -> str | None:
    """``typed`` given name first when it is written ``Surname,Given``; None otherwise.

    >>> display_form("Davis,Tony J"), display_form("van der Berg, Jan"), display_form("Ann Lee")
    ('Tony J Davis', 'Jan van der Berg', None)

    Exactly one comma with words on both sides; spaces are collapsed and the spelling (case,
    diacritics) is kept. Names in Hangul or Han characters keep the surname first, as they
    are written, without the comma (``김,민준`` → ``김민준``).
    """
    if typed.count(",") != 1:
        return None
    surname, given = (" ".join(part.split()) for part in typed.split(","))
    if not surname or not given:
        return None
    if _cjk(surname) and _cjk(given):
        return surname + given
    return f"{given} {surname}"


__all__ = ["display_form"]
