"""The Python API refuses an argument of the wrong type with a TieoutError that names the
argument and the fix, never a raw TypeError, AttributeError or OverflowError; the same on
SQLite and PostgreSQL."""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import date
from typing import Any

import pytest

import tieout
from tieout.errors import ClaimValidationError, InputError, NotFound, TieoutError
from tieout.schemas import MetricDefinition
from tieout.store import Store

DOC = tieout.Document.from_text("d", "Revenue was $4.2 million.")
NOT_DOCUMENTS = (
    "check_claims: documents must be Document objects (a list of them, or a dict by doc_id), "
    "got {got}; build one with tieout.Document.from_text(doc_id, text) or "
    "tieout.Document.from_file(path)"
)
NOT_TEXT = (
    "data: must be JSON text (str or bytes), got {got}; pass the file's text, e.g. "
    "parse_claims(Path('claims.json').read_bytes()), or give claim objects and dicts to "
    "check_claims"
)
CASES: list[tuple[str, Callable[[], object], type[TieoutError], str]] = [
    ("parse_claims(None)", lambda: tieout.parse_claims(None), ClaimValidationError, NOT_TEXT.format(got="NoneType")),  # type: ignore[arg-type]
    ("parse_claims(123)", lambda: tieout.parse_claims(123), ClaimValidationError, NOT_TEXT.format(got="int")),  # type: ignore[arg-type]
    ("documents='x'", lambda: tieout.check_claims([], "x"), InputError, NOT_DOCUMENTS.format(got="str")),  # type: ignore[arg-type]
    ("documents=None", lambda: tieout.check_claims([], None), InputError, NOT_DOCUMENTS.format(got="NoneType")),  # type: ignore[arg-type]
    ("documents=[1]", lambda: tieout.check_claims([], [1]), InputError, NOT_DOCUMENTS.format(got="an item of type int")),  # type: ignore[list-item]
    ("claims=None", lambda: tieout.check_claims(None, [DOC]), InputError,  # type: ignore[arg-type]
     "check_claims: claims must be a list of Claim objects or dicts, got NoneType; for JSON "
     "text, pass tieout.parse_claims(text)"),
    ("claims=['x']", lambda: tieout.check_claims(["x"], [DOC]), InputError,  # type: ignore[list-item]
     "check_claims: claims[0] must be a Claim or a dict, got str"),
    ("from_text(text=None)", lambda: tieout.Document.from_text("d", None), InputError,  # type: ignore[arg-type]
     "Document.from_text: text must be a str, got NoneType; read a file with "
     "Document.from_file(path)"),
    ("Registry.metric_as_of(None)", lambda: tieout.Registry().metric_as_of(None, date(2026, 1, 1)),  # type: ignore[arg-type]
     InputError, "metric_key must be a string such as 'cash_balance', got NoneType"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("call", "error", "message"), [c[1:] for c in CASES], ids=[c[0] for c in CASES]
)
def test_a_wrong_type_is_a_tieout_error_naming_the_argument(
    call: Callable[[], object], error: type[TieoutError], message: str
) -> None:
    with pytest.raises(error, match=f"^{re.escape(message)}$"):
        call()


def test_store_look_ups_refuse_wrong_types_and_unknown_huge_ids(store: Store) -> None:
    with pytest.raises(InputError, match=r"^metric_key must be a string"):
        store.metric_as_of(None, date(2026, 1, 1))  # type: ignore[arg-type]
    with pytest.raises(InputError, match=r"must be a datetime\.date, got str"):
        store.metric_as_of("cash_balance", "2026-01-01")  # type: ignore[arg-type]
    huge = 99999999999999999999999
    unknown = f"claim {huge} is not stored (see `tieout review list` for claim ids)"
    with pytest.raises(NotFound, match=f"^{re.escape(unknown)}$"):
        store.get_claim(huge)
    with pytest.raises(NotFound, match=f"^{re.escape(unknown)}$"):
        store.override_claim(huge, "pass", reason="checked", reviewer="ana")
    with pytest.raises(InputError, match=f"^no review queue item {huge};"):
        store.resolve_queue_item(huge, "resolved", "done", "ana")


def test_a_nul_in_a_definition_is_refused_the_same_on_both_backends(store: Store) -> None:
    row: dict[str, Any] = {
        "metric_key": "cash_balance",
        "definition": "Cash\x00 at bank",
        "unit": "USD",
        "period_start": "2026-07-01",
        "period_end": "2026-07-31",
        "source_doc_id": "d",
        "effective_from": "2026-01-01",
    }
    with pytest.raises(InputError, match=r"definition: must not contain the NUL character"):
        store.set_metric(MetricDefinition.from_mapping(row))
    assert store.metric_history("cash_balance") == []
