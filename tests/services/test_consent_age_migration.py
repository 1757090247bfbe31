"""The upgrade that adds the consent age (docs/privacy.md, "Consent by country"): a database
written before it gets, per settings row, the default of that row's language; no member's
junior flag or consent changes (the age says who consents from now on, never who is a
junior: a Korean club's 14 unflags no one); the downgrade removes the column and keeps the
rest."""

from __future__ import annotations

import datetime as dt

from flask import Flask
from sqlalchemy import inspect, select, text

from ladder.club.consent import default_consent_age
from ladder.extensions import db
from ladder.models import ClubSettings, Member
from ladder.queries.display_names import load_name_book
from tests.factories import direct_writes

BEFORE = "e3f1a9c4b7d2"
LANGUAGES = ("ko", "zh_Hans", "id", "en", "")


def _columns() -> set[str]:
    return {column["name"] for column in inspect(db.engine).get_columns("club_settings")}


def test_the_upgrade_sets_each_clubs_default_from_its_language(app: Flask) -> None:
    with app.app_context():
        from flask_migrate import downgrade, upgrade

        from ladder.services.setup import MIGRATIONS
        downgrade(directory=MIGRATIONS, revision=BEFORE)
        db.session.remove()
        assert "consent_age" not in _columns()
        # Rows as the old code wrote them: the club's row (id 1) in Korean and one more row
        # per language (the table has one row in use; the others test every language at
        # once), plus a junior with a recorded consent and one without.
        with db.engine.begin() as connection:
            connection.execute(text("UPDATE club_settings SET default_language = 'ko'"))
            for number, language in enumerate(LANGUAGES[1:], start=2):
                connection.execute(text(
                    "INSERT INTO club_settings (id, club_name, visibility, initials_for_all, "
                    "default_language, timezone, start_rating, k_new, k_established, "
                    "k_threshold, provisional_games, generation, award_min_games, glicko_tau, "
                    "health_public) VALUES (:id, 'Club', 'public', false, :language, 'UTC', "
                    "1200, 40, 20, 20, 5, 0, 10, 0.5, false)"),
                    {"id": number, "language": language})
        with direct_writes():
            db.session.add_all([
                Member(id=1, name="Minjun Kim", name_key="minjun kim", junior=True,
                       consent_given=True, consent_date=dt.date(2025, 2, 1),
                       consent_recorded_by="Coach Park", rating=1200.0, games=0),
                Member(id=2, name="Ann Lee", name_key="ann lee", junior=True, rating=1200.0,
                       games=0)])
            db.session.commit()
        db.session.remove()
        upgrade(directory=MIGRATIONS)
        with db.engine.connect() as connection:
            ages = dict(connection.execute(text(
                "SELECT default_language, consent_age FROM club_settings")).all())
        assert ages == {language: default_consent_age(language) for language in LANGUAGES}
        assert ages == {"ko": 14, "zh_Hans": 14, "id": 18, "en": 16, "": 16}
        members = {m.id: (m.junior, m.consent_given, m.consent_recorded_by)
                   for m in db.session.scalars(select(Member))}
        assert members == {1: (True, True, "Coach Park"), 2: (True, False, None)}
        # The Korean club (consent age 14) still shows its junior without a consent by
        # initials, whatever the junior's age: the consent age unflags no one.
        book = load_name_book(db.session, db.session.get(ClubSettings, 1))
        assert db.session.get(ClubSettings, 1).consent_age == 14
        assert book.labels == {1: "Minjun Kim", 2: "A. L."}
        db.session.remove()
        downgrade(directory=MIGRATIONS, revision=BEFORE)
        assert "consent_age" not in _columns() and "default_language" in _columns()
        upgrade(directory=MIGRATIONS)
        db.session.remove()
