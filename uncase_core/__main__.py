from uncase_core.cli import main

main()
