"""Boards: the cards, the calls, the play, and what double dummy and par say of them.

- :mod:`~bridgescore.boards.board`: the board, typed (its deal, auction, play, double-dummy
  table and par as fields); :mod:`~bridgescore.boards.tags`: those fields as PBN tags and back;
- :mod:`~bridgescore.boards.deal`: the four hands; :mod:`~bridgescore.boards.auction`: the calls;
  :mod:`~bridgescore.boards.play`: the cards played;
- :mod:`~bridgescore.boards.dd`: double-dummy tables (DDS through endplay, imported when called);
  :mod:`~bridgescore.boards.par`: par from a table; :mod:`~bridgescore.boards.leads`: the opening
  lead against double dummy;
- :mod:`~bridgescore.boards.condition`: conditions for dealing to order;
  :mod:`~bridgescore.boards.hand_record`: a board's hand record.
"""
