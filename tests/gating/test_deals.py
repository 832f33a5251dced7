"""Deals and credit documents: merger proxies, credit agreements, indentures, offering
memoranda (the s11 red team's cases)."""

from __future__ import annotations

from decimal import Decimal

import pytest

import tieout
from tieout.figures import extract

MAKE_WHOLE = (
    "Make-whole call: Prior to July 15, 2028, at a redemption price equal to the greater of "
    "100% of principal and the present value of remaining payments discounted at T+50 bps.\n"
    "Term Loan B: Term SOFR plus 275 basis points, subject to a 0.50% floor."
)


def _keys(draft: str, source: str) -> list[tuple[str, str]]:
    return [(c.key, c.status) for c in tieout.gate(draft, sources=[source]).claims]


# D1: a margin over the Treasury benchmark or another reference rate, or joined by "plus"
@pytest.mark.parametrize(
    ("draft", "key"),
    [
        ("The 2031 notes carry a make-whole at T+75 until July 15, 2028.", "percent:0.75"),
        ("The 2031 notes carry a make-whole at UST+75 until July 15, 2028.", "percent:0.75"),
        ("The 2031 notes carry a make-whole at Treasuries + 75.", "percent:0.75"),
        ("The make-whole is the Treasury Rate plus 75.", "percent:0.75"),
        ("The Term Loan B is priced at Term SOFR plus 325.", "percent:3.25"),
        ("The Term Loan B is priced at CORRA + 325.", "percent:3.25"),
        ("The Term Loan B is priced at TSFR+325.", "percent:3.25"),
        ("The Term Loan B is priced at €STR + 325.", "percent:3.25"),
        ("The Term Loan B is priced at BSBY + 325.", "percent:3.25"),
        ("The Term Loan B is priced at Term SOFR plus 3.25.", "percent:3.25"),
    ],
)
def test_a_fabricated_spread_over_a_benchmark_is_refused(draft: str, key: str) -> None:
    r = tieout.gate(draft, sources=[MAKE_WHOLE])
    assert not r.passed
    assert [(c.key, c.status) for c in r.claims if c.key != "number:2028"] == [(key, "missing")]


def test_the_source_spread_confirms_the_draft_spread() -> None:
    assert _keys("The make-whole is T+50.", MAKE_WHOLE) == [("percent:0.5", "found")]
    assert _keys("The TLB is priced at Term SOFR plus 275.", MAKE_WHOLE) == [
        ("percent:2.75", "found")
    ]
    # the source writes the spread bare, the draft with its unit
    src = "Make-whole call prior to July 15, 2028 at T+50."
    r = tieout.gate("The make-whole is T+50 bps.", sources=[src])
    assert r.passed, [(c.key, c.status) for c in r.claims]
    src = "Term Loan B: Term SOFR plus 275, subject to a 0.50% floor."
    assert _keys("The TLB pays 275 basis points over Term SOFR.", src) == [
        ("percent:2.75", "found")
    ]


def test_a_settlement_day_and_a_plain_plus_are_no_spread() -> None:
    figs = extract("Trades settle on T+1; T+2 before May 2024.")
    assert [(f.kind, f.value) for f in figs] == [
        ("number", Decimal(1)),
        ("number", Decimal(2)),
        ("number", Decimal(2024)),
    ]
    assert [(f.kind, f.value) for f in extract("Revenue plus 325 other items.")] == [
        ("number", Decimal(325))
    ]


# D2: a ratio whose second term is not one is a figure of its own
CERTIFICATE = """I. Section 7.11(a) - Consolidated Net Leverage Ratio.
                                                     Sep 30, 2025     Jun 30, 2025
E. Consolidated Net Leverage Ratio (C / D)               3.39:1.00        2.69:1.00
   Maximum permitted                                     4.50:1.00        4.00:1.00

The ratio of the annual total compensation of our CEO to that of our median employee was 312:1.
"""


@pytest.mark.parametrize(
    ("draft", "text", "key"),
    [
        ("Net leverage was 3.39:1.25 at September 30, 2025.", "3.39:1.25",
         "quantity:ratio_to_1.25:3.39"),
        ("The maximum permitted ratio was 4:1.25.", "4:1.25", "quantity:ratio_to_1.25:4"),
        ("The CEO pay ratio was 312:4.", "312:4", "quantity:ratio_to_4:312"),
    ],
)  # fmt: skip
def test_a_ratio_to_other_than_one_is_refused_when_no_source_states_it(
    draft: str, text: str, key: str
) -> None:
    r = tieout.gate(draft, sources=[CERTIFICATE])
    assert not r.passed
    assert [(c.text, c.key, c.status) for c in r.claims] == [(text, key, "missing")]


