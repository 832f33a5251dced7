"""The structure of a text: headings, paragraphs, numbered clauses and tables.

(Being split into modules; for this commit the reader still lives whole in ``notes.py``.)
"""

from tieout.layout.notes import (
    _CAPTION_ANCHOR,
    _FOREIGN_ANCHOR,
    _INDIAN_ANCHOR,
    _NOTE_ANCHOR,
    Cell,
    Layout,
    Row,
    ScaleNote,
    Section,
    Table,
    _anchors,
    apply_context,
    column_period,
    declared_dollars,
    footnote_line,
    long_caption,
    note_anchor,
    percent_heading,
    percent_rows,
    prose_line,
    read_layout,
    section_numbers,
)

__all__ = [
    "_CAPTION_ANCHOR",
    "_FOREIGN_ANCHOR",
    "_INDIAN_ANCHOR",
    "_NOTE_ANCHOR",
    "Cell",
    "Layout",
    "Row",
    "ScaleNote",
    "Section",
    "Table",
    "_anchors",
    "apply_context",
    "column_period",
    "declared_dollars",
    "footnote_line",
    "long_caption",
    "note_anchor",
    "percent_heading",
    "percent_rows",
    "prose_line",
    "read_layout",
    "section_numbers",
]
