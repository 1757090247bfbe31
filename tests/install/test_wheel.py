"""The wheel is the whole product: built once, installed into a fresh venv outside the checkout,
and run exactly as ``docs/self-hosting.md`` and ``deploy/`` run it.

One session builds the wheel (``pip wheel``, the hatchling hook compiling the catalogues) and
installs it into a new virtual environment in a temporary folder; pip takes the dependencies
from its cache when it has them. Then, with the venv's own ``ladder`` and the checkout nowhere
on the path: ``ladder init --club-name … --language ko --timezone Asia/Seoul``, ``ladder
create-organizer NAME --password-stdin``, gunicorn through ``ladder serve`` (the systemd unit's
command), ``/?lang=ko`` in Korean, an organizer login and one publish, ``ladder backup --keep
14 FOLDER`` (the backup timer's command) while serving, a restore into a new database
(``ladder restore``, ``ladder init``), and ``ladder check`` green. On SQLite, and on PostgreSQL
when ``TEST_DATABASE_URL`` is set (``.ci/run``'s PostgreSQL pass: the test is marked ``db``).

The file modes (instance folder 0700; database, ``-wal``, ``-shm``, backups 0600) are asserted
on the running server's files. The times it took are printed (never asserted).
"""

from __future__ import annotations

import os
import re
import shlex
import signal
import stat
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
import requests

from tests.served import Organizer

# One pytest-xdist worker runs the module: the session's wheel is built and installed once.
pytestmark = [pytest.mark.db, pytest.mark.xdist_group("wheel")]

ROOT = Path(__file__).resolve().parents[2]
SELF_HOSTING = ROOT / "docs" / "self-hosting.md"
DEPLOY = ROOT / "deploy"
LOGIN = ("alice", "a long enough password for the wheel test")
CLUB = "Wheel Test Club"


@dataclass
class Installed:
    """The venv the wheel went into, and what it took."""

    venv: Path
    wheel: Path
    build_seconds: float
    install_seconds: float
    started: float  # time.monotonic() when ``pip install`` of the wheel began
    files: list[str] = field(default_factory=list)

    @property
    def ladder(self) -> str:
        return str(self.venv / "bin" / "ladder")


def _wheel_contents(wheel: Path) -> list[str]:
    import zipfile
    with zipfile.ZipFile(wheel) as archive:
        return archive.namelist()


@pytest.fixture(scope="session")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Installed:
    """The wheel built from this checkout and installed into a fresh venv (once a session)."""
    outside = tmp_path_factory.mktemp("wheel")
    assert ROOT not in outside.parents
    began = time.monotonic()
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet",
                    "--disable-pip-version-check", "--wheel-dir", str(outside / "dist"),
                    str(ROOT)], check=True, cwd=outside)
    (wheel,) = (outside / "dist").glob("club_ladder-*.whl")
    built = time.monotonic()
    venv = outside / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    started = time.monotonic()
    extra = "[postgres]" if os.environ.get("TEST_DATABASE_URL") else ""
    subprocess.run([str(venv / "bin" / "pip"), "install", "--quiet",
                    "--disable-pip-version-check", f"{wheel}{extra}"],
                   check=True, cwd=outside)
    done = time.monotonic()
    return Installed(venv, wheel, built - began, done - started, started,
                     _wheel_contents(wheel))


def test_the_wheel_carries_the_whole_product(installed: Installed) -> None:
    files = installed.files
    for needed in ("ladder/templates/base.html", "ladder/templates/unavailable.html",
                   "ladder/static/app.css", "ladder/static/favicon.svg",
                   "ladder/migrations/alembic.ini", "ladder/migrations/script.py.mako",
                   "ladder/migrations/env.py", "ladder/py.typed"):
        assert needed in files, needed
    for locale in ("ko", "zh_Hans", "id"):
        assert f"ladder/translations/{locale}/LC_MESSAGES/messages.mo" in files, locale
    # The catalogues are compiled at build time; no .po, no checkout folders, no caches.
    assert not [f for f in files if f.endswith((".po", ".pot", ".pyc"))]
    assert not [f for f in files if f.split("/")[0] in ("templates", "static", "translations",
                                                        "tests")]
    versions = sorted(f for f in files if f.startswith("ladder/migrations/versions/"))
    assert len(versions) == len(list((ROOT / "ladder/migrations/versions").glob("*.py")))