def test_a_ratio_is_found_only_as_that_ratio() -> None:
    src = "The stock split ratio was 3:2; the CEO pay ratio was 312:4.00."
    assert _keys("The CEO pay ratio was 312:4.", src) == [("quantity:ratio_to_4:312", "found")]
    assert _keys("The board approved a 3:2 split.", src) == [("quantity:ratio_to_2:3", "found")]
    assert _keys("The board approved a 3:4 split.", src) == [("quantity:ratio_to_4:3", "missing")]
    # the ratios to one read as before; a time is no ratio
    assert _keys("Net leverage was 3.39:1.00.", CERTIFICATE) == [("number:3.39", "found")]
    assert _keys("The call is at 4:30 pm.", CERTIFICATE) == []


# D3: a figure of two significant digits names no cell it happens to round
NOTES_AND_CERTIFICATE = """$1,000,000,000 6.875% Senior Notes due 2031
$500,000,000 7.125% Senior Notes due 2035

SCHEDULE 2 to the Compliance Certificate
($ in thousands)
                                                     Sep 30, 2025     Jun 30, 2025
D. Consolidated EBITDA                                1,943,862        1,521,540
"""


def test_a_coarse_figure_is_refused_without_naming_a_cell_to_copy() -> None:
    r = tieout.gate(
        "The bridge will be refinanced with $1.5bn of senior notes.",
        sources=[NOTES_AND_CERTIFICATE],
    )
    [c] = r.claims
    assert (c.key, c.status) == ("currency:USD:1500000000", "missing")
    assert c.hint == (
        "written to fewer than 3 significant digits, it rounds figures the sources state "
        "without telling which it means: write the figure a source states, exactly"
    )
    assert c.reason == (
        "in neither this run's anchors nor its sources; written to fewer than 3 significant "
        "digits, it rounds figures source 1 states without telling which it means: write the "
        "figure a source states, exactly"
    )
    # three significant digits still name the figure rounded
    r = tieout.gate("EBITDA was $1.52bn in the June quarter.", sources=[NOTES_AND_CERTIFICATE])
    assert r.claims[0].hint == (
        'the sources state "1,521,540" (1,521,540,000 USD), which it rounds: '
        "write that figure exactly, as 1,521,540,000 USD"
    )


# D7: an indenture's redemption prices to three decimals do not make the source European
INDENTURE = """Section 3.07 Optional Redemption.

(c) On or after July 15, 2028, the Issuer may redeem the Notes at the redemption prices (expressed as percentages of principal amount) set forth below, if redeemed during the twelve-month period beginning on July 15 of the years indicated below:

Year                                               Percentage
2028 ............................................. 103.438
2029 ............................................. 101.719
2030 and thereafter .............................. 100.000

(d) The Notes shall be issued in minimum denominations of $2,000 and integral multiples of $1,000 in excess thereof.
"""


def test_a_dollar_amount_grouped_by_commas_is_point_evidence() -> None:
    from tieout.figures import detect_numbers

    assert detect_numbers(INDENTURE) == "point"
    assert detect_numbers("Kurs 103.438 und 101.719 je Anteil.") == "comma"  # no "$"
    r = tieout.gate(
        "The notes come in minimum denominations of $2,000 and multiples of $1,000; "
        "from July 15, 2028 they are callable at 103.438%, then 101.719%.",
        sources=[INDENTURE],
    )
    assert [(c.key, c.status) for c in r.claims] == [
        ("currency:USD:2000", "found"),
        ("currency:USD:1000", "found"),
        ("percent:103.438", "found"),  # under the heading "Percentage"
        ("percent:101.719", "found"),
    ]
    r = tieout.gate("The notes come in minimum denominations of $2.", sources=[INDENTURE])
    assert [(c.key, c.status) for c in r.claims] == [("currency:USD:2", "missing")]


# D5: a footnote's mark after "($)" in a whitespace-aligned heading keeps the currency
PARACHUTE = """Golden Parachute Compensation

                               Cash         Equity       Total
Name                           ($)(1)       ($)(2)       ($)
Margaret T. Ruiz             4,812,500    11,406,233   16,260,851
Daniel K. Osei               2,145,000     3,918,472    6,092,376

(1) Represents double-trigger cash severance equal to 2.5x the sum of base salary and target bonus.
"""


