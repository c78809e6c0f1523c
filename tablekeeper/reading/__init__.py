"""What the keeper reads: the engine's reasons and refusals in the keeper's language, the rules reference,
house rules in plain words and tile pictures. Below the table's score keeping: it imports none of it."""
