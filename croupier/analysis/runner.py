"""The chunked runner: a long analysis cut into seeded chunks, run in-process or on Dask.

An analysis is a *chunk function* and a :class:`Plan`. The plan cuts ``units`` (rounds, hands,
games) into chunks of ``chunk_size``; chunk ``k`` gets its own random stream,
``numpy.random.SeedSequence(root, spawn_key=(k,))`` where ``root`` comes from the seed's text
(:func:`root_entropy`), so a chunk's stream depends only on ``(seed, k)``. The chunk function
returns **integer counts** (:data:`Counts`, a flat ``{name: int}``), and the run's result is
their sum, key by key. Integer sums do not depend on the order they are added in, so the same
plan gives bit-for-bit the same result serially, on 2 workers or on 50, and after any number
of interruptions and resumptions.

Schedulers (:func:`run`, ``scheduler=``):

* ``"none"``: in this process, chunk after chunk;
* ``"local"``: a Dask ``LocalCluster`` of ``workers`` single-threaded worker processes on this
  machine (default: one a core);
* ``"tcp://HOST:8786"``: an existing Dask cluster (``dask scheduler`` and ``dask worker``
  processes, on this host or others: docs/cluster.md); croupier must be importable on every
  worker;
* ``"auto"``: with Dask installed (the ``analysis`` extra), ``"local"`` when ``workers`` of 2
  or more are asked for, or without them on a machine of at least :data:`AUTO_LOCAL_CORES`
  cores when the work left is long enough to pay for a cluster's start; else ``"none"``
  (:func:`auto_scheduler`). "Long enough": at least :data:`AUTO_LOCAL_SECONDS` of one core's
  work by the analysis' own estimate of a unit's cost (``unit_seconds``: a 13-card round, a
  Mah-Jong game...), at least two chunks; without an estimate, :data:`AUTO_LOCAL_CHUNKS` chunks.
  On a 2-core machine a LocalCluster gains 1.2-1.5x only on long runs, after its ~2 s of
  start-up (docs/cluster.md).

Dask is imported only when a Dask scheduler is used.

**Resume.** With ``resume=PATH`` every finished chunk is appended to ``PATH`` (JSON lines: a
header naming the analysis, seed, chunk size and parameters, then one line per chunk) as it
finishes; a run given an existing file skips the chunks it holds (a chunk is reused only if
its size matches, so a longer run of the same plan reuses the shorter run's whole chunks). A
file of another plan is refused (:class:`ResumeError`). On an interrupt (Ctrl-C) the finished
chunks are kept (in ``PATH``, or without one in a file named after the plan in the current
directory) and :class:`Interrupted` names that file.

Putting an analysis on the runner (how ``odds thirteen``, the house-way search and the banking
``simulate`` do it, and how ``simulate five-card-stud`` or ``simulate mahjong`` can)::

    def my_chunk(chunk: Chunk) -> Counts:      # module level: Dask pickles it by name
        rng = chunk.rng()                       # or chunk.text_seed() for a text seeder
        wins = sum(play_one(rng, **chunk.params) for _ in range(chunk.size))
        return {"hands": chunk.size, "wins": wins}

    plan = Plan("my-analysis", seed="s", units=100_000, chunk_size=1_000, params={...})
    result = run(plan, my_chunk, scheduler="local")
    result.total["wins"]

>>> plan = Plan("doc", seed="s", units=25, chunk_size=10)
>>> [(c.index, c.size) for c in plan.chunks()]
[(0, 10), (1, 10), (2, 5)]
>>> run(plan, _doc_chunk).total == run(plan, _doc_chunk).total
True
"""

from __future__ import annotations

import functools
import hashlib
import importlib.util
import json
import os
import time
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any, Final

import numpy as np

from croupier import __version__
from croupier.errors import CroupierError

__all__ = [
    "AUTO_LOCAL_CHUNKS",
    "AUTO_LOCAL_CORES",
    "AUTO_LOCAL_SECONDS",
    "Chunk",
    "ChunkFn",
    "Counts",
    "Interrupted",
    "Plan",
    "ResumeError",
    "RunResult",
    "SchedulerError",
    "add_counts",
    "auto_scheduler",
    "check_scheduler",
    "count_text",
    "dask_installed",
    "keep_chunks",
    "root_entropy",
    "run",
    "text_count",
    "worker_environ",
]

