"""The request bodies several routers take: a player, a movement file.

Strict bodies (no coercion, no unknown fields), each turned into the core's value by one
method, which raises the core's error naming the field. A module below every router.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from bridgescore.duplicate.movement import FileFormat, Movement, read_file
from bridgescore.inputs import LONGEST_NAME
from bridgescore.players import Player

__all__ = ["MovementFileIn", "PlayerIn"]

_STRICT = ConfigDict(extra="forbid", strict=True)


class PlayerIn(BaseModel):
    """A player: ``{"name": ..., "number": ...}`` (number null for a visitor without one)."""

    model_config = _STRICT

    name: str = Field(max_length=LONGEST_NAME, examples=["Ann Smith"])
    number: str | None = Field(None, max_length=20, examples=["123456"])

    def player(self) -> Player:
        """As the core's :class:`~bridgescore.players.Player` (checked)."""
        return Player.from_dict(self.model_dump())


class MovementFileIn(BaseModel):
    """A movement file's text: the table ``bridgescore movement check`` reads
    (``round,table,ns,ew,boards``) or an ``.ASC`` movement file (whose board groups are
    ``boards_per_round`` boards each)."""

    model_config = _STRICT

    text: str = Field(max_length=60_000, examples=["round,table,ns,ew,boards\n1,1,1,2,1-2\n"])
    format: FileFormat = Field("csv", description="`csv` (the table) or `asc`.")
    boards_per_round: int | None = Field(
        None, ge=1, le=36, description="An `.ASC` file's boards a group (it does not say)."
    )
    meetings: int = Field(1, ge=1, le=9, description="How often two pairs may meet.")

    def movement(self) -> Movement:
        """The movement the file holds, checked like any other.

        :raises MovementError: naming the line (or row) and field, or the rule it breaks.
        """
        return read_file(self.text, self.format, boards_per_round=self.boards_per_round,
                         meetings=self.meetings)  # fmt: skip
