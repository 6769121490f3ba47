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
@click.option("--secure-cookies", is_flag=True, help="Mark cookies Secure (behind HTTPS).")
def serve(host: str, port: int, db: str | None, secure_cookies: bool) -> None:
    """Run the web app: calculator, rubber pad, Chicago and the JSON API (/docs)."""
    try:
        import uvicorn

        from bridgescore.web import Settings, create_app
    except ImportError as exc:  # pragma: no cover - depends on the installed extras
        raise click.ClickException(
            f"the web app needs its extra: pip install 'bridgescore[web]' ({exc})"
        ) from exc
    with reporting("--db"):
        app = create_app(Settings(database_url=db, secure_cookies=secure_cookies))
    click.echo(f"bridgescore is serving on http://{host}:{port}/ (Ctrl+C to stop)")
    uvicorn.run(app, host=host, port=port, log_level="warning")
