"""``bridgescore serve``: the web app on uvicorn."""

from __future__ import annotations

import click

from bridgescore.cli._app import cli, reporting

__all__ = ["serve"]


@cli.command("serve")
@click.option("--host", default="127.0.0.1", show_default=True, help="The address to listen on.")
@click.option("--port", default=8000, show_default=True, type=int, help="The port.")
@click.option(
    "--db",
    envvar="BRIDGESCORE_DATABASE_URL",
    metavar="URL",
    help="The database (an SQLAlchemy URL); default: a SQLite file in your data directory.",
)
@click.option("--secure-cookies", is_flag=True, help="Served over HTTPS: Secure cookies, and HSTS.")
@click.option(
    "--base-url",
    metavar="URL",
    help="The site's public address (https://scores.example.org): share and edit links start "
    "with it and form posts must come from it. Default: links are relative.",
)
def serve(host: str, port: int, db: str | None, secure_cookies: bool, base_url: str | None) -> None:
    """Run the web app: calculator, rubber pad, Chicago and the JSON API (/docs)."""
    try:
        import uvicorn

        from bridgescore.web import Settings, create_app
    except ImportError as exc:  # pragma: no cover - depends on the installed extras
        raise click.ClickException(
            f"the web app needs its extra: pip install 'bridgescore[web]' ({exc})"
        ) from exc
    with reporting("--db"):
        settings = Settings(database_url=db, secure_cookies=secure_cookies, base_url=base_url)
        app = create_app(settings)
    click.echo(f"bridgescore is serving on http://{host}:{port}/ (Ctrl+C to stop)")
    uvicorn.run(app, host=host, port=port, log_level="warning")
