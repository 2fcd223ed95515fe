"""Analysis at scale: long analyses cut into seeded chunks, run in-process or on Dask.

* :mod:`croupier.analysis.runner`: the chunked runner (:func:`~croupier.analysis.runner.run`,
  :class:`~croupier.analysis.runner.Plan`, :class:`~croupier.analysis.runner.Chunk`), exact
  integer counts, ``--scheduler none|auto|local|tcp://HOST:8786``, resume files;
* :mod:`croupier.analysis.output`: every analysis's CSV and JSON files, with the seed, the
  version and the parameters in them;
* :mod:`croupier.analysis.progress`: a Rich progress bar over chunks;
* :mod:`croupier.analysis.plots`: the figures (matplotlib, Agg).

Layer: above the games, the table layer and :mod:`croupier.odds`, below the CLI. Importing this
package imports none of them (nor Dask, nor matplotlib): import the module you need.
"""
