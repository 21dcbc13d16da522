#!/usr/bin/env bash
# seega play end to end, driven through standard input: a scripted run whose results, bonuses and
# score are checked against the rules of seed 001; illegal and malformed moves; the end of input;
# Ctrl-C at the prompt; bad options; no escape code unless stdout is a terminal and NO_COLOR is unset;
# --watch replays its seed.
set -u
seega=$1
source "$(dirname "$0")/cli_lib.sh"

has_esc() { grep -q $'\x1b' "$1"; }

# --- Bad inputs: one line on stderr, exit 2 ----------------------------------------------------------
bad "level 0" play --level 0
bad "level 31" play --level 31
bad "level not a number" play --level two
bad "unknown player to watch" play --watch random nosuchplayer
bad "one player to watch" play --watch random
bad "three players to watch" play --watch random greedy random
bad "unknown option" play --colour red
bad "bad seed" play --seed banana
bad "unknown rules" play --rules seega
bad "negative delay" play --watch random greedy --delay -5
bad "delay without watch" play --delay 10
bad "level with watch" play --watch random greedy --level 3

# --levels: the computer plays the table's spec at each level; a run past its last level is refused.
printf '1 greedy   # the first level\n2 random\n' >"$tmp/two.levels"
if out=$(echo quit | "$seega" play --levels "$tmp/two.levels") &&
  [[ "$out" == *"game 1, level 1: the computer plays greedy as w and places first"* ]]; then pass; else
  fail "play --levels: $(echo "$out" | grep '^game')"; fi
if out=$(echo quit | "$seega" play --levels "$tmp/two.levels" --level 2) &&
  [[ "$out" == *"game 1, level 2: the computer plays random as w"* ]]; then pass; else
  fail "play --levels --level 2: $(echo "$out" | grep '^game')"; fi
bad_says "a level past the table" "--level 3: allowed 1 to 2 (the --levels table's last level)" \
  play --levels "$tmp/two.levels" --level 3
bad_says "--deterministic with a table" "--deterministic is for the built-in levels" \
  play --levels "$tmp/two.levels" --deterministic
bad_says "a missing table" "--levels $tmp/none.levels" play --levels "$tmp/none.levels"
# play has no --resume: an existing play file is refused saying that it is not continued, not "pass --resume".
echo '{"type":"header"}' >"$tmp/old_play.jsonl"
bad_says "play --out an existing file" "a play file is not continued" play --out "$tmp/old_play.jsonl"

# --- A scripted run: the person is ab(depth=4) (through seega analyze) against the levels -----------
# Short games (10 quiet plies, 30 movement plies) so the run is quick; --deterministic so it replays.
# The driver answers every prompt, tries '?' and a step onto an occupied square once, quits at the
# third game's first prompt, and checks the transcript against the rules: the colours (the computer
# places first in game 0, roles swap), the levels, each result from the final position, each bonus
# from the stones left and the person's own count of its movement moves, and the score.
rules='standard(quiet_plies=10,max_plies=30)'
"$py" - "$seega" "$rules" 2 'ab(depth=4)' "$tmp/run.txt" "$tmp/replies.txt" <<'EOF'
import os, re, subprocess, sys
from fractions import Fraction
import math

seega, rules, seed, engine, transcript, replies = sys.argv[1:7]
PROMPT = b"(? for the legal moves): "

def cells(fen):
    rows = fen.split()[0].split("/")
    board = {}
    for r, row in enumerate(rows):
        f = 0
        for ch in row:
            if ch.isdigit():
                f += int(ch)
                continue
            board[chr(97 + f) + str(len(rows) - r)] = ch
            f += 1
    return board, len(rows)

def best(fen):
    out = subprocess.run([seega, "analyze", "--rules", rules, "--fen", fen, "--player", engine], check=True,
                         capture_output=True, text=True).stdout
    return re.search(r"^best (\S+)", out, re.M).group(1)

