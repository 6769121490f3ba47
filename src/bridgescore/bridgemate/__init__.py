"""Bridgemate live: a club's pairs evening driven through Bridgemate Control Software's Data
Connector, with the vendor's Python client (``bridgemate-dataconnector-client``, the extra
``bridgemate``).

- :mod:`~bridgescore.bridgemate.event`: the evening (movement, players) as BCS's ``InitDTO``,
  checked with the vendor's validation;
- :mod:`~bridgescore.bridgemate.results`: the handsets' results made the evening's entries
  (:func:`entry_of`) and stored through the phones' write (:class:`Bridge`).

An outer layer: it decides nothing :func:`bridgescore.live.accept` decides.
"""

from __future__ import annotations

from bridgescore.bridgemate.event import BridgemateError, guid_of, init_dto
from bridgescore.bridgemate.results import VIA, Applied, Bridge, entry_of

__all__ = ["VIA", "Applied", "Bridge", "BridgemateError", "entry_of", "guid_of", "init_dto"]
