// TableKeeper's service worker: keeps the app shell (styles, scripts, icons) and the pages the
// keeper opened (session list, boards, the hand form), so that they open without a connection.
// It never touches a POST: hands saved offline wait in the page's outbox (static/js/outbox.js).
// Rendered by tablekeeper/web/offline.py; CONFIG.version changes whenever the shell does, so a
// deploy installs a new worker, which drops the old caches.
"use strict";

const CONFIG = {{ config|safe }};
const SHELL = "tk-shell-" + CONFIG.version;
const PAGES = "tk-pages-" + CONFIG.version + "-";
const KEEP_AT_MOST = 40;
const keptPaths = CONFIG.pages.map(function (pattern) { return new RegExp(pattern); });
const keptWith = CONFIG.keptWith.map(function (pair) { return { path: new RegExp(pair[0]), also: pair[1] }; });

self.addEventListener("install", function (event) {
  event.waitUntil(
    caches.open(SHELL)
      .then(function (cache) { return cache.addAll(CONFIG.shell.concat([CONFIG.offline], CONFIG.fragments)); })
      .then(function () { return self.skipWaiting(); })
  );
});

// A new version drops the old caches: their pages name the old static files. The pages the old
// worker kept are fetched again for the new one, so a deploy does not leave a keeper, who goes
// offline soon after, without the boards they had.
self.addEventListener("activate", function (event) {
  event.waitUntil(
    caches.keys()
      .then(function (names) {
        const old = names.filter(function (name) {
          return name.startsWith("tk-") && name !== SHELL && name !== META && !name.startsWith(PAGES);
        });
        return keptBefore(old).then(function (paths) {
          return Promise.all(old.map(function (name) { return caches.delete(name); })).then(function () {
            return paths;
          });
        });
      })
      .then(function (paths) {
        return self.clients.claim().then(function () { return Promise.all(paths.map(keep)); });
      })
  );
});

function keptBefore(names) {
  const pages = names.filter(function (name) { return name.startsWith("tk-pages-"); });
  return Promise.all(pages.map(function (name) {
    return caches.open(name).then(function (cache) { return cache.keys(); }).then(function (requests) {
      return requests.map(function (request) { return new URL(request.url).pathname; });
    });
  })).then(function (lists) { return [].concat.apply([], lists).slice(-KEEP_AT_MOST); });
}

self.addEventListener("fetch", function (event) {
  const request = event.request;
  const url = new URL(request.url);
  if (request.mode === "navigate" && request.method === "POST" && url.origin === self.location.origin &&
      CONFIG.accountPaths.indexOf(url.pathname) !== -1) {
    // Logging in, out or signing up: whoever comes next must not see any kept page, and the page
    // the POST redirects to is not answered before they are gone. The POST itself goes on as usual.
    switching = switching.then(function () { return tellAccount(null); }).then(function () {
      return forgetPages(null);
    });
    event.waitUntil(switching);
  }
  if (request.method !== "GET") return;
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate") {
    event.respondWith(page(request, url));
  } else if (url.pathname.startsWith(CONFIG.static)) {
    event.respondWith(staticFile(request));
  } else if (CONFIG.fragments.indexOf(url.pathname) !== -1) {
    event.respondWith(fragment(request, url));
  }
  // Anything else (htmx fragments, exports, the preview) goes to the network untouched.
});

// The offline page is kept in the language of the pages around it; fetched again when that changes.
let shellLanguage = null;

// Which session is signed in (its offline key), so that only its pages are ever answered from the
// cache. Read from the tk_account cookie (the server keeps it equal to the session's key) where the
// worker can read cookies; elsewhere, what the pages last said (kept in a small cache, as the
// worker may be stopped between pages), forgotten at every log-in or log-out. null: not known, so
// no kept page. Either may be out of date (a session ended elsewhere): askKey asks the server.
const META = "tk-meta";
const ACCOUNT_KEY = "/__tk-account__";
let switching = Promise.resolve();

function tellAccount(account) {
  return caches.open(META).then(function (cache) {
    if (account === null) return cache.delete(ACCOUNT_KEY);
    return cache.put(ACCOUNT_KEY, new Response(account));
  });
}

function toldAccount() {
  return caches.open(META)
    .then(function (cache) { return cache.match(ACCOUNT_KEY); })
    .then(function (said) { return said ? said.text() : null; });
}

function currentAccount() {
  return switching.then(function () {
    if (self.cookieStore) {
      return self.cookieStore.get(CONFIG.accountCookie).then(function (cookie) {
        return cookie && cookie.value ? cookie.value : "anonymous";
      }, toldAccount);
    }
    return toldAccount();
  });
}

