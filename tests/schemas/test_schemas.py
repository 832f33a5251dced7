"""tieout.schemas: claims parsed exactly, problems worded with their fix, the published schema."""

from __future__ import annotations

import json
import re
from datetime import date, timedelta
from decimal import Decimal
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

from tieout.errors import ClaimValidationError, InputError
from tieout.schemas import (
    Claim,
    ClaimSet,
    MetricDefinition,
    claim_set_json_schema,
    parse_claims,
)
from tieout.schemas.export import SCHEMA_PATH, render_schema

SEED_EXAMPLE = """{
  "metric_key": "cash_balance",
  "value": 1.4,
  "unit": "USD_millions",
  "period_start": "2026-07-01",
  "period_end": "2026-07-31",
  "source_doc_id": "investor-update-2026-08",
  "source_quote": "Cash in bank at month end was $1.4M",
  "source_locator": "section: Cash and runway, paragraph 1"
}"""
GOOD: dict[str, Any] = json.loads(SEED_EXAMPLE)
MISSING: dict[str, Any] = {
    "metric_key": "net_burn",
    "value": None,
    "unit": "USD_thousands",
    "period_start": "2026-07-01",
    "period_end": "2026-07-31",
    "missing_reason": "no provided document covers July burn",
}


def problems_of(data: str | bytes) -> list[str]:
    with pytest.raises(ClaimValidationError) as caught:
        parse_claims(data)
    return [f"{path}: {message}" for path, message in caught.value.problems]


# --------------------------------------------------------------------------------------------
# accepted input


def test_a_key_given_twice_is_refused() -> None:
    # every JSON reader keeps the last: a second, empty "claims" checked nothing and passed
    one = SEED_EXAMPLE.strip()
    assert problems_of(f'{{"claims": [{one}], "claims": []}}') == [
        'document: the key "claims" is given twice in one object; keep one'
    ]
    twice = one.replace('"value": 1.4,', '"value": 1.4, "value": 14,')
    assert problems_of(f"[{twice}]") == [
        'document: the key "value" is given twice in one object; keep one'
    ]


def test_seed_003_example_is_accepted() -> None:
    (claim,) = parse_claims(SEED_EXAMPLE)
    assert claim == Claim(
        metric_key="cash_balance",
        value=Decimal("1.4"),
        unit="USD_millions",
        period_start=date(2026, 7, 1),
        period_end=date(2026, 7, 31),
        source_doc_id="investor-update-2026-08",
        source_quote="Cash in bank at month end was $1.4M",
        source_locator="section: Cash and runway, paragraph 1",
    )
    assert claim.missing_reason is None


def test_the_three_shapes_give_the_same_claims() -> None:
    claims = [GOOD, MISSING]
    as_envelope = parse_claims(json.dumps({"claims": claims}))
    assert as_envelope == parse_claims(json.dumps(claims))
    assert as_envelope[:1] == parse_claims(json.dumps(GOOD).encode())
    assert [c.metric_key for c in as_envelope] == ["cash_balance", "net_burn"]
    assert as_envelope[1].value is None
    assert parse_claims("[]") == parse_claims('{"claims": []}') == []


def test_claim_set_model_accepts_every_shape() -> None:
    for doc in ({"claims": [GOOD]}, [GOOD], GOOD):
        assert ClaimSet.model_validate_json(json.dumps(doc)).claims[0].value == Decimal("1.4")


def test_claims_are_frozen() -> None:
    (claim,) = parse_claims(SEED_EXAMPLE)
    with pytest.raises(ValueError, match="frozen"):
        claim.value = Decimal(2)  # type: ignore[misc]


@pytest.mark.parametrize(
    ("literal", "expected"),
    [
        ("0.1", "0.1"),
        ("1.4", "1.4"),
        ("1e-7", "1E-7"),
        ("12345678901234567890.123", "12345678901234567890.123"),
        ("1.40000000000000001", "1.40000000000000001"),  # a float would say 1.4
        ("0.30000000000000004", "0.30000000000000004"),
        ("1.40", "1.4"),
        ("1.0", "1"),
        ("1E+6", "1000000"),
        ("610", "610"),
        ("-0.0", "0"),
        ("123456789012345678901234", "123456789012345678901234"),  # 24 digits: the most
        ("-999999999999999999999999.5", "-999999999999999999999999.5"),
        ("0.00000000000000000001", "1E-20"),  # 20 decimal places: the most
        ("1.000000000000000000000000", "1"),  # trailing zeros are no decimal places
    ],
)
def test_values_are_read_exactly_from_the_json_text(literal: str, expected: str) -> None:
    doc = SEED_EXAMPLE.replace('"value": 1.4', f'"value": {literal}')
    (claim,) = parse_claims(doc)
    assert claim.value == Decimal(literal)
    assert str(claim.value) == expected


