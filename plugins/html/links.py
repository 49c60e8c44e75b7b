"""Links and images: which URLs survive the scheme allowlist, and data: images into the resources."""

from __future__ import annotations

from collections.abc import Callable

from zenconv.ir import Image, Link, Text

from .urls import (
    ALLOWED_SCHEMES, SCRIPT_SCHEMES, clean_url, decode_data_image, is_data_url, is_safe_url, scheme_of,
)


class LinkReader:
    """Builds Link and Image nodes, or reports why not; ``where`` is an element or a Locator."""

    def __init__(self, ctx, report: Callable[..., None]) -> None:
        self.ctx = ctx
        self.report = report

    def safe_href(self, el) -> str | None:
        """An ``a`` element's target if it is allowed (reported when it is not), or None."""
        href = el.get("href")
        if href is None:
            return None
        target = clean_url(href)
        if is_data_url(target) or not is_safe_url(target):
            self.report("unsafe-url-dropped", el, detail="a")
            return None
        return target

    def link(self, kids: list, href: str, title: str | None, where, text: str) -> list:
        """A link if its URL is allowed; else its text, reported (``text`` is what it displays)."""
        target = clean_url(href)
        scheme = scheme_of(target)
        if scheme is not None and scheme not in ALLOWED_SCHEMES:
            self.report("unsafe-url-dropped", where, detail=f"link, scheme {scheme}")
            # An autolink to a script shows the script as its text: keeping it would keep what was dropped.
            return [] if scheme in SCRIPT_SCHEMES and text in (target, href.strip()) else kids
        return [Link(kids, target, title)] if kids else []

    def image(self, src: str | None, alt: str, title: str | None, where) -> list:
        """An image: a data: URL's bytes into the resource store, another URL kept if allowed.

        An image that cannot be kept leaves its alt text.
        """
        fallback = [Text(alt)] if alt else []
        if src is None or not src.strip():
            return fallback
        src = clean_url(src)
        if is_data_url(src):
            image = decode_data_image(src)
            if image.problem == "svg":
                self.report("svg-dropped", where, detail="image")
                return fallback
            if image.problem == "unsafe":
                self.report("unsafe-url-dropped", where, detail="image")
                return fallback
            if image.problem == "invalid":
                self.report("image-data-invalid", where)
                return fallback
            name = self.ctx.resources.add(image.data, image.hint, image.media_type, origin="data: URL")
            if name is None:
                self.report("image-over-budget", where)
                return fallback
            return [Image(name, alt, title)]
        if not is_safe_url(src):
            self.report("unsafe-url-dropped", where, detail="image")
            return fallback
        return [Image(src, alt, title)]
