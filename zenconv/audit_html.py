"""``zenconv audit --format html``: the audit as one page a reviewer can hand to someone else.

The page is the JSON's content laid out (:meth:`zenconv.audit.Audit.to_json`): the batch at a glance, a
bar chart of the losses by kind and by code, the codes with their meaning, and each document with its
outcome, reasons and every located report, a report's citation linking into the document's HTML output at
the element it cites when one has an id (:mod:`zenconv.audit_anchors`).

Self-contained and inert: one inline stylesheet, the chart inline SVG drawn here, no script, no image,
nothing fetched; a Content-Security-Policy meta allows that stylesheet by its hash and nothing else. Every
text comes from files (a document's name, a code, a detail), so all of it is escaped by the template's
autoescape, control characters shown as U+FFFD, names isolated (``<bdi>``) so a bidi override cannot
reorder the text around it. Links are relative paths, percent-encoded, so a name never becomes a scheme.
The same audit gives the same bytes.
"""

from __future__ import annotations

import base64
import hashlib
import os
from pathlib import Path
from urllib.parse import quote

from markupsafe import Markup

from .reports import Kind, content_first
from .patterns import pattern

CHART_WIDTH = 640       # the SVG's width; bars start after the labels and scale to the largest count
LABEL_WIDTH = 300
BAR_SPACE = 260
BAR_HEIGHT = 18
ROW_HEIGHT = 24
_CONTROLS = pattern("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff]")

CSS = """\
:root { color-scheme: light dark; --fg: #1b1f24; --bg: #fff; --muted: #59636e; --rule: #d1d9e0;
  --content: #c2410c; --presentation: #2563eb; --ok: #15803d; --bad: #b91c1c; --zebra: #f6f8fa; }
@media (prefers-color-scheme: dark) {
  :root { --fg: #e6edf3; --bg: #0d1117; --muted: #9198a1; --rule: #3d444d; --content: #fb923c;
    --presentation: #60a5fa; --ok: #4ade80; --bad: #f87171; --zebra: #161b22; } }
body { font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif; color: var(--fg);
  background: var(--bg); margin: 0; }
main { max-width: 72rem; margin: 0 auto; padding: 1.5rem 1rem 4rem; }
h1 { font-size: 1.8rem; margin: 0 0 .5rem; } h2 { font-size: 1.35rem; margin-top: 2.5rem; }
h3 { font-size: 1.1rem; margin: 0 0 .4rem; overflow-wrap: anywhere; }
code, .code { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: .9em;
  overflow-wrap: anywhere; }
.verdict { font-weight: 600; padding: .4rem .8rem; border-left: .35rem solid; }
.verdict.pass { border-color: var(--ok); } .verdict.fail { border-color: var(--bad); }
.glance { display: grid; grid-template-columns: repeat(auto-fit, minmax(9rem, 1fr)); gap: .75rem; margin: 1rem 0; }
.glance div { border: 1px solid var(--rule); border-radius: .4rem; padding: .6rem .8rem; }
.glance dt { color: var(--muted); font-size: .85rem; } .glance dd { margin: 0; font-size: 1.4rem; font-weight: 600; }
.glance dd small { display: block; font-size: .85rem; font-weight: 400; color: var(--muted); }
.scroll { overflow-x: auto; }
table { border-collapse: collapse; width: 100%; font-size: .92rem; }
th, td { text-align: left; vertical-align: top; padding: .35rem .6rem; border-bottom: 1px solid var(--rule); }
thead th { position: sticky; top: 0; background: var(--bg); border-bottom: 2px solid var(--rule); }
tbody tr:nth-child(even) { background: var(--zebra); }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
.kind { font-size: .8rem; padding: 0 .4rem; border-radius: .6rem; border: 1px solid; white-space: nowrap; }
.kind.content { color: var(--content); } .kind.presentation { color: var(--presentation); }
svg.chart { width: 100%; min-width: 32rem; max-width: 40rem; height: auto; display: block; margin: .5rem 0 1.5rem; }
.legend { font-size: .85rem; color: var(--muted); } .swatch { display: inline-block; width: .8em; height: .8em;
  margin: 0 .3em 0 .8em; vertical-align: -.05em; } .swatch.content { background: var(--content); }
.swatch.presentation { background: var(--presentation); }
svg.chart text { fill: var(--fg); font: 12px system-ui, sans-serif; }
svg.chart .bar.content { fill: var(--content); } svg.chart .bar.presentation { fill: var(--presentation); }
article.document { border: 1px solid var(--rule); border-radius: .4rem; padding: .8rem 1rem; margin: 1rem 0; }
article.document .facts { color: var(--muted); margin: 0 0 .5rem; }
.outcome-converted { color: var(--ok); } .outcome-unreadable, .bad { color: var(--bad); }
ul.plain { padding-left: 1.2rem; margin: .3rem 0; }
@media print { body { font-size: 11pt; } main { max-width: none; padding: 0; } thead th { position: static; }
  article.document { break-inside: avoid; } a { color: inherit; } .scroll { overflow: visible; } }
"""


