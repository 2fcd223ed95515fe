"""Football Poker (Poker de Futebol), Despacho 65/2004: rules, table options and the round.

* :mod:`croupier.games.football_poker.rules`: the articles as constants and functions (card
  values, hand totals, the third card, the bets and how each one ends).
* :mod:`croupier.games.football_poker.options`: :class:`FootballOptions`, the table options
  (decks, places, cut card, burns, dealing order, limits, rounding) and their readings.
* :mod:`croupier.games.football_poker.round`: :class:`FootballPokerGame`, the round as an
  event-sourced state machine (shuffle, bets, burns and cards, settlement, views, replay).
"""
