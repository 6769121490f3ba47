"""Score millions of deals at once: columns of small integer codes in, a numpy array out.

Scoring a duplicate deal is a look-up into 7 x 5 x 3 x 2 x 14 = 2,940 values: the package builds
that table once from the core's :func:`bridgescore.score` (:func:`score_table`) and then only
computes indexes into it. Input columns are numpy arrays, lists, Arrow arrays or anything numpy
can read, or one value for every row; the answer is a numpy ``int16`` array (every score fits:
-7,600 to +3,160).

The codes are stable, and follow the core's enums (:class:`~bridgescore.Strain`, ...):

============== =====================================================================
column         code
============== =====================================================================
``level``      1 to 7; **0 is a passed-out deal**, which scores 0 (its other columns
               must still hold valid codes, for instance 0)
``strain``     0 C, 1 D, 2 H, 3 S, 4 NT (bidding order)
``doubling``   0 undoubled, 1 doubled, 2 redoubled
``vulnerable`` 0 or 1 (or False, True): the declaring side's vulnerability
``tricks``     0 to 13, taken by declarer's side
``declarer``   0 N, 1 E, 2 S, 3 W (for :func:`score_many_ns`)
``vulnerability`` 0 None, 1 NS, 2 EW, 3 All: the board's (for :func:`score_many_ns`)
============== =====================================================================

The **packed code** of a deal is one ``uint16`` holding all five codes, the fastest input:
``level * 420 + strain * 84 + doubling * 28 + vulnerable * 14 + tricks``, 0 to 3,359
(0 to 419 are passed-out deals). :func:`pack` builds it; :func:`score_packed` scores it.

>>> from bridgescore import batch
>>> batch.score_many(level=[4, 3, 0], strain=[2, 4, 0], doubling=[1, 0, 0],
...                  vulnerable=[True, False, False], tricks=[8, 10, 0])
array([-500,  430,    0], dtype=int16)
>>> codes = batch.pack([4, 3], [2, 4], [1, 0], [1, 0], [8, 10])
>>> codes, batch.score_packed(codes)
(array([1898, 1606], dtype=uint16), array([-500,  430], dtype=int16))
>>> batch.score_many_ns([4], [3], [0], [10], declarer=[1], vulnerability=[2])  # 4S by East
array([-620], dtype=int16)
>>> batch.imps_many([620 - 170, -20, 10])
array([10, -1,  0], dtype=int8)

Bad input raises :class:`~bridgescore.BatchError`, naming the first bad row; nothing is clipped:

>>> batch.score_many([4, 4], [2, 2], [0, 0], [0, 0], [10, 14])
Traceback (most recent call last):
...
bridgescore.errors.BatchError: row 1, column 'tricks': got 14; expected a whole number from 0 to 13

Tables with named columns (pandas, Polars, Arrow, a dict), including PBN text such as a
``contract`` column of ``4HX``, ``3NT`` or ``Pass`` (:data:`COLUMNS`), go through
:func:`score_frame`; a CSV or Parquet file of any size goes through :func:`score_file`, a chunk
of rows at a time, as ``bridgescore batch`` does. Both need pyarrow, imported when they run.

**A whole field** (:mod:`bridgescore.batch.field`): a ``board`` column and an ``ns_score``
column, one row a result in any order, give every result's matchpoints
(:func:`matchpoints_many`, Neuberg-scaled to ``expected`` results), Butler datum and IMPs
(:func:`butler_many`) or cross-IMPs (:func:`cross_imps_many`) in one pass, equal to the pure
functions of :mod:`bridgescore.duplicate` board by board. To score a field, score its deals
with :func:`score_many_ns`, then pass those scores with their board numbers; artificial scores
stay on the pure path, or score a :class:`~bridgescore.duplicate.session.Section` with
:func:`score_section_fast`, which returns what :func:`bridgescore.duplicate.session.score_section`
does:

>>> ns, ew = batch.matchpoints_many([1, 1, 1, 2, 2], [420, 450, 170, -100, 110], expected=3)
>>> ns.tolist(), ew.tolist()
([2.0, 4.0, 0.0, 0.5, 3.5], [2.0, 0.0, 4.0, 3.5, 0.5])

**Double-dummy tables and par** for a column of PBN deals (``bridgescore[dd]``):
:func:`analyse_many`, :func:`analyse_partition` for a Dask dataframe's partitions,
:func:`analyse_file` for Parquet (``_dd``).

**Dealing to order** (:mod:`~bridgescore.batch.dealgen`): :func:`deal_where` deals random
deals until it has enough that meet a condition (``"hcp(N) in 15..17 and balanced(N)"``, see
:mod:`bridgescore.boards.condition`) or a Python function of a :class:`DealBatch`'s feature columns.
**Par in bulk** (``_par``): :func:`par_many` gives the par of columns of double-dummy tables,
equal to :func:`bridgescore.par` row by row.

The modules, by job (all private but :mod:`~bridgescore.batch.field`; import from here):
``_columns`` reads and checks the input columns, ``_table`` holds the score table and
:func:`score_many`, :func:`pack`, :func:`score_packed`, ``_ns`` the North-South view, ``_imps``
:func:`imps_many`, ``_frames`` reads named columns and PBN text, ``_io`` scores tables and files,
and :mod:`~bridgescore.batch.field` whole fields.
"""

from __future__ import annotations

try:
    import numpy  # noqa: F401  # the first thing needed, so its absence is said first
except ModuleNotFoundError as exc:  # pragma: no cover - the test runs it in a subprocess
    raise ModuleNotFoundError(
        "bridgescore.batch needs numpy (and pyarrow for tables and files): "
        "pip install 'bridgescore[batch]'",
        name=exc.name,
    ) from exc

from bridgescore.batch._columns import COLUMNS, ScoreDType
from bridgescore.batch._dd import (
    ANALYSIS_COLUMNS,
    BOARD_COLUMNS,
    DD_COLUMNS,
    LEAD_COLUMNS,
    analyse_file,
    analyse_games_file,
    analyse_many,
    analyse_partition,
    analysis_meta,
)
from bridgescore.batch._imps import imps_many
from bridgescore.batch._io import Progress, score_file, score_frame
from bridgescore.batch._ns import declarer_vulnerable, ns_view, score_many_ns
from bridgescore.batch._par import ParColumns, par_many
from bridgescore.batch._table import (
    LEVELS,
    PACKED_CODES,
    pack,
    score_many,
    score_packed,
    score_table,
)
from bridgescore.batch.dealgen import DealBatch, DealingError, deal_batches, deal_where
from bridgescore.batch.field import (
    Expected,
    butler_many,
    cross_imps_many,
    matchpoints_many,
    score_section_fast,
)

__all__ = [
    "ANALYSIS_COLUMNS",
    "BOARD_COLUMNS",
    "COLUMNS",
    "DD_COLUMNS",
    "LEAD_COLUMNS",
    "LEVELS",
    "PACKED_CODES",
    "DealBatch",
    "DealingError",
    "Expected",
    "ParColumns",
    "Progress",
    "ScoreDType",
    "analyse_file",
    "analyse_games_file",
    "analyse_many",
    "analyse_partition",
    "analysis_meta",
    "butler_many",
    "cross_imps_many",
    "deal_batches",
    "deal_where",
    "declarer_vulnerable",
    "imps_many",
    "matchpoints_many",
    "ns_view",
    "pack",
    "par_many",
    "score_file",
    "score_frame",
    "score_many",
    "score_many_ns",
    "score_packed",
    "score_section_fast",
    "score_table",
]
