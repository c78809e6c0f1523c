"""The keeper's pages, split by subject: sessions and the board, the hand form, saved hands and history,
corrections, co-keepers, presets, import and export, the rules reference."""