def test_exact_path_keeps_other_claims_and_their_values() -> None:
    long_value = dict(GOOD, value=1)
    text = json.dumps([GOOD, long_value, MISSING]).replace(
        '"value": 1,', '"value": 98765432109876543210.5,'
    )
    claims = parse_claims(text)
    assert [c.value for c in claims] == [
        Decimal("1.4"),
        Decimal("98765432109876543210.5"),
        None,
    ]


def test_long_digit_run_inside_a_string_changes_nothing() -> None:
    doc = dict(GOOD, source_quote="Account 12345678901234567890 held $1.4M")
    (claim,) = parse_claims(json.dumps(doc))
    assert (claim.value, claim.source_quote) == (Decimal("1.4"), doc["source_quote"])


def test_python_construction_normalises_and_checks_rules() -> None:
    claim = Claim.model_validate(
        dict(
            GOOD, value=Decimal("1.40"), period_start=date(2026, 7, 1), period_end=date(2026, 7, 31)
        )
    )
    assert str(claim.value) == "1.4"
    with pytest.raises(ValueError, match="source_quote: field required"):
        Claim.model_validate({**claim.model_dump(), "source_quote": None})


# --------------------------------------------------------------------------------------------
# refused input: every problem, each with its fix


def test_spec_messages_exactly() -> None:
    bad = [
        dict(GOOD, value="1.4M"),
        dict(GOOD, period_start="2026-08-01"),
        dict(GOOD, colour="blue"),
        {k: v for k, v in GOOD.items() if k != "source_quote"},
    ]
    assert problems_of(json.dumps({"claims": bad})) == [
        'claims[0].value: must be a JSON number or null, got string "1.4M" — '
        "write 1.4 and put the scale in unit (USD_millions)",
        "claims[1]: period_start 2026-08-01 is after period_end 2026-07-31",
        "claims[2].colour: unknown field — remove it",
        "claims[3].source_quote: field required — "
        "quote the sentence the value was taken from, verbatim",
    ]


def test_malformed_json_names_line_and_column() -> None:
    text = '{"claims": [\n  {"metric_key": "a"}\n    "b"\n]}'
    with pytest.raises(ClaimValidationError) as caught:
        parse_claims(text, source="reply.json")
    assert caught.value.problems == [
        ("line 3, column 5", "Expecting ',' delimiter — not valid JSON")
    ]
    assert str(caught.value) == (
        "reply.json: line 3, column 5: Expecting ',' delimiter — not valid JSON"
    )
    assert isinstance(caught.value, InputError)


def test_all_problems_are_collected_in_document_order() -> None:
    bad = [
        GOOD,
        dict(MISSING, missing_reason=None),
        dict(GOOD, value=True, metric_key="cash balance", unit="", period_end="July 2026"),
        "a claim",
        {"metric_key": "x"},
    ]
    assert problems_of(json.dumps(bad)) == [
        "claims[1].missing_reason: field required when value is null — "
        "explain what is missing: which document or figure could not be found",
        "claims[2].metric_key: must be letters, digits and _ . : - only (no spaces), "
        'got string "cash balance"',
        "claims[2].value: must be a JSON number or null, got true — "
        "write the figure as a JSON number, e.g. 1.4, or null with a missing_reason",
        "claims[2].unit: must not be empty — give the unit, e.g. USD, USD_millions, percent",
        'claims[2].period_end: must be a calendar date written YYYY-MM-DD, got string "July 2026"',
        'claims[3]: must be a claim object, got string "a claim"',
        "claims[4].value: field required — give the number, or null with a missing_reason",
        "claims[4].unit: field required — give the unit, e.g. USD, USD_millions, percent",
        "claims[4].period_start: field required — give the first day of the period as YYYY-MM-DD",
        "claims[4].period_end: field required — give the last day of the period as YYYY-MM-DD",
    ]


