"""The options :func:`zenconv.convert` takes as keywords, typed for type checkers and editors.

The command line's ``--max-rows 100`` is ``max_rows=100`` (a size may be given as ``"512M"``). The host's
options come first, then those the built-in plugins declare; a third-party plugin's options are taken
too (by their key), unchecked by a type checker. ``tests/test_api.py`` fails when this list and the
declarations differ, and prints the lines to add.
"""

from __future__ import annotations

import os
from typing import Literal, TypedDict


class ConvertOptions(TypedDict, total=False):
    # The host's: limits, media, facets (zenconv.options.HOST_OPTIONS).
    timeout: int | str
    timeout_per_mib: int | str
    max_memory: int | str
    max_input_bytes: int | str
    max_zip_entries: int | str
    max_part_bytes: int | str
    max_package_bytes: int | str
    max_xml_depth: int | str
    max_output_bytes: int | str
    max_output_ratio: int | str
    max_media_bytes: int | str
    media_dir: str | os.PathLike[str]
    embed_media: bool
    preserve_facets: bool
    embedded: Literal['keep', 'extract', 'drop']
    max_embedding_depth: int | str
    max_embedded_documents: int | str
    # The built-in plugins' (zenconv plugins; zenconv --help lists each under its plugin).
    comments: Literal['keep', 'drop']
    css: str | os.PathLike[str]
    delimiter: Literal['auto', ',', ';', 'tab', '|']
    encoding: str
    fill_merged: Literal['on', 'off']
    furniture: Literal['keep', 'drop']
    header: Literal['auto', 'first', 'none']
    hidden: Literal['keep', 'skip']
    html_tables: bool
    max_aliases: int | str
    max_attribution_chars: int | str
    max_cells: int | str
    max_chart_values: int | str
    max_cmap_codes: int | str
    max_cmap_entries: int | str
    max_cols: int | str
    max_comment_ranges: int | str
    max_data_depth: int | str
    max_expansion: int | str
    max_field_chars: int | str
    max_html_group_blocks: int | str
    max_keys: int | str
    max_label_chars: int | str
    max_line_chars: int | str
    max_objects: int | str
    max_operands: int | str
    max_pages: int | str
    max_paragraph_lines: int | str
    max_quoted_chars: int | str
    max_quoted_lines: int | str
    max_rows: int | str
    max_span_work: int | str
    max_state_depth: int | str
    max_stream_bytes: int | str
    max_string_chars: int | str
    max_table_cols: int | str
    max_table_rows: int | str
    max_value_chars: int | str
    max_xml_elements: int | str
    no_style: bool
    page_timeout: int | str
    pages: str
    password: str
    pptx_shape_tables: bool
    remote_images: Literal['keep', 'drop']
    revisions: Literal['accept', 'reject', 'all']
    values: Literal['shown', 'raw']
    yaml_scalars: Literal['typed', 'text']
