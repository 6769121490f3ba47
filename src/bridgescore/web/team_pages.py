"""The pages of a team night: the table page (phones), the director's page and the screen."""

from __future__ import annotations

from fastapi import APIRouter

__all__ = ["router"]

router = APIRouter(include_in_schema=False)
