"""A player's figures and aids: move counts (``metrics``: STM, MTM, TPS), a solve analysed
move by move and every optimal solution (``analysis``), the coach's distance and good moves
for the position on the board (``coach``), sessions' averages and their files
(``sessions``, ``session_files``), csTimer's export file read as sessions (``cstimer``), and a solve's moves and times as a link's code
(``solve_code``).  They may import the searches, the pattern databases, what every search
shares (``npuzzle.result``), the rules and the message catalogue; never the lab, the api or
the front ends.
"""
