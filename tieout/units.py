"""Units: currencies with scale, percent, basis points, percentage points and counts (also
of shares, also with scale), converted exactly.

One pint registry holds the definitions. Each currency is its own base dimension
(``[currency_USD]``, ``[currency_EUR]`` …), so no currency ever converts into another;
``USD_millions`` is defined in pint as ``1e6 USD`` and its factor is read back once, as an
exact ``Decimal`` (pint runs in ``non_int_type=Decimal`` mode), then cached. Conversions
are plain ``Decimal`` arithmetic on those factors: no float anywhere.

pint is imported lazily, on the first call that needs the registry, so ``import
tieout.units`` stays cheap::

    >>> convert(Decimal("1.4"), "USD_millions", "USD")
    Decimal('1400000')
    >>> parse_unit("bps").display(Decimal("50"))
    '50 basis_point'
"""

from __future__ import annotations

import functools
import re
import threading
from dataclasses import dataclass
from decimal import MAX_EMAX, MAX_PREC, MIN_EMIN, Context, Decimal, Inexact, localcontext
from typing import TYPE_CHECKING, Any, Literal

from tieout._vocab import (
    CONTEXT_SCALE_WORDS,
    COUNT_UNITS,
    CURRENCY_SYMBOLS,
    SCALE_NAMES,
    SCALE_WORDS,
    scale_unit_name,
)
from tieout._vocab import CURRENCY_ALIASES as _VOCAB_ALIASES
from tieout._vocab import CURRENCY_CODES as _VOCAB_CODES
from tieout._vocab import SCALE_UNITS as _VOCAB_SCALES
from tieout.errors import UnitMismatch, UnitNotRecognised

if TYPE_CHECKING:
    import pint

__all__ = [
    "ACCEPTED_FORMS",
    "COUNT_BASES",
    "CURRENCY_CODES",
    "SCALES",
    "Unit",
    "UnitKind",
    "canonical_units",
    "convert",
    "currency_scale",
    "get_registry",
    "normalize_decimal",
    "parse_unit",
    "pint_quantity",
    "same_dimension",
]

UnitKind = Literal["currency", "percent", "count"]

CURRENCY_CODES: frozenset[str] = _VOCAB_CODES  # one list, shared with the number grammar
"""ISO 4217 codes tieout knows; each is its own dimension."""

SCALES: dict[str, Decimal] = _VOCAB_SCALES  # one table, shared with the grammar and docs
"""Scale suffixes of currency units and the factor each stands for."""

PENCE = "GBP_pence"
"""A hundredth of a pound: British per-share figures ("EPS 42.6p"). Spelled ``GBp`` (the
exchanges' mark: a lower-case p), ``GBX``, ``pence`` or ``GBP_pence``; never ``GBP``."""
_PENCE_SPELLINGS = frozenset(("gbx", "pence", "gbp_pence", "gbp pence", "gbp-pence"))

COUNT_BASES: tuple[str, ...] = tuple(dict.fromkeys(COUNT_UNITS.values()))
"""The canonical names of counted units ("count", "shares"): one dimension, each with every
scale of :data:`SCALES` ("count_thousands", "shares_millions")."""

ACCEPTED_FORMS: tuple[str, ...] = (
    "USD",
    "USD_thousands",
    "USD_millions",
    "USD_billions",
    "<ISO code>_…",
    "percent",
    "basis_point",
    "count",
    "count_thousands",
    "count_millions",
    "shares",
    "shares_thousands",
    "shares_millions",
)
"""The short list of unit forms shown in error messages and the claim schema; "…" is any
scale of :data:`SCALES`."""

