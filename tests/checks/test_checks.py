"""The three checks and the verdict rubric, in memory, on small realistic documents."""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from typing import Any

import pytest

import tieout
from tieout.checks import Status, Verdict

UPDATE_AUG = """# Brightwell Labs — investor update, August 2026

## Highlights

Revenue grew to $412k in July. We signed two hospital systems.

## Cash and runway

Cash in bank at month end was $1.4M (as of July 31, 2026).

Net burn for July was $212k. Net burn for Q2 was $610k, about $203k a month.
"""

FIN_SUMMARY = """# Q3 2026 financial summary

Revenue: $4,200,000 (up 23% QoQ). Gross margin 32%.

We ended the quarter with 90 people. Gross retention was 90%.
"""

TEN_K = """Item 6. Selected Financial Data

                                        Years Ended September 30,
(in thousands, except per share data)     2019        2018        2017
Net sales                            $  260,174  $  265,595  $  229,234
Operating income (loss)                  (1,234)     63,930      61,344
Earnings per share (diluted)         $     0.48  $     1.12  $     0.97
"""


def docs() -> list[tieout.Document]:
    return [
        tieout.Document.from_text(
            "investor-update-2026-08",
            UPDATE_AUG,
            period_start="2026-07-01",
            period_end="2026-07-31",
            published="2026-08-05",
            media_type="markdown",
        ),
        tieout.Document.from_text(
            "fin-summary-q3",
            FIN_SUMMARY,
            period_start="2026-07-01",
            period_end="2026-09-30",
            published="2026-10-10",
            media_type="markdown",
        ),
        tieout.Document.from_text(
            "acme-10k-fy2019",
            TEN_K,
            period_start="2016-10-01",
            period_end="2019-09-30",
            published="2019-11-15",
        ),
    ]


def claim(**overrides: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "metric_key": "cash_balance",
        "value": Decimal("1.4"),
        "unit": "USD_millions",
        "period_start": "2026-07-01",
        "period_end": "2026-07-31",
        "source_doc_id": "investor-update-2026-08",
        "source_quote": "Cash in bank at month end was $1.4M",
        "source_locator": "section: Cash and runway, paragraph 1",
    }
    base.update(overrides)
    return base


def check(**overrides: Any) -> tieout.ClaimReport:
    return tieout.check_claims([claim(**overrides)], docs())[0]


def registry() -> tieout.Registry:
    def m(
        key: str, unit: str, start: str, end: str, doc: str, eff: str, definition: str = "d"
    ) -> Any:
        return tieout.MetricDefinition(
            metric_key=key,
            definition=definition,
            unit=unit,
            period_start=date.fromisoformat(start),
            period_end=date.fromisoformat(end),
            source_doc_id=doc,
            effective_from=date.fromisoformat(eff),
        )

    return tieout.Registry(
        [
            m(
                "cash_balance",
                "USD_millions",
                "2026-07-01",
                "2026-07-31",
                "investor-update-2026-08",
                "2026-08-01",
            ),
            m(
                "net_burn",
                "USD_thousands",
                "2026-07-01",
                "2026-07-31",
                "investor-update-2026-08",
                "2026-08-01",
                "Cash out minus cash in",
            ),
            m(
                "net_burn",
                "USD_thousands",
                "2026-07-01",
                "2026-07-31",
                "investor-update-2026-08",
                "2026-09-05",
                "Cash out minus cash in, excluding financing",
            ),
        ]
    )


def test_seed_003_example_passes() -> None:
    r = check()
    assert r.verdict is Verdict.PASS
    assert [c.status for c in r.checks] == [Status.PASS, Status.PASS, Status.PASS]
    assert r.check("existence").reason.startswith(
        '1,400,000 USD found in investor-update-2026-08: "$1.4M"'
    )
    assert r.check("quote").reason == "quote found verbatim in Cash and runway ¶1"
    ev = r.check("quote").evidence[0]
    assert ev.text == "Cash in bank at month end was $1.4M"


def test_without_a_registry_the_registry_parts_are_skipped_and_said_so() -> None:
    r = check()
    assert "no registry given" in r.check("period_unit").reason


@pytest.mark.parametrize(
    ("value", "unit"), [("1400000", "USD"), ("1400", "USD_thousands"), ("0.0014", "USD_billions")]
)
def test_same_value_in_other_scales_passes(value: str, unit: str) -> None:
    assert check(value=Decimal(value), unit=unit).verdict is Verdict.PASS


def test_claim_more_precise_than_its_source_fails() -> None:
    r = check(value=Decimal("1.423"))
    assert r.verdict is Verdict.FAIL
    assert r.reason == (
        "existence: value 1,423,000 USD not found in investor-update-2026-08; nearest figure "
        '1,400,000 USD at "Cash in bank at month end was $1.4M (as of July 31, 2026)."'
    )
    assert [c.status for c in r.checks] == [Status.FAIL, Status.SKIPPED, Status.SKIPPED]


def test_all_checks_runs_past_a_fail() -> None:
    r = tieout.check_claims([claim(value=Decimal("1.423"))], docs(), all_checks=True)[0]
    assert [c.status for c in r.checks][1:] != [Status.SKIPPED, Status.SKIPPED]


