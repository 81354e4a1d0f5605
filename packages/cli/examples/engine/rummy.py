#!/usr/bin/env python3
"""A rummy bot for Tabula's engine protocol (docs/protocol.md), standard library only.

Run it with: tabula simulate rummy --agents 'cmd:python3 rummy.py,random'
It lays down the play that leaves the most cards on the table (so the most
from its hand), and draws (or passes) when there is none.
"""
import json
import sys


def cards_laid(action):
    return sum(len(meld) for meld in action["layout"])


def choose(view, legal):
    plays = [a for a in legal if a["type"] == "play"]
    if plays:
        return max(plays, key=cards_laid)
    return legal[0]  # draw while the stock lasts, else pass


def main():
    for line in sys.stdin:
        request = json.loads(line)
        if request["type"] == "act":
            result = {"action": choose(request["view"], request["legal"])}
        else:  # hello and quit: a name is answer enough
            result = {"name": "python-rummy"}
        print(json.dumps({"id": request["id"], "ok": True, "result": result}), flush=True)
        if request["type"] == "quit":
            break


if __name__ == "__main__":
    main()
