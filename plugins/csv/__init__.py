"""CSV and TSV: one table, every record a citable row."""
