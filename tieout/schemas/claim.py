"""Claims: one figure an agent reports, with the document, period, unit and verbatim quote.

:func:`parse_claims` is the boundary: JSON text in, validated :class:`Claim` values out, or
one :class:`~tieout.errors.ClaimValidationError` listing every problem with the fix.

Values are exact. pydantic's ``validate_json`` reads a JSON number through a float, which
holds any number of up to 15 significant digits between 1e-307 and 1e308 without loss. A
document that may hold anything else (a run of 16+ digits anywhere in the text, a value
that overflowed, went subnormal, or came out zero where the text has a 3-digit negative
exponent) is re-read on a slower path with ``json.loads(parse_float=Decimal)``, and those
values are taken from that reading. Either way values come back in canonical form
(``1.40`` → ``Decimal('1.4')``, ``1E+6`` → ``Decimal('1000000')``).
"""

from __future__ import annotations

import functools
import json
import math
import re
from collections.abc import Mapping
from datetime import date
from decimal import MAX_EMAX, MAX_PREC, MIN_EMIN, Context, Decimal
from typing import Annotated, Any

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    GetCoreSchemaHandler,
    RootModel,
    TypeAdapter,
    ValidationError,
    ValidationInfo,
    WithJsonSchema,
    model_validator,
)
from pydantic_core import ErrorDetails, PydanticCustomError, core_schema

from tieout.errors import ClaimValidationError
from tieout.schemas.limits import (
    FIRST_DAY,
    LAST_DAY,
    MAX_DECIMAL_PLACES,
    MAX_INTEGER_DIGITS,
    TEXT_LIMITS,
    claim_value_problem,
    read_json_number,
    value_problem,
)
from tieout.schemas.locators import LOCATOR_DESCRIPTION
from tieout.schemas.wording import describe, not_json_text, value_hint
from tieout.units import ACCEPTED_FORMS, SCALES, normalize_decimal

__all__ = [
    "DATE_PATTERN",
    "METRIC_KEY_PATTERN",
    "Claim",
    "ClaimEnvelope",
    "ClaimSet",
    "parse_claims",
]

DATE_PATTERN = r"^(18|19|20|21)[0-9]{2}-[0-9]{2}-[0-9]{2}$"  # FIRST_DAY to LAST_DAY
METRIC_KEY_PATTERN = r"^[A-Za-z0-9_.:-]+$"
SOURCE_FIELDS = ("source_doc_id", "source_quote", "source_locator")

# What each field needs, said to whoever (or whatever) wrote the claim.
_HINTS: dict[str, str] = {
    "metric_key": "name the metric, e.g. cash_balance",
    "value": "give the number, or null with a missing_reason",
    "unit": "give the unit, e.g. USD, USD_millions, percent",
    "period_start": "give the first day of the period as YYYY-MM-DD",
    "period_end": "give the last day of the period as YYYY-MM-DD",
    "source_doc_id": "give the id of the document the value was taken from",
    "source_quote": "quote the sentence the value was taken from, verbatim",
    "source_locator": "say where in the document the quote is, e.g. 'section: Cash, paragraph 1'",
    "missing_reason": "explain what is missing: which document or figure could not be found",
}
#: The unit field's description in the published schema: the forms tieout reads.
UNIT_DESCRIPTION = (
    f"The unit, scale included: {', '.join(ACCEPTED_FORMS)} (… is a scale: "
    f"{', '.join(SCALES)}); a currency may also be its symbol ($, €, £ …)."
)
_REQUIRED_WHEN_NULL = "field required when value is null — " + _HINTS["missing_reason"]
_UNKNOWN_FIELD = "unknown field — remove it"
_NOT_A_NUMBER = "must be a JSON number or null, got {got}"
_DOCUMENT = "document"  # the path of problems with the document as a whole
_FLOAT_RANGE = "is out of float range; read it with tieout.schemas.parse_claims, which is exact"
_ZERO, _ONE = Decimal(0), Decimal(1)
_WIDE = Context(prec=MAX_PREC, Emax=MAX_EMAX, Emin=MIN_EMIN)

