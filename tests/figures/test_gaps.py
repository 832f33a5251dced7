"""Gaps in the number grammar found by red-teaming: each case reads as a figure the source
must state (or fails closed), never as a figure that passes unchecked."""

from __future__ import annotations

from decimal import Decimal

import pytest

import tieout
from tieout.figures import extract, normalize, skipped


def keys(text: str) -> list[tuple[str, str]]:
    """(text, gate key) of every figure ``text`` states."""
    out = []
    for f in extract(text, words=True):
        unit = f.unit if f.per is None else f"{f.unit}/{f.per}"
        magnitude = f.section if f.kind == "section" else f.magnitude
        out.append((f.text, f"{f.kind}:{unit or ''}:{magnitude}".replace("::", ":")))
    return out


def claims(result: tieout.GateResult) -> list[tuple[str, str, str]]:
    return [(c.text, c.key, c.status) for c in result.claims]


# --------------------------------------------------------------------------- slashed amounts


def test_a_slashed_list_of_amounts_with_a_currency_is_three_amounts_not_a_date() -> None:
    figs = extract("Tranches of EUR 10/20/30 million.")
    assert [(f.text, f.kind, f.unit, f.value) for f in figs] == [
        ("EUR 10", "currency", "EUR", Decimal(10_000_000)),
        ("20", "currency", "EUR", Decimal(20_000_000)),
        ("30 million", "currency", "EUR", Decimal(30_000_000)),
    ]


@pytest.mark.parametrize("text", ["On 10/20/30 we met.", "Signed 3/4/2024.", "due 12/31/25"])
def test_a_date_stays_a_date(text: str) -> None:
    assert extract(text) == []
    assert [reason for _, _, reason in skipped(normalize(text))] == ["date"]


def test_a_slashed_list_of_amounts_is_checked_amount_by_amount() -> None:
    source = "Tranches of EUR 10 million and EUR 20 million."
    result = tieout.gate("Tranches of EUR 10/20/30 million.", sources=[source])
    assert claims(result) == [
        ("EUR 10", "currency:EUR:10000000", "found"),
        ("20", "currency:EUR:20000000", "found"),
        ("30 million", "currency:EUR:30000000", "missing"),
    ]


# --------------------------------------------------------------------------- "15 $ per share"


@pytest.mark.parametrize(
    ("text", "written", "unit"),
    [
        ("We pay 15 $ per share.", "15 $", "USD"),
        ("We pay 15 $/share.", "15 $", "USD"),
        ("Le dividende est de 15 $ par action.", "15 $", "USD"),
        ("We pay 15 € per share.", "15 €", "EUR"),
    ],
)
def test_a_currency_symbol_after_the_amount_before_per_share_is_a_price(
    text: str, written: str, unit: str
) -> None:
    assert keys(text) == [(written, f"currency:{unit}/share:15")]


def test_a_dollar_sign_after_a_year_is_no_amount() -> None:
    assert keys("the 2024 $ figures") == [("2024", "number:2024")]


def test_a_price_per_share_after_the_amount_is_checked() -> None:
    draft = "We pay 15 $ per share."
    assert tieout.gate(draft, sources=["The dividend is $15 per share."]).passed
    wrong = tieout.gate(draft, sources=["The dividend is $16 per share; 15 shares."])
    assert claims(wrong) == [("15 $", "currency:USD/share:15", "missing")]


# --------------------------------------------------------------------------- "EBITDA-1,200"


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("EBITDA-1,200 in fiscal 2024", Decimal(1200)),
        ("EBITDA–1,200 in fiscal 2024", Decimal(1200)),  # an en dash
        ("EBITDA-1200 in fiscal 2024", Decimal(1200)),
        ("EPS-2.15 in fiscal 2024", Decimal("2.15")),
    ],
)
def test_a_metric_glued_to_its_figure_by_a_hyphen_is_read_and_not_negative(
    text: str, value: Decimal
) -> None:
    fig = extract(text)[0]
    assert (fig.kind, fig.value, fig.negative) == ("number", value, False)


@pytest.mark.parametrize("text", ["SKU-12345", "ABC-1234", "EIP-1559", "VLX418-3,012", "ABC-12.5"])
def test_a_code_glued_by_a_hyphen_stays_an_identifier(text: str) -> None:
    assert extract(text) == []
    assert [reason for _, _, reason in skipped(normalize(text))] == ["identifier"]


def test_an_isin_is_no_figure() -> None:
    assert extract("ISIN US0378331005") == []


