"""Scale notes and currency declarations as foreign and unusual filings print them.

A table printed right under another (no blank line, as text taken from a PDF) is scaled by
its own note; Portuguese, Spanish, German and French scale words; the Swiss and Nordic
"CHF Mio." / "TCHF" / "Belopp i MSEK" marks; a Mexican "$" under a pesos note; "($K)"
captions and quantity notes ("(thousands of MWh)").
"""

from __future__ import annotations

import tieout
from tieout.figures import extract, normalize
from tieout.gating.core import claim_class
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
    fr = "Le chiffre d'affaires atteint 4,7 milliards d'euros, dont 812 millions d'euros à l'export."
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
