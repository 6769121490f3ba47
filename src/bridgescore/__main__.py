"""``python -m bridgescore`` runs the command-line tool."""

from bridgescore.cli import cli

cli()
