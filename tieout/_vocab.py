"""Words and symbols the number grammar and the layout reader share.

Pure constants: no imports from the rest of the package. Keeping them here lets
``figures`` (the grammar) and ``layout.py`` (tables and headings) read the same
vocabulary without importing each other.
"""

from __future__ import annotations

from decimal import Decimal

_ISO_CODES = (
    "USD EUR GBP JPY CHF CAD AUD NZD CNY HKD SGD INR SEK "
    "NOK DKK BRL MXN ZAR KRW PLN CZK HUF ILS TRY AED SAR "
    "TWD THB IDR MYR PHP CLP COP PEN ARS NGN KES EGP"
)
#: ISO 4217 codes the grammar recognises next to a number ("USD 4.2m", "4.2 million EUR").
CURRENCY_CODES: frozenset[str] = frozenset(_ISO_CODES.split())

#: Symbols, longest first so "US$" wins over "$".
CURRENCY_SYMBOLS: dict[str, str] = {
    "US$": "USD",
    "NZ$": "NZD",
    "HK$": "HKD",
    "NT$": "TWD",  # New Taiwan dollars, as Taiwanese filers write every amount
    "MX$": "MXN",
    "Mex$": "MXN",
    "Can$": "CAD",
    "SG$": "SGD",
    "CA$": "CAD",
    "AU$": "AUD",
    "C$": "CAD",
    "A$": "AUD",
    "S$": "SGD",
    "R$": "BRL",
    "$": "USD",
    "€": "EUR",
    "£": "GBP",
    "¥": "JPY",
    "₹": "INR",
    "₩": "KRW",
    "₪": "ILS",
    "₺": "TRY",
}

#: The one-character currency marks ("$", "€", "¥", "₹" …), as the grammar reads them
#: before a figure and the one-character ones but "$" after it ("1.234,5 €").
CURRENCY_SIGNS: str = "".join(s for s in CURRENCY_SYMBOLS if len(s) == 1)

#: Other marks filers write a currency with before a number: "RMB12.5bn", "Rmb4.2bn" (as
#: the financial press writes renminbi), "RM8.8bn" (ringgit), "Rp4.2tn" (rupiah), "NTD".
CURRENCY_ALIASES: dict[str, str] = {
    "RMB": "CNY",
    "Rmb": "CNY",
    "NTD": "TWD",
    "RM": "MYR",
    "Rp": "IDR",
}
#: Marks read as a currency only glued to the figure: "HK12.5 cents", "US12.5 cents".
GLUED_CURRENCY_ALIASES: dict[str, str] = {"HK": "HKD", "US": "USD", "NT": "TWD"}

#: Currency words after a number ("five million dollars", "12 euros", "812 million yuan").
#: A word several countries' currencies share ("pesos", "kroner", "francs", "dinars") is a
#: unit of its own, found only as that word, unless a country stands before it.
CURRENCY_WORDS: dict[str, str] = {
    "dollar": "USD",
    "dollars": "USD",
    "euro": "EUR",
    "euros": "EUR",
    "pound": "GBP",
    "pounds": "GBP",
    "yen": "JPY",
    "yuan": "CNY",
    "renminbi": "CNY",
    "won": "KRW",
    "rupee": "INR",
    "rupees": "INR",
    "krona": "SEK",
    "kronor": "SEK",
    "ringgit": "MYR",
    "rupiah": "IDR",
    "baht": "THB",
    "rand": "ZAR",
    "reais": "BRL",
    "zloty": "PLN",
    "zlotys": "PLN",
    "shekel": "ILS",
    "shekels": "ILS",
    "lira": "TRY",
    "krone": "krone",
    "kroner": "krone",
    "franc": "franc",
    "francs": "franc",
    "peso": "peso",
    "pesos": "peso",
    "dinar": "dinar",
    "dinars": "dinar",
    "riyal": "riyal",
    "d'euros": "EUR",  # "345 millions d'euros", "1,2 milliard d'euros"
    "d’euros": "EUR",
    "riyals": "riyal",
    "dirham": "dirham",
    "dirhams": "dirham",
}

