"""What two or more variants share, written once.

- `faces`: the dragon, wind and honour faces, and the words for the suits a hand lacks.
- `win_tiles`: reading a win's tiles and squaring them with the record (opened, robbed kong,
  special sets, ticked shapes, the winner's kongs under either policy), seven pairs, and the
  waits that give a legal win.
- `patterns`: scoring items several variants declare under one id and one name.
- `factors`: one item a payment is multiplied by (or, in Shandong, adds points), with its item id.
- `outcomes`: the lines every variant writes alike: who won, the tiles' findings, who deals next,
  a cancelled hand.
- `items`: a variant's fact items, read from the `fact_items.json` beside its catalogue.
- `treasure`: the treasure tile (宝牌) of a tile set, from its indicator.
"""
