"""The forms a claim's ``source_locator`` may take, as the published schema states them."""

from __future__ import annotations

__all__ = ["LOCATOR_DESCRIPTION"]

#: The locator field's description in the published schema: every form tieout resolves,
#: those it prints itself (in reasons, ``tieout figures``, ``doc.place_of``) included.
LOCATOR_DESCRIPTION = (
    "Where in the document the quote stands, in any of these forms: a heading's paragraph "
    "'section: Cash and runway, paragraph 1' or 'Cash and runway ¶1'; a heading "
    "'section: Highlights'; a numbered clause '§2.2' or 'clause 2.2'; a table row "
    "'row: Net sales' or 'row Net sales', with its column 'row Net sales, column 2019'; a "
    "table by number or caption 'table 1, row: Revenue', 'table: Income statement, row "
    "Revenue'; a paragraph or line of the whole document 'paragraph 3', '¶3', 'line 12'; a "
    "PDF's page 'page 2', 'p. 2', 'pp. 2-3' (or 'Highlights ¶1 on page 2')."
)
