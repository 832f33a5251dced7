"""The MCP door: tieout's checks as tools an agent calls over stdio.

Four tools, each thin over the library and the :class:`~tieout.registry.Store`:

- ``submit_claims``: validate a claim set (:func:`~tieout.schemas.parse_claims`), check it
  and store the run (:func:`~tieout.checks.runs.check_and_store`); per-claim verdicts, and
  for each failure the field to fix and how.
- ``save_document``: the free-text gate inside a :class:`~tieout.gating.SaveSession`, one
  per ``run_id`` for the life of the server (three rejections in a row end the run).
- ``lookup_metric``: a metric's registered definition, as of a date.
- ``list_documents``: the ingested documents.

:class:`ToolServer` does the work and knows nothing of MCP, so every door can share it;
:func:`build_server` wraps it in the SDK's low-level ``Server`` and :func:`serve_stdio`
runs that over stdin/stdout. A schema problem in a claim set is an ordinary answer for
the model (``is_error`` false); bad arguments to any tool are a tool error of one line;
nothing a client sends ends the server.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from tieout.agents.pins import GatePins
from tieout.agents.tools import SaveDocumentArgs
from tieout.errors import ClaimValidationError, InputError, TieoutError
from tieout.schemas.claim import METRIC_KEY_PATTERN

if TYPE_CHECKING:
    from mcp.server.lowlevel import Server

    from tieout.checks import ClaimReport
    from tieout.gating import GateResult, SaveSession, WorkflowConfig
    from tieout.store import Store

__all__ = [
    "ListDocumentsArgs",
    "LookupMetricArgs",
    "ToolReply",
    "ToolServer",
    "ToolSpec",
    "build_server",
    "serve_stdio",
]

SERVER_NAME = "tieout"
INSTRUCTIONS = (
    "tieout ties every figure you write to its source. Report figures as claims with "
    "submit_claims, save prose through save_document, and read what a metric means with "
    "lookup_metric; list_documents names the documents you may cite."
)

# -- model-facing texts (the fix wording is shared with ``tieout.enforce``: agents/messages.py) ----

_CHECKED_HEAD = "{n} claim{s} checked (run {run_id}): {counts}"
_FAILED_TAIL = (
    "Fix the failing claims and call submit_claims again with the whole set. If the documents "
    "do not support a figure, set its value to null and give missing_reason."
)
_NO_CLAIMS = (
    "give the claim set as `claims` (a list of claim objects) or `claim_set` "
    '({"claims": [...]}, a list, or one claim)'
)


# -- the arguments: one model per tool; its docstring is the tool's description ------------------


class _Args(BaseModel):
    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)


class LookupMetricArgs(_Args):
    """What a registered metric means: its definition, unit, period and authoritative
    document, in the version in force on as_of (the latest version when omitted)."""

    metric_key: str = Field(
        pattern=METRIC_KEY_PATTERN, description="The metric, e.g. cash_balance."
    )
    as_of: date | None = Field(
        default=None, description="The date to read the registry on, as YYYY-MM-DD."
    )


class ListDocumentsArgs(_Args):
    """The ingested documents you may cite: ids, the periods they report on, publication
    dates and how many snapshots of each are stored."""


def _submit_schema() -> dict[str, Any]:
    """submit_claims' input: the function-calling schema, also taking ``claim_set`` whole."""
    from tieout.agents.tools import submit_claims_schema
    from tieout.schemas import claim_set_json_schema

    schema = submit_claims_schema()
    published = claim_set_json_schema()
    schema["properties"]["claim_set"] = {
        k: v for k, v in published.items() if k not in ("$defs", "$schema")
    }
    schema.pop("required", None)
    schema["description"] = "The claim set: claims (a list of claims), or claim_set whole."
    return schema


@dataclass(frozen=True)
class ToolSpec:
    """One tool as an agent sees it: name, description and JSON Schema of its arguments."""

    name: str
    description: str
    input_schema: dict[str, Any]


@dataclass(frozen=True)
class ToolReply:
    """A tool's answer: text for the model, the same as data, and whether it is an error."""

    text: str
    data: dict[str, Any] = field(default_factory=dict)
    is_error: bool = False


