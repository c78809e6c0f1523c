"""What several pages show, built once below the views: who may open a session, the board, the chart,
a hand's rows and trail, the race screen and the outbox's answers. A view asks here; no view imports
another view."""
