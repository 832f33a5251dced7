"""Operating statistics (REIT supplements, airline traffic, restaurant releases): counts,
durations, areas and prices per unit beside the amounts of a table, read as what they are."""

from __future__ import annotations

from decimal import Decimal

import tieout


def claims(draft: str, *sources: object) -> list[tuple[str, str, str]]:
    return [(c.text, c.key, c.status) for c in tieout.gate(draft, sources=list(sources)).claims]


AIRLINE_STATS = """OPERATING STATISTICS (unaudited)
                                              2025           2024        Change
Revenue passengers (000)                     12,418         11,986        3.6%
Economic fuel cost per gallon                 $2.61          $2.97      (12.1)%
Block hours                                 301,447        292,118        3.2%
Departures                                  118,206        115,430        2.4%
"""


def test_one_dollar_row_makes_no_other_rows_cells_dollars() -> None:
    assert claims("Block-hour costs were $301,447 in the quarter.", AIRLINE_STATS) == [
        ("$301,447", "currency:USD:301447", "missing")
    ]
    assert claims("Block hours rose 3.2% on 118,206 departures.", AIRLINE_STATS) == [
        ("3.2%", "percent:3.2", "found"),
        ("118,206", "number:118206", "found"),
    ]
    # the dollar row itself still confirms its price
    assert claims("Fuel cost $2.97 in 2024.", AIRLINE_STATS)[0][2] == "found"


def test_a_column_whose_first_figure_prints_the_dollar_keeps_it_for_its_bare_cells() -> None:
    statement = """                         2025          2024
Product revenue       $ 1,204.5     $ 1,100.2
Service revenue           310.7         298.4
Total revenue         $ 1,515.2     $ 1,398.6
"""
    assert claims("Service revenue was $310.7 in 2025.", statement) == [
        ("$310.7", "currency:USD:310.7", "found")
    ]


def test_points_after_two_decimals_are_percentage_points() -> None:
    src = (
        "Passenger load factor was 85.75%, up 1.25 points; adjusted pre-tax margin "
        "improved 0.80 pts."
    )
    draft = "Load factor rose 125 basis points and pre-tax margin 0.8 percentage points.\n"
    assert [(t, s) for t, _, s in claims(draft, src)] == [
        ("125 basis points", "found"),
        ("0.8 percentage points", "found"),
    ]
    # the draft side reads them so too
    assert claims("Load factor was up 1.25 points, margin 0.80pts.", src) == [
        ("1.25 points", "percent:1.25", "found"),
        ("0.80pts", "percent:0.8", "found"),
    ]


GUIDANCE = (
    "For 2026 we expect same-store cash NOI growth in the mid-3% range, restaurant-level "
    "margin in the high-17% range, and CASM-ex up low-2% year over year."
)


def test_a_band_around_a_figure_is_not_the_figure() -> None:
    draft = (
        "Same-store cash NOI is guided to grow 3% in 2026.\n"
        "Restaurant-level margin is guided at 17%.\n"
        "CASM-ex is expected to rise 2%.\n"
    )
    got = tieout.gate(draft, sources=[GUIDANCE]).claims
    assert [(c.text, c.key, c.status) for c in got] == [
        ("3%", "percent:3", "missing"),
        ("17%", "percent:17", "missing"),
        ("2%", "percent:2", "missing"),
    ]
    assert 'states it only as an approximation or a bound ("mid-3%")' in got[0].reason
    # the band restated as a band passes
    assert claims("NOI growth is guided to the mid-3% range.", GUIDANCE) == [
        ("3%", "percent:3", "found")
    ]


def test_psf_after_an_amount_is_per_square_foot() -> None:
    src = "Atlanta rents averaged $41.37 psf, and FFO was $42.15 per diluted share."
    assert claims("Atlanta rents averaged $41.37 per square foot.", src) == [
        ("$41.37", "currency:USD/sq ft:41.37", "found")
    ]
    assert claims("Atlanta rents averaged $42.15 psf.", src) == [
        ("$42.15", "currency:USD/sq ft:42.15", "missing")
    ]
    assert claims("Rents were $41.37 PSF, or $41.37 p.s.f.", src) == [
        ("$41.37", "currency:USD/sq ft:41.37", "found"),
        ("$41.37", "currency:USD/sq ft:41.37", "found"),
    ]


