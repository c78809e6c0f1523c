"""What every page behind a share link is built on: the one guard (`guard.behind_link`)."""
