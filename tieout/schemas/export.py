"""The published JSON Schema (draft 2020-12) of a claim set, generated from the models.

``python -m tieout.schemas.export`` rewrites the committed copy, ``claim.schema.json``;
a test fails when the two drift apart.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from tieout.schemas.claim import ClaimSet
from tieout.schemas.limits import MAX_DECIMAL_PLACES

__all__ = ["SCHEMA_PATH", "claim_set_json_schema", "main", "render_schema"]

SCHEMA_PATH = Path(__file__).with_name("claim.schema.json")
DRAFT_2020_12 = "https://json-schema.org/draft/2020-12/schema"


def claim_set_json_schema() -> dict[str, Any]:
    """The claim-set schema: ``{"claims": [...]}``, a bare list, or one claim object.

    Beyond field types it carries the conditional rule (``value: null`` needs
    ``missing_reason``; a number needs ``source_doc_id``, ``source_quote``,
    ``source_locator``). It cannot say ``period_start <= period_end``: JSON Schema has no
    way to compare two fields, so :func:`~tieout.schemas.parse_claims` checks that alone, as
    it does a value's decimal places (``multipleOf`` is unreliable on floats).
    """
    schema = ClaimSet.model_json_schema()
    schema["title"] = "tieout claim set"
    schema["description"] = (
        "Numeric claims, each tied to a source document, period, unit and verbatim quote. "
        'Accepted shapes: {"claims": [...]}, a bare list of claims, or one claim object. '
        "Also checked by tieout but not expressible here: period_start <= period_end, and "
        f"a value has at most {MAX_DECIMAL_PLACES} decimal places."
    )
    return {"$schema": DRAFT_2020_12, **schema}


def render_schema() -> str:
    """The schema as committed: sorted keys, indent 2, trailing newline."""
    return json.dumps(claim_set_json_schema(), indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def main(argv: list[str] | None = None) -> int:
    """Rewrite ``claim.schema.json`` (or the path given) from the models."""
    args = sys.argv[1:] if argv is None else argv
    target = Path(args[0]) if args else SCHEMA_PATH
    target.write_text(render_schema(), encoding="utf-8")
    print(f"wrote {target}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
