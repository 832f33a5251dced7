"""Scale notes and currency declarations as foreign and unusual filings print them.

A table printed right under another (no blank line, as text taken from a PDF) is scaled by
its own note; Portuguese, Spanish, German and French scale words; the Swiss and Nordic
"CHF Mio." / "TCHF" / "Belopp i MSEK" marks; a Mexican "$" under a pesos note; "($K)"
captions and quantity notes ("(thousands of MWh)").
"""

from __future__ import annotations

import tieout
from tieout.figures import extract, normalize
from tieout.gating.gate import claim_class
from tieout.gating.lazy import LazySource


def _statuses(draft: str, source: str, **kw: object) -> dict[str, str]:
    r = tieout.gate(draft, sources=[source], **kw)  # type: ignore[arg-type]
    return {c.key: c.status for c in r.claims}


# --------------------------------------------------------------------- tables back to back

CRORE_THEN_LAKH = """\
(₹ in crore)                FY 2025-26     FY 2024-25
Net sales                   2,45,118.40    2,21,904.65
Operating profit              18,402.77      16,550.10
(Rs. in lakhs)      2026       2025
Dividend income     7,345.62   6,118.09
"""

EUR_MILLIONS_THEN_THOUSANDS = """\
(in EUR millions)         2026       2025
Property, plant           3,912.6    3,702.2
(in EUR thousands)        2026       2025
Finance income            6,274.9    5,811.3
"""


def test_second_table_under_first_takes_its_own_lakh_note() -> None:
    assert _statuses("Dividend income was ₹7,345.62 crore.", CRORE_THEN_LAKH) == {
        "currency:INR:73456200000": "missing"
    }
    assert _statuses("Dividend income was ₹7,345.62 lakh.", CRORE_THEN_LAKH) == {
        "currency:INR:734562000": "found"
    }
    # the first table keeps its crore
    assert _statuses("Net sales were ₹2,45,118.40 crore.", CRORE_THEN_LAKH) == {
        "currency:INR:2451184000000": "found"
    }


def test_second_table_under_first_takes_its_own_thousands_note() -> None:
    assert _statuses("Finance income was €6,274.9 million.", EUR_MILLIONS_THEN_THOUSANDS) == {
        "currency:EUR:6274900000": "missing"
    }
    assert _statuses("Finance income was €6,274.9 thousand.", EUR_MILLIONS_THEN_THOUSANDS) == {
        "currency:EUR:6274900": "found"
    }
    assert _statuses("PP&E was €3,912.6 million.", EUR_MILLIONS_THEN_THOUSANDS) == {
        "currency:EUR:3912600000": "found"
    }


def _lazy_agrees(source: str, drafts: list[str]) -> None:
    """A fresh on-demand reading of ``source`` answers each draft figure as the full one."""
    text = normalize(source)
    reference = LazySource(text, "s").full()
    for draft in drafts:
        for f in extract(draft):
            cls = claim_class(f) or "numeric"
            lazy = LazySource(text, "s").lookup(cls, f)
            assert (lazy is None) == (reference.lookup(cls, f) is None), (draft, f.text)


def test_tables_back_to_back_read_lazily_as_in_full() -> None:
    padding = "Management discussion of the year follows below.\n\n" * 400
    _lazy_agrees(
        padding + EUR_MILLIONS_THEN_THOUSANDS + padding + CRORE_THEN_LAKH,
        [
            "€6,274.9 thousand",
            "€6,274.9 million",
            "€3,912.6 million",
            "₹7,345.62 crore",
            "₹7,345.62 lakh",
        ],
    )


# --------------------------------------------------------------------- foreign scale words

BRAZIL = (
    "A receita operacional líquida somou R$ 8.765,4 milhões no trimestre. O lucro líquido "
    "atingiu R$ 1,3 bilhão e o Ebitda ajustado R$ 612,8 mi. A dívida bruta era de R$ 7,2 bi."
)


