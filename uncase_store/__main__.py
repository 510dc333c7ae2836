import sys

from uncase_store.cli import main

sys.exit(main(sys.argv[1:]))
