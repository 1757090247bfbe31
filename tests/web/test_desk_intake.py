"""The organizer's desk (docs/organizer-guide.md §2): a partial file warned about, a refused
publish summarised at the top, the same player typed two ways refused when impossible."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient

from tests.factories import PASTE, TESTDATA, TWO_SPELLINGS_PASTE, form, seed

KOSHNITSKY = TESTDATA / "real-events" / "hobsonsbay_koshnitsky_cup_2025_r5.trf"


def test_a_partial_file_warns_and_offers_a_draft(logged_in: FlaskClient) -> None:
    """24.4: "after round 5 of 6" in the title: the preview and the names page say so, and the
    names page offers "Save as a draft" beside the warning."""
    data = form(logged_in, text=KOSHNITSKY.read_text(), date="2025-05-20", name="")
    html = logged_in.post("/organize/events/new", data=data).get_data(as_text=True)
    assert "The file says it is partial" in html and "5 of 6 rounds played" in html
    names = logged_in.post("/organize/events/new/names", data=data).get_data(as_text=True)
    warning = names.split('class="flash warning partial"')[1].split("</div>")[0]
    assert "5 of 6 rounds played" in warning
    assert 'name="as_draft" value="1"' in warning and "Save as a draft" in warning
    finished = logged_in.post("/organize/events/new", data=form(logged_in)).get_data(
        as_text=True)
    assert "partial" not in finished


def test_a_refused_publish_names_the_rows_at_the_top(app: Flask,
                                                      logged_in: FlaskClient) -> None:
    """24.5: the summary at the top names each undecided row and links to its field."""
    seed(app)
    text = PASTE.replace("Bo Chen", "Bo Chenn")
    data = form(logged_in, text=text, **{"link-1": "m1", "link-3": "m3", "link-4": "m4"})
    html = logged_in.post("/organize/events/new/publish", data=data).get_data(as_text=True)
    summary = html.split('id="error-summary"')[1].split("</div>")[0]
    assert "1 row needs your attention" in summary
    assert '<a href="#link-2">No. 2, “Bo Chenn”</a>' in summary
    assert html.index('id="error-summary"') < html.index('<table class="names">')
    assert "novalidate" in html.split('id="names-form"')[1].split(">")[0]


def test_two_rows_that_played_each_other_cannot_be_one(logged_in: FlaskClient) -> None:
    """24.1: "same player as" a row met over the board is refused, naming both."""
    data = form(logged_in, text=TWO_SPELLINGS_PASTE, **{"same-2": "1", "names_step": "1"})
    html = logged_in.post("/organize/events/new/names", data=data).get_data(as_text=True)
    assert "“Henrik Larsen” and “Petrov Viktor” played in the same round or against each " \
        "other: they are two players." in html.replace("&#34;", '"')


def test_the_dashboard_says_what_a_draft_will_be_once_published(app: Flask,
                                                                 logged_in: FlaskClient) -> None:
    """24.11: a rated draft reads "yes, once published" with the draft tag; an unrated draft
    "no, once published"; a published event plainly "yes"."""
    seed(app)
    for name, rated in (("Rated draft", "on"), ("Unrated draft", "")):
        data = form(logged_in, name=name, rated=rated, as_draft="1",
                    **{"link-1": "m1", "link-2": "m2", "link-3": "m3", "link-4": "m4"})
        assert logged_in.post("/organize/events/new/publish", data=data).status_code == 303
    html = logged_in.get("/organize/").get_data(as_text=True)
    rows = {row.split("</a>")[0].rsplit(">", 1)[1]: row
            for row in html.split("<tbody>")[1].split("</tbody>")[0].split("<tr>")[1:]}
    rated = rows["Rated draft"].split('<td class="rated">')[1].split("</td>")[0]
    assert "yes, once published" in rated and 'class="tag draft"' in rated
    assert "no, once published" in rows["Unrated draft"]
    published = rows["Club night"].split('<td class="rated">')[1].split("</td>")[0]
    assert published == "yes"
    korean = logged_in.get("/organize/?lang=ko").get_data(as_text=True)
    assert "once published" not in korean
