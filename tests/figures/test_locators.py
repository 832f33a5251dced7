"""Identifiers, locators and section references: the digits of a register entry, a trial's
number, a page, a figure, a version, a street address or a phone number are no figure (in
a source they confirm nothing, in a draft they are no claim), and section references a
draft writes in pairs ("Section 8.3 and 8.4", "Sections 8.3/8.4") or cites from numbered
Markdown headings ("## 3. People") are sections."""

from __future__ import annotations

import pytest

import tieout
from tieout.figures import extract, normalize
from tieout.gating.gate import claim_class
from tieout.gating.lazy import LazySource


def _claims(draft: str, source: str) -> list[tuple[str, str]]:
    r = tieout.gate(draft, sources=[source])
    return [(c.key, c.status) for c in r.claims]


# (a source line that prints an identifier or a locator, a draft figure with its digits)
CONFIRMS_NOTHING = [
    ("The trial is conducted under IND 145678.", "Orvane screened 145,678 patients.", "145678"),
    ("Results of Study 3012 are expected in May.", "Orvane had 3,012 employees.", "3012"),
    ("Protocol KRX221-3012, amendment 4, was approved.", "Orvane had 3,012 employees.", "3012"),
    ("KRX-221 (CAS 2095432-58-3) is an oral inhibitor.", "We shipped 2,095,432 doses.", "2095432"),
    ("Events were coded with MedDRA version 26.1.", "Median follow-up was 26.1.", "26.1"),
    ("Analyses used SAS version 9.4.", "The estimate was 9.4.", "9.4"),
    ("Listings begin on page 1,204 of the report.", "Orvane holds 1,204 patents.", "1204"),
    ("See pages 1,204-1,210 of the report.", "Orvane holds 1,210 patents.", "1210"),
    ("Survival curves are shown in Figure 2.3.", "The ratio was 2.3.", "2.3"),
    ("Published in Lancet Oncol 2026;27:1120-1131.", "Orvane had 1,131 employees.", "1131"),
    (
        "Orvane Inc., 1100 Binney Street, Suite 400, Boston, MA 02142.",
        "It has 1,100 staff.",
        "1100",
    ),
    ("Fair value is described in Note 2.3, Valuation.", "Cash conversion was 2.3.", "2.3"),
    ("Proceeds are shown in Table 2.3 below.", "Cash conversion was 2.3.", "2.3"),
    ("Risk factors are under Item 2.3 of the memorandum.", "Cash conversion was 2.3.", "2.3"),
    ("Pricing engine Release 2.3 shipped in August.", "Cash conversion was 2.3.", "2.3"),
    ("Cohort detail is on Slide 2.3 of the appendix.", "Cash conversion was 2.3.", "2.3"),
    ("Amtsgericht Stuttgart HRB 765432.", "The group has 765,432 customers.", "765432"),
    ("WKN 654321, ISIN DE0006543210.", "The group has 654,321 shares.", "654321"),
    ("Org.nr 556012-5790.", "The group has 5,790 meters.", "5790"),
    ("CVR-nr. 12345678.", "The group sold 12,345,678 units.", "12345678"),
    ("Valorennummer 1'203'204.", "The group has 1,203,204 subscribers.", "1203204"),
    ("IBAN DE89 3704 0044 0532 0130 00.", "The group has 3,704 stores.", "3704"),
    ("Investor Relations: Tel. +49 711 636 12345", "The group has 12,345 employees.", "12345"),
    ("Investor Relations: Tel.: 0711 / 636 12345", "The group has 12,345 employees.", "12345"),
    ("Investor Relations: Tel. +49 711 63612345", "It has 63,612,345 shares.", "63612345"),
]


@pytest.mark.parametrize(("source", "draft", "digits"), CONFIRMS_NOTHING)
def test_an_identifier_or_locator_in_a_source_confirms_nothing(
    source: str, draft: str, digits: str
) -> None:
    assert _claims(draft, source) == [(f"number:{digits}", "missing")]


def test_the_skips_name_what_each_is() -> None:
    text = (
        "Orvane Inc., 1100 Binney Street. CAS 2095432-58-3; see pages 1,204-1,210, Figure 2.3 "
        "and Lancet 2026;27:1120-1131. Tel. +49 711 636 12345. CNPJ 12.345.678/0001-90."
    )
    skips: list[tuple[tuple[int, int], str, str]] = []
    figs = extract(text, skips=skips)
    # (a citation's year and a phone's country code remain, no claims: a year, two digits)
    assert [f.text for f in figs] == ["2026", "49"]
    assert [(what, reason) for _, what, reason in skips] == [
        ("1100", "identifier"),
        ("2095432-58-3", "identifier"),
        ("1,204-1,210", "locator"),
        ("2.3", "locator"),
        ("27", "locator"),
        ("1131", "locator"),
        ("711", "phone"),
        ("636", "phone"),
        ("12345", "phone"),
        ("12.345.678/0001-90", "identifier"),
    ]


