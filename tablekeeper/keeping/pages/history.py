"""A session's hands a page at a time, as the keeper's history and the share link's list them: each row from
the stored per-hand columns, a 1000-hand session costing what a 30-hand one does."""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime

from django.urls import reverse
from django.utils.translation import gettext as _

from tablekeeper.reading.reasons import Reason, headline, reasons

from ..models import GameSession, Round
from ..services.trail import with_correction_marks

PAGE_SIZE = 30


@dataclass(frozen=True)
class SeatCell:
    change: int
    points: int


@dataclass(frozen=True)
class HistoryRow:
    number: int
    how: str
    cells: list[SeatCell]
    pot_delta: int
    edited: bool = False  # its record was changed after it was entered
    rescored: bool = False  # a correction of an earlier hand moved its points


def how_it_ended(result: str, method: str, false_win_by: str | None = None) -> str:
    """A word or two for the row: the winner's column already shows who won. A void hand says what
    the keeper chose: a plain 作废, or 诈胡 naming who paid for it."""
    if result == "draw":
        return str(_("Draw"))
    if result == "void":
        if method == Round.MANUAL_ADJUSTMENT:
            return str(_("Manual adjustment"))
        if false_win_by is not None:
            return _("False win (%(name)s)") % {"name": false_win_by}
        return str(_("Void"))
    return {"self_draw": str(_("Self-draw")), "discard": str(_("Discard")), "rob_kong": str(_("Robbed kong"))}.get(
        method, method
    )


def _false_wins(session: GameSession, numbers: list[int], names: list[str]) -> dict[int, str]:
    """Who false-won each of these void hands (诈胡), read from the records of those hands alone."""
    if not numbers:
        return {}
    found = {}
    for number, record in Round.objects.filter(session=session, number__in=numbers).values_list("number", "record"):
        seat = next((p.get("seat") for p in record.get("penalties") or [] if p.get("kind") == "false_win"), None)
        if isinstance(seat, int) and 0 <= seat < len(names):
            found[number] = names[seat]
    return found


def history_page(
    session: GameSession, starting_points: list[int], before: int | None, names: list[str] | None = None
) -> tuple[list[HistoryRow], int | None]:
    """The page of hands numbered `before` and down (the newest without it), and the next page's `before`."""
    rows = with_correction_marks(Round.objects.filter(session=session)).order_by("-number")
    if before is not None:
        rows = rows.filter(number__lte=before)
    columns = ("number", "result", "method", "deltas", "pot_delta", "edited", "rescored", *Round.TOTAL_COLUMNS)
    values = list(rows.values_list(*columns)[: PAGE_SIZE + 1])
    voids = [row[0] for row in values[:PAGE_SIZE] if row[1] == "void" and row[2] != Round.MANUAL_ADJUSTMENT]
    false_wins = _false_wins(session, voids, names or [])
    page = [
        HistoryRow(
            number=number,
            how=how_it_ended(result, method, false_wins.get(number)),
            cells=[
                SeatCell(change, start + total)
                for change, start, total in zip(deltas, starting_points, totals, strict=True)
            ],
            pot_delta=pot_delta,
            edited=edited,
            rescored=rescored,
        )
        for number, result, method, deltas, pot_delta, edited, rescored, *totals in values[:PAGE_SIZE]
    ]
    older = values[PAGE_SIZE][0] if len(values) > PAGE_SIZE else None
    return page, older


@dataclass(frozen=True)
class SharedHandRow:
    """One hand as the table reads it behind the share link: when, how it ended, each seat's change
    and points after it, the engine's reasons, and whether a correction touched it."""

    number: int
    when: datetime
    headline: str
    cells: list[SeatCell]
    pot_delta: int
    lines: list[Reason]
    edited: bool
    rescored: bool
    mine: str = ""  # for a linked player: "won" (a hand they won), "dealt_in" (won on their discard) or ""


def _mine(mine: int | None, discarder: int | None, gains: list[int | None]) -> str:
    if mine is None:
        return ""
    if gains[mine] is not None:
        return "won"
    if discarder == mine and any(gain is not None for gain in gains):
        return "dealt_in"
    return ""


def shared_history_page(
    session: GameSession, starting_points: list[int], names: list[str], before: int | None, mine: int | None = None
) -> tuple[list[SharedHandRow], int | None]:
    """Hands numbered `before` and down (the newest without it), each with its reasons, and the next
    page's `before`: a page's rows, their reasons and correction marks in one query. `mine`: the seat
    linked to the player reading it, whose hands are marked.

    Each reason links to this table's rules behind the same link (its values at this table), not
    the book's page, which a reason line would link to elsewhere."""
    rows = with_correction_marks(Round.objects.filter(session=session)).order_by("-number")
    if before is not None:
        rows = rows.filter(number__lte=before)
    columns = (
        "number",
        "created",
        "deltas",
        "pot_delta",
        "lines",
        "edited",
        "rescored",
        "discarder",
        *Round.GAIN_COLUMNS,
        *Round.TOTAL_COLUMNS,
    )
    values = list(rows.values_list(*columns)[: PAGE_SIZE + 1])
    info = session.variant_info
    rules = reverse("shared_rules", args=[session.share_token])
    page = []
    for number, created, deltas, pot_delta, lines, edited, rescored, discarder, *columns_after in values[:PAGE_SIZE]:
        gains, totals = columns_after[:4], columns_after[4:]
        said = headline(lines, names, info)
        page.append(
            SharedHandRow(
                number=number,
                when=created,
                headline=said,
                cells=[
                    SeatCell(change, start + total)
                    for change, start, total in zip(deltas, starting_points, totals, strict=True)
                ],
                pot_delta=pot_delta,
                # The headline says how it ended; the reasons go on from there.
                lines=[
                    replace(line, href=f"{rules}#{line.href.partition('#')[2]}") if line.href else line
                    for line in reasons(lines, names, info)
                    if line.text != said
                ],
                edited=edited,
                rescored=rescored,
                mine=_mine(mine, discarder, gains),
            )
        )
    older = values[PAGE_SIZE][0] if len(values) > PAGE_SIZE else None
    return page, older