def test_prior_quarter_figure_fails_on_period() -> None:
    r = check(
        metric_key="net_burn",
        value=Decimal(610),
        unit="USD_thousands",
        source_quote="Net burn for Q2 was $610k",
        source_locator="section: Cash and runway",
    )
    assert r.verdict is Verdict.FAIL
    assert r.reason.startswith(
        "period_unit: period: 610,000 USD is stated for Q2 2026 (Apr–Jun 2026)"
    )
    assert r.reason.endswith("the claim says July 2026")


def test_currency_claim_against_a_percent_fails_naming_the_other_unit() -> None:
    r = check(
        metric_key="retention",
        value=Decimal(90),
        unit="USD",
        period_start="2026-07-01",
        period_end="2026-09-30",
        source_doc_id="fin-summary-q3",
        source_quote="Gross retention was 90%",
        source_locator="section: Q3 2026 financial summary",
    )
    assert r.verdict is Verdict.FAIL
    assert "value 90 USD not found in fin-summary-q3" in r.reason
    assert "90%" in r.reason and "different unit" in r.reason


def test_percent_claim_passes_and_count_claim_is_not_a_percent() -> None:
    pct = check(
        metric_key="gm",
        value=Decimal(32),
        unit="percent",
        period_start="2026-07-01",
        period_end="2026-09-30",
        source_doc_id="fin-summary-q3",
        source_quote="Gross margin 32%",
        source_locator="section: Q3 2026 financial summary",
    )
    assert pct.verdict is Verdict.PASS
    heads = check(
        metric_key="headcount",
        value=Decimal(90),
        unit="count",
        period_start="2026-07-01",
        period_end="2026-09-30",
        source_doc_id="fin-summary-q3",
        source_quote="We ended the quarter with 90 people",
        source_locator="section: Q3 2026 financial summary",
    )
    assert heads.verdict is Verdict.PASS
    assert heads.check("existence").evidence[0].text == "90"


def test_scaled_table_cell_matches_and_carries_its_fiscal_column() -> None:
    r = check(
        metric_key="net_sales",
        value=Decimal("260.174"),
        unit="USD_millions",
        period_start="2018-10-01",
        period_end="2019-09-30",
        source_doc_id="acme-10k-fy2019",
        source_quote="Net sales",
        source_locator="row: Net sales",
    )
    assert r.verdict is Verdict.PASS, r.reason
    calendar = check(
        metric_key="net_sales",
        value=Decimal("260174"),
        unit="USD_thousands",
        period_start="2019-01-01",
        period_end="2019-09-30",
        source_doc_id="acme-10k-fy2019",
        source_quote="Net sales",
        source_locator="row: Net sales",
    )
    assert calendar.verdict is Verdict.FAIL
    assert "FY2019" in calendar.reason or "Sep 2019" in calendar.reason


def test_per_share_row_is_not_scaled() -> None:
    r = check(
        metric_key="eps",
        value=Decimal("0.48"),
        unit="USD",
        period_start="2018-10-01",
        period_end="2019-09-30",
        source_doc_id="acme-10k-fy2019",
        source_quote="Earnings per share (diluted)",
        source_locator="row: Earnings per share (diluted)",
    )
    assert r.verdict is Verdict.PASS, r.reason


def test_accounting_negative_matches_by_magnitude_and_says_so() -> None:
    r = check(
        metric_key="op_income",
        value=Decimal("1234"),
        unit="USD_thousands",
        period_start="2018-10-01",
        period_end="2019-09-30",
        source_doc_id="acme-10k-fy2019",
        source_quote="Operating income (loss)",
        source_locator="row: Operating income (loss)",
    )
    assert r.verdict is Verdict.PASS
    assert "the source shows it as negative" in r.check("existence").reason


def test_disguised_digits_in_the_source_still_match() -> None:
    text = (
        "Cash in bank at month end was $１.４M.\nRevenue was $4\u2009200\u2009000 for the quarter."
    )
    doc = tieout.Document.from_text("d", text)
    r = tieout.check_claims(
        [
            claim(
                source_doc_id="d",
                source_quote="Cash in bank at month end was $1.4M",
                source_locator="line 1",
            ),
            claim(
                value=Decimal(4200000),
                unit="USD",
                source_doc_id="d",
                source_quote="Revenue was $4,200,000 for the quarter",
                source_locator="line 2",
            ),
        ],
        [doc],
    )
    assert [x.verdict for x in r] == [Verdict.PASS, Verdict.PASS], [x.reason for x in r]


def test_rounded_claim_warns_and_names_the_stated_figure() -> None:
    doc = tieout.Document.from_text("d", "Cash in bank at month end was $1,423,118.")
    r = tieout.check_claims(
        [
            claim(
                source_doc_id="d",
                source_quote="Cash in bank at month end was $1,423,118",
                source_locator="line 1",
            )
        ],
        [doc],
    )[0]
    assert r.verdict is Verdict.WARNING
    assert (
        r.reason
        == 'existence: 1,400,000 USD is a rounding: d states 1,423,118 USD ("$1,423,118", ¶1)'
    )


