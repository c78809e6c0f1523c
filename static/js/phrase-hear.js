// How the phrase box hears a sentence (static/js/phrase-parse.js reads what it hears): the words a table uses
// for a hand, and the sentence split into them, each found as written or by its sound (dictation writes 老汪
// for 老王, 字模 for 自摸). Pure, like the parser: the page and `node --test` load it the same way.
(function (root, factory) {
  "use strict";
  if (typeof module === "object" && module.exports) {
    module.exports = factory(require("./phrase-amend.js"), require("./phrase-lexicon.js"));
  } else root.TKPhraseHear = factory(root.TKPhraseAmend, root.TKPhraseLexicon);
})(typeof self !== "undefined" ? self : this, function (corrections, words) {
  "use strict";

  var PATTERN_WORDS = words.PATTERN_WORDS, WAIT_WORDS = words.WAIT_WORDS, TRADITIONAL = words.TRADITIONAL;
  var SELF_DRAW_PATTERNS = words.SELF_DRAW_PATTERNS, KONG_WORDS = words.KONG_WORDS, READY_WORDS = words.READY_WORDS;
  var WORDS = words.WORDS, RELATIVE = words.RELATIVE, WIND_SEATS = words.WIND_SEATS, TREASURE_WORDS = words.TREASURE_WORDS;
  var SURNAMES = words.SURNAMES, NOT_NAMES = words.NOT_NAMES, PENALTY_WORDS = words.PENALTY_WORDS;
  var MORE_WORDS = words.MORE_WORDS, SIDE_WORDS = words.SIDE_WORDS, FLOAT_WORDS = words.FLOAT_WORDS;
  var FILLERS = words.FILLERS, NUMERALS = words.NUMERALS, SUITS = words.SUITS, HONOURS = words.HONOURS;

  // Dictation's usual confusions between sounds that many speakers do not tell apart.
  function fold(syllable) {
    return syllable.replace(/^([zcs])h/, "$1").replace(/ng$/, "n").replace(/^l(?=[aeiou])/, "n");
  }

  var soundCache = { table: null, map: null };
  function soundsOf(sounds) {
    if (soundCache.table === sounds) return soundCache.map;
    var map = Object.create(null);
    Object.keys(sounds || {}).forEach(function (syllable) {
      var folded = fold(syllable);
      Array.from(sounds[syllable]).forEach(function (ch) {
        (map[ch] = map[ch] || []).indexOf(folded) === -1 && map[ch].push(folded);
      });
    });
    soundCache.table = sounds;
    soundCache.map = map;
    return map;
  }

  // Full-width letters and digits to plain ones, fillers and punctuation to a pause.
  var SIMPLIFIED = {};
  for (var t = 0; t + 1 < TRADITIONAL.length; t += 2) SIMPLIFIED[TRADITIONAL[t]] = TRADITIONAL[t + 1];

  function normalise(sentence) {
    var text = Array.from(String(sentence || "").normalize("NFKC").toLowerCase()).map(function (ch) {
      return SIMPLIFIED[ch] || ch;
    }).join("");
    FILLERS.forEach(function (word) { text = text.split(word).join(" "); });
    words.SAID_OTHERWISE.forEach(function (rewrite) { text = text.replace(rewrite[0], rewrite[1]); });
    // 老王、小李: a list, as 和 would say it.
    text = text.replace(/\s*、\s*/g, "和");
    return text.replace(/[\s,.;:!?'"、，。；：！？…·~～()（）【】\[\]“”‘’-]+/g, "|");
  }

  // Every word the sentence may hold, with what it means: the table's own first, then the fixed ones.
  function lexicon(vocab) {
    var entries = [];
    function add(text, token, spoken) {
      if (text) entries.push({ text: text, token: token, spoken: spoken !== false && words.AS_WRITTEN.indexOf(text) === -1 });
    }
    (vocab.seats || []).forEach(function (name, seat) {
      if (!name) return;
      add(name, { type: "name", seat: seat });
      // 老王 is also called 王, 小李 李, 阿强 强: the bare name when it names one seat only.
      var bare = name.replace(/^[老小阿大]/, "");
      if (bare !== name && bare.length >= 1) {
        var others = (vocab.seats || []).filter(function (other, index) { return index !== seat && other.indexOf(bare) !== -1; });
        if (!others.length) add(bare, { type: "name", seat: seat }, bare.length > 1);
      }
      // 大强 for 阿强: the name with another of the prefixes, where the rest is no surname (老李 already asks).
      if (bare !== name && bare.length === 1 && words.SURNAMES.indexOf(bare) === -1) {
        "老小阿大".split("").forEach(function (prefix) {
          if (prefix !== name[0]) add(prefix + bare, { type: "nickname" });
        });
        // 强哥 / 强子: another way of calling him, asked as 大强 is.
        ["哥", "姐", "子"].forEach(function (suffix) { add(bare + suffix, { type: "nickname" }); });
      }
      // 阳阳 / 洋洋: a name's last character said twice, as friends call each other; whose, asked (ambiguous below).
      var last = name[name.length - 1];
      if (name.length >= 2 && "姐哥叔婶爷妹弟总嫂".indexOf(last) === -1) add(last + last, { type: "nickname" });
    });
    var played = Object.create(null), taken = Object.create(null);
    function addPattern(word, token) {
      if (taken[word]) return;
      taken[word] = true;
      // One character (夹) only as written: by its sound it would be 家 or 加.
      add(word, token, word.length > 1);
    }
    (vocab.patterns || []).forEach(function (pattern) {
      played[pattern.id] = pattern;
      addPattern(pattern.name, { type: "pattern", id: pattern.id });
    });
    (vocab.patterns || []).forEach(function (pattern) {
      // The table's own words for its item (data-also), then the usual ones.
      (pattern.also || []).concat(PATTERN_WORDS[pattern.id] || []).forEach(function (word) {
        addPattern(word, { type: "pattern", id: pattern.id });
      });
    });
    WAIT_WORDS.forEach(function (word) { addPattern(word, { type: "wait", word: word }); });
    // An item the table does not play is heard under its own name first (手把一 is Dalian's 手把一 where neither it nor
    // 大吊车 is played), then under the other names.
    var unplayed = Object.keys(PATTERN_WORDS).filter(function (id) { return !played[id]; });
    [true, false].forEach(function (ownName) {
      unplayed.forEach(function (id) {
        PATTERN_WORDS[id].forEach(function (word, index) {
          if ((index === 0) === ownName) addPattern(word, { type: "pattern", id: id, unplayed: true, name: PATTERN_WORDS[id][0] });
        });
      });
    });
    (vocab.kongKinds || []).forEach(function (kind) { add(kind.name, { type: "kong", kind: kind.id }); });
    words.KONG_FED_WORDS.forEach(function (word) { add(word, { type: "kong", kind: "exposed", fedWord: true }); });
    words.KONG_NOUNS.forEach(function (word) { add(word, { type: "kong" }, false); });
    Object.keys(KONG_WORDS).forEach(function (kind) {
      KONG_WORDS[kind].forEach(function (word) { add(word, { type: "kong", kind: kind }); });
    });
    (vocab.ready || []).forEach(function (ready) { add(ready.name, { type: "ready", value: ready.id }); });
    Object.keys(READY_WORDS).forEach(function (value) {
      READY_WORDS[value].forEach(function (word) { add(word, { type: "ready", value: value }); });
    });
    Object.keys(PENALTY_WORDS).forEach(function (kind) {
      PENALTY_WORDS[kind].forEach(function (word) { add(word, { type: "penalty", kind: kind }, word.length > 1); });
    });
    MORE_WORDS.forEach(function (pair) {
      pair[1].forEach(function (word) { add(word, { type: pair[0] }, word.length > 1 && pair[0] !== "not" && pair[0] !== "retract"); });
    });
    if (vocab.closed) add(vocab.closed, { type: "closed" });
    if (vocab.sideBet) add(vocab.sideBet, { type: "side" });
    SIDE_WORDS.forEach(function (word) {
      add(word, { type: "side", float: FLOAT_WORDS.indexOf(word) !== -1 }, word.length > 1);
    });
    RELATIVE.forEach(function (pair) { add(pair[0], { type: "relative", offset: pair[1] }); });
    WIND_SEATS.forEach(function (pair) { add(pair[0], { type: "windseat", offset: pair[1] }); });
    TREASURE_WORDS.forEach(function (pair) {
      pair[1].forEach(function (word) { add(word, { type: pair[0] }, word.length > 1); });
    });
    WORDS.forEach(function (pair) {
      var asWritten = ["or", "doubt", "unknown", "me", "we", "who", "also"].indexOf(pair[0]) !== -1;
      pair[1].forEach(function (word) {
        // 杠 alone is often written 钢 by dictation; other single characters are heard as written only, and so are the
        // speaker's doubts and the speaker (完了 is no 忘了).
        add(word, { type: pair[0] }, !asWritten && (word.length > 1 || word === "杠"));
      });
    });
    // 暗杠完了 / 补杠完打的: a kong of the kind said, and what its owner did right after it.
    var PREFIXES = { 暗: "concealed", 明: "exposed", 补: "added", 加: "added" };
    WORDS.forEach(function (pair) {
      if (pair[0] !== "kongafter" && pair[0] !== "kongfed") return;
      pair[1].forEach(function (word) {
        if (word[0] !== "杠") return;
        Object.keys(PREFIXES).forEach(function (prefix) { add(prefix + word, { type: pair[0], kind: PREFIXES[prefix] }); });
      });
    });
    HONOURS.forEach(function (pair) { add(pair[0], { type: "tile", tile: pair[1] }, pair[0].length > 1); });
    return entries;
  }

  // Words that only join others are written as said: 没报 is no 摸宝 (没 is also read mò), 不杠 no 补杠.
  var FUNCTION_CHARS = "没不是的了和给把被都也还就在";

  function matchesBySound(text, at, word, map) {
    if (at + word.length > text.length) return false;
    for (var i = 0; i < word.length; i++) {
      var said = text[at + i], meant = word[i];
      if (said === meant) continue;
      if (FUNCTION_CHARS.indexOf(said) !== -1) return false;
      var a = map[said], b = map[meant];
      if (!a || !b || !a.some(function (s) { return b.indexOf(s) !== -1; })) return false;
    }
    return true;
  }

  function number(text, at) {
    var m = /^\d+/.exec(text.slice(at));
    if (m) return { value: Number(m[0]), length: m[0].length };
    var ch = text[at];
    if (!(ch in NUMERALS)) return null;
    var value = NUMERALS[ch], length = 1;
    if (value === 10 && text[at + 1] in NUMERALS && NUMERALS[text[at + 1]] < 10) {
      value += NUMERALS[text[at + 1]]; length = 2;
    } else if (value < 10 && text[at + 1] === "十") {
      value *= 10; length = 2;
      if (text[at + 2] in NUMERALS && NUMERALS[text[at + 2]] < 10) { value += NUMERALS[text[at + 2]]; length = 3; }
    }
    return { value: value, length: length };
  }

  // Several tiles of one suit said in a row, each a single numeral: 三四五条, 345条, 七七七万.
  function tileRun(text, at) {
    var digits = [], i = at;
    while (i < text.length) {
      var ch = text[i];
      var value = /[1-9]/.test(ch) ? Number(ch) : (ch in NUMERALS && NUMERALS[ch] >= 1 && NUMERALS[ch] <= 9 ? NUMERALS[ch] : null);
      if (value === null) break;
      digits.push(value);
      i += 1;
    }
    var suit = SUITS[text[i]];
    if (digits.length < 2 || !suit) return null;
    return { length: i - at + 1, tiles: digits.map(function (d) { return d + suit; }) };
  }

  // The sentence as a list of tokens: the reading that hears the most of it, a word heard as written counting more
  // than one heard by its sound (刚自摸 is 刚 + 自摸, not 杠呲 + 摸), a character that is no word counting nothing.
  var AS_WRITTEN = 3, BY_SOUND = 2;

  // A name said that is no seat's (老周 at a table of 老孙, 李哥, 周姐, 小马): heard as a stranger, asked about. It
  // scores below any word heard as written or by its sound, so that 老汪 is still 老王.
  function stranger(text, at) {
    var first = text[at], second = text[at + 1] || "";
    if (!/[\u4e00-\u9fff]/.test(second) || NOT_NAMES.indexOf(second) !== -1) return null;
    if ("老小大".indexOf(first) !== -1 && SURNAMES.indexOf(second) !== -1) return first + second;
    if (first === "阿") return first + second;
    if (SURNAMES.indexOf(first) !== -1 && "姐哥叔婶爷妹弟总嫂".indexOf(second) !== -1) return first + second;
    return null;
  }

  function choicesAt(text, at, entries, map) {
    var choices = [];
    if (text[at] === "|") return [{ length: 1, score: 0, token: { type: "pause" } }];
    // A name's shape (老赵, 小张, 刘姐) is heard as a name: above a one-character word (张 the count) or a seat's bare
    // surname (老李 is not 小李), below a seat's name heard by its sound (老汪 is 老王), and never as another word
    // heard by its sound (刘姐 is no 流局).
    var name = stranger(text, at), shaped = name && name[0] !== "阿";
    if (name) choices.push({ length: 2, score: shaped ? 3.5 : 1, token: { type: "stranger", name: name } });
    var run = tileRun(text, at);
    if (run) choices.push({ length: run.length, score: AS_WRITTEN * run.length, token: { type: "tiles", tiles: run.tiles } });
    var num = number(text, at);
    if (num) {
      var suit = SUITS[text[at + num.length]];
      if (suit && num.value >= 1 && num.value <= 9) {
        choices.push({ length: num.length + 1, score: AS_WRITTEN * (num.length + 1), token: { type: "tile", tile: num.value + suit } });
      }
      choices.push({ length: num.length, score: AS_WRITTEN * num.length, token: { type: "number", value: num.value } });
    }
    candidates(entries, text[at], map).forEach(function (entry) {
      var length = entry.text.length;
      var said = text.substr(at, length), isName = entry.token.type === "name";
      if (said === entry.text) {
        var keepSaid = isName || entry.token.type === "nickname";
        choices.push({ length: length, score: AS_WRITTEN * length, token: keepSaid ? Object.assign({ said: said }, entry.token) : entry.token });
      } else if (entry.spoken && !(shaped && !isName && length <= 2) && matchesBySound(text, at, entry.text, map)) {
        // A long word heard by its sound outweighs its first part heard so plus one more character (钢上开花 is
        // 杠上开花, not 杠上开 and 花).
        var score = BY_SOUND * length + (length > 3 ? 1 : 0);
        choices.push({ length: length, score: score, token: Object.assign({ bySound: true, said: said }, entry.token) });
      }
    });
    return choices;
  }

  // The words that may start at a character: those written with it first, and those whose first character shares a
  // sound with it (the rest cannot match there), in the lexicon's own order, which decides ties.
  function candidates(entries, ch, map) {
    var index = entries.index;
    if (!index) {
      index = entries.index = Object.create(null);
      entries.forEach(function (entry, at) {
        entry.at = at;
        var first = entry.text[0];
        [first].concat(entry.spoken ? (map[first] || []).map(function (sound) { return "~" + sound; }) : []).forEach(function (key) {
          (index[key] = index[key] || []).push(entry);
        });
      });
    }
    var found = (index[ch] || []).slice();
    if (FUNCTION_CHARS.indexOf(ch) === -1) {
      (map[ch] || []).forEach(function (sound) { found = found.concat(index["~" + sound] || []); });
    }
    var seen = Object.create(null);
    return found.filter(function (entry) {
      if (seen[entry.at]) return false;
      seen[entry.at] = true;
      return true;
    }).sort(function (a, b) { return a.at - b.at; });
  }

  function tokenise(text, entries, map) {
    var best = new Array(text.length + 1);
    best[text.length] = { score: 0, tokens: [] };
    for (var at = text.length - 1; at >= 0; at--) {
      var skip = best[at + 1];
      var chosen = { score: skip.score, tokens: skip.tokens };
      choicesAt(text, at, entries, map).forEach(function (choice) {
        var rest = best[at + choice.length];
        // Ties go to the longer word: 七小对 is one pattern, not 七 and 小对.
        var score = rest.score + choice.score;
        if (score > chosen.score || (score === chosen.score && choice.length > (chosen.length || 0))) {
          chosen = { score: rest.score + choice.score, tokens: [choice.token].concat(rest.tokens), length: choice.length };
        }
      });
      best[at] = chosen;
    }
    return best[0].tokens;
  }

  // The sentence's words, as tokens ({type, …}); pauses (a comma, a space) included; what the speaker took back
  // left out.
  // A seat's name heard by its sound but written with another seat's character (小洋 at a table of 刘洋 and 小杨) is
  // either of them: a name to ask about, with both.
  function ambiguous(tokens, vocab, map) {
    var seats = vocab.seats || [];
    return tokens.map(function (token) {
      if (token.type === "nickname") {
        // Every seat whose name ends in a character that sounds as said: never one guessed.
        // (强哥 / 强子: the character before the suffix.)
        var called = token.said.length >= 2 ? token.said.replace(/[哥姐子]$/, "") : token.said;
        var like = seats.filter(function (name) {
          return name && name.length >= 2 && matchesBySound(called, called.length - 1, name[name.length - 1], map);
        });
        return { type: "stranger", name: token.said, like: like };
      }
      if (token.type !== "name" || !token.bySound || !token.said) return token;
      var own = seats[token.seat] || "";
      var others = seats.filter(function (name, seat) {
        return seat !== token.seat && name && Array.from(token.said).some(function (ch) {
          return own.indexOf(ch) === -1 && "老小阿大".indexOf(ch) === -1 && name.indexOf(ch) !== -1;
        });
      });
      return others.length ? { type: "stranger", name: token.said, like: [own].concat(others) } : token;
    });
  }

  // A table's words are the same for every sentence said at it: built once per vocabulary (a keeper types on).
  var lexicons = typeof WeakMap === "function" ? new WeakMap() : null;
  function lexiconOf(vocab) {
    var entries = lexicons && lexicons.get(vocab);
    if (!entries) {
      entries = lexicon(vocab);
      if (lexicons) lexicons.set(vocab, entries);
    }
    return entries;
  }

  function hear(sentence, vocab, sounds) {
    var map = soundsOf(sounds);
    return corrections.amend(ambiguous(tokenise(normalise(sentence), lexiconOf(vocab), map), vocab, map));
  }

  return {
    hear: hear, normalise: normalise, PATTERN_WORDS: PATTERN_WORDS, SELF_DRAW_PATTERNS: SELF_DRAW_PATTERNS,
    FLOAT_PATTERNS: ["all_pungs", "all_triplets", "double_float"],
  };
});
