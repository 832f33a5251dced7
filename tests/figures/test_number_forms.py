"""How numbers are written: middle-dot decimals, negative powers of ten, figures glued to a
unit the grammar does not know, "-fold" and leading-x multiples, the currency after the
scale, lists that share one scale word, slash lists, and the rounding hint across units."""

from __future__ import annotations

from decimal import Decimal

import pytest
from _figures import figure

import tieout
from tieout.figures import extract, normalize, skipped


def claims(result: tieout.GateResult) -> list[tuple[str, str, str]]:
    return [(c.text, c.key, c.status) for c in result.claims]


# --------------------------------------------------------------------------- middle dot


LANCET = (
    "In the ZEPHYR-2 trial overall survival improved (HR 0·81, 95% CI 0·70–0·93; p=0·0034). "
    "Median overall survival was 16·2 months versus 12·7 months."
)


def test_a_middle_dot_between_digits_is_a_decimal_point() -> None:
    figs = extract("HR 0·81; median survival 16·2 months")
    assert [(f.text, f.value, f.kind) for f in figs] == [
        ("0·81", Decimal("0.81"), "number"),
        ("16·2 months", Decimal("16.2"), "quantity"),  # a duration: months are a unit
    ]


def test_a_middle_dot_before_a_power_of_ten_stays_a_multiplication() -> None:
    text = "emissions of 4.2·10⁹ t"
    assert extract(text) == []
    assert skipped(normalize(text)) == [((13, 20), "4.2·10⁹", "unreadable")]


def test_invented_journal_style_figures_are_refused() -> None:
    result = tieout.gate("The risk of death fell (HR 0·74, 95% CI 0·61–0·88).", sources=[LANCET])
    assert not result.passed
    assert claims(result) == [
        ("0·74", "number:0.74", "missing"),
        ("95%", "percent:95", "found"),
        ("0·61", "number:0.61", "missing"),
        ("0·88", "number:0.88", "missing"),
    ]


def test_journal_style_figures_are_found_written_with_a_point() -> None:
    result = tieout.gate(
        "HR 0.81 (95% CI 0.70-0.93); median OS 16.2 vs 12.7 months.", sources=[LANCET]
    )
    assert result.passed, claims(result)
    assert [c.key for c in result.claims] == [
        "number:0.81",
        "percent:95",
        "number:0.7",
        "number:0.93",
        "quantity:month:16.2",  # "16.2 vs 12.7 months": both in months
        "quantity:month:12.7",
    ]


def test_the_saved_draft_keeps_its_middle_dots() -> None:
    result = tieout.gate("Median OS was 16·2 months.", sources=[LANCET])
    assert result.passed
    assert result.claims[0].text == "16·2 months"


# --------------------------------------------------------------------------- powers of ten

GWAS = "The lead variant reached genome-wide significance (p=5×10⁻⁸) in the discovery cohort."


@pytest.mark.parametrize(
    ("written", "example"),
    [
        ("p=4×10⁻⁹.", "0.000000004"),
        ("p=1.2e-5.", "0.000012"),
        ("p = 3.4 × 10^-6.", "0.0000034"),
        ("p = 2.1 x 10^-7, in", "0.00000021"),
    ],
)
def test_a_negative_power_of_ten_is_refused_as_unreadable(written: str, example: str) -> None:
    result = tieout.gate(f"The secondary signal had {written}", sources=[GWAS])
    assert not result.passed
    [claim] = result.claims
    assert claim.key.startswith("unreadable:")
    assert claim.status == "missing"
    assert f"({example} for " in (claim.reason or "")
    assert "power of ten" in (claim.reason or "")


def test_a_power_of_ten_at_a_sentence_end_is_not_read_as_its_mantissa() -> None:
    # "3.4 × 10^-5." had been read as 3.4 in the source and the draft alike
    assert extract("The secondary signal had p = 3.4 × 10^-5.") == []


# --------------------------------------------------------------------------- glued units

PK = "Median overall survival was 18.4 months. Cmax was 1,250 ng/mL in 812 patients."


@pytest.mark.parametrize(
    ("draft", "text", "key"),
    [
        ("The fusion protein weighs 52.3kDa.", "52.3", "number:52.3"),
        ("Titres reached 1,310AU.", "1,310", "number:1310"),
        ("Viral load fell 3.7logs.", "3.7", "number:3.7"),
        ("Enrollment reached 1,204pts.", "1,204", "number:1204"),
    ],
)
def test_a_figure_glued_to_an_unknown_unit_is_read_as_its_number(
    draft: str, text: str, key: str
) -> None:
    result = tieout.gate(draft, sources=[PK])
    assert claims(result) == [(text, key, "missing")]


def test_a_glued_figure_the_source_states_is_found() -> None:
    result = tieout.gate("Median OS was 18.4mo; Cmax 1,250ng/mL.", sources=[PK])
    assert claims(result) == [
        ("18.4mo", "quantity:month:18.4", "found"),
        ("1,250ng/mL", "quantity:ng/mL:1250", "found"),
    ]


