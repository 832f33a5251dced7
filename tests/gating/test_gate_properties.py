"""The gate by property: any supported spelling of a source figure passes, and changing any one
of its digits is always caught (unless the change makes it a year, which is never a claim)."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from hypothesis import HealthCheck, assume, example, given, settings
from hypothesis import strategies as st

import tieout
from tieout.figures import extract
from tieout.gating import sanitize

SETTINGS = settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])

SCRIPTS = {
    "ascii": str.maketrans("", ""),
    "fullwidth": str.maketrans("0123456789", "０１２３４５６７８９"),
    "arabic-indic": str.maketrans("0123456789", "٠١٢٣٤٥٦٧٨٩"),
}
SCALES = [
    ("", Decimal(1)),
    ("k", Decimal(10) ** 3),
    ("K", Decimal(10) ** 3),
    (" thousand", Decimal(10) ** 3),
    ("M", Decimal(10) ** 6),
    ("m", Decimal(10) ** 6),
    (" million", Decimal(10) ** 6),
    ("bn", Decimal(10) ** 9),
    (" billion", Decimal(10) ** 9),
]
CURRENCY = [("$", ""), ("USD ", ""), ("US$", ""), ("", " USD")]
PERCENT = ["%", " percent", " per cent", " pct"]


@dataclass(frozen=True)
class Spelling:
    """A figure written one way: ``before`` + ``number`` + ``after``, digits in ``script``."""

    before: str
    number: str  # ASCII digits, '.' and ','
    after: str
    script: str

    def text(self, number: str | None = None) -> str:
        body = (self.number if number is None else number).translate(SCRIPTS[self.script])
        return f"{self.before}{body}{self.after}"


def plain(d: Decimal) -> str:
    text = format(d.normalize(), "f")
    return text.rstrip("0").rstrip(".") if "." in text else text


def grouped(d: Decimal, sep: str = ",") -> str:
    """Thousands groups with ``sep``: a comma, or the thin/no-break space typesetters use."""
    whole, dot, frac = plain(d).partition(".")
    return f"{int(whole):,}".replace(",", sep) + dot + frac


SEPARATORS = [",", ",", "\u2009", "\u00a0", "\u202f"]


@st.composite
def spellings(draw: st.DrawFn, value: Decimal, kind: str) -> Spelling:
    script = draw(st.sampled_from(sorted(SCRIPTS)))
    if kind == "percent":
        number = draw(st.sampled_from([plain(value), grouped(value)]))
        return Spelling("", number, draw(st.sampled_from(PERCENT)), script)
    usable = [(w, s) for w, s in SCALES if s == 1 or value / s >= 1]
    word, scale = draw(st.sampled_from(usable))
    q = value / scale
    number = draw(st.sampled_from([plain(q), grouped(q, draw(st.sampled_from(SEPARATORS)))]))
    if kind == "currency":
        before, after = draw(st.sampled_from(CURRENCY))
        if after and word:
            after = ""  # "4.2 million USD" reads fine, but keep one form: "$4.2 million"
            before = "$"
        return Spelling(before, number, word + after, script)
    return Spelling("", number, word, script)


# positive amounts written to at most two decimals; bare numbers large enough to be claims
amounts = st.one_of(
    st.integers(min_value=1, max_value=10**10).map(Decimal),
    st.integers(min_value=1, max_value=10**11).map(lambda n: Decimal(n).scaleb(-1)),
    st.integers(min_value=1, max_value=10**12).map(lambda n: Decimal(n).scaleb(-2)),
)
kinds = st.sampled_from(["currency", "percent", "number"])


def sentence(figure: str) -> str:
    return f"Revenue was {figure} for the quarter."


def is_year(spelling: Spelling, number: str) -> bool:
    """A bare four-digit whole number 1900-2099: never a claim, whatever it replaced."""
    return (
        spelling.before == ""
        and spelling.after == ""
        and number.isdigit()
        and len(number) == 4
        and 1900 <= int(number) <= 2099
    )


@st.composite
def cases(draw: st.DrawFn) -> tuple[str, Decimal, Spelling, Spelling]:
    kind = draw(kinds)
    value = draw(amounts)
    if kind == "percent":
        value = value.scaleb(-2) if value > 1000 else value
    source = draw(spellings(value, kind))
    draft = draw(spellings(value, kind))
    return kind, value, source, draft


@SETTINGS
@given(cases())
@example(
    (
        "currency",
        Decimal(4200000),
        Spelling("$", "4,200,000", "", "ascii"),
        Spelling("$", "4.2", " million", "ascii"),
    )
)
@example(
    (
        "percent",
        Decimal(32),
        Spelling("", "32", "%", "ascii"),
        Spelling("", "32", " percent", "fullwidth"),
    )
)
@example(
    (
        "number",
        Decimal(2000),
        Spelling("", "2,000", "", "ascii"),
        Spelling("", "2", "k", "arabic-indic"),
    )
)
def test_any_spelling_of_a_source_figure_passes(
    case: tuple[str, Decimal, Spelling, Spelling],
) -> None:
    _, _, source, draft = case
    result = tieout.gate(sentence(draft.text()), sources=[sentence(source.text())])
    assert result.passed, [(c.text, c.key, c.reason) for c in result.rejected]
    assert [c.status for c in result.claims] in ([], ["found"])


@SETTINGS
@given(cases(), st.data())
@example(
    (
        "currency",
        Decimal(4200000),
        Spelling("$", "4,200,000", "", "ascii"),
        Spelling("$", "4.2", " million", "ascii"),
    ),
    None,
)
def test_changing_any_digit_is_caught(
    case: tuple[str, Decimal, Spelling, Spelling], data: st.DataObject | None
) -> None:
    _, _, source, draft = case
    positions = [i for i, ch in enumerate(draft.number) if ch.isdigit()]
    if data is None:  # the explicit example: 4.2 -> 4.3
        at, digit = 2, "3"
    else:
        at = data.draw(st.sampled_from(positions))
        digit = data.draw(st.sampled_from([d for d in "0123456789" if d != draft.number[at]]))
    changed = draft.number[:at] + digit + draft.number[at + 1 :]
    original = tieout.gate(sentence(draft.text()), sources=[sentence(source.text())])
    assume(original.claims)  # "123" is no claim, so neither is "124"
    assume(not is_year(draft, changed))  # years never count, by design
    # the changed figure must not happen to be in the source: other figures there too
    distractors = "Costs were $1,100,000 and margin 26.2%, with 4,321 units."
    source_values = {f.value for f in extract(distractors + " " + source.text())}
    [new] = extract(sentence(draft.text(changed)))
    assume(new.value not in source_values)
    result = tieout.gate(
        sentence(draft.text(changed)), sources=[distractors + "\n" + sentence(source.text())]
    )
    assert not result.passed, (draft.text(changed), source.text())
    [bad] = result.rejected
    assert bad.text == sanitize(draft.text(changed))  # ASCII digits, commas between groups
    assert bad.key != original.claims[0].key


@SETTINGS
@given(
    st.text(
        alphabet=st.sampled_from(list("0123456789 ,.$%€\n-–kmM§٣４\u200b\u00a0abc")), max_size=60
    )
)
def test_claims_point_into_the_sanitised_text(draft: str) -> None:
    result = tieout.gate(draft, sources=[])
    text = result.sanitized_text
    assert tieout.gate(text, sources=[]).sanitized_text == text  # sanitising is idempotent
    for c in result.claims:
        assert text[c.span[0] : c.span[1]] == c.text
        assert c.line == text.count("\n", 0, c.span[0]) + 1
    assert result.passed == (not result.rejected)
