"""European sources: a German and a French annual report confirm an English draft.

The report writes "1.234,5 Mio. €", "3,5 %", "4.812" and "31.12.2024"; read by the comma
convention (detected, or given) its figures are the ones the English draft cites as
"€1,234.5 million", "3.5%", "4,812". Read by the point convention the same report confirms
nothing (fail closed), and a draft that writes a European figure is still refused with the
fix, whatever its sources.
"""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest

import tieout
from tieout.documents import Document
from tieout.errors import InputError
from tieout.figures import extract, normalize
from tieout.gating import gate
from tieout.gating.sources import clear_cache, text_index

DATA = Path(__file__).parent.parent / "data"
REPORT = (DATA / "konzernabschluss-2024.md").read_text(encoding="utf-8")
DRAFT = (DATA / "draft-musterwerk-2024.md").read_text(encoding="utf-8")
RAPPORT = (DATA / "rapport-annuel-2024.txt").read_text(encoding="utf-8")

CITED = [  # (line, class, as the draft writes it, as the report writes it)
    (3, "percent", "3.5%", "3,5 %"),
    (3, "currency", "€1,234.5 million", "1.234,5 Mio. €"),
    (3, "currency", "€1,192.8 million", "1.192,8 Mio. €"),
    (3, "currency", "€187.3 million", "187,3 Mio. €"),
    (3, "percent", "15.2%", "15,2 %"),
    (3, "percent", "14.5%", "14,5 %"),
    (5, "currency", "€125,236 thousand", "125.236"),  # a cell of the table "in Tsd. €"
    (5, "currency", "€114,643 thousand", "114.643"),
    (5, "percent", "41.3%", "41,3 %"),
    (7, "numeric", "4,812", "4.812"),
    (7, "currency", "€1.85", "1,85 €"),
    (7, "currency", "€46,250,000", "46.250.000 €"),
]


def report(numbers: str = "auto") -> Document:
    # the table's note "(in Tsd. €)" is no scale note tieout reads: the scale is given
    return Document.from_text(
        "musterwerk-2024", REPORT, media_type="markdown", scale="EUR_thousands", numbers=numbers
    )


def test_the_german_report_is_read_by_the_comma_convention() -> None:
    doc = report()
    assert doc.numbers == "comma"
    prose = [f for f in doc.read().figures if f.kind != "section" and f.where is None]
    got = [(REPORT[f.span[0] : f.span[1]], f.kind, f.unit, f.value) for f in prose[:12]]
    assert got == [
        ("2024", "number", None, Decimal(2024)),  # the heading's year
        ("2024", "number", None, Decimal(2024)),  # "im Geschäftsjahr 2024"
        ("3,5 %", "percent", "percent", Decimal("3.5")),
        ("1.234,5 Mio. €", "currency", "EUR", Decimal("1.2345E9")),
        ("1.192,8 Mio. €", "currency", "EUR", Decimal("1.1928E9")),
        ("187,3 Mio. €", "currency", "EUR", Decimal("1.873E8")),
        ("15,2 %", "percent", "percent", Decimal("15.2")),
        ("14,5 %", "percent", "percent", Decimal("14.5")),
        ("4.812", "number", None, Decimal(4812)),  # "31.12.2024" before it is no figure
        ("4.655", "number", None, Decimal(4655)),
        ("1,85 €", "currency", "EUR", Decimal("1.85")),
        ("46.250.000 €", "currency", "EUR", Decimal(46_250_000)),
    ]
    assert [f.section for f in doc.read().figures if f.kind == "section"] == ["4.1"]
    [cell] = [f for f in doc.read().figures if f.where == "row Konzernergebnis, column 2024"]
    assert (REPORT[cell.span[0] : cell.span[1]], cell.value, cell.implied_unit) == (
        "125.236",
        Decimal(125_236_000),
        "EUR",
    )
    assert cell.period is not None and cell.period.describe() == "2024"
    assert len(doc.text) == len(REPORT)  # every span points where it did


def test_an_english_draft_citing_the_report_passes() -> None:
    result = gate(DRAFT, [report()])
    assert result.passed and result.outcome == "pass"
    assert [(c.line, c.cls, c.text, c.status) for c in result.claims] == [
        (line, cls, text, "found") for line, cls, text, _ in CITED
    ]
    assert {c.found_in for c in result.claims} == {"source musterwerk-2024"}


def test_each_figure_is_found_where_the_report_writes_it() -> None:
    doc = report()
    result = gate(DRAFT, [doc])
    for claim, (_, _, _, written) in zip(result.claims, CITED, strict=True):
        assert claim.reason.startswith("found in source musterwerk-2024: ")
        shown = claim.reason.split(": ", 1)[1].strip('"')
        assert shown == normalize(written, "comma")  # as read: its separators swapped
        assert doc.text.count(shown) >= 1


def test_an_invented_figure_is_rejected() -> None:
    draft = DRAFT.replace("€187.3 million", "€197.3 million").replace("4,812", "4,821")
    result = gate(draft, [report()])
    assert not result.passed and result.outcome == "rejected"
    assert [(c.line, c.text, c.status) for c in result.rejected] == [
        (3, "€197.3 million", "missing"),
        (7, "4,821", "missing"),
    ]
    assert "line 3: '€197.3 million' (currency)" in result.message
    assert "line 7: '4,821' (numeric)" in result.message