@pytest.mark.parametrize("marks", [("(1)", "(2)"), ("⁽¹⁾", "⁽²⁾"), ("¹", "²")])
def test_a_footnote_mark_after_a_dollar_heading_keeps_its_column_in_dollars(
    marks: tuple[str, str],
) -> None:
    src = PARACHUTE.replace("(1)  ", marks[0].ljust(5)).replace("(2)  ", marks[1].ljust(5))
    r = tieout.gate(
        "Ms. Ruiz's golden parachute totals $16,260,851, including $4,812,500 of cash "
        "severance; Mr. Osei's equity is $3,918,472.",
        sources=[src],
    )
    assert [(c.key, c.status, c.reason) for c in r.claims] == [
        ("currency:USD:16260851", "found", 'found in source 1: "16,260,851"'),
        ("currency:USD:4812500", "found", 'found in source 1: "4,812,500"'),
        ("currency:USD:3918472", "found", 'found in source 1: "3,918,472"'),
    ]
    r = tieout.gate("Ms. Ruiz's cash severance is €4,812,500.", sources=[src])
    assert [(c.key, c.status) for c in r.claims] == [("currency:EUR:4812500", "missing")]


# D6: a caption naming the currency and no scale gives the table's bare cells that currency
def _baskets(note: str) -> str:
    return f"""SCHEDULE 3 to the Compliance Certificate - Basket Usage
{note}

                                                     Sep 30, 2025     Jun 30, 2025
General Investment Basket utilized                   12,500,000        8,250,000
Restricted Payments made under Section 7.06(f)       41,318,207       22,904,115
"""


@pytest.mark.parametrize(
    ("note", "code"),
    [
        ("(in U.S. dollars)", "USD"),
        ("(Expressed in U.S. dollars)", "USD"),
        ("(actual dollars)", "USD"),
        ("(in euros)", "EUR"),
        ("(Expressed in Canadian dollars)", "CAD"),
    ],
)
def test_a_currency_caption_without_a_scale_gives_the_cells_its_currency(
    note: str, code: str
) -> None:
    sym = {"USD": "$", "EUR": "€", "CAD": "C$"}[code]
    r = tieout.gate(
        f"Restricted payments of {sym}41,318,207 were made in the period.",
        sources=[_baskets(note)],
    )
    assert [(c.key, c.status) for c in r.claims] == [(f"currency:{code}:41318207", "found")]
    other = "€" if code != "EUR" else "$"
    r = tieout.gate(f"Restricted payments were {other}41,318,207.", sources=[_baskets(note)])
    assert [c.status for c in r.claims] == ["missing"]
    # no scale: the cells are whole amounts
    r = tieout.gate(f"Restricted payments were {sym}41,318,207 thousand.", sources=[_baskets(note)])
    assert [c.status for c in r.claims] == ["missing"]


# D9: "(% of par)" in a column's heading makes its cells percents
PRICING = """Summary of Pricing

| Tranche | Amount ($ in millions) | Floor (%) | OID (% of par) |
|---|---|---|---|
| Term Loan B | 1,150.0 | 0.50 | 99.0 |
| Senior Secured Notes | 600.0 | n/a | 98.5 |
"""


@pytest.mark.parametrize("heading", ["(% of par)", "(% of principal)", "(% of face value)"])
def test_a_percent_of_par_heading_makes_its_cells_percents(heading: str) -> None:
    src = PRICING.replace("(% of par)", heading)
    r = tieout.gate(
        "The Term Loan B was issued at 99.0% of par with a 0.50% floor; the notes at 98.5%.",
        sources=[src],
    )
    assert [(c.key, c.status) for c in r.claims] == [
        ("percent:99", "found"),
        ("percent:0.5", "found"),
        ("percent:98.5", "found"),
    ]
    r = tieout.gate("The notes were issued at $98.5 million.", sources=[src])
    assert [(c.key, c.status) for c in r.claims] == [("currency:USD:98500000", "missing")]


