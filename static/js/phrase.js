// The phrase box on the hand form (#phrase, templates/hands/form.html): a sentence, typed or dictated with the
// keyboard's microphone, fills in the form as taps would. Loaded after phrase-words.js and the parser's
// scripts (phrase-retract.js, phrase-amend.js, phrase-lexicon.js, phrase-hear.js, phrase-kongs.js, phrase-seat.js, phrase-facts.js,
// phrase-read.js, phrase-fields.js, phrase-wins.js, phrase-parse.js) when the box is first focused (web/offline.py phrase_scripts). It reads the
// table's words from the form itself (the seats' names, the pattern chips, the kinds of kong …): the page carries
// nothing more for it, offline too.
//
// It sets the same inputs taps set and fires the same change events, so app.js keeps the chips honest and htmx
// asks for the preview as usual. What it set is remembered, so that a corrected sentence undoes it first. What
// the sentence leaves out is asked, the part of the form it is about is marked, the figures are hidden and Save
// stays off until a tap answers it (or the sentence is changed).
(function () {
  "use strict";

  var parser = window.TKPhraseParse, words = window.TKPhraseWords;
  // A new form (after a Save that came back) loads the scripts again: this part runs once.
  if (!parser || !words || window.TKPhrase) return;
  var applied = [], asks = [], timer = null, styled = false;
  var DICTATION_PAUSE_MS = 250;

  function texts() {
    var lang = (document.documentElement.lang || "zh").slice(0, 2);
    return words.texts[lang] || words.texts.en;
  }

  function text(element) { return element ? element.textContent.replace(/\s+/g, " ").trim() : ""; }

  function labelOf(input) {
    var span = input.closest("label") && input.closest("label").querySelector("span");
    return text(span && (span.querySelector('[lang="zh"]') || span.querySelector(".seat-name") || span));
  }

  // The table's words, as the form shows them.
  function vocabulary(form) {
    function all(selector) { return Array.prototype.slice.call(form.querySelectorAll(selector)); }
    function one(selector) { return form.querySelector(selector); }
    var seats = [0, 1, 2, 3].map(function (seat) {
      var input = one('input[name="winner"][value="' + seat + '"]');
      return input ? text(input.closest("label").querySelector(".seat-name")) : "";
    });
    var dealer = null;
    if (!form.classList.contains("board-unknown")) {
      all('input[name="winner"]').forEach(function (input) {
        if (input.closest("label").querySelector("i")) dealer = Number(input.value);
      });
    }
    var methods = [];
    all('input[name="how"]').forEach(function (input) {
      var method = input.value.split("-")[0];
      if (methods.indexOf(method) === -1) methods.push(method);
    });
    var side = one('input[name="side_bet_0"]');
    var legend = one(".side-bets legend");
    var closed = one('input[name="closed_0"]');
    return {
      variant: text(one(".form-head .variant")),
      seats: seats,
      dealer: dealer,
      methods: methods,
      maxWinners: one('[name="extra_winner_2"]') ? 3 : one('[name="extra_winner_1"]') ? 2 : 1,
      patterns: all('input[name="patterns"]').map(function (input) {
        return {
          id: input.value,
          name: labelOf(input),
          methods: input.dataset.methods ? input.dataset.methods.split(" ") : null,
          repeatable: Boolean(input.closest("label").querySelector('input[name="count_' + input.value + '"]')),
          also: input.dataset.also ? input.dataset.also.split(" ") : [],
          ready: input.dataset.ready || null,
          anyWait: input.hasAttribute("data-any-wait"),
        };
      }),
      exclusive: exclusive(one("fieldset.patterns[data-excl]"), all('input[name="patterns"]')),
      kongsPay: Boolean(one("fieldset.kongs[data-paid]")),
      off: form.dataset.off ? form.dataset.off.split(" ") : [],
      wild: wildField(one('input[name="turned_up"]') || one('input[name="treasure"]')),
      kongKinds: all('input[name="kong_kind_0"]').filter(function (input) { return input.value; }).map(function (input) {
        return { id: input.value, name: labelOf(input) };
      }),
      ready: all('input[name="ready_0"]').filter(function (input) { return input.value !== "none"; }).map(function (input) {
        return { id: input.value, name: labelOf(input) };
      }),
      closed: closed ? labelOf(closed) : null,
      flowers: Boolean(one('input[name="flowers"]')),
      sideBet: side ? text(legend && (legend.querySelector('[lang="zh"]') || legend)) : null,
      maxSideBet: side ? Number(side.max || 0) : 0,
      voidCharges: Boolean(one('[name="false_win_seat"]')),
      penalties: all('input[name="penalty_kind_0"]').map(function (input) { return input.value; }).filter(Boolean),
      penaltyRows: all('input[name^="penalty_kind_"]').map(function (input) {
        return input.name;
      }).filter(function (name, index, names) { return names.indexOf(name) === index; }).length,
      dice: Boolean(one('[name="dice_double"]')),
      liable: Boolean(one('[name="liable"]')),
      tiles: Boolean(one('[name="tiles"]')),
    };
  }

  // The pattern chips this table refuses together (data-excl: each pair by the chips' places, base 36).
  function exclusive(fieldset, chips) {
    if (!fieldset) return [];
    return fieldset.dataset.excl.split(" ").map(function (pair) {
      return [chips[parseInt(pair[0], 36)].value, chips[parseInt(pair[1], 36)].value];
    });
  }

  // The field this hand's wild is said into (the tile turned up, where the wild follows it; else the wild itself),
  // and the order the wild follows at this table (data-turn, phrase-fields.js reads it).
  function wildField(input) {
    if (!input) return null;
    var line = input.closest("[data-turn]");
    return { field: input.name, turn: line ? line.dataset.turn : "" };
  }

  function remember(input) {
    applied.push({ input: input, checked: input.checked, value: input.value });
  }

  function set(form, name, value) {
    var inputs = Array.prototype.slice.call(form.querySelectorAll('[name="' + name + '"]'));
    var changed = [];
    inputs.forEach(function (input) {
      if (input.type === "radio" || input.type === "checkbox") {
        var wanted = Array.isArray(value) ? value.indexOf(input.value) !== -1 : input.value === value || inputs.length === 1;
        if (!wanted || input.checked) return;
        // The radio tapped before loses its check: remembered too, so that undoing gives it back.
        inputs.forEach(function (other) { if (other.type === "radio" && other.checked) remember(other); });
        remember(input);
        input.checked = true;
        changed.push(input);
      } else if (input.value !== value) {
        remember(input);
        input.value = value;
        changed.push(input);
      }
    });
    return changed;
  }

  function undo() {
    var changed = [];
    while (applied.length) {
      var was = applied.pop();
      was.input.checked = was.checked;
      was.input.value = was.value;
      changed.push(was.input);
    }
    return changed;
  }

  // The parts of the form that are folded away open where the sentence filled something in.
  function unfold(form, fields, asked) {
    var names = Object.keys(fields).concat(asked.map(function (ask) { return ask.field; }));
    function opens(prefixes) { return names.some(function (name) { return prefixes.some(function (p) { return name.indexOf(p) === 0; }); }); }
    var more = form.querySelector("details.more");
    if (more && opens(["kong_", "ready_", "closed_", "flowers", "false_win"])) more.open = true;
    var winners = form.querySelector("details.more-winners");
    if (winners && opens(["extra_winner_"])) winners.open = true;
    var rob = form.querySelector("details.rob");
    if (rob && String(fields.how || "").indexOf("rob_kong-") === 0) rob.open = true;
  }

  // A few rules for the box's questions, put into the form's stylesheet (the CSP refuses a <style> element).
  function style() {
    if (styled) return;
    styled = true;
    var sheet = Array.prototype.slice.call(document.styleSheets).filter(function (s) {
      return s.href && s.href.indexOf("form") !== -1;
    })[0];
    if (!sheet) return;
    [
      ".phrase-asks { margin: 0.3rem 0; padding: 0.4rem 0.6rem; border-left: 3px solid #d97706; font-size: 0.95rem; }",
      ".phrase-asks p { margin: 0.2rem 0; }",
      ".phrase-asks button { margin-left: 0.4rem; }",
      ".phrase-missing { outline: 2px dashed #d97706; outline-offset: 2px; }",
      ".phrase-asking #preview .seat-changes, .phrase-asking #preview .why { visibility: hidden; }",
    ].forEach(function (rule) { try { sheet.insertRule(rule, sheet.cssRules.length); } catch (error) { /* kept plain */ } });
  }

  function place(form) {
    var box = document.getElementById("phrase"), list = form.querySelector(".phrase-asks");
    if (!list && box) {
      list = document.createElement("div");
      list.className = "phrase-asks";
      list.setAttribute("role", "status");
      list.hidden = true;
      (box.parentNode || form).insertAdjacentElement("afterend", list);
    }
    return list;
  }

  function fieldset(form, field) {
    if (!field) return null;
    var input = form.querySelector('[name^="' + field + '"]');
    return input ? input.closest("fieldset") || input.closest("label") : null;
  }

  function blocking() { return asks.filter(function (ask) { return !ask.soft; }); }

  function button(label, onTap) {
    var node = document.createElement("button");
    node.type = "button";
    node.textContent = label;
    node.addEventListener("click", onTap);
    return node;
  }

  function show(form, vocab, notUnderstood, notes) {
    style();
    var list = place(form), say = texts(), holding = blocking().length > 0;
    form.querySelectorAll(".phrase-missing").forEach(function (element) { element.classList.remove("phrase-missing"); });
    // Only a question the hand cannot be saved without holds Save back: one about an item or a fact the table
    // does not have (这桌不算杠上开花) is answered in one tap, or not at all, and the record stands as it is.
    var save = form.querySelector('button[name="action"][value="save"]');
    if (save) save.disabled = holding;
    form.classList.toggle("phrase-asking", holding);
    if (!list) return;
    list.replaceChildren();
    asks.forEach(function (ask) {
      var line = document.createElement("p");
      line.textContent = parser.say(ask, vocab, say, say.or);
      if (ask.code === "unplayed") {
        // The plausible answers: nothing else (a plain hand), or the item this table plays that was meant.
        line.appendChild(button(say.none, function () { answer(form, ask); }));
        (ask.params.alts || []).forEach(function (id) {
          var chip = form.querySelector('input[name="patterns"][value="' + id + '"]');
          if (!chip || chip.disabled) return;
          line.appendChild(button(say.itWas.split("{name}").join(labelOf(chip)), function () {
            if (!chip.checked) { chip.checked = true; fire([chip]); }
            answer(form, ask);
          }));
        });
      } else if (ask.soft || !ask.field || !fieldset(form, ask.field)) {
        line.appendChild(button(say.ignore, function () { answer(form, ask); }));
      } else {
        fieldset(form, ask.field).classList.add("phrase-missing");
      }
      list.appendChild(line);
    });
    if (holding) {
      var hint = document.createElement("p");
      hint.className = "hint";
      hint.textContent = say.asking;
      list.appendChild(hint);
    } else if (notUnderstood) {
      var note = document.createElement("p");
      note.className = "hint";
      note.textContent = say.notUnderstood;
      list.appendChild(note);
    } else {
      // What was heard but fills nothing in (a winning tile alone): said, and Save stays on.
      (notes || []).forEach(function (said) {
        var line = document.createElement("p");
        line.className = "hint";
        line.textContent = parser.say(said, vocab, say, say.or);
        list.appendChild(line);
      });
    }
    list.hidden = !list.childNodes.length;
  }

  function answer(form, ask) {
    asks = asks.filter(function (open) { return open !== ask; });
    show(form, vocabulary(form), false);
  }

  function fire(inputs) {
    inputs.forEach(function (input) { input.dispatchEvent(new Event("change", { bubbles: true })); });
  }

  function run() {
    var box = document.getElementById("phrase"), form = document.getElementById("hand-form");
    if (!box || !form) return;
    var vocab = vocabulary(form);
    var result = parser.parse(box.value, vocab, words.sounds);
    var changed = undo();
    var order = ["winner", "how"];
    Object.keys(result.fields).sort(function (a, b) {
      return (order.indexOf(a) + 1 || 9) - (order.indexOf(b) + 1 || 9);
    }).forEach(function (name) {
      changed = changed.concat(set(form, name, result.fields[name]));
    });
    unfold(form, result.fields, result.asks);
    asks = result.asks;
    show(form, vocab, box.value.trim() !== "" && !result.heard, result.notes);
    fire(changed.filter(function (input, index) { return changed.indexOf(input) === index; }));
  }

  function later() {
    window.clearTimeout(timer);
    timer = window.setTimeout(run, DICTATION_PAUSE_MS);
  }

  document.addEventListener("input", function (event) { if (event.target.id === "phrase") later(); });
  // A tap on the part a question is about answers it: only a person's tap (the box's own changes are not), on a
  // chip, a number, or the − and + beside it (whose change form.js fires itself).
  function answered(event) {
    var form = document.getElementById("hand-form"), target = event.target;
    if (!event.isTrusted || !form || !asks.length || !target.closest || !form.contains(target)) return;
    var stepper = target.closest(".stepper");
    var input = target.name ? target : stepper ? stepper.querySelector("input") : null;
    if (!input || !input.name) return;
    var open = asks.filter(function (ask) { return !(ask.field && !ask.soft && input.name.indexOf(ask.field) === 0); });
    // A pattern chip tapped answers "anything else?" too.
    if (input.name === "patterns") open = open.filter(function (ask) { return ask.code !== "unplayed"; });
    if (open.length !== asks.length) { asks = open; show(form, vocabulary(form), false); }
  }
  document.addEventListener("change", answered);
  document.addEventListener("click", answered);
  // How this keeper enters hands, remembered on this phone when a new hand is saved: said (the next form opens
  // with the box focused, form.js) or tapped (it does not). An edit changes nothing.
  var SAID = "tk.phrase";
  function saidThisHand() {
    var box = document.getElementById("phrase");
    return Boolean(box && box.value.trim());
  }
  document.addEventListener("click", function (event) {
    var save = event.target.closest && event.target.closest('#hand-form button[name="action"][value="save"]');
    if (!save || document.querySelector('#hand-form [name="editing"]')) return;
    try {
      if (saidThisHand()) window.localStorage.setItem(SAID, "1");
      else window.localStorage.removeItem(SAID);
    } catch (error) { /* storage refused: the box waits for a tap */ }
  }, true);
  // The outbox clears the form for the next hand: nothing of the last sentence stays, and a keeper who says
  // hands finds the box ready again.
  document.addEventListener("reset", function (event) {
    if (event.target.id !== "hand-form") return;
    applied = []; asks = [];
    var box = document.getElementById("phrase");
    var said = false;
    try { said = Boolean(window.localStorage.getItem(SAID)); } catch (error) { said = false; }
    if (box && said) window.setTimeout(function () { box.focus(); }, 0);
  }, true);
  // A new form (a Save answered with the form again): what was set and asked belonged to the old one.
  document.addEventListener("htmx:load", function (event) {
    var element = event.target;
    if (element.id === "hand-form" || (element.querySelector && element.querySelector("#hand-form"))) { applied = []; asks = []; }
  });

  window.TKPhrase = { vocabulary: function () { return vocabulary(document.getElementById("hand-form")); }, run: run };
  if (document.getElementById("phrase") && document.getElementById("phrase").value) run();
})();