@pytest.mark.parametrize(
    ("value", "unit", "hint"),
    [
        ('"1.4M"', "USD", "write 1.4 and put the scale in unit (USD_millions)"),
        ('"€2.5bn"', "EUR", "write 2.5 and put the scale in unit (EUR_billions)"),
        ('"610k"', "GBP_thousands", "write 610 and put the scale in unit (GBP_thousands)"),
        ('"32%"', "percent", "write 32 and put the unit in unit (percent)"),
        ('"$1,400"', "USD", "write 1400 and put the currency in unit (USD)"),
        ('"1.4"', "USD_millions", "write 1.4 without quotes"),
        # a scale no unit names: the whole amount, never 12.5 rupees
        ('"Rs. 12.5 crore"', "INR", "write 12.5 and put the scale in unit (INR_crores)"),
        (
            '"n/a"',
            "USD",
            "write the figure as a JSON number, e.g. 1.4, or null with a missing_reason",
        ),
    ],
)
def test_value_given_as_text_gets_a_concrete_fix(value: str, unit: str, hint: str) -> None:
    doc = json.dumps(dict(GOOD, unit=unit)).replace('"value": 1.4', f'"value": {value}')
    (problem,) = problems_of(doc)
    assert problem.endswith(" — " + hint)


@pytest.mark.parametrize(
    "given",
    [
        "2026-02-30",
        "2026-7-1",
        "20260701",
        "2026-07-01T00:00:00",
        "2026-07-01Z",
        "２０２６-07-01",
        20260701,
        None,
    ],
)
def test_dates_must_be_iso_calendar_dates(given: object) -> None:
    (problem,) = problems_of(json.dumps(dict(GOOD, period_start=given)))
    assert problem == (
        "claims[0].period_start: must be a calendar date written YYYY-MM-DD, got "
        + (
            "null"
            if given is None
            else f"number {given}"
            if isinstance(given, int)
            else "string " + json.dumps(given, ensure_ascii=False)
        )
    )


_TOO_LARGE = (
    "claims[0].value: is too large (10^24 or more) — a value has at most 24 digits before the "
    "decimal point and 20 after it; put the scale in unit (USD_billions) instead"
)
_TOO_FINE = (
    "claims[0].value: has more than 20 digits after the decimal point — a value has at most "
    "24 digits before the decimal point and 20 after it"
)


@pytest.mark.parametrize(
    ("literal", "problem"),
    [
        ("1e5000", _TOO_LARGE),
        ("1e1000000", _TOO_LARGE),
        ("-1e400", _TOO_LARGE),
        ("1e24", _TOO_LARGE),
        ("1" + "0" * 5000, _TOO_LARGE),  # an integer int() would refuse to read
        ("1e99999999999999999999", _TOO_LARGE),  # beyond what a Decimal holds
        ("1e-1000000", _TOO_FINE),
        ("1e-10000000", _TOO_FINE),
        ("2.5e-400", _TOO_FINE),
        ("5e-324", _TOO_FINE),
        ("0.000000000000000000001", _TOO_FINE),
        ("-1e-99999999999999999999", _TOO_FINE),
    ],
)
def test_values_beyond_what_finance_needs_are_refused_in_a_short_line(
    literal: str, problem: str
) -> None:
    assert problems_of(SEED_EXAMPLE.replace('"value": 1.4', f'"value": {literal}')) == [problem]


@pytest.mark.parametrize(
    ("field", "day"),
    [
        ("period_end", "9999-12-31"),
        ("period_end", "2200-01-01"),
        ("period_start", "0001-01-01"),
        ("period_start", "1799-12-31"),
    ],
)
def test_dates_beyond_what_finance_needs_are_refused(field: str, day: str) -> None:
    assert problems_of(json.dumps(dict(GOOD, **{field: day}))) == [
        f"claims[0].{field}: {day} is outside the dates tieout reads (1800-01-01 to 2199-12-31)"
    ]


def test_the_first_and_last_day_are_read() -> None:
    (claim,) = parse_claims(
        json.dumps(dict(GOOD, period_start="1800-01-01", period_end="2199-12-31"))
    )
    assert (claim.period_start, claim.period_end) == (date(1800, 1, 1), date(2199, 12, 31))


