"""The guide's pairing chapter: in every language, its examples are the engines' pairings."""

from __future__ import annotations

import re

import pytest
from flask.testing import FlaskClient

from ladder.club.night import pose_round
from ladder.pairing import berger_rounds, pair_trf_detailed
from ladder.web.guide import pairing_examples as examples

LOCALES = ("en", "ko", "zh_Hans", "id")


def _rows(html: str, caption_id: str) -> list[tuple[str, str]]:
    table = html[html.index(f'id="{caption_id}"'):]
    table = table[:table.index("</table>")]
    return re.findall(r"<tr><td>\d+</td><td>([^<]+)</td><td>([^<]+)</td><td class=\"why\">",
                      table)


def _engine(sheet) -> list[tuple[str, str]]:  # type: ignore[no-untyped-def]
    answer = pair_trf_detailed(pose_round(sheet, sheet.paired_rounds() + 1))
    name = {e.start_no: e.name for e in sheet.entrants}
    return [(name[b.white], name[b.black]) for b in answer.boards]


@pytest.mark.parametrize("locale", LOCALES)
def test_the_examples_are_the_engines(client: FlaskClient, locale: str) -> None:
    html = client.get(f"/guide/pairing?lang={locale}").get_data(as_text=True)
    assert _rows(html, "round-one-caption") == _engine(examples.first_round())
    assert _rows(html, "round-two-caption") == _engine(examples.after_round_one())
    assert _rows(html, "forbidden-caption") == _engine(examples.forbidden())
    assert _rows(html, "late-caption") == _engine(examples.late_entry())
    assert ("Ana Reyes", "Eun Ji") not in _rows(html, "forbidden-caption")
    assert examples.NAMES[1] not in {n for pair in _rows(html, "half-caption") for n in pair}
    odd = pair_trf_detailed(pose_round(examples.odd_round(), 1))
    assert examples.NAMES[odd.pab - 1] in html
    why = re.findall(r'<td class="why">([^<]+)</td>', html)
    assert len(why) >= 4 and all(any(n in w for n in examples.NAMES) for w in why[:4])
    first = berger_rounds(6)[0]
    assert ", ".join(f"{w}–{b}" for w, b in first) in html


def test_the_chapter_is_in_the_guides_navigation(client: FlaskClient) -> None:
    html = client.get("/guide/ladder").get_data(as_text=True)
    assert 'href="/guide/pairing"' in html
