"""The review queue's statuses and the rule that gives an item its status in force: part
of the data every layer reads (the store, the CLI, the agents, the desk), so it sits with the
schemas, below the store.

Pure: no database. The store's queue (:mod:`tieout.store.review_queue`) and its records
(:mod:`tieout.store.records`) both read the rule from here, as do the CLI and the agents.
"""

from __future__ import annotations

__all__ = [
    "ALL",
    "CLOSED",
    "DISCARDED",
    "NEEDS_HUMAN",
    "OUTCOMES",
    "REOPENED",
    "RESOLVED",
    "status_in_force",
]

#: The status of a claim set that is waiting for a person.
NEEDS_HUMAN = "needs_human"
#: The person fixed the claim set and it was submitted again.
RESOLVED = "resolved"
#: The claim set is not worth fixing.
DISCARDED = "discarded"
#: Back in the queue: the status in force is :data:`NEEDS_HUMAN` again.
REOPENED = "reopened"
#: What a person can do with a queued item, in the order the CLI offers them.
OUTCOMES = (RESOLVED, DISCARDED, REOPENED)
#: Statuses that take an item off the queue; only ``reopened`` may follow them.
CLOSED = (RESOLVED, DISCARDED)
#: The status filter meaning "every item".
ALL = "all"


def status_in_force(stored: str, last_outcome: str | None) -> str:
    """The latest event's outcome (``reopened`` means ``needs_human``), else the stored status.

    :func:`tieout.store.review_queue.listing` filters with the same rule in SQL.
    """
    if last_outcome is None:
        return stored
    return NEEDS_HUMAN if last_outcome == REOPENED else last_outcome
