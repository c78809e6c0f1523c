"""Players found by one case-folded key; hands carry running totals and the facts pages aggregate.

Both data steps run the same rules as the app (tablekeeper.models.player_name_key and
tablekeeper.services.derived), restated here so that later changes to the app cannot change
what this migration did.
"""

import unicodedata

from django.db import migrations, models


def name_key(name):
    collapsed = " ".join(name.split())
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", collapsed).casefold())


def fill_name_keys(apps, schema_editor):
    """Key every player; two players of one keeper whose names now fold together become one
    (the older), and the younger one's seats move to it."""
    if schema_editor.connection.vendor == "postgresql":
        # Check the seats' foreign keys now, so that no trigger event is pending when the next
        # operation alters the player table.
        schema_editor.execute("SET CONSTRAINTS ALL IMMEDIATE")
    Player = apps.get_model("tablekeeper", "Player")
    Seat = apps.get_model("tablekeeper", "Seat")
    kept = {}
    for player in Player.objects.order_by("owner_id", "created", "pk"):
        key = (player.owner_id, name_key(player.name))
        if key in kept:
            Seat.objects.filter(player_id=player.pk).update(player_id=kept[key])
            player.delete()
            continue
        kept[key] = player.pk
        player.name_key = key[1]
        player.save(update_fields=["name_key"])


def fill_hand_columns(apps, schema_editor):
    Round = apps.get_model("tablekeeper", "Round")
    GameSession = apps.get_model("tablekeeper", "GameSession")
    for session_id in GameSession.objects.values_list("pk", flat=True).iterator():
        totals = [0, 0, 0, 0]
        batch = []
        for round_ in Round.objects.filter(session_id=session_id).order_by("number"):
            totals = [total + delta for total, delta in zip(totals, round_.deltas)]
            wins = (round_.record.get("wins") or []) if round_.record.get("result") == "win" else []
            for seat in range(4):
                setattr(round_, f"total_{seat}", totals[seat])
            round_.result = str(round_.record.get("result", "draw"))
            round_.method = str(wins[0]["method"]) if wins else ""
            source = wins[0].get("from") if wins else None
            round_.discarder = source if round_.method in ("discard", "rob_kong") else None
            for seat in range(4):
                setattr(round_, f"gain_{seat}", None)
            for win in wins:
                setattr(round_, f"gain_{win['seat']}", round_.deltas[win["seat"]])
            batch.append(round_)
        Round.objects.bulk_update(
            batch,
            ["total_0", "total_1", "total_2", "total_3", "result", "method", "discarder", "gain_0", "gain_1", "gain_2", "gain_3"],
            batch_size=500,
        )


class Migration(migrations.Migration):
    dependencies = [
        ("tablekeeper", "0003_rescore_lines_as_reasons_data"),
    ]

    operations = [
        migrations.AddField(
            model_name="player",
            name="name_key",
            field=models.CharField(default="", editable=False, max_length=160),
            preserve_default=False,
        ),
        migrations.RemoveConstraint(
            model_name="player",
            name="player_name_unique_per_owner_ci",
        ),
        migrations.RunPython(fill_name_keys, migrations.RunPython.noop),
        migrations.AddConstraint(
            model_name="player",
            constraint=models.UniqueConstraint(fields=("owner", "name_key"), name="player_name_key_unique_per_owner"),
        ),
        migrations.AlterField(
            model_name="round",
            name="pot_delta",
            field=models.BigIntegerField(default=0),
        ),
        migrations.AddField(
            model_name="round",
            name="total_0",
            field=models.BigIntegerField(default=0),
        ),
        migrations.AddField(
            model_name="round",
            name="total_1",
            field=models.BigIntegerField(default=0),
        ),
        migrations.AddField(
            model_name="round",
            name="total_2",
            field=models.BigIntegerField(default=0),
        ),
        migrations.AddField(
            model_name="round",
            name="total_3",
            field=models.BigIntegerField(default=0),
        ),
        migrations.AddField(
            model_name="round",
            name="result",
            field=models.CharField(default="win", max_length=5),
        ),
        migrations.AddField(
            model_name="round",
            name="method",
            field=models.CharField(blank=True, default="", max_length=10),
        ),
        migrations.AddField(
            model_name="round",
            name="discarder",
            field=models.PositiveSmallIntegerField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name="round",
            name="gain_0",
            field=models.BigIntegerField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name="round",
            name="gain_1",
            field=models.BigIntegerField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name="round",
            name="gain_2",
            field=models.BigIntegerField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name="round",
            name="gain_3",
            field=models.BigIntegerField(blank=True, null=True),
        ),
        migrations.RunPython(fill_hand_columns, migrations.RunPython.noop),
    ]