def test_distances_and_gallons_are_quantities() -> None:
    src = (
        "Average stage length was 1,287 miles, up 2.0% from 1,262 miles. Fuel consumed was "
        "218 million gallons."
    )
    assert claims("Average stage length was 1,287 km.", src) == [
        ("1,287 km", "quantity:km:1287", "missing")
    ]
    assert claims("Stage length was 1,287 miles on 218 million gal of fuel.", src) == [
        ("1,287 miles", "quantity:mi:1287", "found"),
        ("218 million gal", "quantity:gal:218000000", "found"),
    ]


LEASING = """Leasing Activity
                                              Q3 2025        Q2 2025
Weighted average lease term (years)               7.3            6.8
Free rent (months)                                9.4            8.7

Portfolio Summary by Market
                             Properties     Net Rentable
                                 (#)        Area (RSF)
Boston (CBD)                      14         6,218,440
Seattle                           11         4,106,215
"""


def test_a_row_labels_duration_and_a_headings_area_are_the_cells_units() -> None:
    draft = (
        "New leases had a weighted average term of 7.3 months.\n"
        "Free rent averaged 9.4 years.\n"
        "The Boston portfolio covers 6,218,440 square meters.\n"
        "The weighted average lease term was 7.3 years and free rent 9.4 months.\n"
        "Boston has 6,218,440 RSF in 14 properties.\n"
    )
    assert claims(draft, LEASING) == [
        ("7.3 months", "quantity:month:7.3", "missing"),
        ("9.4 years", "quantity:year:9.4", "missing"),
        ("6,218,440 square meters", "quantity:m²:6218440", "missing"),
        ("7.3 years", "quantity:year:7.3", "found"),
        ("9.4 months", "quantity:month:9.4", "found"),
        ("6,218,440 RSF", "quantity:RSF:6218440", "found"),
    ]


PRICED_ROWS = """Leasing Activity
                                              Q3 2025        Q2 2025
Weighted average starting cash rent (psf)      $58.42         $55.17
Economic fuel cost per gallon                   $2.61          $2.97
"""


def test_a_row_label_names_what_its_dollar_cells_are_the_price_of() -> None:
    draft = (
        "Starting cash rents were $58.42 per share.\n"
        "Jet fuel averaged $2.61 per barrel.\n"
        "Starting rents were $58.42 per square foot and fuel $2.61 per gallon.\n"
        "Fuel was $2.97 in Q2.\n"
    )
    expected = [
        ("$58.42", "currency:USD/share:58.42", "missing"),
        ("$2.61", "currency:USD/bbl:2.61", "missing"),
        ("$58.42", "currency:USD/sq ft:58.42", "found"),
        ("$2.61", "currency:USD/gal:2.61", "found"),
        ("$2.97", "currency:USD:2.97", "found"),
    ]
    # the full reading (a Document) and the gate's cheap reading of a text agree
    assert claims(draft, tieout.Document.from_text("supplement", PRICED_ROWS)) == expected
    assert claims(draft, PRICED_ROWS) == expected


def test_a_psf_column_prices_its_cells_per_square_foot() -> None:
    src = """Lease Expirations
Market          Leases     Rent PSF
Boston              74     $56.74
Seattle             31     $48.10
"""
    assert claims("Boston rents were $56.74 per square foot, Seattle $48.10 per share.", src) == [
        ("$56.74", "currency:USD/sq ft:56.74", "found"),
        ("$48.10", "currency:USD/share:48.1", "missing"),
    ]


FUEL = """Fuel expense reconciliation
($ in millions, except per gallon amounts)
                                    Three Months Ended June 30,
                                  2025                         2024
                           Dollars    Cost/Gallon       Dollars    Cost/Gallon
Raw or "into-plane" fuel     $ 598       $ 2.74          $ 651       $ 3.07
Gain on settled hedges         (28)       (0.13)           (24)       (0.11)
Economic fuel expense        $ 570       $ 2.61          $ 627       $ 2.97
"""


def test_a_cost_per_gallon_column_is_unscaled_prices_per_gallon() -> None:
    draft = (
        "Into-plane fuel cost $2.74 per gallon before hedges.\n"
        "Into-plane fuel was a $2.74 million expense.\n"
        "Settled hedges saved $130,000.\n"
        "Settled hedges saved $0.13 per gallon, or $28 million.\n"
    )
    expected = [
        ("$2.74", "currency:USD/gal:2.74", "found"),
        ("$2.74 million", "currency:USD:2740000", "missing"),
        ("$130,000", "currency:USD:130000", "missing"),
        ("$0.13", "currency:USD/gal:0.13", "found"),
        ("$28 million", "currency:USD:28000000", "found"),
    ]
    assert claims(draft, FUEL) == expected
    assert claims(draft, tieout.Document.from_text("release", FUEL)) == expected


