#!/usr/bin/env python3
"""A backgammon bot for Tabula's engine protocol (docs/protocol.md), standard library only.

Run it with: tabula simulate backgammon --agents 'cmd:python3 backgammon.py,random'
It rolls, never doubles, takes every cube, and plays the move that hits most,
makes most points and leaves fewest blots.
"""
import json
import sys


def score(board, seat, steps):
    """How good a move looks: its steps played on a copy of the board (seat 0 positive, seat 1 negative)."""
    mine = 1 if seat == 0 else -1
    points = list(board["points"])
    hits = 0
    for step in steps:
        if step["from"] != "bar":
            points[step["from"]] -= mine
        if step["to"] != "off":
            if points[step["to"]] == -mine:  # a lone enemy checker: hit it
                points[step["to"]] = 0
                hits += 1
            points[step["to"]] += mine
    made = sum(1 for p in points if p * mine >= 2)
    blots = sum(1 for p in points if p * mine == 1)
    off = sum(1 for step in steps if step["to"] == "off")
    return 3 * hits + 2 * made - 2 * blots + 2 * off


def choose(view, legal):
    for wanted in ("roll", "take", "accept"):
        for action in legal:
            if action["type"] == wanted:
                return action
    moves = [a for a in legal if a["type"] == "move"]
    if not moves:
        return legal[0]
    return max(moves, key=lambda a: score(view["board"], view["viewer"], a["steps"]))


def main():
    for line in sys.stdin:
        request = json.loads(line)
        if request["type"] == "act":
            result = {"action": choose(request["view"], request["legal"])}
        else:  # hello and quit: a name is answer enough
            result = {"name": "python-backgammon"}
        print(json.dumps({"id": request["id"], "ok": True, "result": result}), flush=True)
        if request["type"] == "quit":
            break


if __name__ == "__main__":
    main()
