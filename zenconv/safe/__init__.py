"""The safe package layer: every zip package, XML part and text a reader parses passes through here.

- :mod:`zenconv.safe.zip`: zip packages from the central directory only, sizes bounded even when a
  header lies, hostile names, overlaps, encryption and unknown compression refused;
- :mod:`zenconv.safe.xml`: lxml with DOCTYPEs refused before parsing (a reader may accept those
  without an internal subset, as ODF's producers write them), entities never resolved, no network, a
  depth limit, streaming for large parts;
- :mod:`zenconv.safe.text`: decoding text the way the reference readers do;
- :mod:`zenconv.safe.ole`: OLE compound files told apart (legacy binary or encrypted package).

Refusals raise :class:`zenconv.reports.Unreadable` under the calling reader's namespace
(``docx.zip-unsafe-name``, ``docx.doctype-refused``); a reader declares them with
``zip_codes(ns)`` and ``xml_codes(ns)``. The submodules are imported on use, so importing this
package stays light (lxml loads only with :mod:`zenconv.safe.xml`).
"""
