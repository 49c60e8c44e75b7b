"""The PDF reader: pdfminer.six's text layer rebuilt into headings, lists, paragraphs and tables."""
