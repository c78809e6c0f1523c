"""TableKeeper's settings, read from the environment.

The rule for DEBUG: it is on for a local checkout that has no DJANGO_SECRET_KEY, and off as
soon as a secret key is configured (production always sets one). DJANGO_DEBUG=0/1 overrides.
So `manage.py runserver` works with no configuration, and a deployment cannot forget to turn
DEBUG off.
"""

from __future__ import annotations

import os
import tempfile
from datetime import timedelta
from pathlib import Path

import dj_database_url
from django.utils.csp import CSP
from django.utils.translation import gettext_lazy as _

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: list[str]) -> list[str]:
    value = os.environ.get(name)
    if not value:
        return default
    return [item.strip() for item in value.split(",") if item.strip()]


_SECRET_FROM_ENV = os.environ.get("DJANGO_SECRET_KEY", "")
DEBUG = env_bool("DJANGO_DEBUG", default=not _SECRET_FROM_ENV)

if _SECRET_FROM_ENV:
    SECRET_KEY = _SECRET_FROM_ENV
elif DEBUG:
    SECRET_KEY = "django-insecure-local-development-only-never-deploy-this-key"
else:
    raise RuntimeError("DJANGO_SECRET_KEY must be set when DEBUG is off.")

ALLOWED_HOSTS = env_list("DJANGO_ALLOWED_HOSTS", ["localhost", "127.0.0.1", "[::1]"] if DEBUG else [])
CSRF_TRUSTED_ORIGINS = env_list("DJANGO_CSRF_TRUSTED_ORIGINS", [])

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django_htmx",
    "axes",
    "tablekeeper",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # Compresses every page (whitenoise serves static files pre-compressed itself). Django's
    # middleware pads each compressed body with random bytes against BREACH, which would
    # otherwise let a page that reflects input reveal the CSRF token it also carries.
    "django.middleware.gzip.GZipMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "tablekeeper.web.middleware.PrivateCacheMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "tablekeeper.web.middleware.HtmxClientRedirectMiddleware",
    "tablekeeper.web.middleware.AccountHeaderMiddleware",
    # Last, as django-axes asks: it turns a locked-out login into the lockout page (429).
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "tablekeeper.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.template.context_processors.csp",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

WSGI_APPLICATION = "tablekeeper.wsgi.application"

DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=int(os.environ.get("DJANGO_CONN_MAX_AGE", "60")),
        conn_health_checks=True,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Writers take the lock when their transaction starts and wait for each other instead of
    # failing with "database is locked" (two phones saving at once, the live test server).
    # WAL lets readers (the share board's polls, every page) read while one writer writes, and
    # synchronous=NORMAL syncs the log at checkpoints rather than at every commit: a power cut
    # may lose the last commits, never corrupt the file.
    DATABASES["default"]["OPTIONS"] = {
        "transaction_mode": "IMMEDIATE",
        "timeout": 20,
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL",
    }
    # An on-disk test database: the browser tests' live server thread and the test body each
    # get their own connection, which an in-memory database cannot share safely.
    DATABASES["default"]["TEST"] = {
        "NAME": str(Path(tempfile.gettempdir()) / f"tablekeeper-test-{os.getpid()}.sqlite3")
    }
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    # A database that cannot be reached answers within seconds, as a 503 (tablekeeper/web/errors.py),
    # instead of holding every worker until gunicorn kills it: a connection attempt gives up after
    # DJANGO_DATABASE_CONNECT_TIMEOUT seconds (packets dropped on the way), and an open connection
    # whose packets go unanswered that many seconds twice over is dropped (tcp_user_timeout), which a
    # connection kept between requests (conn_max_age) would otherwise wait on for many minutes.
    _CONNECT_TIMEOUT = int(os.environ.get("DJANGO_DATABASE_CONNECT_TIMEOUT", "5"))
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {"connect_timeout": _CONNECT_TIMEOUT, "tcp_user_timeout": _CONNECT_TIMEOUT * 2 * 1000}
    )
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# The cache is the database (no extra server, shared by every gunicorn worker). Nothing that
# protects an account lives in it: rate limits and known devices have tables of their own
# (tablekeeper.accounts.models), which no culling can empty.
CACHES = {
    "default": {
        "BACKEND": "django.core.cache.backends.db.DatabaseCache",
        "LOCATION": "tablekeeper_cache",
    }
}

