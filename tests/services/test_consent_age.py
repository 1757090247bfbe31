"""The club's consent age (docs/privacy.md, "Consent by country"): who must consent for a
junior — under it a parent or guardian and the child, from it the junior themselves —, a
default per language, the range refused naming the field, the language it follows until the
organizer chooses, the consent refused with what its case misses, the audit of a consent with
its case and the age of the day; and the junior flag, which stays "under 18" whatever the
consent age (the TRF birth-year hint included)."""

from __future__ import annotations

import datetime as dt
import json
from dataclasses import replace

import pytest
from sqlalchemy import select

from ladder.club.consent import (
    CONSENT_AGE_BY_LANGUAGE,
    GENERAL_CONSENT_AGE,
    JUNIOR_AGE,
    LAW_AGES,
    MAX_CONSENT_AGE,
    MIN_CONSENT_AGE,
    OWN_CONSENT,
    Consenter,
    WhoConsented,
    default_consent_age,
    every_junior_needs_a_guardian,
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
    # Who is a junior is another question, with a fixed answer: under 18 (FIDE, SPEC §2).
    assert JUNIOR_AGE == 18
    # From 18 up (Indonesia's default) no junior is old enough to consent alone.
    assert [every_junior_needs_a_guardian(age) for age in (14, 17, 18, 21)] == [
        False, False, True, True]
    assert every_junior_needs_a_guardian(default_consent_age("id"))


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


def _consent_entry() -> dict[str, object]:
    entry = db.session.scalars(select(AuditEntry).where(AuditEntry.action == "member.consent")
                               .order_by(AuditEntry.id.desc())).first()
    return json.loads(entry.new_value)


def test_the_consent_audit_keeps_the_case_and_the_age_of_the_day(ctx) -> None:
    publish_t(tournament(["Minjun Kim", "Ann Lee"], [(1, 1, 2, Kind.WIN)]), dt.date(2025, 1, 7))
    kim, ann = member("Minjun Kim").id, member("Ann Lee").id
    update_settings(replace(current_form(), default_language="ko"), "org")  # 14
    record_consent(kim, True, "org", recorded_by="Coach Park", date=dt.date(2025, 2, 1))
    assert _consent_entry() == {"given": True, "date": "2025-02-01", "by": "Coach Park",
                                "who": "guardian", "under": 14}
    record_consent(ann, True, "org", recorded_by="Coach Park", date=dt.date(2025, 2, 2),
                   who=OWN_CONSENT)
    update_settings(replace(current_form(), consent_age=18), "org")  # later: the entry stays
    assert _consent_entry() == {"given": True, "date": "2025-02-02", "by": "Coach Park",
                                "who": "own", "under": 14}
    record_consent(ann, False, "org")  # a withdrawal asks nobody's consent
    assert _consent_entry() == {"given": False, "date": "None", "by": None}


UNDER = "For a member under 15, "
#: What the organizer confirms, and what is refused (None: recorded). The junior's own
#: consent needs no guardian; a guardian ticked besides is allowed.
CASES = [
    (WhoConsented(None, guardian=True, child=True, own=True),
     "Choose who consented: for a member under 15, a parent or guardian and the child; for a "
     "member 15 or older, the member."),
    (WhoConsented(Consenter.GUARDIAN), UNDER + "both a parent's or guardian's consent and "
                                               "the child's own agreement are missing."),
    (WhoConsented(Consenter.GUARDIAN, child=True, own=True),
     UNDER + "a parent's or guardian's consent is missing."),
    (WhoConsented(Consenter.GUARDIAN, guardian=True, own=True),
     UNDER + "the child's own agreement is missing."),
    (WhoConsented(Consenter.OWN, guardian=True, child=True),
     "For a member 15 or older, their own consent is missing."),
    (WhoConsented(Consenter.GUARDIAN, guardian=True, child=True), None),
    (WhoConsented(Consenter.OWN, own=True), None),
    (WhoConsented(Consenter.OWN, guardian=True, own=True), None),
]


@pytest.mark.parametrize("who, refusal", CASES)
def test_a_consent_needs_what_its_case_asks(ctx, who: WhoConsented, refusal: str | None) -> None:
    publish_t(tournament(["Minjun Kim", "Ann Lee"], [(1, 1, 2, Kind.WIN)]), dt.date(2025, 1, 7))
    kim = member("Minjun Kim").id
    update_settings(replace(current_form(), consent_age=15), "org")
    before = db.session.scalar(select(AuditEntry.id).order_by(AuditEntry.id.desc()).limit(1))
    if refusal is None:
        record_consent(kim, True, "org", recorded_by="Coach Park", who=who)
        assert db.session.get(Member, kim).consent_given is True
        assert _consent_entry()["who"] == who.case
        return
    with pytest.raises(InvalidInput) as refused:
        record_consent(kim, True, "org", recorded_by="Coach Park", who=who)
    assert refused.value.message == refusal
    db.session.rollback()
    assert db.session.get(Member, kim).consent_given is False
    assert db.session.scalar(
        select(AuditEntry.id).order_by(AuditEntry.id.desc()).limit(1)) == before


@pytest.mark.parametrize("born, junior", [
    (2009, True),   # 17 by the end of 2026
    (2008, True),   # turns 18 in 2026: may still be 17 on the day
    (2007, False),  # 19 by the end of 2026, at least 18 on any day of it
    (2012, True), (None, False), (1850, False)])
def test_the_birth_year_hint_is_under_18_whatever_the_consent_age(born: int | None,
                                                                  junior: bool) -> None:
    assert is_junior_by_birth_year(born, dt.date(2026, 6, 1)) is junior
    assert is_junior_by_birth_year(born, dt.date(2026, 6, 1), JUNIOR_AGE) is junior


def test_an_imported_trf_suggests_juniors_under_18_in_a_korean_club(ctx) -> None:
    names = ["Old Hand", "Turns Eighteen", "Teen Player", "Young Kid"]
    base = tournament(names, [(1, 1, 2, Kind.WIN)])
    players = tuple(replace(p, birth_year=year)
                    for p, year in zip(base.players, (2007, 2008, 2011, 2013), strict=True))
    trf = write_trf(replace(base, players=players))
    update_settings(replace(current_form(), default_language="ko"), "org")  # consent age 14
    assert club_settings().consent_age == 14
    import_file(trf, source="a.trf", file_format="trf", name="Spring", date=dt.date(2026, 3, 3),
                kind=None, rated=True, actor="org")
    flags = {m.name: m.junior for m in db.session.scalars(select(Member))}
    # Born 2011: 14 or 15 in 2026, over the consent age but under 18, so still a junior (a
    # 15-year-old's full name needs their own consent); born 2007: 18 or 19, not a junior.
    assert flags == {"Old Hand": False, "Turns Eighteen": True, "Teen Player": True,
                     "Young Kid": True}
