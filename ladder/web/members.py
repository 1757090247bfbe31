"""Blueprint 'members' (being built; see the issues)."""

from __future__ import annotations

from flask import Blueprint

bp = Blueprint("members", __name__)