def render(data: dict, base: Path) -> str:
    """The page for an audit's JSON; links to HTML outputs relative to the folder ``base``."""
    from jinja2 import Environment

    env = Environment(autoescape=True, finalize=_shown, trim_blocks=True, lstrip_blocks=True,
                      keep_trailing_newline=True)
    digest = base64.b64encode(hashlib.sha256(CSS.encode()).digest()).decode()
    policy = f"default-src 'none'; style-src 'sha256-{digest}'; base-uri 'none'; form-action 'none'"
    codes = content_first(data["codes"].items(), lambda item: item[1]["kind"])
    numbers = {doc["manifest"]: n for n, doc in enumerate(data["per_document"], 1)}
    return env.from_string(TEMPLATE).render(
        data=data, css=CSS, policy=policy, codes=codes, numbers=numbers,
        kinds=_kind_chart(data), code_chart=_code_chart(codes),
        href=lambda doc, anchor: _href(doc, anchor, base), content=str(Kind.CONTENT),
        attention=_attention(data))


def _shown(value):
    """Every value the template prints: control characters (never valid in HTML text) become U+FFFD."""
    if value is None:
        return ""
    if isinstance(value, Markup):  # the template's own markup (a chart), its text already through here
        return value
    return _CONTROLS.sub("\ufffd", value) if isinstance(value, str) else value


def _attention(data: dict) -> list[str]:
    """What makes the audit exit 1, said in words (empty when nothing does)."""
    counted = [(len(data["digests"]["failed"]), "document whose digests fail", "documents whose digests fail"),
               (len(data["missing"]), "missing manifest", "missing manifests"),
               (len(data["failed"]), "input the run failed", "inputs the run failed"),
               (len(data["stray"]), "stray file", "stray files"),
               (len(data["no_such_path"]), "path that does not exist", "paths that do not exist")]
    sig = data["signatures"]
    if sig:
        counted += [(len(sig["unsigned"]), "unsigned document", "unsigned documents"),
                    (len(sig["badly_signed"]), "badly signed document", "badly signed documents"),
                    (len(sig["missing"]), "signed document gone", "signed documents gone"),
                    (sum(1 for b in sig["batches"].values() if b["status"] != "verified" or b["index"]),
                     "batch whose signed list does not hold", "batches whose signed lists do not hold")]
    return [f"{n} {one if n == 1 else many}" for n, one, many in counted if n]


def _bars(rows: list[tuple[str, str, int]]) -> dict:
    """(label, kind, count) rows as bars: width proportional to the count, the largest filling the space."""
    top = max((count for _, _, count in rows), default=0)
    bars = []
    for n, (label, kind, count) in enumerate(rows):
        width = BAR_SPACE * count / top if top else 0
        if count and width < 1:
            width = 1  # a count of one among millions is still seen
        bars.append({"label": label, "kind": kind, "count": count, "y": n * ROW_HEIGHT + 4,
                     "width": f"{width:.1f}", "text_y": n * ROW_HEIGHT + 4 + BAR_HEIGHT - 5,
                     "count_x": f"{LABEL_WIDTH + width + 6:.1f}"})
    return {"bars": bars, "height": len(rows) * ROW_HEIGHT + 8, "width": CHART_WIDTH, "x": LABEL_WIDTH,
            "bar_height": BAR_HEIGHT, "label_x": LABEL_WIDTH - 8}


def _kind_chart(data: dict) -> dict:
    return _bars([(kind, kind, data["kinds"].get(kind, 0)) for kind in map(str, Kind)])


def _code_chart(codes: list) -> dict:
    return _bars([(code, entry["kind"], entry["count"]) for code, entry in codes])