AUTHENTICATION_BACKENDS = [
    # django-axes first: a locked-out address is refused before any password is hashed, so
    # guessing costs the server nothing once the limit is reached.
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
# Failed logins are counted in the database (every worker sees them) per account and per address;
# tablekeeper.accounts.login_throttle decides what they lock: never a phone that logged in to the account
# before (only its own failures count there), and a success forgets only that account's failures.
AXES_HANDLER = "tablekeeper.accounts.login_throttle.LoginThrottle"
AXES_FAILURE_LIMIT = int(os.environ.get("DJANGO_LOGIN_FAILURE_LIMIT", "10"))
# One address may fail more often than one account: a café's or a table's shared address carries
# several people's typos.
LOGIN_ADDRESS_FAILURE_LIMIT = int(os.environ.get("DJANGO_LOGIN_ADDRESS_FAILURE_LIMIT", "50"))
AXES_COOLOFF_TIME = timedelta(minutes=int(os.environ.get("DJANGO_LOGIN_COOLOFF_MINUTES", "15")))
AXES_LOCKOUT_PARAMETERS = ["username", "ip_address"]
AXES_RESET_ON_SUCCESS = True
# A guess during a lockout is refused without restarting it: one guess every 15 minutes must not
# keep a keeper out for ever.
AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT = False
# The password-change page reports wrong current passwords to axes too; none is ever stored.
AXES_SENSITIVE_PARAMETERS = ["old_password", "new_password1", "new_password2"]
AXES_LOCKOUT_TEMPLATE = "registration/locked_out.html"
AXES_CLIENT_IP_CALLABLE = "tablekeeper.web.http.client_ip"
# Typed user names recorded no longer than an account's (axes' column holds 255; PostgreSQL refuses more).
AXES_USERNAME_CALLABLE = "tablekeeper.accounts.login_throttle.attempted_username"
# Sign-ups and password-reset requests per client address and hour (tablekeeper.accounts.throttle).
SIGNUPS_PER_HOUR = int(os.environ.get("DJANGO_SIGNUPS_PER_HOUR", "5"))
PASSWORD_RESETS_PER_HOUR = int(os.environ.get("DJANGO_PASSWORD_RESETS_PER_HOUR", "5"))
# Reset mails one mailbox receives per hour, from any number of addresses (the answer is the same).
PASSWORD_RESET_MAILS_PER_RECIPIENT = int(os.environ.get("DJANGO_PASSWORD_RESET_MAILS_PER_RECIPIENT", "3"))
# "Choose another name" answers per address and hour: enough for a newcomer's few tries, too few
# to test a list of names for accounts.
SIGNUP_NAMES_REFUSED_PER_HOUR = int(os.environ.get("DJANGO_SIGNUP_NAMES_REFUSED_PER_HOUR", "10"))
# Invitations to keep score sent by user name, per owner and hour.
KEEPER_REQUESTS_PER_HOUR = int(os.environ.get("DJANGO_KEEPER_REQUESTS_PER_HOUR", "20"))
# Claims of seats (我是 老王, players/services/claims.py) per account, per phone, per client address and per
# session, each an hour: a table's four players never come near them; a flood is answered 429.
CLAIMS_PER_HOUR = int(os.environ.get("DJANGO_CLAIMS_PER_HOUR", "10"))
CLAIMS_PER_ADDRESS_PER_HOUR = int(os.environ.get("DJANGO_CLAIMS_PER_ADDRESS_PER_HOUR", "60"))
CLAIMS_PER_SESSION_PER_HOUR = int(os.environ.get("DJANGO_CLAIMS_PER_SESSION_PER_HOUR", "20"))
# The reset answer never waits for the account lookup or the mail (same answer, same time for a
# known and an unknown email); both run on a thread after it.
PASSWORD_RESET_MAIL_IN_BACKGROUND = env_bool("DJANGO_PASSWORD_RESET_MAIL_IN_BACKGROUND", default=True)

# A TLS-terminating proxy in front says the scheme in X-Forwarded-Proto and the client's address
# in X-Forwarded-For; without one, both headers are whatever a client made up, so they are
# trusted only when DJANGO_BEHIND_PROXY says a proxy sets them.
BEHIND_PROXY = env_bool("DJANGO_BEHIND_PROXY", default=False)
# The addresses (or networks) the proxy connects from: only their X-Forwarded-For is believed.
# gunicorn.conf.py reads the same variable for X-Forwarded-Proto.
PROXY_ADDRESSES = env_list("DJANGO_PROXY_ADDRESSES", ["127.0.0.1", "::1"])
if BEHIND_PROXY:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")

# Password-reset mail: printed to the console unless an SMTP server is configured.
DEFAULT_FROM_EMAIL = os.environ.get("DJANGO_DEFAULT_FROM_EMAIL", "TableKeeper <noreply@localhost>")
# Django 6.1's MAILERS replaces the EMAIL_* settings (deprecated, gone in 7.0).
_EMAIL_HOST = os.environ.get("DJANGO_EMAIL_HOST", "")
if _EMAIL_HOST:
    MAILERS = {
        "default": {
            "BACKEND": "django.core.mail.backends.smtp.EmailBackend",
            "OPTIONS": {
                "host": _EMAIL_HOST,
                "port": int(os.environ.get("DJANGO_EMAIL_PORT", "587")),
                "username": os.environ.get("DJANGO_EMAIL_HOST_USER", ""),
                "password": os.environ.get("DJANGO_EMAIL_HOST_PASSWORD", ""),
                "use_tls": env_bool("DJANGO_EMAIL_USE_TLS", default=True),
                "timeout": 10,
            },
        }
    }
else:
    MAILERS = {"default": {"BACKEND": "django.core.mail.backends.console.EmailBackend"}}

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
# Cut an upload off at the largest import, then keep what is left in memory (it is small).
FILE_UPLOAD_HANDLERS = [
    "tablekeeper.accounts.uploads.UploadSizeLimit",
    "django.core.files.uploadhandler.MemoryFileUploadHandler",
]
FILE_UPLOAD_MAX_MEMORY_SIZE = 2_100_000

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "session_list"
LOGOUT_REDIRECT_URL = "login"

LANGUAGE_CODE = "en"
LANGUAGES = [("en", _("English")), ("zh-hans", _("Simplified Chinese"))]
LOCALE_PATHS = [BASE_DIR / "tablekeeper" / "locale"]
# The tables are in China: times on pages (a correction at 21:03, the card's date, the hourly fee's
# start and finish, "this month" of the standings) are Beijing time unless the deployment says otherwise.
TIME_ZONE = os.environ.get("DJANGO_TIME_ZONE", "Asia/Shanghai")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = Path(os.environ.get("DJANGO_STATIC_ROOT", BASE_DIR / "staticfiles"))
STATICFILES_DIRS = [BASE_DIR / "static"]
# Minified, hashed, pre-compressed files need `collectstatic` (tablekeeper/web/static_storage.py); a
# local checkout and the test suite serve the source files as they are, comments and all.
_MANIFEST_STATIC = env_bool("DJANGO_STATIC_MANIFEST", default=not DEBUG)
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "tablekeeper.web.static_storage.MinifiedManifestStaticFilesStorage"
            if _MANIFEST_STATIC
            else "django.contrib.staticfiles.storage.StaticFilesStorage"
        )
    },
}
WHITENOISE_USE_FINDERS = not _MANIFEST_STATIC