def test_quote_elsewhere_warns_and_near_verbatim_warns() -> None:
    elsewhere = check(source_locator="section: Highlights")
    assert elsewhere.verdict is Verdict.WARNING
    assert elsewhere.reason == "quote found verbatim in Cash and runway ¶1, locator said Highlights"
    near = check(
        metric_key="net_burn",
        value=Decimal(212),
        unit="USD_thousands",
        source_quote="Net burn in July was $212k",
        source_locator="section: Cash and runway",
    )
    assert near.verdict is Verdict.WARNING
    assert "near-verbatim" in near.reason


def test_near_verbatim_quote_with_other_digits_fails() -> None:
    r = check(
        metric_key="net_burn",
        value=Decimal(212),
        unit="USD_thousands",
        source_quote="Net burn for July was $213k",
        source_locator="section: Cash and runway",
    )
    assert r.verdict is Verdict.FAIL
    assert r.check("quote").status is Status.FAIL


def test_quote_that_does_not_state_the_value_fails() -> None:
    r = check(source_quote="We signed two hospital systems", source_locator="section: Highlights")
    assert r.verdict is Verdict.FAIL
    assert r.reason == "quote does not state 1,400,000 USD; it states no figure"


def test_unknown_document_and_unknown_unit_fail_with_the_fix() -> None:
    r = check(source_doc_id="nope")
    assert r.reason == (
        "existence: document 'nope' is not known; ingest it with `tieout docs add FILE --id nope`"
    )
    u = check(unit="USDM")
    assert u.verdict is Verdict.FAIL
    assert u.reason.startswith("existence: unit: unit 'USDM' is not recognised; accepted forms:")


def test_null_value_and_unregistered_metric_are_unsupported() -> None:
    null = tieout.check_claims(
        [
            {
                "metric_key": "arr",
                "value": None,
                "unit": "USD",
                "period_start": "2026-07-01",
                "period_end": "2026-07-31",
                "missing_reason": "ARR not reported",
            }
        ],
        docs(),
        registry(),
    )[0]
    assert null.verdict is Verdict.UNSUPPORTED
    assert null.reason == 'agent: "ARR not reported"'
    unreg = tieout.check_claims([claim(metric_key="ebitda")], docs(), registry())[0]
    assert unreg.verdict is Verdict.UNSUPPORTED
    assert unreg.reason.startswith("registry: metric 'ebitda' is not registered")


def test_registry_version_in_force_on_the_publication_date_is_used() -> None:
    r = tieout.check_claims(
        [
            claim(
                metric_key="net_burn",
                value=Decimal(212),
                unit="USD_thousands",
                source_quote="Net burn for July was $212k",
                source_locator="section: Cash and runway",
            )
        ],
        docs(),
        registry(),
    )[0]
    assert r.verdict is Verdict.PASS
    assert r.registry_row is not None
    assert (
        r.registry_row.definition == "Cash out minus cash in"
    )  # published 2026-08-05, before the change


def test_registry_unit_period_and_authoritative_source() -> None:
    reg = registry()
    wrong_unit = tieout.check_claims(
        [claim(value=Decimal(32), unit="percent")], docs(), reg, all_checks=True
    )[0]
    assert wrong_unit.verdict is Verdict.FAIL
    assert wrong_unit.check("period_unit").reason == (
        "unit: the claim is in percent (percent); cash_balance is registered in USD_millions"
    )
    other_doc = tieout.Document.from_text("board-pack", "Cash in bank at month end was $1.4M.")
    wrong_report = tieout.check_claims(
        [claim(source_doc_id="board-pack", source_locator="line 1")], [*docs(), other_doc], reg
    )[0]
    assert wrong_report.verdict is Verdict.FAIL
    assert wrong_report.reason == (
        "period_unit: real figure, wrong report: cash_balance is sourced from "
        "investor-update-2026-08, the claim cites board-pack"
    )


def test_raise_for_failure_is_opt_in() -> None:
    ok = check()
    assert ok.raise_for_failure() is ok
    with pytest.raises(tieout.ClaimFailed) as info:
        check(value=Decimal("1.423")).raise_for_failure()
    assert str(info.value).startswith("claim 0 (cash_balance): existence: value 1,423,000 USD")


def test_a_fiscal_year_column_agrees_with_the_registrys_fiscal_year() -> None:
    # "FY25" names no month: the October-to-September year a claim gives is that year (it
    # once failed on period, the column taken for January to December)
    table = (
        "(in thousands)\n\n"
        "                        FY25        FY24\n"
        "Net sales            $ 481,230   $ 455,902\n"
    )
    doc = tieout.Document.from_text("acme-fy25", table, published="2025-11-20")
    fy25 = {
        "metric_key": "net_sales",
        "value": Decimal(481230),
        "unit": "USD_thousands",
        "period_start": "2024-10-01",
        "period_end": "2025-09-30",
        "source_doc_id": "acme-fy25",
        "source_quote": "Net sales            $ 481,230",
        "source_locator": "table, row: Net sales",
    }
    [ok] = tieout.check_claims([fy25], [doc])
    assert ok.verdict is Verdict.PASS, ok.reason
    fy24 = dict(fy25, period_start="2023-10-01", period_end="2024-09-30")
    [bad] = tieout.check_claims([fy24], [doc])
    assert bad.verdict is Verdict.FAIL
    assert bad.reason.startswith("period_unit: period: 481,230,000 USD is stated for FY2025")