self.addEventListener("message", function (event) {
  const data = event.data || {};
  if (data.type === "keep" && Array.isArray(data.urls)) {
    const urls = withWhatGoesWith(data.urls.slice(0, 12));
    if (data.language && data.language !== shellLanguage) {
      shellLanguage = data.language;
      urls.push(CONFIG.offline);
    }
    event.waitUntil(Promise.all(urls.map(keep)));
  } else if (data.type === "forget") {
    event.waitUntil(tellAccount(null).then(function () { return forgetPages(null); }));
  } else if (data.type === "account" && typeof data.account === "string" && data.account.length <= 64) {
    // A page names the account it was served to: only that account's pages stay.
    const account = data.account || "anonymous";
    event.waitUntil(tellAccount(account).then(function () { return forgetPages(account); }));
  }
});

// Each path followed by the pages kept with it (a board's result card), each path once.
function withWhatGoesWith(paths) {
  const all = [];
  paths.forEach(function (path) {
    if (typeof path !== "string") return;
    const pathname = new URL(path, self.location.origin).pathname;
    [path].concat(keptWith.filter(function (rule) { return rule.path.test(pathname); }).map(function (rule) {
      return pathname + rule.also;
    })).forEach(function (url) { if (all.indexOf(url) === -1) all.push(url); });
  });
  return all;
}

function staticFile(request) {
  return caches.match(request, { cacheName: SHELL }).then(function (hit) {
    return hit || fetch(request).then(function (response) {
      if (response.ok) {
        const copy = response.clone();
        caches.open(SHELL).then(function (cache) { return cache.put(request, copy); });
      }
      return response;
    });
  });
}

// A fragment kept with the shell (the phrase box's scripts): the same for every page and account, so the copy
// kept at install answers whatever headers (HX-Request) the page sends; the network only when none is kept.
function fragment(request, url) {
  return caches.match(url.pathname, { cacheName: SHELL, ignoreVary: true, ignoreSearch: true }).then(function (hit) {
    return hit || fetch(request);
  });
}

// Network first, so that an online keeper always sees the server's board; the kept copy when
// the network fails, or when it is too slow and the server has confirmed the key the copy was
// kept under (one bar of signal).
function page(request, url) {
  // Known before anything is answered: the session signed in now. Other keys' pages go.
  const account = currentAccount().then(function (name) {
    return name ? forgetPages(name).then(function () { return name; }) : null;
  }, function () { return null; });
  const network = fetch(request);
  network.then(function (response) { return remember(url, response.clone()); }).catch(function () {});
  let asked = null;
  function confirmedCopy() {
    if (!asked) asked = keptPage(url, account).then(function (copy) {
      return copy ? askKey(account).then(function (verdict) { return verdict === "stale" ? undefined : copy; }) : copy;
    }).then(function (copy) { return copy && markedCopy(copy); });
    return asked;
  }
  const slow = new Promise(function (resolve) { setTimeout(resolve, CONFIG.patience); });
  const checkSoon = setTimeout(confirmedCopy, CONFIG.keyCheckAfter);
  const noNeedToAsk = function () { clearTimeout(checkSoon); };
  network.then(noNeedToAsk, noNeedToAsk);
  return Promise.race([network, slow.then(function () { return null; })])
    .then(function (response) {
      if (response) return response;
      // Whichever comes first: the page, or a kept copy whose key the server confirmed.
      return Promise.race([network, confirmedCopy().then(function (copy) { return copy || network; })]);
    })
    .catch(function () {
      return confirmedCopy().then(function (copy) {
        return copy || caches.match(CONFIG.offline, { cacheName: SHELL });
      }).then(function (fallback) { return fallback || Response.error(); });
    });
}

// A kept copy says so to the page it becomes: <html data-kept-copy>. The page cannot tell otherwise (a phone on
// one bar of signal, or behind a captive portal, says navigator.onLine is true while every request fails), and
// the board must never read "Updated" above a copy (static/js/live.js). What was kept stays as the server sent it.
function markedCopy(response) {
  return response.text().then(function (html) {
    const headers = new Headers(response.headers);
    // The body is the decoded text, of another length: no stale length or encoding may describe it.
    headers.delete("Content-Length");
    headers.delete("Content-Encoding");
    return new Response(html.replace(/<html\b/i, "<html data-kept-copy"), {
      status: response.status, statusText: response.statusText, headers: headers,
    });
  });
}

// Asks the server which key this phone's session has now, before a kept page is shown on a slow
// network: the cookie alone is not trusted, as a session ended elsewhere (the password changed
// from another phone, say) leaves it on this phone until the server is heard from. "same": the
// server confirmed the key the pages were kept under. "stale": the session has another key or
// none: every page kept under any other key is dropped at once, and none is shown. "unheard": no
// answer from the server (no network, or none within CONFIG.keyCheckTimeout): kept pages are shown,
// as offline.
function askKey(account) {
  const control = new AbortController();
  const giveUp = setTimeout(function () { control.abort(); }, CONFIG.keyCheckTimeout);
  const answer = fetch(CONFIG.keyCheck, { credentials: "same-origin", cache: "no-store", signal: control.signal });
  return Promise.all([account, answer])
    .then(function (both) {
      const said = both[1].headers.get(CONFIG.accountHeader);
      if (said === null) return "unheard";  // not the app's answer (a captive portal, a proxy's error)
      const now = said || "anonymous";
      if (now === both[0]) return "same";
      return tellAccount(now).then(function () { return forgetPages(now); }).then(function () { return "stale"; });
    }, function () { return "unheard"; })
    .finally(function () { clearTimeout(giveUp); });
}