#: Countries named before a currency word: "4.2 billion Hong Kong dollars", "12.5 HK
#: cents", "Swiss francs", "Norwegian kroner" (lower-cased).
CURRENCY_ADJECTIVES: dict[str, str] = {
    "us": "USD",
    "u.s.": "USD",
    "american": "USD",
    "canadian": "CAD",
    "australian": "AUD",
    "singapore": "SGD",
    "hong kong": "HKD",
    "hk": "HKD",
    "new zealand": "NZD",
    "new taiwan": "TWD",
    "taiwan": "TWD",
    "nt": "TWD",
    "euro": "EUR",
    "swiss": "CHF",
    "norwegian": "NOK",
    "danish": "DKK",
    "swedish": "SEK",
    "mexican": "MXN",
    "philippine": "PHP",
    "chilean": "CLP",
    "colombian": "COP",
    "argentine": "ARS",
    "korean": "KRW",
    "chinese": "CNY",
    "indian": "INR",
    "japanese": "JPY",
    "brazilian": "BRL",
    "south african": "ZAR",
    "malaysian": "MYR",
    "indonesian": "IDR",
    "thai": "THB",
    "turkish": "TRY",
    "israeli": "ILS",
    "new israeli": "ILS",
    "polish": "PLN",
    "uae": "AED",
    "saudi": "SAR",
}

_THOUSAND, _LAKH, _MILLION, _CRORE = (
    Decimal(10) ** 3,
    Decimal(10) ** 5,
    Decimal(10) ** 6,
    Decimal(10) ** 7,
)
_BILLION, _TRILLION = Decimal(10) ** 9, Decimal(10) ** 12

# The scales the grammar reads after a figure, as written -> multiplier. The grammar's
# patterns (``figures.patterns.SCALE_WORD``, ``SCALE_SUFFIX``) are built from these tables.
#: Words read in any case, each also with a plural "s" ("$1.2 billion", "4.2 Mn", "Rs 12
#: crores"); Indian "lakh" (1,00,000), "crore" (1,00,00,000) and "lakh crore".
SCALE_WORDS_ANY_CASE: dict[str, Decimal] = {
    **dict.fromkeys(("thousand",), _THOUSAND),
    **dict.fromkeys(("million", "mln", "mn", "mil"), _MILLION),  # "$4.2mil", "$4.2 mil."
    **dict.fromkeys(("billion", "bln", "bn", "bil"), _BILLION),
    # "$1.2 trn", "$1.2 tril", as the financial press abbreviates
    **dict.fromkeys(("trillion", "trn", "tril", "lakh crore"), _TRILLION),
    **dict.fromkeys(("crore",), _CRORE),
    **dict.fromkeys(("lakh", "lac"), _LAKH),
}
#: Words read only as written: "$1.2 MM"; German "Tsd./Mio./Mrd."; "Rs 4.2 cr", "₹38,250 Cr".
SCALE_WORDS_AS_WRITTEN: dict[str, Decimal] = {
    "MM": _MILLION,
    **dict.fromkeys(("Tsd", "tsd"), _THOUSAND),
    **dict.fromkeys(("Mio", "mio"), _MILLION),
    **dict.fromkeys(("Mrd", "mrd"), _BILLION),
    **dict.fromkeys(("cr", "crs", "Cr", "Crs", "CR", "CRS"), _CRORE),
}
#: Portuguese, Spanish, German and French words, in any case, as written ("R$ 1.234,5
#: milhões", "MXN 12.345,6 millones", "4,5 mil millones", "2,1 Milliarden Euro", "1,2
#: milliard d'euros"; the Spanish "billón" is a trillion and is not read).
SCALE_WORDS_FOREIGN: dict[str, Decimal] = {
    **dict.fromkeys(("milhões", "milhão", "milhoes", "milhao"), _MILLION),
    **dict.fromkeys(("millones", "millón", "millionen"), _MILLION),
    **dict.fromkeys(("bilhões", "bilhão", "bilhoes", "bilhao"), _BILLION),
    **dict.fromkeys(("mil millones", "milliarde", "milliarden"), _BILLION),
    **dict.fromkeys(("milliard", "milliards"), _BILLION),
}
#: Letters glued to a figure, as written ("$4.2m", "€1.1bn", "$1.2T": a "T" is read only
#: after a currency, "4T" alone is a code).
SCALE_SUFFIXES: dict[str, Decimal] = {
    **dict.fromkeys(("k", "K"), _THOUSAND),
    **dict.fromkeys(("m", "M", "mn", "mm", "MM"), _MILLION),
    **dict.fromkeys(("b", "B", "bn"), _BILLION),
    **dict.fromkeys(("T", "tn", "Tn", "TN"), _TRILLION),
}
#: Every scale word and suffix, lower-cased -> multiplier (plurals of the words read in
#: any case too: "thousands", "crores").
SCALE_WORDS: dict[str, Decimal] = {
    **{w.lower(): f for w, f in SCALE_SUFFIXES.items()},
    **{w.lower(): f for w, f in SCALE_WORDS_AS_WRITTEN.items()},
    **{w + p: f for w, f in SCALE_WORDS_ANY_CASE.items() for p in ("", "s")},
    **SCALE_WORDS_FOREIGN,
}
#: Scales written glued before a currency mark, as written: "M€", "TEUR" and "T€" (Tausend:
#: before a currency "T" is a thousand), "kEUR", "Md€" and "Mrd. EUR" (milliard).
CURRENCY_PREFIX_SCALES: dict[str, Decimal] = {
    **dict.fromkeys(("k", "K", "T"), _THOUSAND),
    "M": _MILLION,
    **dict.fromkeys(("Md", "Mrd"), _BILLION),
}
#: Scales Chinese, Japanese and Korean statements write in their notes: "10 thousand yuan"
#: (the 万元), "(hundred millions of yen)", "KRW 100 million".
ASIAN_SCALES: dict[str, Decimal] = {
    "10 thousand": Decimal(10) ** 4,
    "100 million": Decimal(10) ** 8,
}

