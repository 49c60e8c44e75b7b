"""Opening a PDF: the password, the object and page counts, the Info dictionary, the page tree."""

from __future__ import annotations

import re
from dataclasses import field

from pdfminer.pdfdocument import (
    PDFDocument,
    PDFEncryptionError,
    PDFNoPageLabels,
    PDFPasswordIncorrect,
)
from pdfminer.pdfpage import PDFPage
from pdfminer.pdfparser import PDFParser
from pdfminer.pdftypes import resolve1
from pdfminer.psparser import PSLiteral
from pdfminer.utils import decode_text

from zenconv.reports import Unreadable

from .limits import StreamTooLarge
from zenconv.records import dataclass
from zenconv.patterns import pattern

_DATE = pattern(r"^D?:?(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?\s*([Zz+\-])?\s*(\d{2})?'?(\d{2})?'?")


@dataclass(slots=True)
class PdfFile:
    document: PDFDocument
    pages: list[PDFPage]
    page_numbers: dict[int, int] = field(default_factory=dict)  # page object id → 1-based number
    has_labels: bool = False
    encrypted: bool = False


def open_pdf(stream, password: str, max_objects: int, checkpoint) -> PdfFile:
    """Parse the trailer, xref and catalog and list the pages; refuse what cannot be read.

    Any failure of the parser on the document's skeleton is ``pdf.malformed``: the text of a
    broken file may be partly there, but without its page tree there is nothing to cite.
    """
    try:
        parser = PDFParser(stream)
        document = PDFDocument(parser, password=password or "", fallback=True)
    except PDFPasswordIncorrect as exc:
        what = "the password given does not open it" if password else "it needs a password (--password)"
        raise Unreadable("pdf.encrypted", f"the PDF is encrypted and {what}") from exc
    except PDFEncryptionError as exc:
        raise Unreadable("pdf.encrypted", f"the PDF is encrypted with an unsupported method ({exc})") from exc
    except (StreamTooLarge, Unreadable):
        raise
    except RecursionError as exc:
        raise Unreadable("pdf.malformed", "the PDF's structure nests too deeply") from exc
    except Exception as exc:  # pdfminer raises many types on broken input; all mean the same here
        raise Unreadable("pdf.malformed", f"not a readable PDF ({type(exc).__name__}: {exc})"[:300]) from exc
    objects = 0
    for xref in document.xrefs:
        try:
            objects += sum(1 for _ in xref.get_objids())
        except Exception:  # a broken xref section counts as empty: its objects are unreachable anyway
            continue
        if objects > max_objects:
            raise Unreadable("pdf.too-many-objects", f"the PDF declares more than {max_objects} objects (--max-objects)")
    pdf = PdfFile(document, [], encrypted=document.encryption is not None)
    try:
        for page in PDFPage.create_pages(document):
            pdf.pages.append(page)
            pdf.page_numbers[page.pageid] = len(pdf.pages)
            if len(pdf.pages) % 256 == 0:
                checkpoint()
            if len(pdf.pages) > max_objects:
                raise Unreadable("pdf.too-many-objects", "the page tree lists more pages than --max-objects")
    except (StreamTooLarge, Unreadable):
        raise
    except RecursionError as exc:
        raise Unreadable("pdf.malformed", "the page tree nests too deeply") from exc
    except Exception as exc:  # a page tree pdfminer cannot walk
        raise Unreadable("pdf.malformed", f"the page tree cannot be read ({type(exc).__name__})") from exc
    try:
        document.get_page_labels()
        pdf.has_labels = True
    except (PDFNoPageLabels, Exception):  # no labels, or labels too broken to use: cite numbers only
        pdf.has_labels = False
    return pdf


def text_of(value) -> str | None:
    value = resolve1(value)
    if isinstance(value, bytes):
        return decode_text(value).replace("\x00", "").strip() or None
    if isinstance(value, PSLiteral):
        return str(value.name).strip() or None
    if isinstance(value, str):
        return value.strip() or None
    return None


def iso_date(value) -> str | None:
    """A PDF date (``D:20240822125427Z00'00'``) as ISO 8601, or the text as stated when it is not one."""
    text = text_of(value)
    if not text:
        return None
    match = _DATE.match(text)
    if not match:
        return text
    year, month, day, hour, minute, second, sign, tzh, tzm = match.groups()
    date = f"{year}-{month or '01'}-{day or '01'}"
    if hour is None:
        return date
    stamp = f"{date}T{hour}:{minute or '00'}:{second or '00'}"
    if sign in ("Z", "z"):
        return stamp + "Z"
    if sign in ("+", "-") and tzh:
        return f"{stamp}{sign}{tzh}:{tzm or '00'}"
    return stamp


def fill_metadata(pdf: PdfFile, metadata) -> None:
    """The Info dictionary into the document metadata (in place: the host already holds it)."""
    info: dict = {}
    for entry in pdf.document.info or []:
        try:
            info.update(resolve1(entry) or {})
        except Exception:  # an Info entry that is not a dictionary states nothing
            continue
    metadata.title = text_of(info.get("Title"))
    metadata.subject = text_of(info.get("Subject"))
    author = text_of(info.get("Author"))
    metadata.authors = [author] if author else []
    keywords = text_of(info.get("Keywords"))
    metadata.keywords = [k.strip() for k in re.split(r"[;,]", keywords) if k.strip()] if keywords else []
    metadata.created = iso_date(info.get("CreationDate"))
    metadata.modified = iso_date(info.get("ModDate"))
    for key in ("Creator", "Producer"):
        value = text_of(info.get(key))
        if value:
            metadata.extra[key.lower()] = value
