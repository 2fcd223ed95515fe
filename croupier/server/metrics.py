"""/metrics in the Prometheus text format: commands, conflicts, commits, tables, connections.

A collector reads the hub's counters at scrape time, and a histogram times each commit; each
server has its own registry (no global state, so tests can run several servers).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from prometheus_client import CollectorRegistry, Histogram, generate_latest
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily
from prometheus_client.registry import Collector

if TYPE_CHECKING:
    from croupier.server.hub import LiveTable
    from croupier.server.runtime import Server

__all__ = ["Metrics", "render"]

COUNTERS = {
    "commands_accepted": "commands applied and committed",
    "commands_duplicate": "retried command ids answered from the record",
    "commands_refused": "commands refused by the rules or the protocol",
    "timeouts": "deadlines applied with the rule's default",
    "house_steps": "automatic steps of the house",
    "conflicts": "appends another process won (refolded and retried)",
    "refolds": "tables folded again from the store",
    "store_errors": "appends that failed with an unknown outcome",
    "watchdog_wakes": "tables that stood still with nothing scheduled, moved by the watchdog",
}


class _HubCollector(Collector):
    def __init__(self, server: Server) -> None:
        self.server = server

    def collect(self) -> Iterator[Any]:
        hub = self.server._hub
        counts = hub.counts if hub is not None else {}
        for name, help_text in COUNTERS.items():
            family = CounterMetricFamily(f"croupier_{name}", help_text)
            family.add_metric([], counts.get(name, 0))
            yield family
        tables = GaugeMetricFamily("croupier_tables", "tables served", labels=["state"])
        live = list(hub.tables.values()) if hub is not None else []
        for state in ("open", "closed", "fault"):
            tables.add_metric([state], sum(1 for t in live if _state(t) == state))
        yield tables
        commits = hub.commits if hub is not None else None
        for name, help_text, value in (
            ("commit_batches", "group commits written", commits.batches if commits else 0),
            (
                "commit_appends",
                "appends written in group commits",
                commits.appends if commits else 0,
            ),
        ):
            family = CounterMetricFamily(f"croupier_{name}", help_text)
            family.add_metric([], value)
            yield family
        connections = GaugeMetricFamily("croupier_ws_connections", "open WebSocket connections")
        connections.add_metric([], counts.get("ws_open", 0))
        yield connections


def _state(live: LiveTable) -> str:
    if live.fault is not None:
        return "fault"
    return "closed" if live.table.closed else "open"


class Metrics:
    """The registry of one server, with the commit-time histogram the hub feeds."""

    def __init__(self, server: Server) -> None:
        self.registry = CollectorRegistry(auto_describe=True)
        self.registry.register(_HubCollector(server))
        self.commit_seconds = Histogram(
            "croupier_commit_seconds",
            "time to append a command's entries and ledger in one transaction",
            registry=self.registry,
            buckets=(0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1.0),
        )

    def on_commit(self, _live: LiveTable, seconds: float) -> None:
        self.commit_seconds.observe(seconds)


def render(server: Server) -> tuple[bytes, str]:
    from prometheus_client import CONTENT_TYPE_LATEST

    metrics: Metrics = server.metrics
    return generate_latest(metrics.registry), CONTENT_TYPE_LATEST