# Spellings, all compared lower-cased with whitespace collapsed.
_SIMPLE_ALIASES: dict[str, str] = {
    **dict.fromkeys(("percent", "%", "pct", "percentage", "per cent"), "percent"),
    # a change of a rate ("up 1.2ppts"): compared as percent, named as itself in reasons
    **dict.fromkeys(
        (
            "percentage_point",
            "percentage_points",
            "percentage point",
            "percentage points",
            "percent_point",
            "percent_points",
            "pp",
            "pps",
            "ppt",
            "ppts",
        ),
        "percentage_point",
    ),
    **dict.fromkeys(
        ("basis_point", "basis_points", "basis point", "basis points", "bps", "bp"), "basis_point"
    ),
}
# every currency symbol the grammar reads, to the code it reads it as ("$" is USD, "NT$"
# TWD), lower-cased: one table, shared with the number grammar
_SYMBOLS: dict[str, str] = {s.lower(): code for s, code in CURRENCY_SYMBOLS.items()}
# every way the grammar or a scale note writes a scale ("k", "mn", "bn", "lakh crore",
# "milliards") to the name of the unit scale of its factor; a word whose reading depends on
# where it stands ("t": a trillion after a currency, thousands in "TEUR") is none
_SCALE_WORDS: dict[str, str] = {
    word: name
    for word, factor in (SCALE_WORDS | SCALE_NAMES).items()
    if word not in CONTEXT_SCALE_WORDS and (name := scale_unit_name(factor)) is not None
}
# other marks filers print for an ISO code: 'RMB_billions' is CNY_billions (one list, shared
# with the number grammar, which reads "RMB12.5 billion" as CNY)
_ALIASES: dict[str, str] = {k.upper(): v for k, v in _VOCAB_ALIASES.items()}
_SYMBOL_RE = "|".join(re.escape(s) for s in sorted(_SYMBOLS, key=len, reverse=True))
_SCALE_RE = "|".join(re.escape(w) for w in sorted(_SCALE_WORDS, key=len, reverse=True))
_COUNT_RE = "|".join(re.escape(w) for w in sorted(COUNT_UNITS, key=len, reverse=True))
# 'USD', 'USD_millions', 'usd mn', 'USD-k', 'count_thousands', 'shares in millions'
_CODE_FORM = re.compile(
    rf"(?P<cur>[a-z]{{3}}|{_COUNT_RE})(?:(?:[ _-]|,? in )(?P<scale>{_SCALE_RE}))?"
)
# '$', '$m', '€ bn', 'US$ thousands'
_SYMBOL_FORM = re.compile(rf"(?P<cur>{_SYMBOL_RE}) ?(?P<scale>{_SCALE_RE})?")
# 'thousands of USD', 'millions USD', 'millions of $', 'thousands of shares'
_SCALE_FIRST_FORM = re.compile(
    rf"(?P<scale>{_SCALE_RE}) (?:of )?(?P<cur>[a-z]{{3}}|{_SYMBOL_RE}|{_COUNT_RE})"
)
# 'shares (in thousands)' is 'shares in thousands'
_BRACKETED_SCALE = re.compile(r",? \(in ([^()]+)\)$")

# Wide enough that normalising or scaling a Decimal never rounds.
_EXACT = Context(prec=MAX_PREC, Emax=MAX_EMAX, Emin=MIN_EMIN)


@dataclass(frozen=True, slots=True)
class Unit:
    """A unit tieout understands; obtain one with :func:`parse_unit`.

    ``factor`` turns a value in this unit into the dimension's base unit
    (``USD_millions`` → 1000000 USD; ``basis_point`` → 0.01 percent).
    """

    name: str
    kind: UnitKind
    dimension: str
    factor: Decimal

    def to_base(self, value: Decimal) -> Decimal:
        """``value`` in this unit, expressed in the base unit of its dimension."""
        return _scale(value, self.factor, Decimal(1))

    def from_base(self, value: Decimal) -> Decimal:
        """``value`` in the base unit of the dimension, expressed in this unit."""
        return _scale(value, Decimal(1), self.factor)

    def display(self, value: Decimal) -> str:
        """``'1.4 USD_millions'``: the value without exponent notation, then the unit name."""
        return f"{normalize_decimal(value):f} {self.name}"


def normalize_decimal(value: Decimal) -> Decimal:
    """The canonical spelling of an exact value: no trailing zeros, no positive exponent.

    ``Decimal('1.40')`` → ``1.4``, ``Decimal('1.4E+6')`` → ``1400000``, ``-0.0`` → ``0``.
    Never rounds. Non-finite values are returned unchanged.
    """
    if not value.is_finite():
        return value
    if value.is_zero():
        return Decimal(0)
    out = value.normalize(_EXACT)
    exponent = out.as_tuple().exponent
    if isinstance(exponent, int) and exponent > 0:
        out = out.quantize(Decimal(1), context=_EXACT)
    return out