#: The scales a unit is named with ("USD_thousands", "KRW_trillions", "INR_crores"), each
#: to its factor: pint defines ``<code>_<scale>`` for every code and every one of these,
#: and a claim's unit, ``docs add --scale`` and a scale note name them alike.
SCALE_UNITS: dict[str, Decimal] = {
    "thousands": Decimal(10) ** 3,
    "millions": Decimal(10) ** 6,
    "billions": Decimal(10) ** 9,
    "trillions": Decimal(10) ** 12,  # Korean and Japanese filers: "KRW 79.14 trillion"
    "lakhs": Decimal(10) ** 5,  # Indian statements: "(₹ in lakhs)", "(Rs. in crore)"
    "crores": Decimal(10) ** 7,
}

#: Scale names as a unit string or a scale note writes them ("USD_thousands", "INR_crore",
#: "(in lakhs)") -> multiplier: the names above, and the Indian ones also singular and "cr".
SCALE_NAMES: dict[str, Decimal] = {
    **SCALE_UNITS,
    "lakh": Decimal(10) ** 5,
    "crore": Decimal(10) ** 7,
    "cr": Decimal(10) ** 7,
}

#: Units of things counted, as a claim's unit names them, each spelling to its canonical
#: name. Each takes a scale as a currency does ("count_thousands", "shares in millions",
#: "thousands of shares"); shares are a count, so the two compare alike.
COUNT_UNITS: dict[str, str] = {
    **dict.fromkeys(("count", "counts", "number", "units"), "count"),
    **dict.fromkeys(("shares", "share", "number of shares"), "shares"),
}

#: Scale words whose reading depends on where they stand ("T" after a currency is a
#: trillion, "TEUR" is thousands of euros): no name of a unit's scale.
CONTEXT_SCALE_WORDS: frozenset[str] = frozenset({"t"})


def scale_unit_name(factor: Decimal) -> str | None:
    """The name of the unit scale ``factor`` stands for (10**7 -> "crores"), or None."""
    return next((name for name, f in SCALE_UNITS.items() if f == factor), None)


