#!/usr/bin/env python3
"""A skirmish bot for Tabula's engine protocol (docs/protocol.md), standard library only.

Run it with: tabula simulate skirmish --agents 'cmd:python3 skirmish.py,random'
It bids with a ship as strong as the pot is rich: its weakest ship for a
poor pot, its strongest for the richest, and answers by the action's place in
the list (result.index) rather than the action itself.
"""
import json
import sys

RICH_POT = 6  # victory points at which a pot is worth the strongest ship


def choose(view, legal):
    """The index in legal of the ship to send."""
    ranked = sorted(range(len(legal)), key=lambda i: legal[i]["card"])
    share = min(view["potTotalVp"], RICH_POT) / RICH_POT
    return ranked[round(share * (len(ranked) - 1))]


def main():
    for line in sys.stdin:
        request = json.loads(line)
        if request["type"] == "act":
            result = {"index": choose(request["view"], request["legal"])}
        else:  # hello and quit: a name is answer enough
            result = {"name": "python-skirmish"}
        print(json.dumps({"id": request["id"], "ok": True, "result": result}), flush=True)
        if request["type"] == "quit":
            break


if __name__ == "__main__":
    main()
