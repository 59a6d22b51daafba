"""The build, serve and test tooling behind build.py, one role a module.  Standard library only."""
