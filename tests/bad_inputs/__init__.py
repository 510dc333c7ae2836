"""Bad input corpus (issue 8): malformed files, and tricky but valid ones, for every loader.

Use it as ``from tests.bad_inputs.corpus import CORPUS`` (see :mod:`tests.bad_inputs.corpus`);
:mod:`tests.bad_inputs.targets` runs an entry through the loaders and command-line subcommands.
"""
