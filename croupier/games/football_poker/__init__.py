"""Football Poker (Poker de Futebol), Despacho 65/2004: rules, table options and the round.

Use :mod:`croupier.games.football_poker.rules` (constants, table options, hand values, bets).
"""