def test_portuguese_scale_words_scale_the_amount() -> None:
    got = _statuses(
        "Revenue was R$8,765.4 million, net income R$1.3 billion, adjusted EBITDA "
        "R$612.8 million and gross debt R$7.2 billion.",
        BRAZIL,
    )
    assert got == {
        "currency:BRL:8765400000": "found",
        "currency:BRL:1300000000": "found",
        "currency:BRL:612800000": "found",
        "currency:BRL:7200000000": "found",
    }


def test_portuguese_amount_without_its_scale_word_is_refused() -> None:
    got = _statuses("Revenue was R$8,765.4 and net income R$1.3.", BRAZIL)
    assert got == {"currency:BRL:8765.4": "missing", "currency:BRL:1.3": "missing"}


def test_spanish_millones_and_mil_millones() -> None:
    src = "Los ingresos fueron de MXN 23.456,7 millones y la deuda de MXN 4,5 mil millones."
    assert _statuses("Revenue MXN 23,456.7 million; debt MXN 4.5 billion.", src) == {
        "currency:MXN:23456700000": "found",
        "currency:MXN:4500000000": "found",
    }
    assert _statuses("Revenue MXN 23,456.7.", src) == {"currency:MXN:23456.7": "missing"}


def test_mi_alone_is_no_million() -> None:
    # "mi" is read as a million only after a real: "12 mi" of road is miles
    src = "The pipeline runs 345 mi from the coast."
    assert _statuses("The pipeline runs 345 million.", src) == {"number:345000000": "missing"}


def test_german_and_french_scale_words_before_the_currency_word() -> None:
    de = "Der Umsatz stieg auf 3.456,7 Millionen Euro, das Eigenkapital auf 2,4 Milliarden Euro."
    assert _statuses("Sales €3,456.7 million; equity €2.4 billion.", de) == {
        "currency:EUR:3456700000": "found",
        "currency:EUR:2400000000": "found",
    }
    fr = (
        "Le chiffre d'affaires atteint 4,7 milliards d'euros, dont 812 millions d'euros à l'export."
    )
    assert _statuses(
        "Sales €4.7 billion, of which €812 million abroad.", fr, source_numbers="comma"
    ) == {
        "currency:EUR:4700000000": "found",
        "currency:EUR:812000000": "found",
    }
    assert _statuses("Sales €4.7.", fr, source_numbers="comma") == {"currency:EUR:4.7": "missing"}


def test_foreign_scale_words_read_lazily_as_in_full() -> None:
    padding = "Relatório da administração segue abaixo.\n\n" * 400
    _lazy_agrees(
        padding + BRAZIL,
        ["R$8,765.4 million", "R$8,765.4", "R$612.8 million", "R$7.2 billion", "R$7.2"],
    )


# --------------------------------------------------------------------- pesos written "$"

MEXICO = """\
Grupo Industrial del Pacífico, S.A.B. de C.V.
(In millions of Mexican pesos)

Net sales were $18,204.3 million in 2026, compared with $16,877.9 million in 2025.
Operating income was Ps. 2,415.8 million.
"""


def test_dollar_sign_under_a_pesos_note_is_the_peso() -> None:
    assert _statuses("Net sales were MXN 18,204.3 million.", MEXICO) == {
        "currency:MXN:18204300000": "found"
    }
    assert _statuses("Net sales were US$18,204.3 million.", MEXICO) == {
        "currency:USD:18204300000": "missing"
    }
    assert _statuses("Operating income was MXN 2,415.8 million.", MEXICO) == {
        "currency:MXN:2415800000": "found"
    }


def test_ps_without_a_country_is_no_named_peso() -> None:
    # "Ps." is written by Mexican and Colombian filers alike: it confirms no MXN alone
    src = "Operating income was Ps. 2,415.8 million."
    assert _statuses("Operating income was MXN 2,415.8 million.", src) == {
        "currency:MXN:2415800000": "missing"
    }
    assert _statuses("Operating income was $2,415.8 million.", src) == {
        "currency:USD:2415800000": "missing"
    }


def test_dollar_sign_without_a_pesos_note_stays_the_us_dollar() -> None:
    src = "Net sales were $18,204.3 million in 2026."
    assert _statuses("Net sales were US$18,204.3 million.", src) == {
        "currency:USD:18204300000": "found"
    }


