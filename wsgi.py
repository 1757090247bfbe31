"""WSGI entry point for production servers: ``gunicorn wsgi:app`` (``ladder serve`` does the
same through ``ladder.cli.serve``; see README, "Self-hosting")."""

from ladder.cli.serve import serving_app

app = serving_app()
