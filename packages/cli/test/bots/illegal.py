#!/usr/bin/env python3
"""A test bot that answers with an action that is not among the legal ones: it must forfeit."""
import json
import sys

for line in sys.stdin:
    request = json.loads(line)
    result = {"action": {"type": "no such action"}} if request["type"] == "act" else {}
    print(json.dumps({"id": request["id"], "ok": True, "result": result}), flush=True)