def _one_line(tool: str, exc: ValidationError) -> str:
    errors = exc.errors(include_url=False)
    shown = [f"{'.'.join(str(p) for p in e['loc']) or 'arguments'}: {e['msg']}" for e in errors[:5]]
    more = len(errors) - len(shown)
    tail = f" (and {more} more problem{'s' if more > 1 else ''})" if more > 0 else ""
    return f"{tool}: {'; '.join(shown)}{tail}"


def _model_schema(model: type[BaseModel]) -> dict[str, Any]:
    schema = model.model_json_schema()
    schema.pop("title", None)
    schema.pop("description", None)
    return schema


def _iso(d: date | None) -> str | None:
    return d.isoformat() if d else None


def _plural(n: int) -> str:
    return "" if n == 1 else "s"


class ToolServer:
    """The four tools over one :class:`~tieout.registry.Store`, with the runs' save sessions.

    ``config`` (a path to ``tieout.toml`` or loaded settings) is what ``workflow`` names are
    looked up in; without it, ``./tieout.toml`` or ``./pyproject.toml`` as for ``tieout gate``.
    """

    def __init__(
        self,
        store: Store,
        config: str | Path | dict[str, WorkflowConfig] | None = None,
        *,
        workflow: str | None = None,
        doc_ids: Sequence[str] = (),
    ) -> None:
        self.store = store
        self.config = config
        # what the operator pins (``tieout mcp --workflow``, ``--doc``): an agent may
        # neither choose another workflow nor bring source texts of its own
        self.pins = GatePins(workflow, tuple(doc_ids))
        self.workflow = workflow
        self.doc_ids = self.pins.doc_ids
        self.pins.check_config(config)  # an unknown workflow is refused at start-up
        for doc_id in self.doc_ids:
            store.get_document(doc_id)  # so is an unknown document
        self.sessions: dict[str, SaveSession] = {}
        self._run_sources: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {}
        from tieout.agents.tools import TOOLS

        described = {name: text for name, text, _ in TOOLS}
        self._tools: dict[str, tuple[ToolSpec, Callable[[dict[str, Any]], ToolReply]]] = {
            "submit_claims": (
                ToolSpec("submit_claims", described["submit_claims"], _submit_schema()),
                self._submit_claims,
            ),
            "save_document": (
                ToolSpec(
                    "save_document", described["save_document"], _model_schema(SaveDocumentArgs)
                ),
                self._save_document,
            ),
        }
        for name, model, handler in (
            ("lookup_metric", LookupMetricArgs, self._lookup_metric),
            ("list_documents", ListDocumentsArgs, self._list_documents),
        ):
            doc = " ".join((model.__doc__ or "").split())
            self._tools[name] = (ToolSpec(name, doc, _model_schema(model)), handler)

    def tools(self) -> list[ToolSpec]:
        """Every tool, in a fixed order."""
        return [spec for spec, _ in self._tools.values()]

    def call(self, name: str, arguments: dict[str, Any] | None) -> ToolReply:
        """Run one tool. Bad input and tieout's errors come back as an error reply of one line."""
        entry = self._tools.get(name)
        if entry is None:
            known = ", ".join(self._tools)
            return ToolReply(f"unknown tool {name!r}; the tools are {known}", is_error=True)
        try:
            return entry[1](dict(arguments or {}))
        except ValidationError as exc:
            return ToolReply(_one_line(name, exc), is_error=True)
        except TieoutError as exc:
            line = str(exc).splitlines()[0] if str(exc) else exc.__class__.__name__
            return ToolReply(f"{name}: {line}", is_error=True)

    # -- submit_claims ------------------------------------------------------------------------

    def _submit_claims(self, args: dict[str, Any]) -> ToolReply:
        from tieout.checks.runs import check_and_store
        from tieout.schemas import parse_claims

        extra = sorted(set(args) - {"claims", "claim_set"})
        if extra:
            raise InputError(f"unknown argument {extra[0]!r}; {_NO_CLAIMS}")
        if "claims" in args and "claim_set" in args:
            raise InputError(f"both claims and claim_set given; {_NO_CLAIMS}")
        if "claims" in args:
            text = json.dumps({"claims": args["claims"]})
        elif "claim_set" in args:
            given = args["claim_set"]
            text = given if isinstance(given, str) else json.dumps(given)
        else:
            raise InputError(_NO_CLAIMS)
        try:
            claims = parse_claims(text)
        except ClaimValidationError as exc:
            return _invalid_reply(exc.problems)
        run = check_and_store(self.store, claims, "mcp:submit_claims")
        return _verdicts_reply(run.run_id, run.counts, run.reports)

    # -- save_document ------------------------------------------------------------------------

    def _save_document(self, args: dict[str, Any]) -> ToolReply:
        from tieout.documents.ingest import document_from_record
        from tieout.gating import SaveSession
        from tieout.gating.index import document_index

        a = SaveDocumentArgs.model_validate(args)
        workflow, doc_ids = self.pins.resolve(self.config, a.workflow, a.sources, a.doc_ids)
        given = (tuple(a.sources), doc_ids)
        session = self.sessions.get(a.run_id) if a.run_id else None
        if session is not None:
            if workflow is not None and workflow != session.workflow:
                raise InputError(
                    f"run {session.run_id!r} uses workflow {session.workflow or 'default'!r}, "
                    f"not {workflow!r}; start a new run (omit run_id) for another workflow"
                )
            if (a.sources or a.doc_ids) and given != self._run_sources[session.run_id]:
                raise InputError(  # else a rejected figure could be cleared by a source saying it
                    f"run {session.run_id!r} keeps the sources of its first save; "
                    "omit sources and doc_ids, or start a new run (omit run_id)"
                )
            return _gate_reply(session.save(a.draft))
        sources: list[Any] = list(a.sources)
        for doc_id in doc_ids:
            sources.append(document_index(document_from_record(self.store.get_document(doc_id))))
        session = SaveSession(
            sources=sources,
            config=self.config,
            workflow=workflow,
            run_id=a.run_id or uuid.uuid4().hex[:12],
            store=self.store,
        )
        self.sessions[session.run_id] = session
        self._run_sources[session.run_id] = given
        return _gate_reply(session.save(a.draft))

    # -- lookup_metric, list_documents --------------------------------------------------------

    def _lookup_metric(self, args: dict[str, Any]) -> ToolReply:
        from tieout.errors import UnknownMetric

        a = LookupMetricArgs.model_validate(args)
        if a.as_of is None:
            history = self.store.metric_history(a.metric_key)
            m = history[-1] if history else None
        else:
            m = self.store.metric_as_of(a.metric_key, a.as_of)
        if m is None:
            raise UnknownMetric(a.metric_key, a.as_of)
        data = {
            "metric_key": m.metric_key,
            "definition": m.definition,
            "unit": m.unit,
            "period_start": m.period_start.isoformat(),
            "period_end": m.period_end.isoformat(),
            "authoritative_document": m.source_doc_id,
            "effective_from": m.effective_from.isoformat(),
            "effective_to": _iso(m.effective_to),
        }
        until = f" until {m.effective_to}" if m.effective_to else " (current)"
        text = (
            f"{m.metric_key}: {m.definition}\n"
            f"unit {m.unit}; period {m.period_start} to {m.period_end}; "
            f"authoritative document {m.source_doc_id}\n"
            f"this version is in force from {m.effective_from}{until}"
        )
        return ToolReply(text, data)

    def _list_documents(self, args: dict[str, Any]) -> ToolReply:
        ListDocumentsArgs.model_validate(args)
        records = self.store.list_documents()
        if not records:
            return ToolReply("no documents are ingested", {"documents": []})
        rows = [
            {
                "doc_id": r.doc_id,
                "period_start": _iso(r.period_start),
                "period_end": _iso(r.period_end),
                "published": _iso(r.published),
                "snapshots": r.snapshots,
                "sha256": r.sha256,
            }
            for r in records
        ]
        lines = [
            f"{r.doc_id}: period {_iso(r.period_start) or '?'} to {_iso(r.period_end) or '?'}, "
            f"published {_iso(r.published) or '?'}, {r.snapshots} snapshot{_plural(r.snapshots)}"
            for r in records
        ]
        return ToolReply("\n".join(lines), {"documents": rows})