def test_pesos_note_read_lazily_as_in_full() -> None:
    padding = "Discussion of the year's results follows.\n\n" * 400
    _lazy_agrees(
        MEXICO + padding + "Cost of sales was $9,876.1 million.\n" + padding,
        ["MXN 9,876.1 million", "$9,876.1 million", "MXN 2,415.8 million", "$18,204.3 million"],
    )


# --------------------------------------------------------------------- Swiss, Nordic, French notes


def _statement(note: str) -> str:
    return (
        f"{note}            2026      2025\n"
        "Personalaufwand      63,218    59,774\n"
        "Abschreibungen       14,905    13,862\n"
    )


def test_currency_then_mio_inline() -> None:
    src = "Der Konzerngewinn betrug CHF Mio. 318.4 (Vorjahr CHF Mio. 297.6)."
    assert _statuses("Group profit CHF 318.4 million (prior year CHF 297.6 million).", src) == {
        "currency:CHF:318400000": "found",
        "currency:CHF:297600000": "found",
    }
    assert _statuses("Group profit CHF 318.4.", src) == {"currency:CHF:318.4": "missing"}
    de = "Die Rückstellungen stiegen auf EUR Mio. 72,9. Die Marge lag bei 11,4 %."
    assert _statuses("Provisions rose to €72.9 million.", de, source_numbers="comma") == {
        "currency:EUR:72900000": "found"
    }


def test_currency_then_mio_notes() -> None:
    for note, cur in [
        ("(in CHF Mio.)", "CHF"),
        ("CHF Mio.", "CHF"),
        ("(in € Mio.)", "EUR"),
        ("EUR Mio.", "EUR"),
        ("DKK mio.", "DKK"),
        ("(Mio. DKK)", "DKK"),
    ]:
        src = _statement(note)
        draft = f"Personnel expenses were {cur} 63,218 million."
        assert _statuses(draft, src, source_numbers="point") == {
            f"currency:{cur}:63218000000": "found"
        }, note
        draft = f"Personnel expenses were {cur} 63,218 thousand."
        assert _statuses(draft, src, source_numbers="point") == {
            f"currency:{cur}:63218000": "missing"
        }, note


def test_swiss_thousands_and_nordic_belopp_notes() -> None:
    for note, draft, key in [
        ("(in TCHF)", "CHF 63,218 thousand", "currency:CHF:63218000"),
        ("in CHF 1'000", "CHF 63,218 thousand", "currency:CHF:63218000"),
        ("in 1'000 CHF", "CHF 63,218 thousand", "currency:CHF:63218000"),
        ("Belopp i MSEK", "SEK 63,218 million", "currency:SEK:63218000000"),
        ("Beløp i MNOK", "NOK 63,218 million", "currency:NOK:63218000000"),
    ]:
        got = _statuses(
            f"Personnel expenses were {draft}.", _statement(note), source_numbers="point"
        )
        assert got == {key: "found"}, note


def test_swiss_franc_marks() -> None:
    src = "Die Dividende beträgt Fr. 3.40 je Aktie. Der Umsatz erreichte SFr. 2.6 Mrd."
    assert _statuses("The dividend is CHF 3.40 per share; sales CHF 2.6 billion.", src) == {
        "currency:CHF/share:3.4": "found",
        "currency:CHF:2600000000": "found",
    }


def test_french_note_en_millions_d_euros() -> None:
    src = (
        "en millions d'euros        2026      2025\n"
        "Chiffre d'affaires       3 412,7   3 108,9\n"
        "Résultat net               287,3     251,6\n"
    )
    assert _statuses("Net profit €287.3 million.", src, source_numbers="comma") == {
        "currency:EUR:287300000": "found"
    }
    assert _statuses("Net profit €287.3 thousand.", src, source_numbers="comma") == {
        "currency:EUR:287300": "missing"
    }


def test_swiss_and_nordic_notes_read_lazily_as_in_full() -> None:
    padding = "Lagebericht und Erläuterungen folgen.\n\n" * 400
    _lazy_agrees(
        padding + _statement("in CHF 1'000") + padding + _statement("Belopp i MSEK") + padding,
        ["CHF 63,218 thousand", "CHF 63,218 million", "SEK 14,905 million", "SEK 14,905"],
    )


