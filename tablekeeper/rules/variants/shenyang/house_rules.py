"""Shenyang's house rules in a player's words (see rules/rule_words.py)."""

from __future__ import annotations

from ...rule_words import RuleWords, rule

WORDS: dict[str, RuleWords] = {
    "base": rule(
        ("Base score", "底分"), ("A plain hand is worth this much from each payer.", "平胡每家赔这么多。"), common=True
    ),
    "ron_payers": rule(
        ("Who pays a discard win", "点炮谁赔"),
        ("The discarder alone, or all three players.", "点炮的一家独赔，或者三家都赔。"),
        common=True,
        values={"discarder": ("The discarder", "点炮的一家"), "all": ("All three", "三家都赔")},
    ),
    "angang_opens": rule(
        ("Concealed kong opens the hand", "暗杠算开门"),
        ("A concealed kong counts as opening the hand.", "暗杠也算开门。"),
    ),
    "special_sets_open": rule(
        ("First-turn sets open the hand", "起手中发白、东南西北算开门"),
        ("A first-turn 中发白 or 东南西北 set counts as opening the hand.", "起手亮出的中发白或东南西北算开门。"),
    ),
    "allow_seven_pairs": rule(
        ("Seven pairs can win", "七对可以胡"),
        (
            "Seven pairs is a legal win, worth a plain hand (still needs three suits and a terminal) unless "
            "seven pairs pays ×8.",
            "七小对可以胡，按平胡算（仍要三门齐、有幺九），七小对算8倍时除外。",
        ),
        common=True,
    ),
    "multi_ron": rule(
        ("Several winners on one discard", "一炮多响"),
        (
            "Several players may win on the same discard; the pot goes to the first after the discarder.",
            "几家可以同时胡一张炮；奖池归点炮下家起第一个胡的。",
        ),
        common=True,
    ),
    "liuju_dice_mode": rule(
        ("Dice double after a draw", "流局和色子翻倍"),
        (
            "Both doubles apply together (×4), at most one ×2 per hand and the rest wait, or neither applies.",
            "两个翻倍一起算（4倍），或者每局最多翻一次、多的留到下一局，或者都不算。",
        ),
        values={
            "stack": ("Both together", "一起算"),
            "no_stack_carry": ("One per hand", "每局一次"),
            "off": ("Neither", "都不算"),
        },
    ),
    "liuju_streak_stacks": rule(
        ("Draws in a row keep doubling", "连续流局连续翻倍"),
        (
            "Several drawn hands in a row double once each (×2, ×4, ×8…) instead of only ×2.",
            "连续几局流局，每局翻一倍（2、4、8倍……），而不是只翻一次。",
        ),
    ),
    "dragon_kong_stacks": rule(
        ("Dragon kong doubles twice", "箭牌杠翻两倍"),
        (
            "A kong of one dragon counts as a dragon pung and a kong (×4); off, ×2 only.",
            "中发白开杠既算箭刻又算杠（4倍）；关掉只算2倍。",
        ),
    ),
    "gang_vs_angang": rule(
        ("Concealed kong counts", "暗杠算几倍"),
        ("Every kong doubles once, or a concealed kong doubles twice.", "每个杠都翻一倍，或者暗杠翻两倍。"),
        values={"equal": ("Like any kong (×2)", "和明杠一样（2倍）"), "angang_double": ("Double (×4)", "暗杠4倍")},
    ),
    "cap_per_payer": rule(
        ("Payment cap", "封顶"),
        (
            "The most one player pays for one win; empty for no cap (some tables use 50 or 64).",
            "一局每家最多赔多少；空着不封顶（有的桌50或64）。",
        ),
        common=True,
    ),
    "reveal_penalty": rule(
        ("Revealed tile penalty", "露牌罚分"),
        (
            "Points per revealed tile paid into the pot; the next winner takes the pot.",
            "每露一张牌罚进奖池的分，下一个胡牌的拿走奖池。",
        ),
    ),
    "zhahu_penalty": rule(
        ("False win penalty", "诈胡罚分"),
        ("Points a false win (诈胡) costs, paid to each other player.", "诈胡赔给其他每家的分。"),
        common=True,
    ),
    "zhahu_dealer_double": rule(
        ("False win doubles with the dealer", "诈胡庄家加倍"),
        ("The false-win penalty is doubled between the offender and the dealer.", "诈胡的人和庄家之间的罚分加倍。"),
    ),
    "four_same_discard_penalty": rule(
        ("Four same discards penalty", "四家同打罚分"),
        (
            "Points the first of four same discards in a row pays to each other player.",
            "四家连打同一张牌时，第一个打的赔给其他每家的分。",
        ),
    ),
    "pot_at_session_end": rule(
        ("Unclaimed pot at the end", "散场时的奖池"),
        (
            "Given back to those who paid in, in proportion, or left out of the standings.",
            "按各家放进去的比例退回，或者不计入总分。",
        ),
        values={"refund_pro_rata": ("Refunded", "按比例退回"), "stays": ("Left unclaimed", "留在池里")},
    ),
    # RULES.md §9.3: the Rust server's rules.
    "ron_factor": rule(
        ("A discard win doubles", "点炮翻倍"),
        (
            "A win on a discard (or a robbed kong) counts ×2, or ×1 as on the Rust server.",
            "点炮胡（或抢杠胡）算2倍，或者像网上服务器那样不翻倍。",
        ),
        values={2: ("×2", "翻倍"), 1: ("×1", "不翻倍")},
    ),
    "three_closed_double": rule(
        ("Three closed players pay ×4", "三家闭"),
        (
            "With one winner and all three others closed, each of them pays ×4 instead of ×2 for being closed.",
            "一家胡、另外三家都没开门时，每家的闭门翻倍从2倍变成4倍。",
        ),
    ),
    "allow_pure_one_suit": rule(
        ("Pure one suit may win", "清一色可胡"),
        (
            "A hand of one suit only (×8) wins even closed, without three suits, a terminal or a pung.",
            "一门花色的牌（8倍）可以胡，不用开门、三门齐、幺九和刻子。",
        ),
    ),
    "four_in_hand": rule(
        ("Four of a kind in hand", "四归一"),
        (
            "All four copies of a tile in the winner's hand, not as a kong, count ×2 each.",
            "四张一样的牌都在胡牌的手里、没有开杠，每种翻一倍。",
        ),
    ),
    "all_pungs_value": rule(
        ("All pungs pays", "对对胡倍数"),
        ("All pungs counts ×8, or ×4 as on the Rust server.", "对对胡算8倍，或者像网上服务器那样算4倍。"),
        values={8: ("×8", "8倍"), 4: ("×4", "4倍")},
    ),
    "concealed_dragon_kong_value": rule(
        ("Concealed dragon kong pays", "中发白暗杠倍数"),
        (
            "A concealed kong of one dragon counts its doubles together, or ×16 in all.",
            "中发白的暗杠按各项翻倍相乘，或者一共算16倍。",
        ),
        values={"product": ("Doubles multiplied", "各项相乘"), 16: ("×16", "16倍")},
    ),
    "special_set_value": rule(
        ("First-turn sets pay", "喜杠倍数"),
        (
            "Each first-turn 中发白 or 东南西北 set counts ×4, or ×2.",
            "每组起手亮出的中发白或东南西北算4倍，或者算2倍。",
        ),
        values={4: ("×4", "4倍"), 2: ("×2", "2倍")},
    ),
    "seven_pairs_value": rule(
        ("Seven pairs pays", "七小对倍数"),
        (
            "Seven pairs counts like a plain hand, or ×8 and then needs neither three suits nor a terminal.",
            "七小对按平胡算，或者算8倍，这时不用三门齐也不用幺九。",
        ),
        values={1: ("Like a plain hand", "按平胡算"), 8: ("×8", "8倍")},
    ),
    "unscored_items": rule(
        ("Items not scored", "不算的番"),
        (
            "The items ticked here count nothing at this table (the Rust server has no 杠上炮).",
            "这里选中的番，本桌不算（网上服务器没有杠上炮）。",
        ),
    ),
}
