"""Why a member is suggested: message ids with their values (docs/architecture.md §5).

A :class:`SuggestionReason` *is* its English sentence (a ``str``), so
``", ".join(s.reasons)``, ``"same name" in s.reasons`` and the CLI keep working unchanged, and
it *carries* the
:class:`~ladder.vocabulary.messages.Message` (id + values) so the web edge can translate it:
``reason.message.render(gettext)``. Every sentence is written out whole at its call site inside
``msg(...)`` so extraction finds it and translators see whole sentences, never fragments.
"""
from __future__ import annotations

from typing import Any

from ..vocabulary.messages import Message, msg


class SuggestionReason(str):
    """One reason shown beside a suggestion: the English text, plus its message id and values."""

    # No __slots__: CPython refuses non-empty slots on str subclasses.
    message: Message

    def __new__(cls, message: Message) -> SuggestionReason:
        text = super().__new__(cls, str(message))
        text.message = message
        return text

    @property
    def id(self) -> str:
        """The message id (the English source sentence with its placeholders)."""
        return self.message.id

    @property
    def params(self) -> dict[str, Any]:
        """The placeholder values."""
        return self.message.params

    def render(self, translate: Any = None) -> str:
        """The sentence in another language: ``translate`` maps a message id to its translation."""
        return self.message.render(translate)

    def __reduce__(self) -> tuple[Any, ...]:
        # str subclasses pickle by value only; keep the message (caches, multiprocessing).
        return (SuggestionReason, (self.message,))


def why(message: Message) -> SuggestionReason:
    """A :class:`SuggestionReason` from ``msg("...", **values)``."""
    return SuggestionReason(message)


def display_word(word: str) -> str:
    """A folded name word as shown inside a reason: ``bob`` -> ``Bob``, ``o'brien`` -> ``O'brien``.

    Words are folded (lower case, no accents) by the time they are compared; capitalising the
    first letter is enough for a sentence like "Bob is a short form of Robert".
    """
    return word[:1].upper() + word[1:]


# ------------------------------------------------------------------ the sentences
# One whole sentence per case (never "%(part)s differs"): word order differs in Korean,
# Chinese and Indonesian, and translators need the part named inside the sentence.
SURNAME, GIVEN, MIDDLE = "surname", "given", "middle"

SAME_NAME = why(msg("same name"))
SAME_APART_FROM_PUNCTUATION = why(msg("same name apart from punctuation"))
SAME_WITHOUT_DIACRITICS = why(msg("same name without diacritics"))
SAME_WITHOUT_SPACES = why(msg("same name without spaces"))
SURNAME_FIRST_COMMA = why(msg("surname written first, with a comma"))
SWAPPED = why(msg("given name and surname swapped"))
OTHER_ORDER = why(msg("name parts in a different order"))
SAME_SIMPLIFIED = why(msg("same name in simplified characters"))
SAME_PINYIN = why(msg("same name in pinyin"))
SAME_WADE_GILES = why(msg("same name in Wade–Giles romanisation"))
ROMANISED_KOREAN = why(msg("romanised Korean name"))
SAME_SOUTHERN_CHINESE = why(msg("same name in a Cantonese or Hokkien romanisation"))
KOREAN_INITIALS = why(msg("initials of the romanised Korean name"))
KOREAN_SURNAME_SPELLING = why(msg("the same Korean family name, romanised differently"))
KOREAN_GIVEN_SPELLING = why(msg("the same Korean given name, romanised differently"))
CHINESE_SURNAME_SPELLING = why(msg("the same Chinese family name in another dialect's spelling"))
TITLE_OMITTED = why(msg("a title or a placeholder for a missing name (Bapak, Ibu, FNU) left out"))
MUHAMMAD_SPELLING = why(msg("spelling or abbreviation of Muhammad"))
MUHAMMAD_OMITTED = why(msg("“Muhammad” omitted"))
SECOND_SURNAME_MISSING = why(msg("second surname missing"))
NAME_LAST_LETTER = why(msg("name differs in the last letter"))
GIVEN_MISSING = why(msg("given name missing"))
GIVEN_SPACING = why(msg("given name spaced differently"))
MIDDLE_NAMES_DIFFER = why(msg("middle names differ"))
FIRST_GIVEN_MISSING = why(msg("first given name missing"))
MIDDLE_MISSING = why(msg("middle name missing"))
DOUBLED_NAME = why(msg("a single name written twice"))