#: Words that introduce a section reference ("Section 11.3", "clause 4").
SECTION_WORDS: frozenset[str] = frozenset(
    {"section", "sections", "clause", "clauses", "article", "articles", "paragraph", "paragraphs"}
    # as contracts abbreviate them ("Sec. 12.3", "Art. 4", "Cl. 2.1", "para. 3"), and the
    # parts they attach ("Schedule 2", "Exhibit 10.1", "Annex 3", "Appendix B.2")
    | {"sec", "secs", "art", "arts", "cl", "cls", "para", "paras", "schedule", "schedules"}
    | {"exhibit", "exhibits", "annex", "annexes", "appendix"}
)

#: Currencies named in words in a table's scale note ("(in millions of Canadian dollars)",
#: "(Millions of yen)"), lower-cased, longest first where one name ends another.
CURRENCY_NAMES: dict[str, str] = {
    "u.s. dollars": "USD",
    "us dollars": "USD",
    "united states dollars": "USD",
    "canadian dollars": "CAD",
    "australian dollars": "AUD",
    "new zealand dollars": "NZD",
    "hong kong dollars": "HKD",
    "singapore dollars": "SGD",
    "new taiwan dollars": "TWD",
    "nt dollars": "TWD",
    "dollars": "USD",
    "euros": "EUR",
    "euro": "EUR",
    "pounds sterling": "GBP",
    "sterling": "GBP",
    "pounds": "GBP",
    "japanese yen": "JPY",
    "yen": "JPY",
    "korean won": "KRW",
    "won": "KRW",
    "swiss francs": "CHF",
    "brazilian reais": "BRL",
    "reais": "BRL",
    "renminbi": "CNY",
    "chinese yuan": "CNY",
    "yuan": "CNY",
    "indian rupees": "INR",
    "rupees": "INR",
    "mexican pesos": "MXN",
    "swedish kronor": "SEK",
    "norwegian kroner": "NOK",
    "danish kroner": "DKK",
    "south african rand": "ZAR",
}

#: Currency marks a scale note may put before its scale that the grammar does not read next
#: to a figure ("$A'000", "RMB'000", "(RM'000)"), upper-cased.
NOTE_CURRENCY_MARKS: dict[str, str] = {
    "$A": "AUD",
    "RMB": "CNY",
    "RM": "MYR",
    "NT$": "TWD",  # "(in millions of NT$)", "(NT$ thousands)"
}