def test_a_metric_glued_to_an_invented_figure_is_refused() -> None:
    result = tieout.gate("EBITDA-1,200 in 2024.", sources=["EBITDA was 1,100 in 2024."])
    assert claims(result) == [("1,200", "number:1200", "missing")]
    assert tieout.gate("EBITDA–1,200 in 2024.", sources=["EBITDA was 1,200 in 2024."]).passed


# --------------------------------------------------------------------------- hedges


@pytest.mark.parametrize(
    ("text", "hedged"),
    [
        ("revenue of $302 billion and change", "and change"),
        ("revenue of $302 billion and change.", "and change"),
        ("a touch over $2 billion", "over"),
        ("a touch under 12%", "under"),
        ("a tad over $2 billion", "over"),
        ("$5 million and change management costs", ""),  # a noun, no hedge
    ],
)
def test_colloquial_hedges_mark_the_figure(text: str, hedged: str) -> None:
    assert extract(text)[0].hedged == hedged


def test_and_change_is_a_bound() -> None:
    assert tieout.figures.is_bound("and change")


@pytest.mark.parametrize(
    ("source", "draft"),
    [
        ("Revenue was $302 billion and change.", "Revenue was $302 billion."),
        ("Revenue was a touch over $2 billion.", "Revenue was $2 billion."),
    ],
)
def test_an_exact_figure_is_not_confirmed_by_a_colloquial_hedge(source: str, draft: str) -> None:
    result = tieout.gate(draft, sources=[source])
    assert [c.status for c in result.claims] == ["missing"]
    assert "only as an approximation" in result.claims[0].reason


def test_a_hedged_draft_figure_is_confirmed_by_the_hedged_source() -> None:
    source = "Revenue was $302 billion and change."
    assert tieout.gate("Revenue was $302 billion and change.", sources=[source]).passed


# --------------------------------------------------------------------------- spelled quantities


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("The plant adds eighty-six megawatts.", ("eighty-six megawatts", "quantity:MW:86")),
        ("We shipped twelve thousand tonnes.", ("twelve thousand tonnes", "quantity:t:12000")),
        (
            "Output was four point five gigawatt hours.",
            ("four point five gigawatt hours", "quantity:GWh:4.5"),
        ),
        ("Storage of nine megawatt hours.", ("nine megawatt hours", "quantity:MWh:9")),
        (
            "A site of five million square feet.",
            ("five million square feet", "quantity:sq ft:5000000"),
        ),
    ],
)
def test_a_quantity_written_in_words_is_keyed_with_its_unit(
    text: str, key: tuple[str, str]
) -> None:
    assert keys(text) == [key]


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("It took twelve months.", ("twelve", "number:12")),  # a duration: the words class
        ("They run two mills.", ("two", "number:2")),  # a factory, no property tax rate
    ],
)
def test_a_duration_or_a_plain_word_after_words_is_no_quantity(
    text: str, key: tuple[str, str]
) -> None:
    assert keys(text) == [key]


def test_a_spelled_quantity_is_always_checked() -> None:
    draft = "The plant adds eighty-six megawatts."
    wrong = tieout.gate(draft, sources=["The plant adds 85 MW."])
    assert claims(wrong) == [("eighty-six megawatts", "quantity:MW:86", "missing")]
    assert tieout.gate(draft, sources=["The plant adds 86 MW."]).passed
    assert not tieout.gate(draft, sources=["The plant adds 86 employees."]).passed


def test_a_source_that_spells_a_quantity_confirms_its_digits() -> None:
    source = "The plant adds eighty-six megawatts and four point five gigawatt hours."
    assert tieout.gate("It adds 86 MW and 4.5 GWh.", sources=[source]).passed
    assert not tieout.gate("It adds 86 GW.", sources=[source]).passed


# --------------------------------------------------------------------------- "thirty (30) days"


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("within four (4) days", ("4", "quantity:day:4")),
        ("within thirty (30) days", ("30", "quantity:day:30")),
        ("a ninety (90)-day period", ("90", "quantity:day:90")),
        ("within one hundred twenty (120) days", ("120", "quantity:day:120")),
        ("within ten (10) business days", ("10", "quantity:business day:10")),
        ("five million (5,000,000) shares", ("(5,000,000)", "number:5000000")),
        ("5,000,000 (five million) shares", ("5,000,000", "number:5000000")),
        ("Fifty Thousand Dollars ($50,000)", ("$50,000", "currency:USD:50000")),
    ],
)
def test_a_number_in_words_and_digits_is_one_figure(text: str, key: tuple[str, str]) -> None:
    assert keys(text) == [key]


def test_words_and_digits_that_differ_are_two_figures() -> None:
    assert keys("five million (4,000,000) shares") == [
        ("five million", "number:5000000"),
        ("(4,000,000)", "number:4000000"),
    ]


