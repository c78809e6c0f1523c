// Where the outbox lives: IndexedDB, which survives a reload, closing the browser and the
// phone going to sleep. One record per hand, keyed by an increasing id (the order they were
// saved in). A thin promise wrapper; the rules are in outbox-rules.js, the screens in outbox.js.
(function () {
  "use strict";

  var NAME = "tablekeeper-outbox", STORE = "hands", VERSION = 1;
  var opened = null;

  function open() {
    if (!opened) {
      opened = new Promise(function (resolve, reject) {
        var request = indexedDB.open(NAME, VERSION);
        request.onupgradeneeded = function () {
          request.result.createObjectStore(STORE, { keyPath: "id", autoIncrement: true });
        };
        request.onsuccess = function () { resolve(request.result); };
        request.onerror = function () { opened = null; reject(request.error); };
      });
    }
    return opened;
  }

  // Runs `work(store)` in one transaction and resolves with its request's result once the
  // transaction has committed, so a hand counts as kept only when it is on disk.
  function run(mode, work) {
    return open().then(function (db) {
      return new Promise(function (resolve, reject) {
        var transaction = db.transaction(STORE, mode);
        var request = work(transaction.objectStore(STORE));
        transaction.oncomplete = function () { resolve(request ? request.result : undefined); };
        transaction.onerror = function () { reject(transaction.error); };
        transaction.onabort = function () { reject(transaction.error); };
      });
    });
  }

  window.TKOutboxStore = {
    all: function () { return run("readonly", function (store) { return store.getAll(); }); },
    get: function (id) { return run("readonly", function (store) { return store.get(id); }); },
    add: function (entry) { return run("readwrite", function (store) { return store.add(entry); }); },
    put: function (entry) { return run("readwrite", function (store) { return store.put(entry); }); },
    putMany: function (entries) {
      return run("readwrite", function (store) { entries.forEach(function (entry) { store.put(entry); }); });
    },
    remove: function (id) { return run("readwrite", function (store) { return store.delete(id); }); },
  };
})();
