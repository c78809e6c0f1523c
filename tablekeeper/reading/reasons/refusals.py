"""A hand the engine refused, said to the keeper (RULES.md §0.7 is for reasons; this is for refusals).

The engine refuses with `{"code", "field", "message"}` problems (a contradiction also names its
`contradiction` id and `facts`); its `message` is English that speaks of P0-P3. A keeper reading
Chinese gets the catalogue's sentence for the code (`refusal_words`), prefixed by the part of the
hand it is about with the player's name ("Ann 的门清："), naming both patterns of two that exclude each
other; no English at all (only a code from a newer engine keeps its English as detail a tap away).
A keeper reading English gets the engine's English, with names, as before.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from django.utils.html import conditional_escape, format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from tablekeeper.rules import ProblemEntry, Record, VariantInfo, get_variant, variant_ids
from tablekeeper.rules import errors as E

from .refusal_words import (
    CONTRADICTION_FACTS,
    HEADLINES,
    KONG_HEADLINES,
    KONG_PLACE,
    LIABLE_PLACE,
    MING_LOU_SELF_DRAW_ONLY,
    PATTERN_NEEDS_READY,
    PATTERN_PLACE,
    PATTERNS_EXCLUSIVE_NAMED,
    PENALTY_PLACE,
    SEAT_PLACES,
    WIN_PLACES,
)
from .requirement_words import requirement_sentence
from .words import chinese

# Problems the app itself raises (keeping/services/recording.py, corrections.py), whose message is already in the
# keeper's language.
APP_CODES = frozenset({"points_out_of_range"})


def _excludes(one: str, other: str) -> bool:
    """Whether any variant says pattern `one` and pattern `other` exclude each other."""
    return any(
        (pattern["id"] == one and other in pattern["excludes"])
        or (pattern["id"] == other and one in pattern["excludes"])
        for variant in variant_ids()
        for pattern in get_variant(variant)["patterns"]
    )


_SEAT_LABEL = re.compile(r"\bP([0-3])\b")


def error_with_names(message: str, names: Sequence[str]) -> str:
    """An engine error is the engine's English, which speaks of P0-P3: put the players' names in."""
    return _SEAT_LABEL.sub(lambda match: _name(names, int(match.group(1))) or match.group(0), message)


@dataclass(frozen=True)
class Refusal:
    """One refusal as the keeper reads it: `text` first, and `detail` (the engine's English, with
    names) as smaller print when `text` is not already it."""

    text: str
    detail: str = ""

    def __str__(self) -> str:
        return self.text

    def flat(self) -> str:
        """One line, for where no markup can go (the phone's outbox of hands kept offline)."""
        if not self.detail:
            return self.text
        return _("%(text)s (%(detail)s)") % {"text": self.text, "detail": self.detail}

    def html(self) -> SafeString:
        """The text, and the detail behind a "Details" tap, marked as English."""
        if not self.detail:
            return SafeString(conditional_escape(self.text))
        return format_html(
            '{} <details class="refusal-detail"><summary>{}</summary><span lang="en">{}</span></details>',
            self.text,
            _("Details"),
            self.detail,
        )


def refusal(
    error: ProblemEntry,
    names: Sequence[str],
    record: Record | None = None,
    patterns: Mapping[str, str] | None = None,
) -> Refusal:
    """One engine problem in the active language; `record` (the hand refused) lets it name a winner,
    a kong's or a penalty's player, or the liable player, by the position the `field` gives, and
    `patterns` (`pattern_names`) the pattern a "wins.0.patterns.2" field points at."""
    english = error_with_names(str(error.get("message") or ""), names)
    code = error.get("code")
    if not chinese() or code in APP_CODES:
        return Refusal(english)
    field = str(error.get("field") or "")
    both = _exclusive_pair(error, record, patterns or {})
    sentence = both or _ming_lou(error, record) or _sentence(error)
    if sentence is None:
        # A code from a newer engine: say that much, and keep its English.
        return Refusal(_("The rules refused this hand."), english)
    # A contradiction's two facts already say which pattern, and so does a pair of exclusive patterns; any
    # other pattern problem names it.
    named = {} if error.get("contradiction") or both else patterns or {}
    place = _place(field.rsplit(".", 1)[0] if both else field, names, record, named)
    text = _("%(place)s: %(sentence)s") % {"place": place, "sentence": sentence} if place else sentence
    closed = (patterns or {}).get(CLOSED_WORD)
    if closed and closed != BOOK_CLOSED_WORD:
        text = text.replace(BOOK_CLOSED_WORD, closed)
    return Refusal(text)


def refusals(
    errors: Iterable[ProblemEntry],
    names: Sequence[str],
    record: Record | None = None,
    patterns: Mapping[str, str] | None = None,
) -> list[Refusal]:
    return [refusal(error, names, record, patterns) for error in errors]


# Beside the patterns' names, `pattern_names` carries the variant's word for a closed hand under this key (no
# pattern id starts with "@"): a Shenyang refusal says 闭门 as its chips do, never 门清.
CLOSED_WORD = "@closed"
BOOK_CLOSED_WORD = "门清"


def pattern_names(variant_info: VariantInfo) -> dict[str, str]:
    """Each pattern id of the variant (`get_variant`) by its name in the active language, for `refusal`; and
    the variant's own word for a closed hand (`CLOSED_WORD`)."""
    language: Literal["zh", "en"] = "zh" if chinese() else "en"
    names = {pattern["id"]: pattern["name"][language] for pattern in variant_info["patterns"]}
    closed = next((i["name"]["zh"] for i in variant_info["fact_items"] if i["id"] == "unopened_payer"), "")
    if closed:
        names[CLOSED_WORD] = closed
    return names


def joined(found: Sequence[Refusal]) -> Refusal:
    """Several refusals as one (after "…so nothing was changed:")."""
    separator = pgettext("refusals separator", "; ")
    return Refusal(separator.join(r.text for r in found), separator.join(r.detail for r in found if r.detail))


def explained(sentence: str, found: Sequence[Refusal], **params: Any) -> Refusal:
    """`sentence` (already translated) with `%(why)s` filled by the refusals, whose details it keeps."""
    why = joined(found)
    return Refusal(sentence % {**params, "why": why.text}, why.detail)


def _ticked(record: Record | None, field: str) -> tuple[list[str], int | None]:
    """The patterns ticked on the win a "wins.0.patterns.2" field names, and the position it points at."""
    parts = field.split(".")
    if record is None or len(parts) < 4 or parts[0] != "wins" or parts[2] != "patterns":
        return [], None
    wins, win, at = record.get("wins") or [], _index(parts[1]), _index(parts[3])
    if win is None or win >= len(wins) or at is None:
        return [], None
    ticked = wins[win].get("patterns") or []
    return [str(p) for p in ticked], at if at < len(ticked) else None


def _exclusive_pair(error: ProblemEntry, record: Record | None, patterns: Mapping[str, str]) -> str | None:
    """Two patterns that cannot both count, both named: the one the field points at, and the others ticked
    with it that the variant says it excludes (else every other one ticked: the engine found the clash
    among them)."""
    if error.get("code") != E.PATTERNS_EXCLUSIVE:
        return None
    ticked, at = _ticked(record, str(error.get("field") or ""))
    if at is None or ticked[at] not in patterns:
        return None
    one = ticked[at]
    others = [p for p in dict.fromkeys(ticked) if p != one and p in patterns]
    excluded = [p for p in others if _excludes(one, p)]
    named = excluded or others
    if not named:
        return None
    other = pgettext("names listed", ", ").join(patterns[p] for p in named)
    return str(PATTERNS_EXCLUSIVE_NAMED) % {"one": patterns[one], "other": other}


def _ming_lou(error: ProblemEntry, record: Record | None) -> str | None:
    """A win other than by self-draw of a player who declared Ming Lou (the engine's only such refusal)."""
    parts = str(error.get("field") or "").split(".")
    if error.get("code") != E.METHOD_NOT_ALLOWED or record is None or len(parts) != 3 or parts[0] != "wins":
        return None
    wins, win = record.get("wins") or [], _index(parts[1])
    seats = record.get("seats") or []
    seat = wins[win].get("seat") if win is not None and win < len(wins) else None
    facts = seats[seat] if isinstance(seat, int) and 0 <= seat < len(seats) else None
    return str(MING_LOU_SELF_DRAW_ONLY) if isinstance(facts, dict) and facts.get("ready") == "ming" else None


def _sentence(error: ProblemEntry) -> str | None:
    facts = CONTRADICTION_FACTS.get(str(error.get("contradiction")))
    if facts is not None:
        return _("These cannot both be true: %(one)s, and %(other)s.") % {"one": facts[0], "other": facts[1]}
    params = error.get("params")
    if error.get("code") == E.PATTERN_NOT_ALLOWED and error.get("requirement") == "declared_ready":
        return str(PATTERN_NEEDS_READY)
    failed = requirement_sentence(str(error.get("requirement")), params if isinstance(params, Mapping) else None)
    if failed is not None:
        return failed
    code = str(error.get("code"))
    if str(error.get("field") or "").startswith("kongs.") and code in KONG_HEADLINES:
        return str(KONG_HEADLINES[code])
    headline = HEADLINES.get(code)
    return None if headline is None else str(headline)


def _place(field: str, names: Sequence[str], record: Record | None, patterns: Mapping[str, str]) -> str | None:
    """The part of the hand `field` points at, with its player's name; None when no player is known."""
    parts = field.split(".")
    head, index = parts[0], _index(parts[1] if len(parts) > 1 else "")
    rest = parts[2] if len(parts) > 2 else ""
    if head == "seats" and index is not None:
        who = _name(names, index)
        return who if who is None or rest not in SEAT_PLACES else str(SEAT_PLACES[rest]) % {"who": who}
    if head == "liable":
        who = _name(names, record.get("liable") if record is not None else None)
        return None if who is None else str(LIABLE_PLACE) % {"who": who}
    if record is None:
        return None
    entries = {"wins": record.get("wins"), "kongs": record.get("kongs"), "penalties": record.get("penalties")}
    listed = entries.get(head)
    if index is None or not isinstance(listed, list) or index >= len(listed) or not isinstance(listed[index], dict):
        return None
    who = _name(names, listed[index].get("seat"))
    if who is None:
        return None
    if head == "wins" and rest == "liable":  # a win's own liable player (RULES §0.2), said as the older form is
        named = _name(names, listed[index].get("liable"))
        return str(WIN_PLACES[""]) % {"who": who} if named is None else str(LIABLE_PLACE) % {"who": named}
    if head == "wins":
        pattern = _pattern(listed[index], parts[3] if len(parts) > 3 else "", patterns) if rest == "patterns" else None
        if pattern is not None:
            return str(PATTERN_PLACE) % {"who": who, "pattern": pattern}
        return str(WIN_PLACES.get(rest, WIN_PLACES[""])) % {"who": who}
    return str(KONG_PLACE if head == "kongs" else PENALTY_PLACE) % {"who": who}


def _pattern(win: Mapping[str, object], part: str, patterns: Mapping[str, str]) -> str | None:
    """The name of the pattern ticked at position `part` of a win, when the variant names it."""
    ticked, index = win.get("patterns"), _index(part)
    if not isinstance(ticked, list) or index is None or index >= len(ticked):
        return None
    return patterns.get(str(ticked[index]))


def _index(part: str) -> int | None:
    return int(part) if part.isdigit() and len(part) < 3 else None


def _name(names: Sequence[str], seat: Any) -> str | None:
    if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(names):
        return names[seat]
    return None
