"""Jogo de 13 Cartas, Portaria 51/89/M.

* :mod:`croupier.games.thirteen.rules`: the material and the deal's articles (Art 1-3), the
  house ways;
* :mod:`croupier.games.thirteen.options`: the table options
  (:class:`~croupier.games.thirteen.options.ThirteenOptions`: dice counting, unit, stakes, prize,
  commission, setting time, rounding, house way, the readings of Art 4, 7 and 9 I);
* :mod:`croupier.games.thirteen.deal`: the deal (Art 2 a-c) as a pure function of a shuffler;
* :mod:`croupier.games.thirteen.scoring`: settings, fouls, naturals and tier points (Art 7-10);
* :mod:`croupier.games.thirteen.round`: the round as a state machine of commands and events
  (:class:`~croupier.games.thirteen.round.ThirteenGame`, Art 2-11), replayable from its log;
  its parts: :mod:`~croupier.games.thirteen.events` (events, phases),
  :mod:`~croupier.games.thirteen.state` (the fold), :mod:`~croupier.games.thirteen.checks`
  (may this event happen now), :mod:`~croupier.games.thirteen.view` (what a seat sees);
* :mod:`croupier.games.thirteen.solver`: the player's best response and the banker's house way.

Importing this package imports none of them: import the module you need.
"""
