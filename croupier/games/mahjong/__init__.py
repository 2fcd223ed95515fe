"""Mah-Jong, Portaria 52/89/M (only the opening articles are in our hands; the rest is played as
Hong Kong old-style mahjong, GAMES.md §2).

* :mod:`croupier.games.mahjong.rules`: the material, seats, wall and dice constants (Art 1-2) and
  the deal's options (:class:`~croupier.games.mahjong.rules.DealOptions`);
* :mod:`croupier.games.mahjong.wall`: the wall, the break and the deal (Art 2) as a pure function
  of a shuffler, with a frozen record and the live wall;
* :mod:`croupier.games.mahjong.melds`: melds and readings;
* :mod:`croupier.games.mahjong.hand`: every way to read a hand, winning or not, and its shanten;
* :mod:`croupier.games.mahjong.faan` and :mod:`croupier.games.mahjong.scoring`: the faan table
  (data, one unit per pattern), the best reading's score, the payments;
* :mod:`croupier.games.mahjong.options`: every option of a table, one class
  (:class:`~croupier.games.mahjong.options.MahjongOptions`);
* :mod:`croupier.games.mahjong.events`, :mod:`croupier.games.mahjong.round`: one game as the
  protocol's state machine (draws, discards, claims and their priority, kongs, robbing a kong,
  the win and the drawn game), replayable from its log; its state and fold
  (:mod:`~croupier.games.mahjong.state`), its checks (:mod:`~croupier.games.mahjong.checks`) and
  what a seat sees (:mod:`~croupier.games.mahjong.view`);
* :mod:`croupier.games.mahjong.match`: a round of games (the deal's rotation, the totals);
* :mod:`croupier.games.mahjong.bots`: a random-legal bot, a shanten bot, a faan-aware bot, and
  a driver.

The tiles themselves are :mod:`croupier.tiles`. Importing this package imports none of its
modules.
"""
