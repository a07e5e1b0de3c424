#!/usr/bin/env bash
# SPRT of a candidate net (EvalFile) against the built-in net6 at 10k nodes a move, resumable
# from its journal. The journal's fingerprint names the engines' paths, so both must stand at
# /work/net8/ again on a new machine:
#   make build && mkdir -p /work/net8 && cp build/release/schach /work/net8/schach   (net6 built in)
#   the candidate: nets/candidates/net8*.nnue -> /work/net8/net8.nnue (the file this run used)
#   mkdir -p /work/net8/out && xz -dc data/sprt/net8/net8.pgn.journal.xz > /work/net8/out/net8.pgn.journal \
#       && xz -dc data/sprt/net8/net8.pgn.xz > /work/net8/out/net8.pgn
#   setsid nohup bash data/sprt/net8/run.sh >> /work/net8/out/result.md 2>> /work/net8/run.log < /dev/null &
# Stop with kill -INT on the `schach match` process; pack again with xz -9 into this folder.
cd "$(dirname "$0")/../../.."
echo -10 > /proc/self/autogroup 2>/dev/null
exec /work/net8/schach match --lang en -event "schach net8 sprt" \
  -engine cmd=/work/net8/schach args=uci name=net8 option.EvalFile=/work/net8/net8.nnue \
  -engine cmd=/work/net8/schach args=uci name=net6 \
  -each nodes=10000 option.Hash=16 option.Threads=1 option.Ponder=false \
  -games 8000 -concurrency ${CONCURRENCY:-2} \
  -openings file=/work/shared/data/books/8mvs_+90_+99.epd order=random -seed 111 \
  -resign movecount=3 score=400 -draw movenumber=40 movecount=8 score=10 \
  -sprt elo0=0 elo1=10 alpha=0.05 beta=0.05 \
  -pgnout /work/net8/out/net8.pgn
