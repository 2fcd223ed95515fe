"""3-Card Baccarat, Portaria 22/96/M as amended by Portaria 219/96/M: the deal (Art 2-6).

Use :mod:`croupier.games.three_card_baccarat.rules` (constants, table options, hand values) and
:mod:`croupier.games.three_card_baccarat.deal` (preparing the box or shoe, dealing a round).
"""
