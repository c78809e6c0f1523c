"""Shandong's house rules in a player's words (see rules/rule_words.py)."""

from __future__ import annotations

from ...rule_words import RuleWords, rule

WORDS: dict[str, RuleWords] = {
    "base": rule(
        ("Base score", "底分"),
        ("What every win starts from, before points and multipliers.", "每局胡牌的起算分，再加分、翻倍。"),
        common=True,
    ),
    "pts.exposed_kong": rule(
        ("Exposed kong points", "明杠加分"),
        ("Points the winner gets for each exposed kong (明杠).", "赢家每个明杠加几分。"),
        common=True,
    ),
    "pts.add_kong": rule(
        ("Added kong points", "补杠加分"),
        ("Points the winner gets for each kong added onto a pung (补杠).", "赢家每个补杠加几分。"),
        common=True,
    ),
    "pts.concealed_kong": rule(
        ("Concealed kong points", "暗杠加分"),
        ("Points the winner gets for each concealed kong (暗杠).", "赢家每个暗杠加几分。"),
        common=True,
    ),
    "cap": rule(
        ("Multiplier cap", "封顶倍数"),
        ("The largest multiplier a hand can reach; empty for no cap.", "一局最多翻到几倍；空着不封顶。"),
        common=True,
    ),
    "cap_scope": rule(
        ("What the cap limits", "封顶管什么"),
        (
            "All multipliers together, or only the multiplier from earlier drawn hands.",
            "所有倍数一起封顶，或者只封流局带来的倍数。",
        ),
        values={"product": ("All together", "全部倍数"), "draw_multiplier": ("Draw multiplier only", "只封流局倍数")},
    ),
    "draw_mult_cap_exp": rule(
        ("Draws that keep doubling", "流局翻倍次数"),
        (
            "After this many drawn hands in a row the draw multiplier stops doubling (5: at most ×32).",
            "连续流局翻倍最多翻几次（5：最多32倍）。",
        ),
    ),
    "ming_lou_penalty_inside_cap": rule(
        ("明楼 double inside the cap", "明楼加倍算进封顶"),
        (
            "A 明楼 player's ×2 for dealing in counts inside the cap; off, it doubles the capped amount.",
            "明楼点炮的2倍算在封顶以内；关掉就在封顶后再翻倍。",
        ),
    ),
    "draw_dealer": rule(
        ("Dealer after a draw", "流局后坐庄"),
        ("After a drawn hand the dealer keeps the deal, or it passes on.", "流局后庄家连庄，或者下家坐庄。"),
        common=True,
        values={"retain": ("Keeps the deal", "连庄"), "rotate": ("Passes on", "下家坐庄")},
    ),
    "dealer_draw_penalty": rule(
        ("Dealer's penalty for draws", "庄家流局罚分"),
        (
            "The dealer pays 1 to each player on the third draw in a row, or on every draw from the third, or never.",
            "连续流局到第三局时庄家赔每家1分，或者从第三局起每次流局都赔，或者不罚。",
        ),
        values={
            "once_at_3": ("Once, at the third", "第三局赔一次"),
            "each_hand_from_3": ("Every draw from the third", "第三局起每局都赔"),
            "none": ("Never", "不罚"),
        },
    ),
    "exempt258": rule(
        ("Hands that need no 258 pair", "不用258将的牌型"),
        ("These hands may win without a pair of 2s, 5s or 8s.", "这些牌型胡牌不需要2、5、8做将。"),
    ),
    "rob_kong_payer": rule(
        ("Who pays a robbed kong", "抢杠谁赔"),
        (
            "The kong's owner pays one share like a discarder, or all three shares (包三家).",
            "被抢杠的一家像点炮一样赔一份，或者包三家。",
        ),
        values={"declarer_single": ("One share", "赔一份"), "declarer_pays_three": ("All three (包三家)", "包三家")},
    ),
    "all_generals_free_form": rule(
        ("将将胡 in any shape", "将将胡不用成副"),
        ("Fourteen tiles of only 2s, 5s and 8s win in any arrangement.", "十四张全是2、5、8，不用组成四副一将也能胡。"),
    ),
    "must_declare_ready": rule(
        ("Must declare to win", "必须明楼或暗楼才能胡"),
        ("Only a player who declared 明楼 or 暗楼 may win.", "不明楼、不暗楼不能胡牌。"),
        common=True,
    ),
    "several_robbers_dealer": rule(
        ("Next dealer when several rob a kong", "多家抢杠谁坐庄"),
        (
            "The first robber after the kong's owner, or the owner, like a discarder.",
            "杠主下家起第一个抢杠的坐庄，或者杠主坐庄（像点炮一样）。",
        ),
        values={"first_robber": ("First robber", "第一个抢杠的"), "declarer": ("The kong's owner", "杠主")},
    ),
    "seven_pairs_ladder": rule(
        ("Seven pairs points", "七小对加分"),
        (
            "Only the highest rung counts (2/4/6/8), or lower rungs add up below 三豪华 (2/6/12/8).",
            "只算最高一档（2/4/6/8），或者三豪华以下累加（2/6/12/8）。",
        ),
        values={"highest_only": ("Highest only", "只算最高"), "stack_below_triple": ("Add up", "累加")},
    ),
    # RULES §9.5: the regional house rules.
    "honour_set_points": rule(
        ("Honour pungs and kongs add a point", "风刻风杠加分"),
        (
            "Each pung of a wind or dragon adds 1 point, and each kong of one 1 more on top of its kong points.",
            "每个风刻（东南西北中发白的刻子）加1分，风杠在杠分之外再加1分。",
        ),
    ),
    "da_diao_che": rule(
        ("Lone tile wait", "大吊车"),
        (
            "With four sets set aside, winning on the match of the one tile left doubles the hand.",
            "四副牌都已放下，手里只剩一张单吊胡牌，翻一倍。",
        ),
    ),
    "kong_bloom_value": rule(
        ("Kong bloom scores", "杠上开花算法"),
        ("A kong bloom adds 1 point, or doubles the hand instead.", "杠上开花加1分，或者改为翻一倍（杠呲）。"),
        values={"point": ("+1 point", "加1分"), "double": ("×2", "杠呲翻倍")},
    ),
    "flower_bloom": rule(
        ("Win on a flower's replacement tile", "花呲"),
        ("Winning by self-draw on the tile drawn for a flower doubles the hand.", "补花摸到的牌自摸胡，翻一倍。"),
    ),
    "last_tile_double": rule(
        ("Win on the last tile", "海底捞月"),
        ("Winning by self-draw on the last live tile of the wall doubles the hand.", "摸最后一张牌自摸胡，翻一倍。"),
    ),
    "allow_thirteen_unrelated": rule(
        ("Thirteen unrelated", "十三不靠"),
        (
            "147, 258 and 369 of the three suits and five different honours win, all concealed, ×2.",
            "三门各一组147、258、369，加五张不同的字牌，门清胡牌，翻一倍。",
        ),
    ),
    "flower_win": rule(
        ("All eight flowers win", "花胡"),
        ("A player holding all eight flowers wins on their own turn.", "八张花牌都在手，轮到自己时就能胡。"),
    ),
    "max_side_bet": rule(
        ("Most side-bet points", "最多下几漂"),
        (
            "The most side-bet points (漂) a player may put down; 0 for none. Each payment adds the winner's and "
            "the payer's side bets.",
            "每人最多下几漂；0是不下漂。每笔输赢加上赢家和输家下的漂。",
        ),
        common=True,
    ),
    "value_table": rule(
        ("Pattern values", "番值表"),
        (
            "The rule book's values, or Jinan's: no points for shapes, self-draw not doubled, pure one suit ×4.",
            "按规则书算，或者按济南算：牌型不加分，自摸不翻倍，清一色4倍。",
        ),
        values={"seed": ("Rule book", "规则书"), "jinan": ("Jinan", "济南")},
    ),
    "kong_feeder_liable": rule(
        ("The kong's feeder pays a bloom on it", "点杠杠开包三家"),
        (
            "A kong bloom on a kong made from someone's discard is paid in full by that player; off, all three pay.",
            "杠上开花的杠是别人点的，由点杠的人包三家；关掉则三家各付。",
        ),
    ),
}
