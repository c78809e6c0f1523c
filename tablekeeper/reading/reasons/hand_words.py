"""How a hand ended, in the keeper's language: the words the printed summary and the CSV export share
(胡 / 流局 / 作废（诈胡）, 自摸 / 张姐 点炮 / 抢 张姐 的杠)."""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

# Lazy: built once at import, read by each request in its own language.
RESULT_WORDS = {
    "win": gettext_lazy("Won"),
    "draw": gettext_lazy("Draw"),
    # A void hand charges a false win only where the variant has one (its payments say so): the word is neutral.
    "void": gettext_lazy("Void hand"),
    # A refused hand the keeper saved as it happened: a void hand carrying only the adjustment.
    "manual_adjustment": gettext_lazy("Manual adjustment"),
}


def result_text(result: str) -> str:
    return str(RESULT_WORDS.get(result, result))


def method_text(method: str, source: int | None, names: Sequence[str]) -> str:
    """The first winner's way of winning, naming the discarder (or the player whose kong was robbed)."""
    source_name = names[source] if source is not None and 0 <= source < len(names) else "?"
    if method == "self_draw":
        return str(_("Self-draw"))
    if method == "discard":
        return _("on %(name)s's discard") % {"name": source_name}
    if method == "rob_kong":
        return _("robbed %(name)s's kong") % {"name": source_name}
    return method