def q3_check(
    doc: tieout.Document, metric: str, value: int, unit: str, quote: str, locator: str
) -> tieout.ClaimReport:
    """The report of one claim about Q3 2026 against ``doc`` alone."""
    one = claim(
        metric_key=metric,
        value=Decimal(value),
        unit=unit,
        period_start="2026-07-01",
        period_end="2026-09-30",
        source_doc_id=doc.doc_id,
        source_quote=quote,
        source_locator=locator,
    )
    return tieout.check_claims([one], [doc])[0]


def test_a_date_or_a_year_in_prose_is_no_count() -> None:
    text = "# Team\n\nWe ended September 30, 2026 with 184 employees, after hiring 12 in fiscal 2025.\n"
    doc = tieout.Document.from_text(
        "upd-q3", text, period_start="2026-07-01", period_end="2026-09-30", published="2026-10-05"
    )
    quote = "We ended September 30, 2026 with 184 employees"

    def headcount(value: int) -> tieout.ClaimReport:
        return q3_check(doc, "headcount", value, "count", quote, "section: Team")

    assert headcount(184).verdict is Verdict.PASS
    for value in (30, 2026, 2025):  # the day, the year, the fiscal year: none is a headcount
        report = headcount(value)
        assert report.verdict is Verdict.FAIL
        assert report.check("existence").status is Status.FAIL


def test_zero_is_no_rounding_of_a_figure() -> None:
    # "$0.3 million" rounds to 0 at a precision of a million; a claim of 0 still states nothing
    report = check(value=Decimal(0), source_quote="Cash in bank at month end was $1.4M")
    assert report.verdict is Verdict.FAIL
    assert report.check("existence").status is Status.FAIL


def test_a_quote_states_a_rows_cells_only_when_it_begins_the_rows_label() -> None:
    text = (
        "# Statements of operations\n\n($ in thousands)\n\n"
        "| | Q3 2026 |\n|---|---|\n| Revenue | 48,213 |\n| Cost of revenue | 29,118 |\n"
    )
    doc = tieout.Document.from_text(
        "nr-10q", text, period_start="2026-07-01", period_end="2026-09-30", published="2026-10-20"
    )

    def revenue(value: int, locator: str) -> tieout.ClaimReport:
        return q3_check(doc, "revenue_q3", value, "USD_thousands", "Revenue", locator)

    assert revenue(48213, "row: Revenue").check("quote").status is Status.PASS
    # "Revenue" inside "Cost of revenue" is no quote of that row's 29,118
    for locator in ("row: Revenue", "row: Cost of revenue"):
        found = revenue(29118, locator).check("quote")
        assert found.status is Status.FAIL
        assert found.reason.startswith("quote does not state 29,118,000 USD")


def test_a_period_right_after_a_figure_is_its_own() -> None:
    text = (
        "# Results\n\nNet interest margin was 3.42% for the third quarter of 2026, up 14 bps "
        "from 3.28% in the second quarter of 2026 and down 21 basis points from 3.63% in "
        "the third quarter of 2025. Net income was $12.1 million in 2025 and $10.2 million "
        "in 2024.\n"
    )
    doc = tieout.Document.from_text(
        "bank-q3", text, period_start="2026-07-01", period_end="2026-09-30", published="2026-10-20"
    )
    periods = {f.text: p.describe() for f in doc.figures if (p := doc.stated_period(f))}
    assert {k: periods[k] for k in ("3.42%", "14 bps", "3.28%", "21 basis points", "3.63%")} == {
        "3.42%": "Q3 2026 (Jul–Sep 2026)",
        "14 bps": "Q3 2026 (Jul–Sep 2026)",  # the change stands in the quarter reported
        "3.28%": "Q2 2026 (Apr–Jun 2026)",
        "21 basis points": "Q3 2026 (Jul–Sep 2026)",
        "3.63%": "Q3 2025 (Jul–Sep 2025)",
    }
    assert (periods["$12.1 million"], periods["$10.2 million"]) == ("2025", "2024")


