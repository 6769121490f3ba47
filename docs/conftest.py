"""The guides' ``>>>`` examples run as doctests; these pages' examples need the page's own code
first, so their tests run them (tests/formats/test_deals.py execs the dealing guide's lines, then
its examples)."""

collect_ignore = ["guide/dealing.md"]
