"""What a provably fair deal asks of its seeds, in one place (no imports: the command line reads
it for its help text at start-up).

>>> MIN_CLIENT_SEED
8
"""

__all__ = ["MIN_CLIENT_SEED"]

#: a client seed must carry entropy the house did not choose: at least this many characters
#: (not counting spaces at the ends)
MIN_CLIENT_SEED = 8
