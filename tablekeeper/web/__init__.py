"""Web plumbing: typed request and response helpers, middleware, URL converters, static files as production
serves them, and the service worker with the offline page."""
