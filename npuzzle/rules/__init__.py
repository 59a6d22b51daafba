"""The rules of the puzzle: a board's size and wraps (``topology``), moves and their replay
(``board``), which boards can reach their goal (``solvability``), board IDs, rows, wraps and
move strings with precise errors (``notation``), and random and scrambled boards
(``random_board``).  The page's ``web/game/rules.js`` is their twin.  The rules import nothing of
the package but the message catalogue (``npuzzle.catalogue``); every other layer builds on
them.
"""
