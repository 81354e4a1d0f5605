#!/usr/bin/env python3
"""A test bot that plays well but leaves a process behind holding its pipes: the run must not wait for it."""
import json
import os
import subprocess
import sys

left = subprocess.Popen(["sleep", "300"])
if "LINGERS_PID_FILE" in os.environ:
    # The test checks that this very process is gone after the game.
    with open(os.environ["LINGERS_PID_FILE"], "a") as pids:
        pids.write(f"{left.pid}\n")
for line in sys.stdin:
    request = json.loads(line)
    print(json.dumps({"id": request["id"], "ok": True, "result": {"index": 0}}), flush=True)
    if request["type"] == "quit":
        break
