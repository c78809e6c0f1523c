"""gunicorn's settings for TableKeeper, read from the working directory (the repository's root).

Which proxy headers are believed follows DJANGO_BEHIND_PROXY, as Django's settings do: without a
proxy, gunicorn believes no X-Forwarded-* header from anyone (its default would believe
X-Forwarded-Proto from 127.0.0.1, so a request relayed by anything on the machine could claim
https); behind one, it believes X-Forwarded-Proto only, and only from DJANGO_PROXY_ADDRESSES.
"""

import os

_BEHIND_PROXY = os.environ.get("DJANGO_BEHIND_PROXY", "").strip().lower() in {"1", "true", "yes", "on"}

# The addresses the proxy connects from; only these may say the scheme.
forwarded_allow_ips = os.environ.get("DJANGO_PROXY_ADDRESSES", "127.0.0.1,::1") if _BEHIND_PROXY else ""
# The one scheme header Django trusts too (settings.SECURE_PROXY_SSL_HEADER).
secure_scheme_headers = {"X-FORWARDED-PROTO": "https"}
# No underscore-named header (SCRIPT_NAME, PATH_INFO) is taken from a proxy.
forwarder_headers = ""
