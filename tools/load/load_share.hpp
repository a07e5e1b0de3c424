#pragma once
// A load run split over processes (schach-load --cluster): every socket is a file, and one
// process may hold only so many (here 20,000: not the 20,000 sockets of 10,000 games with two
// each and the tool's own). Each process plays its share of the games and hands back what it
// measured, every latency and every socket's history, as one JSON text; the figures of the whole
// run are then merged from them as if one process had played all.

#include <string>
#include <string_view>
#include <vector>

#include "chaos_check.hpp"
#include "load_result.hpp"
#include "load_run.hpp"

namespace schach::load {

/// What one share measured.
struct LoadShare {
    LoadResult result;
    LoadSamples samples;
    std::vector<chaos::ClientGame> records;
};

/// The share as one JSON text (the fields the merge needs; the records' moves, acks and
/// contradictions).
std::string encode_share(const LoadShare& share);
/// The share back from encode_share's text; false when it is not one.
bool decode_share(std::string_view text, LoadShare& share);

/// The shares as one run: counts summed, the latencies' percentiles over all samples, the
/// window the longest, the ramp the slowest. `games` is the whole run's.
LoadResult merge_shares(const std::vector<LoadShare>& shares, int games);

/// How many shares `games` games with `sockets` sockets each need under `open_files` files per
/// process (room kept for the tool's own files); at least 1.
int shares_needed(int games, int sockets, long open_files);

}  // namespace schach::load
