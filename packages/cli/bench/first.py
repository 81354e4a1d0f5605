#!/usr/bin/env python3
"""The bench's external agent: the first legal action, so that its cost is the protocol's alone."""
import json
import sys

for line in sys.stdin:
    request = json.loads(line)
    print(json.dumps({"id": request["id"], "ok": True, "result": {"index": 0}}), flush=True)
    if request["type"] == "quit":
        break
