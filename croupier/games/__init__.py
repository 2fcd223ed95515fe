"""The games of croupier, one package per regulation (see ``GAMES.md``).

Each game package holds ``rules.py`` (the article constants and table options of its regulation)
and ``deal.py`` (pure functions that deal a round from an injected shuffler or shoe and return a
frozen, serialisable record).
"""
