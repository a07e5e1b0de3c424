#pragma once
// UciSession: the UCI text loop. It reads commands on the calling thread, parses them
// (uci/command.hpp) and forwards them to the Engine facade; the engine searches on its own
// threads and reports info and bestmove through callbacks, which write their lines here. Every
// line goes out whole under one mutex and is flushed at once.
//
// A line that cannot be understood gets one `info string ...` saying what is wrong (uci/error.hpp)
// and changes nothing; the session keeps working. A `position` whose move list holds an illegal
// move sets up the position after the legal moves before it (and says so): the GUI's game went
// that far at least, and the next `position` replaces it anyway.

#include <istream>
#include <mutex>
#include <ostream>
#include <string>
#include <string_view>

#include "engine/engine.hpp"
#include "uci/command.hpp"
#include "uci/error.hpp"

namespace schach::uci {

class UciSession {
public:
    /// `version` goes into "id name Schach <version>".
    explicit UciSession(std::string version);
    ~UciSession();
    UciSession(const UciSession&) = delete;
    UciSession& operator=(const UciSession&) = delete;

    /// Reads commands until `quit` or the end of the input; a running search is stopped (its
    /// bestmove still written) before it returns. Unties `in` from its output stream (see run).
    void run(std::istream& in, std::ostream& out);

private:
    /// One line; false once the session should end.
    bool handle(std::string_view line);
    void write(std::string_view line);
    void report(const UciError& error);
    /// An infinite or ponder search runs that nobody has released: commands that need an idle
    /// engine are refused rather than left to wait forever.
    bool open_ended() const;
    void finish();

    void on_uci();
    void on_setoption(const SetOptionCmd& cmd);
    void on_position(const PositionCmd& cmd);
    void on_go(const GoCmd& cmd);
    void on_display();

    std::string version_;
    engine::Engine engine_;
    std::ostream* out_ = nullptr;
    std::mutex out_mutex_;
    mutable std::mutex state_mutex_;
    bool awaiting_bestmove_ = false;  // a go was sent and its bestmove not yet written
    bool open_ended_ = false;         // that go was infinite or ponder, not yet stopped or ponderhit
    bool infinite_ = false;
    bool chess960_ = false;  // of the running search (moves are written as it was asked)
    bool show_wdl_ = false;
};

}  // namespace schach::uci
