"""The upgrade to one name key (docs/desk.md §2): stored name keys recomputed, names in NFC.

A database written before it holds a name typed decomposed and one with soft hyphens, and
two aliases of one member that differ only by an invisible character: after ``ladder init``
(the upgrade), the keys are the one comparison key, the names NFC, and one alias is left.
"""

from __future__ import annotations

import unicodedata

from flask import Flask
from sqlalchemy import select

from ladder.extensions import db
from ladder.models import BughouseTeam, Member, MemberAlias
from ladder.names import name_key
from tests.factories import direct_writes

BEFORE = "3174a15573c1"
NFD_NAME = unicodedata.normalize("NFD", "Zoë Müller")
SHY_NAME = "Chlo\u00ade Mar\u00adtin"


def test_the_upgrade_recomputes_keys(app: Flask) -> None:
    with app.app_context():
        from flask_migrate import downgrade, upgrade

        from ladder.services.setup import MIGRATIONS
        downgrade(directory=MIGRATIONS, revision=BEFORE)
        # The schema is the models' (the upgrade changes data only): rows as the old code
        # wrote them, keys case-folded only.
        with direct_writes():
            for number, name in enumerate([NFD_NAME, SHY_NAME], start=1):
                db.session.add(Member(id=number, name=name, name_key=name.casefold(),
                                      rating=1200.0, games=0))
            db.session.flush()
            for alias in ("Bob Case", "Bob\u200b Case"):
                db.session.add(MemberAlias(member_id=1, name=alias, name_key=alias.casefold(),
                                           kind="publish"))
            db.session.commit()
        upgrade(directory=MIGRATIONS)
        db.session.remove()
        members = {m.id: m for m in db.session.scalars(select(Member))}
        assert members[1].name == "Zoë Müller" and members[1].name_key == name_key("Zoë Müller")
        assert members[2].name_key == "chloe martin"
        aliases = db.session.scalars(select(MemberAlias)).all()
        assert [(a.member_id, a.name_key) for a in aliases] == [(1, "bob case")]
        assert db.session.scalars(select(BughouseTeam)).all() == []
