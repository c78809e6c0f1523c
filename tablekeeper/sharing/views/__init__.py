"""The share link's pages, the result card and the printable summary."""
