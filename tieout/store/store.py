"""The :class:`Store`: one object over the database, one transaction per call."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import UTC, date, datetime
from types import TracebackType

from sqlalchemy.engine import Engine

from tieout.schemas.metric import MetricDefinition, check_lookup

from . import api_keys as _api_keys
from . import attempts as _attempts
from . import calibration_samples as _calibration
from . import gate_rejections as _rejections
from . import metric_versions as _metrics
from . import overrides as _overrides
from . import review_queue as _queue
from . import runs as _results
from . import snapshots as _documents
from .engine import check_reachable, database_url, display_url, make_engine, transaction
from .migrate import ensure_schema
from .records import (
    ApiKeyRecord,
    AttemptRecord,
    CalibrationItem,
    ClaimResultRecord,
    DocumentRecord,
    ImportPlan,
    MetricVersion,
    OverrideRecord,
    RejectionRecord,
    ResolutionRecord,
    ReviewItem,
    RunRecord,
)

__all__ = ["Store"]


class _DryRun(Exception):
    """Carries a dry run's plan out of its transaction, which is then rolled back."""

    def __init__(self, plan: ImportPlan) -> None:
        super().__init__()
        self.plan = plan


class Store:
    """The metric registry, document snapshots and check results in one database.

    Open with :meth:`Store.open` (SQLite file or PostgreSQL URL); use as a context manager
    or call :meth:`close`. Every method runs in its own transaction: all or nothing.
    """

    def __init__(self, engine: Engine, url: str) -> None:
        self._engine = engine
        self.url = url

    @classmethod
    def open(cls, url: str | None = None) -> Store:
        """Connect to ``url`` (see :func:`database_url`) and bring its schema to the newest revision.

        An empty database is built; one made by an earlier tieout is migrated with its rows
        (see :mod:`tieout.store.migrate` and ``tieout db``).
        """
        resolved = database_url(url)
        engine = make_engine(resolved)
        try:
            check_reachable(engine)
            ensure_schema(engine)
        except BaseException:
            engine.dispose()
            raise
        return cls(engine, resolved)

    def close(self) -> None:
        """Release every connection."""
        self._engine.dispose()

    def __enter__(self) -> Store:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"Store({display_url(self.url)!r})"

    # -- metrics ---------------------------------------------------------------------------

    def set_metric(self, m: MetricDefinition, *, backdate: bool = False) -> str:
        """Record a definition: ``'new'``, ``'changed'`` (old version closed) or ``'unchanged'``.

        Raises :class:`~tieout.errors.RegistryConflict` for a change dated on or before the
        version now in force, unless ``backdate``: then the change is inserted inside the
        history, splitting the version in force on its date.
        """
        with transaction(self._engine, f"setting metric {m.metric_key!r}", write=True) as s:
            outcome, _ = _metrics.set_metric(s, m, backdate=backdate)
        return outcome

    def import_metrics(
        self, defs: Sequence[MetricDefinition], *, dry_run: bool = False
    ) -> ImportPlan:
        """Apply ``defs`` in order in one transaction (all or nothing); ``dry_run`` applies nothing.

        Every conflict is reported in one :class:`~tieout.errors.RegistryConflict`.
        """
        try:
            with transaction(self._engine, "importing metrics", write=True) as s:
                plan = _metrics.plan_import(s, defs)
                if dry_run:
                    raise _DryRun(plan)
        except _DryRun as dry:
            p = dry.plan
            return ImportPlan(new=p.new, changed=p.changed, unchanged=p.unchanged, applied=False)
        return plan

    def metric_as_of(self, metric_key: str, on: date) -> MetricVersion | None:
        """The version of ``metric_key`` in force on ``on``, or ``None``."""
        check_lookup(metric_key, on)
        return self.metrics_as_of([(metric_key, on)])[(metric_key, on)]

    def metrics_as_of(
        self, pairs: Iterable[tuple[str, date]]
    ) -> dict[tuple[str, date], MetricVersion | None]:
        """The version in force for each ``(metric_key, date)`` pair, looked up in bulk."""
        pairs = list(pairs)
        for key, on in pairs:
            check_lookup(key, on)
        with transaction(self._engine, "looking up metric versions") as s:
            return _metrics.versions_as_of(s, pairs)

    def metric_history(self, metric_key: str) -> list[MetricVersion]:
        """Every version of ``metric_key``, oldest first (empty if never registered)."""
        check_lookup(metric_key, needs_date=False)
        with transaction(self._engine, f"reading the history of metric {metric_key!r}") as s:
            return _metrics.history(s, metric_key)

    def list_metrics(self, as_of: date | None = None) -> list[MetricVersion]:
        """The version of each metric in force on ``as_of`` (the latest if ``None``), by key."""
        with transaction(self._engine, "listing metrics") as s:
            return _metrics.list_in_force(s, as_of)

    # -- documents -------------------------------------------------------------------------

    def add_document(self, rec: DocumentRecord) -> tuple[DocumentRecord, bool]:
        """Store a snapshot; ``(stored, False)`` if this exact content was already stored."""
        with transaction(self._engine, f"adding document {rec.doc_id!r}", write=True) as s:
            return _documents.add_document(s, rec)

    def add_documents(self, recs: Sequence[DocumentRecord]) -> list[tuple[DocumentRecord, bool]]:
        """Store several snapshots in one transaction (all or none), as :meth:`add_document`."""
        with transaction(self._engine, f"adding {len(recs)} documents", write=True) as s:
            return [_documents.add_document(s, rec) for rec in recs]

    def get_document(self, doc_id: str, sha256: str | None = None) -> DocumentRecord:
        """The latest snapshot of ``doc_id`` (or the one with ``sha256``).

        Raises :class:`~tieout.errors.UnknownDocument` for an id never ingested.
        """
        with transaction(self._engine, f"reading document {doc_id!r}") as s:
            return _documents.get_document(s, doc_id, sha256)

    def get_documents(self, doc_ids: Iterable[str]) -> dict[str, DocumentRecord]:
        """The latest snapshot of each id that is stored; unknown ids are absent."""
        with transaction(self._engine, "reading documents") as s:
            return {r.doc_id: r for r in _documents.latest_documents(s, doc_ids)}

    def list_documents(self) -> list[DocumentRecord]:
        """The latest snapshot of every document, by id, each with its snapshot count."""
        with transaction(self._engine, "listing documents") as s:
            return _documents.latest_documents(s)

    # -- check results ---------------------------------------------------------------------

    def save_run(self, run: RunRecord, results: Sequence[ClaimResultRecord]) -> int:
        """Store a run and all its results in one transaction; returns the run's row id."""
        with transaction(self._engine, f"saving run {run.run_id!r}", write=True) as s:
            return _results.save_run(s, run, results)

    def list_claim_results(
        self,
        *,
        verdict: str | None = None,
        metric_key: str | None = None,
        run_id: str | None = None,
    ) -> list[ClaimResultRecord]:
        """Stored claim results matching every filter given, by run then position."""
        with transaction(self._engine, "listing claim results") as s:
            return _results.list_claim_results(
                s, verdict=verdict, metric_key=metric_key, run_id=run_id
            )

    def get_run(self, run_id: str) -> tuple[RunRecord, list[ClaimResultRecord]]:
        """A stored run and its results; unknown ids raise :class:`~tieout.errors.NotFound`."""
        with transaction(self._engine, f"reading run {run_id!r}") as s:
            return _results.get_run(s, run_id)

    def get_claim(self, claim_id: int) -> ClaimResultRecord:
        """One stored claim result with its overrides; unknown ids raise :class:`NotFound`."""
        with transaction(self._engine, f"reading claim {claim_id}") as s:
            return _results.get_claim(s, claim_id)

    def list_runs(self) -> list[RunRecord]:
        """Every stored run, newest first."""
        with transaction(self._engine, "listing runs") as s:
            return _results.list_runs(s)

    def verdict_rows(
        self, *, metric_key: str | None = None, since: datetime | None = None
    ) -> list[tuple[str, str, datetime]]:
        """``(metric_key, checker's verdict, checked_at)`` per stored claim, oldest first."""
        with transaction(self._engine, "reading verdicts") as s:
            return _results.verdict_rows(s, metric_key=metric_key, since=since)

    # -- reviewers' overrides and the re-ask log ----------------------------------------------

    def override_claim(
        self,
        claim_id: int,
        verdict: str,
        *,
        reason: str,
        reviewer: str,
        at: datetime | None = None,
        signed_in_as: str | None = None,
    ) -> OverrideRecord:
        """Record a reviewer's ``verdict`` on a stored claim, beside the checker's.

        Refused (:class:`~tieout.errors.InputError`) without a reason or a reviewer, or when
        the claim already has that verdict; unknown ids raise :class:`NotFound`.
        ``signed_in_as`` is who tieout authenticated (an API key, the OS user), recorded
        beside the name the reviewer gave.
        """
        when = at or datetime.now(UTC)
        with transaction(self._engine, f"overriding claim {claim_id}", write=True) as s:
            return _overrides.add_override(
                s, claim_id, verdict, reason, reviewer, when, signed_in_as
            )

    def log_attempts(self, records: Sequence[AttemptRecord]) -> None:
        """Store an agent's attempts (responses, problems, re-asks) in one transaction."""
        with transaction(self._engine, "logging re-ask attempts", write=True) as s:
            _attempts.log_attempts(s, records)

    def attempts(self, run_id: str | None = None) -> list[AttemptRecord]:
        """Stored attempts (of one run if ``run_id``), oldest first."""
        with transaction(self._engine, "reading re-ask attempts") as s:
            return _attempts.attempts(s, run_id=run_id)

    # -- checker calibration -----------------------------------------------------------------

    def calibration_sample(
        self, week: str, start: datetime, end: datetime, n: int, *, at: datetime | None = None
    ) -> tuple[list[CalibrationItem], bool]:
        """``week``'s sample of passing claims (drawn and stored if new): ``(items, drawn_now)``."""

        when = at or datetime.now(UTC)
        with transaction(self._engine, f"sampling week {week}", write=True) as s:
            return _calibration.sample_week(s, week, start, end, n, when)

    def calibration_items(self, week: str | None = None) -> list[CalibrationItem]:
        """Sampled claims (of ``week`` or every week) with their latest checks."""
        with transaction(self._engine, "reading calibration samples") as s:
            return _calibration.calibration_items(s, week)

    def record_calibration(
        self,
        checks: Sequence[tuple[int, int | None, bool, str, str]],
        *,
        at: datetime | None = None,
    ) -> int:
        """Append people's checks ``(sample_id, claim_id, confirmed, reviewer, note)``: all or none."""

        when = at or datetime.now(UTC)
        with transaction(self._engine, "recording calibration checks", write=True) as s:
            return _calibration.record_checks(s, checks, when)

    # -- gate rejections -------------------------------------------------------------------

    def log_rejections(self, records: Sequence[RejectionRecord]) -> None:
        """Store every rejection in one transaction: all of them or, on any error, none."""
        with transaction(self._engine, "logging gate rejections", write=True) as s:
            _rejections.log(s, records)

    def recent_rejections(self, workflow: str, n: int = 20) -> list[RejectionRecord]:
        """The ``n`` latest rejections under ``workflow`` (``""``: no workflow), newest first.

        ``n`` below 1 raises :class:`~tieout.errors.InputError`.
        """
        with transaction(self._engine, f"reading recent rejections for {workflow!r}") as s:
            return _rejections.recent(s, workflow, n)

    # -- review queue ----------------------------------------------------------------------

    def queue_for_review(
        self,
        source: str,
        raw_text: str,
        problems: Sequence[tuple[str, str]],
        *,
        status: str = "needs_human",
        created_at: datetime | None = None,
    ) -> int:
        """Put a claim set in the review queue (``created_at`` defaults to now); returns its id."""

        item = ReviewItem(source, status, raw_text, list(problems), created_at or datetime.now(UTC))
        with transaction(self._engine, "queueing a claim set for review", write=True) as s:
            return _queue.add(s, item)

    def review_queue(self, status: str | None = "needs_human") -> list[ReviewItem]:
        """The queued claim sets whose status in force is ``status``, oldest first, with events.

        ``None`` or ``"all"``: every item. The status in force is the latest event's outcome
        (``reopened``: ``needs_human``), else the status the item was queued with.
        """
        with transaction(self._engine, "reading the review queue") as s:
            return _queue.listing(s, status)

    def resolve_queue_item(
        self,
        queue_id: int,
        outcome: str,
        note: str,
        reviewer: str,
        *,
        at: datetime | None = None,
    ) -> ResolutionRecord:
        """Append what a reviewer did with a queued claim set: resolved, discarded or reopened.

        Refused (:class:`~tieout.errors.InputError`) without a note or a reviewer, for an
        unknown item, for a resolved or discarded item unless reopening it, and for reopening
        an open one. The item's own row is never changed; ``at`` defaults to now.
        """
        when = at or datetime.now(UTC)
        with transaction(self._engine, f"resolving review queue item {queue_id}", write=True) as s:
            return _queue.resolve(s, queue_id, outcome, note, reviewer, when)

    # -- HTTP API keys ---------------------------------------------------------------------

    def add_api_key(self, rec: ApiKeyRecord) -> None:
        """Store a new API key (its salted hash; the key itself is never stored)."""
        with transaction(self._engine, f"adding API key {rec.key_id!r}", write=True) as s:
            _api_keys.add_api_key(s, rec)

    def get_api_key(self, key_id: str) -> ApiKeyRecord | None:
        """The API key with public id ``key_id`` (revoked or not), or ``None``."""
        with transaction(self._engine, "reading an API key") as s:
            return _api_keys.get_api_key(s, key_id)

    def list_api_keys(self) -> list[ApiKeyRecord]:
        """Every API key, revoked ones included, oldest first."""
        with transaction(self._engine, "listing API keys") as s:
            return _api_keys.list_api_keys(s)

    def revoke_api_key(self, key_id: str, at: datetime) -> tuple[ApiKeyRecord, bool]:
        """Revoke a key from ``at`` on; ``(key, False)`` if it was revoked already.

        Unknown ids raise :class:`~tieout.errors.NotFound`.
        """
        with transaction(self._engine, f"revoking API key {key_id!r}", write=True) as s:
            return _api_keys.revoke_api_key(s, key_id, at)
