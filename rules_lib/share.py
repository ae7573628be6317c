"""Shareable deals: a seed and a rule set carried in a link's query string.

A teacher gives the class one link; every student's app deals exactly that
game. The app reads its query string (Voila passes it to the kernel as the
``QUERY_STRING`` environment variable), and a "copy link" control writes the
current deal back into a link.

>>> link = read_query("seed=42&rules=cp-source", rules=["cp-source", "mb-source"])
>>> link.seed, link.rules, link.problems
(42, 'cp-source', ())
>>> make_query(seed=42, rules="cp-source")
'seed=42&rules=cp-source'

Bad values are reported, never raised: the app starts with its defaults and
shows the problem.

>>> read_query("seed=forty-two&rules=poker", rules=["cp-source"]).problems
("the seed in the link must be a whole number, not 'forty-two'", "the link asks for rules 'poker'; known: cp-source")
"""

from __future__ import annotations

import os
from collections.abc import Collection, Mapping
from dataclasses import dataclass
from urllib.parse import parse_qs, urlencode

__all__ = ["DealLink", "app_link", "make_query", "read_query"]

MAX_SEED = 10**9


@dataclass(frozen=True)
class DealLink:
    """What a link asks for (``None`` where it says nothing usable)."""

    seed: int | None = None
    rules: str | None = None
    extra: tuple[tuple[str, str], ...] = ()
    problems: tuple[str, ...] = ()
    #: the query string as given (for parameters that repeat, such as a score sheet's deals)
    query: str = ""

    def get(self, name: str, default: str | None = None) -> str | None:
        return dict(self.extra).get(name, default)


def read_query(query: str | None, rules: Collection[str] = ()) -> DealLink:
    """Read ``seed``, ``rules`` and any other parameters from a query string."""
    params = parse_qs((query or "").lstrip("?"), keep_blank_values=True)
    problems = []
    seed = None
    if "seed" in params:
        text = params["seed"][-1].strip()
        if text.isdigit() and int(text) <= MAX_SEED:
            seed = int(text)
        else:
            problems.append(f"the seed in the link must be a whole number, not {text!r}")
    chosen = None
    if "rules" in params:
        name = params["rules"][-1].strip()
        if name in rules:
            chosen = name
        else:
            problems.append(f"the link asks for rules {name!r}; known: {', '.join(rules)}")
    extra = tuple((k, v[-1]) for k, v in params.items() if k not in ("seed", "rules"))
    return DealLink(seed, chosen, extra, tuple(problems), (query or "").lstrip("?"))


def make_query(seed: int, rules: str | None = None, **extra: str) -> str:
    """The query string of a deal (the inverse of :func:`read_query`)."""
    params: dict[str, str] = {"seed": str(seed)}
    if rules is not None:
        params["rules"] = rules
    params.update(extra)
    return urlencode(params)


def app_link(query: str, environ: Mapping[str, str] | None = None) -> str:
    """The full link to this app with ``query``, as the reader reached it.

    Under Voila the kernel knows the page's host, port and path; elsewhere
    (the static book, a notebook) only the query part can be given.

    >>> app_link("seed=3", {"SERVER_NAME": "127.0.0.1", "SERVER_PORT": "8866",
    ...                     "SCRIPT_NAME": "/voila/render/arrange_13.ipynb"})
    'http://127.0.0.1:8866/voila/render/arrange_13.ipynb?seed=3'
    >>> app_link("seed=3", {})
    '?seed=3'
    """
    env = os.environ if environ is None else environ
    host, path = env.get("SERVER_NAME"), env.get("SCRIPT_NAME")
    if not host or path is None:
        return f"?{query}"
    port = env.get("SERVER_PORT")
    hostport = f"{host}:{port}" if port else host
    return f"http://{hostport}{path}?{query}"
