from django.apps import AppConfig


class TableKeeperConfig(AppConfig):
    name = "tablekeeper"
    verbose_name = "TableKeeper"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from django.contrib.auth import get_user_model
        from django.db.models.signals import post_save

        from .accounts.models import keep_account_name

        # Every account's name is keyed as it is made or renamed (sign-up, admin, createsuperuser).
        post_save.connect(keep_account_name, sender=get_user_model(), dispatch_uid="tablekeeper.account_name")
