"""Links and images as the page has them; data: images into the resources.

What may become a link or an image is the writers' decision (``zenconv.writers.urls``): a reader carries
every target as it found it (the IR JSON keeps ``javascript:`` as evidence; Markdown and HTML drop it
and say so). What stays here is reading: a ``data:`` image is decoded into the resource store, and one
that does not decode, or is not the type it names, is reported and leaves its alt text.
"""

from __future__ import annotations

from collections.abc import Callable

from zenconv.ir import Image, Link, Text

from .urls import clean_url, decode_data_image, is_data_url


class LinkReader:
    """Builds Link and Image nodes; ``where`` is an element or a Locator for what it reports."""

    def __init__(self, ctx, report: Callable[..., None]) -> None:
        self.ctx = ctx
        self.report = report

    def href(self, el) -> str | None:
        """An ``a`` element's target as a browser reads the attribute, or None without one."""
        href = el.get("href")
        return None if href is None else clean_url(href)

    def link(self, kids: list, href: str, title: str | None, where=None, text: str | None = None) -> list:
        """A link to ``href``; an empty one (no text, no image) is nothing. (``where`` and ``text``, the link's
        place and plain text, are taken from the callers that have them; reading a link needs neither.)"""
        return [Link(kids, clean_url(href), title)] if kids else []

    def image(self, src: str | None, alt: str, title: str | None, where) -> list:
        """An image: a data: image's bytes into the resource store, any other source kept as written.

        An image that cannot be kept leaves its alt text.
        """
        fallback = [Text(alt)] if alt else []
        if src is None or not src.strip():
            return fallback
        src = clean_url(src)
        if not is_data_url(src):
            return [Image(src, alt, title)]
        image = decode_data_image(src)
        if image.problem == "not-an-image":
            return [Image(src, alt, title)]  # data:text/html and the like: the writers refuse it by its scheme
        if image.problem == "invalid":
            self.report("image-data-invalid", where)
            return fallback
        name = self.ctx.resources.add(image.data, image.hint, image.media_type, origin="data: URL")
        if name is None:
            self.report("image-over-budget", where)
            return fallback
        return [Image(name, alt, title)]
