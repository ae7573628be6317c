"""The "copy link to this deal" control of the apps."""

from __future__ import annotations

import html

import ipywidgets as widgets

from ..share import MAX_SEED, app_link

__all__ = ["ShareLink", "deal_number"]

_COPY = (
    "const box=this.parentElement.querySelector('input');box.select();"
    "if(navigator.clipboard&&window.isSecureContext){navigator.clipboard.writeText(box.value);}"
    "else{document.execCommand('copy');}this.textContent='Copied';"
)


class ShareLink(widgets.HTML):  # type: ignore[misc]
    """A link to the current deal, with a button that copies it.

    >>> link = ShareLink()
    >>> link.update("seed=7&rules=cp-source")
    >>> link.link
    '?seed=7&rules=cp-source'
    >>> "Copy link to this deal" in link.value
    True
    """

    def __init__(self) -> None:
        super().__init__()
        self.link = ""
        self.add_class("rl-share")

    def update(self, query: str) -> None:
        self.link = app_link(query)
        safe = html.escape(self.link)
        self.value = (
            "<div style='display:flex;flex-wrap:wrap;gap:.3rem;align-items:center;margin:.3rem 0'>"
            f"<input type='text' readonly value='{safe}' aria-label='link to this deal' "
            "style='flex:1 1 14rem;min-width:0;font-size:.9rem;padding:.2rem'>"
            f'<button type="button" onclick="{_COPY}" '
            "style='padding:.2rem .6rem'>Copy link to this deal</button></div>"
            "<p style='margin:0;font-size:.85rem;color:#555'>Everyone who opens this link "
            "gets the same deal and rules.</p>"
        )


def deal_number(
    value: int, description: str, width: str | None = "12rem", **options: object
) -> widgets.BoundedIntText:
    """The number box of a deal, from 0 to the largest number a link may carry.

    >>> deal_number(42, "Deal no.").max
    1000000000
    """
    if width is not None:
        options["layout"] = widgets.Layout(width=width)
    return widgets.BoundedIntText(
        value=value, min=0, max=MAX_SEED, description=description, **options
    )