@pytest.mark.parametrize(
    ("note", "symbol", "code"),
    [
        ("(¥ millions, except per share amounts)", "¥", "JPY"),
        ("($ millions, except per share amounts)", "$", "USD"),
        ("(€ millions, except per share data)", "€", "EUR"),
    ],
)
def test_a_currency_and_millions_note_with_an_except_clause_scales_the_claims_figure(
    note: str, symbol: str, code: str
) -> None:
    text = (
        "SAKURADA ELECTRIC CO., LTD.\nConsolidated Financial Results\n\n"
        f"{note}\n\n"
        "\tFiscal year ended March 31, 2026\tFiscal year ended March 31, 2025\n"
        f"Revenue\t{symbol}1,284,512\t{symbol}1,201,377\n"
        "Operating profit\t96,450\t88,102\n"
        f"Basic earnings per share\t{symbol}131.42\t{symbol}118.06\n"
    )
    doc = tieout.Document.from_text(
        "sakurada-fy2025",
        text,
        period_start="2024-04-01",
        period_end="2026-03-31",
        published="2026-05-12",
    )

    def revenue(value: str, unit: str, row: str = "Revenue") -> tieout.ClaimReport:
        return tieout.check_claims(
            [
                claim(
                    metric_key="revenue_fy",
                    value=Decimal(value),
                    unit=unit,
                    period_start="2025-04-01",
                    period_end="2026-03-31",
                    source_doc_id="sakurada-fy2025",
                    source_quote=row,
                    source_locator=f"row: {row}",
                )
            ],
            [doc],
        )[0]

    assert revenue("1284512", f"{code}_millions").verdict is Verdict.PASS
    assert revenue("96450", f"{code}_millions", "Operating profit").verdict is Verdict.PASS
    assert revenue("131.42", code, "Basic earnings per share").verdict is Verdict.PASS
    wrong = revenue("1284512", code)  # a million times too small
    assert wrong.verdict is Verdict.FAIL
    assert wrong.check("existence").status is Status.FAIL
    assert revenue("131.42", f"{code}_millions", "Basic earnings per share").verdict is (
        Verdict.FAIL
    )


def test_a_tab_separated_10qs_spanning_headings_give_each_column_its_period() -> None:
    text = (
        "(in thousands, except per share data)\n\n"
        "\tThree Months Ended September 30,\tNine Months Ended September 30,\n"
        "\t2026\t2025\t2026\t2025\n"
        "Revenue\t$48,213\t$44,907\t$139,552\t$128,004\n"
    )
    doc = tieout.Document.from_text(
        "nr-10q", text, period_start="2025-01-01", period_end="2026-09-30", published="2026-11-05"
    )

    def revenue(value: int, start: str, end: str, quote: str = "Revenue") -> tieout.ClaimReport:
        return tieout.check_claims(
            [
                claim(
                    metric_key="revenue_9m_2026",
                    value=Decimal(value),
                    unit="USD_thousands",
                    period_start=start,
                    period_end=end,
                    source_doc_id="nr-10q",
                    source_quote=quote,
                    source_locator="row: Revenue",
                )
            ],
            [doc],
        )[0]

    assert revenue(139552, "2026-01-01", "2026-09-30").verdict is Verdict.PASS
    assert revenue(48213, "2026-07-01", "2026-09-30").verdict is Verdict.PASS
    assert revenue(128004, "2025-01-01", "2025-09-30").verdict is Verdict.PASS
    q3_as_nine_months = revenue(48213, "2026-01-01", "2026-09-30")
    assert q3_as_nine_months.verdict is Verdict.FAIL
    assert q3_as_nine_months.check("period_unit").status is Status.FAIL
    assert "stated for Q3 2026 (Jul–Sep 2026)" in q3_as_nine_months.check("period_unit").reason
    prior_year = revenue(128004, "2026-01-01", "2026-09-30")
    assert prior_year.verdict is Verdict.FAIL
    assert prior_year.check("period_unit").status is Status.FAIL
    year = revenue(2026, "2026-01-01", "2026-09-30", "2026")  # a column's year: no figure
    assert year.verdict is Verdict.FAIL
    assert year.check("existence").status is Status.FAIL


@pytest.mark.parametrize("doc_id", ["msa\u202e", "msa\nb", "msa\t2026", "msa\u200b"])
def test_a_document_id_with_an_invisible_character_is_refused(doc_id: str) -> None:
    # "msa\u202e" shows as "msa" beside the real one: a document posing as another
    from tieout.errors import InputError

    with pytest.raises(InputError, match=r"holds an invisible or control character \(U\+"):
        tieout.Document.from_text(doc_id, "Revenue was $4.2M.")


def claim_on(
    doc: tieout.Document,
    value: str,
    unit: str,
    quote: str,
    locator: str,
    start: str,
    end: str,
) -> tieout.ClaimReport:
    """The report of one claim for ``start``..``end`` against ``doc`` alone, every check run."""
    one = claim(
        metric_key="m",
        value=Decimal(value),
        unit=unit,
        period_start=start,
        period_end=end,
        source_doc_id=doc.doc_id,
        source_quote=quote,
        source_locator=locator,
    )
    return tieout.check_claims([one], [doc], all_checks=True)[0]


