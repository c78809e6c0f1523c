"""Bring every stored hand's reasons up to date: lines as data (RULES.md §0.7), re-scored by a replay.

Each session's records are replayed with the engine and its lines replaced by the engine's, after
checking that the replay moves exactly the points that were stored (every hand's deltas, pot change
and state after). A session whose figures would change is not touched: the migration stops and
names it, for a person to look at, rather than quietly rewrite a score.

House-rule names the engine now reads as aliases (Shenyang's `angang_double: true`) are written
under the option they stand for, which scores the same and which the summary lists.
"""

from __future__ import annotations

from typing import Any

from django.db import migrations

from tablekeeper.rules import get_variant, replay


class FiguresWouldChange(RuntimeError):
    pass


def normalised_options(variant: str, options: dict[str, Any]) -> dict[str, Any]:
    """The stored house rules with every alias written as the option it stands for."""
    aliases = {alias["key"]: alias for alias in get_variant(variant)["option_aliases"]}
    normalised = {key: value for key, value in options.items() if key not in aliases}
    for key, alias in aliases.items():
        if options.get(key) is True:
            normalised[alias["option"]] = alias["when_true"]
    return normalised


def engine_options(variant: str, options: dict[str, Any], base: int, starting_points: int) -> dict[str, Any]:
    # As GameSession.engine_options does today, written out: a migration must not follow later changes.
    keys = {spec["key"] for spec in get_variant(variant)["options"]}
    scored = {key: value for key, value in options.items() if key in keys}
    scored["base"] = base
    if "starting_points" in keys:
        scored["starting_points"] = starting_points
    return scored


def rescore(apps: Any, schema_editor: Any) -> None:
    GameSession = apps.get_model("tablekeeper", "GameSession")
    Round = apps.get_model("tablekeeper", "Round")
    for session in GameSession.objects.order_by("pk").iterator():
        rounds = list(Round.objects.filter(session=session).order_by("number"))
        options = normalised_options(session.variant, dict(session.options or {}))
        if rounds:
            rescore_session(session, rounds, options)
            Round.objects.bulk_update(rounds, ["lines"], batch_size=500)
        if options != session.options:
            session.options = options
            session.save(update_fields=["options"])


def rescore_session(session: Any, rounds: list[Any], options: dict[str, Any]) -> None:
    scoring = engine_options(session.variant, options, session.base, session.starting_points)
    result = replay(session.variant, [r.record for r in rounds], scoring, {"dealer": session.first_dealer})
    # A record the engine now refuses as impossible (RULES §0.8) keeps, with every hand after it, the lines
    # and figures it was stored with: the pages still show them (an old line falls back to its text), and a
    # correction before it names that hand for the keeper to fix. Only the hands the replay reached change.
    scored_hands = result["results"] if result["ok"] else result["results"][: result["first_error"]]
    for round_, scored in zip(rounds, scored_hands, strict=False):
        stored = (round_.deltas, round_.pot_delta, round_.state_after)
        if (scored["deltas"], scored["pot_delta"], scored["state"]) != stored:
            raise FiguresWouldChange(
                f"Session {session.pk} ({session.variant}): re-scoring hand {round_.number} gives "
                f"deltas {scored['deltas']}, pot change {scored['pot_delta']} and state {scored['state']}, "
                f"but {list(stored)} is stored. Nothing was migrated."
            )
        round_.lines = scored["lines"]


class Migration(migrations.Migration):
    dependencies = [("tablekeeper", "0002_session_end_money_and_pot")]

    # Going back leaves the new lines: they still carry the English text the old pages showed.
    operations = [migrations.RunPython(rescore, migrations.RunPython.noop)]