@pytest.mark.parametrize(
    ("field", "limit"),
    [
        ("metric_key", 200),
        ("unit", 100),
        ("source_doc_id", 200),
        ("source_quote", 5_000),
        ("source_locator", 1_000),
        ("missing_reason", 2_000),
    ],
)
def test_text_fields_have_a_size_limit(field: str, limit: int) -> None:
    base = MISSING if field == "missing_reason" else GOOD
    assert parse_claims(json.dumps(dict(base, **{field: "a" * limit})))  # the limit itself
    assert problems_of(json.dumps(dict(base, **{field: "a" * 10_000_000}))) == [
        f"claims[0].{field}: is 10,000,000 characters long, over the limit of {limit:,} — "
        "shorten it"
    ]


def test_python_construction_refuses_the_same_values_and_dates() -> None:
    fields = dict(GOOD, period_start=date(2026, 7, 1), period_end=date(2026, 7, 31))
    with pytest.raises(ValueError, match=r"value: is too large \(10\^24 or more\)"):
        Claim.model_validate(dict(fields, value=Decimal("1e30")))
    with pytest.raises(ValueError, match="has more than 20 digits after the decimal point"):
        Claim.model_validate(dict(fields, value=Decimal("1e-1000000")))
    with pytest.raises(ValueError, match="less than or equal to 2199-12-31"):
        Claim.model_validate(dict(fields, period_end=date(9999, 12, 31)))


def test_document_level_problems() -> None:
    assert problems_of("5") == [
        'document: must be an object {"claims": [...]}, a list of claims, or one claim object; '
        "got number 5"
    ]
    assert problems_of('{"claims": {}, "note": 1}') == [
        "claims: must be a list of claim objects, got an object",
        "note: unknown field — remove it",
    ]
    assert problems_of("") == ["line 1, column 1: Expecting value — not valid JSON"]
    assert problems_of(SEED_EXAMPLE.replace("1.4", "NaN")) == [
        "document: NaN is not valid JSON — write a number or null"
    ]
    assert problems_of(b"\xff") == ["document: is not UTF-8 text (invalid start byte at byte 0)"]


def test_error_message_counts_the_other_problems() -> None:
    with pytest.raises(ClaimValidationError) as caught:
        parse_claims(json.dumps([dict(GOOD, unit=""), dict(GOOD, colour=1), {}]), source="r.json")
    assert str(caught.value) == (
        "r.json: claims[0].unit: must not be empty — give the unit, e.g. USD, USD_millions, "
        "percent (and 6 more problems)"
    )


# --------------------------------------------------------------------------------------------
# the published JSON Schema


def test_committed_schema_matches_the_models() -> None:
    assert SCHEMA_PATH.read_text(encoding="utf-8") == render_schema(), (
        "tieout/schemas/claim.schema.json is out of date; regenerate it with "
        "`python -m tieout.schemas.export`"
    )


def test_schema_is_draft_2020_12_with_the_conditional_rules() -> None:
    schema = claim_set_json_schema()
    Draft202012Validator.check_schema(schema)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    claim = schema["$defs"]["Claim"]
    assert claim["additionalProperties"] is False
    assert claim["then"]["required"] == ["missing_reason"]
    assert claim["else"]["required"] == ["source_doc_id", "source_quote", "source_locator"]
    assert claim["properties"]["period_end"]["format"] == "date"
    assert (
        claim["properties"]["period_end"]["pattern"] == "^(18|19|20|21)[0-9]{2}-[0-9]{2}-[0-9]{2}$"
    )
    validator = Draft202012Validator(schema, format_checker=Draft202012Validator.FORMAT_CHECKER)
    for example in claim["examples"]:
        assert validator.is_valid(example)
        assert parse_claims(json.dumps(example))


# Hypothesis: the schema and parse_claims accept and refuse the same documents. The one rule
# JSON Schema cannot express, period_start <= period_end, is checked on the side.

