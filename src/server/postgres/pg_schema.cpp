#include "server/postgres/pg_schema.hpp"

#include <iterator>
#include <memory>
#include <string>

namespace schach::server::pg {
namespace {

// Each entry moves the schema one version up. Version 1 holds what SQLite's schema 6 holds, plus
// the owner of each game (a node's name) and its epoch: the fencing token of the nodes that take
// over each other's games (issue #23, part 3). Until then there is one node: create_game sets the
// owner to PgOptions::node and the epoch to 0, and nothing reads them yet.
//
// The moves table is append-only keyed by (game, ply): a move is inserted once and never changed;
// only a take-back deletes the plies from its own on, as SQLite's does.
//
// Every write is one function call that returns '' (stored), 'C<message>' (Conflict: a key taken,
// a missing game, a version missed) or 'F<message>' (Failed); its exception block rolls back that
// write alone (a subtransaction, as SQLite's savepoint per write), so one batch of writes is one
// transaction with one commit for all.
constexpr std::string_view Migrations[] = {
    R"sql(
CREATE TABLE games(
  id text PRIMARY KEY, created bigint NOT NULL, variant text NOT NULL, chess960 integer NOT NULL,
  mode text NOT NULL, level integer NOT NULL, tc text NOT NULL, white_kind text NOT NULL,
  black_kind text NOT NULL, initial_fen text NOT NULL, status text NOT NULL, result text NOT NULL,
  reason text NOT NULL, version bigint NOT NULL, updated bigint NOT NULL,
  draw_offer text NOT NULL DEFAULT '', takeback_offer text NOT NULL DEFAULT '',
  rematch_offer text NOT NULL DEFAULT '', rematch text NOT NULL DEFAULT '',
  imported boolean NOT NULL DEFAULT false, white_name text NOT NULL DEFAULT '',
  black_name text NOT NULL DEFAULT '',
  owner text NOT NULL DEFAULT '', owner_epoch bigint NOT NULL DEFAULT 0);
CREATE INDEX games_status ON games(status, created);
CREATE TABLE seats(
  game text NOT NULL REFERENCES games(id), color text NOT NULL, engine boolean NOT NULL,
  secret_hash text NOT NULL, invite_hash text NOT NULL, browser text NOT NULL,
  PRIMARY KEY(game, color));
CREATE INDEX seats_browser ON seats(browser);
CREATE TABLE moves(
  game text NOT NULL REFERENCES games(id), ply integer NOT NULL, uci text NOT NULL,
  clock_ms bigint, stamp_ms bigint NOT NULL, lag_ms bigint NOT NULL DEFAULT 0,
  PRIMARY KEY(game, ply));
CREATE TABLE events(
  game text NOT NULL REFERENCES games(id), version bigint NOT NULL, kind text NOT NULL,
  json text NOT NULL, PRIMARY KEY(game, version));
CREATE TABLE analyses(
  game text PRIMARY KEY REFERENCES games(id), status text NOT NULL, browser text NOT NULL,
  requested bigint NOT NULL, nodes bigint NOT NULL, plies integer NOT NULL, positions text NOT NULL);
CREATE INDEX analyses_status ON analyses(status, requested);
CREATE INDEX analyses_requested ON analyses(requested);
CREATE TABLE puzzle_players(
  browser text PRIMARY KEY, rating double precision NOT NULL, deviation double precision NOT NULL,
  volatility double precision NOT NULL, last_ms bigint NOT NULL, solved integer NOT NULL,
  failed integer NOT NULL);
CREATE TABLE puzzle_attempts(
  browser text NOT NULL, seq integer NOT NULL, puzzle text NOT NULL, win boolean NOT NULL,
  rated boolean NOT NULL, at_ms bigint NOT NULL, rating_after double precision NOT NULL,
  PRIMARY KEY(browser, seq));
CREATE TABLE puzzle_ratings(
  puzzle text PRIMARY KEY, rating double precision NOT NULL, deviation double precision NOT NULL,
  volatility double precision NOT NULL, plays integer NOT NULL);

-- The games row and the events of every write to a game; SC409: the game is not at the version
-- before the events (another writer was first).
CREATE FUNCTION schach_write_update(p_id text, p_status text, p_result text, p_reason text,
    p_version bigint, p_updated bigint, p_draw text, p_takeback text, p_rematch_offer text,
    p_rematch text, p_versions bigint[], p_kinds text[], p_jsons text[], p_keep bigint)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_before bigint := p_version - coalesce(cardinality(p_versions), 0);
BEGIN
  UPDATE games SET status = p_status, result = p_result, reason = p_reason, version = p_version,
      updated = p_updated, draw_offer = p_draw, takeback_offer = p_takeback,
      rematch_offer = p_rematch_offer, rematch = p_rematch
    WHERE id = p_id AND version = v_before;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'game % is not at version %', p_id, v_before USING ERRCODE = 'SC409';
  END IF;
  INSERT INTO events(game, version, kind, json)
    SELECT p_id, e.v, e.k, e.j FROM unnest(p_versions, p_kinds, p_jsons) AS e(v, k, j);
  DELETE FROM events WHERE game = p_id AND version <= p_version - p_keep;
END $$;

-- A new game (create_game) or a finished one with its moves (import_game).
CREATE FUNCTION schach_create_game(p_id text, p_created bigint, p_variant text, p_chess960 integer,
    p_mode text, p_level integer, p_tc text, p_white_kind text, p_black_kind text, p_fen text,
    p_status text, p_result text, p_reason text, p_version bigint, p_updated bigint,
    p_imported boolean, p_white_name text, p_black_name text, p_owner text,
    p_colors text[], p_engines boolean[], p_secrets text[], p_invites text[], p_browsers text[],
    p_event_version bigint, p_event_kind text, p_event_json text,
    p_plies integer[], p_ucis text[], p_clocks bigint[], p_stamps bigint[], p_lags bigint[])
RETURNS text LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO games(id, created, variant, chess960, mode, level, tc, white_kind, black_kind,
      initial_fen, status, result, reason, version, updated, imported, white_name, black_name,
      owner, owner_epoch)
    VALUES(p_id, p_created, p_variant, p_chess960, p_mode, p_level, p_tc, p_white_kind,
      p_black_kind, p_fen, p_status, p_result, p_reason, p_version, p_updated, p_imported,
      p_white_name, p_black_name, p_owner, 0);
  INSERT INTO seats(game, color, engine, secret_hash, invite_hash, browser)
    SELECT p_id, x.c, x.e, x.h, x.i, x.b
    FROM unnest(p_colors, p_engines, p_secrets, p_invites, p_browsers) AS x(c, e, h, i, b);
  INSERT INTO events(game, version, kind, json)
    VALUES(p_id, p_event_version, p_event_kind, p_event_json);
  INSERT INTO moves(game, ply, uci, clock_ms, stamp_ms, lag_ms)
    SELECT p_id, m.p, m.u, m.c, m.s, m.l FROM unnest(p_plies, p_ucis, p_clocks, p_stamps, p_lags) AS m(p, u, c, s, l);
  RETURN '';
EXCEPTION
  WHEN integrity_constraint_violation OR SQLSTATE 'SC409' THEN RETURN 'C' || SQLERRM;
  WHEN OTHERS THEN RETURN 'F' || SQLERRM;
END $$;

CREATE FUNCTION schach_append_move(p_id text, p_ply integer, p_uci text, p_clock bigint,
    p_stamp bigint, p_lag bigint, p_status text, p_result text, p_reason text, p_version bigint,
    p_updated bigint, p_draw text, p_takeback text, p_rematch_offer text, p_rematch text,
    p_versions bigint[], p_kinds text[], p_jsons text[], p_keep bigint)
RETURNS text LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO moves(game, ply, uci, clock_ms, stamp_ms, lag_ms)
    VALUES(p_id, p_ply, p_uci, p_clock, p_stamp, p_lag);
  PERFORM schach_write_update(p_id, p_status, p_result, p_reason, p_version, p_updated, p_draw,
    p_takeback, p_rematch_offer, p_rematch, p_versions, p_kinds, p_jsons, p_keep);
  RETURN '';
EXCEPTION
  WHEN integrity_constraint_violation OR SQLSTATE 'SC409' THEN RETURN 'C' || SQLERRM;
  WHEN OTHERS THEN RETURN 'F' || SQLERRM;
END $$;

CREATE FUNCTION schach_take_back(p_id text, p_from_ply integer, p_status text, p_result text,
    p_reason text, p_version bigint, p_updated bigint, p_draw text, p_takeback text,
    p_rematch_offer text, p_rematch text, p_versions bigint[], p_kinds text[], p_jsons text[],
    p_keep bigint)
RETURNS text LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM moves WHERE game = p_id AND ply >= p_from_ply;
  PERFORM schach_write_update(p_id, p_status, p_result, p_reason, p_version, p_updated, p_draw,
    p_takeback, p_rematch_offer, p_rematch, p_versions, p_kinds, p_jsons, p_keep);
  RETURN '';
EXCEPTION
  WHEN integrity_constraint_violation OR SQLSTATE 'SC409' THEN RETURN 'C' || SQLERRM;
  WHEN OTHERS THEN RETURN 'F' || SQLERRM;
END $$;

CREATE FUNCTION schach_update_game(p_id text, p_status text, p_result text, p_reason text,
    p_version bigint, p_updated bigint, p_draw text, p_takeback text, p_rematch_offer text,
    p_rematch text, p_versions bigint[], p_kinds text[], p_jsons text[], p_keep bigint,
    p_colors text[], p_engines boolean[], p_secrets text[], p_invites text[], p_browsers text[])
RETURNS text LANGUAGE plpgsql AS $$
BEGIN
  FOR i IN 1 .. coalesce(cardinality(p_colors), 0) LOOP
    UPDATE seats SET engine = p_engines[i], secret_hash = p_secrets[i], invite_hash = p_invites[i],
        browser = p_browsers[i]
      WHERE game = p_id AND color = p_colors[i];
    IF NOT FOUND THEN
      RAISE EXCEPTION 'no seat to update in game %', p_id;
    END IF;
  END LOOP;
  PERFORM schach_write_update(p_id, p_status, p_result, p_reason, p_version, p_updated, p_draw,
    p_takeback, p_rematch_offer, p_rematch, p_versions, p_kinds, p_jsons, p_keep);
  RETURN '';
EXCEPTION
  WHEN integrity_constraint_violation OR SQLSTATE 'SC409' THEN RETURN 'C' || SQLERRM;
  WHEN OTHERS THEN RETURN 'F' || SQLERRM;
END $$;

-- save: the finished analysis replaces the request's row; queue: a new request only.
CREATE FUNCTION schach_put_analysis(p_queue boolean, p_game text, p_status text, p_browser text,
    p_requested bigint, p_nodes bigint, p_plies integer, p_positions text)
RETURNS text LANGUAGE plpgsql AS $$
BEGIN
  IF p_queue THEN
    INSERT INTO analyses(game, status, browser, requested, nodes, plies, positions)
      VALUES(p_game, 'queued', p_browser, p_requested, p_nodes, p_plies, '');
  ELSE
    INSERT INTO analyses(game, status, browser, requested, nodes, plies, positions)
      VALUES(p_game, p_status, p_browser, p_requested, p_nodes, p_plies, p_positions)
      ON CONFLICT(game) DO UPDATE SET status = EXCLUDED.status, browser = EXCLUDED.browser,
        requested = EXCLUDED.requested, nodes = EXCLUDED.nodes, plies = EXCLUDED.plies,
        positions = EXCLUDED.positions;
  END IF;
  RETURN '';
EXCEPTION
  WHEN integrity_constraint_violation THEN RETURN 'C' || SQLERRM;
  WHEN OTHERS THEN RETURN 'F' || SQLERRM;
END $$;

CREATE FUNCTION schach_record_puzzle_attempt(p_browser text, p_rating double precision,
    p_deviation double precision, p_volatility double precision, p_last_ms bigint,
    p_solved integer, p_failed integer, p_puzzle text, p_win boolean, p_rated boolean,
    p_at_ms bigint, p_rating_after double precision, p_rated_puzzle text,
    p_puzzle_rating double precision, p_puzzle_deviation double precision,
    p_puzzle_volatility double precision, p_plays integer)
RETURNS text LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO puzzle_players(browser, rating, deviation, volatility, last_ms, solved, failed)
    VALUES(p_browser, p_rating, p_deviation, p_volatility, p_last_ms, p_solved, p_failed)
    ON CONFLICT(browser) DO UPDATE SET rating = EXCLUDED.rating, deviation = EXCLUDED.deviation,
      volatility = EXCLUDED.volatility, last_ms = EXCLUDED.last_ms, solved = EXCLUDED.solved,
      failed = EXCLUDED.failed;
  INSERT INTO puzzle_attempts(browser, seq, puzzle, win, rated, at_ms, rating_after)
    SELECT p_browser, coalesce(max(seq), 0) + 1, p_puzzle, p_win, p_rated, p_at_ms, p_rating_after
    FROM puzzle_attempts WHERE browser = p_browser;
  IF p_rated_puzzle IS NOT NULL THEN
    INSERT INTO puzzle_ratings(puzzle, rating, deviation, volatility, plays)
      VALUES(p_rated_puzzle, p_puzzle_rating, p_puzzle_deviation, p_puzzle_volatility, p_plays)
      ON CONFLICT(puzzle) DO UPDATE SET rating = EXCLUDED.rating, deviation = EXCLUDED.deviation,
        volatility = EXCLUDED.volatility, plays = EXCLUDED.plays;
  END IF;
  RETURN '';
EXCEPTION
  WHEN integrity_constraint_violation THEN RETURN 'C' || SQLERRM;
  WHEN OTHERS THEN RETURN 'F' || SQLERRM;
END $$;
)sql",
    // 2: one's own mistakes as exercises ("My mistakes", SQLite's schema 7): one row per browser,
    // game and ply with its spacing; analyses.mistakes true once a finished analysis was turned
    // into exercises. A saved analysis replaces the request's row, so it is to be turned again.
    R"sql(
ALTER TABLE analyses ADD COLUMN mistakes boolean NOT NULL DEFAULT false;
CREATE TABLE mistakes(
  browser text NOT NULL, game text NOT NULL REFERENCES games(id), ply integer NOT NULL,
  fen text NOT NULL, chess960 boolean NOT NULL, played text NOT NULL, best text NOT NULL,
  judgement text NOT NULL, created bigint NOT NULL, box integer NOT NULL, due bigint NOT NULL,
  solved integer NOT NULL, missed integer NOT NULL, last bigint NOT NULL,
  PRIMARY KEY(browser, game, ply));
CREATE INDEX mistakes_due ON mistakes(browser, due);

CREATE OR REPLACE FUNCTION schach_put_analysis(p_queue boolean, p_game text, p_status text,
    p_browser text, p_requested bigint, p_nodes bigint, p_plies integer, p_positions text)
RETURNS text LANGUAGE plpgsql AS $$
BEGIN
  IF p_queue THEN
    INSERT INTO analyses(game, status, browser, requested, nodes, plies, positions)
      VALUES(p_game, 'queued', p_browser, p_requested, p_nodes, p_plies, '');
  ELSE
    INSERT INTO analyses(game, status, browser, requested, nodes, plies, positions)
      VALUES(p_game, p_status, p_browser, p_requested, p_nodes, p_plies, p_positions)
      ON CONFLICT(game) DO UPDATE SET status = EXCLUDED.status, browser = EXCLUDED.browser,
        requested = EXCLUDED.requested, nodes = EXCLUDED.nodes, plies = EXCLUDED.plies,
        positions = EXCLUDED.positions, mistakes = false;
  END IF;
  RETURN '';
EXCEPTION
  WHEN integrity_constraint_violation THEN RETURN 'C' || SQLERRM;
  WHEN OTHERS THEN RETURN 'F' || SQLERRM;
END $$;

-- The exercises of a game's analysis (one there already keeps its schedule), and the analysis
-- marked as turned.
CREATE FUNCTION schach_save_mistakes(p_game text, p_browsers text[], p_games text[],
    p_plies integer[], p_fens text[], p_chess960 boolean[], p_played text[], p_best text[],
    p_judgements text[], p_created bigint[], p_boxes integer[], p_due bigint[],
    p_solved integer[], p_missed integer[], p_last bigint[])
RETURNS text LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO mistakes(browser, game, ply, fen, chess960, played, best, judgement, created, box,
      due, solved, missed, last)
    SELECT * FROM unnest(p_browsers, p_games, p_plies, p_fens, p_chess960, p_played, p_best,
      p_judgements, p_created, p_boxes, p_due, p_solved, p_missed, p_last)
    ON CONFLICT(browser, game, ply) DO NOTHING;
  UPDATE analyses SET mistakes = true WHERE game = p_game;
  RETURN '';
EXCEPTION
  WHEN integrity_constraint_violation THEN RETURN 'C' || SQLERRM;
  WHEN OTHERS THEN RETURN 'F' || SQLERRM;
END $$;

CREATE FUNCTION schach_update_mistake(p_browser text, p_game text, p_ply integer, p_box integer,
    p_due bigint, p_solved integer, p_missed integer, p_last bigint)
RETURNS text LANGUAGE plpgsql AS $$
BEGIN
  UPDATE mistakes SET box = p_box, due = p_due, solved = p_solved, missed = p_missed, last = p_last
    WHERE browser = p_browser AND game = p_game AND ply = p_ply;
  IF NOT FOUND THEN
    RETURN 'Cno exercise ' || p_game || '-' || p_ply || ' of the browser';
  END IF;
  RETURN '';
EXCEPTION
  WHEN integrity_constraint_violation THEN RETURN 'C' || SQLERRM;
  WHEN OTHERS THEN RETURN 'F' || SQLERRM;
END $$;
)sql",
    // 3: several nodes (issue #23, part 3). `nodes` holds each node's lease (judged by the
    // database's clock); every write to a game is fenced by its owner and epoch (the writer's
    // epoch kept with each move, for the fault test's audit); a claim makes a node the owner with
    // a new epoch unless a live node holds the game; the orphans of dead nodes are taken in one
    // statement (FOR UPDATE SKIP LOCKED: sweepers of several nodes do not wait for each other).
    // p_node NULL: a single node, unfenced.
    R"sql(
CREATE TABLE nodes(name text PRIMARY KEY, address text NOT NULL DEFAULT '',
  lease_until timestamptz NOT NULL);
ALTER TABLE moves ADD COLUMN epoch bigint NOT NULL DEFAULT 0;
CREATE INDEX games_running_owner ON games(owner) WHERE status IN ('created', 'started');

DROP FUNCTION schach_append_move(text, integer, text, bigint, bigint, bigint, text, text, text,
  bigint, bigint, text, text, text, text, bigint[], text[], text[], bigint);
DROP FUNCTION schach_take_back(text, integer, text, text, text, bigint, bigint, text, text, text,
  text, bigint[], text[], text[], bigint);
DROP FUNCTION schach_update_game(text, text, text, text, bigint, bigint, text, text, text, text,
  bigint[], text[], text[], bigint, text[], boolean[], text[], text[], text[]);
DROP FUNCTION schach_write_update(text, text, text, text, bigint, bigint, text, text, text, text,
  bigint[], text[], text[], bigint);

-- SC307: another node holds the game now (the message is its name); SC409: a version missed.
CREATE FUNCTION schach_write_update(p_id text, p_status text, p_result text, p_reason text,
    p_version bigint, p_updated bigint, p_draw text, p_takeback text, p_rematch_offer text,
    p_rematch text, p_versions bigint[], p_kinds text[], p_jsons text[], p_keep bigint,
    p_node text, p_epoch bigint)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_before bigint := p_version - coalesce(cardinality(p_versions), 0);
  v_owner text;
  v_epoch bigint;
BEGIN
  UPDATE games SET status = p_status, result = p_result, reason = p_reason, version = p_version,
      updated = p_updated, draw_offer = p_draw, takeback_offer = p_takeback,
      rematch_offer = p_rematch_offer, rematch = p_rematch
    WHERE id = p_id AND version = v_before
      AND (p_node IS NULL OR (owner = p_node AND owner_epoch = p_epoch));
  IF NOT FOUND THEN
    SELECT owner, owner_epoch INTO v_owner, v_epoch FROM games WHERE id = p_id;
    IF FOUND AND p_node IS NOT NULL AND (v_owner <> p_node OR v_epoch <> p_epoch) THEN
      RAISE EXCEPTION '%', v_owner USING ERRCODE = 'SC307';
    END IF;
    RAISE EXCEPTION 'game % is not at version %', p_id, v_before USING ERRCODE = 'SC409';
  END IF;
  INSERT INTO events(game, version, kind, json)
    SELECT p_id, e.v, e.k, e.j FROM unnest(p_versions, p_kinds, p_jsons) AS e(v, k, j);
  DELETE FROM events WHERE game = p_id AND version <= p_version - p_keep;
END $$;

CREATE FUNCTION schach_append_move(p_id text, p_ply integer, p_uci text, p_clock bigint,
    p_stamp bigint, p_lag bigint, p_status text, p_result text, p_reason text, p_version bigint,
    p_updated bigint, p_draw text, p_takeback text, p_rematch_offer text, p_rematch text,
    p_versions bigint[], p_kinds text[], p_jsons text[], p_keep bigint, p_node text, p_epoch bigint)
RETURNS text LANGUAGE plpgsql AS $$
BEGIN
  PERFORM schach_write_update(p_id, p_status, p_result, p_reason, p_version, p_updated, p_draw,
    p_takeback, p_rematch_offer, p_rematch, p_versions, p_kinds, p_jsons, p_keep, p_node, p_epoch);
  INSERT INTO moves(game, ply, uci, clock_ms, stamp_ms, lag_ms, epoch)
    VALUES(p_id, p_ply, p_uci, p_clock, p_stamp, p_lag, coalesce(p_epoch, 0));
  RETURN '';
EXCEPTION
  WHEN SQLSTATE 'SC307' THEN RETURN 'M' || SQLERRM;
  WHEN integrity_constraint_violation OR SQLSTATE 'SC409' THEN RETURN 'C' || SQLERRM;
  WHEN OTHERS THEN RETURN 'F' || SQLERRM;
END $$;

CREATE FUNCTION schach_take_back(p_id text, p_from_ply integer, p_status text, p_result text,
    p_reason text, p_version bigint, p_updated bigint, p_draw text, p_takeback text,
    p_rematch_offer text, p_rematch text, p_versions bigint[], p_kinds text[], p_jsons text[],
    p_keep bigint, p_node text, p_epoch bigint)
RETURNS text LANGUAGE plpgsql AS $$
BEGIN
  PERFORM schach_write_update(p_id, p_status, p_result, p_reason, p_version, p_updated, p_draw,
    p_takeback, p_rematch_offer, p_rematch, p_versions, p_kinds, p_jsons, p_keep, p_node, p_epoch);
  DELETE FROM moves WHERE game = p_id AND ply >= p_from_ply;
  RETURN '';
EXCEPTION
  WHEN SQLSTATE 'SC307' THEN RETURN 'M' || SQLERRM;
  WHEN integrity_constraint_violation OR SQLSTATE 'SC409' THEN RETURN 'C' || SQLERRM;
  WHEN OTHERS THEN RETURN 'F' || SQLERRM;
END $$;

CREATE FUNCTION schach_update_game(p_id text, p_status text, p_result text, p_reason text,
    p_version bigint, p_updated bigint, p_draw text, p_takeback text, p_rematch_offer text,
    p_rematch text, p_versions bigint[], p_kinds text[], p_jsons text[], p_keep bigint,
    p_colors text[], p_engines boolean[], p_secrets text[], p_invites text[], p_browsers text[],
    p_node text, p_epoch bigint)
RETURNS text LANGUAGE plpgsql AS $$
BEGIN
  PERFORM schach_write_update(p_id, p_status, p_result, p_reason, p_version, p_updated, p_draw,
    p_takeback, p_rematch_offer, p_rematch, p_versions, p_kinds, p_jsons, p_keep, p_node, p_epoch);
  FOR i IN 1 .. coalesce(cardinality(p_colors), 0) LOOP
    UPDATE seats SET engine = p_engines[i], secret_hash = p_secrets[i], invite_hash = p_invites[i],
        browser = p_browsers[i]
      WHERE game = p_id AND color = p_colors[i];
    IF NOT FOUND THEN
      RAISE EXCEPTION 'no seat to update in game %', p_id;
    END IF;
  END LOOP;
  RETURN '';
EXCEPTION
  WHEN SQLSTATE 'SC307' THEN RETURN 'M' || SQLERRM;
  WHEN integrity_constraint_violation OR SQLSTATE 'SC409' THEN RETURN 'C' || SQLERRM;
  WHEN OTHERS THEN RETURN 'F' || SQLERRM;
END $$;

-- 'N': no such game; 'M<node>': a live node holds it; 'E<epoch>': this node's now.
CREATE FUNCTION schach_claim_game(p_id text, p_node text)
RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  v_owner text;
  v_epoch bigint;
BEGIN
  SELECT owner, owner_epoch INTO v_owner, v_epoch FROM games WHERE id = p_id FOR UPDATE;
  IF NOT FOUND THEN
    RETURN 'N';
  END IF;
  IF v_owner <> p_node AND v_owner <> ''
     AND EXISTS (SELECT 1 FROM nodes WHERE name = v_owner AND lease_until > now()) THEN
    RETURN 'M' || v_owner;
  END IF;
  UPDATE games SET owner = p_node, owner_epoch = v_epoch + 1 WHERE id = p_id;
  RETURN 'E' || (v_epoch + 1);
EXCEPTION
  WHEN OTHERS THEN RETURN 'F' || SQLERRM;
END $$;

-- The lease: true when it was held without a gap (false: new, or lapsed since the last beat).
CREATE FUNCTION schach_beat(p_node text, p_address text, p_lease_ms bigint)
RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
  v_until timestamptz;
BEGIN
  SELECT lease_until INTO v_until FROM nodes WHERE name = p_node FOR UPDATE;
  IF NOT FOUND THEN
    INSERT INTO nodes(name, address, lease_until)
      VALUES(p_node, p_address, now() + p_lease_ms * interval '1 millisecond');
    RETURN false;
  END IF;
  UPDATE nodes SET address = p_address, lease_until = now() + p_lease_ms * interval '1 millisecond'
    WHERE name = p_node;
  RETURN v_until > now();
END $$;

-- Running games whose owner is dead (or none), at most p_limit, made p_node's.
CREATE FUNCTION schach_take_orphans(p_node text, p_limit integer)
RETURNS SETOF text LANGUAGE sql AS $$
  UPDATE games g SET owner = p_node, owner_epoch = g.owner_epoch + 1
  FROM (SELECT o.id FROM games o
        WHERE o.status IN ('created', 'started') AND o.owner <> p_node
          AND NOT EXISTS (SELECT 1 FROM nodes n WHERE n.name = o.owner AND n.lease_until > now())
        ORDER BY o.updated LIMIT p_limit FOR UPDATE SKIP LOCKED) c
  WHERE g.id = c.id
  RETURNING g.id
$$;
)sql",
};

