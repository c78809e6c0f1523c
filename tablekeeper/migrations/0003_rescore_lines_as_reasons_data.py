"""Bring every stored hand's reasons up to date: lines as data (RULES.md §0.7), re-scored by a replay.

Frozen: this migration imports nothing of the app, so that a later change to the rules engine cannot
change what it does on a database that has not run it yet.

What it did when it was written (commit 91f810c): each session's records were replayed with the
engine of that day and the lines replaced by the engine's, after checking that the replay moved
exactly the points stored; and house-rule names the engine read as aliases (Shenyang's
`angang_double: true`) were written under the option they stand for.

What it does now:
- the aliases are renamed as before, from the table of aliases as it was then (pure data, below);
- the replay needs the engine as it was then, which no migration can carry (the engine is thousands
  of lines, and today's scores some hands differently: RULES §9.9). So on a database that still holds
  hands whose lines are text, the migration stops before changing anything and names the commit whose
  migrations do it with the engine they were written for. A database made after that commit, or one
  without hands, has nothing to replay and passes.
"""

from __future__ import annotations

from typing import Any

from django.db import migrations

# Commit 91f810c's engine: the aliases each variant read (variant -> alias -> (option, value when true)).
OPTION_ALIASES: dict[str, dict[str, tuple[str, str]]] = {
    "shenyang": {"angang_double": ("gang_vs_angang", "angang_double")},
}
ENGINE_OF_THAT_DAY = "91f810c"


class EngineOfThatDayNeeded(RuntimeError):
    pass


def normalised_options(variant: str, options: dict[str, Any]) -> dict[str, Any]:
    """The stored house rules with every alias written as the option it stands for."""
    aliases = OPTION_ALIASES.get(variant, {})
    normalised = {key: value for key, value in options.items() if key not in aliases}
    for key, (option, value) in aliases.items():
        if options.get(key) is True:
            normalised[option] = value
    return normalised


def lines_are_text(lines: list[dict[str, Any]] | None) -> bool:
    """Lines as the app stored them before RULES §0.7: a sentence, no code with its numbers."""
    return any("params" not in line for line in lines or [])


def sessions_with_text_lines(apps: Any) -> list[int]:
    Round = apps.get_model("tablekeeper", "Round")
    sessions: set[int] = set()
    for session_id, lines in Round.objects.values_list("session_id", "lines").iterator():
        if lines_are_text(lines):
            sessions.add(session_id)
    return sorted(sessions)


def rescore(apps: Any, schema_editor: Any) -> None:
    waiting = sessions_with_text_lines(apps)
    if waiting:
        raise EngineOfThatDayNeeded(
            f"Sessions {waiting} hold hands whose reasons are stored as text, from before migration 0003. "
            "Replaying them needs the rules engine as it was when 0003 was written, which a migration cannot "
            f"carry. Migrate this database with TableKeeper at commit {ENGINE_OF_THAT_DAY} first "
            f"(git checkout {ENGINE_OF_THAT_DAY} && python manage.py migrate tablekeeper 0003), then with this "
            "version. Nothing was migrated."
        )
    GameSession = apps.get_model("tablekeeper", "GameSession")
    for session in GameSession.objects.order_by("pk").iterator():
        options = normalised_options(session.variant, dict(session.options or {}))
        if options != session.options:
            session.options = options
            session.save(update_fields=["options"])


class Migration(migrations.Migration):
    dependencies = [("tablekeeper", "0002_session_end_money_and_pot")]

    operations = [migrations.RunPython(rescore, migrations.RunPython.noop)]
