"""The club's consent age (docs/privacy.md, "Consent by country"): the age under which a
parent's or guardian's consent is asked, a default per language, the range refused naming
the field, the language it follows until the organizer chooses, the audit of a consent with
the age of the day, and the TRF birth-year hint that follows it."""

from __future__ import annotations

import datetime as dt
import json
from dataclasses import replace

import pytest
from sqlalchemy import select

from ladder.club.consent import (
    CONSENT_AGE_BY_LANGUAGE,
    GENERAL_CONSENT_AGE,
    LAW_AGES,
    MAX_CONSENT_AGE,
    MIN_CONSENT_AGE,
    default_consent_age,
    is_valid_consent_age,
)
from ladder.extensions import db
from ladder.formats.trf_write import write_trf
from ladder.models import AuditEntry, Member
from ladder.queries.club import club_settings
from ladder.services import InvalidInput
from ladder.services.club_settings import current_form, update_settings, validate
from ladder.services.events import is_junior_by_birth_year
from ladder.services.importing import import_file
from ladder.services.members import record_consent
from ladder.vocabulary.tournament import Kind
from tests.factories import member, publish_t, tournament

FIELD = "Age under which a parent's or guardian's consent is asked"


def test_the_defaults_are_the_laws_ages() -> None:
    # Korea PIPA Art. 22-2 and China PIPL Art. 31: under 14; Indonesia UU PDP Art. 25 with
    # the child protection law's child (under 18); GDPR Art. 8: 16, lowest 13.
    assert (LAW_AGES["korea"], LAW_AGES["china"], LAW_AGES["indonesia"]) == (14, 14, 18)
    assert (LAW_AGES["eu"], LAW_AGES["eu_lowest"]) == (16, 13)
    assert [default_consent_age(code) for code in ("ko", "zh_Hans", "id", "en")] == [
        LAW_AGES["korea"], LAW_AGES["china"], LAW_AGES["indonesia"], LAW_AGES["eu"]]
    # A club without a language (each visitor's browser) or an unknown code: the general one.
    assert default_consent_age("") == default_consent_age(None) == GENERAL_CONSENT_AGE == 16
    assert default_consent_age("fr") == GENERAL_CONSENT_AGE
    # Every default is a choosable age.
    assert all(is_valid_consent_age(age) for age in CONSENT_AGE_BY_LANGUAGE.values())
    assert (MIN_CONSENT_AGE, MAX_CONSENT_AGE) == (13, 21)
    assert not is_valid_consent_age(12) and not is_valid_consent_age(22)


def test_a_new_club_has_the_general_default(ctx) -> None:
    assert club_settings().consent_age == GENERAL_CONSENT_AGE
    assert current_form().consent_age == GENERAL_CONSENT_AGE


@pytest.mark.parametrize("age, ok", [(12, False), (13, True), (14, True), (18, True),
                                     (21, True), (22, False), (0, False), (-14, False)])
def test_the_range_is_checked_naming_the_field(ctx, age: int, ok: bool) -> None:
    form = replace(current_form(), consent_age=age)
    errors = validate(form)
    if ok:
        assert errors == []
    else:
        assert errors == [f"{FIELD}: a whole number between 13 and 21."]


def test_an_age_out_of_range_changes_nothing(ctx) -> None:
    before = db.session.scalar(select(AuditEntry.id).order_by(AuditEntry.id.desc()).limit(1))
    with pytest.raises(InvalidInput, match=FIELD):
        update_settings(replace(current_form(), consent_age=9, club_name="Renamed"), "org")
    db.session.rollback()
    assert club_settings().consent_age == GENERAL_CONSENT_AGE
    assert club_settings().club_name != "Renamed"
    assert db.session.scalar(
        select(AuditEntry.id).order_by(AuditEntry.id.desc()).limit(1)) == before