def occupied_step(fen):
    board, n = cells(fen)
    side = fen.split()[1]
    for sq, ch in sorted(board.items()):
        if ch != side:
            continue
        f, r = ord(sq[0]) - 97, int(sq[1:])
        for df, dr in ((0, 1), (1, 0), (0, -1), (-1, 0)):
            to = chr(97 + f + df) + str(r + dr)
            if to in board:
                return f"{sq}-{to}", to
    return None, None

p = subprocess.Popen([seega, "play", "--deterministic", "--seed", seed, "--rules", rules], stdin=subprocess.PIPE,
                     stdout=subprocess.PIPE)
out, plan, tried, sent = b"", [], {"list": None, "occupied": None}, []
while True:
    chunk = os.read(p.stdout.fileno(), 1 << 16)
    if not chunk:
        break
    out += chunk
    if not out.endswith(PROMPT):
        continue
    text = out.decode()
    fen = re.findall(r"^    position (.+)$", text, re.M)[-1]
    if not plan:
        if text.count("\nresult: ") >= 2:
            plan = ["quit"]
        elif fen.split()[2] == "0/0" and tried["list"] is None:
            # In movement once: the legal moves, then a step onto an occupied square, then the move.
            move = best(fen)
            illegal, onto = occupied_step(fen)
            tried["list"] = (len(text), move)
            tried["occupied"] = (illegal, onto)
            plan = ["?", illegal, move] if illegal else ["?", move]
        else:
            plan = [best(fen)]
    sent.append(plan.pop(0))
    p.stdin.write((sent[-1] + "\n").encode())
    p.stdin.flush()
code = p.wait()
text = out.decode()
open(transcript, "w").write(text)
open(replies, "w").write("".join(s + "\n" for s in sent))

errors = []
def check(ok, what):
    if not ok:
        errors.append(what)

check(code == 0, f"exit {code}")
check("\x1b" not in text, "an escape code with stdout a pipe")
games = re.split(r"\n(?=game \d+, level)", text)[1:]
check(len(games) >= 1, "no game")
wins, bonus_sum = 0, 0
for k, g in enumerate(games):
    head = re.match(r"game (\d+), level (\d+): the computer plays level\((\d+),deterministic\) as ([wb])", g)
    check(head is not None, f"game {k}: heading: {g[:120]!r}")
    if not head:
        break
    computer = "w" if k % 2 == 0 else "b"  # rules' first placer w; the computer places first in game 0
    you = "b" if computer == "w" else "w"
    check(head.groups() == (str(k + 1), str(k + 1), str(k + 1), computer), f"game {k}: heading {head.groups()}")
    for level, colour in re.findall(r"^level (\d+), you are ([wb])[ ,]", g, re.M):
        check((level, colour) == (str(k + 1), you), f"game {k}: prompt says level {level}, you are {colour}")
    moves, lines, movement_moves = [], g.split("\n"), 0
    for i, line in enumerate(lines):
        m = re.match(r"([wb]) \((you|computer)\): (\S+)", line)
        if not m:
            continue
        colour, who, move = m.groups()
        moves.append(who)
        check(colour == (you if who == "you" else computer), f"game {k}: {line!r}")
        after = next(l for l in lines[i:] if l.startswith("    position "))[len("    position "):]
        # The counters stand above the board, on the line after the move (seed 001).
        counter = "    in hand w " if after.split()[2] != "0/0" else "    stones w "
        check(lines[i + 1].startswith(counter), f"game {k}: after {line!r} comes {lines[i + 1]!r}, not the counters")
        if who == "you" and "+" in move:
            board, _ = cells(after)
            check(all(board.get(sq) == you for sq in move.split("+")), f"game {k}: {move} did not place {you}")
        if who == "you" and "-" in move:
            movement_moves += 1
    check(moves and moves[0] == ("computer" if k % 2 == 0 else "you"), f"game {k}: the wrong side placed first")
    res = re.search(r"^result: (you won|you lost|a draw) \(.*\): you \(([wb])\) (\d+) stones?, the computer \(([wb])\) (\d+)$",
                    g, re.M)
    if res is None:
        check(k == len(games) - 1, f"game {k}: no result")
        break
    final = re.findall(r"^    position (.+)$", g[:res.start()], re.M)[-1]
    board, _ = cells(final)
    mine, theirs = list(board.values()).count(you), list(board.values()).count(computer)
    verdict = "you won" if mine > theirs else "you lost" if mine < theirs else "a draw"
    check(res.groups() == (verdict, you, str(mine), computer, str(theirs)), f"game {k}: {res.group(0)!r}, board {final}")
    if verdict == "you won":
        wins += 1
        bonus = 4 * mine + max(0, 50 - movement_moves)
        bonus_sum += bonus
    else:
        bonus = 0
    score = 1000 * wins + (math.floor(Fraction(10 * bonus_sum, wins) + Fraction(1, 2)) if wins else 0)
    line = re.search(r"^level (\d+), wins (\d+), bonus (\d+) .*, score (\d+)$", g, re.M)
    check(line is not None and line.groups() == (str(k + 1), str(wins), str(bonus), str(score)),
          f"game {k}: {line.group(0) if line else 'no score line'}; expected level {k + 1}, wins {wins}, "
          f"bonus {bonus}, score {score}")
    if verdict != "you won":
        check(f"the run is over: {wins} wins from level 1, score {score}" in g, f"game {k}: no end-of-run line")
        check(k == len(games) - 1, f"game {k}: the run went on after a game that was not a win")
