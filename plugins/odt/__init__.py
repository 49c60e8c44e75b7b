"""The OpenDocument readers: text documents (ODT) and presentations (ODP)."""