# --------------------------------------------------------------------- "$K" and quantity notes


def _deck(caption: str) -> str:
    return (
        f"Slide 7 - Net new ARR by quarter {caption}\n\n"
        "| Quarter | Enterprise | Mid-market | Total |\n|---|---|---|---|\n"
        "| Q1 FY2026 | 1,860 | 940 | 2,800 |\n| Q2 FY2026 | 2,215 | 1,075 | 3,290 |\n"
    )


def test_dollar_capital_k_caption_is_thousands() -> None:
    for caption in ("($K)", "(in $K)"):
        got = _statuses("Q2 net new ARR was $3.29 million ($2,215,000 enterprise).", _deck(caption))
        assert got == {"currency:USD:3290000": "found", "currency:USD:2215000": "found"}, caption
        assert _statuses("Q2 net new ARR was $3,290.", _deck(caption)) == {
            "currency:USD:3290": "missing"
        }, caption


def test_quantity_notes_scale_quantities() -> None:
    mwh = "Table 5 — Net generation by fuel (thousands of MWh)\n\n| Fuel | 2025 | 2026 |\n|---|---|---|\n| Gas | 11,806 | 12,431 |\n"
    assert _statuses("Gas generation rose to 12.431 million MWh.", mwh) == {
        "quantity:MWh:12431000": "found"
    }
    co2 = "Table 6 — Emissions ('000 tCO2e)\n\n| Scope | 2025 | 2026 |\n|---|---|---|\n| Scope 1 | 4,918 | 4,502 |\n"
    assert _statuses("Scope 1 fell to 4,502,000 tCO2e.", co2) == {"quantity:tCO2e:4502000": "found"}
    tons = "Scope 1 by segment (thousand metric tons CO2e)\n\n| Segment | 2025 | 2026 |\n|---|---|---|\n| Power | 3,377 | 3,104 |\n"
    assert _statuses("Power emitted 3,104,000 metric tons CO2e.", tons) == {
        "quantity:tCO2e:3104000": "found"
    }
    # a quantity note names no money: its cells confirm no dollar amount
    assert _statuses("Gas generation cost $12.431 million.", mwh) == {
        "currency:USD:12431000": "missing"
    }


# --------------------------------------------------------------------- Nordic comparatives


def test_nordic_prior_year_after_a_prefix_unit() -> None:
    for src in (
        "Nettoomsättningen ökade till MSEK 6,284 (5,917) under året.",
        "Net sales rose to SEK 6,284m (5,917) in the year.",
        "Net sales rose to SEK 6,284m (5,917m) in the year.",
    ):
        assert _statuses("Prior-year net sales were SEK 5,917 million.", src) == {
            "currency:SEK:5917000000": "found"
        }, src
        assert _statuses("Prior-year net sales were SEK 5,917.", src) == {
            "currency:SEK:5917": "missing"
        }, src


def test_bracket_after_an_amount_that_is_no_comparative() -> None:
    # a year, a labelled bracket and a footnote's mark take no currency
    src = "Net sales rose to SEK 6,284m (2025: 5,917) and EUR 41.2m (2024) and EUR 3.1m (4)."
    got = _statuses("Sales were SEK 2,025 million, EUR 2,024 million and EUR 4 million.", src)
    assert got == {
        "currency:SEK:2025000000": "missing",
        "currency:EUR:2024000000": "missing",
        "currency:EUR:4000000": "missing",
    }


def test_dollar_amount_bracket_is_no_comparative() -> None:
    src = "Revenue was $48.6 million (12) for the quarter."
    assert _statuses("Revenue was $12 million.", src) == {"currency:USD:12000000": "missing"}


def test_nordic_comparatives_read_lazily_as_in_full() -> None:
    padding = "Förvaltningsberättelse och kommentarer följer.\n\n" * 400
    _lazy_agrees(
        padding + "Rörelseresultatet uppgick till MSEK 1,204 (1,117).\n" + padding,
        ["SEK 1,117 million", "SEK 1,117", "SEK 1,204 million"],
    )
