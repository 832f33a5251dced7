"""Source documents: reading files, snapshots, their figure index, locators and quotes."""

from tieout.documents.document import Document, ReadSnapshot
from tieout.documents.index import FigureIndex
from tieout.documents.locate import Region, resolve_locator
from tieout.documents.quotes import find_quote
from tieout.documents.readers import SUPPORTED, media_type_for, read_bytes, read_source
from tieout.documents.reading import StatedFigure

__all__ = [
    "SUPPORTED",
    "Document",
    "FigureIndex",
    "ReadSnapshot",
    "Region",
    "StatedFigure",
    "find_quote",
    "media_type_for",
    "read_bytes",
    "read_source",
    "resolve_locator",
]
