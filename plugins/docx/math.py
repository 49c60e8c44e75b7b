"""OMML (m:oMath) to LaTeX: fractions, scripts, radicals, n-ary operators, delimiters, matrices,
accents, functions, limits, bars, boxes, group characters and equation arrays.

A construct with no mapping keeps its text and is reported (``docx.math-degraded``); nothing in an
equation is dropped silently. Recursion follows the XML, whose depth the safe layer has bounded.
"""

from __future__ import annotations

from .namespaces import M, W

_VAL = M + "val"

_SYMBOLS = {
    "α": r"\alpha", "β": r"\beta", "γ": r"\gamma", "δ": r"\delta", "ε": r"\epsilon", "ϵ": r"\epsilon",
    "ζ": r"\zeta", "η": r"\eta", "θ": r"\theta", "ϑ": r"\vartheta", "ι": r"\iota", "κ": r"\kappa",
    "λ": r"\lambda", "μ": r"\mu", "ν": r"\nu", "ξ": r"\xi", "π": r"\pi", "ϖ": r"\varpi", "ρ": r"\rho",
    "ϱ": r"\varrho", "σ": r"\sigma", "ς": r"\varsigma", "τ": r"\tau", "υ": r"\upsilon", "φ": r"\phi",
    "ϕ": r"\phi", "χ": r"\chi", "ψ": r"\psi", "ω": r"\omega", "Γ": r"\Gamma", "Δ": r"\Delta",
    "Θ": r"\Theta", "Λ": r"\Lambda", "Ξ": r"\Xi", "Π": r"\Pi", "Σ": r"\Sigma", "Υ": r"\Upsilon",
    "Φ": r"\Phi", "Ψ": r"\Psi", "Ω": r"\Omega",
    "∞": r"\infty", "×": r"\times", "÷": r"\div", "·": r"\cdot", "⋅": r"\cdot", "±": r"\pm", "∓": r"\mp",
    "≤": r"\leq", "≥": r"\geq", "≠": r"\neq", "≈": r"\approx", "≡": r"\equiv", "∼": r"\sim", "≅": r"\cong",
    "∝": r"\propto", "→": r"\rightarrow", "←": r"\leftarrow", "↔": r"\leftrightarrow", "⇒": r"\Rightarrow",
    "⇐": r"\Leftarrow", "⇔": r"\Leftrightarrow", "↦": r"\mapsto", "∈": r"\in", "∉": r"\notin", "∋": r"\ni",
    "⊂": r"\subset", "⊃": r"\supset", "⊆": r"\subseteq", "⊇": r"\supseteq", "∪": r"\cup", "∩": r"\cap",
    "∅": r"\emptyset", "∀": r"\forall", "∃": r"\exists", "¬": r"\neg", "∧": r"\wedge", "∨": r"\vee",
    "∂": r"\partial", "∇": r"\nabla", "′": "'", "″": "''", "…": r"\ldots", "⋯": r"\cdots", "⋮": r"\vdots",
    "⋱": r"\ddots", "∘": r"\circ", "°": r"^{\circ}", "⊕": r"\oplus", "⊗": r"\otimes", "⊥": r"\perp",
    "∥": r"\parallel", "∠": r"\angle", "ℏ": r"\hbar", "ℓ": r"\ell", "ℝ": r"\mathbb{R}", "ℕ": r"\mathbb{N}",
    "ℤ": r"\mathbb{Z}", "ℚ": r"\mathbb{Q}", "ℂ": r"\mathbb{C}", "−": "-", "∗": "*", "⟨": r"\langle",
    "⟩": r"\rangle", "‖": r"\|", "∖": r"\setminus",
    "\\": r"\backslash", "{": r"\{", "}": r"\}", "#": r"\#", "%": r"\%", "&": r"\&", "$": r"\$",
    "_": r"\_", "~": r"\sim", "^": r"\hat{}",
}

_NARY = {
    "∑": r"\sum", "∏": r"\prod", "∐": r"\coprod", "∫": r"\int", "∬": r"\iint", "∭": r"\iiint",
    "∮": r"\oint", "∯": r"\oiint", "∰": r"\oiiint", "⋃": r"\bigcup", "⋂": r"\bigcap", "⋁": r"\bigvee",
    "⋀": r"\bigwedge", "⨁": r"\bigoplus", "⨂": r"\bigotimes", "⨀": r"\bigodot", "⨄": r"\biguplus",
}

_ACCENTS = {
    "\u0302": r"\hat", "\u0303": r"\tilde", "\u0304": r"\bar", "\u0305": r"\bar", "\u0307": r"\dot",
    "\u0308": r"\ddot", "\u20d7": r"\vec", "\u0301": r"\acute", "\u0300": r"\grave", "\u0306": r"\breve",
    "\u030c": r"\check", "\u20e1": r"\overleftrightarrow", "\u20d6": r"\overleftarrow",
}

_DELIMS = {"(": "(", ")": ")", "[": "[", "]": "]", "{": r"\{", "}": r"\}", "|": "|", "‖": r"\|",
           "⟨": r"\langle", "⟩": r"\rangle", "〈": r"\langle", "〉": r"\rangle", "⌊": r"\lfloor",
           "⌋": r"\rfloor", "⌈": r"\lceil", "⌉": r"\rceil", "": "."}