def test_read_by_the_point_convention_the_report_confirms_nothing() -> None:
    doc = report("point")
    assert doc.numbers == "point"
    result = gate(DRAFT, [doc])
    assert not result.passed
    found = [c.text for c in result.claims if c.status != "missing"]
    # "4.812" is read as 4.812 and "125.236" as 125.236 thousand: never the draft's figures
    assert found == []
    assert len(result.rejected) == len(CITED)


def test_one_thousand_two_hundred_thirty_four_is_not_a_decimal_in_a_comma_source() -> None:
    doc = report()
    assert gate("The group employed 4,812 people.", [doc]).passed
    assert not gate("The group employed 4.812 people.", [doc]).passed
    assert gate("It employed 4.812 people.", [report("point")]).passed  # the misreading


def test_a_european_figure_in_the_draft_is_refused_with_the_fix_whatever_the_source() -> None:
    result = gate("Der Umsatz stieg auf 1.234,5 Mio. €.", [report()])
    assert not result.passed
    [claim] = result.claims
    assert (claim.text, claim.status) == ("1.234,5 Mio. €", "missing")
    assert "write it with commas between thousands and a decimal point" in claim.reason
    assert "(1,234.5 for 1.234,5)" in claim.reason


def test_a_source_given_as_text_is_read_by_its_own_convention() -> None:
    clear_cache()
    prose_only = DRAFT.split("\n\nNet income")[0]
    assert gate(prose_only, [REPORT]).passed  # auto, the default
    assert gate(prose_only, [REPORT], source_numbers="comma").passed
    rejected = gate(prose_only, [REPORT], source_numbers="point")
    assert [c.text for c in rejected.rejected] == [text for line, _, text, _ in CITED if line == 3]
    assert text_index(REPORT, "s", numbers="comma") is not text_index(REPORT, "s", numbers="point")


def test_a_bad_convention_is_refused_naming_the_choices() -> None:
    with pytest.raises(InputError, match=r"--numbers 'european' is not one of auto, point, comma"):
        Document.from_text("d", REPORT, numbers="european")
    with pytest.raises(InputError, match=r"source_numbers 'eu' is not one of auto, point, comma"):
        gate("Revenue was $4.2M.", ["Revenue was $4.2M."], source_numbers="eu")


def test_a_mixed_document_stays_point_and_its_european_figures_confirm_nothing() -> None:
    mixed = REPORT + "\n\nIn US dollars: revenue of US$1,342.1 million.\n"
    doc = Document.from_text("mixed", mixed, media_type="markdown")
    assert doc.numbers == "point"
    assert not gate("Revenue rose 3.5% to €1,234.5 million.", [doc]).passed
    assert gate("Revenue was US$1,342.1 million.", [doc]).passed


def test_a_french_report_with_thin_spaces_between_groups() -> None:
    doc = Document.from_text("exemple-2024", RAPPORT)
    assert doc.numbers == "comma"
    got = [(RAPPORT[f.span[0] : f.span[1]], f.kind, f.unit, f.value) for f in doc.read().figures]
    assert got == [
        ("2024", "number", None, Decimal(2024)),
        ("2\u202f345,6\u00a0M€", "currency", "EUR", Decimal("2345.6E6")),  # "M€": € million
        ("4,1\u00a0%", "percent", "percent", Decimal("4.1")),
        ("2023", "number", None, Decimal(2023)),
        ("2\u202f253,2\u00a0M€", "currency", "EUR", Decimal("2253.2E6")),
        ("412,7\u00a0M€", "currency", "EUR", Decimal("412.7E6")),
        ("2,40\u00a0€", "currency", "EUR", Decimal("2.40")),
        ("12\u202f480", "number", None, Decimal(12480)),
    ]
    draft = (
        "Revenue grew 4.1%, reaching €2,345.6 million; the dividend is €2.40 a share; 12,480 staff."
    )
    assert gate(draft, [doc]).passed
    assert not gate(draft.replace("12,480", "12,840"), [doc]).passed


def test_a_claim_quoting_the_report_verbatim_passes_its_quote_check() -> None:
    claim = {
        "metric_key": "revenue",
        "value": Decimal("1234.5"),
        "unit": "EUR_millions",
        "period_start": "2024-01-01",
        "period_end": "2024-12-31",
        "source_doc_id": "musterwerk-2024",
        "source_quote": "stiegen im Geschäftsjahr 2024 um 3,5 % auf 1.234,5 Mio. €",
        "source_locator": "section: Wirtschaftsbericht",
    }
    [rep] = tieout.check_claims([claim], [report()])
    results = {r.name: r for r in rep.checks}
    assert results["existence"].status.value == "pass"
    assert results["quote"].status.value == "pass", results["quote"].reason
    assert "quote found verbatim" in results["quote"].reason
    wrong = {**claim, "source_quote": "stiegen im Geschäftsjahr 2024 um 3,5 % auf 1.243,5 Mio. €"}
    [rep] = tieout.check_claims([wrong], [report()])
    quote = {r.name: r for r in rep.checks}["quote"]
    assert quote.status.value == "fail"
    assert "has different figures from the quote" in quote.reason


def test_extract_reads_a_comma_text_given_directly() -> None:
    [fig] = extract("Eigenkapitalquote 41,3 %", numbers="auto")
    assert (fig.text, fig.value) == ("41,3 %", Decimal("41.3"))
