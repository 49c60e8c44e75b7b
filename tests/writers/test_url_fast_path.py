"""The URL policy's fast path for a plain URL gives the general path's verdict, on many generated URLs.

A URL with an allowed scheme and nothing to decode, strip or escape is taken as it is; every other one
is judged by decoding. Both are run on URLs built from schemes (allowed, hostile, odd-cased, malformed)
and bodies mixing safe characters with entities, percent escapes, whitespace, control and invisible
characters and characters that are written percent-encoded.
"""

from __future__ import annotations

import random
import re

from zenconv.writers.urls import _PLAIN, ALLOWED_SCHEMES, UrlPolicy, _judged

# The fast path's test as first written: a plain URL whose scheme, the scheme characters before its first
# ":", is an allowed one. _PLAIN names the allowed schemes in its pattern instead, one search for both.
_PLAIN_ANY_SCHEME = re.compile(r"([A-Za-z][A-Za-z0-9+.-]*):[A-Za-z0-9\-._~:/?#\[\]@!$()*+,;=]*")

SCHEMES = ["http", "https", "HTTPS", "HtTp", "mailto", "MAILTO", "javascript", "JaVaScRiPt", "vbscript", "data",
           "ftp", "file", "x+y.z", "h-t", "a1", "1http", "", "ht tp", "jav\tascript", "java\x00script",
           "java&#x09;script", "java%0ascript", "&#104;ttps", "%68ttp", "https\u200b", "ｈttps"]
SAFE = "abcxyzABCXYZ0189-._~:/?#[]@!$()*+,;="
HOSTILE = ["&", "&amp;", "&lt;", "&#58;", "&#x3a;", "&colon;", "%", "%3A", "%253A", "%2", "%zz", " ", "\t", "\n", "\r",
           "\x00", "\x1f", "\x7f", "\x85", "\u00a0", "\u00ad", "\u200b", "\u2028", "\u202e", "\u2060", "\ufeff",
           "\ufffd", "<", ">", '"', "'", "\\", "`", "|", "{", "}", "^", "é", "中", "javascript:", "#",
           *("%" + "25" * k + "41" for k in range(4, 12)), *("&" + "amp;" * k + "#65;" for k in range(4, 12))]


def _urls(seed: int, n: int) -> list[str]:
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        body = []
        for _ in range(rng.randint(0, 12)):
            body.append(rng.choice(SAFE) if rng.random() < 0.85 else rng.choice(HOSTILE))
        scheme = rng.choice(SCHEMES)
        sep = rng.choice([":", ":", "://", "", "&#58;", "%3a"])
        lead = rng.choice(["", "", "", " ", "\t", "\x01", "#", "/"])
        out.append(lead + scheme + sep + "".join(body))
    return out


def test_a_plain_url_is_judged_as_the_general_path_judges_it():
    policy = UrlPolicy(None, lambda name: name)
    urls = _urls(1, 30000) + ["https://example.com/1/2", "mailto:a@b.c", "http:", "https://x/#frag?q=(1)",
                              "javascript:alert(1)", "#frag", "", ":", "http://[::1]:80/"]
    fast = 0
    for url in urls:
        assert policy.link(url) == _judged(url), repr(url)
        fast += _PLAIN.fullmatch(url) is not None
    assert fast > 300  # the generated URLs do take the fast path, and often


def test_the_fast_path_takes_the_plain_urls_of_the_allowed_schemes():
    urls = _urls(3, 30000) + [scheme + ":" + body for scheme in SCHEMES + ["httpss", "mailt", "htt", "xhttp"]
                              for body in ("", "//e.com/a", "a@b", "x:y")]
    for url in urls:
        plain = _PLAIN_ANY_SCHEME.fullmatch(url)
        assert (_PLAIN.fullmatch(url) is not None) == (plain is not None and plain.group(1).lower() in ALLOWED_SCHEMES), url
    for scheme in ALLOWED_SCHEMES:
        assert _PLAIN.fullmatch(scheme + ":") and _PLAIN.fullmatch(scheme.upper() + ":x"), scheme


def test_images_keep_their_verdicts():
    policy = UrlPolicy(None, lambda name: name, remote_images="keep")
    for url in _urls(2, 5000):
        verdict = policy.image(url)
        judged = _judged(url)
        if judged.url is None:
            assert verdict == judged, repr(url)
        else:
            assert verdict.url in (None, judged.url), repr(url)
