"""Model rows read and written in SQL written by hand, as the ORM reads and writes them: every concrete column
selected in the model's order, each value converted as the ORM converts it on this database (a datetime made
aware, JSON read, a decimal), then `Model.from_db`; a new row's or a changed row's values set and prepared by
each field as `Model.save()` has them (defaults, auto_now and auto_now_add, JSON written).

For the few statements a Save and every session page run each time with nothing but new parameters (the
session and its seats, the new hand and its trail entry): the ORM spent several times longer building those
statements than the database spent answering them, so they are written once, with the models' own table and
column names. No save signals are sent: nothing listens for these models' (tablekeeper/apps.py), and a
receiver added for one would have to be called here.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any
from weakref import WeakKeyDictionary

from django.db import DEFAULT_DB_ALIAS, connection, connections
from django.db.backends.base.base import BaseDatabaseWrapper
from django.db.models import Field, Model
from django.db.models.expressions import Col


class SqlRows[M: Model]:
    """One model's columns in a hand-written SELECT, and its instances from the rows that SELECT returns."""

    def __init__(self, model: type[M]) -> None:
        self.model = model
        self.fields: list[Field[Any, Any]] = [
            field for field in model._meta.concrete_fields if isinstance(field, Field)
        ]
        self.names = [field.attname for field in self.fields]
        self.width = len(self.fields)
        self.table = model._meta.db_table
        self.pk = model._meta.pk
        assert self.pk is not None
        self._found: WeakKeyDictionary[BaseDatabaseWrapper, list[tuple[int, Col, list[Any]]]] = WeakKeyDictionary()

    def columns(self, alias: str) -> str:
        """The model's columns, in the order `instance` reads them, as `alias`.column."""
        quote = connection.ops.quote_name
        return ", ".join(f"{alias}.{quote(self.column(field.name))}" for field in self.fields)

    def column(self, name: str) -> str:
        """A field's column name (a foreign key's is `<name>_id`)."""
        field = self.model._meta.get_field(name)
        assert isinstance(field, Field) and field.column is not None, name
        return field.column

    def instance(self, row: Sequence[Any], start: int = 0) -> M:
        """The instance whose columns begin at `row[start]`."""
        values = list(row[start : start + self.width])
        database = connections[DEFAULT_DB_ALIAS]
        for index, column, converters in self._converters(database):
            for convert in converters:
                values[index] = convert(values[index], column, database)
        return self.model.from_db(database.alias, self.names, values)

    def _converters(self, database: BaseDatabaseWrapper) -> list[tuple[int, Col, list[Any]]]:
        """The converters the ORM's compiler applies to each plain column of this model on this connection (none
        for most): found once per connection, which each thread has its own of."""
        found = self._found.get(database)
        if found is None:
            found = []
            for index, field in enumerate(self.fields):
                column = field.get_col(self.table)
                converters = database.ops.get_db_converters(column) + column.get_db_converters(database)
                if converters:
                    found.append((index, column, converters))
            self._found[database] = found
        return found

    def insert(self, instance: M) -> None:
        """Write a new instance's row, as `save()` inserts it: each field's value as saved (auto_now and auto_now_add
        set now), the database's new id set on the instance."""
        database = connections[DEFAULT_DB_ALIAS]
        fields = [field for field in self.fields if field is not self.pk]
        values = [field.get_db_prep_save(field.pre_save(instance, True), database) for field in fields]
        returning = database.features.can_return_columns_from_insert
        with database.cursor() as cursor:
            cursor.execute(_insert_statement(self, database.vendor, returning=returning), values)
            if returning:
                row = cursor.fetchone()
                assert row is not None
                new_id = row[0]
            else:
                new_id = database.ops.last_insert_id(cursor, self.table, self.column(self.pk.name))
        setattr(instance, self.pk.attname, new_id)
        instance._state.adding = False
        instance._state.db = database.alias

    def update(self, instance: M, names: Sequence[str]) -> None:
        """Write these fields of an instance's row, as `save(update_fields=names)` writes them (auto_now set now),
        and as it does, refuse a row that is gone."""
        database = connections[DEFAULT_DB_ALIAS]
        fields = [field for field in self.fields if field.name in names or field.attname in names]
        assert len(fields) == len(set(names)), names
        values = [field.get_db_prep_save(field.pre_save(instance, False), database) for field in fields]
        with database.cursor() as cursor:
            cursor.execute(
                _update_statement(self, database.vendor, tuple(field.name for field in fields)), [*values, instance.pk]
            )
            updated = cursor.rowcount
        if not updated:
            # The model's own NotUpdated (a DatabaseError too), as save() raises it; the stubs do not know it yet.
            not_updated: type[Exception] = getattr(self.model, "NotUpdated")  # noqa: B009
            raise not_updated("Save with update_fields did not affect any rows.")
        instance._state.adding = False
        instance._state.db = database.alias


# The statements below depend on the model's columns and the database (`vendor` only keys the cache: the quoting
# is the connection's), so each is written once.


@cache
def _insert_statement(rows: SqlRows[Any], vendor: str, *, returning: bool) -> str:
    quote = connection.ops.quote_name
    columns = [quote(rows.column(field.name)) for field in rows.fields if field is not rows.pk]
    pk = quote(rows.column(rows.pk.name))
    returned = f" RETURNING {pk}" if returning else ""
    placeholders = ", ".join(["%s"] * len(columns))
    return f"INSERT INTO {quote(rows.table)} ({', '.join(columns)}) VALUES ({placeholders}){returned}"


@cache
def _update_statement(rows: SqlRows[Any], vendor: str, names: tuple[str, ...]) -> str:
    quote = connection.ops.quote_name
    assignments = ", ".join(f"{quote(rows.column(name))} = %s" for name in names)
    return f"UPDATE {quote(rows.table)} SET {assignments} WHERE {quote(rows.column(rows.pk.name))} = %s"