IsoDate = Annotated[
    date,
    Field(
        strict=True,
        ge=FIRST_DAY,
        le=LAST_DAY,
        json_schema_extra={"pattern": DATE_PATTERN},
    ),
]
TEXT_PATTERN = "^[^\\u0000]*$"  # no NUL: it ends strings in C and PostgreSQL text refuses it
# The schema states the no-NUL rule as a pattern; parse_claims enforces it with one scan of
# the raw bytes (a NUL can only arrive escaped, as \u0000), not a regex per string.
NonEmptyStr = Annotated[str, Field(min_length=1, json_schema_extra={"pattern": TEXT_PATTERN})]
_TEXT_FIELDS = ("unit", "source_doc_id", "source_quote", "source_locator", "missing_reason")
_NUL_MESSAGE = "must not contain the NUL character (\\u0000) — remove it"


def _claim_schema_extra(schema: dict[str, Any]) -> None:
    """Add the rule the field types cannot carry: null needs a reason, a number needs sources."""
    schema["description"] = (
        "One numeric claim. A number needs source_doc_id, source_quote (verbatim) and "
        "source_locator; if you cannot source it, set value to null and give missing_reason."
    )
    schema["if"] = {"properties": {"value": {"type": "null"}}, "required": ["value"]}
    schema["then"] = {
        "required": ["missing_reason"],
        "properties": {"missing_reason": {"type": "string"}},
    }
    schema["else"] = {
        "required": list(SOURCE_FIELDS),
        "properties": {field: {"type": "string"} for field in SOURCE_FIELDS},
    }
    schema["examples"] = [
        {
            "metric_key": "cash_balance",
            "value": 1.4,
            "unit": "USD_millions",
            "period_start": "2026-07-01",
            "period_end": "2026-07-31",
            "source_doc_id": "investor-update-2026-08",
            "source_quote": "Cash in bank at month end was $1.4M",
            "source_locator": "section: Cash and runway, paragraph 1",
        },
        {
            "metric_key": "net_burn",
            "value": None,
            "unit": "USD_thousands",
            "period_start": "2026-07-01",
            "period_end": "2026-07-31",
            "missing_reason": "no document provided covers July 2026 burn",
        },
    ]


def _python_number(value: object) -> Decimal:
    """A value given from Python: a finite Decimal, int or float (read through its repr)."""
    if isinstance(value, Decimal) and value.is_finite():
        return normalize_decimal(value)
    if isinstance(value, int) and not isinstance(value, bool):
        return Decimal(value)
    if isinstance(value, float) and math.isfinite(value):
        return normalize_decimal(Decimal(repr(value)))
    raise PydanticCustomError("claim_value", _NOT_A_NUMBER, {"got": describe(value)})


class _JsonNumber:
    """``value``'s validation: from JSON only a number (not a string, not a boolean).

    Built from pydantic-core schemas alone, so the hot path calls no Python per value: a
    strict int or float, then pydantic's own conversion to Decimal (exact for floats of up
    to 15 significant digits; :func:`parse_claims` routes longer numbers elsewhere).
    """

    @classmethod
    def __get_pydantic_core_schema__(
        cls, source: Any, handler: GetCoreSchemaHandler
    ) -> core_schema.CoreSchema:
        number = core_schema.union_schema(
            [
                core_schema.int_schema(strict=True),
                core_schema.float_schema(strict=True, allow_inf_nan=True),
            ],
            custom_error_type="claim_value",
            custom_error_message="must be a JSON number or null",
        )
        return core_schema.json_or_python_schema(
            json_schema=core_schema.chain_schema(
                [number, core_schema.decimal_schema(allow_inf_nan=True)]
            ),
            python_schema=core_schema.no_info_plain_validator_function(_python_number),
        )


