"""Model instances from SQL written by hand, made as the ORM makes them: every concrete column selected in the
model's order, each value converted as the ORM converts it on this database (a datetime made aware, JSON read,
a decimal), then `Model.from_db`.

For the few statements a Save and every session page run each time with nothing but new parameters (the
session and its seats): the ORM spent several times longer building those statements than the database spent
answering them, so they are written once, with the models' own table and column names.
"""

from __future__ import annotations

from collections.abc import Sequence
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
