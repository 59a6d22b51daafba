"""The message catalogue's entries: every message about input that a person may read, by a
stable code, in English (see npuzzle.catalogue, which words them; the page's catalogues of
the other languages have them under "npuzzle.<code>")."""

from __future__ import annotations

# code -> English
CATALOGUE: dict[str, str] = {
    # boards (npuzzle.rules.notation)
    "board.empty": "the board is empty",
    "board.side_range": "{name} {side} is out of range: boards are {low} to {high} cells a side",
    "board.side_digits": "{name} {digits}... is out of range: boards are {low} to {high} cells a side",
    "board.not_number": "{token!r} is not a tile number",
    "board.number_digits": "number {digits}... is out of range (boards have at most {cells} cells)",
    "board.count": "a {width}x{height} board needs {n} numbers, got {got}",
    "board.number_range": "number {t} is out of range for a {width}x{height} board (0 to {top})",
    "board.twice": "number {t} is used twice",
    "board.empty_entry": "empty entry in the board ID (two commas in a row?)",
    "board.colon": "a board ID looks like 3x3:1,2,3,4,5,6,7,8,0 (a colon after the size)",
    "board.not_square": "{count} numbers on one line is not a square board: write one row a line, or a board ID like 4x4:1,2,...,0",
    "board.empty_row": "row {row} is empty (two '/' in a row, or one at an end?)",
    "board.row_length": "row {row} has {count} numbers but row 1 has {width}",
    # goals and wraps
    "goal.size": "the goal is {gw}x{gh} but the start is {width}x{height}",
    "wrap.needs_size": "{part!r} needs the board size",
    "wrap.bad": "bad wrap {part!r}: write wraps like r2,c2 (row 2 and column 2, counted from 0), or 'all' for a torus",
    "wrap.outside": "wrapped {kind} {line} is outside the board (0 to {top})",
    "wrap.short": "a {kind} can only wrap when it has at least 3 cells",
    # moves (npuzzle.rules.board, npuzzle.rules.notation)
    "moves.letter": "bad move letter {letter!r} at move {i}: use U, D, L or R",
    "moves.off_board": "move {i} ({letter}) takes the blank off the board",
    "moves.no_tile": "move {i} ({letter}, tile notation): no tile can slide that way, the gap is at the edge",
    "moves.count_zero": "a count of 0 after {letter} at move {i}: a count repeats the letter, from 1",
    "moves.count_range": "count {count} after {letter} at move {i} is too large (at most {high})",
    "moves.count_alone": "a count {count} with no letter before it at move {i}: write it after a letter, like R3",
    # a link's solve code (npuzzle.speedsolving.solve_code)
    "replay.empty": "the solve code is empty",
    "replay.letter": "character {i} of the solve code, {char!r}, is not a letter, a digit, - or _",
    "replay.cut": "the solve code is cut short: copy the whole link",
    "replay.version": "the solve code is of version {version}, which this page cannot read (it reads versions 1 to {known})",
    "replay.changed": "byte {at} of the solve code cannot be read: the code was changed",
    # a whole event's code read against its link (the page's web/practice/event_replay.js)
    "replay.first_board": "the solve code's first board is not the link's board (id=)",
    "replay.off_board": "board {k} of the solve code: move {i} ({letter}) takes the blank off the board",
    # a session file the page exported (npuzzle.speedsolving.session_files); the page's
    # import says "Not imported, nothing changed: " before it
    "file.empty": "the file is empty.",
    "file.json": "the file is not JSON that can be read ({why}).",
    "file.format": 'this JSON is not an npuzzle session (its "format" is not "{format}").',
    "file.quote": "the CSV file ends inside a quoted field.",
    "file.column": 'the CSV file has no column "{column}".',
    "file.cells": "line {line} of the CSV file has {count} fields, its header {expected}.",
    "file.field": 'solve {n}: "{value}" is not a valid {field}.',
    "file.size": "solve {n}: the scramble {scramble} is not a board of size {size}.",
    "file.moves": "solve {n}: the solution cannot be played on the scramble {scramble}.",
    # csTimer's export file (npuzzle.speedsolving.cstimer), imported the same way
    "cstimer.not_cstimer": "this JSON is not a csTimer export (it has no session1, session2, ... lists of solves).",
    "cstimer.properties": "the csTimer file's session list (properties.sessionData) cannot be read.",
    "cstimer.none": "the csTimer file has no 15-puzzle or 8-puzzle session (its sessions: {sessions}).",
    "cstimer.type": 'csTimer\'s scramble type "{type}" is not a 15-puzzle or 8-puzzle one.',
    "cstimer.solve": 'session "{session}", solve {n}: {value} is not a csTimer solve.',
    "cstimer.scramble": 'session "{session}", solve {n}: the scramble "{scramble}" cannot be played on a {size} board.',
    # options and arguments (npuzzle.api, the command line)
    # (``value`` here is the value's repr, made by Python: JSON cannot tell 1e7 from 10000000)
    "option.number": "{name} must be a number from {low:g} to {high:g}, not {value}",
    "option.choice": "unknown {name} {value}: choose from {choices}",
    "input.type": "the {name} must be text, not {kind}",
    "random.goal_size": "the goal is {gw}x{gh}, not {width}x{height}",
    # the lines of a batch file (npuzzle.batch)
    "batch.json": "not valid JSON: {detail} (column {column})",
    "batch.json_object": 'a JSON line must be an object like {{"start": "3x3:..."}}, not {kind}',
    "batch.json_key": "unknown key {key!r}: a line's keys are {keys}",
    "batch.json_start": 'the line has no "start" board',
    "batch.id_twice": "id {id!r} is used twice (first on line {first})",
    # solvability (npuzzle.rules.solvability)
    "solvable.odd_cycle": (
        "every arrangement is solvable: a wrapped line of odd length lets the blank "
        "go round an odd cycle, which flips the permutation parity"
    ),
    "solvable.parity": "permutation parity ({perm}) matches the blank's distance parity ({blank})",
    "unsolvable.parity": (
        "unsolvable: the permutation from start to goal is {perm} but the blank's "
        "distance parity is {blank}; every move changes both, so they can never agree"
    ),
    # what a solve tried (npuzzle.search.portfolio, npuzzle.pdb): the notes of a Result
    "note.optimal_stopped": "optimal IDA* stopped after {seconds:.1f} s, having proven at least {bound} moves",
    "note.beam_found": "beam search (width {width:,}, pattern databases) found {length} moves in {seconds:.2f} s",
    "note.weighted_found": "weighted IDA* (w = {w}, {label}) found {length} moves in {seconds:.2f} s, at most {factor:.3g} x optimal",
    "note.weighted_unfinished": "weighted IDA* ({label}) with w = {weights} did not finish in time (at most {seconds:.2f} s each)",
    "note.shortened": "shortened from {before} to {after} moves by re-solving stretches optimally",
    "note.constructive": "constructive: {length} moves, line by line, the last rectangle optimally",
    "pdb.not_covered": (
        "pattern databases cover the plain 3x3 and 4x4 boards, and the 5x5 with the blank's "
        "goal in a corner: solved with linear conflict"
    ),
    "pdb.idastar_only": "pattern databases are used by IDA* only: solved with linear conflict",
    "pdb.needs_numpy": (
        "the {size}x{size} pattern databases are not built yet and building them needs numpy "
        "(pip install numpy, then python3 -m npuzzle databases): solved with linear conflict"
    ),
    "pdb.not_loaded": "pattern databases are not loaded: solved with linear conflict",
    "pdb.missing_page": "the {size}x{size} pattern databases did not load: weighted search used linear conflict",
    "pdb.missing": (
        "the {size}x{size} pattern databases are not built yet (python3 -m npuzzle databases builds "
        "them once, with numpy): weighted search used linear conflict"
    ),
    # the study lab (npuzzle.lab, npuzzle.api's lab actions)
    "lab.pdb.not_covered": "pattern databases cover the plain 3x3 and 4x4 boards, and the 5x5 with the blank's goal in a corner",
    "lab.pdb.needs_numpy": (
        "the {size}x{size} pattern databases are not built yet and building them needs "
        "numpy (pip install numpy, then python3 -m npuzzle databases)"
    ),
    "lab.pdb.not_loaded": "pattern databases are not loaded",
    "lab.unavailable": "{name} is not available for this board",
    "lab.tree": "the tree is drawn for {algorithms}, not {algorithm!r}",
    "lab.path": "path must be moves U, D, L and R, not {path!r}",
    "lab.session": "no step session {session!r}: it finished, was stopped or was never started",
    # the lab's words for people (npuzzle.lab.compare.cell): names, columns, cells
    "lab.algorithm.bfs": "Breadth-first search",
    "lab.algorithm.astar": "A*",
    "lab.algorithm.idastar": "IDA*",
    "lab.algorithm.weighted-astar": "Weighted A*",
    "lab.algorithm.weighted-idastar": "Weighted IDA*",
    "lab.algorithm.greedy": "Greedy best-first",
    "lab.run.weighted-astar": "Weighted A* (w = {weight:g})",
    "lab.run.weighted-idastar": "Weighted IDA* (w = {weight:g})",
    "lab.heuristic.misplaced": "Misplaced tiles",
    "lab.heuristic.manhattan": "Manhattan distance",
    "lab.heuristic.linear-conflict": "Linear conflict",
    "lab.heuristic.pdb": "Pattern databases",
    "lab.column.depth": "depth",
    "lab.column.algorithm": "algorithm",
    "lab.column.heuristic": "heuristic",
    "lab.column.found": "found",
    "lab.column.length": "length",
    "lab.column.optimal": "guaranteed shortest",
    "lab.column.nodes_expanded": "nodes expanded",
    "lab.column.nodes_generated": "nodes generated",
    "lab.column.max_stored": "max stored",
    "lab.column.seconds": "seconds",
    "lab.column.iterations": "IDA* passes",
    "lab.column.ebf": "effective branching factor",
    "lab.column.initial_h": "h at the start",
    "lab.column.stopped": "stopped",
    "lab.column.boards": "boards",
    "lab.column.solved": "solved",
    "lab.column.mean_nodes_expanded": "mean nodes expanded",
    "lab.column.mean_nodes_generated": "mean nodes generated",
    "lab.column.mean_seconds": "mean seconds",
    "lab.stopped.time limit": "time limit",
    "lab.stopped.node limit": "node limit",
    "lab.status.expanded": "expanded",
    "lab.status.in open": "in open",
    "lab.status.duplicate": "duplicate",
    "lab.status.superseded": "superseded",
    "lab.status.cut-off": "cut off",
    "lab.status.goal": "goal",
    "lab.not_run": "not run",
    "lab.yes": "yes",
    "lab.no": "no",
    # the study over many boards (npuzzle.lab.study, the api's study actions)
    "study.cells": (
        "boards of an exact depth are drawn on boards of at most {cells} cells or with pattern databases"
        " (4x4, 5x5), not {width}x{height}"
    ),
    "study.walk_depth": "depth {depth}: boards at an exact depth on this size are drawn from {low} to {high} moves",
    "study.depth": "no board is {depth} moves from this goal (the farthest are {farthest})",
    "study.depths": "depths {text!r} should be whole numbers, like 12,16,20,24",
    "study.size": "size {text!r} should look like 3x3 (width x height)",
    "study.no_boards": "give the boards: random boards at each depth, or boards one a line",
    "study.too_many": "{count} boards is too many: at most {high} at once",
    "option.whole": "{name} must be a whole number from {low} to {high}, not {value}",
    "about.bfs": (
        "breadth-first search: every board one move away, then two, ...; shortest answers, "
        "no heuristic, for small boards only"
    ),
    "about.astar": "A*: always expands the open node of smallest f = g + h; shortest answers when h never overestimates",
    "about.idastar": (
        "IDA*: depth-first passes cut off where f = g + h exceeds a threshold, which rises to the "
        "smallest f cut off; shortest answers, memory only for the path"
    ),
    "about.weighted-astar": "weighted A*: f = g + w h; faster, answers at most w times the shortest",
    "about.weighted-idastar": "weighted IDA*: IDA* on f = g + w h; answers at most w times the shortest",
    "about.greedy": "greedy best-first search: always expands the open node of smallest h; fast, no bound on the answer's length",
    "about.misplaced": "misplaced tiles: the number of tiles not on their goal cell (the blank not counted)",
    "about.manhattan": (
        "Manhattan distance: the sum over tiles of the fewest moves each needs to its goal cell "
        "if no other tile were in the way (wraps are shortcuts)"
    ),
    "about.linear-conflict": (
        "linear conflict: Manhattan plus 2 moves for every tile that must leave its goal "
        "row (or column) so that tiles that belong there can pass each other"
    ),
    "about.pdb": (
        "pattern databases: the exact cost of placing each group of tiles, looked up in a table, the "
        "groups' costs added (counting only that group's moves), the largest sum over a few groupings"
    ),
    "case.rebuilt": (
        "start rebuilt from the 28-move IDA* answer RDRURRDRUUULDLDLDDLUUUURRURR in the "
        "report's repository; row 2 and column 2 wrap around (the report's 'connected points')"
    ),
    # words that go into the templates above: a parameter p is {p} in Chinese
    "word.width": "width",
    "word.height": "height",
    "word.wrapped line": "wrapped line",
    "word.row": "row",
    "word.column": "column",
    "word.board": "board",
    "word.goal": "goal",
    "word.wrap": "wrap",
    "word.moves": "moves",
    "word.algorithm": "algorithm",
    "word.heuristic": "heuristic",
    "word.strategy": "strategy",
    "word.even": "even",
    "word.odd": "odd",
    "word.pattern databases": "pattern databases",
    "word.pdb": "pdb",
    "word.linear-conflict": "linear-conflict",
    "word.manhattan": "manhattan",
    "word.misplaced": "misplaced",
}
