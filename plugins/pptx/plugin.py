"""Entry-point module of the PowerPoint reader: declarations only; the reader loads when chosen."""

from __future__ import annotations

from zenconv import hookimpl
from zenconv.options import COMMENTS, FURNITURE, HIDDEN
from zenconv.plugins import OptionSpec
from zenconv.reports import PRESENTATION, degraded, dropped, refused, truncated
from zenconv.safe.codes import xml_codes, zip_codes
from zenconv_plugins.declarations import ATTRIBUTION_CHARS, CHART_VALUES

ID = "ai.insan.zenfmt.pptx"
NAME = "pptx"
VERSION = "0.1.0"

CODES = (
    *zip_codes(NAME),
    *xml_codes(NAME),
    refused("pptx.no-presentation", "The package has no presentation part (ppt/presentation.xml): not a PowerPoint file."),
    dropped("pptx.slide-missing", "A slide the presentation lists has no readable part; the slide is left out."),
    dropped("pptx.hidden-slide-skipped", "A hidden slide was left out under --hidden skip."),
    degraded("pptx.chart-as-table", "A chart was carried as a table of its cached series values; its drawing is lost.", kind=PRESENTATION),
    dropped("pptx.chart-unreadable", "A chart whose part or cached values are missing; nothing of it is carried."),
    truncated("pptx.chart-truncated", "A chart caching more series or points than a table carries (hostile caches): the first are kept, with a visible note."),
    degraded("pptx.smartart-as-text", "A SmartArt diagram carried as a bulleted list of its nodes' text, nested as the diagram's hierarchy; its shapes, arrows and layout are lost.", kind=PRESENTATION),
    dropped("pptx.smartart-text-dropped", "Text of a SmartArt diagram's transition or presentation points, which the layout places and the diagram does not show as nodes: the report takes it."),
    dropped("pptx.ole-object-dropped", "An embedded OLE object (a workbook, a document) shown as a picture."),
    dropped("pptx.media-dropped", "Embedded or linked audio and video."),
    dropped("pptx.animations-dropped", "Slide animations (the slide's timing tree).", kind=PRESENTATION),
    degraded("pptx.attribution-cut", "A comment's author name, initials or date longer than --max-attribution-chars (200): the attribution takes its start."),
    dropped("pptx.comments-dropped", "Review comments on a slide, left out under --comments drop."),
    dropped("pptx.footer-placeholders-dropped", "Slide-number, date, footer and header placeholders, on slides and notes pages, under --furniture drop."),
    degraded("pptx.field-cached", "A slide-number or date field in a footer placeholder carried as furniture: the text PowerPoint last showed is kept; it shows the current value."),
    dropped("pptx.template-text-dropped", "Text of a slide layout's or master's own shapes that no slide shows (an unused layout, slides hiding background graphics)."),
    dropped("pptx.notes-master-dropped", "The notes master's header, footer, date and page-number text and its own shapes' text, printed on notes pages."),
    dropped("pptx.handout-master-dropped", "The handout master's header, footer, date and page-number text and its own shapes' text, printed on handouts."),
    dropped("pptx.image-missing", "A picture whose image part is missing or not linked: nothing of it is carried."),
    dropped("pptx.external-image-not-fetched", "A picture linked outside the package: never fetched; the reference is kept as the image source."),
    dropped("pptx.media-limit", "A picture past --max-media-bytes was not stored; its alt text is kept."),
    degraded("pptx.list-format-unsupported", "An a:buAutoNum numbering scheme the reader cannot render (East Asian, Hebrew, Thai...): its numbers are decimal with a period in the label."),
    degraded("pptx.link-dropped", "A hyperlink that is not an external http, https or mailto link (a slide jump, an action): its text is kept."),
    degraded("pptx.math-as-text", "An equation carried as its plain text."),
    degraded("pptx.shapes-as-table", "Positioned text boxes read as a table (--pptx-shape-tables): rows and columns are inferred.", kind=PRESENTATION),
    dropped("pptx.part-not-read", "A part holding text that hangs off a relationship type the reader does not read (a tool's private part, a revision log): not carried; the report takes its text, the detail names the type and part."),
    dropped("pptx.external-reference-dropped", "A relationship of a slide or notes page to a target outside the package that nothing carries (a linked OLE object or media file, a hover link, a shape's click link): never fetched; the target in the details."),
    dropped("pptx.unhandled-construct", "Any other PresentationML element: its text is read where it has any, the construct reported."),
)

OPTIONS = (
    ATTRIBUTION_CHARS,
    CHART_VALUES,
    HIDDEN,
    COMMENTS,
    FURNITURE,
    OptionSpec("pptx-shape-tables", "bool", False, "PowerPoint: read a slide's grid of positioned text boxes as a table."),
)


@hookimpl
def zenconv_readers(register) -> None:
    register.reader(
        id=ID, name=NAME, version=VERSION, reader="zenconv_plugins.pptx.reader:read",
        extensions=[".pptx", ".pptm", ".ppsx", ".potx"],
        media_types=[
            "application/vnd.openxmlformats-officedocument.presentationml.presentation",
            "application/vnd.ms-powerpoint.presentation.macroEnabled.12",
            "application/vnd.openxmlformats-officedocument.presentationml.slideshow",
            "application/vnd.openxmlformats-officedocument.presentationml.template",
        ],
        zip_parts=["ppt/"], codes=CODES, options=OPTIONS,
    )