def _invalid_reply(problems: list[tuple[str, str]]) -> ToolReply:
    from tieout.agents.messages import reask_message

    data = {
        "status": "invalid",
        "problems": [{"path": p, "message": m} for p, m in problems],
    }
    return ToolReply(reask_message(problems), data)


def _verdicts_reply(run_id: str, counts: dict[str, int], reports: list[ClaimReport]) -> ToolReply:
    from tieout.agents.messages import claim_fix
    from tieout.checks import Status, Verdict

    n = len(reports)
    summary = " · ".join(f"{k} {v}" for k, v in counts.items())
    lines = [_CHECKED_HEAD.format(n=n, s=_plural(n), run_id=run_id, counts=summary)]
    rows = []
    for r in reports:
        where = f"claims[{r.position}]"
        lines.append(f"- {where} {r.claim.metric_key}: {r.verdict} — {r.reason}")
        fixes = []
        if r.verdict is Verdict.FAIL:
            failed = next((c for c in r.checks if c.status is Status.FAIL), None)
            path = f"{where}.{failed.field}" if failed and failed.field else where
            fixes.append({"path": path, "fix": claim_fix(r)})
        lines += [f"  fix {f['path']}: {f['fix']}" for f in fixes]
        rows.append(
            {
                "position": r.position,
                "metric_key": r.claim.metric_key,
                "verdict": str(r.verdict),
                "reason": r.reason,
                "fixes": fixes,
            }
        )
    if counts.get("fail"):
        lines.append(_FAILED_TAIL)
    data = {"status": "checked", "run_id": run_id, "counts": counts, "claims": rows}
    return ToolReply("\n".join(lines), data)


