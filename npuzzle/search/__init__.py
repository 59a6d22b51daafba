"""The searches: admissible heuristics over per-tile tables and their IDA* kernel
(``heuristics``, ``tile_kernel``), optimal IDA* and A* and weighted search (``optimal``), the
beam search, the line-by-line constructive solver and the re-solving of an answer's
stretches (``beam``, ``constructive``, ``shorten``), the stages of a solve (``stages``) and
the strategies that answer every board (``portfolio``).  They may import the pattern
databases (``npuzzle.pdb``), what every search shares (``npuzzle.result``), the rules and
the message catalogue; never the lab, speedsolving, the api or the front ends.
"""
