"""Dual lookups and bidirectional pathmax (BPMX): the optimal search's extra kernels.

Off by default (``use_lookups``, or NPUZZLE_LOOKUPS=dual, bpmx or dual,bpmx): measured on
Korf's 100 with the 7-8 databases they search fewer nodes but cost more time in CPython
(docs/benchmarks.md, "Dual lookups and BPMX").

**The dual.**  Name each tile by its goal cell and a board is a permutation P (cell to
goal cell).  Its inverse D, the *dual*, has on cell x the cell where the tile whose home
is x stands.  If the blank walks the cells p0 = c0, c1, ..., ck = g0 from the board's
blank cell p0 to the goal's g0, each move swapping the contents of two cells, the same
swaps in the reverse order take D to the goal; on D they are legal sliding moves of the
"tile" at g0 (its name is p0, the board's blank cell), which ends on p0.  So D is a
sliding-tile puzzle as far from *its* goal as the board is from the goal, whose blank is
p0 and in which g0 is an ordinary tile; any admissible heuristic of D bounds the board's
distance (Felner, Zahavi, Schaeffer and Holte 2005; Zahavi et al. 2008).  A partition's
group of goal cells G is read on D as on a board: where D puts the tiles G, from the
group's table, when p0 is not in G.  The table must not assume the blank's home is g0
(D's blank ends on p0), so a table built with the blank at home (half7h) is read from
its twin built with it anywhere (half7), except when p0 is g0.  The group holding p0
loses its blank and gains g0: it is counted by Manhattan distance (a table of its cells
but p0, and g0, for every p0 would be the dual's "own tables": 7 more of half7's size
and 8 of half8's for 7-8, not built).  The dual changes in two groups a move (the tiles
p0 and the moved tile's cell), so it is looked up only for the children the direct
look-ups keep.

**BPMX** (Felner, Zahavi, Holte, Schaeffer, Sturtevant and Zhang 2011): the maximum of
several partitions (and the dual) is not consistent, so a child's value can exceed its
parent's by more than one; on an undirected graph with unit moves a node's h is raised
to its largest child's less one before its children are searched, and to a searched
child's backed-up value less one after, and each child's to its parent's less one.

Both are generated like npuzzle.pdb.kernel's kernel (slacks: a node's r is the moves its
subtree may make, each partition's slack r - h) and take its place in _State for optimal
searches; the answers are the same optimal lengths, the nodes fewer.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Any

from .build import cell_bits
from .shapes import BLANK_HOME
from .store import not_cached, table

__all__ = ["LOOKUP_SETTINGS", "use_lookups", "lookups", "Dual", "dual_value", "kernel"]

# NPUZZLE_LOOKUPS: the extra look-ups an optimal search makes (the command line refuses
# other values); use_lookups sets them for this process, over the variable.
LOOKUP_SETTINGS = {
    "": (False, False, False),
    "dual": (True, False, False),
    "bpmx": (False, True, False),
    "dual,bpmx": (True, True, False),
    "cut": (False, False, True),
    "dual,cut": (True, False, True),
}
_chosen: list[tuple[bool, bool, bool] | None] = [None]

# A table built with the blank at home, and its twin built with the blank anywhere (the
# dual's blank ends elsewhere); a key of BLANK_HOME without a twin has no dual.
ANYWHERE = {"half7h": "half7"}


def use_lookups(dual: bool = False, bpmx: bool = False, cut: bool = False) -> None:
    """Make this process's optimal searches use dual lookups, BPMX or its cut (or none)."""
    _chosen[0] = (bool(dual), bool(bpmx), bool(cut) and not bpmx)


def lookups() -> tuple[bool, bool, bool]:
    """(dual, bpmx, cut) for this process: use_lookups', else NPUZZLE_LOOKUPS'."""
    if _chosen[0] is not None:
        return _chosen[0]
    return LOOKUP_SETTINGS.get(os.environ.get("NPUZZLE_LOOKUPS", "").replace(" ", ""), (False, False, False))


