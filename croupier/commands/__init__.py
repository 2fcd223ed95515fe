"""Commands of the ``croupier`` CLI that live outside :mod:`croupier.cli` (one module a group).

Importing a module here registers its commands on :data:`croupier.cli.app`.
"""