class Claim(BaseModel):
    """One reported figure and where it came from (seed 003's claim object).

    A number needs ``source_doc_id``, ``source_quote`` and ``source_locator``; ``value: null``
    needs ``missing_reason`` instead. From JSON, dates are ``YYYY-MM-DD`` strings; from
    Python, ``datetime.date`` objects (strict, so a JSON reading never guesses at a date).
    Constructed from Python it raises pydantic's ``ValidationError`` (a ``ValueError``);
    :func:`parse_claims` is the boundary that turns problems into tieout errors.
    """

    model_config = ConfigDict(
        extra="forbid", frozen=True, defer_build=True, json_schema_extra=_claim_schema_extra
    )

    metric_key: Annotated[
        str, Field(pattern=METRIC_KEY_PATTERN, max_length=TEXT_LIMITS["metric_key"])
    ] = Field(description="Registry key of the metric, e.g. cash_balance.")
    value: Annotated[
        Annotated[Decimal, _JsonNumber] | None,
        WithJsonSchema(
            {
                "type": ["number", "null"],
                "description": "The figure as a JSON number (scale goes in unit), or null: "
                f"below 10^{MAX_INTEGER_DIGITS} in size, at most {MAX_DECIMAL_PLACES} "
                "decimal places.",
                "exclusiveMaximum": float(10**MAX_INTEGER_DIGITS),  # one spelling in every JSON
                "exclusiveMinimum": -float(10**MAX_INTEGER_DIGITS),
            }
        ),
    ]
    unit: NonEmptyStr = Field(description=UNIT_DESCRIPTION, max_length=TEXT_LIMITS["unit"])
    period_start: IsoDate = Field(description="First day of the period the value covers.")
    period_end: IsoDate = Field(description="Last day of the period the value covers.")
    source_doc_id: NonEmptyStr | None = Field(
        default=None, description=_HINTS["source_doc_id"], max_length=TEXT_LIMITS["source_doc_id"]
    )
    source_quote: NonEmptyStr | None = Field(
        default=None, description=_HINTS["source_quote"], max_length=TEXT_LIMITS["source_quote"]
    )
    source_locator: NonEmptyStr | None = Field(
        default=None, description=LOCATOR_DESCRIPTION, max_length=TEXT_LIMITS["source_locator"]
    )
    missing_reason: NonEmptyStr | None = Field(
        default=None,
        description="When value is null: " + _HINTS["missing_reason"],
        max_length=TEXT_LIMITS["missing_reason"],
    )

    @model_validator(mode="after")
    def _cross_field_rules(self, info: ValidationInfo) -> Claim:
        # Runs once per claim on the hot path: the common case is a handful of cheap tests.
        fields = self.__dict__
        value = fields["value"]
        in_range = True
        if value is None:
            sourced = fields["missing_reason"] is not None
        else:
            if not value.is_finite():
                # a JSON float that overflowed: redo on the exact path
                if not isinstance(info.context, dict) or not info.context.get("exact"):
                    raise PydanticCustomError("claim_value_float", _FLOAT_RANGE)
            elif not value:
                fields["value"] = _ZERO  # one spelling of zero (not -0.0, 0E+3)
                if isinstance(info.context, dict):
                    info.context["zero_seen"] = True
            elif value_problem(value) is not None:
                # reported by _rule_problems below; the exact path checks the exact value
                in_range = isinstance(info.context, dict) and info.context.get("exact") is True
            elif value == value.to_integral_value():
                fields["value"] = value.quantize(_ONE, context=_WIDE)  # 1.0 -> 1
            sourced = (
                in_range
                and fields["source_doc_id"] is not None
                and fields["source_quote"] is not None
                and fields["source_locator"] is not None
            )
        if sourced and fields["period_start"] <= fields["period_end"]:
            return self
        problems = _rule_problems(self.__dict__)
        text = "; ".join(f"{field}: {msg}" if field else msg for field, msg in problems)
        raise PydanticCustomError("claim_rules", "{text}", {"text": text})


class ClaimEnvelope(BaseModel):
    """The canonical claim-set shape: ``{"claims": [...]}``."""

    model_config = ConfigDict(
        extra="forbid",
        frozen=True,
        defer_build=True,
        json_schema_extra={"description": 'The canonical shape: {"claims": [...]}.'},
    )

    claims: list[Claim]


_Shapes = Annotated[ClaimEnvelope | list[Claim] | Claim, Field(union_mode="left_to_right")]


