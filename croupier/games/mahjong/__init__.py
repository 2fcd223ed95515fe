"""Mah-Jong, Portaria 52/89/M (only the opening articles are in our hands).

* :mod:`croupier.games.mahjong.rules`: the material, seats, wall and dice constants (Art 1-2) and
  the deal's table options (:class:`~croupier.games.mahjong.rules.MahjongTable`);
* :mod:`croupier.games.mahjong.wall`: the wall, the break and the deal (Art 2) as a pure function
  of a shuffler, with a frozen record and the live wall.

The tiles themselves are :mod:`croupier.tiles`. The play, winning, scoring and payments are not
yet implemented (issue 6). Importing this package imports neither module.
"""