# What an amount is a price of ("$2.85/Mcf", "$65 a barrel", "$42.50 per square foot",
# "$1.23 per diluted share"): each way of writing the unit, lower-cased with dots dropped
# and hyphens as spaces, to one name. Two prices of the same digits per different units
# are different figures ("$2.85/MMBtu" is no "$2.85/Mcf"); a unit not listed here is no
# unit to the gate (the amount is read as if nothing followed it).
PER_UNITS: dict[str, str] = {
    **dict.fromkeys(("mcf", "thousand cubic feet", "thousand cubic foot"), "Mcf"),
    **dict.fromkeys(("mmcf", "million cubic feet"), "MMcf"),
    **dict.fromkeys(("mcfe", "thousand cubic feet equivalent"), "Mcfe"),
    **dict.fromkeys(("mmbtu", "million btu", "million british thermal units"), "MMBtu"),
    **dict.fromkeys(("dth", "dekatherm", "dekatherms", "decatherm"), "Dth"),
    **dict.fromkeys(("therm", "therms"), "therm"),
    **dict.fromkeys(("bbl", "bbls", "barrel", "barrels", "bo"), "bbl"),
    **dict.fromkeys(("boe", "barrel of oil equivalent", "barrels of oil equivalent"), "boe"),
    **dict.fromkeys(("mwh", "megawatt hour", "megawatt hours"), "MWh"),
    **dict.fromkeys(("kwh", "kilowatt hour", "kilowatt hours"), "kWh"),
    **dict.fromkeys(("kw", "kilowatt"), "kW"),
    **dict.fromkeys(("mw", "megawatt"), "MW"),
    **dict.fromkeys(("kw month", "kw mo"), "kW-month"),
    **dict.fromkeys(("gwh", "gigawatt hour"), "GWh"),
    **dict.fromkeys(("gj", "gigajoule"), "GJ"),
    **dict.fromkeys(("mj", "megajoule"), "MJ"),
    **dict.fromkeys(("tco2e", "tco2eq", "t co2e", "tonne co2e", "tonne of co2e"), "tCO2e"),
    **dict.fromkeys(("metric ton of co2e", "ton of co2e", "ton co2e"), "tCO2e"),
    **dict.fromkeys(("sq ft", "sqft", "sf", "psf", "square foot", "square feet", "rsf"), "sq ft"),
    **dict.fromkeys(("sqm", "m2", "m²", "square metre", "square meter"), "m²"),
    **dict.fromkeys(("acre", "acres"), "acre"),
    **dict.fromkeys(("ton", "tons", "short ton"), "ton"),
    **dict.fromkeys(("tonne", "tonnes", "metric ton", "metric tonne", "t", "mt"), "t"),
    **dict.fromkeys(("oz", "ounce", "troy ounce", "oz t"), "oz"),
    **dict.fromkeys(("lb", "lbs"), "lb"),
    **dict.fromkeys(("gal", "gallon", "gallons"), "gal"),
    **dict.fromkeys(("l", "liter", "litre"), "L"),
    **dict.fromkeys(("kg", "kilogram"), "kg"),
    **dict.fromkeys(
        ("share", "shares", "sh", "diluted share", "basic share", "common share"), "share"
    ),
    **dict.fromkeys(("ordinary share", "ads", "adr", "depositary share"), "share"),
    **dict.fromkeys(
        ("aktie", "stammaktie", "vorzugsaktie", "action", "aktie unverwässert"), "share"
    ),
    **dict.fromkeys(("unit", "units", "common unit", "lp unit"), "unit"),
    **dict.fromkeys(("hour", "hr", "h"), "hour"),
    **dict.fromkeys(("day", "diem"), "day"),
    **dict.fromkeys(("night", "room night", "available room", "occupied room"), "night"),
    **dict.fromkeys(("week", "wk"), "week"),
    **dict.fromkeys(("month", "mo", "mth"), "month"),
    **dict.fromkeys(("quarter", "qtr"), "quarter"),
    **dict.fromkeys(("year", "yr", "annum", "year per seat"), "year"),
    **dict.fromkeys(("seat", "user", "member", "subscriber", "customer", "employee"), "person"),
    **dict.fromkeys(("mile", "miles"), "mile"),
    # what a drug is priced per ("$425,000 per patient per year", "$18,500 per vial")
    **dict.fromkeys(("patient", "patients"), "patient"),
    **dict.fromkeys(("vial", "vials"), "vial"),
    **dict.fromkeys(("dose", "infusion", "injection"), "dose"),
    **dict.fromkeys(("course of treatment", "treatment course", "treatment"), "course"),
    **dict.fromkeys(("tablet", "capsule", "pill"), "tablet"),
    **dict.fromkeys(("fte", "full time employee", "full time equivalent"), "person"),
    **dict.fromkeys(("head",), "head"),
}
# time units that "a" joins to an amount only as a rate ("$400 a month"), never in "a year
# ago", "a year earlier"
PER_TIME_UNITS: frozenset[str] = frozenset(
    {"hour", "day", "night", "week", "month", "quarter", "year"}
)


# Quantity units as ESG reports, utilities and trial reports write them, each written form
# to the one name it is keyed by (see ``QUANTITY_UNITS``; CO2-equivalent masses
# are read apart, by ``figures.quantity_unit``). Keyed as written ("1.2 GW" keys "GW"); a
# look-up finds it in another multiple (``QUANTITY_MULTIPLES``), and "148 MWac" (an AC
# rating) is no "148 MW".
_WATT_PREFIXES = {"kilo": "k", "mega": "M", "giga": "G", "tera": "T"}
ENERGY_UNITS: dict[str, str] = {
    **{f"{w}watt{s}": f"{p}W" for w, p in _WATT_PREFIXES.items() for s in ("", "s")},
    **{
        f"{w}watt{j}hour{s}": f"{p}Wh"
        for w, p in _WATT_PREFIXES.items()
        for j in (" ", "-")
        for s in ("", "s")
    },
    **{u: u for u in ("MWac", "MWdc", "MWp", "kWp", "kWac", "kWdc", "GWac", "GWdc", "MWe", "GWe")},
    **{u: u for u in ("kJ", "MJ", "GJ", "TJ", "PJ")},
    **{
        f"{w}joules": p + "J"
        for w, p in (("mega", "M"), ("giga", "G"), ("tera", "T"), ("peta", "P"))
    },
    **dict.fromkeys(("ML", "megalitres", "megaliters", "megalitre", "megaliter"), "ML"),
    **dict.fromkeys(("gigalitres", "gigaliters"), "GL"),
    **dict.fromkeys(("kL", "kilolitres", "kiloliters"), "kL"),
    **dict.fromkeys(("m³", "m3", "cubic metres", "cubic meters"), "m³"),
    **dict.fromkeys(("litres", "liters"), "L"),
    **dict.fromkeys(("gallons",), "gal"),
}