_FUNCTIONS = frozenset(("sin", "cos", "tan", "cot", "sec", "csc", "arcsin", "arccos", "arctan", "sinh", "cosh",
                        "tanh", "coth", "log", "ln", "lg", "exp", "lim", "liminf", "limsup", "max", "min", "sup",
                        "inf", "det", "dim", "ker", "deg", "gcd", "arg", "hom", "Pr"))


class MathConverter:
    """Converts m:oMath elements; ``unmapped`` counts constructs kept only as their text."""

    def __init__(self) -> None:
        self.unmapped = 0
        self._handlers = {
            M + "r": self._run, M + "f": self._frac, M + "sSup": self._ssup, M + "sSub": self._ssub,
            M + "sSubSup": self._ssubsup, M + "sPre": self._spre, M + "rad": self._rad, M + "nary": self._nary,
            M + "d": self._delim, M + "m": self._matrix, M + "acc": self._acc, M + "func": self._func,
            M + "limLow": self._limlow, M + "limUpp": self._limupp, M + "bar": self._bar, M + "box": self._seq,
            M + "borderBox": self._border, M + "groupChr": self._group, M + "eqArr": self._eqarr,
            M + "phant": self._phant, M + "oMath": self._seq, M + "e": self._seq, M + "ins": self._seq,
            W + "ins": self._seq, W + "moveTo": self._seq, W + "r": self._wrun, W + "sdt": self._sdt,
            W + "smartTag": self._seq, W + "customXml": self._seq,
        }

    def convert(self, omath) -> str:
        return _tidy(self._seq(omath))

    def paragraph(self, para) -> list[str]:
        """The LaTeX of each equation in an m:oMathPara."""
        return [self.convert(om) for om in para.iter(M + "oMath")]

    # --- dispatch ----------------------------------------------------------------------------

    def _seq(self, el) -> str:
        out = []
        for child in el:
            tag = child.tag
            if not isinstance(tag, str) or tag.endswith("Pr") or tag in _SKIP:
                continue
            handler = self._handlers.get(tag)
            if handler is None:
                self.unmapped += 1
                out.append(self._seq(child))
            else:
                out.append(handler(child))
        return "".join(out)

    def _arg(self, el, name: str) -> str:
        child = el.find(M + name)
        return self._seq(child) if child is not None else ""

    # --- leaves ------------------------------------------------------------------------------

    def _run(self, r) -> str:
        text = "".join(t.text or "" for t in r.iter(M + "t", W + "t"))
        rpr = r.find(M + "rPr")
        if rpr is not None and rpr.find(M + "nor") is not None:
            return r"\text{" + _escape_text(text) + "}"
        return "".join(_char(c) for c in text)

    def _wrun(self, r) -> str:
        text = "".join(t.text or "" for t in r.iter(W + "t"))
        return r"\text{" + _escape_text(text) + "}" if text else ""

    def _sdt(self, sdt) -> str:
        content = sdt.find(W + "sdtContent")
        return self._seq(content) if content is not None else ""

    # --- structures --------------------------------------------------------------------------

    def _frac(self, f) -> str:
        num, den = self._arg(f, "num"), self._arg(f, "den")
        kind = _prop(f, "fPr", "type")
        if kind == "lin":
            return f"{num}/{den}"
        if kind == "noBar":
            return r"\genfrac{}{}{0pt}{}{" + num + "}{" + den + "}"
        return r"\frac{" + num + "}{" + den + "}"

    def _ssup(self, el) -> str:
        return _base(self._arg(el, "e")) + "^{" + self._arg(el, "sup") + "}"

    def _ssub(self, el) -> str:
        return _base(self._arg(el, "e")) + "_{" + self._arg(el, "sub") + "}"

    def _ssubsup(self, el) -> str:
        return _base(self._arg(el, "e")) + "_{" + self._arg(el, "sub") + "}^{" + self._arg(el, "sup") + "}"

    def _spre(self, el) -> str:
        return "{}_{" + self._arg(el, "sub") + "}^{" + self._arg(el, "sup") + "}" + _base(self._arg(el, "e"))

    def _rad(self, el) -> str:
        deg = "" if _flag(el, "radPr", "degHide") else self._arg(el, "deg")
        body = self._arg(el, "e")
        return (r"\sqrt[" + deg + "]{" + body + "}") if deg else (r"\sqrt{" + body + "}")

    def _nary(self, el) -> str:
        char = _prop(el, "naryPr", "chr") or "∫"
        op = _NARY.get(char)
        if op is None:
            self.unmapped += 1
            op = _char(char)
        sub = "" if _flag(el, "naryPr", "subHide") else self._arg(el, "sub")
        sup = "" if _flag(el, "naryPr", "supHide") else self._arg(el, "sup")
        return op + "_{" + sub + "}^{" + sup + "}" + self._arg(el, "e")

    def _delim(self, el) -> str:
        pr = el.find(M + "dPr")
        beg, end, sep = _chr_attr(pr, "begChr", "("), _chr_attr(pr, "endChr", ")"), _chr_attr(pr, "sepChr", "|")
        parts = [self._seq(e) for e in el.findall(M + "e")]
        sep_tex = " " + _DELIMS.get(sep, _char(sep)) + " " if sep else ""
        left = _DELIMS.get(beg)
        right = _DELIMS.get(end)
        if left is None or right is None:
            self.unmapped += 1
            return _char(beg) + sep_tex.join(parts) + _char(end)
        return r"\left" + left + sep_tex.join(parts) + r"\right" + right

    def _matrix(self, el) -> str:
        rows = [" & ".join(self._seq(e) for e in mr.findall(M + "e")) for mr in el.findall(M + "mr")]
        return r"\begin{matrix}" + r" \\ ".join(rows) + r"\end{matrix}"

    def _acc(self, el) -> str:
        char = _prop(el, "accPr", "chr") or "\u0302"
        accent = _ACCENTS.get(char)
        if accent is None:
            self.unmapped += 1
            return self._arg(el, "e") + _char(char)
        return accent + "{" + self._arg(el, "e") + "}"

    def _func(self, el) -> str:
        name_el = el.find(M + "fName")
        name = self._seq(name_el) if name_el is not None else ""
        plain = name.strip()
        if plain in _FUNCTIONS:
            name = "\\" + plain
        elif plain.isalpha():
            name = r"\operatorname{" + plain + "}"
        return name + "{" + self._arg(el, "e") + "}"

    def _limlow(self, el) -> str:
        body, lim = self._arg(el, "e"), self._arg(el, "lim")
        if body.strip().lstrip("\\") in _FUNCTIONS:
            return body + "_{" + lim + "}"
        return r"\underset{" + lim + "}{" + body + "}"

    def _limupp(self, el) -> str:
        return r"\overset{" + self._arg(el, "lim") + "}{" + self._arg(el, "e") + "}"

    def _bar(self, el) -> str:
        pos = _prop(el, "barPr", "pos") or "bot"
        return (r"\overline{" if pos == "top" else r"\underline{") + self._arg(el, "e") + "}"

    def _border(self, el) -> str:
        return r"\boxed{" + self._arg(el, "e") + "}"

    def _group(self, el) -> str:
        char = _prop(el, "groupChrPr", "chr") or "⏟"
        pos = _prop(el, "groupChrPr", "pos") or "bot"
        if char in ("⏞", "⏟"):
            return (r"\overbrace{" if char == "⏞" else r"\underbrace{") + self._arg(el, "e") + "}"
        return (r"\overset{" if pos == "top" else r"\underset{") + _char(char) + "}{" + self._arg(el, "e") + "}"

    def _eqarr(self, el) -> str:
        rows = [self._seq(e) for e in el.findall(M + "e")]
        if len(rows) == 1:
            return rows[0]
        return r"\begin{array}{l}" + r" \\ ".join(rows) + r"\end{array}"

    def _phant(self, el) -> str:
        show = _prop(el, "phantPr", "show")
        return "" if show is not None and show.lower() in ("0", "off", "false") else self._arg(el, "e")