#: A chunk's result: integer counts by name (exact, summed key by key).
Counts = dict[str, int]
#: "auto" runs on a LocalCluster from this many chunks (a cluster takes ~2 s to start), for an
#: analysis that gives no estimate of its cost (``unit_seconds``)
AUTO_LOCAL_CHUNKS: Final = 8
#: ... or, with an estimate, from this many seconds of one core's work left: on 4 cores a
#: LocalCluster then saves several times its ~2 s of start-up (a 13-card chunk of 100 rounds is
#: ~0.12 s, a Mah-Jong chunk of 25 games ~1.8 s: counting chunks took ten times more work as
#: "long" for one than for the other)
AUTO_LOCAL_SECONDS: Final = 10.0
#: ... and, without ``workers``, only on a machine of this many cores: on 2 cores the scheduler
#: and the command's process take what the second worker would gain (2026-11-29, 2-core VM:
#: ``odds thirteen --rounds 6000`` 20.7 s of CPU in process, 49.8 s on a LocalCluster)
AUTO_LOCAL_CORES: Final = 4
FILE_KIND: Final = "croupier-analysis-chunks"


class SchedulerError(CroupierError, ValueError):
    """A scheduler that is not ``none``, ``auto``, ``local`` or ``tcp://HOST:PORT``, or that
    cannot be reached."""


class ResumeError(CroupierError, ValueError):
    """A resume file that is not a chunk file of the same plan."""


class Interrupted(CroupierError):
    """The run was interrupted; ``path`` holds the finished chunks (resume from it)."""

    def __init__(self, path: Path, done: int, total: int, resume: Path | None = None) -> None:
        """``resume``: the file to give ``--resume`` when it is not ``path`` itself (a command
        that keeps one chunk file per run beside it)."""
        self.path, self.done, self.total = path, done, total
        self.resume = path if resume is None else resume
        super().__init__(
            f"interrupted: {done} of {total} chunks kept in {path}; "
            f"resume with --resume {self.resume}"
        )


def root_entropy(seed: str) -> int:
    """The root entropy of a seed's text: the first 16 bytes of its SHA-256, as an integer.

    >>> root_entropy("s") == root_entropy("s") != root_entropy("t")
    True
    """
    return int.from_bytes(hashlib.sha256(seed.encode()).digest()[:16], "big")


@dataclass(frozen=True)
class Chunk:
    """One chunk of a plan: its number, its size (units of work), its own seed and the plan's
    parameters. Picklable, so it travels to Dask workers."""

    index: int
    size: int
    seed: np.random.SeedSequence
    params: Mapping[str, Any] = field(default_factory=dict)

    def rng(self) -> np.random.Generator:
        """A NumPy generator on this chunk's stream (PCG64)."""
        return np.random.default_rng(self.seed)

    def text_seed(self) -> str:
        """This chunk's stream as hex text, for seeders that take text
        (:class:`~croupier.shuffle.SeededShuffler`)."""
        return "".join(f"{w:08x}" for w in self.seed.generate_state(8))


ChunkFn = Callable[[Chunk], Counts]


