"""The table's score keeping: sessions, seats and hands, corrections, co-keepers, presets, the table fee,
the settle-up and import/export (models, services, forms and views, in that order of layers)."""
