"""Each hand row counts the deal's passes so far, so the board can show the prevailing wind (风圈).

The count is restated here (the dealer in the state after each hand against the one before it)
so that later changes to the app cannot change what this migration does.
"""

from django.db import migrations, models


def count_deal_passes(apps, schema_editor):
    GameSession = apps.get_model("tablekeeper", "GameSession")
    Round = apps.get_model("tablekeeper", "Round")
    for session in GameSession.objects.only("pk", "first_dealer").iterator():
        dealer, passes, changed = session.first_dealer, 0, []
        for round_ in Round.objects.filter(session=session).order_by("number").only("pk", "state_after"):
            after = int((round_.state_after or {}).get("dealer", 0))
            passes += after != dealer
            dealer = after
            round_.deal_passes = passes
            changed.append(round_)
        Round.objects.bulk_update(changed, ["deal_passes"], batch_size=500)


class Migration(migrations.Migration):
    dependencies = [
        ("tablekeeper", "0005_keepers_and_invitations"),
    ]

    operations = [
        migrations.AddField(
            model_name="round",
            name="deal_passes",
            field=models.PositiveIntegerField(default=0),
        ),
        migrations.RunPython(count_deal_passes, migrations.RunPython.noop),
    ]
