"""Validated values at tieout's boundaries: claims, metric definitions, and their JSON Schema."""

from __future__ import annotations

from typing import Any

from tieout.schemas.claim import Claim, ClaimSet, parse_claims
from tieout.schemas.metric import MetricDefinition

__all__ = ["Claim", "ClaimSet", "MetricDefinition", "claim_set_json_schema", "parse_claims"]


def claim_set_json_schema() -> dict[str, Any]:
    """The published JSON Schema (draft 2020-12) of a claim set; see :mod:`tieout.schemas.export`."""
    # imported here so that `python -m tieout.schemas.export` does not find it pre-imported
    from tieout.schemas.export import claim_set_json_schema as build

    return build()
