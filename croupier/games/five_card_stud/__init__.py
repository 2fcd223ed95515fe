"""Poker de 5 Cartas (five-card stud on the 40-card deck), Portaria 104/85/M.

* :mod:`~croupier.games.five_card_stud.rules`: the articles' constants and the table options
  (:class:`~croupier.games.five_card_stud.rules.StudTable`);
* :mod:`~croupier.games.five_card_stud.pots`: pots, side pots and the house's commission;
* :mod:`~croupier.games.five_card_stud.events`: the events of a table's log;
* :mod:`~croupier.games.five_card_stud.round`: the table as a state machine
  (:class:`~croupier.games.five_card_stud.round.StudGame`), replayable from its log.

Importing this package imports none of them: import the module you need.
"""