# concentrations, doses and volumes as a trial report writes them ("3.2 nM", "1,250 ng/mL",
# "2.5 mg/m²"); "µ" is read as the Greek "μ" it normalises to
LAB_UNITS: dict[str, str] = {
    **{f"{m}M": f"{m}M" for m in ("n", "m", "p")},
    **dict.fromkeys(("μM", "µM", "uM"), "μM"),
    **{f"{m}/{v}": f"{m}/mL" for m in ("ng", "mg", "pg") for v in ("mL", "ml")},
    **dict.fromkeys(("μg/mL", "µg/mL", "ug/mL", "mcg/mL", "μg/ml", "µg/ml", "mcg/ml"), "μg/mL"),
    **{u: u for u in ("mg/dL", "g/dL", "g/L", "mg/L", "mmol/L", "IU/mL", "IU/L", "U/L", "IU")},
    **dict.fromkeys(("mg/m2", "mg/m²"), "mg/m²"),
    **dict.fromkeys(("μg/kg", "µg/kg", "mcg/kg", "ug/kg"), "μg/kg"),
    **dict.fromkeys(("mL", "ml"), "mL"),
    **dict.fromkeys(("μg", "µg", "mcg"), "μg"),
}

# durations: "12.5 hours" is no "12.5 days". A small whole count of them ("14 months",
# "30 days") is no claim in prose (see ``SOFT_UNITS``); "14.5 months" is.
DURATION_UNITS: dict[str, str] = {
    **dict.fromkeys(("hours", "hour", "hrs", "hr", "h"), "hour"),
    **dict.fromkeys(("days", "day", "calendar days", "calendar day"), "day"),
    # "ten (10) business days" is no "10 days"
    **dict.fromkeys(
        ("business days", "business day", "working days", "working day"), "business day"
    ),
    **dict.fromkeys(("weeks", "week", "wks", "wk"), "week"),
    **dict.fromkeys(("months", "month", "mos", "mo", "mths", "mth"), "month"),
    **dict.fromkeys(("years", "year", "yrs", "yr"), "year"),
    **dict.fromkeys(("minutes", "minute", "mins"), "minute"),
    **dict.fromkeys(("seconds", "secs"), "second"),
}

# the ways a CO2-equivalent mass is written are read by a pattern, not listed: a mass
# ("t", "kt", "Mt", "tonnes", "metric tons", "kilotonnes"), "of" or not, then the gas
# ("CO2e", "CO₂e", "CO2-e", "CO2eq", "CO2 equivalent"); each mass word to its symbol
EMISSION_MASSES: dict[str, str] = {
    **dict.fromkeys(("t", "tonnes", "tonne", "metric tons", "metric tonnes", "metric ton"), "t"),
    **dict.fromkeys(("kt", "kilotonnes", "kilotons"), "kt"),
    **dict.fromkeys(("Mt", "megatonnes", "megatons"), "Mt"),
    "MT": "MT",  # as US inventories write metric tons ("MTCO2e"): kept apart from "Mt"
    "Gt": "Gt",
}

#: Units whose small whole counts in prose are no claim ("a 30-day period", "14 months",
#: "12 ML models"): only a figure significant as a bare number would be is checked.
SOFT_UNITS: frozenset[str] = frozenset({*DURATION_UNITS.values(), "ML"})


