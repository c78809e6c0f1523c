"""Several winners on one discard (一炮多响) or one robbed kong: the second and third winner's taps.

The first winner keeps the form's ordinary fields (`winner`, `how`, `patterns`), so the common
single-winner hand is untouched. Each further winner shares the first one's method and source and
brings their own patterns (and flowers where the variant counts them).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import TypedDict

from django import forms
from django.utils.translation import gettext as _

from tablekeeper.rules import PatternInfo, RecordWin, VariantInfo

from .values import FieldValues

EXTRA_WINNERS = (1, 2)
SHARED_SOURCE_METHODS = ("discard", "rob_kong")


class PatternChip(PatternInfo):
    """A pattern as the hand form draws its chip: the pattern (its methods those of this table) and its state."""

    checked: bool
    count: str
    disabled: bool
    limited: bool  # it scores on only some of this table's methods (`limited`)


class ExtraPatternChip(PatternChip):
    """A further winner's chip: the fields it sets."""

    field: str
    count_field: str


class ExtraWinnerRow(TypedDict):
    extra: int
    extra_text: str
    seat: str
    chips: list[ExtraPatternChip]
    flowers: str
    liable: str


def limited(pattern: PatternInfo, methods: Collection[str]) -> bool:
    """Whether a pattern scores on only some of this table's `methods`: only then does its chip name them
    (`data-methods`, for static/js/app.js to disable it under another method)."""
    return not set(methods) <= set(pattern.get("methods", methods))


def add_extra_winner_fields(
    fields: dict[str, forms.Field], info: VariantInfo, seat_choices: list[tuple[str, str]]
) -> None:
    pattern_choices = [(pattern["id"], pattern["id"]) for pattern in info["patterns"]]
    for extra in EXTRA_WINNERS:
        fields[f"extra_winner_{extra}"] = forms.ChoiceField(required=False, choices=[("", "—"), *seat_choices])
        fields[f"extra_patterns_{extra}"] = forms.MultipleChoiceField(required=False, choices=pattern_choices)
        for pattern in info["patterns"]:
            if pattern["repeatable"]:
                fields[f"extra_count_{extra}_{pattern['id']}"] = forms.IntegerField(
                    required=False, min_value=1, max_value=8
                )
        if info["uses_flowers"]:
            fields[f"extra_flowers_{extra}"] = forms.IntegerField(required=False, min_value=0, max_value=8)
        if info["uses_liable"]:
            # 承包 is per win (RULES §0.2): each further winner may have their own liable player.
            fields[f"extra_liable_{extra}"] = forms.ChoiceField(required=False, choices=[("", "—"), *seat_choices])


def extra_winner_problems(cleaned: FieldValues, allowed: bool) -> list[tuple[str | None, str]]:
    """(field or None for the whole form, message) for every extra winner that cannot stand beside the first one."""
    chosen = [(extra, cleaned.get(f"extra_winner_{extra}") or "") for extra in EXTRA_WINNERS]
    # A liable player tapped for a winner nobody is would be dropped without a word; say so instead.
    orphans: list[tuple[str | None, str]] = [
        (f"extra_liable_{extra}", _("Tap this winner first, or set their liable player to nobody."))
        for extra, seat in chosen
        if seat == "" and cleaned.get(f"extra_liable_{extra}") not in (None, "")
    ]
    chosen = [(extra, seat) for extra, seat in chosen if seat != ""]
    if not chosen:
        return orphans
    field: str | None = f"extra_winner_{chosen[0][0]}"
    if not allowed:
        return [(field, _("Only one player may win a hand with these rules."))]
    winner = cleaned.get("winner") or ""
    method, _dash, source = (cleaned.get("how") or "").partition("-")
    if not winner.isdigit() or method not in SHARED_SOURCE_METHODS:
        # Shown at the top: the further winners' section is hidden while self-draw is tapped.
        return [(None, _("Several winners share one discard or one robbed kong; tap that first."))]
    problems = orphans
    seen = {winner}
    for extra, seat in chosen:
        if seat == source:
            problems.append((f"extra_winner_{extra}", _("The discarder cannot also win on their own tile.")))
        elif seat in seen:
            problems.append((f"extra_winner_{extra}", _("Each winner can be tapped once.")))
        seen.add(seat)
    return problems


def extra_wins(data: FieldValues, info: VariantInfo, method: str, source: str) -> list[RecordWin]:
    """The hand record's further `wins` entries, sharing the first winner's method and source."""
    wins = []
    for extra in EXTRA_WINNERS:
        seat = data.get(f"extra_winner_{extra}") or ""
        if seat == "":
            continue
        patterns: list[str] = []
        for pattern_id in data.get(f"extra_patterns_{extra}") or []:
            patterns += [pattern_id] * (data.get(f"extra_count_{extra}_{pattern_id}") or 1)
        win: RecordWin = {"seat": int(seat), "method": method, "from": int(source), "patterns": patterns}
        if info["uses_flowers"] and data.get(f"extra_flowers_{extra}"):
            win["flowers"] = data[f"extra_flowers_{extra}"]
        if info["uses_liable"] and data.get(f"extra_liable_{extra}") not in (None, ""):
            win["liable"] = int(data[f"extra_liable_{extra}"])
        wins.append(win)
    return wins


def initial_for_extra_wins(wins: list[RecordWin]) -> FieldValues:
    initial: FieldValues = {}
    for extra, win in zip(EXTRA_WINNERS, wins, strict=False):
        initial[f"extra_winner_{extra}"] = str(win["seat"])
        patterns = list(win.get("patterns") or [])
        initial[f"extra_patterns_{extra}"] = list(dict.fromkeys(patterns))
        for pattern_id in initial[f"extra_patterns_{extra}"]:
            initial[f"extra_count_{extra}_{pattern_id}"] = patterns.count(pattern_id)
        initial[f"extra_flowers_{extra}"] = win.get("flowers") or None
        initial[f"extra_liable_{extra}"] = "" if win.get("liable") is None else str(win["liable"])
    return initial


def extra_winner_rows(
    shown: FieldValues,
    patterns: Sequence[PatternInfo],
    method: str,
    played: Collection[str],
    table_methods: Collection[str],
) -> list[ExtraWinnerRow]:
    """What the template draws for each further winner: the chosen seat and their pattern chips, only for
    the patterns this table plays (`played`, from `table_rules`) that can score on a shared discard or robbed
    kong (a self-draw's patterns never can), and any the hand being edited names."""
    rows: list[ExtraWinnerRow] = []
    for extra in EXTRA_WINNERS:
        chosen = shown.get(f"extra_patterns_{extra}") or []
        chips: list[ExtraPatternChip] = [
            {
                **pattern,
                "field": f"extra_patterns_{extra}",
                "count_field": f"extra_count_{extra}_{pattern['id']}",
                "checked": pattern["id"] in chosen,
                "count": shown.get(f"extra_count_{extra}_{pattern['id']}") or "1",
                "disabled": bool(method) and method not in pattern.get("methods", [method]),
                "limited": limited(pattern, table_methods),
            }
            for pattern in patterns
            if (
                pattern["id"] in played
                and set(pattern.get("methods", SHARED_SOURCE_METHODS)) & set(SHARED_SOURCE_METHODS)
            )
            or pattern["id"] in chosen
        ]
        rows.append(
            {
                "extra": extra,
                "extra_text": str(extra),
                "seat": shown.get(f"extra_winner_{extra}", ""),
                "chips": chips,
                "flowers": shown.get(f"extra_flowers_{extra}", ""),
                "liable": shown.get(f"extra_liable_{extra}", ""),
            }
        )
    return rows
