#!/usr/bin/env python3
"""A test bot that plays twice, then answers with a line that is not JSON: it must forfeit."""
import json
import sys

acts = 0
for line in sys.stdin:
    request = json.loads(line)
    if request["type"] == "act":
        acts += 1
        if acts > 2:
            print("I resign, and this is no JSON", flush=True)
            continue
        result = {"action": request["legal"][-1]}
    else:
        result = {}
    print(json.dumps({"id": request["id"], "ok": True, "result": result}), flush=True)
