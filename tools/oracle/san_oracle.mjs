#!/usr/bin/env node
// SAN oracle for tests/chessops_diff_test.cpp: every legal move of a position with chessops' UCI
// and SAN, so Schach's notation can be compared against an independent implementation.
//
// Input (stdin), one position a line:   FEN <TAB> chess960 (0|1)
// Output (stdout), for each input line:
//   FEN <TAB> uci <TAB> san        one line per legal move (promotions to Q, R, B and N each)
//   END <TAB> FEN                  after the moves of the position (also after an ERROR)
//   ERROR <TAB> FEN <TAB> message  when chessops cannot read the FEN or rejects the position
// UCI castling follows Schach's convention: king-takes-rook (e1h1) in Chess960 mode, king to its
// target square (e1g1, e1c1) otherwise. chessops itself always encodes castling as king-takes-rook.
// Castling rights are taken as rook squares either way (chessops reads Shredder-FEN file letters
// as well as KQkq), so Chess960 positions should be sent as Shredder-FEN.

import { createInterface } from 'node:readline';
import { Chess, castlingSide } from 'chessops/chess';
import { parseFen } from 'chessops/fen';
import { makeSan } from 'chessops/san';
import { SquareSet } from 'chessops/squareSet';
import { kingCastlesTo, makeUci } from 'chessops/util';

const PROMOTIONS = ['queen', 'rook', 'bishop', 'knight'];

/** The output lines (without END) for one position; throws with a message on bad input. */
function movesOf(fen, chess960) {
  const setup = parseFen(fen);
  if (setup.isErr) throw new Error(`parseFen: ${setup.error.message}`);
  const created = Chess.fromSetup(setup.value);
  if (created.isErr) throw new Error(`Chess.fromSetup: ${created.error.message}`);
  const pos = created.value;
  const backranks = SquareSet.backranks();
  const lines = [];
  for (const [from, dests] of pos.allDests()) {
    const isPawn = pos.board.pawn.has(from);
    for (const to of dests) {
      const promotions = isPawn && backranks.has(to) ? PROMOTIONS : [undefined];
      for (const promotion of promotions) {
        const move = promotion ? { from, to, promotion } : { from, to };
        const san = makeSan(pos, move);
        let uciMove = move;
        const side = castlingSide(pos, move);
        if (side && !chess960) uciMove = { from, to: kingCastlesTo(pos.turn, side) };
        lines.push(`${fen}\t${makeUci(uciMove)}\t${san}`);
      }
    }
  }
  return lines;
}

const out = [];
const flush = () => {
  if (out.length) process.stdout.write(out.join('\n') + '\n');
  out.length = 0;
};

const rl = createInterface({ input: process.stdin, crlfDelay: Infinity });
for await (const raw of rl) {
  const line = raw.replace(/\r$/, '');
  if (line.trim() === '') continue;
  const [fen, flag] = line.split('\t');
  try {
    if (flag !== undefined && flag !== '0' && flag !== '1') throw new Error(`chess960 flag must be 0 or 1, not '${flag}'`);
    out.push(...movesOf(fen, flag === '1'));
  } catch (e) {
    out.push(`ERROR\t${fen}\t${String(e && e.message ? e.message : e).replace(/[\t\n]/g, ' ')}`);
  }
  out.push(`END\t${fen}`);
  if (out.length > 4096) flush();
}
flush();
