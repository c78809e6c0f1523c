"""What the players' pages draw from the services' figures (charts)."""
