"""Sections for a coming event on the demo club's 30 members (docs/organizer-guide.md §4): the split
partitions exactly the present members, ordered by rating, sizes within one; names pasted are
matched as on the confirmation screen; CSV and TRF starting lists; the same through the CLI."""

from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient, FlaskCliRunner
from sqlalchemy import select

from ladder.club.sections import shown_rating
from ladder.extensions import db
from ladder.models import Member
from ladder.queries.club import club_settings
from ladder.queries.sections import candidates


def _ratings(app: Flask) -> dict[int, float]:
    with app.app_context():
        return {c.member_id: c.rating for c in candidates(db.session, club_settings())}


def _ids(app: Flask) -> dict[str, int]:
    with app.app_context():
        return dict(db.session.execute(select(Member.name, Member.id)
                                       .where(Member.merged_into_id.is_(None))).all())


def _csv(response) -> list[dict[str, str]]:
    assert response.status_code == 200 and response.mimetype == "text/csv"
    assert "attachment" in response.headers["Content-Disposition"]
    return list(csv.DictReader(io.StringIO(response.get_data(as_text=True))))


def _check_partition(rows: list[dict[str, str]], present: set[int],
                     ratings: dict[int, float], count: int) -> None:
    """Every present member exactly once; sections by rating, top first; sizes within one."""
    members = [int(r["member_id"]) for r in rows]
    assert sorted(members) == sorted(present)
    sections: dict[int, list[int]] = {}
    for r in rows:
        sections.setdefault(int(r["section"]), []).append(int(r["member_id"]))
    assert sorted(sections) == list(range(1, count + 1))
    sizes = [len(sections[n]) for n in sorted(sections)]
    assert max(sizes) - min(sizes) <= 1 and sizes == sorted(sizes, reverse=True)
    order = [m for n in sorted(sections) for m in sections[n]]
    assert order == sorted(present, key=lambda m: (-ratings[m], m))
    for r in rows:  # start numbers restart per section; the shown rating
        assert int(r["rating"]) == shown_rating(ratings[int(r["member_id"])])


@pytest.mark.parametrize("count", [3, 4])
def test_a_thirty_player_night_in_sections(demo: Flask, logged_in: FlaskClient,
                                           count: int) -> None:
    ratings = _ratings(demo)
    assert len(ratings) == 30  # the demo's whole roster is present
    page = logged_in.get(f"/organize/sections?all=1&count={count}&split=1")
    html = page.get_data(as_text=True)
    assert page.status_code == 200
    assert html.count('<section class="section"') == count
    assert f"{count} sections · 30 players" in html
    assert "Noah Becker" in html  # the organizer's page: full names
    rows = _csv(logged_in.get(f"/organize/sections.csv?all=1&count={count}&split=1"))
    _check_partition(rows, set(ratings), ratings, count)
    trf = logged_in.get(f"/organize/sections/1.trf?all=1&count={count}&split=1")
    lines = [line for line in trf.get_data(as_text=True).splitlines() if line.startswith("001")]
    first = [r for r in rows if r["section"] == "1"]
    assert len(lines) == len(first) and first[0]["name"] in lines[0]
    assert logged_in.get(f"/organize/sections/{count + 1}.trf?all=1&count={count}&split=1"
                         ).status_code == 404


def test_ticked_members_and_rating_bands(demo: Flask, logged_in: FlaskClient) -> None:
    ratings = _ratings(demo)
    present = sorted(ratings)[:11]
    query = "&".join(f"m={m}" for m in present)
    rows = _csv(logged_in.get(f"/organize/sections.csv?{query}&mode=bands&bands=1300,1150"
                              "&split=1"))
    assert sorted(int(r["member_id"]) for r in rows) == present
    for r in rows:
        shown = shown_rating(ratings[int(r["member_id"])])
        band = 1 if shown >= 1300 else 2 if shown >= 1150 else 3
        assert int(r["section"]) == band
    html = logged_in.get(f"/organize/sections?{query}&mode=bands&bands=1300,1150&split=1"
                         ).get_data(as_text=True)
    assert html.count('<section class="section"') == 3  # empty bands are shown too
    assert "Band from 1300" in html and "Band below 1150" in html


def test_pasted_names_are_matched_as_on_the_confirmation_screen(demo: Flask,
                                                                 logged_in: FlaskClient) -> None:
    ids = _ids(demo)
    names = "1. Viktor Petrov (1950)\nhenrik  larsen\nJon Smith\nMaria Gonzales\nNobody Atall\n"
    html = logged_in.get("/organize/sections", query_string={
        "names": names, "count": "2", "split": "1"}).get_data(as_text=True)
    ticked = {int(m) for m in re.findall(r'name="m" value="(\d+)" checked', html)}
    # Identical names (numbering and rating dropped, case and spaces ignored) tick their
    # member; a name a member was entered under (the merged "Jon Smith") too.
    assert ticked == {ids["Viktor Petrov"], ids["Henrik Larsen"], ids["John Smith"]}
    assert "Names not ticked" in html
    assert "Line 4: “Maria Gonzales”" in html and "Maria González" in html
    assert "Line 5: “Nobody Atall”" in html and "no member resembles this name" in html
    assert "2 sections · 3 players" in html


def test_a_split_that_cannot_be_made_says_why(demo: Flask, logged_in: FlaskClient) -> None:
    ids = _ids(demo)
    html = logged_in.get(f"/organize/sections?m={ids['Viktor Petrov']}&count=3&split=1"
                         ).get_data(as_text=True)
    assert "3 sections need at least 3 players; 1 are present." in html
    assert '<section class="section"' not in html
    assert "Tick at least one member" in logged_in.get(
        "/organize/sections?count=2&split=1").get_data(as_text=True)
    assert "type numbers separated by commas" in logged_in.get(
        "/organize/sections?all=1&mode=bands&bands=high&split=1").get_data(as_text=True)
    assert logged_in.get("/organize/sections.csv?count=2&split=1").status_code == 404


def test_cli_sections_count_and_names(demo: Flask, runner: FlaskCliRunner,
                                      tmp_path: Path) -> None:
    ratings = _ratings(demo)
    result = runner.invoke(args=["sections", "--count", "3", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    rows = [{"section": str(s["section"]), "member_id": str(p["member_id"]),
             "rating": str(shown_rating(p["rating"]))} for s in data for p in s["players"]]
    _check_partition(rows, set(ratings), ratings, 3)
    assert [p["start_no"] for p in data[0]["players"]] == list(range(1, data[0]["size"] + 1))
    names = tmp_path / "present.txt"
    names.write_text("Viktor Petrov\nAnna Kowalska\n\nJon Smith\nNoah Becker\n",
                     encoding="utf-8")
    result = runner.invoke(args=["sections", "--count", "2", "--names", str(names), "--json"])
    assert result.exit_code == 0, result.output
    got = [p["name"] for s in json.loads(result.output) for p in s["players"]]
    assert sorted(got) == sorted(["Viktor Petrov", "Anna Kowalska", "John Smith",
                                  "Noah Becker"])  # full names: the organizer's lists
    names.write_text("Viktor Petrov\nAnna Kowalsky\n", encoding="utf-8")
    refused = runner.invoke(args=["sections", "--count", "2", "--names", str(names)])
    assert refused.exit_code == 2
    assert "present.txt:2: “Anna Kowalsky” is no member's name (did you mean Anna Kowalska?)" \
        in refused.output
    assert runner.invoke(args=["sections"]).exit_code == 2
    assert runner.invoke(args=["sections", "--count", "31"]).exit_code == 2

