"""The cheap tests the grammar asks before its costlier patterns never say "no" where the
pattern would say "yes".

A draft of a thousand figures asks, at each figure, whether a hedge stands before or after
it ("about", "or more"), whether a price's unit follows ("per share", "/Mcf") and whether "per share of" precedes. Each question is
first put to a test of a few characters or words, and the pattern runs only where that
test allows it. A test that said "no" wrongly would silently drop a hedge or a unit, so
these properties read random text built from the patterns' own words both ways."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tieout.figures import extract, mark_draft_hedges, mark_hedged, per_unit, skipped
from tieout.figures.hedges import _HEDGE_AFTER, _HEDGE_BEFORE, _may_hedge
from tieout.figures.identifiers import _ID_LABEL, _LOCATOR_LABEL, _may_label
from tieout.figures.quantities import _PER_ADVERB, _PER_JOIN, _PSF, _per_unit_at
from tieout.figures.quantities import PER_SHARE_BEFORE as _PER_SHARE_BEFORE

SETTINGS = settings(max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
# (the grammar reads normalised text, where an odd space such as U+00A0 is a plain one)
GAPS = st.sampled_from(["", " ", "  ", "\t", "\n", ":", ",", ".", "-", "("])

HEDGE_WORDS = [
    "about", "approx.", "roughly", "around", "nearly", "some", "circa", "ca.", "c.", "close",
    "to", "an", "estimated", "in", "the", "region", "of", "more", "less", "than", "fewer",
    "over", "under", "up", "at", "least", "most", "as", "much", "many", "high", "excess",
    "not", "exceed", "shall", "capped", "north", "aggregate", "a", "total", "amount",
    "stood", "rose", "was", "by", "mehr", "als", "bis", "zu", "plus", "de", "près", "jusqu'à",
    "~", "≈", "<", ">", "≥", "=", "Up", "AT", "More", "THAN", "x",
]  # fmt: skip
AFTER_WORDS = [
    "or", "more", "less", "and", "above", "up", "upwards", "change", "management", "so",
    "+", "-plus", "(approx.)", "(est.)", "approximately", "per", "a", "an", "share", "diluted",
    "barrel", "/", "Mcf", "psf", "PSF", "p.s.f.", "annually", "monthly", "in", "cash", "je",
    "pro", "Aktie", "year", "ago", "x", "p", "P",
]  # fmt: skip


def _text(words: list[str]) -> st.SearchStrategy[str]:
    return st.lists(st.tuples(st.sampled_from(words), GAPS), max_size=7).map(
        lambda pairs: "".join(w + g for w, g in pairs)
    )


@SETTINGS
@given(_text(HEDGE_WORDS), GAPS)
def test_a_hedge_before_a_figure_is_never_ruled_out(before: str, gap: str) -> None:
    text = before + gap
    k = len(text)
    if k and _HEDGE_BEFORE.search(text, max(0, k - 32), k) is not None:
        assert _may_hedge(text, k)


@SETTINGS
@given(GAPS, _text(AFTER_WORDS))
def test_what_may_follow_a_figure_is_never_ruled_out(gap: str, after: str) -> None:
    text = "$4.2" + gap + after
    c = text[4:5]
    opens_hedge = c in ("+", "-", "(", ",") or (c != "\n" and c.isspace())
    if not opens_hedge:
        assert _HEDGE_AFTER.match(text, 4) is None
    opens_unit = c in ("/", "p", "P") or (c != "\n" and c.isspace())
    if not opens_unit:
        assert _PER_JOIN.match(text, 4) is None
        assert _PSF.match(text, 4) is None
        assert _PER_ADVERB.match(text, 4) is None
        assert _per_unit_at(text, 4) == (None, 4)


@SETTINGS
@given(_text(["per", "share", "diluted", "basic", "of", "between", "Of", "PER", "x"]), GAPS)
def test_per_share_of_before_an_amount_is_never_ruled_out(before: str, gap: str) -> None:
    text = before + gap + "$33.40"
    start = len(before + gap)
    if _PER_SHARE_BEFORE.search(text, max(0, start - 40), start) is not None:
        assert start > 3 and text[start - 1].isspace()
        assert text[start - 3 : start - 1].lower() in ("of", "en")


def test_the_words_before_and_after_still_read_as_before() -> None:
    said = {
        "The cap is $5 million.": "cap",
        "The floor stood at 4.5%.": "floor",
        "The cap set at $5 million.": "cap",
        "Hurdle: 8%.": "Hurdle:",
        "The limit remains\n$40 million.": "limit",
        "Revenue stood at $4.2 million.": "",
        "It is capped at $5 million.": "capped at",
        "Sales rose to more than\n$4.2 million.": "more than",
        "Fees of up to an aggregate of $850 million.": "up to an aggregate of",
        "Revenue of $25 million or more.": "or more",
    }
    for text, hedge in said.items():
        (fig,) = mark_draft_hedges(text, mark_hedged(text, extract(text, context=False)))
        assert fig.hedged == hedge, text
    assert per_unit("$2.85/Mcf", 5) == "Mcf"
    assert per_unit("$1.23 per\ndiluted share", 5) == "share"
    assert per_unit("$41.37 psf", 6) == "sq ft"
    assert per_unit("$4.2.", 4) is None


LABEL_WORDS = [
    "No.", "Nos.", "Number", "number", "Code", "ID", "Id", "Cert.", "CIK", "EIN", "CUSIP",
    "Suite", "Ste.", "Rule", "License", "Licence", "Reg.", "Acct.", "Account", "ZIP", "Zip",
    "PO", "P.O.", "Box", "HRB", "SIRET", "CNPJ", "KvK", "Org.", "Org", "Nr.", "nr.", "OrgNr",
    "Org.Nr.", "ID-Nr.", "Note", "Notes", "Tables", "Figs.", "Items", "page", "pp.", "version",
    "Ver.", "Release", "Lot", "Batch", "and", "or", "&", "to", "through", "#", "-", "EIP-",
    "ABC12-", "2.3", "12,", "stood", "at", "revenue", "(", "x#",
]  # fmt: skip


@SETTINGS
@given(_text(LABEL_WORDS), st.sampled_from(["", " ", ": ", " # ", "#", ":", "-", ";"]))
def test_an_identifiers_or_a_locators_label_is_never_ruled_out(before: str, end: str) -> None:
    text = (before + end)[-24:]  # the 24 characters _identifier reads
    if not text or text[-1] not in " #-:;":
        return  # _identifier asks for a label only after one of these
    if _ID_LABEL.search(text) or _LOCATOR_LABEL.search(text):
        assert _may_label(text)


def test_numbers_after_labels_are_still_skipped() -> None:
    reasons = {
        "CIK 1045810": "identifier",
        "Account No. 44817": "identifier",
        "Org.Nr. 556677": "identifier",
        "Invoice#44817": "identifier",
        "EIP-1559": "identifier",
        "Notes 2.3 and 2.4": "locator",
        "see page 1,204": "locator",
    }
    for text, reason in reasons.items():
        assert [r for _, _, r in skipped(text)][-1:] == [reason], text
