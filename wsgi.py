"""WSGI entry point for production servers: ``gunicorn wsgi:app`` (see README, Deployment)."""

from ladder import create_app

app = create_app()
