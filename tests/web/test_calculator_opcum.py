"""The calculator offers OPCUM with the other US Chess tie-breaks (docs/tiebreaks.md §2)."""

from __future__ import annotations

import re


def _value(html: str, code: str) -> str | None:
    found = re.search(rf'id="value-{code}">([^<]*)<', html)
    return found.group(1) if found else None


def test_opcum_with_the_opponents_cumulatives(client) -> None:
    html = client.get("/tools/tiebreaks?edition=uscf&r=W,w,2,,5&r=D,b,1.5,,3.5&r=H"
                      "&r=L,w,3,,6").get_data(as_text=True)
    assert "Opponent&#39;s cumulative (for OPCUM)" in html or \
        "Opponent's cumulative (for OPCUM)" in html
    assert _value(html, "OPCUM") in ("14.5", "14½")
    assert _value(html, "CUM") is not None and _value(html, "SOLK") is not None
    assert 'id="opcum-note"' not in html
    assert 'name="u" value="5"' in html


def test_without_them_the_page_says_what_opcum_needs(client) -> None:
    html = client.get("/tools/tiebreaks?edition=uscf&r=W,w,2&r=D,b,1.5").get_data(as_text=True)
    assert _value(html, "OPCUM") is None and _value(html, "CUM") is not None
    assert 'id="opcum-note"' in html and "34E" in html
    fide = client.get("/tools/tiebreaks?edition=fide-2026&r=W,w,2,,5").get_data(as_text=True)
    assert "for OPCUM" not in fide and 'type="hidden" name="u" value="5"' in fide


def test_a_bad_cumulative_is_marked_on_its_field(client) -> None:
    html = client.get("/tools/tiebreaks?edition=uscf&r=W,w,2,,x").get_data(as_text=True)
    assert 'id="u0"' in html and "is not a score" in html
