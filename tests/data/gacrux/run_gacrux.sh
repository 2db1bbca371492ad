#!/bin/sh
# Regenerates the Gacrux outputs kept beside this script. Run OUTSIDE the repository's tests:
#   GACRUX=/path/to/TieBreakServer sh tests/data/gacrux/run_gacrux.sh
# Gacrux = FIDE's reference tie-break program, github.com/OttoMilvang/TieBreakServer,
# commit 14a34a2c2f36509b110e4f25d6247f31fc4bf2f5 (version 1.9.57), run with Python 3.11.
# The .trf inputs are written by addin.files.trf_league from tests/league_fixture.py
# (tests/test_league_gacrux.py checks that the project still writes them byte for byte).
set -e
cd "$(dirname "$0")"
for f in fide-d1 fide-d2 ffe-d1 ffe-d2; do
  python3 "$GACRUX/tiebreakchecker.py" -b utf-8 -i $f.trf -p -t MPTS GPTS BC ESB DE -d T > $f.teams.tsv
  python3 "$GACRUX/tiebreakchecker.py" -b utf-8 -i $f.trf -p -t MPTS DE GPTS BC -d T > $f.de.tsv
  # the players alone (team records left out): FIDE's TPR and ARO of each player
  grep -v '^013\|^300\|^362\|^082' $f.trf > /tmp/$f.players.trf
  python3 "$GACRUX/tiebreakchecker.py" -b utf-8 -i /tmp/$f.players.trf -t PTS ARO TPR -d T > $f.players.tsv
done
