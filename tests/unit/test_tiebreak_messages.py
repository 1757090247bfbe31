"""The engine's words are message ids with named values (translated at the web edge), whole
sentences each, and ``str()`` is the English the command line prints."""

from __future__ import annotations

import pytest

from ladder.tiebreaks import TiebreakError, compute, explain, parse_code
from ladder.tiebreaks.calculator import calculate
from ladder.tiebreaks.codes import NAMES
from ladder.tiebreaks.editions import get_edition
from ladder.tiebreaks.wording import TextMessage, msg
from ladder.vocabulary.messages import Message
from tests.unit.tiebreak_support import crosstable, exercise

CODES = ["PTS", "DE", "WIN", "WON", "BPG", "BWG", "PS/C1", "REP", "STD", "BH/C1", "BH/M1", "AOB",
         "FB", "SB/C1", "KS", "ARO/C1", "TPR", "PTP", "APRO", "APPO", "MM", "SOLK", "HARK",
         "CUM", "OPCUM", "KASH", "MB"]


def wrapped(message_id: str) -> str:
    """A 'translation' that marks where each translated sentence starts and ends."""
    return "«" + message_id + "»"


@pytest.mark.parametrize("edition", ["fide-2026", "fide-2024", "fide-2012", "uscf"])
def test_every_text_of_an_explanation_is_one_translated_sentence(edition: str) -> None:
    t = exercise("held_swiss_5.trf")
    for code in CODES:
        for sno in (4, 9, 12, 14):
            e = explain(t, sno, code, edition)
            texts = [e.article, *e.notes]
            for row in e.rows:
                texts += [row.result, row.category, row.note]
                if row.cut is not None:
                    texts.append(row.cut)
            for text in texts:
                assert isinstance(text, Message), (code, text)
                # Translated as a whole: nothing of it stays outside the translation.
                rendered = text.render(wrapped)
                assert rendered.startswith("«") and rendered.endswith("»"), (code, rendered)
                assert text.render() == str(text)


def test_named_placeholders_and_english_text() -> None:
    e = explain(exercise("held_swiss_5.trf"), 9, "BH", "fide-2012")
    note = e.rows[2].note
    # Player 9's round 3 is a half-point bye after two losses: SPR 0 + (1 - ½) + ½ x 2 = 1½.
    assert "%(before)s" in note.id and dict(note.values)["before"] == "0"
    assert str(note) == ("virtual opponent (C.02 13.15.2): 0 before the round + 0.5 in the "
                         "round + draws in 2 later round(s) 1")
    assert e.rows[2].score_used == 1.5
    assert e.article == NAMES["BH"] and e.article.id == NAMES["BH"]


def test_text_messages_read_like_their_english() -> None:
    text = msg("cut %(low)d lowest", low=1)
    assert text == "cut 1 lowest" and "1 low" in text and text.startswith("cut")
    assert text != "cut 2 lowest" and text == msg("cut %(low)d lowest", low=1)
    assert hash(text) == hash("cut 1 lowest")
    assert isinstance(text, Message) and isinstance(text, TextMessage)


def test_warnings_and_dropped_columns_are_messages() -> None:
    t = crosstable({1: "2w1", 2: "1b0"}, ratings={1: 2000, 2: None})
    table = compute(t, "ARO,BH")
    dropped = table.columns["ARO"].dropped
    assert isinstance(dropped, Message) and dropped.id.startswith("%(code)s dropped")
    assert dict(dropped.values) == {"code": "ARO", "numbers": "2"}
    assert all(isinstance(w, Message) for w in table.warnings)


def test_errors_a_visitor_can_cause_carry_a_message() -> None:
    with pytest.raises(TiebreakError) as caught:
        parse_code("XYZ/C1")
    err = caught.value
    assert str(err).startswith("unknown tie-break code 'XYZ' in 'XYZ/C1'; known codes: PTS")
    assert err.message.id.startswith("unknown tie-break code %(code)r")
    assert dict(err.message.values)["code"] == "XYZ"
    with pytest.raises(TiebreakError) as caught:
        get_edition("fide-1999")
    assert dict(caught.value.message.values)["edition"] == "fide-1999"
    with pytest.raises(TiebreakError) as caught:
        calculate([], "AOB")
    assert caught.value.message.id == ("%(code)s needs the opponents' own records; use a "
                                       "whole tournament file")
