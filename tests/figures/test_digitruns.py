"""The compiled digit-run reading (tieout._digitruns) gives what the Python reference gives.

``figures.number_places`` is the first reading of every cold source in the gate; its
compiled form must list the same runs, at the same places, under the same keys, on any
text: ASCII or not, with commas, points, zeros and digits of other scripts.
"""

from __future__ import annotations

import os

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tieout.figures import canonical_digits, number_places
from tieout.figures import places as figures
from tieout.figures.places import _number_places_python

if os.environ.get("TIEOUT_REQUIRE_COMPILED") == "1":  # set by .ci/run: never skipped there
    import tieout._digitruns as compiled
else:
    compiled = pytest.importorskip(
        "tieout._digitruns", reason="tieout was installed without its C extension (no compiler)"
    )

# the characters a digit run is made of, its neighbours, and digits of other scripts
ALPHABET = st.sampled_from([*"0123456789,.0.0,00 $%-\n§aé", "٣", "٠", "４", "０", "۵"])


def test_the_compiled_reading_is_the_one_in_use() -> None:
    assert figures.COMPILED_DIGIT_RUNS
    assert number_places("$4,200,000") == {"4200000": [1]}


@pytest.mark.parametrize(
    ("text", "places"),
    [
        ("", {}),
        ("no figures here", {}),
        ("Revenue $4,200,000, up 23%.", {"4200000": [9], "23": [23]}),
        ("0.50 and .5 and 00.5 and 000", {"0.5": [0, 9, 16], "0": [25]}),
        ("100.00 10.0 1.2.30 1,234,", {"100": [0], "10": [7], "1.2.30": [12], "1234": [19]}),
        ("1,.5 and 1..5", {"1.5": [0], "1": [9], "0.5": [11]}),
        ("§2.2 and 12.2 and 2.25", {"2.2": [1], "12.2": [9], "2.25": [18]}),
        ("٣٠٠ and ４,２００", {"٣٠٠": [0], "４２００": [8]}),
        ("trailing 1.", {"1": [9]}),
    ],
)
def test_places_by_canonical_digits(text: str, places: dict[str, list[int]]) -> None:
    assert compiled.number_places(text) == places
    assert _number_places_python(text) == places


@settings(max_examples=400)
@given(st.text(ALPHABET, max_size=60))
def test_compiled_and_python_readings_agree(text: str) -> None:
    assert compiled.number_places(text) == _number_places_python(text)


@given(st.text(max_size=80))
def test_they_agree_on_any_unicode(text: str) -> None:
    assert compiled.number_places(text) == _number_places_python(text)


@given(st.text(ALPHABET, max_size=30))
def test_every_key_is_already_canonical(text: str) -> None:
    for key in compiled.number_places(text):
        assert canonical_digits(key) == key


def test_a_long_run_and_a_large_text() -> None:
    text = ("9" * 100_000 + " ") * 3 + "$1,234.50 " * 10_000
    assert compiled.number_places(text) == _number_places_python(text)


def test_it_refuses_what_is_not_text() -> None:
    with pytest.raises(TypeError, match="takes a str, not bytes"):
        compiled.number_places(b"123")  # type: ignore[arg-type]


@settings(max_examples=300, deadline=None)
@given(st.text(ALPHABET, max_size=120))
def test_sorted_values_are_the_references_on_any_text(text: str) -> None:
    keys = number_places(text)
    assert compiled.sorted_values(keys) == figures._sorted_values_python(keys)


def test_sorted_values_sort_and_dedupe_and_skip_dotted_keys() -> None:
    keys = ["1234", "0.5", "1.2.3", "٤٢", "1234.0", "9" * 400]
    assert compiled.sorted_values(keys) == [0.5, 42.0, 1234.0, float("inf")]
    assert figures.sorted_values(keys) == [0.5, 42.0, 1234.0, float("inf")]
    with pytest.raises(TypeError):
        compiled.sorted_values([1, 2])


@settings(max_examples=500, deadline=None)
@given(st.lists(st.from_regex(r"\A[0-9]{1,20}(\.[0-9]{1,25})?\Z"), max_size=30))
def test_sorted_values_read_every_number_exactly_as_float_does(keys: list[str]) -> None:
    # 15 significant digits or fewer take a fast exact path in C; the rest float()'s own
    assert compiled.sorted_values(keys) == sorted({float(k) for k in keys})
