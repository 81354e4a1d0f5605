#!/usr/bin/env python3
"""A test bot that plays twice, then exits mid-game with an error: it must forfeit."""
import json
import sys

acts = 0
for line in sys.stdin:
    request = json.loads(line)
    if request["type"] == "act":
        acts += 1
        if acts > 2:
            sys.exit("out of ideas")
        result = {"index": 0}
    else:
        result = {}
    print(json.dumps({"id": request["id"], "ok": True, "result": result}), flush=True)