def _gate_reply(result: GateResult) -> ToolReply:
    data: dict[str, Any] = {
        "outcome": "saved" if result.passed else result.outcome,
        "run_id": result.run_id,
        "rejections_in_a_row": result.rejections_in_a_row,
        "rejected": [c.to_dict() for c in result.rejected],
    }
    if result.passed:
        data["text"] = result.sanitized_text
        note = f" ({result.message})" if result.outcome == "disabled" else ""
        text = f"saved (run {result.run_id}){note}\n\n{result.sanitized_text}"
    else:
        text = f"{result.outcome} (run {result.run_id})\n\n{result.message}"
    return ToolReply(text, data)


# -- the MCP wiring -------------------------------------------------------------------------------


def build_server(tools: ToolServer) -> Server[Any]:
    """The SDK's low-level ``Server`` answering ``tools/list`` and ``tools/call`` from ``tools``."""
    import mcp.types as types
    from mcp.server.context import ServerRequestContext
    from mcp.server.lowlevel import Server

    from tieout import __version__

    listed = [
        types.Tool(name=s.name, description=s.description, input_schema=s.input_schema)
        for s in tools.tools()
    ]

    async def list_tools(
        ctx: ServerRequestContext[Any], params: types.PaginatedRequestParams | None
    ) -> types.ListToolsResult:
        return types.ListToolsResult(tools=listed)

    async def call_tool(
        ctx: ServerRequestContext[Any], params: types.CallToolRequestParams
    ) -> types.CallToolResult:
        try:
            reply = tools.call(params.name, params.arguments)
        except Exception as exc:  # the server outlives any one call; say what broke, in one line
            first = str(exc).splitlines()[0] if str(exc) else ""
            reply = ToolReply(
                f"{params.name}: internal error ({exc.__class__.__name__}) {first}".rstrip(),
                is_error=True,
            )
        return types.CallToolResult(
            content=[types.TextContent(type="text", text=reply.text)],
            structured_content=reply.data or None,
            is_error=reply.is_error,
        )

    return Server(
        SERVER_NAME,
        version=__version__,
        instructions=INSTRUCTIONS,
        on_list_tools=list_tools,
        on_call_tool=call_tool,
    )


def serve_stdio(
    db: str | None = None,
    config: str | Path | None = None,
    *,
    workflow: str | None = None,
    doc_ids: Sequence[str] = (),
) -> None:
    """Open the store at ``db`` and serve the tools over stdin/stdout until the client leaves."""
    import anyio
    from mcp.server.stdio import stdio_server

    from tieout.store import Store

    with Store.open(db) as store:
        server = build_server(ToolServer(store, config, workflow=workflow, doc_ids=doc_ids))

        async def run() -> None:
            async with stdio_server() as (read_stream, write_stream):
                await server.run(read_stream, write_stream, server.create_initialization_options())

        anyio.run(run)