// Any number of ours: the advisory lock that serializes migrations of several processes.
constexpr const char* LockKey = "2326443170";

using Result = std::unique_ptr<PGresult, decltype(&clear_result)>;

Result exec(PGconn* conn, const char* sql, std::initializer_list<const char*> params = {}) {
    std::vector<const char*> values(params);
    return Result(
        pq().PQexecParams(conn, sql, static_cast<int>(values.size()), nullptr, values.data(), nullptr, nullptr, 0),
        &clear_result);
}

std::expected<void, StoreError> check(const Result& r, const char* what) {
    const ExecStatusType s = pq().PQresultStatus(r.get());
    if (s == PGRES_COMMAND_OK || s == PGRES_TUPLES_OK) return {};
    std::string message = pq().PQresultErrorMessage(r.get());
    while (!message.empty() && message.back() == '\n') message.pop_back();
    return std::unexpected(StoreError{std::string(what) + ": " + message});
}

/// One step up from `version` (under the lock, in one transaction); false once at the top.
std::expected<bool, StoreError> step(PGconn* conn) {
    if (auto r = check(exec(conn, "BEGIN"), "begin"); !r) return std::unexpected(r.error());
    struct Rollback {
        PGconn* conn;
        bool armed = true;
        ~Rollback() {
            if (armed) pq().PQclear(pq().PQexec(conn, "ROLLBACK"));
        }
    } rollback{conn};
    if (auto r = check(exec(conn, "SELECT pg_advisory_xact_lock($1::bigint)", {LockKey}), "lock"); !r)
        return std::unexpected(r.error());
    if (auto r = check(exec(conn, "CREATE TABLE IF NOT EXISTS schema_version(version integer NOT NULL)"), "schema"); !r)
        return std::unexpected(r.error());
    Result current = exec(conn, "SELECT coalesce(max(version), 0) FROM schema_version");
    if (auto r = check(current, "schema version"); !r) return std::unexpected(r.error());
    const int version = std::atoi(pq().PQgetvalue(current.get(), 0, 0));
    if (version > SchemaVersion)
        return std::unexpected(StoreError{"the database has schema version " + std::to_string(version) +
                                          ", newer than this program's " + std::to_string(SchemaVersion)});
    if (version == SchemaVersion) return false;
    // The migration text is ours, never a player's: several statements, nothing to bind.
    const std::string sql(Migrations[version]);
    if (auto r = check(Result(pq().PQexec(conn, sql.c_str()), &clear_result),
                       ("migration " + std::to_string(version + 1)).c_str());
        !r)
        return std::unexpected(r.error());
    const std::string next = std::to_string(version + 1);
    if (auto r = check(exec(conn, "INSERT INTO schema_version(version) VALUES($1::integer)", {next.c_str()}), "schema");
        !r)
        return std::unexpected(r.error());
    if (auto r = check(exec(conn, "COMMIT"), "commit"); !r) return std::unexpected(r.error());
    rollback.armed = false;
    return true;
}

}  // namespace

std::expected<void, StoreError> first_beat(PGconn* conn, const std::string& node, const std::string& address,
                                           std::chrono::milliseconds lease) {
    const std::string ms = std::to_string(lease.count());
    return check(
        exec(conn, "SELECT schach_beat($1::text, $2::text, $3::bigint)", {node.c_str(), address.c_str(), ms.c_str()}),
        "lease");
}

std::expected<void, StoreError> migrate(PGconn* conn) {
    static_assert(std::size(Migrations) == SchemaVersion, "one migration per schema version");
    for (;;) {
        auto moved = step(conn);
        if (!moved) return std::unexpected(moved.error());
        if (!*moved) return {};
    }
}

}  // namespace schach::server::pg