# The content security policy holds in development too, so that a violation shows up
# before it reaches production. Scripts only from our own origin or with this request's nonce.
SECURE_CSP = {
    "default-src": [CSP.SELF],
    "script-src": [CSP.SELF, CSP.NONCE],
    "style-src": [CSP.SELF],
    "img-src": [CSP.SELF, "data:"],
    "connect-src": [CSP.SELF],
    "object-src": [CSP.NONE],
    "base-uri": [CSP.SELF],
    "form-action": [CSP.SELF],
    "frame-ancestors": [CSP.NONE],
}

SESSION_COOKIE_HTTPONLY = True
X_FRAME_OPTIONS = "DENY"
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"

if not DEBUG:
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_SSL_REDIRECT = env_bool("DJANGO_SECURE_SSL_REDIRECT", default=True)
    SECURE_HSTS_SECONDS = int(os.environ.get("DJANGO_HSTS_SECONDS", str(60 * 60 * 24 * 365)))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("DJANGO_LOG_LEVEL", "WARNING")},
}

# Quotas per account (tablekeeper/keeping/services/quotas.py): how many sessions one account may hold, and
# how many exports it may import in an hour (an import writes up to MAX_IMPORT_HANDS hands at once).
SESSIONS_PER_ACCOUNT = int(os.environ.get("TABLEKEEPER_SESSIONS_PER_ACCOUNT", "1000"))
IMPORTS_PER_HOUR = int(os.environ.get("TABLEKEEPER_IMPORTS_PER_HOUR", "10"))
