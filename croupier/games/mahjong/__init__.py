"""Mah-Jong, Portaria 52/89/M (only the opening articles are in our hands; the rest is played as
Hong Kong old-style mahjong, GAMES.md §2).

* :mod:`croupier.games.mahjong.rules`: the material, seats, wall and dice constants (Art 1-2) and
  the deal's table options (:class:`~croupier.games.mahjong.rules.MahjongTable`);
* :mod:`croupier.games.mahjong.wall`: the wall, the break and the deal (Art 2) as a pure function
  of a shuffler, with a frozen record and the live wall;
* :mod:`croupier.games.mahjong.melds`: melds and readings;
* :mod:`croupier.games.mahjong.hand`: every way to read a hand, winning or not, and its shanten;
* :mod:`croupier.games.mahjong.faan` and :mod:`croupier.games.mahjong.scoring`: the faan table
  (data, one unit per pattern), the best reading's score, the payments;
* :mod:`croupier.games.mahjong.events`, :mod:`croupier.games.mahjong.round`: one game as the
  protocol's state machine (draws, discards, claims and their priority, kongs, robbing a kong,
  the win and the drawn game), replayable from its log;
* :mod:`croupier.games.mahjong.bots`: a random-legal bot and a shanten bot, and a driver.

The tiles themselves are :mod:`croupier.tiles`. Importing this package imports none of its
modules.
"""
