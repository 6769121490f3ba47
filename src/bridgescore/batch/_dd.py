"""Double-dummy tables and par for many deals: a column of PBN deals in, 21 columns out.

:func:`analyse_many` solves a column of deals (``N:AKQ2.K53.T94.QJ2 ...``) with DDS, a chunk of
40 at a time on every core (:func:`bridgescore.boards.dd.dd_tables`), and adds par
(:func:`bridgescore.par`). :func:`analyse_partition` does it for one pandas partition of a
Dask dataframe (``ddf.map_partitions(analyse_partition, meta=ANALYSIS_META)``), so a cluster
solves its partitions in parallel; :func:`analyse_file` reads and writes Parquet a chunk at a
time, as ``bridgescore analyse deals.parquet -o out.parquet`` does.

The columns: ``dd_n_c`` ... ``dd_w_nt`` (:data:`DD_COLUMNS`, ``uint8``): the tricks of each
declarer N E S W in each strain C D H S NT; ``par`` (``int16``): the par score from
North-South's view, for the row's ``vulnerability`` and ``dealer`` when given (else None
vulnerable, and the par when North-South bid first).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, Final

from bridgescore.boards.par import par
from bridgescore.errors import BatchError, BridgeError
from bridgescore.files import Replacement
from bridgescore.model import Seat, Strain, Vulnerability

__all__ = [
    "ANALYSIS_COLUMNS",
    "BOARD_COLUMNS",
    "DD_COLUMNS",
    "LEAD_COLUMNS",
    "analyse_file",
    "analyse_games_file",
    "analyse_many",
    "analyse_partition",
]

DD_COLUMNS: Final = tuple(
    f"dd_{seat.value.lower()}_{strain.value.lower()}" for seat in Seat for strain in Strain
)
"""The 20 double-dummy columns, declarer by declarer (N E S W), each C D H S NT."""
ANALYSIS_COLUMNS: Final = (*DD_COLUMNS, "par")
"""Every column :func:`analyse_many` returns."""
LEAD_COLUMNS: Final = tuple(f"lead_{suit}{rank}" for suit in "shdc" for rank in "akqjt98765432")
"""The 52 columns of :func:`analyse_games_file`, one per card (``lead_sa`` ... ``lead_c2``):
declarer's tricks double dummy after that card is the opening lead (null for the cards the
leader does not hold, and for a board without play)."""
BOARD_COLUMNS: Final = ("board", "room", "deal", "dealer", "vulnerability", "contract",
                        "declarer", "tricks", *ANALYSIS_COLUMNS, "lead", "lead_tricks",
                        "lead_cost", *LEAD_COLUMNS)  # fmt: skip
"""Every column of :func:`analyse_games_file`, in order."""


def _texts(values: Any, n: int | None = None) -> list[Any]:
    if values is None:
        return [None] * (n or 0)
    if isinstance(values, str):
        return [values] * (n or 1)
    if hasattr(values, "to_pylist"):
        return list(values.to_pylist())
    if hasattr(values, "tolist"):
        return list(values.tolist())
    return list(values)


def analyse_many(
    deals: Iterable[str] | Any,
    *,
    vulnerability: Any = None,
    dealer: Any = None,
    first_row: int = 0,
    progress: Callable[[int], object] | None = None,
) -> dict[str, Any]:
    """The double-dummy tables and par of a column of deals, as numpy columns by name.

    ``vulnerability`` and ``dealer`` are columns (or one value for every row) of PBN text
    (``None`` ``NS`` ``EW`` ``All``; ``N`` ``E`` ``S`` ``W``), or None.

    :raises BatchError: naming the first row whose deal, vulnerability or dealer is bad.
    """
    import numpy as np

    from bridgescore.boards.dd import dd_tables
    from bridgescore.boards.deal import Deal

    texts = _texts(deals)
    n = len(texts)
    vuls = _texts(vulnerability, n)
    dealers = _texts(dealer, n)
    if len(vuls) != n or len(dealers) != n:
        raise BatchError(f"columns of different lengths: {n} deals, {len(vuls)} vulnerabilities, "
                         f"{len(dealers)} dealers")  # fmt: skip
    parsed = []
    for i, text in enumerate(texts):
        try:
            deal = Deal.parse(text)
            if not deal.is_complete:
                raise BatchError("a hand is missing; expected all four", first_row + i, "deal")
        except BatchError:
            raise
        except BridgeError as exc:
            raise BatchError(str(exc), first_row + i, "deal", value=text) from None
        parsed.append(deal)
    tricks = np.zeros((n, 20), dtype=np.uint8)
    scores = np.zeros(n, dtype=np.int16)
    for i, table in enumerate(dd_tables(parsed, progress=progress)):
        tricks[i] = [t for row in table for t in row]
        try:
            vul = Vulnerability.NONE if vuls[i] is None else vuls[i]
            who = dealers[i] if dealers[i] not in (None, "") else None
            scores[i] = par(table, vul, who).score
        except BridgeError as exc:
            column = exc.field if exc.field in ("vulnerability", "dealer") else "vulnerability"
            if exc.field == "seat":
                column = "dealer"
            raise BatchError(str(exc), first_row + i, column, value=exc.value) from None
    out: dict[str, Any] = {name: tricks[:, k] for k, name in enumerate(DD_COLUMNS)}
    out["par"] = scores
    return out


def analyse_partition(partition: Any) -> Any:
    """One pandas partition (a ``deal`` column, optional ``vulnerability`` and ``dealer``)
    analysed: a DataFrame of :data:`ANALYSIS_COLUMNS` with the partition's index."""
    import pandas as pd

    columns = analyse_many(
        partition["deal"],
        vulnerability=partition.get("vulnerability", None),
        dealer=partition.get("dealer", None),
    )
    return pd.DataFrame(columns, index=partition.index)