def _scale(value: Decimal, multiply: Decimal, divide: Decimal) -> Decimal:
    """``value * multiply / divide``, exactly; factors are powers of ten so this never rounds."""
    if divide == 1 and multiply == 1 and value.is_finite():
        return normalize_decimal(value)  # the common case: a unit already in base units
    with localcontext(_EXACT) as ctx:
        ctx.traps[Inexact] = True
        return normalize_decimal(value * multiply / divide)


# ---------------------------------------------------------------------------------------------
# the pint registry, built once per process on first use

_registry: pint.UnitRegistry[Any] | None = None
_registry_lock = threading.Lock()
_BUILD_COUNT = 0  # how many registries this process built; tests check it stays at one


def _definitions() -> list[str]:
    lines = [
        "percent = [percent]",
        "basis_point = 0.01 percent",
        "percentage_point = percent",
        "count = [count]",
        *(f"{base} = count" for base in COUNT_BASES if base != "count"),
    ]
    for base in COUNT_BASES:
        lines.extend(f"{base}_{scale} = {factor} count" for scale, factor in SCALES.items())
    if "GBP" in CURRENCY_CODES:
        lines.append(f"{PENCE} = 0.01 GBP")
    for code in sorted(CURRENCY_CODES):
        lines.append(f"{code} = [currency_{code}]")
        lines.extend(f"{code}_{scale} = {factor} {code}" for scale, factor in SCALES.items())
    return lines


def get_registry() -> pint.UnitRegistry[Any]:
    """The process-wide pint registry (currencies, scales, percent, basis points, counts)."""
    global _registry, _BUILD_COUNT
    if _registry is None:
        with _registry_lock:
            if _registry is None:
                import pint

                registry: pint.UnitRegistry[Any] = pint.UnitRegistry(
                    None, non_int_type=Decimal, on_redefinition="raise"
                )
                for line in _definitions():
                    registry.define(line)
                _BUILD_COUNT += 1
                _registry = registry
    return _registry


def _expected_factor(name: str) -> Decimal:
    """The factor implied by the unit's name alone, used to cross-check pint."""
    if name == "basis_point":
        return Decimal("0.01")
    if name == "percentage_point":
        return Decimal(1)
    if name == PENCE:
        return Decimal("0.01")
    _, _, scale = name.partition("_")
    return SCALES[scale] if scale else Decimal(1)


@functools.cache
def _unit_from_pint(name: str) -> Unit:
    """Build the :class:`Unit` for a canonical name, reading factor and dimension from pint."""
    registry = get_registry()
    factor, _base = registry.get_base_units(name)
    dims = dict(registry.get_dimensionality(name))
    if isinstance(factor, float) or len(dims) != 1:  # pragma: no cover - definition bug
        raise RuntimeError(f"pint definition of {name!r} is not exact: {factor!r} {dims!r}")
    exact = Decimal(str(factor))  # a Decimal or int in pint's Decimal mode: exact
    if exact != _expected_factor(name):  # pragma: no cover - definition bug
        raise RuntimeError(f"pint factor of {name!r} is {exact}, expected {_expected_factor(name)}")
    dim = next(iter(dims)).strip("[]")
    if dim.startswith("currency_"):
        return Unit(name, "currency", dim.removeprefix("currency_"), exact)
    kind: UnitKind = "percent" if dim == "percent" else "count"
    return Unit(name, kind, dim, exact)


# ---------------------------------------------------------------------------------------------
# parsing


def _canonical_name(text: str) -> str | None:
    """The canonical unit name for a spelling, or None."""
    if text.strip() == "GBp":  # pence, as the exchanges mark them: not GBP
        return PENCE
    key = " ".join(text.strip().lower().split())
    if key in _PENCE_SPELLINGS:
        return PENCE
    if key.startswith("(") and key.endswith(")"):
        key = key[1:-1].strip()
    key = _BRACKETED_SCALE.sub(r" in \1", key.removeprefix("in "))
    if key in _SIMPLE_ALIASES:
        return _SIMPLE_ALIASES[key]
    for form in (_CODE_FORM, _SYMBOL_FORM, _SCALE_FIRST_FORM):
        match = form.fullmatch(key)
        if match is None:
            continue
        base = _base_name(match["cur"])
        if base is None:
            return None
        scale = match["scale"]
        return f"{base}_{_SCALE_WORDS[scale]}" if scale else base
    return None


