"""Poker de 5 Cartas (five-card stud on the 40-card deck), Portaria 104/85/M.

* :mod:`~croupier.games.five_card_stud.rules`: the articles' constants and the readings' choices;
* :mod:`~croupier.games.five_card_stud.options`: the table options
  (:class:`~croupier.games.five_card_stud.options.StudOptions`);
* :mod:`~croupier.games.five_card_stud.pots`: pots, side pots and the house's commission;
* :mod:`~croupier.games.five_card_stud.events`: the events of a table's log;
* the table as a state machine (:class:`~croupier.games.five_card_stud.round.StudGame`),
  replayable from its log, in four layers: :mod:`~croupier.games.five_card_stud.state` (the
  state and its fold; the hand in play is :mod:`~croupier.games.five_card_stud.hand`'s
  ``HandState``), :mod:`~croupier.games.five_card_stud.checks` (the checks of each event),
  :mod:`~croupier.games.five_card_stud.view` (what a seat may know and do) and
  :mod:`~croupier.games.five_card_stud.round` (the commands);
* :mod:`~croupier.games.five_card_stud.bots`: bots and a driver of whole hands;
* :mod:`~croupier.games.five_card_stud.history`: PHH-style hand histories.

Importing this package imports none of them: import the module you need.
"""
