"""What leaves the keeper's phone: the share link's live board, the result card for the group chat and the
printable summary."""
