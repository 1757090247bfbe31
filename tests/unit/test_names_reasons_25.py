"""Name matching: ranks and reasons a review found wrong (docs/desk.md §2)."""

from __future__ import annotations

from ladder.names import compare, suggest
from ladder.vocabulary.messages import Message


def _reasons(typed: str, existing: str) -> list[str]:
    return [str(r) if not isinstance(r, Message) else r.render(lambda s, **kw: s % kw)
            for r in compare(typed, existing)[1]]


def test_two_matching_initials_outrank_one() -> None:
    roster = [(1, "Rebecca Ashworth"), (2, "Robert James Ashworth")]
    ranked = suggest("R. J. Ashworth", roster)
    assert [s.candidate for s in ranked][:2] == [2, 1]
    assert compare("R. J. Ashworth", "Robert James Ashworth")[0] > \
        compare("R. J. Ashworth", "Rebecca Ashworth")[0]
    # One initial and a middle name written out still rank as before.
    assert compare("J. Smith", "John Smith")[0] == compare("J. Smith", "James Smith")[0]


def test_charlie_is_the_short_form_of_charles() -> None:
    for typed, existing in (("Charlie Brown", "Charles Brown"), ("Charles Brown", "Charlie Brown")):
        assert _reasons(typed, existing) == ["Charlie is a short form of Charles"]
    assert _reasons("Jamie Lee", "James Lee") == ["Jamie is a short form of James"]
    assert _reasons("Bob Smith", "Robert Smith") == ["Bob is a short form of Robert"]


def test_muhammad_and_a_personal_name_is_a_given_name() -> None:
    assert _reasons("Muhammad Rafi", "Muhammad Rafiq") == ["given name differs by one letter"]
    assert _reasons("Muhammad Rafiq", "Muhammad Rafi") == ["given name differs by one letter"]
    # With a family name, the last word is still a surname.
    assert _reasons("Muhammad Rizky Pratama", "Muhammad Rizky Pratamo") == [
        "surname differs by one letter"]