_SKIP = frozenset((W + "bookmarkStart", W + "bookmarkEnd", W + "proofErr", W + "del", W + "moveFrom",
                   W + "commentRangeStart", W + "commentRangeEnd", W + "permStart", W + "permEnd"))


def _prop(el, pr_name: str, prop: str) -> str | None:
    pr = el.find(M + pr_name)
    if pr is None:
        return None
    found = pr.find(M + prop)
    return found.get(_VAL) if found is not None else None


def _chr_attr(pr, prop: str, default: str) -> str:
    if pr is None:
        return default
    found = pr.find(M + prop)
    if found is None:
        return default
    value = found.get(_VAL)
    return "" if value is None else value


def _flag(el, pr_name: str, prop: str) -> bool:
    """An OMML on/off property: absent is off, present without a value is on."""
    pr = el.find(M + pr_name)
    found = pr.find(M + prop) if pr is not None else None
    if found is None:
        return False
    return (found.get(_VAL) or "1").lower() not in ("0", "off", "false")


def _char(c: str) -> str:
    mapped = _SYMBOLS.get(c)
    if mapped is None:
        return c
    # a control word followed by a letter would run into it: pad with a space
    return f" {mapped} " if mapped[0] == "\\" and mapped[1:2].isalpha() else mapped


def _escape_text(text: str) -> str:
    return "".join(_SYMBOLS.get(c, c) if c in "\\{}#%&$_~^" else c for c in text)


def _base(body: str) -> str:
    """A script's base: braced when it is more than one token, so the script binds to all of it."""
    stripped = body.strip()
    if len(stripped) <= 1 or stripped.startswith("\\left") or (stripped.startswith("{") and stripped.endswith("}")):
        return body
    if stripped[0] == "\\" and stripped[1:].isalpha():
        return body
    return "{" + body + "}"


def _tidy(latex: str) -> str:
    return " ".join(latex.split())