def test_identifiers_and_locators_in_a_draft_are_no_claims() -> None:
    draft = (
        "Nordwerk AG (HRB 123456, WKN 716460; Org.nr 556012-5790; CVR-nr. 12345678; "
        "CNPJ 12.345.678/0001-90; Valorennummer 1'203'204), 1100 Binney Street, had revenue "
        "of $1,234.5 million (see Note 2.3, Figure 2.3 and page 1,204; model version 2.3)."
    )
    r = tieout.gate(draft, sources=["Revenue was $1,234.5 million."])
    assert r.passed
    assert [(c.key, c.status) for c in r.claims] == [("currency:USD:1234500000", "found")]
    kinds = [(c.kind, c.text) for c in r.carve_outs]
    assert ("identifier", "12.345.678/0001-90") in kinds
    assert ("identifier", "556012-5790") in kinds
    assert ("locator", "1,204") in kinds
    assert ("locator", "2.3") in kinds


@pytest.mark.parametrize(
    ("draft", "keys"),
    [
        # the word "figure" names a claim, never a locator
        ("The figure of $4.2 million was restated.", ["currency:USD:4200000"]),
        ("Figure 3 shows revenue of $4.2 million.", ["currency:USD:4200000"]),
        # a label with a colon introduces a figure
        ("Note: 1,200 of them are part-time.", ["number:1200"]),
        # lower-case words that are no labels
        ("In the study 3,012 patients enrolled.", ["number:3012"]),
        ("The table shows 2,400 stores.", ["number:2400"]),
        # a number with a thousands separator before a street is a count
        ("It owns 1,100 Main Street branches.", ["number:1100"]),
        # "Valor" alone is a value, no register ("Valorennummer" is)
        ("Valor 4,200 pago em 2025.", ["number:4200"]),
        # a signed change is no country code when its figure has a separator
        ("Headcount moved +49 to 1,250.", ["number:1250"]),
    ],
)
def test_ordinary_prose_keeps_its_figures(draft: str, keys: list[str]) -> None:
    r = tieout.gate(draft, sources=["Nothing here."])
    assert [c.key for c in r.claims] == keys
    assert not r.passed


LPA = """ARTICLE VIII

8.3 Distribution Waterfall. Proceeds are distributed first to the Limited Partners.

8.4 Clawback. The General Partner shall return any excess carried interest.

9.1 Management Fee. The Partnership shall pay the Management Fee quarterly.
"""


@pytest.mark.parametrize(
    ("draft", "keys"),
    [
        ("The terms are in Section 8.3 and 8.4 of the LPA.", ["section:8.3", "section:8.4"]),
        ("Clause 8.3 or 8.4 applies.", ["section:8.3", "section:8.4"]),
        ("The economics are in Sections 8.3/8.4 of the LPA.", ["section:8.3", "section:8.4"]),
        ("See §§ 8.3/8.4.", ["section:8.3", "section:8.4"]),
        ("Sections 8.4/9.1 cover the clawback and the fee.", ["section:8.4", "section:9.1"]),
    ],
)
def test_sections_named_in_pairs_are_sections(draft: str, keys: list[str]) -> None:
    r = tieout.gate(draft, sources=[LPA])
    assert [(c.key, c.status) for c in r.claims] == [(k, "found") for k in keys]
    assert r.passed


def test_a_pair_of_sections_cites_only_what_exists() -> None:
    r = tieout.gate("See Section 8.4 and 8.5.", sources=[LPA])
    assert [(c.key, c.status) for c in r.claims] == [
        ("section:8.4", "found"),
        ("section:8.5", "missing"),
    ]


def test_a_figure_after_a_singular_section_stays_a_figure() -> None:
    # another head: "Section 7.11 and 4.25" is no list of sections
    figs = extract("as required by Section 7.11 and 4.25 thereafter")
    assert [(f.kind, f.text) for f in figs] == [("section", "Section 7.11"), ("number", "4.25")]
    # a slash pair of figures is read as before
    figs = extract("Margins were 2.84/2.61% in the quarter.")
    assert [(f.kind, str(f.value)) for f in figs] == [("percent", "2.84"), ("percent", "2.61")]


REPORT = """# Halden Group: 2025 Sustainability Report

Introduction text.

## 2. Climate

### 2.1 Targets

We committed to reduce Scope 1 and 2 emissions 42% by 2030.

## 3. People

Women held 31.5% of management roles.

## 4 Customer Data

Text.
"""


def test_numbered_markdown_headings_are_sections() -> None:
    r = tieout.gate(
        "Targets are in Section 2.1 and people data in Section 3; see also §4 and Section 5.",
        sources=[REPORT],
    )
    assert [(c.key, c.status) for c in r.claims] == [
        ("section:2.1", "found"),
        ("section:3", "found"),
        ("section:4", "found"),
        ("section:5", "missing"),
    ]
    assert r.claims[1].reason == 'found in source 1: the heading "3. People"'


@pytest.mark.parametrize(
    "text",
    [REPORT, "\n".join(s for s, _, _ in CONFIRMS_NOTHING), LPA],
    ids=["markdown", "identifiers", "lpa"],
)
def test_lazy_reading_agrees(text: str) -> None:
    text = normalize(text, "auto")
    full = LazySource(text, "s").full()
    drafts = [d for _, d, _ in CONFIRMS_NOTHING] + [
        "Section 2.1, Section 3, §4, Section 2.2, Section 8.4, Section 9.1"
    ]
    for draft in drafts:
        for f in extract(normalize(draft, "point")):
            cls = claim_class(f) or "numeric"
            lazy = LazySource(text, "s").lookup(cls, f)
            assert (lazy is None) == (full.lookup(cls, f) is None), (draft, f.text)
