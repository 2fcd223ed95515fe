"""The table server (``croupier serve``): event store, ledger, accounts, hub, REST and WebSocket.

Nothing here is imported by ``import croupier`` or ``croupier --help``: the server's commands
import it inside their bodies, so the command line stays fast without the server's stack.
"""
