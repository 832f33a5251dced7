"""Source documents: reading files, snapshots, their figure index, locators and quotes."""

from tieout.documents.document import Document, ReadSnapshot, media_type_for
from tieout.documents.index import FigureIndex
from tieout.documents.locate import Region, resolve_locator
from tieout.documents.quotes import find_quote
from tieout.documents.readers import SUPPORTED, read_source

__all__ = [
    "SUPPORTED",
    "Document",
    "FigureIndex",
    "ReadSnapshot",
    "Region",
    "find_quote",
    "media_type_for",
    "read_source",
    "resolve_locator",
]