function keep(path) {
  const url = new URL(path, self.location.origin);
  if (url.origin !== self.location.origin) return Promise.resolve();
  return fetch(url.href, { credentials: "same-origin" })
    .then(function (response) {
      if (url.pathname === CONFIG.offline) {
        return response.ok ? caches.open(SHELL).then(function (cache) { return cache.put(url.href, response); }) : null;
      }
      return remember(url, response);
    })
    .catch(function () {});
}

// Pages are kept per session: the server names the session's offline key in a header on every HTML
// page (empty when signed out), and a page under any other key drops everything kept before, so a
// shared phone never shows one keeper's sessions to the next, nor a session's pages once it ended;
// a page for a session that is no longer the signed-in one is not kept at all. Signed out, only a
// share board is kept.
function remember(url, response) {
  const header = response.headers.get(CONFIG.accountHeader);
  if (header === null) return Promise.resolve();
  const account = header || "anonymous";
  return currentAccount().then(function (now) {
    // A late answer to whoever was signed in before (a slow page, a prefetch): not kept.
    if (now && now !== account) return null;
    return forgetPages(account);
  }).then(function (mayKeep) {
    if (mayKeep === null) return null;
    if (response.status === 404 || response.status === 410) {
      return replacing(function () { return forgetGone(url, account); });
    }
    if (!response.ok || response.redirected || !isKept(url)) return null;
    // The whole page first: the copy it replaces (deleted first, so that the newest is last of the keys) goes only
    // once the new one can take its place at once, and no lookup comes between the two (keptPage), so none finds
    // neither (the board and its own redraw both asking to keep the hand form, and the network cut meanwhile).
    return response.blob().then(function (body) {
      const copy = new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
      return replacing(function () {
        return caches.open(PAGES + account).then(function (cache) {
          const key = url.origin + url.pathname + url.search;
          return cache.delete(key).then(function () { return cache.put(key, copy); }).then(function () {
            return cache.keys().then(function (keys) {
              return Promise.all(keys.slice(0, Math.max(0, keys.length - KEEP_AT_MOST)).map(function (old) {
                return cache.delete(old);
              }));
            });
          });
        });
      });
    });
  });
}

// Kept copies are replaced one at a time, and looked up only between two replacements (keptPage).
let replacements = Promise.resolve();

function replacing(work) {
  const done = replacements.then(work);
  replacements = done.catch(function () {});
  return done;
}

// The server says a page is gone (404 or 410: a share link turned off, a session deleted): its kept
// copy goes too, with the pages kept beneath it (a shared board's history, rules and card), whatever
// their query, so that no copy of it opens offline once the server has said it is no more.
function forgetGone(url, account) {
  const beneath = url.pathname.endsWith("/") ? url.pathname : url.pathname + "/";
  const deepEnough = url.pathname.split("/").filter(Boolean).length >= 2;  // never all of /sessions/
  return caches.has(PAGES + account).then(function (has) {
    if (!has) return null;
    return caches.open(PAGES + account).then(function (cache) {
      return cache.keys().then(function (requests) {
        return Promise.all(requests.filter(function (request) {
          const path = new URL(request.url).pathname;
          return path === url.pathname || (deepEnough && path.startsWith(beneath));
        }).map(function (request) { return cache.delete(request); }));
      });
    });
  });
}

function isKept(url) {
  return keptPaths.some(function (pattern) { return pattern.test(url.pathname); });
}

function forgetPages(account) {
  return caches.keys().then(function (names) {
    return Promise.all(names.filter(function (name) {
      return name.startsWith("tk-pages-") && (account === null || name !== PAGES + account);
    }).map(function (name) { return caches.delete(name); }));
  });
}

// The kept copy of `url` for the signed-in session alone (`account`, a promise of its key, null
// when not known): never another key's, whatever else is in the caches.
function keptPage(url, account) {
  return account.then(function (name) {
    if (!name) return undefined;
    // In line with the replacements (remember): it finds the copy before one, or the copy after it.
    return replacing(function () {
      return caches.has(PAGES + name).then(function (has) {
        if (!has) return undefined;
        return caches.open(PAGES + name).then(function (cache) {
          return cache.match(url.origin + url.pathname + url.search).then(function (exact) {
            // The hand form opened on a queued hand (?outbox=3) is the plain hand form.
            return exact || cache.match(url.origin + url.pathname, { ignoreSearch: true });
          });
        });
      });
    });
  });
}
