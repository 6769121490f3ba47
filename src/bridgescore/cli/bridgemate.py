"""``bridgescore session bridgemate SESSION``: a live evening driven through the club's
Bridgemates, by Bridgemate Control Software's Data Connector (the extra ``bridgemate``).

It sends the evening (movement, players) to BCS, then polls the results the handsets enter
and stores each as its table's phone would (:class:`bridgescore.bridgemate.Bridge`), until the
director closes the evening or Ctrl-C.
"""

from __future__ import annotations

import click

from bridgescore.cli._app import reporting
from bridgescore.cli._said import SaidCommand
from bridgescore.locale import gettext

__all__ = ["bridgemate_command"]


@click.command("bridgemate", cls=SaidCommand)
@click.argument("session_id", metavar="SESSION")
@click.option(
    "--url",
    required=True,
    metavar="URL",
    help="The Data Connector on BCS's computer, e.g. http://192.168.1.50:5079.",
)
@click.option(
    "--club-id", required=True, envvar="BRIDGEMATE_CLUB_ID", help="The club's Data Connector id."
)
@click.option(
    "--key",
    "licence_key",
    required=True,
    envvar="BRIDGEMATE_LICENCE_KEY",
    help="The club's Data Connector licence key (or BRIDGEMATE_LICENCE_KEY).",
)
@click.option(
    "--every",
    type=click.FloatRange(0.5, 600),
    default=5.0,
    show_default=True,
    help="Seconds between polls.",
)
@click.option(
    "--resume",
    is_flag=True,
    help="BCS has this evening already (the bridge was stopped): go on, the handsets kept.",
)
@click.option("--once", is_flag=True, help="Send (or resume), poll once and stop.")
@click.option(
    "--db",
    "db",
    envvar="BRIDGESCORE_DATABASE_URL",
    metavar="URL",
    help="The database the web app keeps the evening in (an SQLAlchemy URL).",
)
def bridgemate_command(
    session_id: str,
    url: str,
    club_id: str,
    licence_key: str,
    every: float,
    resume: bool,
    once: bool,
    db: str | None,
) -> None:
    """Drive the live evening SESSION (its id, or 4+ first characters) through the club's
    Bridgemates: send its movement and players to BCS (resetting the handsets, unless
    --resume), then store each result as the handsets enter it, as its table's phone would,
    until the evening is closed (Ctrl-C stops; --resume goes on)."""
    try:
        from bridgemate_dataconnector import DataConnectorClient

        from bridgescore.bridgemate import Bridge
    except ImportError as exc:  # the extra is not installed
        said = gettext("Bridgemate needs the vendor's client: pip install "
                       "'bridgescore[bridgemate]'")  # fmt: skip
        raise click.ClickException(said) from exc
    from bridgescore.storage import Store
    from bridgescore.storage.live import LiveStore

    try:
        client = DataConnectorClient(club_id, licence_key, url)
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="--url") from exc
    with reporting("--db"), Store(db) as store:
        with reporting("SESSION"):
            game_id = store.resolve(session_id)
            bridge = Bridge(LiveStore(store), game_id, client, club_id)
        with reporting("--url"):
            bridge.send(resume=resume)
        sent = (gettext("Resumed evening %(id)s to BCS at %(url)s") if resume
                else gettext("Sent evening %(id)s to BCS at %(url)s"))  # fmt: skip
        click.echo(sent % {"id": game_id, "url": url})
        if once:
            for applied in bridge.poll():
                click.echo(str(applied))
            return
        try:
            count = bridge.run(every, report=lambda a: click.echo(str(a)))
        except KeyboardInterrupt:
            click.echo(gettext("Stopped: run again with --resume to go on with the same evening"))
            return
    closed = gettext("The evening is closed: %(count)s results polled from BCS")
    click.echo(closed % {"count": count})