def test_the_age_is_stored_and_audited_without_a_replay(ctx) -> None:
    assert update_settings(replace(current_form(), consent_age=15), "org") is False
    assert club_settings().consent_age == 15
    entry = db.session.scalars(select(AuditEntry).where(AuditEntry.action == "settings.update")
                               .order_by(AuditEntry.id.desc())).first()
    assert json.loads(entry.old_value) == {"consent_age": GENERAL_CONSENT_AGE}
    assert json.loads(entry.new_value) == {"consent_age": 15}


def test_the_age_follows_the_language_until_the_organizer_chooses(ctx) -> None:
    # A new club (no language, 16) switched to Indonesian: 18; then to Korean: 14.
    update_settings(replace(current_form(), default_language="id"), "org")
    assert club_settings().consent_age == LAW_AGES["indonesia"]
    update_settings(replace(current_form(), default_language="ko"), "org")
    assert club_settings().consent_age == LAW_AGES["korea"]
    # The organizer chooses 15: a later language change keeps it.
    update_settings(replace(current_form(), consent_age=15), "org")
    update_settings(replace(current_form(), default_language="zh_Hans"), "org")
    assert club_settings().consent_age == 15
    # Back to a language default, then a change of language with a typed age: the typed one.
    update_settings(replace(current_form(), default_language="en", consent_age=16), "org")
    update_settings(replace(current_form(), default_language="id", consent_age=17), "org")
    assert club_settings().consent_age == 17


def test_the_consent_audit_keeps_the_age_of_the_day(ctx) -> None:
    publish_t(tournament(["Minjun Kim", "Ann Lee"], [(1, 1, 2, Kind.WIN)]), dt.date(2025, 1, 7))
    kim = member("Minjun Kim").id
    update_settings(replace(current_form(), default_language="ko"), "org")
    record_consent(kim, True, "org", recorded_by="Coach Park", date=dt.date(2025, 2, 1))
    update_settings(replace(current_form(), consent_age=18), "org")  # later: the entry stays
    entry = db.session.scalars(select(AuditEntry).where(AuditEntry.action == "member.consent")
                               .order_by(AuditEntry.id.desc())).first()
    assert json.loads(entry.new_value) == {"given": True, "date": "2025-02-01",
                                           "by": "Coach Park", "under": 14}


def test_a_consent_needs_the_guardian_and_the_child(ctx) -> None:
    publish_t(tournament(["Minjun Kim", "Ann Lee"], [(1, 1, 2, Kind.WIN)]), dt.date(2025, 1, 7))
    kim = member("Minjun Kim").id
    with pytest.raises(InvalidInput, match="guardian's consent and the child's own agreement"):
        record_consent(kim, True, "org", recorded_by="Coach Park", parent_and_child=False)
    db.session.rollback()
    assert db.session.get(Member, kim).consent_given is False


@pytest.mark.parametrize("born, under, junior", [
    (2012, 14, True),   # turns 14 in 2026: may still be 13 on the day
    (2011, 14, False),  # 15 by the end of 2026, at least 14 on any day of it
    (2008, 18, True), (2007, 18, False), (2010, 16, True), (2009, 16, False),
    (None, 18, False), (1850, 18, False)])
def test_the_birth_year_hint_follows_the_consent_age(born: int | None, under: int,
                                                     junior: bool) -> None:
    assert is_junior_by_birth_year(born, dt.date(2026, 6, 1), under) is junior


def test_an_imported_trf_suggests_juniors_under_the_clubs_age(ctx) -> None:
    base = tournament(["Old Hand", "Teen Player", "Young Kid"], [(1, 1, 2, Kind.WIN)])
    players = tuple(replace(p, birth_year=year)
                    for p, year in zip(base.players, (1980, 2010, 2013), strict=True))
    trf = write_trf(replace(base, players=players))
    update_settings(replace(current_form(), default_language="ko"), "org")  # under 14
    import_file(trf, source="a.trf", file_format="trf", name="Spring", date=dt.date(2026, 3, 3),
                kind=None, rated=True, actor="org")
    flags = {m.name: m.junior for m in db.session.scalars(select(Member))}
    # Born 2013: 12 or 13 in 2026, junior; born 2010: 15 or 16, not under 14.
    assert flags == {"Old Hand": False, "Teen Player": False, "Young Kid": True}