def test_trillions_a_filers_rmb_and_percentage_points_are_claim_units() -> None:
    text = (
        "SAMHAN ELECTRONICS 4Q25 EARNINGS\n\nRevenue for the fourth quarter was KRW 79.14 "
        "trillion. Revenue in China was RMB12.5 billion. The operating margin improved by "
        "1.2ppts.\n"
    )
    doc = tieout.Document.from_text(
        "samhan-4q25", text, period_start="2025-10-01", period_end="2025-12-31"
    )

    def one(value: str, unit: str, quote: str) -> tieout.ClaimReport:
        return claim_on(doc, value, unit, quote, "paragraph 1", "2025-10-01", "2025-12-31")

    krw = one("79.14", "KRW_trillions", "Revenue for the fourth quarter was KRW 79.14 trillion.")
    assert krw.verdict is Verdict.PASS
    assert krw.check("existence").reason.startswith(
        '79,140,000,000,000 KRW found in samhan-4q25: "KRW 79.14 trillion"'
    )
    for unit in ("RMB_billions", "CNY_billions"):
        rmb = one("12.5", unit, "Revenue in China was RMB12.5 billion.")
        assert rmb.verdict is Verdict.PASS, rmb.reason
        assert rmb.check("existence").reason.startswith(
            '12,500,000,000 CNY found in samhan-4q25: "RMB12.5 billion"'
        )
    pp = one("1.2", "percentage_points", "The operating margin improved by 1.2ppts.")
    assert pp.verdict is Verdict.PASS
    assert pp.check("existence").reason.startswith(
        '1.2 percentage points found in samhan-4q25: "1.2ppts"'
    )
    wrong = one("1.3", "percentage_points", "The operating margin improved by 1.2ppts.")
    assert wrong.reason.startswith(
        "existence: value 1.3 percentage points not found in samhan-4q25"
    )


BANK_4Q25 = """NORTHGATE BANCORP FOURTH QUARTER 2025 EARNINGS RELEASE

Highlights

Net income was $1,245 million, or $2.31 per diluted share.

Selected Financial Highlights
($ in millions)

\t4Q25\t3Q25\t4Q24
Net income\t1,245\t1,102\t1,011

Full year
($ in millions)

\tFY2025\tFY2024
Net income\t4,618\t4,102
"""


def test_the_cited_cell_decides_the_period_not_an_undated_repeat_in_prose() -> None:
    doc = tieout.Document.from_text(
        "bank-4q25", BANK_4Q25, period_start="2025-01-01", period_end="2025-12-31"
    )

    def fy(value: str, quote: str, locator: str) -> tieout.ClaimReport:
        return claim_on(doc, value, "USD_millions", quote, locator, "2025-01-01", "2025-12-31")

    q4_cell = "table: Selected Financial Highlights, row: Net income, column: 4Q25"
    wrong = fy("1245", "Net income\t1,245\t1,102\t1,011", q4_cell)
    assert wrong.verdict is Verdict.FAIL
    assert wrong.reason == (
        "period_unit: period: 1,245,000,000 USD is stated for Q4 2025 (Oct–Dec 2025) "
        '("1,245", row Net income); the claim says 2025'
    )
    # the quote alone points at the Q4 cell too
    assert fy("1245", "Net income\t1,245\t1,102\t1,011", "row: Net income").reason == wrong.reason
    right = fy(
        "4618", "Net income\t4,618\t4,102", "table: Full year, row: Net income, column: FY2025"
    )
    assert right.verdict is Verdict.PASS
    assert right.check("quote").reason == ("quote found verbatim in row Net income, column FY2025")
    # quoting the undated headline: the only dated occurrence is Q4, so it cannot pass
    prose = fy("1245", "Net income was $1,245 million", "Highlights, paragraph 1")
    assert prose.verdict is Verdict.WARNING
    assert prose.reason == (
        'period_unit: period: "$1,245 million" (Highlights ¶1) names no period, and bank-4q25 '
        'states 1,245,000,000 USD for Q4 2025 (Oct–Dec 2025) ("1,245", row Net income); the '
        "claim says 2025"
    )
    q4 = claim_on(
        doc,
        "1245",
        "USD_millions",
        "Net income was $1,245 million",
        "Highlights",
        "2025-10-01",
        "2025-12-31",
    )
    assert q4.verdict is Verdict.PASS, q4.reason


S1_CAPITALIZATION = """CAPITALIZATION

(in thousands)

\tAs of March 31, 2026
\tActual\tPro Forma\tPro Forma As Adjusted
Cash and cash equivalents\t$142,318\t$142,318\t$347,718
Total stockholders' equity (deficit)\t(250,562)\t162,344\t367,744
"""


