"""The Word (.docx) reader plugin."""
