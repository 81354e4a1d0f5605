# GNU Backgammon as a player for bench/gnubg.ts, run inside gnubg:
#
#   gnubg -t -q -p bench/gnubg-player.py
#
# One request a line on stdin, JSON: {"board": [[25 ints], [25 ints]], "dice": [a, b]}
# in gnubg's own board layout (first the side not on roll, then the side on
# roll, each from its own side: index 0 its 1-point, 24 its bar). The answer
# is one line on stdout, "@@ " and JSON: {"move": [from, to, ...]}, gnubg's
# best play at 0-ply, cubeless (points 1 to 24, 25 the bar, 0 off). gnubg
# prints its own messages on stdout too; the "@@ " marks the answers.
#
# {"check": true, ...} answers as well "hint", the first play of gnubg's own
# `hint` command at the same settings, and "best", the best play written the
# same way, to check the driver against gnubg's user interface.
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

CONTEXT = {'cubeful': 0, 'plies': 0, 'deterministic': 1, 'noise': 0.0}
CUBE = gnubg.cubeinfo()


def answer(message):
    sys.stdout.write('@@ ' + json.dumps(message) + '\n')
    sys.stdout.flush()


for line in sys.stdin:
    if not line.strip():
        continue
    try:
        request = json.loads(line)
        board = (tuple(request['board'][0]), tuple(request['board'][1]))
        a, b = request['dice']
        gnubg.command('set dice %d %d' % (a, b))
        move = gnubg.findbestmove(board, CUBE, CONTEXT)
        reply = {'move': list(move)}
        if request.get('check'):
            gnubg.command('set board ' + gnubg.positionid(board))
            gnubg.command('set dice %d %d' % (a, b))
            hint = gnubg.hint(1)
            reply['hint'] = hint['hint'][0]['move']
            reply['best'] = gnubg.movetupletostring(move, board)
        answer(reply)
    except Exception as error:  # the bench reports it and stops
        answer({'error': repr(error)})

gnubg.command('quit')