FIELDS = (
    "metric_key",
    "value",
    "unit",
    "period_start",
    "period_end",
    "source_doc_id",
    "source_quote",
    "source_locator",
    "missing_reason",
)
TEXTS = st.text(min_size=1, max_size=12)
JSON_SCALARS = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(10**30), max_value=10**30)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=6)
)
ANY_JSON = st.recursive(
    JSON_SCALARS,
    lambda inner: (
        st.lists(inner, max_size=2) | st.dictionaries(st.text(max_size=4), inner, max_size=2)
    ),
    max_leaves=4,
)
# Invalid keys avoid a trailing newline: Python's `re` (used by jsonschema) lets `$` match
# before one, ECMA-262 and pydantic's regex engine do not; tieout refuses "cash\n".
BAD_KEYS = st.sampled_from(["", "cash balance", " cash", "cash/flow", "现金", "a\tb", "é"])
BAD_DATES = st.sampled_from(
    [
        "2026-02-30",
        "2026-7-1",
        "July 2026",
        "20260701",
        "2026-07-01T00:00:00",
        "0000-01-01",
        "2026-13-01",
        "",
        "２０２６-07-01",
    ]
)
VALUES = (
    st.none()
    | st.integers(min_value=-(10**25), max_value=10**25)
    | st.floats(allow_nan=False, allow_infinity=False)
)
MUTATIONS = st.sampled_from(
    [
        "drop",
        "drop_source",
        "drop_reason",
        "wrong_type",
        "null_value",
        "extra",
        "bad_date",
        "swap_dates",
        "empty",
        "bad_key",
        "value_text",
    ]
)


@st.composite
def claim_dicts(draw: st.DrawFn) -> dict[str, Any]:
    start = draw(st.dates(min_value=date(1000, 1, 1), max_value=date(9998, 1, 1)))
    order = draw(st.sampled_from([-1, 0, 1, 1, 1, 1]))  # sometimes ends before it starts
    end = start + order * timedelta(days=draw(st.integers(1, 366)))
    claim: dict[str, Any] = {
        "metric_key": draw(st.from_regex(r"\A[A-Za-z0-9_.:-]{1,12}\Z")),
        "value": draw(VALUES),
        "unit": draw(st.sampled_from(["USD", "USD_millions", "percent", "count"]) | TEXTS),
        "period_start": start.isoformat(),
        "period_end": end.isoformat(),
    }
    if claim["value"] is None or draw(st.booleans()):
        claim["missing_reason"] = draw(TEXTS)
    if claim["value"] is not None or draw(st.booleans()):
        for field in ("source_doc_id", "source_quote", "source_locator"):
            claim[field] = draw(TEXTS)
    for mutation in draw(st.lists(MUTATIONS, max_size=2)):
        field = draw(st.sampled_from(FIELDS))
        if mutation == "drop":
            claim.pop(field, None)
        elif mutation == "drop_source":
            claim.pop(draw(st.sampled_from(FIELDS[5:8])), None)
        elif mutation == "drop_reason":
            claim.pop("missing_reason", None)
        elif mutation == "wrong_type":
            claim[field] = draw(ANY_JSON)
        elif mutation == "null_value":
            claim["value"] = None
            if draw(st.booleans()):
                claim.pop("missing_reason", None)
        elif mutation == "extra":
            claim[draw(st.text(min_size=1, max_size=6).filter(lambda k: k not in FIELDS))] = 1
        elif mutation == "bad_date":
            claim[draw(st.sampled_from(["period_start", "period_end"]))] = draw(BAD_DATES)
        elif mutation == "swap_dates" and {"period_start", "period_end"} <= claim.keys():
            claim["period_start"], claim["period_end"] = claim["period_end"], claim["period_start"]
        elif mutation == "empty":
            claim[field] = ""
        elif mutation == "bad_key":
            claim["metric_key"] = draw(BAD_KEYS)
        elif mutation == "value_text":
            claim["value"] = draw(st.sampled_from(["1.4M", "1.4", "32%", ""]))
    return claim


@st.composite
def documents(draw: st.DrawFn) -> Any:
    items = draw(
        st.lists(claim_dicts() | ANY_JSON.filter(lambda x: not isinstance(x, dict)), max_size=3)
    )
    shape = draw(
        st.sampled_from(
            [
                "envelope",
                "envelope",
                "list",
                "list",
                "single",
                "extra_key",
                "claims_not_list",
                "nested",
                "scalar",
            ]
        )
    )
    if shape == "envelope":
        return {"claims": items}
    if shape == "list":
        return items
    if shape == "single":
        return draw(claim_dicts())
    if shape == "extra_key":
        return {"claims": items, draw(st.sampled_from(["note", "claim"])): 1}
    if shape == "claims_not_list":
        return {"claims": draw(ANY_JSON.filter(lambda x: not isinstance(x, list)))}
    if shape == "nested":
        return [{"claims": items}] if draw(st.booleans()) else {"claims": [{"claims": items}]}
    return draw(JSON_SCALARS)


