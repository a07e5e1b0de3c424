#include "server/domain/game_view.hpp"

namespace schach::server {

std::string_view mode_id(Mode m) {
    switch (m) {
        case Mode::Computer: return "computer";
        case Mode::Friend: return "friend";
        case Mode::Local: return "local";
    }
    return "friend";
}

std::string_view status_id(Status s) {
    switch (s) {
        case Status::Created: return "created";
        case Status::Started: return "started";
        case Status::Over: return "over";
        case Status::Aborted: return "aborted";
    }
    return "created";
}

std::string_view seat_id(Seat s) {
    switch (s) {
        case Seat::White: return "white";
        case Seat::Black: return "black";
        case Seat::Both: return "both";
    }
    return "white";
}

std::optional<Mode> parse_mode(std::string_view text) {
    for (Mode m : {Mode::Computer, Mode::Friend, Mode::Local})
        if (mode_id(m) == text) return m;
    return std::nullopt;
}

std::optional<Status> parse_status(std::string_view text) {
    for (Status s : {Status::Created, Status::Started, Status::Over, Status::Aborted})
        if (status_id(s) == text) return s;
    return std::nullopt;
}

std::string_view analysis_state_id(AnalysisState s) {
    switch (s) {
        case AnalysisState::Queued: return "queued";
        case AnalysisState::Running: return "running";
        case AnalysisState::Done: return "done";
    }
    return "queued";
}

std::string_view event_kind_id(EventKind k) {
    switch (k) {
        case EventKind::State: return "state";
        case EventKind::Move: return "move";
        case EventKind::Offer: return "offer";
        case EventKind::Takeback: return "takeback";
        case EventKind::End: return "end";
        case EventKind::Join: return "join";
        case EventKind::Rematch: return "rematch";
        case EventKind::Analysis: return "analysis";
        case EventKind::Moved: return "moved";
    }
    return "state";
}

std::string_view offer_kind_id(OfferKind k) {
    switch (k) {
        case OfferKind::Draw: return "draw";
        case OfferKind::Takeback: return "takeback";
        case OfferKind::Rematch: return "rematch";
    }
    return "draw";
}

}  // namespace schach::server