def test_a_figure_in_another_column_than_the_locator_names_fails() -> None:
    doc = tieout.Document.from_text(
        "s1-capitalization", S1_CAPITALIZATION, period_start="2026-01-01", period_end="2026-03-31"
    )
    equity = "Total stockholders' equity (deficit)\t(250,562)\t162,344\t367,744"
    cash = "Cash and cash equivalents\t$142,318\t$142,318\t$347,718"

    def at(value: str, quote: str, locator: str) -> tieout.ClaimReport:
        return claim_on(doc, value, "USD_thousands", quote, locator, "2026-03-31", "2026-03-31")

    pro_forma = at("162344", equity, "row: Total stockholders' equity (deficit), column: Actual")
    assert pro_forma.verdict is Verdict.FAIL
    assert pro_forma.reason == (
        'quote states 162,344,000 USD ("162,344") in column Pro Forma of row Total '
        "stockholders' equity (deficit); the locator names column Actual, which holds "
        "-250,562,000 USD"
    )
    assert pro_forma.check("quote").field == "source_locator"
    actual = at("142318", cash, "row: Cash and cash equivalents, column: Pro Forma As Adjusted")
    assert actual.reason == (
        'quote states 142,318,000 USD ("$142,318") in columns Actual, Pro Forma of row '
        "Cash and cash equivalents; the locator names column Pro Forma As Adjusted, which "
        "holds 347,718,000 USD"
    )
    # the column named exactly ("Pro Forma", not "Pro Forma As Adjusted"), before or after the row
    for locator in (
        "row: Total stockholders' equity (deficit), column: Pro Forma",
        "column: Pro Forma, row: Total stockholders' equity (deficit)",
    ):
        ok = at("162344", equity, locator)
        assert ok.verdict is Verdict.PASS, ok.reason
        assert ok.check("quote").reason == (
            "quote found verbatim in row Total stockholders' equity (deficit), column Pro Forma"
        )
    # a column the table does not have names no place: never a pass
    none = at("162344", equity, "row: Total stockholders' equity (deficit), column: Restated")
    assert none.verdict is Verdict.WARNING
    assert none.reason.endswith("names no place in s1-capitalization")


DECK_4Q25 = """Q4 2025 at a glance

Revenue
$5.3B
+9% YoY

Full-year 2025

Revenue
$20.5B
+6%
"""


def test_a_headings_period_dates_the_undated_figures_under_it() -> None:
    doc = tieout.Document.from_text(
        "deck-4q25", DECK_4Q25, period_start="2025-01-01", period_end="2025-12-31"
    )
    fy, q4 = ("2025-01-01", "2025-12-31"), ("2025-10-01", "2025-12-31")
    quarter = claim_on(doc, "5.3", "USD_billions", "Revenue $5.3B", "paragraph 2", *fy)
    assert quarter.verdict is Verdict.FAIL
    assert quarter.reason == (
        "period_unit: period: 5,300,000,000 USD is stated for Q4 2025 (Oct–Dec 2025) under "
        '"Q4 2025 at a glance" ("$5.3B", ¶2); the claim says 2025'
    )
    year = claim_on(doc, "20.5", "USD_billions", "Revenue $20.5B", "Full-year 2025", *q4)
    assert year.verdict is Verdict.FAIL
    assert year.reason == (
        'period_unit: period: 20,500,000,000 USD is stated for 2025 under "Full-year 2025" '
        '("$20.5B", Full-year 2025 ¶1); the claim says Q4 2025 (Oct–Dec 2025)'
    )
    assert claim_on(doc, "5.3", "USD_billions", "Revenue $5.3B", "paragraph 2", *q4).verdict is (
        Verdict.PASS
    )
    assert (
        claim_on(doc, "20.5", "USD_billions", "Revenue $20.5B", "Full-year 2025", *fy).verdict
        is Verdict.PASS
    )
    # a balance claimed on the last day of the heading's period agrees with it
    day = claim_on(
        doc, "5.3", "USD_billions", "Revenue $5.3B", "paragraph 2", "2025-12-31", "2025-12-31"
    )
    assert day.check("period_unit").status is Status.PASS


def test_a_heading_dates_nothing_outside_the_documents_period_or_when_it_compares() -> None:
    # a title dated by its month of publication, a comparison: neither dates a figure
    text = (
        "# Investor update, August 2026\n\nCash in bank was $1.4M and revenue $412k.\n\n"
        "## Q3 2026 vs Q3 2025\n\nRevenue was $4,200,000.\n"
    )
    doc = tieout.Document.from_text(
        "iu", text, period_start="2026-07-01", period_end="2026-07-31", media_type="markdown"
    )
    july = ("2026-07-01", "2026-07-31")
    cash = claim_on(doc, "1.4", "USD_millions", "Cash in bank was $1.4M", "paragraph 1", *july)
    assert cash.verdict is Verdict.PASS, cash.reason
    revenue = claim_on(doc, "4200000", "USD", "Revenue was $4,200,000", "Q3 2026 vs Q3 2025", *july)
    assert revenue.check("period_unit").status is Status.PASS


