"""Croupier: an exact, auditable engine for Macau's official casino table games."""

__version__ = "0.1.0"
