from moderator.cli import main

main()
