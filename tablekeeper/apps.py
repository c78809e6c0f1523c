from django.apps import AppConfig


class TableKeeperConfig(AppConfig):
    name = "tablekeeper"
    verbose_name = "TableKeeper"
    default_auto_field = "django.db.models.BigAutoField"
