"""Passwords are hashed with scrypt unless the configuration names a cheaper method (the tests
do, to save ~20 s a run); whatever hashed a password, the login checks it."""

from __future__ import annotations

from pathlib import Path

from ladder.extensions import db
from ladder.models import User
from ladder.services.accounts import hash_password, set_organizer
from ladder.services.login import authenticate
from ladder.services.setup import init_database
from tests.factories import make_app


def test_production_hashes_with_scrypt(tmp_path: Path) -> None:
    app = make_app(tmp_path, PASSWORD_HASH=None)
    with app.app_context():
        assert hash_password("correct horse battery staple").startswith("scrypt:")


def test_the_tests_hash_cheaply_and_the_login_reads_either(ctx) -> None:
    set_organizer("alice", "correct horse battery staple", actor="test")
    user = db.session.query(User).filter_by(username="alice").one()
    assert user.password_hash.startswith("pbkdf2:sha256:1000$")
    assert authenticate("alice", "correct horse battery staple") is not None
    assert authenticate("alice", "wrong horse battery staple") is None
    assert authenticate("nobody", "correct horse battery staple") is None


def test_a_scrypt_hash_from_production_still_logs_in(tmp_path: Path) -> None:
    app = make_app(tmp_path, PASSWORD_HASH=None)
    with app.app_context():
        init_database()
        set_organizer("bob", "a long enough password", actor="test")
    app.config["PASSWORD_HASH"] = "pbkdf2:sha256:1000"
    with app.app_context():
        assert authenticate("bob", "a long enough password") is not None
