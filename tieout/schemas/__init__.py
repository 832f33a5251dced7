"""Validated values at tieout's boundaries: claims, metric definitions, and their JSON Schema."""

from __future__ import annotations

from tieout.schemas.claim import Claim, ClaimSet, parse_claims
from tieout.schemas.export import claim_set_json_schema
from tieout.schemas.metric import MetricDefinition

__all__ = ["Claim", "ClaimSet", "MetricDefinition", "claim_set_json_schema", "parse_claims"]
