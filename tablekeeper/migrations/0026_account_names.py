"""Every account's user name keyed as "the same name" compares it (NFKC, Unicode case folding, the
Turkish dotted and dotless i as i; tablekeeper/accounts/validators.py, account_name_key, restated here
so that later changes to the app cannot change what this migration does), under a unique index that
decides sign-ups from now on. Accounts made before that share a name in this rule (straße and STRASSE,
made before the index) all keep working: the oldest holds the key, each younger one none.
"""

import hashlib
import unicodedata

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


def name_key(username):
    folded = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", username).casefold())
    folded = unicodedata.normalize("NFC", folded.replace("i\u0307", "i").replace("\u0131", "i"))
    return hashlib.sha256(folded.encode()).hexdigest()


def key_account_names(apps, schema_editor):
    User = apps.get_model(*settings.AUTH_USER_MODEL.split("."))
    AccountName = apps.get_model("tablekeeper", "AccountName")
    taken = set()
    rows = []
    for pk, username in User.objects.order_by("date_joined", "pk").values_list("pk", "username").iterator():
        key = name_key(username)
        rows.append(AccountName(user_id=pk, key=None if key in taken else key))
        taken.add(key)
    AccountName.objects.bulk_create(rows, batch_size=500)


class Migration(migrations.Migration):

    dependencies = [
        ('tablekeeper', '0025_player_keys_without_invisible_characters'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name='AccountName',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('key', models.CharField(max_length=64, null=True, unique=True)),
                ('user', models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, related_name='+', to=settings.AUTH_USER_MODEL)),
            ],
        ),
        migrations.RunPython(key_account_names, migrations.RunPython.noop),
    ]
