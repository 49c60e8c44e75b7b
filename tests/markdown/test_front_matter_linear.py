"""Front matter is read line by line with regular expressions, in C where the deadline's checkpoints do
not reach: a line, and the block, must be read in linear time however they are written."""

from __future__ import annotations

from zenconv_plugins.markdown.frontmatter import split

from ..apart import run_apart


def test_long_lines_and_many_nested_keys_are_read_in_linear_time():
    # A lazy key or value before "[ \t]*" tried every split of a run of spaces (a 40,000-space line took
    # 4 s, a million-space one most of an hour), and each nested key searched for its line from the top.
    # Run apart, so that a return of it fails here instead of hanging the suite.
    script = ("from zenconv_plugins.markdown.frontmatter import split\n"
              "spaces = ' ' * 1_000_000\n"
              "fm, _ = split('---\\na' + spaces + 'x\\nk: v' + spaces + 'w\\nl:\\n - i' + spaces + 'j\\n---\\n')\n"
              "assert fm.values == {'k': 'v' + spaces + 'w', 'l': ['i' + spaces + 'j']}\n"
              "fm, _ = split('---\\n' + ''.join(f'k{i}:\\n  a: b\\n' for i in range(100_000)) + '---\\n')\n"
              "assert len(fm.unparsed) == 200_000\n")
    run_apart(script)


def test_keys_values_and_items_are_still_read():
    fm, rest = split("---\ntitle :  A  title \t\nkey\t: v\ntags:\n  - one  \n- two\nempty:\nodd:x\n---\nbody\n")
    assert fm.values == {"title": "A  title", "key": "v", "tags": ["one", "two"], "empty": ""}
    assert fm.unparsed == ["odd:x"]
    assert rest == "body\n"


def test_a_repeated_nested_key_keeps_each_line_once():
    fm, _ = split("---\nk:\n  a: 1\nk:\n  b: 2\n---\n")
    assert fm.unparsed == ["k:", "  a: 1", "k:", "  b: 2"]
