"""European number forms in sources: a bracketed year after a trailing unit, groups spaced
with a plain space, German scales as evidence of the comma convention, percentage-point
words, a point-style rate in a comma source, and the cost of "Mio. €" anchors."""

from __future__ import annotations

from decimal import Decimal

import tieout
from tieout.figures import detect_numbers, extract, normalize


def _statuses(draft: str, source: str, **kw: str) -> dict[str, str]:
    r = tieout.gate(draft, sources=[source], **kw)
    return {c.key: c.status for c in r.claims}


# --------------------------------------------------------------------------- D1


def test_a_bracketed_year_after_a_trailing_unit_is_no_amount() -> None:
    src = "Der Konzernumsatz stieg auf 2.418,7 Mio. € (2025: 2.203,9 Mio. €). Marge 9,4 %."
    assert _statuses("Revenue was €2,025 million.", src) == {"currency:EUR:2025000000": "missing"}
    assert _statuses("Revenue €2,418.7 million (2025: €2,203.9 million).", src) == {
        "currency:EUR:2418700000": "found",
        "currency:EUR:2203900000": "found",
    }


def test_a_counted_word_or_a_bare_year_in_brackets_takes_no_unit() -> None:
    assert _statuses("Sales were €12 million.", "Umsatz 845,2 Mio. € (12 Monate).") == {
        "currency:EUR:12000000": "missing"
    }
    src = "Umsatz 845,2 Mio. € (2026) bzw. 790,1 Mio. € (2024)."
    assert _statuses("Sales were €2,024 million.", src) == {"currency:EUR:2024000000": "missing"}
    assert _statuses(
        "Sales were SEK 2,025 million.", "Nettoomsättning 3 210,4 MSEK (2025: 2 980,0 MSEK)."
    ) == {"currency:SEK:2025000000": "missing"}


def test_the_nordic_comparative_after_a_trailing_unit_still_reads() -> None:
    src = "Net sales 12,345 MSEK (11,020)."
    assert _statuses("Net sales SEK 11,020 million.", src) == {"currency:SEK:11020000000": "found"}


# --------------------------------------------------------------------------- D2


def test_plainly_spaced_groups_are_one_number_in_a_comma_source() -> None:
    src = "Nettoomsättningen ökade till 48 903 MSEK. Rörelsemarginal 11,2 %."
    assert _statuses("Net sales were SEK 903 million.", src) == {
        "currency:SEK:903000000": "missing"
    }
    assert _statuses("Net sales were SEK 48,903 million.", src) == {
        "currency:SEK:48903000000": "found"
    }
    fr = "Le chiffre d'affaires atteint 3 456,7 M€, soit 4,1 % de plus."
    assert _statuses("Revenue €3,456.7 million.", fr) == {"currency:EUR:3456700000": "found"}
    assert _statuses("Revenue €456.7 million.", fr) == {"currency:EUR:456700000": "missing"}


def test_a_capital_with_three_spaced_groups_confirms_only_the_whole() -> None:
    src = "Capital social : 24 681 357 €."
    assert _statuses("Share capital is €357.", src) == {"currency:EUR:357": "missing"}
    assert _statuses("Share capital is €24,681,357.", src) == {"currency:EUR:24681357": "found"}


def test_a_year_or_a_phone_block_is_no_head_of_spaced_groups() -> None:
    text = "in 2026 345 Filialen; Tel. +1 212 555 1234; 2026 12 345; 1 234 567,8"
    assert normalize(text, "comma") == (
        "in 2026 345 Filialen; Tel. +1 212 555 1234; 2026 12 345; 1,234,567.8"
    )
    assert normalize("in 2026 345 stores", "point") == "in 2026 345 stores"


# --------------------------------------------------------------------------- D3, D4


def test_german_scales_and_dot_grouped_cells_are_comma_evidence() -> None:
    assert detect_numbers("Der Umsatz betrug 4.812 Mio. € nach 3.950 Mio. €.") == "comma"
    assert detect_numbers("in Mio. €   2026   2025\nUmsatz   4.812   4.420\n") == "comma"
    assert detect_numbers("Umsatz        812.345    745.120\n") == "comma"
    assert detect_numbers("The EUR/USD rate was 1.085.") == "point"  # one, one digit before


def test_a_dot_grouped_german_figure_confirms_no_decimal() -> None:
    src = "Der Umsatz betrug 4.812 Mio. € nach 3.950 Mio. € im Vorjahr."
    assert _statuses("Revenue was €4.812 million.", src) == {"currency:EUR:4812000": "missing"}
    assert _statuses("Revenue was €4,812 million.", src) == {"currency:EUR:4812000000": "found"}
    table = (
        "in Tsd. €                 2026       2025\nUmsatzerlöse            812.345    745.120\n"
    )
    assert _statuses("Revenue was €812,345.", table) == {"currency:EUR:812345": "missing"}
    assert _statuses("Revenue was €812,345 thousand.", table) == {"currency:EUR:812345000": "found"}


def test_clear_comma_figures_are_detected() -> None:
    for text in (
        "Chiffre d'affaires 1\u202f234,5 M€.",
        "Chiffre d'affaires 1\u00a0234,5 M€.",
        "Résultat net 45,6 M€.",
        "EBIT 234,5 MSEK.",
        "Ergebnis je Aktie        3,45       3,06\n",
    ):
        assert detect_numbers(text) == "comma", text
    assert _statuses("Net income €45.6 million.", "Résultat net 45,6 M€.") == {
        "currency:EUR:45600000": "found"
    }


# --------------------------------------------------------------------------- D14


def test_german_and_french_percentage_point_words() -> None:
    src = (
        "Die Marge stieg um 1,7 Prozentpunkte auf 14,2 %; die Quote sank um 0,6 Pp.; plus 2,3 Pkt."
    )
    assert _statuses("Margin up 1.7 percentage points; ratio down 0.6 pp; up 2.3 points.", src) == {
        "percent:1.7": "found",
        "percent:0.6": "found",
        "percent:2.3": "found",
    }
    fr = "La marge brute progresse de 1,4 point à 31,2 %."
    assert _statuses("Gross margin rose 1.4 points.", fr) == {"percent:1.4": "found"}


# --------------------------------------------------------------------------- D18


def test_a_point_style_rate_in_a_comma_source_is_no_thousands_percent() -> None:
    src = "Die Anleihe (Kupon 5.125%) über 750 Mio. € wurde platziert. Marge 12,5 %."
    assert _statuses("The coupon is 5,125%.", src, source_numbers="comma") == {
        "percent:5125": "missing"
    }
    figs = extract("Kurs stieg um 1.234 % und 12,5 %", numbers="comma")
    assert [(f.text, f.value) for f in figs] == [
        ("1.234 %", Decimal("1234")),
        ("12,5 %", Decimal("12.5")),
    ]


# --------------------------------------------------------------------------- D16


def test_many_mio_anchors_are_read() -> None:
    # (how fast is bench/bench_gate.py's business: its adversarial "'Mio. €' headings")
    headers = "Mio. € " * 5000 + "12,5 %"
    assert tieout.gate("The margin was 12.5%.", sources=[headers]).passed
