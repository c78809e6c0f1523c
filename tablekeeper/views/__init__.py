"""Views, split by area: accounts, sessions (and the board), hands, share."""
