"""Home games: rubber bridge and Chicago score pads.

- :mod:`~bridgescore.home.game`: what they share (rules from a preset, honors, a game replayed
  from its deals);
- :mod:`~bridgescore.home.rubber`: the WE | THEY pad; :mod:`~bridgescore.home.chicago`: four-deal
  bridge; :mod:`~bridgescore.home.render`: both drawn as text.
"""
