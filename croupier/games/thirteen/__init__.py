"""Jogo de 13 Cartas, Portaria 51/89/M: the deal (Art 1-4).

Importing this package does not import the shoe or shuffler: use
:mod:`croupier.games.thirteen.rules` and :mod:`croupier.games.thirteen.deal` directly.
"""