check(wins >= 1, "the scripted person won no game: the bonus is untested (choose another --seed)")
if len(games) == 3:
    check(re.search(rf"^you quit at level 3: the game in progress does not count; wins {wins}, score {score}$", text,
                    re.M),
          "no quit line with the score so far")
if tried["list"]:
    at, move = tried["list"]
    listing = re.search(r"legal moves \((\d+), (\* captures|no capture)\): (.*?)\n(?=level )", text[at:], re.S)
    marked = listing.group(3).split() if listing else []
    listed = [m.rstrip("*") for m in marked]
    check(listing and move in listed and int(listing.group(1)) == len(listed), f"'?' did not list the legal moves with {move}")
    if listing:
        check((listing.group(2) == "* captures") == any(m.endswith("*") for m in marked), f"'?' heading: {listing.group(0)[:80]}")
        # The move played after the list is marked exactly when the transcript shows it capturing.
        played = re.search(rf"^[wb] \(you\): {re.escape(move)}(, capturing .*)?$", text[at:], re.M)
        check(played and (move + "*" in marked) == bool(played.group(1)),
              f"'?' marks {move} {'as' if move + '*' in marked else 'not as'} a capture, but it was played as {played.group(0) if played else None!r}")
    # In movement the prompt no longer says who moved first (it would mislead after a pass).
    movement_prompts = 0
    for prompt in re.finditer(r"^level \d+, you are [wb].*\(\? for the legal moves\): ", text, re.M):
        fen = re.findall(r"^    position (.+)$", text[:prompt.start()], re.M)[-1]
        if fen.split()[2] == "0/0":
            movement_prompts += 1
            check("(you " not in prompt.group(0), f"a movement prompt with the role: {prompt.group(0)!r}")
        else:
            check("(you " in prompt.group(0), f"a placement prompt without the role: {prompt.group(0)!r}")
    check(movement_prompts > 0, "no prompt in movement")
    illegal, onto = tried["occupied"]
    if illegal:
        check(f"\nmove '{illegal}': {onto} is not empty\nlevel " in text[at:],
              f"no clear line for the step {illegal} onto an occupied square")
else:
    errors.append("the run never reached the movement phase")
for e in errors:
    print(e)
sys.exit(1 if errors else 0)
EOF
if [ $? -eq 0 ]; then pass; else fail "the scripted run (transcript: $(head -c 300 "$tmp/run.txt" | tr '\n' '|'))"; fi
# The same replies again give the same transcript: --deterministic replays from the seed.
"$seega" play --deterministic --seed 2 --rules "$rules" <"$tmp/replies.txt" >"$tmp/run2.txt"
if cmp -s "$tmp/run.txt" "$tmp/run2.txt"; then pass; else fail "the same replies with the same seed gave another run"; fi