# Units a figure may carry that are no money and no percent: power and energy, oil and gas
# volumes, area, mass and emissions, latency. Keyed as written ("1.2 GW" keys "GW"; the
# gate finds it as "1,200 MW" through ``quantity_base``), each name with the
# ones it is written as ("square feet", "sq. ft.", "SF" -> "sq ft").
QUANTITY_UNITS: dict[str, str] = {
    **{u: u for p in ("", "k", "M", "G", "T") for u in (f"{p}W", f"{p}Wh")},
    **{u: u for u in ("bbl", "Mbbl", "MMbbl", "MBbl", "MMBbl", "boe", "Mboe", "MMboe", "BOE")},
    **{u: u for u in ("MBOE", "MMBOE", "Mcf", "MMcf", "Bcf", "Tcf", "Mcfe", "MMcfe", "Bcfe")},
    **{u: u for u in ("Tcfe", "MMBtu", "MMBTU", "Btu", "mg/kg")},
    **{u: u for u in ("kg", "mg", "Mt", "ms", "acres", "hectares", "RSF", "NRSF")},
    **dict.fromkeys(("b/d", "bpd", "bopd", "BOPD"), "bbl/d"),
    **dict.fromkeys(("boepd", "BOEPD"), "boe/d"),
    **dict.fromkeys(
        ("sq ft", "sq. ft.", "sq.ft.", "square feet", "square foot", "SF", "sf"), "sq ft"
    ),
    **dict.fromkeys(("m²", "m2", "sqm", "square metres", "square meters"), "m²"),
    **dict.fromkeys(("tonnes", "metric tons", "metric tonnes"), "t"),
    # crypto-assets: "9,480 BTC" is no "9,480 ETH" (a ticker is a unit, as "GW" is)
    **{u: u for u in ("BTC", "ETH", "SOL", "USDC", "USDT", "PYUSD", "EURC", "DAI", "XRP")},
    **{u: u for u in ("ADA", "DOGE", "AVAX", "MATIC", "POL", "DOT", "LINK", "BNB", "LTC")},
    **{u: u for u in ("BCH", "XLM", "ATOM", "ARB", "TRX", "WBTC", "WETH", "stETH", "gwei")},
    **dict.fromkeys(("sats", "satoshis", "sat"), "sats"),
    **dict.fromkeys(("mills",), "mills"),  # a property tax rate: "28.6 mills" is no "$28.6"
    **dict.fromkeys(("rentable square feet", "rentable sq. ft.", "rentable sq ft"), "RSF"),
    **dict.fromkeys(("net rentable square feet", "net rentable sq. ft."), "NRSF"),
    **dict.fromkeys(("square miles", "sq. mi.", "sq mi"), "sq mi"),
    # distances: an airline's stage length, a pipeline's length ("1,287 miles" is no "1,287 km")
    **dict.fromkeys(("miles", "mile", "statute miles"), "mi"),
    **dict.fromkeys(("km", "kilometres", "kilometers", "kilometre", "kilometer"), "km"),
    **dict.fromkeys(("nautical miles", "nmi"), "nmi"),
    "gal": "gal",  # "218 million gal", as "218 million gallons"
    **ENERGY_UNITS,
    **LAB_UNITS,
    **DURATION_UNITS,
}


# A quantity's unit as the same unit's multiple: "1.2 GW" is 1,200 MW, as "$1.2 billion"
# is "$1,200 million". Each keyed name (see ``QUANTITY_UNITS``) to the base it is a
# multiple of and the factor; a unit not listed is compared only with itself. Left out on
# purpose: "MT" (US inventories' metric tons, or megatonnes?), durations (is "a year" 12
# months or a fiscal year?), areas and anything whose conversion is not a power of ten.
def _prefixed(base: str, prefixes: dict[str, int]) -> dict[str, tuple[str, int]]:
    return {p + base: (base, e) for p, e in prefixes.items()}