# ---- running the installed product -------------------------------------------------------


def _env(installed: Installed, instance: Path, database_url: str | None) -> dict[str, str]:
    """The environment of a server user: the venv first on PATH, nothing of the checkout."""
    env = {key: value for key, value in os.environ.items()
           if key not in ("PYTHONPATH", "DATABASE_URL", "LADDER_INSTANCE_PATH", "VIRTUAL_ENV",
                          "FLASK_APP", "SECRET_KEY") and not key.startswith("LADDER_")}
    env["PATH"] = f"{installed.venv / 'bin'}{os.pathsep}{env.get('PATH', '')}"
    env["LADDER_INSTANCE_PATH"] = str(instance)
    if database_url:
        env["DATABASE_URL"] = database_url
    return env


@dataclass
class Shell:
    """Runs the installed ``ladder`` from a folder outside the checkout; records each command
    as docs/self-hosting.md writes it (``ladder <args>``)."""

    installed: Installed
    cwd: Path
    env: dict[str, str]
    ran: list[list[str]] = field(default_factory=list)

    def ladder(self, *args: str, stdin: str | None = None,
               env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
        self.ran.append(list(args))
        return subprocess.run([self.installed.ladder, *args], cwd=self.cwd, text=True,
                              input=stdin, capture_output=True, env=env or self.env,
                              timeout=300, check=False)


def reset_postgres(url: str) -> None:
    from sqlalchemy import create_engine, text
    engine = create_engine(url.replace("postgresql://", "postgresql+psycopg://", 1))
    with engine.begin() as connection:
        connection.execute(text("DROP SCHEMA public CASCADE"))
        connection.execute(text("CREATE SCHEMA public"))
    engine.dispose()


@pytest.fixture
def restore_database() -> Iterator[str | None]:
    """A new, empty PostgreSQL database beside the test database (PostgreSQL pass only)."""
    url = os.environ.get("TEST_DATABASE_URL")
    if not url:
        yield None
        return
    from sqlalchemy import create_engine, text
    from sqlalchemy.engine import make_url
    base = make_url(url.replace("postgresql://", "postgresql+psycopg://", 1))
    name = f"{base.database}_restored"
    admin = create_engine(base.set(database="postgres"), isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        connection.execute(text(f'DROP DATABASE IF EXISTS "{name}"'))
        connection.execute(text(f'CREATE DATABASE "{name}"'))
    try:
        yield base.set(database=name).render_as_string(hide_password=False)
    finally:
        with admin.connect() as connection:
            connection.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()


def _free_port() -> int:
    import socket
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _exec_start(unit: str) -> list[str]:
    """The arguments after ``…/bin/ladder`` of a deploy/ unit's ExecStart."""
    text = (DEPLOY / unit).read_text(encoding="utf-8")
    (line,) = re.findall(r"^ExecStart=(.+)$", text, re.M)
    words = shlex.split(line)
    assert words[0] == "/opt/club-ladder/venv/bin/ladder", words
    return words[1:]


def _wait_healthy(base: str, server: subprocess.Popen[bytes], log: Path) -> None:
    for _attempt in range(240):  # bounded: at most about a minute
        if server.poll() is not None:
            raise AssertionError("ladder serve exited: " + log.read_text(errors="replace"))
        try:
            if requests.get(base + "/healthz", timeout=5).status_code == 200:
                return
        except requests.ConnectionError:
            pass
        time.sleep(0.25)
    raise AssertionError("ladder serve never became healthy: " + log.read_text(errors="replace"))


def _korean_ladder_title() -> str:
    """What the Korean catalogue says for "Ladder" (read from the .po, not written here)."""
    from babel.messages.pofile import read_po
    with (ROOT / "translations/ko/LC_MESSAGES/messages.po").open("rb") as handle:
        catalog = read_po(handle, locale="ko")
    message = catalog.get("Ladder")
    assert message is not None and message.string
    return str(message.string)


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def _publish_one_event(organizer: Organizer) -> str:
    """The desk's path: paste → confirm names (all new) → publish; the event's address."""
    fields = {"name": "Wheel night", "date": "2026-11-05", "rated": "on", "format": "paste",
              "text": "Round 1\nAnn Lee - Bo Chen 1-0\nCai Wu - Dee Park ½-½\n"}
    names = organizer.post("/organize/events/new/names", **fields)
    assert names.status_code == 200, names.text[:500]
    token = re.search(r'name="publish_token" value="([^"]+)"', names.text)
    generation = re.search(r'name="ladder_generation" value="(\d+)"', names.text)
    extra = {"publish_token": token.group(1)} if token else {}
    if generation:
        extra["ladder_generation"] = generation.group(1)
    links = {f"link-{n}": "new" for n in range(1, 5)}
    published = organizer.post("/organize/events/new/publish", **fields, **extra, **links)
    assert published.status_code == 303, published.text[:500]
    return published.headers["Location"]


def test_installed_wheel_serves_a_club_from_init_to_restore(
        installed: Installed, tmp_path: Path, restore_database: str | None,
        capsys: pytest.CaptureFixture[str]) -> None:
    url = os.environ.get("TEST_DATABASE_URL")
    if url:
        reset_postgres(url)
    home = tmp_path / "srv"
    home.mkdir()
    instance = home / "instance"
    shell = Shell(installed, home, _env(installed, instance, url))

    # The venv's ladder is the installed wheel, not this checkout.
    where = subprocess.run([str(installed.venv / "bin" / "python"), "-c",
                            "import ladder, ladder.config as c; print(ladder.__file__); "
                            "print(c.TEMPLATES)"], cwd=home, env=shell.env, text=True,
                           capture_output=True, check=True).stdout.split()
    assert all(Path(p).is_relative_to(installed.venv) for p in where), where

    # An empty club, as docs/self-hosting.md §3 says: no demo, no demo login.
    init = shell.ladder("init", "--club-name", CLUB, "--language", "ko",
                        "--timezone", "Asia/Seoul")
    assert init.returncode == 0, init.stderr
    organizer = shell.ladder("create-organizer", LOGIN[0], "--password-stdin",
                             stdin=LOGIN[1] + "\n")
    assert organizer.returncode == 0, organizer.stderr
    assert not (instance / "demo_login.json").exists()

    # ladder serve, as club-ladder.service runs it (bind and workers from the environment).
    serve_args = _exec_start("club-ladder.service")
    assert serve_args == ["serve"]
    port = _free_port()
    server_env = {**shell.env, "LADDER_BIND": f"127.0.0.1:{port}", "LADDER_WORKERS": "2"}
    log = home / "serve.log"
    shell.ran.append(serve_args)
    with log.open("wb") as out:
        server = subprocess.Popen([installed.ladder, *serve_args], cwd=home, env=server_env,
                                  stdout=out, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    try:
        _wait_healthy(base, server, log)
        korean = requests.get(base + "/?lang=ko", timeout=30)
        first_korean_page = time.monotonic()
        assert korean.status_code == 200
        assert '<html lang="ko">' in korean.text
        assert f"<title>{_korean_ladder_title()} · {CLUB}</title>" in korean.text
        assert "Organizer login" not in korean.text  # the English words are not there

        desk = Organizer(base, LOGIN)
        event = _publish_one_event(desk)
        page = desk.get(event)
        assert page.status_code == 200 and "Ann Lee" in page.text

        # The nightly backup, as club-ladder-backup.service runs it, while the server serves.
        backup_args = _exec_start("club-ladder-backup.service")
        assert backup_args[:3] == ["backup", "--keep", "14"], backup_args
        folder = home / "backups"
        backup = shell.ladder(*backup_args[:3], str(folder))
        assert backup.returncode == 0, backup.stderr
        (written,) = folder.iterdir()

        # Private files, measured on the running server's files.
        modes = {"instance folder": _mode(instance), "backup": _mode(written),
                 "backups folder": _mode(folder)}
        if not url:
            for suffix in ("", "-wal", "-shm"):
                path = instance / f"ladder.sqlite3{suffix}"
                modes[path.name] = _mode(path)
        modes["secret_key"] = _mode(instance / "secret_key")
        assert modes["instance folder"] == 0o700 and modes["backups folder"] == 0o700
        assert all(mode == 0o600 for name, mode in modes.items() if "folder" not in name), modes
        standings = shell.ladder("standings", "--json")
        assert standings.returncode == 0, standings.stderr
    finally:
        server.send_signal(signal.SIGTERM)  # graceful, as systemctl stop
        server.wait(timeout=60)
    assert "Traceback" not in log.read_text(errors="replace")

    # A restore into a new, empty database, then init and check (docs/self-hosting.md §6).
    restored = home / "restored"
    restore_env = _env(installed, restored, restore_database)
    for args in (["restore", str(written)], ["init"], ["check"]):
        done = shell.ladder(*args, env=restore_env)
        assert done.returncode == 0, (args, done.stdout, done.stderr)
    assert "Ladder verified" in done.stdout
    again = shell.ladder("standings", "--json", env=restore_env)
    assert again.stdout == standings.stdout  # the same ladder, member for member
    assert shell.ladder("check").returncode == 0  # and the original is green too

    assert _written_commands() == _commands(shell.ran), (_written_commands(), shell.ran)
    with capsys.disabled():
        print(f"\nwheel: {installed.wheel.name} {installed.wheel.stat().st_size} bytes, "
              f"{len(installed.files)} files; built in {installed.build_seconds:.1f} s, "
              f"installed in {installed.install_seconds:.1f} s; pip install → first Korean "
              f"page {first_korean_page - installed.started:.1f} s; modes "
              + ", ".join(f"{name} {mode:o}" for name, mode in sorted(modes.items())))


# ---- docs/self-hosting.md says exactly this ----------------------------------------------


def _self_hosting() -> str:
    return SELF_HOSTING.read_text(encoding="utf-8")


def _commands(runs: list[list[str]]) -> list[tuple[str, ...]]:
    """Each ``ladder`` command as (subcommand, its option names), in order, de-duplicated."""
    out: list[tuple[str, ...]] = []
    for args in runs:
        if args[0] == "standings":  # the test's own comparison, not a step written
            continue
        key = (args[0], *[a for a in args[1:] if a.startswith("--")])
        if key not in out:
            out.append(key)
    return out


def _written_commands() -> list[tuple[str, ...]]:
    """The ``ladder`` commands of docs/self-hosting.md, in order."""
    runs = []
    for block in re.findall(r"```sh\n(.*?)```", _self_hosting(), re.S):
        for line in block.splitlines():
            line = line.split("  #")[0].strip()
            found = re.search(r"(?:^|\| )ladder ((?:serve|init|create-organizer|backup|"
                              r"restore|check)\b.*)$", line)
            if found:
                runs.append(shlex.split(found.group(1)))
    return _commands(runs)


def test_self_hosting_names_every_deploy_file_and_its_commands() -> None:
    section = _self_hosting()
    for path in sorted(DEPLOY.iterdir()):
        assert f"deploy/{path.name}" in section, path.name
    assert "ladder init --club-name" in section and "--timezone Asia/Seoul" in section
    # No step loads the demo (nor makes its login) on a club's server.
    steps = "\n".join(re.findall(r"```sh\n(.*?)```", section, re.S))
    assert "ladder demo" not in steps and "make run" not in steps
    # The backup unit's command is the one the page shows for the timer.
    assert " ".join(_exec_start("club-ladder-backup.service")) in section
