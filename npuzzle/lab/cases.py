"""The boards of the course reports (the seed documents), so a class can reproduce its
own report's table with ``npuzzle compare``.

    >>> [c["name"] for c in course_cases()][:2]
    ['001 #1', '001 #2']
    >>> course_cases()[16]["optimal"], course_cases()[16]["title"]
    (15, '八数码问题——A*算法的应用(A-Star)')

The same cases as the test vectors' ``seed_cases.json`` (a test checks they agree): the
optimal length is known for each (None: unsolvable), checked by two independent solvers.
"""

from __future__ import annotations

from ..catalogue import text

__all__ = ["COURSE_CASES", "TITLES", "course_cases"]

# Each report's title, as it is written there.
TITLES = {
    "001_3821239591dd6b63.txt": "E2 15-Puzzle Problem (IDA*)",
    "002_12e9d5adb20b63fb.txt": "IDA Star算法解十六宫格拼图问题",
    "003_bcebfc790c92610a.txt": "八数码问题——A*算法的应用(A-Star)",
    "004_db9084eeac5886ce.txt": "N 数码问题",
}
NOTES = {
    "004_db9084eeac5886ce.txt": text("case.rebuilt"),
}

# (source, board, goal, wraps, optimal length or None for unsolvable), in the reports' order
COURSE_CASES = (
    (
        "001_3821239591dd6b63.txt",
        "4x4:11,3,1,7,4,6,8,2,15,9,10,13,14,12,5,0",
        "4x4:1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,0",
        "",
        56,
    ),
    (
        "001_3821239591dd6b63.txt",
        "4x4:0,5,15,14,7,9,6,13,1,2,12,10,8,11,4,3",
        "4x4:1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,0",
        "",
        62,
    ),
    (
        "001_3821239591dd6b63.txt",
        "4x4:14,10,6,0,4,9,1,8,2,3,5,11,12,13,7,15",
        "4x4:1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,0",
        "",
        49,
    ),
    (
        "001_3821239591dd6b63.txt",
        "4x4:6,10,3,15,14,8,7,11,5,1,0,2,13,12,9,4",
        "4x4:1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,0",
        "",
        48,
    ),
    (
        "001_3821239591dd6b63.txt",
        "4x4:5,1,3,4,2,7,8,12,9,6,11,15,0,13,10,14",
        "4x4:1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,0",
        "",
        15,
    ),
    (
        "001_3821239591dd6b63.txt",
        "4x4:4,11,10,1,13,14,8,2,7,5,12,6,9,3,15,0",
        "4x4:1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,0",
        "",
        54,
    ),
    (
        "001_3821239591dd6b63.txt",
        "4x4:1,2,3,4,12,9,14,11,7,8,6,15,0,5,13,10",
        "4x4:1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,0",
        "",
        31,
    ),
    (
        "001_3821239591dd6b63.txt",
        "4x4:1,3,2,4,5,6,7,8,9,10,11,12,13,14,15,0",
        "4x4:1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,0",
        "",
        None,
    ),
    (
        "001_3821239591dd6b63.txt",
        "4x4:6,10,3,15,14,8,0,11,1,9,7,2,5,13,12,4",
        "4x4:1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,0",
        "",
        41,
    ),
    (
        "002_12e9d5adb20b63fb.txt",
        "4x4:6,13,5,2,8,1,10,12,3,7,15,9,14,4,0,11",
        "4x4:1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,0",
        "",
        53,
    ),
    (
        "002_12e9d5adb20b63fb.txt",
        "4x4:1,2,3,4,6,7,8,0,5,10,11,12,9,13,14,15",
        "4x4:1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,0",
        "",
        8,
    ),
    (
        "002_12e9d5adb20b63fb.txt",
        "4x4:5,8,9,14,10,13,1,6,12,2,7,15,4,0,3,11",
        "4x4:1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,0",
        "",
        56,
    ),
    (
        "002_12e9d5adb20b63fb.txt",
        "4x4:12,7,2,4,5,1,0,9,14,13,6,8,3,15,10,11",
        "4x4:1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,0",
        "",
        47,
    ),
    (
        "002_12e9d5adb20b63fb.txt",
        "4x4:5,11,10,7,13,0,9,3,14,2,4,8,1,15,6,12",
        "4x4:1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,0",
        "",
        38,
    ),
    (
        "002_12e9d5adb20b63fb.txt",
        "4x4:5,1,4,7,2,0,11,3,9,6,10,8,13,14,15,12",
        "4x4:1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,0",
        "",
        14,
    ),
    (
        "002_12e9d5adb20b63fb.txt",
        "4x4:9,14,13,15,5,3,11,6,8,12,2,1,10,7,4,0",
        "4x4:1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,0",
        "",
        None,
    ),
    ("003_bcebfc790c92610a.txt", "3x3:1,2,3,4,5,6,0,7,8", "3x3:1,2,6,4,5,8,7,0,3", "", 15),
    (
        "004_db9084eeac5886ce.txt",
        "5x5:6,1,2,5,10,11,7,9,4,15,20,12,13,8,0,16,21,18,14,19,22,17,3,23,24",
        "5x5:1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,0",
        "r2,c2",
        28,
    ),
)


def course_cases() -> list[dict]:
    """Each case as a dict: name ("001 #1": the report's number, then the board's place
    in it), source, title, board, goal, wrap (as in links: "r2,c2"), optimal, note."""
    found = []
    seen: dict[str, int] = {}
    for source, board, goal, wrap, optimal in COURSE_CASES:
        seen[source] = seen.get(source, 0) + 1
        found.append(
            {
                "name": f"{source[:3]} #{seen[source]}",
                "source": source,
                "title": TITLES[source],
                "board": board,
                "goal": goal,
                "wrap": wrap,
                "optimal": optimal,
                "note": NOTES.get(source, ""),
            }
        )
    return found