@pytest.mark.parametrize(
    ("draft", "text", "key"),
    [
        ("Median OS was 19.6mos.", "19.6mos", "quantity:month:19.6"),
        ("Half-life was 14.5h.", "14.5h", "quantity:hour:14.5"),
        ("Cmax was 1,310ng/mL.", "1,310ng/mL", "quantity:ng/mL:1310"),
        ("IC50 was 3.7nM.", "3.7nM", "quantity:nM:3.7"),
    ],
)
def test_a_figure_glued_to_a_known_unit_is_read_with_it(draft: str, text: str, key: str) -> None:
    assert claims(tieout.gate(draft, sources=[PK])) == [(text, key, "missing")]


def test_codes_glued_to_letters_stay_codes() -> None:
    assert extract("the A320 and 4G lines, code $4.2m123") == []


# --------------------------------------------------------------------------- multiples

PK_FOLD = "Median PFS was 2.5 months. Exposure increased 3-fold at steady state."


def test_fold_is_a_multiple() -> None:
    figs = extract("a 14-fold rise, 2.5-fold more, a 3 fold gain")
    assert [(f.text, f.value, f.multiple) for f in figs] == [
        ("14-fold", Decimal("14"), True),
        ("2.5-fold", Decimal("2.5"), True),
        ("3 fold", Decimal("3"), True),
    ]


def test_an_invented_fold_is_refused_and_a_stated_one_found() -> None:
    result = tieout.gate("Exposure increased 14-fold at steady state.", sources=[PK_FOLD])
    assert claims(result) == [("14-fold", "number:14", "missing")]
    result = tieout.gate("Exposure increased 3-fold.", sources=[PK_FOLD])
    assert claims(result) == [("3-fold", "number:3", "found")]


def test_a_fold_is_not_found_as_a_count() -> None:
    result = tieout.gate("Exposure increased 3-fold.", sources=["We dosed 3 cohorts."])
    assert claims(result) == [("3-fold", "number:3", "missing")]


FUND = "Northwind Analytics returned 2.41x gross MOIC on $84.5 million invested."


@pytest.mark.parametrize(
    ("draft", "text", "key"),
    [
        ("Northwind Analytics returned x2.7 gross MOIC.", "x2.7", "number:2.7"),
        ("The Series C priced at a x4 step-up.", "x4", "number:4"),
        ("Gross MOIC: x3.1", "x3.1", "number:3.1"),
        ("Revenue rose ×2.3 in a year.", "×2.3", "number:2.3"),
    ],
)
def test_a_leading_x_multiple_is_a_claim(draft: str, text: str, key: str) -> None:
    assert claims(tieout.gate(draft, sources=[FUND])) == [(text, key, "missing")]


def test_a_leading_x_multiple_in_a_source_confirms_the_multiple() -> None:
    source = "| Company | Gross MOIC |\n|---|---|\n| Northwind | x2.41 |\n| Tallis | x1.91 |\n"
    result = tieout.gate("Northwind is at 2.41x and Tallis at 1.91x.", sources=[source])
    assert claims(result) == [
        ("2.41x", "number:2.41", "found"),
        ("1.91x", "number:1.91", "found"),
    ]


def test_an_x_that_is_no_multiple_sign_reads_no_multiple() -> None:
    figs = extract("x86 chips, the 0x1F flag, a 2×3 grid")
    assert [(f.text, f.multiple) for f in figs] == [("86", False), ("2", False), ("3", False)]


@pytest.mark.parametrize(
    "source",
    [
        "During the quarter the Fund made three new investments and one follow-on.",
        "We closed 3 new investments totalling $46.2 million.",
        "Two of the three board seats are held by the Fund.",
    ],
)
@pytest.mark.parametrize(
    "draft", ["Northwind has returned 3.0x invested capital.", "The Fund is at a 3x gross MOIC."]
)
def test_a_multiple_is_never_found_as_a_count(source: str, draft: str) -> None:
    result = tieout.gate(draft, sources=[source])
    assert [(c.key, c.status) for c in result.claims] == [("number:3", "missing")]


def test_a_decimal_multiple_is_found_as_a_decimal_bare_number_and_anchor() -> None:
    source = "We made 3 investments; the Fund's gross MOIC stood at 3.0 at year end."
    result = tieout.gate("The Fund is at 3.0x.", sources=[source])
    assert claims(result) == [("3.0x", "number:3", "found")]
    assert tieout.gate("MOIC was 2.41x.", sources=[], anchors={"moic": 2.41}).passed
    assert not tieout.gate("MOIC was 3.0x.", sources=[], anchors={"deals": 3}).passed


# --------------------------------------------------------------------------- currency after

SERIES_B = "Corvid Security raised $12.0 million in its Series B; ARR is $48.6M."


@pytest.mark.parametrize(
    ("draft", "text", "key", "status"),
    [
        ("Corvid raised 15 $M in its Series B.", "15 $M", "currency:USD:15000000", "missing"),
        ("Corvid raised 25 M$ in its Series B.", "25 M$", "currency:USD:25000000", "missing"),
        ("Corvid raised 7 M USD.", "7 M USD", "currency:USD:7000000", "missing"),
        ("ARR is 48.6 M$.", "48.6 M$", "currency:USD:48600000", "found"),
        ("Corvid raised 12.0 $M.", "12.0 $M", "currency:USD:12000000", "found"),
    ],
)
def test_the_currency_after_the_scale(draft: str, text: str, key: str, status: str) -> None:
    assert claims(tieout.gate(draft, sources=[SERIES_B])) == [(text, key, status)]