def analysis_meta() -> Any:
    """An empty DataFrame with the columns' types, Dask's ``meta`` for :func:`analyse_partition`."""
    import numpy as np
    import pandas as pd

    return pd.DataFrame(
        {**{name: np.zeros(0, np.uint8) for name in DD_COLUMNS}, "par": np.zeros(0, np.int16)}
    )


def analyse_file(
    source: Path,
    target: Path,
    *,
    chunk_rows: int = 4000,
    progress: Callable[[int], object] | None = None,
) -> int:
    """Analyse a Parquet file's ``deal`` column (and ``vulnerability``, ``dealer`` if present)
    into a Parquet file of :data:`ANALYSIS_COLUMNS`, a chunk of rows at a time; TARGET is
    replaced only when every row is done. Returns the number of rows.

    :raises BatchError: for a missing ``deal`` column or a bad row.
    """
    import pyarrow as pa
    import pyarrow.parquet as pq

    reader = pq.ParquetFile(source)
    names = reader.schema_arrow.names
    if "deal" not in names:
        raise BatchError(f"{source.name} has no 'deal' column; it has {', '.join(names)}")
    wanted = [c for c in ("deal", "vulnerability", "dealer") if c in names]
    rows = 0
    writer = None
    with Replacement(target) as temporary:
        sink = temporary.open()
        try:
            for batch in reader.iter_batches(batch_size=chunk_rows, columns=wanted):
                got = analyse_many(
                    batch.column("deal"),
                    vulnerability=batch.column("vulnerability")
                    if "vulnerability" in wanted
                    else None,
                    dealer=batch.column("dealer") if "dealer" in wanted else None,
                    first_row=rows,
                    progress=progress,
                )
                table = pa.table(got)
                if writer is None:
                    writer = pq.ParquetWriter(sink, table.schema)
                writer.write_table(table)
                rows += batch.num_rows
            if writer is None:
                empty = analysis_meta()
                pq.write_table(pa.Table.from_pandas(empty, preserve_index=False), sink)
        finally:
            if writer is not None:
                writer.close()
    return rows


def analyse_games_file(
    games: list[Any],
    target: Path,
    *,
    source: str = "<text>",
    progress: Callable[[int], object] | None = None,
) -> int:
    """PBN games (a PBN file's, or a LIN file's through :func:`bridgescore.lin.to_games`)
    analysed into a Parquet file of :data:`BOARD_COLUMNS`, a row per game with a complete
    deal; TARGET is replaced only when every deal is solved. Returns the number of rows.

    ``board``, ``room`` (a vugraph's ``Open`` or ``Closed``), ``deal``, ``dealer``,
    ``vulnerability``; the result played (``contract``, ``declarer``, ``tricks``: null when
    the game has none); the double-dummy table and par as
    :func:`analyse_many` gives them; and for a game with play, the opening lead (``lead``,
    ``'SK'``), declarer's tricks double dummy after it (``lead_tricks``), what it cost against
    the best lead (``lead_cost``, :class:`bridgescore.boards.leads.LeadCost`) and the tricks after
    each card the leader could have led (:data:`LEAD_COLUMNS`).

    :raises PbnError: for a game whose deal or play cannot be read.
    """
    import pyarrow as pa
    import pyarrow.parquet as pq

    from bridgescore.boards.dd import dd_tables
    from bridgescore.boards.leads import lead_costs, opening_lead
    from bridgescore.pbn import board_facts, complete_deal

    chosen = [(g, d) for g in games if (d := complete_deal(g, source)) is not None]
    tables = list(dd_tables((d for _, d in chosen), progress=progress))
    leads = [opening_lead(g, source) for g, _ in chosen]
    solved = iter(lead_costs(x for x in leads if x is not None))
    columns: dict[str, list[Any]] = {name: [] for name in BOARD_COLUMNS}
    for (game, deal), table, lead in zip(chosen, tables, leads, strict=True):
        vul, dealer = board_facts(game)
        board = game.get("Board") or ""
        played = (game.get("Contract") or "").strip()
        columns["board"].append(int(board) if board.isdigit() else None)
        columns["room"].append(game.get("Room") or None)
        columns["deal"].append(deal.notation())
        columns["dealer"].append(dealer.value if dealer else None)
        columns["vulnerability"].append((vul or Vulnerability.NONE).value)
        known = played not in ("", "?")
        columns["contract"].append(played if known else None)
        columns["declarer"].append((game.get("Declarer") or None) if known else None)
        tricks = (game.get("Result") or "").strip()
        columns["tricks"].append(int(tricks) if known and tricks.isdigit() else None)
        for name, value in zip(DD_COLUMNS, (t for row in table for t in row), strict=True):
            columns[name].append(value)
        columns["par"].append(par(table, vul or Vulnerability.NONE, dealer).score)
        cost = next(solved) if lead is not None else None
        after = dict(cost.tricks) if cost is not None else {}
        columns["lead"].append(cost.lead if cost else None)
        columns["lead_tricks"].append(cost.lead_tricks if cost else None)
        columns["lead_cost"].append(cost.cost if cost else None)
        for name in LEAD_COLUMNS:
            columns[name].append(after.get(name[5:].upper()))
    small = {"board": pa.int16(), "tricks": pa.uint8(), "par": pa.int16(),
             "lead_tricks": pa.uint8(), "lead_cost": pa.uint8(),
             **dict.fromkeys((*DD_COLUMNS, *LEAD_COLUMNS), pa.uint8())}  # fmt: skip
    schema = pa.schema([(name, small.get(name, pa.string())) for name in BOARD_COLUMNS])
    with Replacement(target) as temporary:
        pq.write_table(pa.table(columns, schema=schema), temporary.open())
    return len(chosen)
