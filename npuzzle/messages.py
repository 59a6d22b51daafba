"""Every message about input that a person may read, by a stable code, in English and
Simplified Chinese.

    >>> text("board.count", width=3, height=3, n=9, got=3)
    'a 3x3 board needs 9 numbers, got 3'
    >>> text("board.count", "zh", width=3, height=3, n=9, got=3)
    '3x3 的棋盘需要 9 个数字，这里有 3 个'

Errors carry the code and its parameters (``NotationError.code``, ``.params``; the api's
error dicts have ``code`` and ``params``), so the page can show a message in the
person's language; the English text is the one the command line prints.  Templates use
``str.format`` fields; ``!r`` quotes a value as Python's repr does (the page's rules.js
quotes the same way).  ``build.py`` writes this catalogue into the site as JSON.
"""

from __future__ import annotations

__all__ = ["CATALOGUE", "LANGUAGES", "InputError", "text"]

LANGUAGES = ("en", "zh")

# code -> (English, Simplified Chinese)
CATALOGUE: dict[str, tuple[str, str]] = {
    # boards (npuzzle.notation)
    "board.empty": ("the board is empty", "棋盘是空的"),
    "board.side_range": ("{name} {side} is out of range: boards are {low} to {high} cells a side",
                         "{name_zh} {side} 超出范围：棋盘每边 {low} 到 {high} 格"),
    "board.side_digits": ("{name} {digits}... is out of range: boards are {low} to {high} cells a side",
                          "{name_zh} {digits}... 超出范围：棋盘每边 {low} 到 {high} 格"),
    "board.not_number": ("{token!r} is not a tile number", "{token!r} 不是方块编号"),
    "board.number_digits": ("number {digits}... is out of range (boards have at most {cells} cells)",
                            "数字 {digits}... 超出范围（棋盘最多 {cells} 格）"),
    "board.count": ("a {width}x{height} board needs {n} numbers, got {got}",
                    "{width}x{height} 的棋盘需要 {n} 个数字，这里有 {got} 个"),
    "board.number_range": ("number {t} is out of range for a {width}x{height} board (0 to {top})",
                           "数字 {t} 超出 {width}x{height} 棋盘的范围（0 到 {top}）"),
    "board.twice": ("number {t} is used twice", "数字 {t} 用了两次"),
    "board.empty_entry": ("empty entry in the board ID (two commas in a row?)",
                          "棋盘编号里有空项（连续两个逗号？）"),
    "board.colon": ("a board ID looks like 3x3:1,2,3,4,5,6,7,8,0 (a colon after the size)",
                    "棋盘编号形如 3x3:1,2,3,4,5,6,7,8,0（尺寸后面要有冒号）"),
    "board.not_square": ("{count} numbers on one line is not a square board: write one row a line, "
                         "or a board ID like 4x4:1,2,...,0",
                         "一行 {count} 个数字不是正方形棋盘：请每行写一排，或写成 4x4:1,2,...,0 这样的棋盘编号"),
    "board.row_length": ("row {row} has {count} numbers but row 1 has {width}",
                         "第 {row} 行有 {count} 个数字，但第 1 行有 {width} 个"),
    # goals and wraps
    "goal.size": ("the goal is {gw}x{gh} but the start is {width}x{height}",
                  "目标是 {gw}x{gh}，但初始棋盘是 {width}x{height}"),
    "wrap.needs_size": ("{part!r} needs the board size", "{part!r} 需要知道棋盘尺寸"),
    "wrap.bad": ("bad wrap {part!r}: write wraps like r2,c2 (row 2 and column 2, counted from 0), "
                 "or 'all' for a torus",
                 "无效的环绕 {part!r}：写成 r2,c2（第 2 行和第 2 列，从 0 数起），或用 'all' 表示环面"),
    "wrap.outside": ("wrapped {kind} {line} is outside the board (0 to {top})",
                     "环绕的{kind_zh} {line} 在棋盘之外（0 到 {top}）"),
    "wrap.short": ("a {kind} can only wrap when it has at least 3 cells", "{kind_zh}至少有 3 格才能环绕"),
    # moves (npuzzle.board, npuzzle.notation)
    "moves.letter": ("bad move letter {letter!r} at move {i}: use U, D, L or R",
                     "第 {i} 步的字母 {letter!r} 无效：请用 U、D、L 或 R"),
    "moves.off_board": ("move {i} ({letter}) takes the blank off the board", "第 {i} 步（{letter}）让空格走出了棋盘"),
    # options and arguments (npuzzle.api, the command line)
    # (``value`` here is the value's repr, made by Python: JSON cannot tell 1e7 from 10000000)
    "option.number": ("{name} must be a number from {low:g} to {high:g}, not {value}",
                      "{name} 必须是 {low:g} 到 {high:g} 之间的数，而不是 {value}"),
    "option.choice": ("unknown {name} {value}: choose from {choices}", "未知的{name_zh} {value}：可选 {choices}"),
    "input.type": ("the {name} must be text, not {kind}", "{name_zh}必须是文字，而不是 {kind}"),
    "random.goal_size": ("the goal is {gw}x{gh}, not {width}x{height}", "目标是 {gw}x{gh}，而不是 {width}x{height}"),
}

# Words that go into the templates above, for the Chinese text.
_WORDS_ZH = {"width": "宽度", "height": "高度", "wrapped line": "环绕行列", "row": "行", "column": "列",
             "board": "棋盘", "goal": "目标", "wrap": "环绕", "moves": "走法", "algorithm": "算法",
             "heuristic": "启发函数", "strategy": "策略"}


def text(code: str, lang: str = "en", **params) -> str:
    """The message for a code in a language ("en" or "zh"), with its parameters."""
    english, chinese = CATALOGUE[code]
    template = chinese if lang == "zh" else english
    extra = {f"{key}_zh": _WORDS_ZH.get(value, value) for key, value in params.items() if isinstance(value, str)}
    return template.format(**params, **extra)


class InputError(ValueError):
    """Input a person gave that breaks a rule: ``code`` and ``params`` name the message
    (see CATALOGUE), ``field`` the input at fault; ``str()`` is the English text."""

    default_field = "board"

    def __init__(self, code: str, field: str | None = None, **params):
        super().__init__(text(code, **params))
        self.code = code
        self.params = params
        self.field = field or self.default_field

    def at(self, field: str) -> InputError:
        """The same error, about another field (a goal's board, say)."""
        return type(self)(self.code, field, **self.params)

    def to_dict(self) -> dict:
        """The api's error dict: field, English text, code and parameters."""
        return {"ok": False, "field": self.field, "error": str(self), "code": self.code, "params": self.params}