def _twin(key: Any) -> Any | None:
    """The table the dual reads for a group whose key is `key` when the dual's blank is not
    the goal's, or None when there is none."""
    if key not in BLANK_HOME:
        return table(key)
    name = ANYWHERE.get(key)
    if name is None or not_cached([name]):
        return None
    return table(name)


def _manhattan(width: int, n: int) -> list[list[int]]:
    return [[abs(a // width - b // width) + abs(a % width - b % width) for b in range(n)] for a in range(n)]


class Dual:
    """The dual look-up's state for a goal's partitions: each group's index and Manhattan
    sum on the dual, filled from a board of the kernel's tile records (record[-1]: the
    tile's goal cell) by ``start``; the kernel changes them in place.  ``ok`` is False when
    a group has no table the dual may read."""

    def __init__(self, parts: Sequence[Sequence[tuple]], goal: Sequence[int], width: int):
        n = len(goal)
        self.n, self.bits, self.g0 = n, cell_bits(n), list(goal).index(0)
        self.md = _manhattan(width, n)
        self.groups = [[(cells, inverse) for _, cells, inverse in groups] for groups in parts]
        self.home = [tuple(table(key) for key, _, _ in groups) for groups in parts]
        twins = [tuple(_twin(key) for key, _, _ in groups) for groups in parts]
        self.ok = all(t is not None for tt in twins for t in tt)
        self.anywhere: list[tuple[Any, ...]] = twins
        # for the object named by cell x, in each partition: (its group's slot, its delta)
        self.record: list[tuple | None] = [None] * n
        self.index = [[0] * len(groups) for groups in parts]
        self.sums = [[0] * len(groups) for groups in parts]

    def set_deltas(self, tiles_records: Sequence[tuple | None], goal: Sequence[int]) -> None:
        """The object x's record from tile goal[x]'s (slot, delta, table per partition)."""
        m = len(self.groups)
        for x in range(self.n):
            rec = tiles_records[goal[x]] if goal[x] else None
            self.record[x] = None if rec is None else sum(((rec[3 * j], rec[3 * j + 1]) for j in range(m)), ())

    def start(self, board: Sequence, blank: int) -> int:
        """Fill the indexes and sums for a board of records whose blank is on `blank`;
        returns where the dual's tile g0 stands."""
        pos = [self.g0 if x == blank else board[x][-1] for x in range(self.n)]
        bits, md = self.bits, self.md
        for j, groups in enumerate(self.groups):
            for s, (cells, inverse) in enumerate(groups):
                self.index[j][s] = sum(inverse[pos[x]] << bits * i for i, x in enumerate(cells))
                self.sums[j][s] = sum(md[pos[x]][x] for x in cells)
        return pos[self.g0]

    def value(self, blank: int, at_g0: int) -> int:
        """The dual's heuristic as its state stands (blank: the board's blank cell)."""
        best = 0
        for j, groups in enumerate(self.groups):
            total = 0
            for s, (cells, _) in enumerate(groups):
                if blank == self.g0:
                    total += self.home[j][s][self.index[j][s]]
                elif blank in cells:
                    total += self.sums[j][s] - self.md[self.g0][blank] + self.md[at_g0][self.g0]
                else:
                    total += self.anywhere[j][s][self.index[j][s]]
            best = max(best, total)
        return best

    def of(self, board: Sequence[int], label: Sequence[int]) -> int:
        """The dual's heuristic for a plain board (tile numbers; label[t]: t's goal cell)."""
        blank = list(board).index(0)
        return self.value(blank, self.start([None if t == 0 else (label[t],) for t in board], blank))


def dual_value(board: Sequence[int], goal: Sequence[int], parts: Sequence[Sequence[tuple]], width: int) -> int:
    """The dual look-up's value for a plain board (tile numbers), from nothing: for tests."""
    label = [0] * len(goal)
    for cell, t in enumerate(goal):
        label[t] = cell
    return Dual(parts, goal, width).of(board, label)


# ------------------------------------------------------------------ the generated kernel
# As npuzzle.pdb.kernel._KERNEL, with tile records ending in the tile's goal cell L.  The
# dual (D): when tile t goes from `cell` to `blank`, the dual's tile `blank` goes from g0 to
# L and its tile `cell` from L to g0 (the new blank); each changes its group's index by its
# delta and its Manhattan sum.  BPMX (B): the children's slacks first, the node's slack
# lowered to a child's + 2 (its h raised to the child's - 1), a child's to the node's; dfs
# returns the node's slack (FOUND on success) and a searched child's lowers the node's.


def _dual_apply(m: int, pad: str) -> list[str]:
    out = [
        "rc = drec[cell]",
        "kin = g0b | L",
        "kout = L << bits | g0",
        "mc = md[cell]",
        "mcg = mc[g0]",
        "pg2 = L if rb is None else pg",
        "if rb is not None:",
    ]
    for j in range(m):
        out += [
            f"    sb{j} = rb[{2 * j}]; eb{j} = rb[{2 * j + 1}][kin]; DI{j}[sb{j}] += eb{j}",
            f"    fb{j} = mb[L] - mbg; DM{j}[sb{j}] += fb{j}",
        ]
    out.append("if rc is not None:")
    for j in range(m):
        out += [
            f"    sc{j} = rc[{2 * j}]; ec{j} = rc[{2 * j + 1}][kout]; DI{j}[sc{j}] += ec{j}",
            f"    fc{j} = mcg - mc[L]; DM{j}[sc{j}] += fc{j}",
        ]
    return [pad + line for line in out]


def _dual_undo(m: int, pad: str) -> list[str]:
    out = ["if rc is not None:"]
    out += [f"    DI{j}[sc{j}] -= ec{j}; DM{j}[sc{j}] -= fc{j}" for j in range(m)]
    out.append("if rb is not None:")
    out += [f"    DI{j}[sb{j}] -= eb{j}; DM{j}[sb{j}] -= fb{j}" for j in range(m)]
    return [pad + line for line in out]


def _dual_value(m: int, sizes: Sequence[int], pad: str) -> list[str]:
    def whole(prefix: str, j: int) -> str:
        return " + ".join(f"{prefix}{j}_{s}[DI{j}[{s}]]" for s in range(sizes[j]))

    out = ["if rc is None:"]
    out += [f"    v{j} = {whole('H', j)}" for j in range(m)]
    out += ["else:", "    mg = md[pg2][g0] - mcg"]
    out += [f"    v{j} = {whole('A', j)} - A{j}[sc{j}][DI{j}[sc{j}]] + DM{j}[sc{j}] + mg" for j in range(m)]
    out.append("hd = " + _max([f"v{j}" for j in range(m)]))
    return [pad + line for line in out]


def _max(names: list[str]) -> str:
    return names[0] if len(names) == 1 else f"max({', '.join(names)})"


def _min(names: list[str]) -> str:
    return f"min({', '.join(names)})"


def _lookup(j: int, pad: str, prune: str) -> list[str]:
    out = [f"i{j} = I{j}[s{j}]", f"n{j} = i{j} + d{j}[key]", f"x{j} = k{j} + b{j}[i{j}] - b{j}[n{j}]"]
    return [pad + line for line in out] + ([pad + line for line in prune.format(j=j).splitlines()] if prune else [])


_PRUNE = "if x{j} < 0:\n    if x{j} > best:\n        best = x{j}\n    continue"
# BPMX's cut alone: a child pruned with a slack below -2 raises its parent's h past the
# bound (h >= the child's - 1), so the node's siblings not yet searched are not searched
_CUT = "if x{j} < 0:\n    if x{j} < -2:\n        if x{j} + 2 > best:\n            best = x{j} + 2\n        return False\n    if x{j} > best:\n        best = x{j}\n    continue"


def driver(search: str) -> str:
    """The end of every IDA* kernel factory (this module's and lookups.py's), after its dfs:
    run (the passes, each bound the last one's plus the largest slack pruned, kept to the
    solution's parity), once (one pass below a node, for the parallel search: found, best,
    nodes), stats and children, and the factory's return.  `search` is the call of one
    pass, with {depth} and {back} to fill in."""
    first = search.format(depth="bound", back="none")
    below = search.format(depth="depth_left", back="back")
    return f"""
    def run(hs, blank, first_bound, parity):
        nonlocal bound, best
        bound = first_bound
        while True:
            best = -(1 << 30)
            if {first}:
                return True
            bound -= best
            if parity is not None:
                bound += (bound ^ parity) & 1
            clock.tick(nodes, bound)

    def once(hs, blank, depth_left, back):
        # one pass below a node, for the parallel search: (found, best, nodes)
        nonlocal bound, best
        bound = depth_left
        best = -(1 << 30)
        found = {below}
        return found, best, nodes

    def stats():
        return bound, nodes

    def children():
        return generated

    return run, stats, once, children
"""


def _source(m: int, sizes: Sequence[int], dual: bool, bpmx: bool, generated: bool, cut: bool = False) -> str:
    js = range(m)
    ks = ", ".join(f"k{j}" for j in js)
    unpack = ", ".join(f"s{j}, d{j}, b{j}" for j in js) + ", L"
    head = [
        "def factory(board, path, moves, clock, check, indexes, none, D):",
        "    " + ", ".join(f"I{j}" for j in js) + ", = indexes",
        "    nodes = 0",
        "    generated = 1",
        "    bound = 0",
        "    best = 0",
        "    FOUND = 1 << 40",
    ]
    if dual:
        head += [
            "    g0, bits, md, drec = D.g0, D.bits, D.md, D.record",
            "    g0b = g0 << bits",
            "    " + ", ".join(f"DI{j}" for j in js) + ", = D.index",
            "    " + ", ".join(f"DM{j}" for j in js) + ", = D.sums",
        ]
        for j in js:
            head.append("    " + ", ".join(f"H{j}_{s}" for s in range(sizes[j])) + f", = D.home[{j}]")
            head.append("    " + ", ".join(f"A{j}_{s}" for s in range(sizes[j])) + f", = D.anywhere[{j}]")
            head.append(f"    A{j} = D.anywhere[{j}]")
    args = f"blank, r, {ks}" + (", kb" if bpmx else "") + ", back" + (", pg" if dual else "")
    body = [
        f"    def dfs({args}):",
        "        nonlocal nodes, best" + (", generated" if generated else ""),
        "        nodes += 1",
    ]
    if generated:
        body.append("        generated += len(moves[blank][back])")
    body += ["        if not nodes & check:", "            clock.tick(nodes, bound)"]
    if bpmx:
        body.append("        s = " + _min([f"k{j}" for j in js] + ["kb"]))
    body.append("        r -= 1")
    body += [f"        k{j} -= 1" for j in js]
    if dual:
        body += ["        rb = drec[blank]", "        mb = md[blank]", "        mbg = mb[g0]"]
    # md is symmetric: md[g0][c] is c's distance to g0
    p = " " * 12
    if not bpmx:
        body += ["        for cell, key in moves[blank][back]:", p + "t = board[cell]", p + f"{unpack} = t"]
        for j in js:
            body += _lookup(j, p, _CUT if cut else _PRUNE)
        child = "dfs(cell, r, " + ", ".join(f"x{j}" for j in js) + ", blank" + (", pg2" if dual else "") + ")"
        if dual:
            body += _dual_apply(m, p) + _dual_value(m, sizes, p)
            body += [p + "xd = r - hd", p + "if xd < 0:"] + _dual_undo(m, p + "    ")
            if cut:
                body += [p + "    if xd < -2:", p + "        if xd + 2 > best:", p + "            best = xd + 2"]
                body += [p + "        return False"]
            body += [p + "    if xd > best:", p + "        best = xd", p + "    continue"]
        body += [p + "board[blank] = t"] + [p + f"I{j}[s{j}] = n{j}" for j in js]
        body += [p + f"if not r or {child}:", p + "    path.append(cell)", p + "    return True"]
        body += [p + f"I{j}[s{j}] = i{j}" for j in reversed(js)]
        if dual:
            body += _dual_undo(m, p)
        body += [p + "board[cell] = t", "        return False"]
    else:
        body += ["        kids = []", "        for cell, key in moves[blank][back]:"]
        body += [p + "t = board[cell]", p + f"{unpack} = t"]
        # the partitions in turn while the child stands; a pruned child's slack is an upper bound
        q = p
        for j in js:
            body += _lookup(j, q, "")
            body.append(q + ("x = x0" if j == 0 else f"if x{j} < x:\n{q}    x = x{j}"))
            if j < m - 1:
                body.append(q + "if x >= 0:")
                q += "    "
        if dual:
            body.append(q + "if x >= 0:")
            body += _dual_apply(m, q + "    ") + _dual_value(m, sizes, q + "    ")
            body += [q + "    xd = r - hd", q + "    if xd < x:", q + "        x = xd"] + _dual_undo(m, q + "    ")
        body += [p + "if x + 2 < s:", p + "    s = x + 2", p + "kids.append((cell, key, t, x))"]
        body += ["        if s < 0:", "            if s > best:", "                best = s", "            return s"]
        body += ["        for cell, key, t, x in kids:", p + "if s < x:", p + "    x = s", p + "if x < 0:"]
        body += [p + "    if x > best:", p + "        best = x", p + "    continue", p + f"{unpack} = t"]
        for j in js:
            body += [
                p + f"i{j} = I{j}[s{j}]",
                p + f"n{j} = i{j} + d{j}[key]",
                p + f"y{j} = k{j} + b{j}[i{j}] - b{j}[n{j}]",
            ]
        body += [p + "board[blank] = t"] + [p + f"I{j}[s{j}] = n{j}" for j in js]
        if dual:
            body += _dual_apply(m, p)
        body += [p + "if not r:", p + "    path.append(cell)", p + "    return FOUND"]
        child = "dfs(cell, r, " + ", ".join(f"y{j}" for j in js) + ", x, blank" + (", pg2" if dual else "") + ")"
        body += [p + f"y = {child}", p + "if y == FOUND:", p + "    path.append(cell)", p + "    return FOUND"]
        body += [p + f"I{j}[s{j}] = i{j}" for j in reversed(js)]
        if dual:
            body += _dual_undo(m, p)
        body += [p + "board[cell] = t", p + "if y + 2 < s:", p + "    s = y + 2", p + "    if s < 0:"]
        body += [p + "        if s > best:", p + "            best = s", p + "        return s", "        return s"]
    start = "D.start(board, blank)" if dual else "0"
    extra = (", 1 << 30" if bpmx else "") + ", back" + (", pg" if dual else "")
    found = "y == FOUND" if bpmx else "y"
    tail = f"""
    def search(hs, blank, depth_left, back):
        pg = {start}
        y = dfs(blank, depth_left, *[depth_left - h for h in hs]{extra})
        return {found}
"""
    return "\n".join(head + body) + "\n" + tail + driver("search(hs, blank, {depth}, {back})")


_kernels: dict = {}


def kernel(m: int, sizes: Sequence[int], dual: bool, bpmx: bool, generated: bool = False, cut: bool = False):
    """The kernel factory for m partitions of sizes[j] groups, with dual look-ups and/or
    BPMX (compiled once for each): factory(board, path, moves, clock, check, indexes,
    none, dual), dual a Dual or None."""
    key = (m, tuple(sizes), dual, bpmx, generated, cut)
    factory = _kernels.get(key)
    if factory is None:
        source = _source(m, sizes, dual, bpmx, generated, cut)
        namespace: dict = {}
        exec(compile(source, f"<pdb kernel m={m} dual={dual} bpmx={bpmx}>", "exec"), namespace)
        factory = _kernels[key] = namespace["factory"]
    return factory