class ClaimSet(RootModel[_Shapes]):
    """Claims in any accepted shape: ``{"claims": [...]}``, a bare list, or one claim object."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    @property
    def claims(self) -> list[Claim]:
        """The claims, whatever the shape they arrived in."""
        root = self.root
        if isinstance(root, ClaimEnvelope):
            return list(root.claims)
        if isinstance(root, Claim):
            return [root]
        return list(root)


# ---------------------------------------------------------------------------------------------
# parsing

_DIGITS = bytes.maketrans(b"0123456789.", b"DDDDDDDDDDD")
_LONG_NUMBER = b"D" * 16
_EXPONENTS = bytes.maketrans(b"0123456789eE+-", b"DDDDDDDDDDeess")
_TINY_EXPONENT = b"DesDDD"  # 1e-400: a digit, an exponent, a sign, three digits


@functools.cache
def _adapter() -> TypeAdapter[ClaimSet]:
    return TypeAdapter(ClaimSet)


def _has_long_number(buf: bytes) -> bool:
    """Whether ``buf`` may hold a number of 16+ digits, which a float would round.

    False positives (a long digit run inside a string) only cost time.
    """
    return _LONG_NUMBER in buf.translate(_DIGITS)


def _may_underflow(buf: bytes) -> bool:
    """Whether a zero value may be a tiny number (1e-400) that a float turned into 0."""
    return _TINY_EXPONENT in buf.translate(_EXPONENTS)


class _NotJson(ValueError):
    pass


def _refuse_constant(name: str) -> object:
    raise _NotJson(f"{name} is not valid JSON — write a number or null")


def _keys_given_twice(buf: bytes) -> list[tuple[str, str]]:
    """A problem for each key given twice in one object (``{"value": 1, "value": 2}``),
    which every JSON reader settles silently by keeping the last: a claims file whose
    second ``"claims"`` is empty would check nothing and pass."""
    found: list[str] = []

    def pairs(items: list[tuple[str, object]]) -> dict[str, object]:
        seen: set[str] = set()
        for key, _ in items:
            if key in seen and key not in found:
                found.append(key)
            seen.add(key)
        return dict(items)

    if buf.count(b'"') < 4:
        return []  # no object holds two keys
    try:
        json.loads(buf, object_pairs_hook=pairs, parse_float=Decimal)
    except (ValueError, RecursionError):
        return []  # the parse above reported what is wrong
    return [(_DOCUMENT, f'the key "{key}" is given twice in one object; keep one') for key in found]


def _loads_exact(buf: bytes) -> object:
    return json.loads(
        buf,
        parse_float=read_json_number,
        parse_int=read_json_number,
        parse_constant=_refuse_constant,
    )


def parse_claims(data: str | bytes, source: str | None = None) -> list[Claim]:
    """Parse and validate a claim set from JSON text.

    Accepts ``{"claims": [...]}``, a bare list of claims, or a single claim object. Raises
    :class:`~tieout.errors.ClaimValidationError` listing every problem, each with its fix;
    ``source`` (a file name, say) prefixes the message.
    """
    if not isinstance(data, str | bytes | bytearray | memoryview):
        raise ClaimValidationError([("data", not_json_text(data))], source)
    buf = data.encode("utf-8", "surrogatepass") if isinstance(data, str) else bytes(data)
    buf = buf.removeprefix(b"\xef\xbb\xbf")
    claims = _parse(buf, source)
    twice = _keys_given_twice(buf)
    if twice:
        raise ClaimValidationError(twice, source)
    if b"\\u0000" in buf:
        problems = [
            (f"claims[{i}].{name}", _NUL_MESSAGE)
            for i, claim in enumerate(claims)
            for name in _TEXT_FIELDS
            if "\x00" in (getattr(claim, name) or "")
        ]
        if problems:
            raise ClaimValidationError(problems, source)
    return claims


def _parse(buf: bytes, source: str | None) -> list[Claim]:
    if not _has_long_number(buf):
        context: dict[str, bool] = {"exact": False}
        try:
            claims = _adapter().validate_json(buf, context=context).claims
        except ValidationError as exc:
            if not any(err["type"] == "claim_value_float" for err in exc.errors()):
                raise ClaimValidationError(_problems(exc, buf), source) from None
        else:
            if not (context.get("zero_seen") and _may_underflow(buf)):
                return claims
    return _parse_exact(buf, source)


def _parse_exact(buf: bytes, source: str | None) -> list[Claim]:
    """The slow path: every value read by ``json.loads(parse_float=Decimal)``."""
    try:
        raw = _loads_exact(buf)
    except (ValueError, RecursionError) as exc:
        raise ClaimValidationError(_json_problems(exc), source) from None
    try:
        claims = _adapter().validate_json(buf, context={"exact": True}).claims
    except ValidationError as exc:
        raise ClaimValidationError(_problems(exc, buf), source) from None
    out_of_range = _range_problems(raw)
    if out_of_range:
        raise ClaimValidationError(out_of_range, source)
    return [_patch_value(claim, item) for claim, item in zip(claims, _raw_claims(raw), strict=True)]


def _patch_value(claim: Claim, item: object) -> Claim:
    """The claim with its value as written in the JSON text, where the float lost digits."""
    given = item.get("value") if isinstance(item, dict) else None
    if not isinstance(given, Decimal | int) or isinstance(given, bool):
        return claim
    exact = normalize_decimal(Decimal(given))
    if claim.value == exact and claim.value.is_finite():
        return claim
    return claim.model_copy(update={"value": exact})


def _raw_claims(raw: object) -> list[object]:
    if isinstance(raw, list):
        return raw
    if isinstance(raw, dict):
        return list(raw["claims"]) if isinstance(raw.get("claims"), list) else [raw]
    return []


# ---------------------------------------------------------------------------------------------
# problems: pydantic's errors, rewritten to name the field and the fix


def _json_problems(exc: BaseException) -> list[tuple[str, str]]:
    if isinstance(exc, json.JSONDecodeError):
        return [(f"line {exc.lineno}, column {exc.colno}", f"{exc.msg} — not valid JSON")]
    if isinstance(exc, UnicodeDecodeError):
        return [(_DOCUMENT, f"is not UTF-8 text ({exc.reason} at byte {exc.start})")]
    if isinstance(exc, RecursionError):
        return [(_DOCUMENT, "is nested too deeply")]
    return [(_DOCUMENT, str(exc))]


_RECOMPUTED = ("claim_rules", "claim_value_float")  # rules are re-checked on the raw JSON
_SHAPES: dict[str, Any] = {"envelope": ClaimEnvelope, "list": list[Claim], "claim": Claim}


@functools.cache
def _shape_adapter(shape: str) -> TypeAdapter[Any]:
    return TypeAdapter(_SHAPES[shape])


def _shape_errors(shape: str, buf: bytes) -> list[ErrorDetails]:
    """The errors of one shape alone, so their locations carry no union member names."""
    try:
        _shape_adapter(shape).validate_json(buf, context={"exact": True})
    except ValidationError as exc:
        return exc.errors(include_url=False)
    return []


_SHAPE_HELP = 'must be an object {"claims": [...]}, a list of claims, or one claim object'


def _problems(exc: ValidationError, buf: bytes) -> list[tuple[str, str]]:
    """Every problem in the document, in document order, each as (path, message)."""
    errors = exc.errors(include_url=False)
    try:
        raw = _loads_exact(buf)
    except (ValueError, RecursionError) as json_exc:
        return _json_problems(json_exc)
    if any(err["type"] == "json_invalid" for err in errors):
        # json.loads accepts what pydantic refuses: a number of thousands of digits, say
        return _range_problems(raw) or [(_DOCUMENT, errors[0]["msg"])]
    prefix: tuple[str | int, ...]
    if isinstance(raw, list):
        shape, prefix = "list", ("claims",)
    elif isinstance(raw, dict):
        shape, prefix = ("envelope", ()) if "claims" in raw else ("claim", ("claims", 0))
    else:
        return [(_DOCUMENT, f"{_SHAPE_HELP}; got {describe(raw)}")]
    items = _raw_claims(raw)
    by_claim: dict[int, list[tuple[str, str]]] = {}
    for err in _shape_errors(shape, buf):
        if err["type"] in _RECOMPUTED:
            continue
        path = (*prefix, *err["loc"])
        index = path[1] if len(path) > 1 and isinstance(path[1], int) else -1
        item = items[index] if 0 <= index < len(items) else None
        by_claim.setdefault(index, []).append((_path(path), _message(err, path, item)))
    for index, item in enumerate(items):
        if isinstance(item, dict):
            for field, msg in _rule_problems(item):
                where = f"claims[{index}].{field}" if field else f"claims[{index}]"
                by_claim.setdefault(index, []).append((where, msg))
    problems = [problem for index in sorted(by_claim) for problem in by_claim[index]]
    # never an empty list: fall back to pydantic's own wording
    return problems or [(_path(tuple(err["loc"])), str(err["msg"])) for err in errors]


def _path(loc: tuple[int | str, ...]) -> str:
    if not loc:
        return _DOCUMENT
    out = str(loc[0])
    for part in loc[1:]:
        out += f"[{part}]" if isinstance(part, int) else f".{part}"
    return out


def _message(err: ErrorDetails, path: tuple[int | str, ...], item: object) -> str:
    kind, given = err["type"], err.get("input")
    field = path[2] if len(path) == 3 and isinstance(path[2], str) else None
    if kind == "extra_forbidden":
        return _UNKNOWN_FIELD
    if len(path) == 2 and isinstance(path[1], int):  # the claim itself is not an object
        return f"must be a claim object, got {describe(given)}"
    if path == ("claims",):
        return f"must be a list of claim objects, got {describe(given)}"
    if field is None:
        return str(err["msg"])
    if kind == "missing":
        return f"field required — {_HINTS[field]}" if field in _HINTS else "field required"
    if kind == "claim_value":
        unit = item.get("unit") if isinstance(item, dict) else None
        return f"{_NOT_A_NUMBER.format(got=describe(given))} — {value_hint(given, unit)}"
    if kind == "string_type":
        return f"must be a string, got {describe(given)}"
    if kind == "string_too_short":
        return f"must not be empty — {_HINTS.get(field, 'give a value')}"
    if kind == "string_pattern_mismatch":
        return f"must be letters, digits and _ . : - only (no spaces), got {describe(given)}"
    if kind == "string_too_long":
        return f"is {len(str(given)):,} characters long, over the limit of {err['ctx']['max_length']:,} — shorten it"
    if kind in ("greater_than_equal", "less_than_equal") and field.startswith("period"):
        return f"{given} is outside the dates tieout reads ({FIRST_DAY} to {LAST_DAY})"
    if kind.startswith("date"):
        return f"must be a calendar date written YYYY-MM-DD, got {describe(given)}"
    return str(err["msg"])


# ---------------------------------------------------------------------------------------------
# the cross-field rules, shared by the model and by error reporting on raw JSON


def _as_date(value: object) -> date | None:
    if isinstance(value, date):
        return value
    if isinstance(value, str) and re.fullmatch(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", value):
        try:
            return date.fromisoformat(value)
        except ValueError:
            return None
    return None


def _range_problems(raw: object) -> list[tuple[str, str]]:
    """A problem for each claim in a ``json.loads`` reading whose value is out of range."""
    return [
        (f"claims[{i}].value", problem)
        for i, item in enumerate(_raw_claims(raw))
        if isinstance(item, dict)
        and (problem := claim_value_problem(item.get("value"))) is not None
    ]


def _rule_problems(fields: Mapping[str, object]) -> list[tuple[str | None, str]]:
    """Problems that involve more than one field, as (field or None, message)."""
    problems: list[tuple[str | None, str]] = []
    if "value" in fields:
        problem = claim_value_problem(fields["value"])
        if problem is not None:
            problems.append(("value", problem))
        if fields["value"] is None:
            if fields.get("missing_reason") is None:
                problems.append(("missing_reason", _REQUIRED_WHEN_NULL))
        else:
            problems.extend(
                (field, f"field required — {_HINTS[field]}")
                for field in SOURCE_FIELDS
                if fields.get(field) is None
            )
    start, end = _as_date(fields.get("period_start")), _as_date(fields.get("period_end"))
    if start is not None and end is not None and start > end:
        problems.append((None, f"period_start {start} is after period_end {end}"))
    return problems
