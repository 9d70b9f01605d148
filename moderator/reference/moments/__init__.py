"""Each module's part of the ruling for "what now?" (`reference/context.py`): its steps, what
it adds to the team and the mission, one file per module, loaded when the ruling is asked."""