def test_a_european_interims_quarter_and_nine_month_columns_each_carry_their_period() -> None:
    # "9M 2025" beside "Q3 2025" was no period, and so no column had one: the prior
    # year's quarter passed as this year's, and the heading "2025" as EUR 2,025 million.
    # A heading that names a year tieout cannot read ("YTD 2024") keeps the row a
    # heading, and no claim for a period passes on its column
    text = (
        "Key figures\n(in EUR million)\n\n"
        "\tQ3 2025\tQ3 2024\t9M 2025\tYTD 2024\n"
        "Revenue\t4,812.6\t4,503.1\t14,221.4\t13,390.2\n"
    )
    doc = tieout.Document.from_text(
        "rw-q3", text, period_start="2024-01-01", period_end="2025-09-30", published="2025-11-05"
    )

    def revenue(value: str, start: str, end: str, quote: str = "Revenue") -> tieout.ClaimReport:
        return tieout.check_claims(
            [
                claim(
                    metric_key="revenue",
                    value=Decimal(value),
                    unit="EUR_millions",
                    period_start=start,
                    period_end=end,
                    source_doc_id="rw-q3",
                    source_quote=quote,
                    source_locator="row: Revenue",
                )
            ],
            [doc],
            all_checks=True,
        )[0]

    assert revenue("4812.6", "2025-07-01", "2025-09-30").verdict is Verdict.PASS
    assert revenue("14221.4", "2025-01-01", "2025-09-30").verdict is Verdict.PASS
    prior_quarter = revenue("4503.1", "2025-07-01", "2025-09-30")
    assert prior_quarter.verdict is Verdict.FAIL
    assert prior_quarter.check("period_unit").reason == (
        'period: 4,503,100,000 EUR is stated for Q3 2024 (Jul–Sep 2024) ("4,503.1", row '
        "Revenue); the claim says Q3 2025 (Jul–Sep 2025)"
    )
    unread = revenue("13390.2", "2024-01-01", "2024-09-30")
    assert unread.verdict is Verdict.FAIL
    assert unread.check("period_unit").reason == (
        'period: 13,390,200,000 EUR is stated for "YTD 2024" (a heading tieout does not '
        'read as a period) ("13,390.2", row Revenue); the claim says 1 Jan 2024–30 Sep 2024'
    )
    heading = revenue("2025", "2025-07-01", "2025-09-30", "Q3 2025")  # a heading: no amount
    assert heading.verdict is Verdict.FAIL
    assert heading.check("existence").status is Status.FAIL


def test_a_canadian_release_confirms_canadian_dollars_not_us_dollars() -> None:
    # "$" under "All amounts are in Canadian dollars" and "(in millions of Canadian
    # dollars)" was the US dollar: a USD claim passed on C$8,120 million, the CAD one failed
    text = (
        "MAPLE BANK - FOURTH QUARTER 2025 RESULTS\n"
        "All amounts are in Canadian dollars unless otherwise noted.\n\n"
        "Reported net income was $2,104 million.\n\n"
        "Selected results\n(in millions of Canadian dollars)\n\n"
        "\t4Q25\t3Q25\nRevenue\t$8,120\t$7,944\nNet income\t2,104\t1,987\n"
    )
    doc = tieout.Document.from_text(
        "maple", text, period_start="2025-10-01", period_end="2025-12-31", published="2025-12-04"
    )

    def claimed(value: int, unit: str, quote: str, locator: str) -> tieout.ClaimReport:
        return tieout.check_claims(
            [
                claim(
                    metric_key="revenue",
                    value=Decimal(value),
                    unit=unit,
                    period_start="2025-10-01",
                    period_end="2025-12-31",
                    source_doc_id="maple",
                    source_quote=quote,
                    source_locator=locator,
                )
            ],
            [doc],
        )[0]

    row = "Revenue\t$8,120\t$7,944"
    assert claimed(8120, "CAD_millions", row, "row: Revenue").verdict is Verdict.PASS
    usd = claimed(8120, "USD_millions", row, "row: Revenue")
    assert usd.verdict is Verdict.FAIL
    assert usd.reason == (
        "existence: value 8,120,000,000 USD not found in maple; 8,120,000,000 CAD appears at "
        'row Revenue ("$8,120"); that figure is an amount in CAD, a different unit from the '
        "claim's USD_millions — if the metric is an amount, claim it in CAD"
    )
    prose = "Reported net income was $2,104 million."
    assert claimed(2104, "CAD_millions", prose, "paragraph 2").verdict is Verdict.PASS
    assert claimed(2104, "USD_millions", prose, "paragraph 2").verdict is Verdict.FAIL


def _harbour_claim(quote: str) -> dict[str, object]:
    return {
        "metric_key": "berth_fees",
        "value": 9.35,
        "unit": "USD_millions",
        "period_start": "2025-01-01",
        "period_end": "2025-12-31",
        "source_doc_id": "harbour",
        "source_locator": "row: Berth and wharfage fees from container lines",
        "source_quote": quote,
    }


_BERTH = "Berth and wharfage fees from container lines"
HARBOUR = (
    "(in millions)\n\n | 2025 | 2024\n"
    "Berth and wharfage fees from container lines | $9.35 | $8.80\nPilotage | 2.10 | 1.95\n"
)


@pytest.mark.parametrize(
    ("quote", "verdict", "said"),
    [
        (f"{_BERTH} | $9.35 | $8.80", "pass", f"quote found verbatim in row {_BERTH}"),
        # a linking word changed: the document's row still, near-verbatim
        ("Berth and wharfage fees of container lines | $9.35 | $8.80", "warning", "near-verbatim"),
        # a content word changed: the quote says what the document does not
        (
            "Berth and storage fees from container lines | $9.35 | $8.80",
            "fail",
            "quote is not verbatim: 'storage' does not stand in the closest passage",
        ),
    ],
)
def test_a_quote_with_a_word_changed_fails(quote: str, verdict: str, said: str) -> None:
    doc = tieout.Document.from_text("harbour", HARBOUR)
    [r] = tieout.check_claims([_harbour_claim(quote)], {"harbour": doc})
    assert r.verdict.value == verdict, r.reason
    assert said in r.reason
