"""Re-score the stored sessions whose figures the rule book's new law changes (RULES §9.9), and say so.

Two definitions changed: D-21, a Dalian edge win (夹胡) now needs a single wait (`edge_wait_mode`,
default `single_wait`), and Z-13, Zhengzhou's `dealer_add_base` adds the dealer's stake to kong
bonuses too. Each Dalian and Zhengzhou session is replayed with today's engine; where a hand's
payments, pot change or next state come out differently, every hand is written again as the replay
says, the session's totals and state follow, and each changed hand is listed: a line on the
standard output, and an entry in the hand's corrections (action `rescore`, the figures before and
after) that the hand's page shows. Nothing changes silently.

A session the engine now refuses part of (say a Dalian hand whose tiles were ticked an edge win on a
two-tile wait) is left exactly as stored and listed, for the keeper to correct that hand.
"""

from __future__ import annotations

from typing import Any

from django.db import migrations, models

from tablekeeper.rules import get_variant, replay

AFFECTED = {"dalian": "D-21", "zhengzhou": "Z-13"}
SEATS = range(4)


def engine_options(variant: str, options: dict[str, Any], base: int, starting_points: int) -> dict[str, Any]:
    # As GameSession.engine_options does today, written out: a migration must not follow later changes.
    keys = {spec["key"] for spec in get_variant(variant)["options"]}
    scored = {key: value for key, value in options.items() if key in keys}
    scored["base"] = base
    if "starting_points" in keys:
        scored["starting_points"] = starting_points
    return scored


def derived(
    record: dict[str, Any], scored: dict[str, Any], totals: list[int], passes: int, dealer_before: int
) -> dict[str, Any]:
    """A hand row's derived columns (as services/derived.py writes them today, written out)."""
    wins = (record.get("wins") or []) if record.get("result") == "win" else []
    method = str(wins[0]["method"]) if wins else ""
    deltas = list(scored["deltas"])
    columns: dict[str, Any] = {
        "deltas": deltas,
        "pot_delta": scored["pot_delta"],
        "lines": scored["lines"],
        "state_after": scored["state"],
        "deal_passes": passes + (int(scored["state"].get("dealer", 0)) != dealer_before),
        "result": str(record.get("result", "draw")),
        "method": method,
        "discarder": wins[0].get("from") if wins and method in ("discard", "rob_kong") else None,
    }
    for seat in SEATS:
        columns[f"total_{seat}"] = totals[seat] + deltas[seat]
        columns[f"gain_{seat}"] = None
    for win in wins:
        columns[f"gain_{win['seat']}"] = deltas[win["seat"]]
    return columns


def rescore(apps: Any, schema_editor: Any) -> None:
    GameSession = apps.get_model("tablekeeper", "GameSession")
    for session in GameSession.objects.filter(variant__in=list(AFFECTED)).order_by("pk").iterator():
        rescore_session(apps, session)


def rescore_session(apps: Any, session: Any) -> None:
    Round = apps.get_model("tablekeeper", "Round")
    Correction = apps.get_model("tablekeeper", "Correction")
    rounds = list(Round.objects.filter(session=session).order_by("number"))
    if not rounds:
        return
    law = AFFECTED[session.variant]
    options = engine_options(session.variant, dict(session.options or {}), session.base, session.starting_points)
    start = {"dealer": session.first_dealer}
    result = replay(session.variant, [r.record for r in rounds], options, start)
    if not result["ok"]:
        failed = rounds[result["first_error"] or 0]
        errors = result["results"][-1]["errors"] if result["results"] else []
        why = "; ".join(str(error.get("message")) for error in errors)
        print(
            f"Session {session.pk} ({session.variant}, {law}): hand {failed.number} is refused under the new law "
            f"({why}); the session is left as stored, for the keeper to correct that hand."
        )
        return
    # Each changed hand with the figures it was stored with, read before the rows are written again.
    changed = [
        (round_.key, round_.number, {"deltas": list(round_.deltas), "pot_delta": round_.pot_delta}, scored)
        for round_, scored in zip(rounds, result["results"], strict=True)
        if (round_.deltas, round_.pot_delta, round_.state_after)
        != (scored["deltas"], scored["pot_delta"], scored["state"])
    ]
    if not changed:
        return
    before_totals = list(session.totals)
    totals, passes, dealer = [0, 0, 0, 0], 0, session.first_dealer
    columns: dict[str, Any] = {}
    for round_, scored in zip(rounds, result["results"], strict=True):
        columns = derived(round_.record, scored, totals, passes, dealer)
        for name, value in columns.items():
            setattr(round_, name, value)
        totals = [columns[f"total_{seat}"] for seat in SEATS]
        passes, dealer = columns["deal_passes"], int(scored["state"].get("dealer", 0))
    Round.objects.bulk_update(rounds, list(columns), batch_size=500)
    entries = []
    for key, number, old, scored in changed:
        print(
            f"Session {session.pk} ({session.variant}, {law}): hand {number} re-scored: deltas {old['deltas']} "
            f"-> {scored['deltas']}, pot change {old['pot_delta']} -> {scored['pot_delta']}."
        )
        new = {"deltas": scored["deltas"], "pot_delta": scored["pot_delta"]}
        entries.append(
            Correction(
                session=session,
                hand_key=key,
                number=number,
                action="rescore",
                before={"law": law, **old},
                after={"law": law, **new},
            )
        )
    Correction.objects.bulk_create(entries)
    session.totals = result["totals"]
    session.state = result["state"]
    session.version += 1
    session.save(update_fields=["totals", "state", "version"])
    print(f"Session {session.pk} ({session.variant}, {law}): totals {before_totals} -> {session.totals}.")


class Migration(migrations.Migration):
    dependencies = [
        ("tablekeeper", "0016_data_spent_tokens_and_import_fingerprint"),
    ]

    operations = [
        migrations.AlterField(
            model_name="correction",
            name="action",
            field=models.CharField(
                choices=[
                    ("add", "added"),
                    ("edit", "edited"),
                    ("delete", "deleted"),
                    ("undo", "undone"),
                    ("rescore", "re-scored under the rule book's new law"),
                ],
                max_length=10,
            ),
        ),
        # Going back leaves the new figures: they are what the rule book says, and the corrections list them.
        migrations.RunPython(rescore, migrations.RunPython.noop),
    ]
