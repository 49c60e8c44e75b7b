"""The built-in writers: Markdown, sectioned HTML, JSON (the IR) and segments (JSON Lines)."""
