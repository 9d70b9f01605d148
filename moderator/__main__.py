from moderator.cli import program

program()
