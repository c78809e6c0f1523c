"""Every hand has its key and every correction its hand (0009 filled them): make both required and
look the trail up by the hand's key. Separate from 0009 so that PostgreSQL alters no table with
the data step's updates still pending in the same transaction."""

import uuid

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("tablekeeper", "0009_words_hand_keys")]

    operations = [
        migrations.AlterField(
            model_name="round", name="key", field=models.UUIDField(default=uuid.uuid4, editable=False, unique=True)
        ),
        migrations.AlterField(model_name="correction", name="hand_key", field=models.UUIDField()),
        migrations.RemoveIndex(model_name="correction", name="tablekeeper_session_505631_idx"),
        migrations.AddIndex(
            model_name="correction",
            index=models.Index(fields=["session", "hand_key"], name="correction_hand_key_idx"),
        ),
    ]
