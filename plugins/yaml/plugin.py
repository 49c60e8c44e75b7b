"""Entry-point module of the YAML reader: declarations only; the reader (and ruamel.yaml) load when chosen."""

from __future__ import annotations


from zenconv import hookimpl
from zenconv.plugins import OptionSpec
from zenconv.reports import degraded, refused

from zenconv_plugins.markers import under_front_matter
from zenconv_plugins.declarations import DATA_OPTIONS, shared_codes
from zenconv.patterns import pattern

VERSION = "0.1.0"

CODES = (
    *shared_codes("yaml"),
    degraded("yaml.custom-tag", "A node carried a tag outside the YAML 1.2 core schema (!!js/function, !Ref): "
             "it was read as its plain value, the tag left out."),
    degraded("yaml.undecodable-bytes", "Bytes that were not valid UTF-8 (or UTF-16 after its byte-order mark) "
             "were replaced with U+FFFD."),
    refused("yaml.invalid", "The text is not YAML; the detail says where."),
    refused("yaml.duplicate-key", "A mapping names a key twice, which YAML forbids."),
    refused("yaml.too-many-aliases", "Aliases would expand past --max-aliases nodes (a billion-laughs file)."),
    refused("yaml.too-deep", "Collections nest deeper than --max-data-depth."),
    refused("yaml.too-large", "The file is longer than --max-value-chars: YAML is read whole."),
)

OPTIONS = (
    *DATA_OPTIONS,
    OptionSpec("yaml-scalars", "choice", "typed", "YAML: typed reads plain scalars by the YAML 1.2 core schema "
               "(null, true, 0x1F as 31); text keeps every scalar as written.", choices=("typed", "text")),
    OptionSpec("max-aliases", "int", 100, "YAML: most alias expansions (each alias, and each alias inside what "
               "it names, counted every time it is used); past it the file is refused.", metavar="N"),
)

# A %YAML directive, or a document marker on the first line: plain "key: value" text is too common
# (an e-mail header, a log line) to be taken for YAML without one.
_DIRECTIVE = pattern(rb"%YAML[ \t]+1\.\d")
_MARKER = pattern(rb"---(?:[ \t]|\r?\n|\Z)")
_WINDOW = 64 << 10  # the host's sniff window: a head this long may stop mid-line


def sniff(head: bytes, name: str | None) -> str | None:
    """Why the head is YAML: a directive, or a document marker opening it, unless the marker opens
    Markdown's front matter (what follows the block is not YAML: :mod:`zenconv_plugins.markers`)."""
    head = head.removeprefix(b"\xef\xbb\xbf")
    if _DIRECTIVE.match(head):
        return "a %YAML directive"
    if not _MARKER.match(head):
        return None
    if under_front_matter(head.decode("utf-8", "replace"), cut=len(head) >= _WINDOW):
        return None
    return "a document marker (---) opens the text"


@hookimpl
def zenconv_readers(register) -> None:
    register.reader(
        id="ai.insan.zenfmt.yaml", name="yaml", version=VERSION, reader="zenconv_plugins.yaml.reader:read",
        extensions=[".yaml", ".yml"],
        media_types=["application/yaml", "application/x-yaml", "text/yaml", "text/x-yaml"],
        priority=20, sniff=sniff, codes=CODES, options=OPTIONS,
    )
