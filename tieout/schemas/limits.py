"""What tieout accepts at every door: the size of a value, the span of a date, the length
of a text field. The same limits hold on the CLI, the Python API, HTTP and MCP, because
each door validates through the models in :mod:`tieout.schemas` (and the README's
"Limits" section lists them).

A value, a date or a text beyond these is not finance: ``1e-1000000`` would make every
reason that spells the value out a megabyte long, and a period ending 9999-12-31 has no
day after it. Each is refused at the schema with the limit and the fix.
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal, InvalidOperation

__all__ = [
    "DOCUMENT_BYTES",
    "FIRST_DAY",
    "LAST_DAY",
    "MAX_DECIMAL_PLACES",
    "MAX_INTEGER_DIGITS",
    "TEXT_LIMITS",
    "claim_value_problem",
    "date_problem",
    "document_problem",
    "read_json_number",
    "text_problem",
    "value_problem",
]

#: A value has at most this many digits before the decimal point (it is below 10**24) ...
MAX_INTEGER_DIGITS = 24
#: ... and at most this many after it (wei, the smallest unit of ether, is 10**-18).
MAX_DECIMAL_PLACES = 20
#: Dates (periods, publication, effective dates) lie within these two days, inclusive.
FIRST_DAY = date(1800, 1, 1)
LAST_DAY = date(2199, 12, 31)
#: The largest source document, in bytes of UTF-8, on every door (CLI, HTTP, MCP, Python).
DOCUMENT_BYTES = 5 * 1024 * 1024

#: The most characters each text field may hold.
TEXT_LIMITS: dict[str, int] = {
    "metric_key": 200,
    "unit": 100,
    "source_doc_id": 200,
    "source_quote": 5_000,
    "source_locator": 1_000,
    "missing_reason": 2_000,
    "definition": 5_000,
    "reviewer": 200,
}

_VALUE_RULE = (
    f"a value has at most {MAX_INTEGER_DIGITS} digits before the decimal point and "
    f"{MAX_DECIMAL_PLACES} after it"
)


def value_problem(value: Decimal) -> str | None:
    """Why a finite value is outside what tieout reads, or ``None`` when it is within.

    The message never spells the value out, only its size, so a reason stays short.
    """
    if not value.is_finite():
        return f"must be a finite number — {_VALUE_RULE}"
    if not value:
        return None
    _, digits, exponent = value.as_tuple()
    assert isinstance(exponent, int)  # finite
    if len(digits) + exponent > MAX_INTEGER_DIGITS:
        return (
            f"is too large (10^{MAX_INTEGER_DIGITS} or more) — {_VALUE_RULE}; "
            "put the scale in unit (USD_billions) instead"
        )
    if exponent < -MAX_DECIMAL_PLACES:
        zeros = len(digits) - len(bytes(digits).rstrip(b"\x00"))  # 1.50 is 1.5
        if exponent + zeros < -MAX_DECIMAL_PLACES:
            return (
                f"has more than {MAX_DECIMAL_PLACES} digits after the decimal point — {_VALUE_RULE}"
            )
    return None


def claim_value_problem(value: object) -> str | None:
    """Why a claim's value (from the model, or as ``json.loads`` read it) is out of range."""
    if isinstance(value, int) and not isinstance(value, bool):
        value = Decimal(value)
    if isinstance(value, Decimal) and value.is_finite():
        return value_problem(value)
    return None  # not a number (reported by its type), or a float that overflowed


def read_json_number(text: str) -> int | Decimal:
    """A JSON number literal, exactly: ``json.loads``'s ``parse_int`` and ``parse_float``.

    An integer of over 40 digits is read as a Decimal (``int()`` refuses over 4,300), and an
    exponent beyond what Decimal holds (``1e99999999999999999999``) as one far out of range,
    so the range check names the claim and the limit.
    """
    if len(text) <= 40 and text.lstrip("-").isdigit():
        return int(text)
    try:
        return Decimal(text)
    except InvalidOperation:
        return (
            Decimal("1E-999999") if "-" in text.lower().partition("e")[2] else Decimal("1E+999999")
        )


def date_problem(day: date) -> str | None:
    """Why a date is outside the span tieout reads, or ``None`` when it is within."""
    if FIRST_DAY <= day <= LAST_DAY:
        return None
    return f"{day.isoformat()} is outside the dates tieout reads ({FIRST_DAY} to {LAST_DAY})"


def document_problem(text: str) -> str | None:
    """Why a document's text cannot be stored, or ``None``: it is empty, or over 5 MB."""
    if not text.strip():
        return "the text is empty"
    size = len(text) if text.isascii() else len(text.encode("utf-8", "surrogatepass"))
    if size <= DOCUMENT_BYTES:
        return None
    return (
        f"the text is {size:,} bytes, over the limit of {DOCUMENT_BYTES:,} bytes "
        "(5 MB) — split the document"
    )


def text_problem(field: str, text: str) -> str | None:
    """Why a text field is too long, or ``None`` when it is within its limit."""
    limit = TEXT_LIMITS.get(field)
    if limit is None or len(text) <= limit:
        return None
    return f"is {len(text):,} characters long, over the limit of {limit:,} — shorten it"
