"""A claim whose value and quote repeat thousands of times in its document costs work in
proportion to the document: counted as Python calls (never as wall-clock time), which
grow about 2x when the document doubles. Speed itself is measured in bench/."""

from __future__ import annotations

import sys
from types import FrameType
from typing import Any

from tieout import check_claims
from tieout.documents import Document
from tieout.schemas import parse_claims

CLAIM = """{"metric_key": "revenue", "value": 4.2, "unit": "USD_millions",
  "period_start": "2026-01-01", "period_end": "2026-03-31", "source_doc_id": "d",
  "source_quote": "Revenue was $4.2 million in the period.", "source_locator": "paragraph 7"}"""


def _document(paragraphs: int) -> Document:
    text = "\n\n".join(
        f"Paragraph {i}. Revenue was $4.2 million in the period." for i in range(paragraphs)
    )
    doc = Document.from_text("d", text)
    doc.read()
    return doc


def _calls(paragraphs: int) -> tuple[int, str]:
    doc, claims = _document(paragraphs), parse_claims(CLAIM)
    check_claims(claims, [doc])  # warm: units and caches loaded once
    doc = _document(paragraphs)
    count = 0

    def profile(frame: FrameType, event: str, arg: Any) -> None:
        nonlocal count
        if event == "call":
            count += 1

    sys.setprofile(profile)
    try:
        (report,) = check_claims(claims, [doc])
    finally:
        sys.setprofile(None)
    return count, f"{report.verdict}: {report.reason}"


def test_a_value_repeated_thousands_of_times_costs_linear_work() -> None:
    small, verdict_small = _calls(1_000)
    large, verdict_large = _calls(2_000)
    expected = 'pass: 4,200,000 USD found in d: "$4.2 million" (¶1); quote found verbatim in ¶7'
    assert verdict_small == verdict_large == expected
    assert large / small < 2.5, f"{small} calls at 1,000 paragraphs, {large} at 2,000"