_SI = {"": 0, "k": 3, "M": 6, "G": 9, "T": 12, "P": 15}
_OIL = {"": 0, "M": 3, "MM": 6, "B": 9, "T": 12}  # the oil and gas "M" is a thousand
QUANTITY_MULTIPLES: dict[str, tuple[str, int]] = {
    **_prefixed("W", _SI),
    **_prefixed("Wh", _SI),
    **{f"{p}W{s}": (f"W{s}", _SI[p]) for p in ("k", "M", "G") for s in ("ac", "dc", "p", "e")},
    **_prefixed("J", _SI),
    **{"mL": ("L", -3), "L": ("L", 0), "kL": ("L", 3), "m³": ("L", 3), "ML": ("L", 6)},
    "GL": ("L", 9),
    **{"μg": ("g", -6), "mg": ("g", -3), "kg": ("g", 3), "t": ("g", 6), "kt": ("g", 9)},
    **{"Mt": ("g", 12), "Gt": ("g", 15)},
    **{
        f"{m}{gas}": (f"t{gas}", e)
        for gas in ("CO2e", "CO2")
        for m, e in (("t", 0), ("kt", 3), ("Mt", 6), ("Gt", 9))
    },
    **_prefixed("bbl", {"": 0, "M": 3, "MM": 6}),
    **{"MBbl": ("bbl", 3), "MMBbl": ("bbl", 6)},
    **_prefixed("boe", {"": 0, "M": 3, "MM": 6}),
    **{"BOE": ("boe", 0), "MBOE": ("boe", 3), "MMBOE": ("boe", 6)},
    **_prefixed("cf", {k: v for k, v in _OIL.items() if k}),
    **_prefixed("cfe", {k: v for k, v in _OIL.items() if k}),
    **{"Btu": ("Btu", 0), "MMBtu": ("Btu", 6), "MMBTU": ("Btu", 6)},
    **{"pM": ("M", -12), "nM": ("M", -9), "μM": ("M", -6), "mM": ("M", -3)},
    **{"pg/mL": ("g/mL", -12), "ng/mL": ("g/mL", -9), "μg/mL": ("g/mL", -6)},
    "mg/mL": ("g/mL", -3),
    **{"BTC": ("BTC", 0), "sats": ("BTC", -8), "ETH": ("ETH", 0), "gwei": ("ETH", -9)},
}


# Numbers written in words: the words and what each is worth (``figures.words`` reads them).
def _words(text: str) -> list[str]:
    return text.split()


SPELLED_UNITS: dict[str, int] = {
    w: i for i, w in enumerate(_words("zero one two three four five six seven eight nine"))
}
SPELLED_TEENS: dict[str, int] = {
    w: i + 10
    for i, w in enumerate(
        _words("ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen")
    )
}
SPELLED_TENS: dict[str, int] = {
    w: (i + 2) * 10
    for i, w in enumerate(_words("twenty thirty forty fifty sixty seventy eighty ninety"))
}
SPELLED_SCALES: dict[str, Decimal] = {
    "thousand": Decimal(10) ** 3,
    "million": Decimal(10) ** 6,
    "billion": Decimal(10) ** 9,
    "trillion": Decimal(10) ** 12,
}
# denominators: singular after "one"/"a", plural after two or more ("halves" is a count)
SPELLED_DENOMINATORS: dict[str, int] = {
    "half": 2,
    "third": 3,
    "quarter": 4,
    "fourth": 4,
    "fifth": 5,
    "sixth": 6,
    "seventh": 7,
    "eighth": 8,
    "ninth": 9,
    "tenth": 10,
}
SPELLED_DENOMINATORS_PLURAL: dict[str, int] = {
    w + "s": d for w, d in SPELLED_DENOMINATORS.items() if w != "half"
}
SPELLED_CARDINALS: dict[str, int] = {**SPELLED_UNITS, **SPELLED_TEENS, **SPELLED_TENS}
#: Every word a spelled-out number can be made of (a cheap test before reading words).
NUMBER_WORDS: frozenset[str] = frozenset(
    {
        *SPELLED_CARDINALS,
        *SPELLED_SCALES,
        *SPELLED_DENOMINATORS,
        *SPELLED_DENOMINATORS_PLURAL,
        *_words("hundred and a an point dozen dozens halves minus negative oh nought naught"),
    }
)