def _base_name(word: str) -> str | None:
    """What a unit's scale applies to: a counted unit ('shares'), or a currency's ISO code
    from its code, a filer's mark for it or its symbol; None for anything else."""
    if word in COUNT_UNITS:
        return COUNT_UNITS[word]
    code = _SYMBOLS.get(word) or _ALIASES.get(word.upper(), word.upper())
    return code if code in CURRENCY_CODES else None


def currency_scale(text: str) -> tuple[str, Decimal | None] | None:
    """The currency and the scale a unit spelling names, read as :func:`parse_unit` reads
    it, without pint: 'INR_crores' -> ('INR', 10000000), 'US$ bn' -> ('USD', 1000000000),
    'USD' -> ('USD', None); None for a spelling that names no currency, or pence."""
    name = _canonical_name(text) if isinstance(text, str) else None
    if name is None or name == PENCE:
        return None
    code, _, scale = name.partition("_")
    if code not in CURRENCY_CODES:
        return None
    return code, (SCALES[scale] if scale else None)


@functools.lru_cache(maxsize=1024)
def parse_unit(text: str) -> Unit:
    """Read a unit spelling ('USD', '$', 'USD_m', 'KRW_trillions', 'thousands of EUR', '%',
    'bps', 'percentage_points', 'count', 'count_thousands', 'shares in millions' …). A filer's mark for an ISO code is that code
    ('RMB_billions' is CNY_billions); a percentage point compares as a percent; 'GBp',
    'GBX' and 'pence' are hundredths of a pound (GBP_pence).

    Case-insensitive but for 'GBp'. Raises :class:`~tieout.errors.UnitNotRecognised` for anything else.
    """
    name = _canonical_name(text) if isinstance(text, str) else None
    if name is None:
        raise UnitNotRecognised(str(text), accepted=ACCEPTED_FORMS)
    return _unit_from_pint(name)


def _as_unit(unit: str | Unit) -> Unit:
    return unit if isinstance(unit, Unit) else parse_unit(unit)


def same_dimension(a: str | Unit, b: str | Unit) -> bool:
    """Whether ``a`` and ``b`` measure the same thing (USD, USD_millions: yes; USD, EUR: no)."""
    return _as_unit(a).dimension == _as_unit(b).dimension


def convert(value: Decimal, from_unit: str | Unit, to_unit: str | Unit) -> Decimal:
    """``value`` in ``from_unit`` expressed in ``to_unit``, exactly.

    Raises :class:`~tieout.errors.UnitMismatch` when the units measure different things.
    """
    source, target = _as_unit(from_unit), _as_unit(to_unit)
    if source.dimension != target.dimension:
        raise UnitMismatch(source.name, target.name)
    return _scale(value, source.factor, target.factor)


def canonical_units() -> tuple[str, ...]:
    """Every canonical unit name, sorted: for listings such as ``tieout units``."""
    names = ["percent", "basis_point", "percentage_point"]
    for base in COUNT_BASES:
        names.append(base)
        names.extend(f"{base}_{scale}" for scale in SCALES)
    for code in sorted(CURRENCY_CODES):
        names.append(code)
        names.extend(f"{code}_{scale}" for scale in SCALES)
        if code == "GBP":
            names.append(PENCE)
    return tuple(names)


def pint_quantity(value: Decimal | int, unit: str | Unit) -> pint.Quantity[Any]:
    """A pint Quantity (Decimal magnitude) for callers who want pint's own API."""
    import pint

    parsed = _as_unit(unit)
    try:
        return get_registry().Quantity(Decimal(value), parsed.name)
    except pint.PintError as exc:  # pragma: no cover - parse_unit admits only defined names
        raise UnitNotRecognised(parsed.name, accepted=ACCEPTED_FORMS) from exc
