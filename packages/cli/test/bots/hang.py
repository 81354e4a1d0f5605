#!/usr/bin/env python3
"""A test bot that answers hello and then its first act too late: it must forfeit on time."""
import json
import sys
import time

acts = 0
for line in sys.stdin:
    request = json.loads(line)
    if request["type"] == "act":
        acts += 1
        if acts > 2:
            time.sleep(3600)
        result = {"action": request["legal"][0]}
    else:
        result = {}
    print(json.dumps({"id": request["id"], "ok": True, "result": result}), flush=True)
