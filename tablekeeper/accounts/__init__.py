"""Accounts and limits: sign-up, log-in and passwords, log-in throttling, rate limits per address and
account, the upload limit and the checks on text people type. Imports nothing of scoring."""