VALIDATOR = Draft202012Validator(
    claim_set_json_schema(), format_checker=Draft202012Validator.FORMAT_CHECKER
)


def _beyond_the_schema(doc: Any) -> bool:
    """The rules the schema cannot state: periods in order, at most 20 decimal places."""
    claims = doc["claims"] if isinstance(doc, dict) and "claims" in doc else doc
    claims = claims if isinstance(claims, list) else [claims]
    return all(
        c["period_start"] <= c["period_end"]  # ISO dates sort as text
        and (
            not isinstance(c["value"], float)
            or Decimal(repr(c["value"])).normalize().as_tuple().exponent >= -20  # type: ignore[operator]
        )
        for c in claims
    )


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(doc=documents())
def test_schema_and_parser_agree(doc: Any) -> None:
    text = json.dumps(doc)
    schema_ok = VALIDATOR.is_valid(json.loads(text)) and _beyond_the_schema(doc)
    try:
        parse_claims(text)
    except ClaimValidationError as exc:
        assert not schema_ok, f"parse_claims refused a schema-valid document: {exc.problems}"
    else:
        assert schema_ok, "parse_claims accepted a document the schema refuses"


# --------------------------------------------------------------------------------------------
# MetricDefinition

ROW: dict[str, Any] = {
    "metric_key": "cash_balance",
    "definition": "Gross bank balance at period end, excluding fixed deposits securing credit",
    "unit": "usd_m",
    "period_start": "2026-07-01",
    "period_end": "2026-07-31",
    "source_doc_id": "investor-update-2026-08",
    "effective_from": "2026-01-01",
    "effective_to": None,
}


def test_metric_definition_is_an_immutable_validated_value() -> None:
    row = MetricDefinition.from_mapping(ROW)
    assert row.unit == "USD_millions"
    assert row.period_start == date(2026, 7, 1)
    assert row.in_force_on(date(2030, 1, 1))
    assert not row.in_force_on(date(2025, 12, 31))
    with pytest.raises(ValueError, match="frozen"):
        row.unit = "USD"  # type: ignore[misc]
    ended = MetricDefinition.from_mapping(dict(ROW, effective_to=date(2026, 6, 1)))
    assert ended.in_force_on(date(2026, 5, 31))
    assert not ended.in_force_on(date(2026, 6, 1))


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"unit": "furlongs"}, "unit: unit 'furlongs' is not recognised; accepted forms: USD,"),
        ({"definition": ""}, "definition: String should have at least 1 character"),
        ({"period_start": "2026-08-01"}, "period_start 2026-08-01 is after period_end 2026-07-31"),
        (
            {"effective_to": "2026-01-01"},
            "effective_to 2026-01-01 must be after effective_from 2026-01-01",
        ),
        (
            {"effective_from": "1 Jan 2026"},
            "effective_from: must be a calendar date written YYYY-MM-DD, got '1 Jan 2026'",
        ),
        ({"colour": "red"}, "colour: unknown field — remove it"),
    ],
)
def test_metric_definition_refusals_are_tieout_errors(change: dict[str, Any], message: str) -> None:
    with pytest.raises(InputError) as caught:
        MetricDefinition.from_mapping({**ROW, **change}, source="registry.yaml")
    assert str(caught.value).startswith("registry.yaml: metric definition 'cash_balance': ")
    assert message in str(caught.value)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"effective_from": "9999-12-31"}, "effective_from: 9999-12-31 is outside the dates"),
        ({"period_end": date(9999, 12, 31)}, "period_end: 9999-12-31 is outside the dates"),
        ({"definition": "x" * 10_000_000}, "definition: is 10,000,000 characters long, over the limit of 5,000"),
        ({"metric_key": "k" * 201}, "metric_key: is 201 characters long, over the limit of 200"),
        ({"definition": "Cash\x00 at bank"}, "definition: must not contain the NUL character"),
    ],
)  # fmt: skip
def test_metric_definition_limits(change: dict[str, Any], message: str) -> None:
    with pytest.raises(InputError, match=re.escape(message)):
        MetricDefinition.from_mapping({**ROW, **change})