# --out: the run's finished games, which seega replay reads back move for move.
"$seega" play --deterministic --seed 2 --rules "$rules" --out "$tmp/play.jsonl" <"$tmp/replies.txt" >"$tmp/run3.txt"
if cmp -s "$tmp/run.txt" "$tmp/run3.txt"; then pass; else fail "--out changed the transcript"; fi
"$seega" replay --games "$tmp/play.jsonl" --index 0 --json >"$tmp/play0.json"
if "$py" - "$tmp/run.txt" "$tmp/play.jsonl" "$tmp/play0.json" <<'EOF'
import json, re, sys
text = open(sys.argv[1]).read()
lines = open(sys.argv[2]).read().splitlines()
head, games = json.loads(lines[0]), [json.loads(l) for l in lines[1:]]
assert head["kind"] == "play" and head["players"][:3] == ["you", "level(1,deterministic)", "level(2,deterministic)"], head
assert head["origin"]["command"][:2] == ["seega", "play"] and head["origin"]["date"], head
finished = len(re.findall(r"^result: ", text, re.M))
assert finished >= 1 and len(games) == finished, (len(games), finished)
first = re.split(r"\n(?=game \d+, level)", text)[1]
moves = re.findall(r"^[wb] \((?:you|computer)\): ([^\s,]+)", first, re.M)
j = json.load(open(sys.argv[3]))
assert [m["move"] for m in j["moves"]] == moves, ([m["move"] for m in j["moves"]][:6], moves[:6])
assert j["players"] == {"w": "level(1,deterministic)", "b": "you"}, j["players"]
EOF
then pass; else fail "play --out, then replay: $(head -c 300 "$tmp/play.jsonl")"; fi
bad_says "--out onto an existing file" "--out $tmp/play.jsonl" play --out "$tmp/play.jsonl"
bad_says "--out with --watch" "--out is for a run" play --watch random greedy --out "$tmp/w.jsonl"

# --- An illegal and a malformed move, '?', then the end of input mid-game ---------------------------
printf 'c3+a1\nzz9\n?\na1+e1\na1+b1\nz9\n' | "$seega" play --deterministic --seed 1 >"$tmp/short.txt" 2>"$tmp/short.err"
code=$?
prompt='level 1, you are b (you move first), your move (? for the legal moves): '
want=$(cat <<EOF
${prompt}c3+a1
move 'c3+a1': c3 is the centre, which stays empty until placement ends
${prompt}zz9
move 'zz9': expected a placement a1+b2, a step c2-c3, a chain c2-c3-c4 or pass
${prompt}?
legal moves (231): any two of these squares joined by '+', e.g.
EOF
)
if [ "$code" -eq 0 ] && [ ! -s "$tmp/short.err" ] && [[ "$(cat "$tmp/short.txt")" == *"$want"* ]]; then pass; else
  fail "illegal and malformed moves: exit $code, stderr $(cat "$tmp/short.err"), output: $(cat "$tmp/short.txt")"; fi
# A bad placement names the square and why: b's own a1 is occupied; z9 is off the board.
if grep -qx "move 'a1+b1': a1 is occupied (by b)" "$tmp/short.txt" &&
  grep -qx "move 'z9': z9 is off the 5x5 board (a1 to e5)" "$tmp/short.txt"; then pass; else
  fail "a bad placement's square: $(grep "^move '" "$tmp/short.txt")"; fi
# The counters above the board, right after the move's line.
if grep -A1 '^b (you): a1+e1$' "$tmp/short.txt" | tail -n 1 | grep -qx '    in hand w 10, b 10'; then pass; else
  fail "the counter is not above the board: $(grep -A2 '^b (you): a1+e1$' "$tmp/short.txt")"; fi
! grep -q thinking "$tmp/short.txt" "$tmp/run.txt" && pass || fail "'thinking...' with stdout not a terminal"
if grep -q '^b (you): a1+e1$' "$tmp/short.txt" && tail -n 1 "$tmp/short.txt" | grep -qx \
  'input ended at level 1: the game in progress does not count; wins 0, score 0'; then pass; else
  fail "the move after them, or the end of input: $(tail -n 3 "$tmp/short.txt")"; fi