def test_a_spaced_scale_letter_without_a_currency_stays_a_bare_number() -> None:
    assert [(f.text, f.kind) for f in extract("The 5 M model")] == [("5", "number")]


# --------------------------------------------------------------------------- lists

MILESTONES = """(b) Sales Milestones. Hanseatic shall pay Veloxa the following one-time payments:
Annual Net Sales Threshold          Milestone Payment
$500,000,000                        $75,000,000
$1,000,000,000                      $150,000,000
$2,000,000,000                      $300,000,000
"""


@pytest.mark.parametrize(
    "draft",
    [
        "Sales milestones are $75, $150 and $300 million.",
        "Sales milestones are $75, $150, and $300 million.",
        "Sales milestones are $75/$150/$300 million.",
    ],
)
def test_a_list_shares_its_scale_word(draft: str) -> None:
    result = tieout.gate(draft, sources=[MILESTONES])
    assert [(c.key, c.status) for c in result.claims] == [
        ("currency:USD:75000000", "found"),
        ("currency:USD:150000000", "found"),
        ("currency:USD:300000000", "found"),
    ]


def test_only_the_invented_item_of_a_list_is_refused() -> None:
    result = tieout.gate("Sales milestones are $75, $175 and $300 million.", sources=[MILESTONES])
    assert [c.key for c in result.rejected] == ["currency:USD:175000000"]


def test_two_amounts_joined_by_and_keep_their_own_scale() -> None:
    figs = extract("a fee of $75 and $300 million of sales")
    assert [(f.text, f.value) for f in figs] == [
        ("$75", Decimal("75")),
        ("$300 million", Decimal("300000000")),
    ]


def test_a_slash_list_reads_each_figure_with_the_unit() -> None:
    figs = extract("at $0.5/1/2 billion of sales; coupons of 2.5/3/4% a year")
    assert [(f.text, f.kind, f.value) for f in figs] == [
        ("$0.5", "currency", Decimal("500000000.0")),
        ("1", "currency", Decimal("1000000000")),
        ("2 billion", "currency", Decimal("2000000000")),
        ("2.5", "percent", Decimal("2.5")),
        ("3", "percent", Decimal("3")),
        ("4%", "percent", Decimal("4")),
    ]


def test_a_slash_list_is_checked_item_by_item() -> None:
    source = "Sales milestones are triggered at Net Sales of $500,000,000, $1,000,000,000 and $2,000,000,000."
    result = tieout.gate("Milestones trigger at $0.5/1/3 billion of net sales.", sources=[source])
    assert [(c.key, c.status) for c in result.claims] == [
        ("currency:USD:500000000", "found"),
        ("currency:USD:1000000000", "found"),
        ("currency:USD:3000000000", "missing"),
    ]


def test_slashes_with_no_unit_stay_no_figure() -> None:
    assert extract("scores of 3/4/5 and open 24/7/365") == []


# --------------------------------------------------------------------------- rounding hint

LOSS = """Results of operations (in thousands, except per share data):
                                         2025          2024
Net loss                            $ (212,371)   $ (168,911)
Net loss per share, basic and diluted $   (3.42)   $    (3.18)
"""


def test_a_bare_number_is_never_hinted_to_an_amount_it_rounds() -> None:
    result = tieout.gate("VLX-418 inhibited KRAS G12C with an IC50 of 3.2.", sources=[LOSS])
    [claim] = result.claims
    assert (claim.key, claim.status) == ("number:3.2", "missing")
    assert claim.reason == "in neither this run's anchors nor its sources"
    assert claim.hint is None
    assert "3.18" not in result.message


def test_a_bare_number_is_never_accepted_as_the_rounding_of_an_amount() -> None:
    from tieout.gating.config import WorkflowConfig

    result = tieout.gate(
        "The IC50 was 3.2.", sources=[LOSS], config=WorkflowConfig(rounding="accept")
    )
    assert [(c.key, c.status) for c in result.claims] == [("number:3.2", "missing")]


def test_an_amount_still_gets_its_rounding_hint() -> None:
    result = tieout.gate("Net loss was $212.4 million.", sources=[LOSS])
    [claim] = result.claims
    assert claim.status == "missing"
    assert "(212,371)" in (claim.hint or "")
    # two significant digits round too many figures to name one
    result = tieout.gate("Net loss per share was $3.2.", sources=[LOSS])
    [claim] = result.claims
    assert claim.status == "missing"
    assert "(3.18)" not in (claim.hint or "")


def test_figure_helper_reads_middle_dots_in_tables() -> None:
    figs = extract("| Endpoint | HR |\n|---|---|\n| OS | 0·81 |\n")
    assert figure(figs, "0·81").value == Decimal("0.81")
