"""Stylesheets and scripts at addresses that carry their content's digest, kept for a year
(ladder/web/support/static_files.py); any other address is revalidated as before."""

from __future__ import annotations

import hashlib
import os
import re
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

from flask.testing import FlaskClient

from ladder.config import STATIC
from ladder.web.support.static_files import YEAR, static_version

_ASSET = re.compile(r'(?:href|src)="(/static/[^"]+)"')


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()[:12]


def _kept_for_a_year(cache_control: str) -> bool:
    parts = {part.strip() for part in cache_control.split(",")}
    return {"public", f"max-age={YEAR}", "immutable"} <= parts and "no-cache" not in parts


def test_a_page_names_each_file_by_its_digest_and_the_browser_keeps_it(
        client: FlaskClient) -> None:
    html = client.get("/").get_data(as_text=True)
    addresses = set(_ASSET.findall(html.replace("&amp;", "&")))
    names = {urlsplit(address).path.removeprefix("/static/") for address in addresses}
    assert {"app.css", "app.js", "htmx.min.js", "favicon.svg"} <= names
    for address in addresses:
        parts = urlsplit(address)
        name = parts.path.removeprefix("/static/")
        assert parse_qs(parts.query) == {"v": [_digest(Path(STATIC) / name)]}, address
        response = client.get(address)
        assert response.status_code == 200, address
        assert response.get_data() == (Path(STATIC) / name).read_bytes()
        assert _kept_for_a_year(response.headers["Cache-Control"]), (
            address, response.headers["Cache-Control"])
        response.close()


def test_an_address_without_the_current_digest_is_revalidated(client: FlaskClient) -> None:
    current = _digest(Path(STATIC) / "app.css")
    for address in ("/static/app.css", "/static/app.css?v=000000000000",
                    f"/static/app.css?v={current[:-1]}"):
        response = client.get(address)
        assert response.status_code == 200
        control = response.headers["Cache-Control"]
        assert "no-cache" in control and "immutable" not in control, (address, control)
        response.close()
    missing = client.get(f"/static/nothing-here.css?v={current}")
    assert missing.status_code == 404
    assert "immutable" not in missing.headers.get("Cache-Control", "")


def test_a_file_changed_in_place_gets_a_new_digest(tmp_path: Path) -> None:
    sheet = tmp_path / "site.css"
    sheet.write_text("body { color: black }")
    first = static_version(str(tmp_path), "site.css")
    assert first == _digest(sheet)
    sheet.write_text("body { color: navy; }")
    os.utime(sheet, ns=(1, 2))  # a different change time, whatever the clock's resolution
    second = static_version(str(tmp_path), "site.css")
    assert second == _digest(sheet) and second != first


def test_no_digest_for_a_name_outside_the_folder_or_a_folder(tmp_path: Path) -> None:
    (tmp_path / "inner").mkdir()
    (tmp_path.parent / "secret.txt").write_text("not served")
    assert static_version(str(tmp_path), "../secret.txt") is None
    assert static_version(str(tmp_path), "inner") is None
    assert static_version(str(tmp_path), "missing.js") is None
