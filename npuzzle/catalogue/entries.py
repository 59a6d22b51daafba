"""The message catalogue's entries: every message about input that a person may read, by a
stable code, in English and Simplified Chinese (see npuzzle.catalogue, which words them)."""

from __future__ import annotations

# code -> (English, Simplified Chinese)
CATALOGUE: dict[str, tuple[str, str]] = {
    # boards (npuzzle.rules.notation)
    "board.empty": ("the board is empty", "棋盘是空的"),
    "board.side_range": (
        "{name} {side} is out of range: boards are {low} to {high} cells a side",
        "{name} {side} 超出范围：棋盘每边 {low} 到 {high} 格",
    ),
    "board.side_digits": (
        "{name} {digits}... is out of range: boards are {low} to {high} cells a side",
        "{name} {digits}... 超出范围：棋盘每边 {low} 到 {high} 格",
    ),
    "board.not_number": ("{token!r} is not a tile number", "{token!r} 不是方块编号"),
    "board.number_digits": (
        "number {digits}... is out of range (boards have at most {cells} cells)",
        "数字 {digits}... 超出范围（棋盘最多 {cells} 格）",
    ),
    "board.count": (
        "a {width}x{height} board needs {n} numbers, got {got}",
        "{width}x{height} 的棋盘需要 {n} 个数字，这里有 {got} 个",
    ),
    "board.number_range": (
        "number {t} is out of range for a {width}x{height} board (0 to {top})",
        "数字 {t} 超出 {width}x{height} 棋盘的范围（0 到 {top}）",
    ),
    "board.twice": ("number {t} is used twice", "数字 {t} 用了两次"),
    "board.empty_entry": ("empty entry in the board ID (two commas in a row?)", "棋盘编号里有空项（连续两个逗号？）"),
    "board.colon": (
        "a board ID looks like 3x3:1,2,3,4,5,6,7,8,0 (a colon after the size)",
        "棋盘编号形如 3x3:1,2,3,4,5,6,7,8,0（尺寸后面要有冒号）",
    ),
    "board.not_square": (
        "{count} numbers on one line is not a square board: write one row a line, or a board ID like 4x4:1,2,...,0",
        "一行 {count} 个数字不是正方形棋盘：请每行写一排，或写成 4x4:1,2,...,0 这样的棋盘编号",
    ),
    "board.empty_row": (
        "row {row} is empty (two '/' in a row, or one at an end?)",
        "第 {row} 行是空的（连续两个 '/'，或 '/' 在开头或结尾？）",
    ),
    "board.row_length": (
        "row {row} has {count} numbers but row 1 has {width}",
        "第 {row} 行有 {count} 个数字，但第 1 行有 {width} 个",
    ),
    # goals and wraps
    "goal.size": (
        "the goal is {gw}x{gh} but the start is {width}x{height}",
        "目标是 {gw}x{gh}，但初始棋盘是 {width}x{height}",
    ),
    "wrap.needs_size": ("{part!r} needs the board size", "{part!r} 需要知道棋盘尺寸"),
    "wrap.bad": (
        "bad wrap {part!r}: write wraps like r2,c2 (row 2 and column 2, counted from 0), or 'all' for a torus",
        "无效的环绕 {part!r}：写成 r2,c2（第 2 行和第 2 列，从 0 数起），或用 'all' 表示环面",
    ),
    "wrap.outside": (
        "wrapped {kind} {line} is outside the board (0 to {top})",
        "环绕的{kind} {line} 在棋盘之外（0 到 {top}）",
    ),
    "wrap.short": ("a {kind} can only wrap when it has at least 3 cells", "{kind}至少有 3 格才能环绕"),
    # moves (npuzzle.rules.board, npuzzle.rules.notation)
    "moves.letter": (
        "bad move letter {letter!r} at move {i}: use U, D, L or R",
        "第 {i} 步的字母 {letter!r} 无效：请用 U、D、L 或 R",
    ),
    "moves.off_board": ("move {i} ({letter}) takes the blank off the board", "第 {i} 步（{letter}）让空格走出了棋盘"),
    "moves.no_tile": (
        "move {i} ({letter}, tile notation): no tile can slide that way, the gap is at the edge",
        "第 {i} 步（{letter}，滑块记法）：空格在边上，没有方块能往这个方向滑",
    ),
    "moves.count_zero": (
        "a count of 0 after {letter} at move {i}: a count repeats the letter, from 1",
        "第 {i} 步的 {letter} 后面的次数是 0：次数表示重复这个字母，至少为 1",
    ),
    "moves.count_range": (
        "count {count} after {letter} at move {i} is too large (at most {high})",
        "第 {i} 步的 {letter} 后面的次数 {count} 太大（至多 {high}）",
    ),
    "moves.count_alone": (
        "a count {count} with no letter before it at move {i}: write it after a letter, like R3",
        "第 {i} 步的次数 {count} 前面没有字母：次数要写在字母后面，例如 R3",
    ),
    # a link's solve code (npuzzle.speedsolving.solve_code)
    "replay.empty": ("the solve code is empty", "复原代码是空的"),
    "replay.letter": (
        "character {i} of the solve code, {char!r}, is not a letter, a digit, - or _",
        "复原代码的第 {i} 个字符 {char!r} 不是字母、数字、- 或 _",
    ),
    "replay.cut": ("the solve code is cut short: copy the whole link", "复原代码被截短了：请复制完整的链接"),
    "replay.version": (
        "the solve code is of version {version}, which this page cannot read (it reads version {known})",
        "复原代码的版本是 {version}，这个页面读不了（它读版本 {known}）",
    ),
    "replay.changed": (
        "byte {at} of the solve code cannot be read: the code was changed",
        "复原代码的第 {at} 个字节无法读取：代码被改动过",
    ),
    # a session file the page exported (npuzzle.speedsolving.session_files); the page's
    # import says "Not imported, nothing changed: " before it
    "file.empty": ("the file is empty.", "文件是空的。"),
    "file.json": ("the file is not JSON that can be read ({why}).", "文件不是可读的 JSON（{why}）。"),
    "file.format": (
        'this JSON is not an npuzzle session (its "format" is not "{format}").',
        '这个 JSON 不是 npuzzle 的成绩（它的 "format" 不是 "{format}"）。',
    ),
    "file.quote": ("the CSV file ends inside a quoted field.", "CSV 文件在一个带引号的字段中结束。"),
    "file.column": ('the CSV file has no column "{column}".', 'CSV 文件没有 "{column}" 这一列。'),
    "file.cells": (
        "line {line} of the CSV file has {count} fields, its header {expected}.",
        "CSV 文件第 {line} 行有 {count} 个字段，表头有 {expected} 个。",
    ),
    "file.field": ('solve {n}: "{value}" is not a valid {field}.', '第 {n} 次复原："{value}" 不是有效的 {field}。'),
    "file.size": (
        "solve {n}: the scramble {scramble} is not a board of size {size}.",
        "第 {n} 次复原：打乱 {scramble} 不是 {size} 的棋盘。",
    ),
    "file.moves": (
        "solve {n}: the solution cannot be played on the scramble {scramble}.",
        "第 {n} 次复原：解法不能在打乱 {scramble} 上走通。",
    ),
    # options and arguments (npuzzle.api, the command line)
    # (``value`` here is the value's repr, made by Python: JSON cannot tell 1e7 from 10000000)
    "option.number": (
        "{name} must be a number from {low:g} to {high:g}, not {value}",
        "{name} 必须是 {low:g} 到 {high:g} 之间的数，而不是 {value}",
    ),
    "option.choice": ("unknown {name} {value}: choose from {choices}", "未知的{name} {value}：可选 {choices}"),
    "input.type": ("the {name} must be text, not {kind}", "{name}必须是文字，而不是 {kind}"),
    "random.goal_size": ("the goal is {gw}x{gh}, not {width}x{height}", "目标是 {gw}x{gh}，而不是 {width}x{height}"),
    # the lines of a batch file (npuzzle.batch)
    "batch.json": ("not valid JSON: {detail} (column {column})", "不是有效的 JSON：{detail}（第 {column} 列）"),
    "batch.json_object": (
        'a JSON line must be an object like {{"start": "3x3:..."}}, not {kind}',
        'JSON 行必须是形如 {{"start": "3x3:..."}} 的对象，而不是 {kind}',
    ),
    "batch.json_key": ("unknown key {key!r}: a line's keys are {keys}", "未知的键 {key!r}：每行可用的键有 {keys}"),
    "batch.json_start": ('the line has no "start" board', '这一行没有 "start" 棋盘'),
    "batch.id_twice": (
        "id {id!r} is used twice (first on line {first})",
        "编号 {id!r} 用了两次（第一次在第 {first} 行）",
    ),
    # solvability (npuzzle.rules.solvability)
    "solvable.odd_cycle": (
        "every arrangement is solvable: a wrapped line of odd length lets the blank "
        "go round an odd cycle, which flips the permutation parity",
        "任何排列都可解：奇数长度的环绕行列让空格能绕一个奇环走一圈，这会翻转排列的奇偶性",
    ),
    "solvable.parity": (
        "permutation parity ({perm}) matches the blank's distance parity ({blank})",
        "排列的奇偶性（{perm}）与空格距离的奇偶性（{blank}）一致",
    ),
    "unsolvable.parity": (
        "unsolvable: the permutation from start to goal is {perm} but the blank's "
        "distance parity is {blank}; every move changes both, so they can never agree",
        "无解：从初始状态到目标状态的排列是{perm}排列，但空格距离的奇偶性为{blank}；"
        "每走一步两者都会改变，所以永远不会一致",
    ),
    # what a solve tried (npuzzle.search.portfolio, npuzzle.pdb): the notes of a Result
    "note.optimal_stopped": (
        "optimal IDA* stopped after {seconds:.1f} s, having proven at least {bound} moves",
        "最优 IDA* 在 {seconds:.1f} 秒后停止，已证明至少需要 {bound} 步",
    ),
    "note.beam_found": (
        "beam search (width {width:,}, pattern databases) found {length} moves in {seconds:.2f} s",
        "束搜索（宽度 {width:,}，模式数据库）用 {seconds:.2f} 秒找到 {length} 步的解",
    ),
    "note.weighted_found": (
        "weighted IDA* (w = {w}, {label}) found {length} moves in {seconds:.2f} s, at most {factor:.3g} x optimal",
        "加权 IDA*（w = {w}，{label}）用 {seconds:.2f} 秒找到 {length} 步的解，至多是最优解的 {factor:.3g} 倍",
    ),
    "note.weighted_unfinished": (
        "weighted IDA* ({label}) with w = {weights} did not finish in time (at most {seconds:.2f} s each)",
        "加权 IDA*（{label}）在 w = {weights} 时未能按时完成（每个至多 {seconds:.2f} 秒）",
    ),
    "note.shortened": (
        "shortened from {before} to {after} moves by re-solving stretches optimally",
        "对若干片段重新最优求解，从 {before} 步缩短到 {after} 步",
    ),
    "note.constructive": (
        "constructive: {length} moves, line by line, the last rectangle optimally",
        "逐行构造：{length} 步，一行一行地放好，最后的矩形最优求解",
    ),
    "pdb.not_covered": (
        "pattern databases cover the plain 3x3 and 4x4 boards, and the 5x5 with the blank's "
        "goal in a corner: solved with linear conflict",
        "模式数据库只覆盖普通的 3x3 和 4x4 棋盘，以及空格目标在角上的 5x5 棋盘：改用线性冲突求解",
    ),
    "pdb.idastar_only": (
        "pattern databases are used by IDA* only: solved with linear conflict",
        "模式数据库只用于 IDA*：改用线性冲突求解",
    ),
    "pdb.needs_numpy": (
        "the {size}x{size} pattern databases are not built yet and building them needs numpy "
        "(pip install numpy, then python3 -m npuzzle databases): solved with linear conflict",
        "{size}x{size} 的模式数据库尚未生成，生成需要 numpy（pip install numpy，"
        "再运行 python3 -m npuzzle databases）：改用线性冲突求解",
    ),
    "pdb.not_loaded": (
        "pattern databases are not loaded: solved with linear conflict",
        "模式数据库未加载：改用线性冲突求解",
    ),
    "pdb.missing_page": (
        "the {size}x{size} pattern databases did not load: weighted search used linear conflict",
        "{size}x{size} 的模式数据库没有加载：加权搜索改用线性冲突",
    ),
    "pdb.missing": (
        "the {size}x{size} pattern databases are not built yet (python3 -m npuzzle databases builds "
        "them once, with numpy): weighted search used linear conflict",
        "{size}x{size} 的模式数据库尚未生成（python3 -m npuzzle databases 会用 numpy 生成一次）：加权搜索改用线性冲突",
    ),
    # the study lab (npuzzle.lab, npuzzle.api's lab actions)
    "lab.pdb.not_covered": (
        "pattern databases cover the plain 3x3 and 4x4 boards, and the 5x5 with the blank's goal in a corner",
        "模式数据库只覆盖普通的 3x3 和 4x4 棋盘，以及空格目标在角上的 5x5 棋盘",
    ),
    "lab.pdb.needs_numpy": (
        "the {size}x{size} pattern databases are not built yet and building them needs "
        "numpy (pip install numpy, then python3 -m npuzzle databases)",
        "{size}x{size} 的模式数据库尚未生成，生成需要 numpy（pip install numpy，再运行 python3 -m npuzzle databases）",
    ),
    "lab.pdb.not_loaded": ("pattern databases are not loaded", "模式数据库未加载"),
    "lab.unavailable": ("{name} is not available for this board", "{name}不能用于这个棋盘"),
    "lab.tree": (
        "the tree is drawn for {algorithms}, not {algorithm!r}",
        "搜索树只为 {algorithms} 绘制，不能用于 {algorithm!r}",
    ),
    "lab.session": (
        "no step session {session!r}: it finished, was stopped or was never started",
        "没有单步会话 {session!r}：它已结束、已停止或从未开始",
    ),
    # the lab's words for people (npuzzle.lab.compare.cell): names, columns, cells
    "lab.algorithm.bfs": ("Breadth-first search", "广度优先搜索"),
    "lab.algorithm.astar": ("A*", "A*"),
    "lab.algorithm.idastar": ("IDA*", "IDA*"),
    "lab.algorithm.weighted-astar": ("Weighted A*", "加权 A*"),
    "lab.algorithm.weighted-idastar": ("Weighted IDA*", "加权 IDA*"),
    "lab.algorithm.greedy": ("Greedy best-first", "贪婪最佳优先"),
    "lab.run.weighted-astar": ("Weighted A* (w = {weight:g})", "加权 A*（w = {weight:g}）"),
    "lab.run.weighted-idastar": ("Weighted IDA* (w = {weight:g})", "加权 IDA*（w = {weight:g}）"),
    "lab.heuristic.misplaced": ("Misplaced tiles", "错位数"),
    "lab.heuristic.manhattan": ("Manhattan distance", "曼哈顿距离"),
    "lab.heuristic.linear-conflict": ("Linear conflict", "线性冲突"),
    "lab.heuristic.pdb": ("Pattern databases", "模式数据库"),
    "lab.column.depth": ("depth", "深度"),
    "lab.column.algorithm": ("algorithm", "算法"),
    "lab.column.heuristic": ("heuristic", "启发函数"),
    "lab.column.found": ("found", "找到解"),
    "lab.column.length": ("length", "长度"),
    "lab.column.optimal": ("optimal", "最优"),
    "lab.column.nodes_expanded": ("nodes expanded", "扩展节点数"),
    "lab.column.nodes_generated": ("nodes generated", "生成节点数"),
    "lab.column.max_stored": ("max stored", "最多存储"),
    "lab.column.seconds": ("seconds", "秒"),
    "lab.column.iterations": ("IDA* passes", "IDA* 轮数"),
    "lab.column.ebf": ("effective branching factor", "有效分支因子"),
    "lab.column.initial_h": ("h at the start", "初始 h"),
    "lab.column.stopped": ("stopped", "停止原因"),
    "lab.column.boards": ("boards", "棋盘数"),
    "lab.column.solved": ("solved", "已解"),
    "lab.column.mean_nodes_expanded": ("mean nodes expanded", "平均扩展节点数"),
    "lab.column.mean_nodes_generated": ("mean nodes generated", "平均生成节点数"),
    "lab.column.mean_seconds": ("mean seconds", "平均秒数"),
    "lab.stopped.time limit": ("time limit", "时间上限"),
    "lab.stopped.node limit": ("node limit", "节点上限"),
    "lab.status.expanded": ("expanded", "已扩展"),
    "lab.status.in open": ("in open", "在 open 表中"),
    "lab.status.duplicate": ("duplicate", "重复状态"),
    "lab.status.superseded": ("superseded", "已被取代"),
    "lab.status.cut-off": ("cut off", "被剪掉"),
    "lab.status.goal": ("goal", "目标"),
    "lab.yes": ("yes", "是"),
    "lab.no": ("no", "否"),
    # the study over many boards (npuzzle.lab.study, the api's study actions)
    "study.cells": (
        "boards of an exact depth are drawn on boards of at most {cells} cells or with pattern databases"
        " (4x4, 5x5), not {width}x{height}",
        "按精确深度抽取的棋盘至多 {cells} 格，或须有模式数据库（4x4、5x5），{width}x{height} 不行",
    ),
    "study.walk_depth": (
        "depth {depth}: boards at an exact depth on this size are drawn from {low} to {high} moves",
        "深度 {depth}：这个尺寸按精确深度抽取的棋盘为 {low} 到 {high} 步",
    ),
    "study.depth": (
        "no board is {depth} moves from this goal (the farthest are {farthest})",
        "没有离这个目标 {depth} 步的棋盘（最远的是 {farthest} 步）",
    ),
    "study.depths": (
        "depths {text!r} should be whole numbers, like 12,16,20,24",
        "深度 {text!r} 应为整数，例如 12,16,20,24",
    ),
    "study.size": ("size {text!r} should look like 3x3 (width x height)", "尺寸 {text!r} 应形如 3x3（宽 x 高）"),
    "study.no_boards": (
        "give the boards: random boards at each depth, or boards one a line",
        "请给出棋盘：每个深度的随机棋盘，或每行一个棋盘",
    ),
    "study.too_many": (
        "{count} boards is too many: at most {high} at once",
        "{count} 个棋盘太多了：一次至多 {high} 个",
    ),
    "option.whole": (
        "{name} must be a whole number from {low} to {high}, not {value}",
        "{name} 必须是 {low} 到 {high} 之间的整数，而不是 {value}",
    ),
    "about.bfs": (
        "breadth-first search: every board one move away, then two, ...; shortest answers, "
        "no heuristic, for small boards only",
        "广度优先搜索：先扩展一步可达的所有棋盘，再扩展两步的……；解最短，不用启发函数，只适合小棋盘",
    ),
    "about.astar": (
        "A*: always expands the open node of smallest f = g + h; shortest answers when h never overestimates",
        "A*：总是扩展 open 表中 f = g + h 最小的节点；h 不高估时解最短",
    ),
    "about.idastar": (
        "IDA*: depth-first passes cut off where f = g + h exceeds a threshold, which rises to the "
        "smallest f cut off; shortest answers, memory only for the path",
        "IDA*（迭代加深 A*）：逐轮深度优先搜索，f = g + h 超过阈值处剪枝，阈值升为被剪掉的最小 f；"
        "解最短，只需存当前路径",
    ),
    "about.weighted-astar": (
        "weighted A*: f = g + w h; faster, answers at most w times the shortest",
        "加权 A*：f = g + w h；更快，解至多是最短解的 w 倍",
    ),
    "about.weighted-idastar": (
        "weighted IDA*: IDA* on f = g + w h; answers at most w times the shortest",
        "加权 IDA*：以 f = g + w h 做 IDA*；解至多是最短解的 w 倍",
    ),
    "about.greedy": (
        "greedy best-first search: always expands the open node of smallest h; fast, no bound on the answer's length",
        "贪婪最佳优先搜索：总是扩展 open 表中 h 最小的节点；快，但解的长度没有上界",
    ),
    "about.misplaced": (
        "misplaced tiles: the number of tiles not on their goal cell (the blank not counted)",
        "错位数（不在位棋子数）：不在目标位置上的方块个数（空格不计）",
    ),
    "about.manhattan": (
        "Manhattan distance: the sum over tiles of the fewest moves each needs to its goal cell "
        "if no other tile were in the way (wraps are shortcuts)",
        "曼哈顿距离：假设没有其他方块阻挡，每个方块到目标位置最少步数之和（环绕是捷径）",
    ),
    "about.linear-conflict": (
        "linear conflict: Manhattan plus 2 moves for every tile that must leave its goal "
        "row (or column) so that tiles that belong there can pass each other",
        "线性冲突：曼哈顿距离，再为每个必须离开目标行（或列）好让同行方块互相让过的方块加 2 步",
    ),
    "about.pdb": (
        "pattern databases: the exact cost of placing each group of tiles, looked up in a table, the "
        "groups' costs added (counting only that group's moves), the largest sum over a few groupings",
        "模式数据库：查表得到放好每组方块的确切代价（只计该组的移动），各组相加，取几种分组中的最大和",
    ),
    "case.rebuilt": (
        "start rebuilt from the 28-move IDA* answer RDRURRDRUUULDLDLDDLUUUURRURR in the "
        "report's repository; row 2 and column 2 wrap around (the report's 'connected points')",
        "初始状态由报告仓库中 28 步的 IDA* 解 RDRURRDRUUULDLDLDDLUUUURRURR 反推得到；"
        "第 2 行和第 2 列环绕相连（报告中的“连通点”）",
    ),
    # words that go into the templates above: a parameter p is {p} in Chinese
    "word.width": ("width", "宽度"),
    "word.height": ("height", "高度"),
    "word.wrapped line": ("wrapped line", "环绕行列"),
    "word.row": ("row", "行"),
    "word.column": ("column", "列"),
    "word.board": ("board", "棋盘"),
    "word.goal": ("goal", "目标"),
    "word.wrap": ("wrap", "环绕"),
    "word.moves": ("moves", "走法"),
    "word.algorithm": ("algorithm", "算法"),
    "word.heuristic": ("heuristic", "启发函数"),
    "word.strategy": ("strategy", "策略"),
    "word.even": ("even", "偶"),
    "word.odd": ("odd", "奇"),
    "word.pattern databases": ("pattern databases", "模式数据库"),
    "word.pdb": ("pdb", "模式数据库"),
    "word.linear-conflict": ("linear-conflict", "线性冲突"),
    "word.manhattan": ("manhattan", "曼哈顿距离"),
    "word.misplaced": ("misplaced", "错位数"),
}