CAPITALIZATION = """Capitalization and Leverage
($ in thousands, except per share amounts)
                                                 September 30, 2025
Common shares and units outstanding                    97,604
Share price at quarter end                            $ 48.37
Equity market capitalization                      $ 4,721,105
Weighted average years to maturity                        4.1
"""


def test_a_share_price_and_years_to_maturity_are_not_scaled() -> None:
    draft = (
        "The stock closed the quarter at $48.37.\n"
        "Each share was worth $48,370.\n"
        "Debt maturities carry $4,100 of weighted average.\n"
        "Equity market capitalization was $4,721.1 million; maturities average 4.1 years.\n"
    )
    assert claims(draft, CAPITALIZATION) == [
        ("$48.37", "currency:USD:48.37", "found"),
        ("$48,370", "currency:USD:48370", "missing"),
        ("$4,100", "currency:USD:4100", "missing"),
        ("$4,721.1 million", "currency:USD:4721100000", "missing"),  # a rounding: refused
        ("4.1 years", "quantity:year:4.1", "found"),
    ]


SUPPLEMENT = """Capitalization and Leverage
($ in thousands, except per share amounts)
                                                 September 30, 2025
Equity market capitalization                      $ 4,721,105
Total consolidated debt                             3,968,400

Lease Expirations (cash basis)
Year        Number of Leases    Square Feet    Annualized Rent ($000)    Rent psf
2026                74           1,482,600           84,117              $56.74
2027                81           1,907,245          112,630              $59.05
"""


def test_a_lease_schedule_by_year_keeps_its_headings_and_not_the_note_above() -> None:
    draft = (
        "Leases expiring in 2026 carry $1,482.6 million of annualized rent.\n"
        "Those 2026 leases pay $56,740 per year each.\n"
        "2026 expirations are priced at $56.74 per square foot.\n"
        "74 leases expire in 2026 with $84.117 million of annualized rent.\n"
        "Total consolidated debt was $3,968.4 million.\n"
    )
    # (years and a small count of leases are no claims)
    assert claims(draft, SUPPLEMENT) == [
        ("$1,482.6 million", "currency:USD:1482600000", "missing"),
        ("$56,740", "currency:USD/year:56740", "missing"),
        ("$56.74", "currency:USD/sq ft:56.74", "found"),
        ("$84.117 million", "currency:USD:84117000", "found"),
        ("$3,968.4 million", "currency:USD:3968400000", "found"),
    ]
    # the count of leases is no thousands of dollars
    assert claims("Leases expiring in 2026 carry $74,000 of rent.", SUPPLEMENT) == [
        ("$74,000", "currency:USD:74000", "missing")
    ]


TRAFFIC = """OPERATING STATISTICS (unaudited)
                                              2025           2024        Change
Revenue passenger miles, RPMs (000,000)      16,392         15,724        4.2%
Available seat miles, ASMs (000,000)         19,104         18,530        3.1%
Fuel gallons consumed (000,000)                 218            212        2.8%
"""


def test_000_000_in_a_row_label_or_a_note_is_millions() -> None:
    draft = "RPMs rose to 16,392 million on 19,104 million ASMs, burning 218 million gallons.\n"
    assert claims(draft, TRAFFIC) == [
        ("16,392 million", "number:16392000000", "found"),
        ("19,104 million", "number:19104000000", "found"),
        ("218 million gallons", "quantity:gal:218000000", "found"),
    ]
    # "(000,000)" is no figure 0
    noted = "Traffic (in 000,000s)\n                      2025      2024\nRPMs                16,392    15,724\n"
    assert claims("RPMs were 15,724 million in 2024.", noted) == [
        ("15,724 million", "number:15724000000", "found")
    ]
    assert [f.text for f in tieout.extract(TRAFFIC)].count("000,000") == 0


def test_a_change_then_a_level_keeps_the_level_a_count() -> None:
    draft = "Block hours rose 3.2% to 301,447, and departures increased 2.4% to 118,206.\n"
    assert claims(draft, AIRLINE_STATS) == [
        ("3.2%", "percent:3.2", "found"),
        ("301,447", "number:301447", "found"),
        ("2.4%", "percent:2.4", "found"),
        ("118,206", "number:118206", "found"),
    ]
    # a range of percents still shares its "%"
    assert [f.key for f in tieout.extract("Margins of 2% to 4 are guided.")] == [
        ("percent", "percent", Decimal(2)),
        ("percent", "percent", Decimal(4)),
    ]
