"""The commands of the ``croupier`` CLI, one module a group.

:mod:`croupier.commands.app` holds the Typer application and :mod:`croupier.commands.output`
the helpers every command shares; a command module imports those (never :mod:`croupier.cli`)
and registering its commands is a side effect of importing it, which :mod:`croupier.cli` does.
"""
