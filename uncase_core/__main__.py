from uncase_core.cli.main import main

main()
