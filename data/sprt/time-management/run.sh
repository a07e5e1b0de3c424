#!/usr/bin/env bash
# SPRT of docs/pending/time-management.patch (tm2) against the shipped engine (old) at 10+0.1,
# resumable from its journal. The journal's fingerprint names the engines' paths, so both must
# stand at /work/tm/ again on a new machine:
#   git worktree add /work/wt-old af92b32 && (cd /work/wt-old && make build) && cp /work/wt-old/build/release/schach /work/tm/old
#   git worktree add /work/wt-tm2 af92b32 && (cd /work/wt-tm2 && git apply /work/main/docs/pending/time-management.patch && make build) \
#       && cp /work/wt-tm2/build/release/schach /work/tm/tm2
#   mkdir -p /work/tm/out && xz -dc data/sprt/time-management/tm.pgn.journal.xz > /work/tm/out/tm.pgn.journal \
#       && xz -dc data/sprt/time-management/tm.pgn.xz > /work/tm/out/tm.pgn
#   setsid nohup bash data/sprt/time-management/run.sh >> /work/tm/out/result.md 2>> /work/tm/run.log < /dev/null &
# Stop with kill -INT on the `schach match` process; pack again with xz -9 into this folder.
cd "$(dirname "$0")/../../.."
echo -10 > /proc/self/autogroup 2>/dev/null
exec /work/tm/tm2 match --lang en -event "schach tm sprt" \
  -engine cmd=/work/tm/tm2 args=uci name=tm2 "option.Move Overhead=100" \
  -engine cmd=/work/tm/old args=uci name=old "option.Move Overhead=100" \
  -each tc=10+0.1 option.Hash=16 option.Threads=1 option.Ponder=false timemargin=100 \
  -games 6000 -concurrency ${CONCURRENCY:-2} \
  -openings file=/work/shared/data/books/8mvs_+90_+99.epd order=random -seed 93 \
  -resign movecount=3 score=400 -draw movenumber=40 movecount=8 score=10 \
  -sprt elo0=0 elo1=10 alpha=0.05 beta=0.05 \
  -pgnout /work/tm/out/tm.pgn