if [ "$(grep -c '(? for the legal moves): ' "$tmp/short.txt")" -eq 7 ]; then pass; else
  fail "expected 7 prompts (3 refused or answered lines, a move, 2 refused lines, the end of input)"; fi
# The computer placed before the first prompt, so b's first stones land beside two w stones.
if grep -A8 '^b (you): a1+e1$' "$tmp/short.txt" | grep -q '^    position .* w 10/10 0 0$'; then pass; else
  fail "after the computer's and the person's first turns, hands are not 10/10 with w to move"; fi

# quit straight away: the run's score so far, exit 0.
if out=$(echo quit | "$seega" play --level 5) && [[ "$out" == *"level 5, you are b"* ]] &&
  [[ "$out" == *"you quit at level 5: the game in progress does not count; wins 0, score 0" ]]; then pass; else
  fail "quit at --level 5: $out"; fi
# Empty input: the end of input before any move.
if out=$("$seega" play --deterministic </dev/null) && [[ "$out" == *"input ended"* ]]; then pass; else
  fail "empty input: $out"; fi

# --- Ctrl-C at the prompt: the run so far, exit 130 ---------------------------------------------------
# The input is a pipe held open, so the prompt waits in its read when SIGINT comes; the signal is sent
# once the prompt is on the screen. SIGINT is set back to its default in the child, as at a terminal
# (a shell ignores it in the jobs it starts in the background).
if "$py" - "$seega" <<'EOF'
import os, signal, subprocess, sys
p = subprocess.Popen([sys.argv[1], "play", "--deterministic", "--level", "4"], stdin=subprocess.PIPE,
                     stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                     preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
out = b""
while not out.endswith(b"(? for the legal moves): "):
    chunk = os.read(p.stdout.fileno(), 1 << 16)
    if not chunk:
        break
    out += chunk
p.send_signal(signal.SIGINT)
try:
    rest, err = p.communicate(timeout=60)  # a bound, so that a read the signal does not cut fails the test
except subprocess.TimeoutExpired:
    p.kill()
    rest, err = p.communicate()
    print("still running 60 s after SIGINT")
lines = (out + rest).decode().splitlines()
want = "interrupted at level 4: the game in progress does not count; wins 0, score 0"
if p.returncode != 130 or not lines or lines[-1] != want or err:
    print(f"exit {p.returncode}, last line {lines[-1] if lines else ''!r}, stderr {err.decode()!r}")
    sys.exit(1)
EOF
then pass; else fail "Ctrl-C at the prompt: no run summary, or not exit 130"; fi

# --- --watch: plays to the end, the same seed gives the same output ---------------------------------
"$seega" play --watch random greedy --seed 3 >"$tmp/w1.txt" 2>&1; code1=$?
"$seega" play --watch random greedy --seed 3 >"$tmp/w2.txt" 2>&1; code2=$?
"$seega" play --watch random greedy --seed 4 >"$tmp/w3.txt" 2>&1
if [ "$code1" -eq 0 ] && [ "$code2" -eq 0 ] && cmp -s "$tmp/w1.txt" "$tmp/w2.txt" && ! cmp -s "$tmp/w1.txt" "$tmp/w3.txt"; then
  pass; else fail "--watch: exit $code1/$code2, or the same seed gave different output (or another seed the same)"; fi
if head -n 1 "$tmp/w1.txt" | grep -qx 'watch: w plays random and places first, b plays greedy; standard, seed 3' &&
  tail -n 3 "$tmp/w1.txt" | head -n 1 | grep -qx 'result: \(w (random) wins\|b (greedy) wins\|a draw\)' &&
  tail -n 1 "$tmp/w1.txt" | grep -q '^        w [0-9]* stones\?, b [0-9]*; [0-9]* pl' &&
  [ "$(tail -n 3 "$tmp/w1.txt" | awk '{ if (length($0) > m) m = length($0) } END { print m }')" -lt 100 ]; then
  pass; else fail "--watch heading or result (the winner by name, lines under 100 columns): $(head -n 1 "$tmp/w1.txt") ... $(tail -n 3 "$tmp/w1.txt")"; fi
# The result's stones are those of the last position shown.
if "$py" - "$tmp/w1.txt" <<'EOF'
import re, sys
text = open(sys.argv[1]).read()
fen = re.findall(r"^    position (\S+)", text, re.M)[-1]
w, b = map(int, re.search(r"^        w (\d+) stones?, b (\d+);", text, re.M).groups())
assert (fen.count("w"), fen.count("b")) == (w, b), (fen, w, b)
EOF
then pass; else fail "--watch: the result's stones are not the last position's"; fi
"$seega" play --watch 'level(2,deterministic)' greedy --rules 'standard(size=7,max_plies=20)' --seed 5 >"$tmp/w7.txt" 2>&1
if [ $? -eq 0 ] && grep -q '^  7 ' "$tmp/w7.txt" && grep -q '^     a b c d e f g$' "$tmp/w7.txt"; then pass; else
  fail "--watch on 7x7: $(tail -n 3 "$tmp/w7.txt")"; fi

# --- No escape code unless stdout is a terminal and NO_COLOR is unset or empty ----------------------
for f in "$tmp/run.txt" "$tmp/short.txt" "$tmp/w1.txt" "$tmp/w7.txt"; do
  if has_esc "$f"; then fail "an escape code in $(basename "$f") with stdout not a terminal"; else pass; fi
done
NO_COLOR=1 "$seega" play --watch random greedy --seed 3 >"$tmp/nc.txt"
if cmp -s "$tmp/nc.txt" "$tmp/w1.txt"; then pass; else fail "NO_COLOR=1 changed the output to a pipe"; fi
# On a terminal (a pseudo-terminal here): colour, unless NO_COLOR is set to something.
pty_run() {  # pty_run <NO_COLOR value or -unset>: the output of a --watch game with stdout a terminal
  "$py" - "$seega" "$1" <<'EOF'
import os, pty, subprocess, sys
env = dict(os.environ)
env.pop("NO_COLOR", None)
if sys.argv[2] != "-unset":
    env["NO_COLOR"] = sys.argv[2]
master, slave = pty.openpty()
p = subprocess.Popen([sys.argv[1], "play", "--watch", "random", "greedy", "--seed", "3", "--delay", "0"],
                     stdin=subprocess.DEVNULL, stdout=slave, stderr=slave, env=env)
os.close(slave)
out = b""
while True:
    try:
        chunk = os.read(master, 1 << 16)
    except OSError:  # EIO once the child has exited and the terminal is closed
        break
    if not chunk:
        break
    out += chunk
sys.exit(p.wait() or (0 if b"\x1b" in out else 3))
EOF
}
pty_run -unset; code=$?
if [ "$code" -eq 0 ]; then pass; else fail "on a terminal without NO_COLOR: exit $code (3: no colour)"; fi
pty_run ''; code=$?
if [ "$code" -eq 0 ]; then pass; else fail "on a terminal with NO_COLOR empty: exit $code (3: no colour)"; fi
pty_run 1; code=$?
if [ "$code" -eq 3 ]; then pass; else fail "on a terminal with NO_COLOR=1: exit $code (0: colour was used)"; fi

# On a terminal, "thinking..." while the computer searches (its first placement comes before the prompt),
# wiped before the move is shown.
if "$py" - "$seega" <<'EOF'
import os, pty, subprocess, sys
master, slave = pty.openpty()
p = subprocess.Popen([sys.argv[1], "play", "--deterministic"], stdin=slave, stdout=slave, stderr=slave)
os.close(slave)
out = b""
while not out.endswith(b"(? for the legal moves): "):
    chunk = os.read(master, 1 << 16)
    if not chunk:
        break
    out += chunk
os.write(master, b"quit\n")
try:
    while os.read(master, 1 << 16):
        pass
except OSError:
    pass
p.wait()
assert b"thinking...\r" in out and b"\r           \r" in out, out[:400]
EOF
then pass; else fail "no 'thinking...' on a terminal"; fi

finish "cli play"
