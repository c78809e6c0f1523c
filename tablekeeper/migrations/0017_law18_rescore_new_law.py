"""Re-score the stored sessions whose figures the rule book's new law changes (RULES §9.9), and say so.

Frozen: this migration imports nothing of the app, so that a later change to the rules engine cannot
change what it does on a database that has not run it yet.

Two definitions changed: D-21, a Dalian edge win (夹胡) needs a single wait (`edge_wait_mode`, default
`single_wait`), and Z-13, Zhengzhou's `dealer_add_base` adds the dealer's stake to kong bonuses too.
When it was written (commit 09c8ab4) the migration replayed each Dalian and Zhengzhou session with the
engine of that day, wrote every changed hand again and listed it (a line on the standard output and a
`rescore` correction the hand's page shows).

That replay needs the engine of that day, which no migration can carry. What the new law can change
is known without it, from the records alone:
- D-21 only reads the tiles: a Dalian win whose record gives no tiles scores the same (a ticked 夹胡
  without tiles is the keeper's word, under either law);
- Z-13 only touches kong bonuses where `dealer_add_base` is on: a Zhengzhou session without the rule,
  or a hand without kongs, scores the same.
So the migration adds the correction kind, passes where no stored hand is within the new law's reach
(every new database, and most old ones), and otherwise stops before changing anything, naming the
sessions and the commit whose migration re-scores them with the engine it was written for.
"""

from __future__ import annotations

from typing import Any

from django.db import migrations, models

ENGINE_OF_THAT_DAY = "09c8ab4"


class EngineOfThatDayNeeded(RuntimeError):
    pass


def within_d21(options: dict[str, Any], record: dict[str, Any]) -> bool:
    """A Dalian hand whose edge win the tiles decide."""
    return record.get("result") == "win" and any(win.get("tiles") for win in record.get("wins") or [])


def within_z13(options: dict[str, Any], record: dict[str, Any]) -> bool:
    """A Zhengzhou hand with a kong bonus the dealer's stake may raise."""
    return options.get("dealer_add_base") is True and bool(record.get("kongs"))


WITHIN_THE_NEW_LAW = {"dalian": ("D-21", within_d21), "zhengzhou": ("Z-13", within_z13)}


def sessions_within_the_new_law(apps: Any) -> list[str]:
    GameSession = apps.get_model("tablekeeper", "GameSession")
    Round = apps.get_model("tablekeeper", "Round")
    found = []
    for session in GameSession.objects.filter(variant__in=list(WITHIN_THE_NEW_LAW)).order_by("pk").iterator():
        law, within = WITHIN_THE_NEW_LAW[session.variant]
        options = dict(session.options or {})
        records = Round.objects.filter(session=session).order_by("number").values_list("number", "record")
        hands = [number for number, record in records if within(options, record or {})]
        if hands:
            found.append(f"session {session.pk} ({session.variant}, {law}): hands {hands}")
    return found


def rescore(apps: Any, schema_editor: Any) -> None:
    found = sessions_within_the_new_law(apps)
    if found:
        raise EngineOfThatDayNeeded(
            "The rule book's new law (RULES §9.9) may change stored hands: "
            + "; ".join(found)
            + ". Re-scoring them needs the rules engine as it was when migration 0017 was written, which a "
            f"migration cannot carry. Migrate this database with TableKeeper at commit {ENGINE_OF_THAT_DAY} first "
            f"(git checkout {ENGINE_OF_THAT_DAY} && python manage.py migrate tablekeeper 0017), then with this "
            "version: it lists every hand it changes. Nothing was migrated."
        )


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
        migrations.RunPython(rescore, migrations.RunPython.noop),
    ]