def test_a_small_duration_is_no_claim_but_a_contract_term_in_words_and_digits_is() -> None:
    # "30 days" alone is prose (durations are soft); "thirty (30) days" states a term twice,
    # in words and digits, and is checked however small (tests/test_gate.py's contract)
    assert tieout.gate("Notice is 30 days.", sources=["We have 4 offices."]).claims == ()
    source = "Notice: 4 days; 30 days; 10 business days."
    for draft, key in [
        ("Notice is four (4) days.", "quantity:day:4"),
        ("Notice is thirty (30) days.", "quantity:day:30"),
        ("It needs ten (10) business days.", "quantity:business day:10"),
    ]:
        assert [(c.key, c.status) for c in tieout.gate(draft, sources=[source]).claims] == [
            (key, "found")
        ]
        other = tieout.gate(draft, sources=["We have 4 offices, 30 staff and 10 desks."])
        assert [(c.key, c.status) for c in other.claims] == [(key, "missing")]


def test_five_million_in_words_and_digits_is_checked_once() -> None:
    result = tieout.gate("It issued five million (5,000,000) shares.", sources=["4,000,000 shares"])
    assert claims(result) == [("(5,000,000)", "number:5000000", "missing")]
    found = tieout.gate("It issued five million (5,000,000) shares.", sources=["5,000,000 shares"])
    assert claims(found) == [("(5,000,000)", "number:5000000", "found")]


# --------------------------------------------------------------------------- sub-clauses

AGREEMENT = """MASTER AGREEMENT
3. Fees
Each party pays its own costs.
12.3 Payment Terms
(c) Invoices are due in 30 days.
4.2 Warranties
(a) The Supplier warrants (ii) quality.
7.1 Term
(b) Renewal.
Schedule 2 - Price List
"""


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("under Section 12.3(c)", [("Section 12.3", "section:12.3")]),
        ("under § 4.2(a)(ii)", [("§ 4.2", "section:4.2")]),
        ("under clause 7.1(b)", [("clause 7.1", "section:7.1")]),
        (
            "Sections 12.3(c) and 4.2(a)",
            [("Sections 12.3", "section:12.3"), ("4.2", "section:4.2")],
        ),
        ("Section 8.3(a) and 8.4(b)", [("Section 8.3", "section:8.3"), ("8.4", "section:8.4")]),
        ("see paragraph 3", [("paragraph 3", "section:3")]),
        ("see para. 3", [("para. 3", "section:3")]),
        ("see Schedule 2", [("Schedule 2", "section:schedule:2")]),
    ],
)
def test_a_sub_clause_is_part_of_its_section_reference(
    text: str, expected: list[tuple[str, str]]
) -> None:
    assert keys(text) == expected


@pytest.mark.parametrize(
    ("draft", "status"),
    [
        ("Payment is due under Section 12.3(c).", "found"),
        ("Payment is due under Section 12.4(c).", "missing"),
        ("See § 4.2(a)(ii).", "found"),
        ("See clause 7.1(b).", "found"),
        ("See clause 7.2(b).", "missing"),
        ("See paragraph 3.", "found"),
        ("See paragraph 9.", "missing"),
        ("See Schedule 2.", "found"),
        ("See Schedule 3.", "missing"),
    ],
)
def test_section_references_are_checked_against_the_headings(draft: str, status: str) -> None:
    # a paragraph or schedule cited is a section reference the source's headings confirm
    # (checked, fail closed), never a bare number
    result = tieout.gate(draft, sources=[AGREEMENT])
    assert [(c.key.split(":")[0], c.status) for c in result.claims] == [("section", status)]


# --------------------------------------------------------------------------- "20251" headings

GLUED_HEADINGS = {
    "pipe": "(in millions)\n| | 20251 | 2024 |\n|---|---|---|\n| Revenue | 4,512 | 4,101 |\n",
    "pipe, second column": (
        "(in millions)\n| Item | 2025 | 20241 |\n|---|---|---|\n| Revenue | 4,512 | 4,101 |\n"
    ),
    "spaced": "(in millions)\n                      20251        2024\nRevenue              4,512      4,101\n",
    "spaced, both marked": (
        "(in millions)\n                      20251        20242\nRevenue              4,512      4,101\n"
    ),
    "tabs": "(in millions)\n\t20251\t2024\nRevenue\t4,512\t4,101\n",
}


