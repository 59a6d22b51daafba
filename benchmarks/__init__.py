"""The benchmarks: a module each, run by the one front, ``python3 bench.py NAME`` (its
``--help`` lists them); ``boards`` holds the sets of boards they solve."""
