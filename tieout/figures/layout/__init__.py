"""The structure of a text: headings, paragraphs, numbered clauses and tables.

``read_layout(text)`` reads normalised text (see ``figures.normalize``) once and returns a
:class:`Layout`: the sections locators point at (headings, numbered paragraphs, clauses,
table rows), and the tables with their header rows, column labels, column periods and the
scale note ("(in thousands)", "$ in millions") that governs their cells.

Tables are recognised as Markdown (with or without the ``|---|`` row), pipe- or
tab-separated rows, whitespace-aligned columns as filings print them, and CSV (when the
caller says the text is CSV). ``apply_context`` then gives each figure the scale and
period its place implies. Pure: imports only ``_vocab``, ``periods`` and the number
grammar's context-free readings (``parse_amount``, ``per_unit``, ``times``).

The modules, each importing only those before it: ``model`` (the values), ``note_forms``
(the scale-note grammar), ``notes`` (finding scale notes), ``cell_units`` (a cell's unit),
``lines`` (lines and cells), ``headers`` (header rows and column periods), ``currencies``
(which dollar a table means), ``labels`` (what a row label says), ``rows`` (a table's lines
as rows), ``tables`` (a table from its lines), ``captions`` (what stands above a table),
``standing`` (notes that hold past their paragraph), ``structure`` (``read_layout``),
``amounts`` (a cell read as one of its table's amounts), ``cells`` (one cell's figure in its
table), ``row_periods`` (rows and captions that date a table's cells) and ``context``
(``apply_context``).
"""

from tieout.figures.layout.captions import long_caption
from tieout.figures.layout.cell_units import (
    bracket_quantity,
    heading_per,
    quantity_cell,
    read_unit,
    unit_column,
)
from tieout.figures.layout.context import apply_context, footnote_line
from tieout.figures.layout.currencies import declared_dollars
from tieout.figures.layout.labels import percent_rows
from tieout.figures.layout.lines import column_period, prose_line
from tieout.figures.layout.model import Cell, CellUnit, Layout, Row, ScaleNote, Section, Table
from tieout.figures.layout.notes import note_anchor
from tieout.figures.layout.standing import reaching_notes
from tieout.figures.layout.structure import read_layout, section_numbers
from tieout.figures.layout.tables import percent_heading

__all__ = [
    "Cell",
    "CellUnit",
    "Layout",
    "Row",
    "ScaleNote",
    "Section",
    "Table",
    "apply_context",
    "bracket_quantity",
    "column_period",
    "declared_dollars",
    "footnote_line",
    "heading_per",
    "long_caption",
    "note_anchor",
    "percent_heading",
    "percent_rows",
    "prose_line",
    "quantity_cell",
    "reaching_notes",
    "read_layout",
    "read_unit",
    "section_numbers",
    "unit_column",
]
