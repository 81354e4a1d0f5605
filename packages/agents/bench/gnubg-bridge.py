# GNU Backgammon for the benches that need it (bench/gnubg.ts, bench/referee.ts),
# run inside gnubg:
#
#   gnubg -t -q -p bench/gnubg-bridge.py
#
# One request a line on stdin, JSON; one answer a line on stdout, "@@ " and
# JSON (gnubg prints its own messages on stdout too; the "@@ " marks the
# answers). Boards are in gnubg's own layout: first the side not on roll,
# then the side on roll, each from its own side (index 0 its 1-point, 24
# its bar). Everything is cubeless.
#
# A play: {"board": [[25 ints], [25 ints]], "dice": [a, b]} answers
# {"move": [from, to, ...]}, gnubg's best play at 0-ply (points 1 to 24, 25
# the bar, 0 off). With "check": true it answers as well "hint", the first
# play of gnubg's own `hint` command at the same settings, and "best", the
# best play written the same way, to check this script against gnubg's user
# interface.
#
# A judgement: {"judge": [board after each play, ...], "plies": n, "also":
# [indexes]}, each board seen with the opponent now on roll, answers
# {"equity0": [...], "equity1": [...], "deep": {"index": equity}}: the
# equity of every play for the player who made it at 0 and 1 ply, and at n
# plies for the 8 best at 0-ply, the best at 1-ply and those in "also"
# (gnubg's own move filter keeps as few for its deeper plies).
#
# gnubg takes the dice of a move from the game in progress, so the script
# keeps one game open with both players human and sets only its dice.

import json
import sys

import gnubg

gnubg.command('set display off')
gnubg.command('set player 0 human')
gnubg.command('set player 1 human')
gnubg.command('set evaluation chequerplay evaluation plies 0')
gnubg.command('set evaluation chequerplay evaluation cubeful off')
gnubg.command('set evaluation chequerplay evaluation noise 0')
gnubg.command('set evaluation chequerplay evaluation deterministic on')
gnubg.command('new game')

CUBE = gnubg.cubeinfo()
DEEP = 8


def context(plies):
    return {'cubeful': 0, 'plies': plies, 'deterministic': 1, 'noise': 0.0}


def answer(message):
    sys.stdout.write('@@ ' + json.dumps(message) + '\n')
    sys.stdout.flush()


def play(request):
    board = (tuple(request['board'][0]), tuple(request['board'][1]))
    a, b = request['dice']
    gnubg.command('set dice %d %d' % (a, b))
    move = gnubg.findbestmove(board, CUBE, context(0))
    reply = {'move': list(move)}
    if request.get('check'):
        gnubg.command('set board ' + gnubg.positionid(board))
        gnubg.command('set dice %d %d' % (a, b))
        hint = gnubg.hint(1)
        reply['hint'] = hint['hint'][0]['move']
        reply['best'] = gnubg.movetupletostring(move, board)
    return reply


def judge(request):
    boards = [(tuple(b[0]), tuple(b[1])) for b in request['judge']]

    # gnubg's equity is the side on roll's: the player who made the play has the opposite.
    def equities(plies, which):
        return {i: -gnubg.evaluate(boards[i], CUBE, context(plies))[5] for i in which}

    everyone = range(len(boards))
    equity0 = equities(0, everyone)
    equity1 = equities(1, everyone)
    best = sorted(everyone, key=lambda i: -equity0[i])[:DEEP] + [max(everyone, key=lambda i: equity1[i])]
    deep = equities(request['plies'], set(best) | set(request.get('also', [])))
    return {
        'equity0': [equity0[i] for i in everyone],
        'equity1': [equity1[i] for i in everyone],
        'deep': {str(i): e for i, e in deep.items()},
    }


for line in sys.stdin:
    if not line.strip():
        continue
    try:
        request = json.loads(line)
        answer(judge(request) if 'judge' in request else play(request))
    except Exception as error:  # the bench reports it and stops
        answer({'error': repr(error)})

gnubg.command('quit')