ONE_LETTER = {
    SURNAME: why(msg("surname differs by one letter")),
    GIVEN: why(msg("given name differs by one letter")),
    MIDDLE: why(msg("middle name differs by one letter")),
}
TWO_SWAPPED = {
    SURNAME: why(msg("surname has two letters swapped")),
    GIVEN: why(msg("given name has two letters swapped")),
    MIDDLE: why(msg("middle name has two letters swapped")),
}
TWO_LETTERS = {
    SURNAME: why(msg("surname differs by two letters")),
    GIVEN: why(msg("given name differs by two letters")),
    MIDDLE: why(msg("middle name differs by two letters")),
}
INITIAL = {GIVEN: why(msg("initial matches given name")),
           MIDDLE: why(msg("initial matches middle name"))}
ABBREVIATION = {GIVEN: why(msg("abbreviation matches given name")),
                MIDDLE: why(msg("abbreviation matches middle name"))}
LAST_LETTER = {GIVEN: why(msg("given name differs in the last letter (a sibling?)")),
               MIDDLE: why(msg("middle name differs in the last letter (a sibling?)"))}
SHORTENED = {GIVEN: why(msg("shortened given name")), MIDDLE: why(msg("shortened middle name"))}


def short_form(short: str, full: str) -> SuggestionReason:
    """Bob is a short form of Robert."""
    return why(msg("%(short)s is a short form of %(full)s",
                   short=display_word(short), full=display_word(full)))


def old_spelling(old: str, new: str) -> SuggestionReason:
    """Poerwanto is the old spelling of Purwanto (Indonesian spelling reform of 1972)."""
    return why(msg("%(old)s is the old spelling of %(new)s",
                   old=display_word(old), new=display_word(new)))


def balinese_abbreviation(short: str, full: str) -> SuggestionReason:
    """Md. is short for Made (Balinese)."""
    return why(msg("%(short)s. is short for the Balinese name %(full)s",
                   short=display_word(short), full=display_word(full)))


def balinese_prefix_omitted(prefix: str) -> SuggestionReason:
    """The Balinese prefix I (or Ni) left out."""
    return why(msg("the Balinese prefix “%(prefix)s” is left out", prefix=display_word(prefix)))


def jamo_typo(typed: str, meant: str) -> SuggestionReason:
    """이서쥰 ~ 이서준: one key slipped in one syllable of the given name."""
    return why(msg("given name differs by one jamo (%(typed)s for %(meant)s, a typo?)",
                   typed=typed, meant=meant))


def alias_match(alias: str) -> SuggestionReason:
    """The typed name matched an earlier spelling of the member, not their current name."""
    return why(msg("matches %(alias)s, a name this member was confirmed under", alias=alias))


def merged_into(alias: str, name: str) -> SuggestionReason:
    """Bob Pemberton was merged into Robert Pemberton."""
    return why(msg("%(alias)s was merged into %(name)s", alias=alias, name=name))


def former_name(alias: str, name: str) -> SuggestionReason:
    """A name the member had before a rename."""
    return why(msg("%(alias)s is a former name of %(name)s", alias=alias, name=name))


def shared_alias(alias: str, count: int) -> SuggestionReason:
    """After a split, two members were confirmed under one spelling: the organizer chooses."""
    return why(msg("%(count)d members were confirmed as %(alias)s: choose one",
                   count=count, alias=alias))