# D8: the first margin of a range, or a margin beside its floor, is in basis points
@pytest.mark.parametrize(
    ("draft", "claims"),
    [
        ("The revolver is priced at Term SOFR + 112.5–212.5 bps.",
         [("112.5", "percent:1.125"), ("212.5 bps", "percent:2.125")]),
        ("The revolver is priced at Term SOFR plus 112.5 to 212.5 basis points.",
         [("112.5", "percent:1.125"), ("212.5 basis points", "percent:2.125")]),
        ("The TLB priced at S+275/0.50%.", [("275", "percent:2.75"), ("0.50%", "percent:0.5")]),
        ("The revolver is priced at SOFR + 1.125-2.125%.",
         [("1.125", "percent:1.125"), ("2.125%", "percent:2.125")]),
        ("Sales grew +15/20%.", [("15", "percent:15"), ("20%", "percent:20")]),
    ],
)  # fmt: skip
def test_a_margin_takes_the_unit_of_its_range_not_of_its_floor(
    draft: str, claims: list[tuple[str, str]]
) -> None:
    assert [(c.text, c.key) for c in tieout.gate(draft, sources=["x"]).claims] == claims


def test_faithful_margin_ranges_and_floors_pass() -> None:
    grid = "Applicable Rate for Term SOFR Loans: 1.125% at Pricing Level 1 to 2.125% at Pricing Level 5."
    r = tieout.gate("The revolver is priced at Term SOFR + 112.5–212.5 bps.", sources=[grid])
    assert r.passed, [(c.key, c.status) for c in r.claims]
    tlb = "Term Loan B: Term SOFR + 275 bps, subject to a 0.50% floor."
    r = tieout.gate("The TLB priced at S+275/0.50%.", sources=[tlb])
    assert r.passed, [(c.key, c.status) for c in r.claims]
    r = tieout.gate("The TLB priced at S+300/0.50%.", sources=[tlb])
    assert [(c.key, c.status) for c in r.claims] == [
        ("percent:3", "missing"),
        ("percent:0.5", "found"),
    ]


# D4: per-share consideration with words between the amount and "share", or "per share" first
@pytest.mark.parametrize(
    ("source", "draft", "keys"),
    [
        ("Brightwater shareholders will receive $27.25 in cash per share, without interest.",
         "Brightwater holders receive $27.25 per share in cash.",
         ["currency:USD/share:27.25"]),
        ("Based on Halvorsen's closing price, the total consideration represents $38.50 per "
         "Brightwater share.",
         "The headline price is $38.50 per share.",
         ["currency:USD/share:38.5"]),
        ("Goldman Sachs derived a range of illustrative present values per share of $33.40 "
         "to $44.15.",
         "The DCF implied $33.40 to $44.15 per share.",
         ["currency:USD/share:33.4", "currency:USD/share:44.15"]),
    ],
)  # fmt: skip
def test_per_share_consideration_written_the_merger_way_is_per_share(
    source: str, draft: str, keys: list[str]
) -> None:
    r = tieout.gate(draft, sources=[source])
    assert [(c.key, c.status) for c in r.claims] == [(k, "found") for k in keys]
    # and the other way round: the source's own words are per share too
    r = tieout.gate(source, sources=[draft])
    assert [(c.key, c.status) for c in r.claims] == [(k, "found") for k in keys]


def test_words_that_name_no_share_leave_an_amount_plain() -> None:
    text = "$20 million a year ago, $4.2 million per Company policy, $5 in cash per Mcf"
    assert [(f.text, f.per) for f in extract(text)] == [
        ("$20 million", None),
        ("$4.2 million", None),
        ("$5", "Mcf"),
    ]
    r = tieout.gate("Holders receive $27.25 per share.", sources=["A fee of $27.25 is payable."])
    assert [(c.key, c.status) for c in r.claims] == [("currency:USD/share:27.25", "missing")]


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("The notes priced at +325 to Treasuries.", Decimal("3.25")),
        ("The new issue came at +125 over SOFR.", Decimal("1.25")),
        ("Guidance was +50 over the interpolated UST.", Decimal("0.50")),
    ],
)
def test_a_signed_margin_with_its_rate_after_it_is_in_basis_points(
    text: str, value: Decimal
) -> None:
    (fig,) = extract(text)
    assert (fig.kind, fig.value) == ("percent", value)


def test_an_invented_margin_over_treasuries_is_refused() -> None:
    source = "The 2031 notes priced at +325 to Treasuries, inside initial talk."
    refused = tieout.gate("The notes priced at +375 to Treasuries.", sources=[source])
    assert (refused.passed, refused.claims[0].key) == (False, "percent:3.75")
    assert tieout.gate("The notes priced at T+325.", sources=[source]).passed
    # a signed count before "to" and no rate is still a bare number
    assert extract("Units rose +325 to 4,000.")[0].key == ("number", None, Decimal(325))
