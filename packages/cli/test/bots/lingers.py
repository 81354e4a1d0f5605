#!/usr/bin/env python3
"""A test bot that plays well but leaves a process behind holding its pipes: the run must not wait for it."""
import json
import subprocess
import sys

subprocess.Popen(["sleep", "300"])
for line in sys.stdin:
    request = json.loads(line)
    print(json.dumps({"id": request["id"], "ok": True, "result": {"index": 0}}), flush=True)
    if request["type"] == "quit":
        break