@pytest.mark.parametrize("source", GLUED_HEADINGS.values(), ids=GLUED_HEADINGS.keys())
def test_a_year_with_a_glued_footnote_digit_heads_its_column(source: str) -> None:
    figs = extract(source)
    headings = [f for f in figs if f.where is None]
    assert [(f.value, f.is_year) for f in headings] == [
        (Decimal(2025), True),
        (Decimal(2024), True),
    ]
    cells = [(f.text, f.value, f.period.label if f.period else None) for f in figs if f.where]
    assert cells == [
        ("4,512", Decimal(4_512_000_000), "2025"),
        ("4,101", Decimal(4_101_000_000), "2024"),
    ]
    assert claims(tieout.gate("Revenue was 20,251.", sources=[source])) == [
        ("20,251", "number:20251", "missing")
    ]
    assert tieout.gate("Revenue was $4,512 million in 2025.", sources=[source]).passed


def test_five_digit_figures_that_are_no_years_stay_figures() -> None:
    data = "| Plant | Units A | Units B |\n|---|---|---|\n| Units | 20251 | 19874 |\n"
    assert [f.value for f in extract(data)] == [Decimal(20251), Decimal(19874)]
    spaced = "Units shipped\n                      Plant A     Plant B\nUnits                 20251       19874\n"
    assert [f.value for f in extract(spaced)] == [Decimal(20251), Decimal(19874)]
    assert [f.value for f in extract("In 20251 we sold.")] == [Decimal(20251)]  # never in prose
    assert tieout.gate("We shipped 20,251 units.", sources=[data]).passed


# --------------------------------------------------------------------------- "104.512C"


def test_a_decimal_glued_to_letters_is_read_as_its_number() -> None:
    # no code writes a decimal point before its letters: the number is read (its letters
    # are no unit the grammar knows, so none is keyed) and checked, never dropped
    assert keys("It ran at 104.512C.") == [("104.512", "number:104.512")]
    assert keys("It ran at 104.512°C.") == [("104.512", "number:104.512")]
    assert extract("Part 104C") == []  # a whole number glued to a letter is a code


@pytest.mark.parametrize(
    ("source", "status"),
    [
        ("It ran at 104.512C.", "found"),
        ("It ran at 104.512°C.", "found"),
        ("It ran at 104.5 C.", "missing"),
        ("It ran at 104.512 MW.", "missing"),  # a quantity with a unit confirms no bare number
    ],
)
def test_a_decimal_glued_to_letters_is_checked(source: str, status: str) -> None:
    result = tieout.gate("It ran at 104.512C.", sources=[source])
    assert claims(result) == [("104.512", "number:104.512", status)]


# --------------------------------------------------------------------------- "1/48th"

ONE_48TH = "number:0.02083333333333333333333333333"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Each holder gets a 1/48th interest.", [("1/48th", ONE_48TH)]),
        ("Each holder gets one forty-eighth.", [("one forty-eighth", ONE_48TH)]),
        ("It keeps 3/8ths of it.", [("3/8ths", "number:0.375")]),
        ("It keeps three twenty-fifths of it.", [("three twenty-fifths", "number:0.12")]),
        ("the 48th holder", []),  # an ordinal alone
    ],
)
def test_a_fraction_over_an_ordinal_is_its_quotient_never_its_parts(
    text: str, expected: list[tuple[str, str]]
) -> None:
    assert keys(text) == expected


@pytest.mark.parametrize(
    ("source", "status"),
    [
        ("Each of the 48 holders gets a 1/48th interest.", "found"),
        ("Each holder gets a one forty-eighth interest.", "found"),
        ("There are 48 holders and 1 share.", "missing"),
        ("Each holder gets a 1/50th interest.", "missing"),
        ("Each holder gets 0.02083 of it.", "missing"),
    ],
)
def test_a_fraction_in_digits_is_checked_as_a_fraction(source: str, status: str) -> None:
    result = tieout.gate("Each holder gets a 1/48th interest.", sources=[source])
    assert claims(result) == [("1/48th", ONE_48TH, status)]


def test_a_fraction_in_words_is_a_words_claim_and_never_48() -> None:
    result = tieout.gate("Each holder gets one forty-eighth.", sources=["There are 48 holders."])
    assert [(c.cls, c.key, c.status) for c in result.claims] == [("words", ONE_48TH, "unchecked")]


def test_a_checked_spelled_fraction_near_source_values_does_not_exhaust_memory() -> None:
    # "two thirds" has a step of one third: dividing a value by it in the exact context
    # never ended (MemoryError) when the words class was checked
    from tieout.gating.config import WorkflowConfig

    cfg = WorkflowConfig(name="w", claim_classes=("currency", "percent", "numeric", "words"))
    result = tieout.gate("Two thirds of members voted.", sources=["worth 0.6 and 0.67"], config=cfg)
    assert [(c.key, c.status) for c in result.claims] == [
        ("number:0.6666666666666666666666666667", "missing")
    ]