def _href(doc: dict, anchor: dict | None, base: Path) -> str | None:
    """``page.html#id`` relative to ``base``, percent-encoded; None without an output or an anchor."""
    if anchor is None or not doc.get("html_output"):
        return None
    try:
        path = os.path.relpath(os.path.abspath(doc["html_output"]), base)
    except ValueError:  # another drive: no relative path reaches it
        return None
    page = quote(Path(path).as_posix(), safe="/")
    return page if anchor["id"] is None else page + "#" + quote(anchor["id"], safe="")


TEMPLATE = """\
<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="{{ policy }}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="zenconv audit {{ data.audit_version }}">
<title>Audit: {{ data.documents }} document{{ "" if data.documents == 1 else "s" }}</title>
<style>{{ css|safe }}</style>
</head>
<body>
<main>
<h1>Audit of {{ data.documents }} document{{ "" if data.documents == 1 else "s" }}</h1>
{% if attention %}
<p class="verdict fail">Needs attention: {{ attention|join(", ") }}.</p>
{% else %}
<p class="verdict pass">Every document accounted for{% if data.digests.not_checked == 0 %}, every digest verified{% else %} (digests not checked){% endif %}{% if data.signatures %}, every signature verified{% endif %}.</p>
{% endif %}

<section id="glance" aria-labelledby="glance-h">
<h2 id="glance-h">At a glance</h2>
<dl class="glance">
<div><dt>Documents</dt><dd>{{ data.documents }}</dd></div>
{% for outcome, count in data.outcomes.items() %}
<div><dt>{{ outcome }}</dt><dd class="outcome-{{ outcome }}" data-outcome="{{ outcome }}">{{ count }}</dd></div>
{% endfor %}
<div><dt>Digests verified</dt><dd data-digests="verified">{{ data.digests.verified }}<small>{{ data.digests.failed|length }} failed, {{ data.digests.not_checked }} not checked</small></dd></div>
{% if data.signatures %}
<div><dt>Signed (key {{ data.signatures.keyid[:16] }}…)</dt><dd data-signatures="verified">{{ data.signatures.verified }}<small>{{ data.signatures.unsigned|length }} unsigned, {{ data.signatures.badly_signed|length }} badly signed, {{ data.signatures.missing|length }} missing</small></dd></div>
{% endif %}
<div><dt>Losses</dt><dd>{{ data.kinds.get(content, 0) }}<small>content; {{ data.kinds.get("presentation", 0) }} presentation only</small></dd></div>
</dl>
{% for label, key in (("Not converted (skipped)", "skipped"), ("Missing (the manifest is gone)", "missing"), ("Failed for the run's reasons", "failed"), ("Stray (no record accounts for it)", "stray"), ("No such path", "no_such_path")) %}
{% if data[key] %}
<h3>{{ label }}: {{ data[key]|length }}</h3>
<ul class="plain" data-list="{{ key }}">
{% for item in data[key] %}
{% if item is mapping %}<li><bdi>{{ item.source }}</bdi>: {{ item.reason }}</li>{% else %}<li><bdi>{{ item }}</bdi></li>{% endif %}
{% endfor %}
</ul>
{% endif %}
{% endfor %}
{% if data.signatures %}
{% for bad in data.signatures.badly_signed %}<p class="bad">Badly signed: <bdi>{{ bad.manifest }}</bdi>: {{ bad.problem }}</p>
{% endfor %}
{% for folder, batch in data.signatures.batches.items() %}<p>Batch <bdi>{{ folder }}</bdi>: {{ batch.status }}{% for line in batch.index %}; index: {{ line }}{% endfor %}</p>
{% endfor %}
{% endif %}
</section>

<section id="losses" aria-labelledby="losses-h">
<h2 id="losses-h">Losses</h2>
{% macro chart(c, title, name) %}
<div class="scroll"><svg class="chart" id="{{ name }}" role="img" aria-label="{{ title }}" viewBox="0 0 {{ c.width }} {{ c.height }}" width="{{ c.width }}" height="{{ c.height }}" xmlns="http://www.w3.org/2000/svg">
<title>{{ title }}</title>
{% for bar in c.bars %}
<g>
<title>{{ bar.label }}: {{ bar.count }}</title>
<text x="{{ c.label_x }}" y="{{ bar.text_y }}" text-anchor="end">{{ bar.label|truncate(44, True, "…", 0) }}</text>
<rect class="bar {{ bar.kind }}" x="{{ c.x }}" y="{{ bar.y }}" width="{{ bar.width }}" height="{{ c.bar_height }}" data-label="{{ bar.label }}" data-count="{{ bar.count }}"></rect>
<text x="{{ bar.count_x }}" y="{{ bar.text_y }}">{{ bar.count }}</text>
</g>
{% endfor %}
</svg></div>
{% endmacro %}
<h3>By kind</h3>
<p>Content: text, data or structure the output does not hold. Presentation: every character kept, only how it looked or where it sat is not.</p>
<p class="legend" aria-hidden="true"><span class="swatch content"></span>content<span class="swatch presentation"></span>presentation</p>
{{ chart(kinds, "Losses by kind", "chart-kinds") }}
{% if code_chart.bars %}
<h3>By code</h3>
{{ chart(code_chart, "Losses by code", "chart-codes") }}
{% else %}
<p>No losses reported.</p>
{% endif %}
</section>

{% if codes %}
<section id="codes" aria-labelledby="codes-h">
<h2 id="codes-h">Codes</h2>
<div class="scroll"><table>
<thead><tr><th>Code</th><th>Kind</th><th>Severity</th><th class="num">Count</th><th class="num">Documents</th><th>Meaning</th><th>In</th></tr></thead>
<tbody>
{% for code, entry in codes %}
<tr id="code-{{ loop.index }}" data-code="{{ code }}"><td class="code">{{ code }}</td><td><span class="kind {{ entry.kind }}">{{ entry.kind }}</span></td><td>{{ entry.severity }}</td><td class="num">{{ entry.count }}</td><td class="num">{{ entry.documents }}</td><td>{{ entry.meaning }}</td><td>{% for m in entry.manifests %}<a href="#doc-{{ numbers[m] }}">{{ numbers[m] }}</a>{{ ", " if not loop.last }}{% endfor %}</td></tr>
{% endfor %}
</tbody>
</table></div>
</section>
{% endif %}

<section id="documents" aria-labelledby="documents-h">
<h2 id="documents-h">Documents</h2>
{% for doc in data.per_document %}
<article class="document" id="doc-{{ loop.index }}" data-outcome="{{ doc.outcome }}">
<h3>{{ loop.index }}. <bdi>{{ doc.source or doc.manifest }}</bdi></h3>
<p class="facts"><span class="outcome-{{ doc.outcome }}">{{ doc.outcome }}</span>{% if doc.reasons %} because {% for r in doc.reasons %}<code>{{ r }}</code>{{ ", " if not loop.last }}{% endfor %}{% endif %};
digests {% if doc.verified is none %}not checked{% elif doc.verified %}verified{% else %}<span class="bad">do not verify</span>{% endif %}{% if doc.signature %}; signature {{ doc.signature }}{% endif %};
{% if doc.source_sha256 %}source SHA-256 <span class="code">{{ doc.source_sha256 }}</span>; {% endif %}manifest <bdi class="code">{{ doc.manifest }}</bdi>{% if doc.html_output %}; HTML <a class="code" href="{{ href(doc, {"id": none}) }}"><bdi>{{ doc.html_output }}</bdi></a>{% endif %}</p>
{% if doc.problems %}<ul class="plain bad">{% for p in doc.problems %}<li>{{ p }}</li>{% endfor %}</ul>
{% endif %}
{% if doc.reports %}
<div class="scroll"><table>
<thead><tr><th>Code</th><th class="num">Count</th><th>Where</th><th>Detail</th></tr></thead>
<tbody>
{% for code, count in doc.reports.items() %}
{% set located = doc.located|selectattr("code", "equalto", code)|list %}
{% set details = doc.details|selectattr("code", "equalto", code)|map(attribute="detail")|list %}
<tr data-code="{{ code }}"><td class="code">{{ code }}</td><td class="num">{{ count }}</td><td>{% if located %}<ul class="plain">{% for r in located %}{% set link = href(doc, r.anchor) %}<li>{% if link %}<a href="{{ link }}" data-at="{{ r.anchor.at }}">{{ r.citation }}</a>{% if r.anchor.at == "section" %} (its section){% elif r.anchor.at == "page" %} (the page: no id nearer){% endif %}{% else %}{{ r.citation }}{% endif %}</li>{% endfor %}</ul>{% endif %}</td><td>{% if details %}<ul class="plain">{% for d in details %}<li>{{ d }}</li>{% endfor %}</ul>{% elif doc.first.get(code, {}).get("detail") %}{{ doc.first[code].detail }}{% endif %}</td></tr>
{% endfor %}
</tbody>
</table></div>
{% else %}
<p>Nothing lost.</p>
{% endif %}
</article>
{% endfor %}
</section>
</main>
</body>
</html>
"""
