"""The PowerPoint (PresentationML) reader: slides, shapes, tables, charts and speaker notes."""