@dataclass(frozen=True)
class Plan:
    """What a run computes: the analysis's name, the seed, how many units in chunks of what
    size, and the parameters every chunk gets (JSON values; they are written with the result
    and in the resume file)."""

    analysis: str
    seed: str
    units: int
    chunk_size: int
    params: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.units < 1:
            raise ValueError(f"a plan needs at least one unit of work, got {self.units}")
        if self.chunk_size < 1:
            raise ValueError(f"chunk size must be at least 1, got {self.chunk_size}")

    @property
    def chunk_count(self) -> int:
        return -(-self.units // self.chunk_size)

    def chunks(self) -> Iterator[Chunk]:
        root = root_entropy(self.seed)
        for k in range(self.chunk_count):
            size = min(self.chunk_size, self.units - k * self.chunk_size)
            yield Chunk(k, size, np.random.SeedSequence(root, spawn_key=(k,)), self.params)

    def header(self) -> dict[str, Any]:
        """The plan as written at the head of a resume file and in every output."""
        return {
            "kind": FILE_KIND,
            "analysis": self.analysis,
            "seed": self.seed,
            "root_entropy": str(root_entropy(self.seed)),
            "units": self.units,
            "chunk_size": self.chunk_size,
            "params": dict(self.params),
            "croupier": __version__,
        }

    def default_path(self) -> Path:
        """Where an interrupted run without a resume file keeps its chunks."""
        digest = hashlib.sha256(json.dumps(self._identity(), sort_keys=True).encode()).hexdigest()
        return Path(f"croupier-{self.analysis}-{digest[:10]}.chunks.jsonl")

    def _identity(self) -> dict[str, Any]:
        """What must match for a chunk of a file to be reused (not ``units``: a longer run of
        the same plan reuses the whole chunks of a shorter one)."""
        return {
            "analysis": self.analysis,
            "seed": self.seed,
            "chunk_size": self.chunk_size,
            "params": json.loads(json.dumps(dict(self.params))),
        }


def add_counts(a: Mapping[str, int], b: Mapping[str, int]) -> Counts:
    """Key-by-key sum of two counts (exact).

    >>> add_counts({"a": 1, "b": 2}, {"b": 3, "c": 4})
    {'a': 1, 'b': 5, 'c': 4}
    """
    out = dict(a)
    for k, v in b.items():
        out[k] = out.get(k, 0) + v
    return out


@dataclass(frozen=True)
class RunResult:
    """A finished run: the total, each chunk's counts (by chunk number), and how it ran."""

    plan: Plan
    per_chunk: Mapping[int, Counts]
    scheduler: str
    workers: int
    seconds: float
    resumed: int = 0  #: chunks read from the resume file, not computed
    computed_units: int | None = None  #: units computed by this run (None: all of them)

    @property
    def units_computed(self) -> int:
        """The units (rounds, hands) this run computed itself: a rate is these over
        :attr:`seconds`, not the resumed ones too."""
        return self.plan.units if self.computed_units is None else self.computed_units

    @functools.cached_property
    def total(self) -> Counts:
        """The sum of every chunk's counts, key by key (computed once)."""
        total: Counts = {}
        for k in sorted(self.per_chunk):
            for name, v in self.per_chunk[k].items():
                total[name] = total.get(name, 0) + v
        return total

    def cumulative(self, key: str) -> list[int]:
        """The running total of ``key`` after each chunk, in chunk order (for convergence)."""
        out, acc = [], 0
        for k in sorted(self.per_chunk):
            acc += self.per_chunk[k].get(key, 0)
            out.append(acc)
        return out

    def run_info(self) -> dict[str, Any]:
        """The plan and how it ran, for the JSON and CSV outputs."""
        return {
            **{k: v for k, v in self.plan.header().items() if k != "kind"},
            "chunks": len(self.per_chunk),
            "scheduler": self.scheduler,
            "workers": self.workers,
            "seconds": self.seconds,
            "resumed_chunks": self.resumed,
        }


def dask_installed() -> bool:
    """Whether ``dask.distributed`` can be imported (the ``analysis`` extra); ``auto`` runs in
    this process without it rather than failing."""
    return importlib.util.find_spec("distributed") is not None


def check_scheduler(scheduler: str) -> str:
    """The scheduler's name, normalised, or a :class:`SchedulerError` naming it.

    >>> check_scheduler(" Local "), check_scheduler("tcp://10.0.0.5:8786")
    ('local', 'tcp://10.0.0.5:8786')
    >>> check_scheduler("cluster")
    Traceback (most recent call last):
    ...
    croupier.analysis.runner.SchedulerError: unknown scheduler 'cluster': use none, auto, \
local or tcp://HOST:PORT
    """
    name = scheduler.strip()
    if name.lower() in ("none", "auto", "local"):
        return name.lower()
    if name.startswith("tcp://") and len(name) > len("tcp://"):
        return name
    raise SchedulerError(
        f"unknown scheduler {scheduler!r}: use none, auto, local or tcp://HOST:PORT"
    )


def _read_resume(path: Path, plan: Plan) -> dict[int, Counts]:
    done: dict[int, Counts] = {}
    sizes = {c.index: c.size for c in plan.chunks()}
    try:
        lines = path.read_text().splitlines()
    except OSError as exc:
        raise ResumeError(f"cannot read resume file {path}: {exc.strerror}") from None
    except UnicodeDecodeError:
        raise ResumeError(f"{path} is not a croupier chunk file (not text)") from None
    if not lines:
        return done
    try:
        header = json.loads(lines[0])
    except json.JSONDecodeError:
        raise ResumeError(f"{path} is not a croupier chunk file (line 1 is not JSON)") from None
    if not isinstance(header, dict) or header.get("kind") != FILE_KIND:
        raise ResumeError(f"{path} is not a croupier chunk file")
    theirs = {k: header.get(k) for k in ("analysis", "seed", "chunk_size", "params")}
    ours = plan._identity()
    for key in ours:
        if theirs[key] != ours[key]:
            raise ResumeError(
                f"{path} holds chunks of another run ({key} {theirs[key]!r}, "
                f"this run's {ours[key]!r})"
            )
    for n, line in enumerate(lines[1:], start=2):
        try:
            row = json.loads(line)
            k, size, counts = int(row["chunk"]), int(row["size"]), row["counts"]
            if not all(isinstance(v, int) and not isinstance(v, bool) for v in counts.values()):
                raise TypeError
        except (json.JSONDecodeError, KeyError, TypeError, ValueError, AttributeError):
            if n == len(lines):  # a line cut short by the interrupt: compute that chunk again
                continue
            raise ResumeError(f"{path} line {n} is not a chunk record") from None
        if sizes.get(k) == size:
            done[k] = {str(name): int(v) for name, v in counts.items()}
    return done


class _ChunkFile:
    """Appends finished chunks to a resume file (header first if the file is new)."""

    def __init__(self, path: Path, plan: Plan) -> None:
        self.path = path
        new = not path.exists() or path.stat().st_size == 0
        try:
            self._fh: IO[str] = path.open("a")
        except OSError as exc:
            raise ResumeError(f"cannot write resume file {path}: {exc.strerror}") from None
        if new:
            self._write(plan.header())

    def _write(self, row: Mapping[str, Any]) -> None:
        self._fh.write(json.dumps(row, sort_keys=True) + "\n")
        self._fh.flush()

    def add(self, chunk: Chunk, counts: Counts) -> None:
        self._write({"chunk": chunk.index, "size": chunk.size, "counts": counts})

    def close(self) -> None:
        self._fh.close()


def keep_chunks(path: Path, result: RunResult) -> None:
    """Write a finished run's chunks to the chunk file ``path`` (header first if it is new), as
    an interrupted run keeps its own: ``--resume path`` reads them back."""
    out = _ChunkFile(path, result.plan)
    try:
        chunks = {c.index: c for c in result.plan.chunks()}
        for k, counts in result.per_chunk.items():
            out.add(chunks[k], counts)
    finally:
        out.close()


def _check_counts(chunk: Chunk, counts: object) -> Counts:
    if not isinstance(counts, dict) or not all(
        isinstance(k, str) and isinstance(v, int | np.integer) and not isinstance(v, bool)
        for k, v in counts.items()
    ):
        raise TypeError(f"chunk {chunk.index}: a chunk function must return {{str: int}} counts")
    return {k: int(v) for k, v in counts.items()}


def _serial(fn: ChunkFn, todo: Iterable[Chunk]) -> Iterator[tuple[Chunk, Counts]]:
    for chunk in todo:
        yield chunk, fn(chunk)


#: Dask's setting of the environment a nanny gives each worker process it starts
_SPAWN_ENVIRON: Final = "distributed.nanny.pre-spawn-environ"
#: glibc's malloc setting that Dask sets for its workers by default (65,536: memory handed back
#: to the system early); setting it at all also fixes glibc's mmap threshold at 128 KiB
_MALLOC_TRIM: Final = "MALLOC_TRIM_THRESHOLD_"


def worker_environ(environ: Mapping[str, object]) -> dict[str, object]:
    """The environment a LocalCluster's workers start with: Dask's own less its malloc trim
    setting. With it, every NumPy array over 128 KiB that a chunk makes and drops is a fresh
    ``mmap`` and ``munmap`` of pages faulted in again, and the 13-card game's chunks ran 2.7x
    slower in a worker than in this process (0.35-0.49 s of the chunk's own thread time
    against 0.13-0.18 s; most of a run's system time). Without it glibc sizes its thresholds
    as in any Python process. Memory stays bounded: a chunk's arrays are a few MB, freed when
    it ends. (Workers of an existing cluster are started by their owner: docs/cluster.md.)

    >>> worker_environ({"MALLOC_TRIM_THRESHOLD_": 65536, "OMP_NUM_THREADS": 1})
    {'OMP_NUM_THREADS': 1}
    """
    return {k: v for k, v in environ.items() if k != _MALLOC_TRIM}


def _dask(
    fn: ChunkFn, todo: list[Chunk], scheduler: str, workers: int, seen: list[int]
) -> Iterator[tuple[Chunk, Counts]]:
    import importlib
    import logging

    try:  # as Any: distributed's functions are untyped
        distributed: Any = importlib.import_module("dask.distributed")
    except ImportError:  # pragma: no cover - dask is a dependency of the analysis extra
        raise SchedulerError(
            f"scheduler {scheduler!r} needs dask[distributed]: pip install 'croupier[analysis]'"
        ) from None
    cluster = None
    try:
        if scheduler == "local":
            dask: Any = importlib.import_module("dask")
            with dask.config.set({_SPAWN_ENVIRON: worker_environ(dask.config.get(_SPAWN_ENVIRON))}):
                cluster = distributed.LocalCluster(
                    n_workers=workers,
                    threads_per_worker=1,
                    processes=True,
                    dashboard_address=None,
                    silence_logs=logging.ERROR,
                )
            client = distributed.Client(cluster)
        else:
            try:
                client = distributed.Client(scheduler, timeout="10s")
            except OSError as exc:
                raise SchedulerError(f"cannot reach scheduler {scheduler}: {exc}") from None
        try:
            if cluster is None:  # an existing cluster: a worker must come, or the run says why
                _wait_for_a_worker(client, scheduler)
            seen.append(len(client.scheduler_info().get("workers", {})))
            keys = [f"chunk-{c.index}-{c.seed.entropy}" for c in todo]  # unique per plan
            batch = client.map(fn, todo, key=keys, pure=False)  # one message, not one a chunk
            futures = dict(zip(batch, todo, strict=True))
            try:
                for fut, counts in distributed.as_completed(futures, with_results=True):
                    yield futures[fut], counts
            finally:
                for fut in futures:
                    fut.cancel()
        finally:
            client.close()
    finally:
        if cluster is not None:
            cluster.close()


#: seconds a run on an existing cluster waits for its first worker before it gives up (workers
#: started after the scheduler join within this)
WORKER_WAIT: Final = 30.0


def _wait_for_a_worker(client: Any, scheduler: str) -> None:
    """Wait up to :data:`WORKER_WAIT` seconds for a worker of the cluster at ``scheduler``: a
    cluster without one ran no chunk and the command waited with no word (the audit of issue
    22); :class:`SchedulerError` says how to start one."""
    try:  # at once when a worker is running (one paused or closing does not count)
        client.wait_for_workers(1, timeout=WORKER_WAIT)
    except TimeoutError:
        raise SchedulerError(
            f"the cluster at {scheduler} has no worker (waited {WORKER_WAIT:g} s): start one "
            f"with 'dask worker {scheduler} --no-nanny' (docs/cluster.md)"
        ) from None


def auto_scheduler(
    chunks: int,
    units: int,
    unit_seconds: float | None,
    *,
    workers: int | None,
    cores: int,
) -> str:
    """What ``auto`` runs ``chunks`` chunks of ``units`` units left on, Dask installed (else
    ``"none"``): with ``workers`` asked for, ``"local"`` for 2 or more and two chunks or more
    to share (``--workers N`` asks for a LocalCluster of N, whatever the run's length, as
    ``simulate mahjong`` and ``five-card-stud`` read it), ``"none"`` for 1; without it,
    ``"local"`` on a machine of at least :data:`AUTO_LOCAL_CORES` cores when the work is long
    enough (``units * unit_seconds`` at least :data:`AUTO_LOCAL_SECONDS`, in two chunks or
    more; without an estimate at least :data:`AUTO_LOCAL_CHUNKS` chunks); else ``"none"``.

    >>> auto_scheduler(8, 800, 0.0012, workers=None, cores=8)  # ~1 s of 13-card rounds
    'none'
    >>> auto_scheduler(100, 10_000, 0.0012, workers=None, cores=2)  # no core to spare
    'none'
    """
    if workers is not None:  # asked for: 1 in this process, more on a LocalCluster of them
        local = workers > 1 and chunks >= 2
    elif unit_seconds is None:
        local = cores >= AUTO_LOCAL_CORES and chunks >= AUTO_LOCAL_CHUNKS
    else:
        long = chunks >= 2 and units * unit_seconds >= AUTO_LOCAL_SECONDS
        local = cores >= AUTO_LOCAL_CORES and long
    return "local" if local and dask_installed() else "none"


def run(
    plan: Plan,
    fn: ChunkFn,
    *,
    scheduler: str = "none",
    workers: int | None = None,
    progress: Callable[[int, int], None] | None = None,
    resume: Path | None = None,
    unit_seconds: float | None = None,
) -> RunResult:
    """Run ``fn`` over every chunk of ``plan`` (see the module docstring) and sum the counts.

    ``unit_seconds``: the analysis' estimate of one unit's CPU seconds on one core, which
    ``auto`` weighs the work left by (:func:`auto_scheduler`; None: it counts chunks).

    ``workers``: a LocalCluster's worker processes (default: one a core; ignored by ``none``
    and by an existing cluster, whose worker count is reported). ``progress(done, total)`` is
    called with the chunks finished so far (chunks read from ``resume`` count as done from the
    start). ``fn`` must be a module-level function for a Dask scheduler.
    """
    name = check_scheduler(scheduler)
    chunks = list(plan.chunks())
    done: dict[int, Counts] = _read_resume(resume, plan) if resume and resume.exists() else {}
    resumed = len(done)
    todo = [c for c in chunks if c.index not in done]
    cores = os.cpu_count() or 1
    if workers is not None and workers < 1:
        raise ValueError(f"workers must be at least 1, got {workers}")
    if name == "auto":
        name = auto_scheduler(
            len(todo), sum(c.size for c in todo), unit_seconds, workers=workers, cores=cores
        )
    n_workers = 1 if name == "none" else (workers or cores)
    if name == "local":
        n_workers = max(1, min(n_workers, len(todo)))
    if progress:
        progress(len(done), len(chunks))
    out = _ChunkFile(resume, plan) if resume else None
    start = time.perf_counter()
    seen: list[int] = []  # the workers a Dask cluster has
    if name == "none" or not todo:
        stream = _serial(fn, todo)
    else:
        stream = _dask(fn, todo, name, n_workers, seen)
    try:
        for chunk, counts in stream:
            done[chunk.index] = _check_counts(chunk, counts)
            if out:
                out.add(chunk, done[chunk.index])
            if progress:
                progress(len(done), len(chunks))
    except KeyboardInterrupt:
        if out is None:
            path = plan.default_path()
            keep = _ChunkFile(path, plan)
            for k in sorted(done):
                keep.add(chunks[k], done[k])
            keep.close()
        else:
            path = out.path
        raise Interrupted(path, len(done), len(chunks)) from None
    finally:
        if isinstance(stream, Iterator) and hasattr(stream, "close"):
            stream.close()
        if out:
            out.close()
    return RunResult(
        plan=plan,
        per_chunk={k: done[k] for k in sorted(done)},
        scheduler=name,
        workers=seen[0] if seen else n_workers,
        seconds=time.perf_counter() - start,
        resumed=resumed,
        computed_units=sum(c.size for c in todo),
    )


def text_count(text: str) -> int:
    """A text as one integer count (its UTF-8 bytes, big-endian): how a chunk whose counts are
    integers carries a message (what broke, say); :func:`count_text` reads it back.

    >>> count_text(text_count("hand 7: chips conserved"))
    'hand 7: chips conserved'
    """
    return int.from_bytes(text.encode(), "big")


def count_text(number: int) -> str:
    """The text :func:`text_count` made."""
    return number.to_bytes((number.bit_length() + 7) // 8, "big").decode()


def _doc_chunk(chunk: Chunk) -> Counts:
    """The docstring's example: heads in ``size`` seeded coin flips."""
    return {"flips": chunk.size, "heads": int(chunk.rng().integers(0, 2, chunk.size).sum())}
