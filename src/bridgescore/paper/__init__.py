"""Paper: an evening's PDFs made with ReportLab, from the core's values (never a rule decided
here): the hand records (1, 2 or 4 boards a page, :mod:`.hand_records`) and the results sheet
for the noticeboard (:mod:`.results`). An outer layer, like ``web`` and ``cli``: it uses the
core and ReportLab; the core never imports it.
"""

from __future__ import annotations

from bridgescore.paper.hand_records import PER_PAGE, hand_records_pdf
from bridgescore.paper.results import results_pdf
from bridgescore.paper.sheets import cards_pdf, slips_pdf

__all__ = ["PER_PAGE", "cards_pdf", "hand_records_pdf", "results_pdf", "slips_pdf"]
