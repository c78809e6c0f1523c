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
            "Seven pairs is a legal win, worth a plain hand (still needs three suits and a terminal).",
            "七小对可以胡，按平胡算（仍要三门齐、有幺九）。",
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
            "Both doubles apply together (×4), or at most one ×2 per hand and the rest wait.",
            "两个翻倍一起算（4倍），或者每把最多翻一次，多的留到下把。",
        ),
        values={"stack": ("Both together", "一起算"), "no_stack_carry": ("One per hand", "每把一次")},
    ),
    "liuju_streak_stacks": rule(
        ("Draws in a row keep doubling", "连续流局连续翻倍"),
        (
            "Several drawn hands in a row double once each (×2, ×4, ×8…) instead of only ×2.",
            "连续几把流局，每把翻一倍（2、4、8倍……），而不是只翻一次。",
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
            "一把每家最多赔多少；空着不封顶（有的桌50或64）。",
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
}
