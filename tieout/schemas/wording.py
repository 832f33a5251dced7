"""How a claim's problems are worded: what was given, and how to write a value instead."""

from __future__ import annotations

import json
from decimal import Decimal

from tieout._vocab import scale_unit_name
from tieout.errors import UnitNotRecognised
from tieout.units import normalize_decimal, parse_unit

__all__ = ["describe", "not_json_text", "value_hint"]


def value_hint(given: object, unit_text: object) -> str:
    """How to write a value that arrived as something other than a number.

    The string is read with the one number grammar (``tieout.figures``), so "1.4M",
    "$1,400,000" and "32%" get the same reading here as anywhere else.
    """
    from tieout.figures.plain import parse_amount

    fallback = "write the figure as a JSON number, e.g. 1.4, or null with a missing_reason"
    if not isinstance(given, str):
        return fallback
    fig = parse_amount(given)
    if (
        fig is None
        or fig.value is None
        or fig.kind == "section"
        or fig.text.strip() != given.strip()
    ):
        return fallback
    number = format(normalize_decimal(fig.value / fig.scale), "f")
    if fig.kind == "percent":
        written = fig.value * 100 if fig.unit == "basis_point" else fig.value
        return (
            f"write {format(normalize_decimal(written), 'f')} and put the unit in unit ({fig.unit})"
        )
    code = fig.unit if fig.kind == "currency" else None
    if isinstance(unit_text, str):
        try:
            declared = parse_unit(unit_text)
        except UnitNotRecognised:
            pass
        else:
            code = declared.dimension if declared.kind == "currency" else code
    scale = scale_unit_name(fig.scale)
    if scale is not None:
        return f"write {number} and put the scale in unit ({code or 'USD'}_{scale})"
    number = format(normalize_decimal(fig.value), "f")  # a scale no unit names (10**8)
    if fig.kind == "currency":
        return f"write {number} and put the currency in unit ({code})"
    return f"write {number} without quotes"


def describe(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        shown = value if len(value) <= 60 else value[:57] + "..."
        return "string " + json.dumps(shown, ensure_ascii=False)
    if isinstance(value, int | float | Decimal):
        return f"number {value}"
    if isinstance(value, list):
        return "an array"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


def not_json_text(data: object) -> str:
    """What :func:`~tieout.schemas.parse_claims` says when given something other than text."""
    return (
        f"must be JSON text (str or bytes), got {type(data).__name__}; pass the file's "
        "text, e.g. parse_claims(Path('claims.json').read_bytes()), or give claim objects "
        "and dicts to check_claims"
    )
