"""Invitations by user name keep the name the owner typed (and may reach no account), one per typed
name and session: the owner can list and withdraw them without learning which names exist."""

from typing import Any

from django.conf import settings
from django.db import migrations, models


def name_existing_requests(apps: Any, schema_editor: Any) -> None:
    KeeperRequest = apps.get_model("tablekeeper", "KeeperRequest")
    for keeper_request in KeeperRequest.objects.select_related("user"):
        keeper_request.name = keeper_request.user.username
        keeper_request.name_key = keeper_request.user.username.casefold()[:150]
        keeper_request.save(update_fields=["name", "name_key"])


class Migration(migrations.Migration):
    dependencies = [
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
        ("tablekeeper", "0018_presets_ref_city_preset"),
    ]

    operations = [
        migrations.RemoveConstraint(model_name="keeperrequest", name="keeper_request_unique_per_session"),
        migrations.AddField(
            model_name="keeperrequest",
            name="name",
            field=models.CharField(default="", max_length=150),
            preserve_default=False,
        ),
        migrations.AddField(
            model_name="keeperrequest",
            name="name_key",
            field=models.CharField(default="", max_length=150),
            preserve_default=False,
        ),
        migrations.AlterField(
            model_name="keeperrequest",
            name="user",
            field=models.ForeignKey(
                blank=True,
                null=True,
                on_delete=models.deletion.CASCADE,
                related_name="keeper_requests",
                to=settings.AUTH_USER_MODEL,
            ),
        ),
        migrations.RunPython(name_existing_requests, migrations.RunPython.noop),
        migrations.AddConstraint(
            model_name="keeperrequest",
            constraint=models.UniqueConstraint(
                fields=("session", "name_key"), name="keeper_request_unique_name_per_session"
            ),
        ),
    ]
