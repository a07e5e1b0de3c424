#include "server/api/error_words.hpp"

#include "text/fen_text.hpp"
#include "text/move_text.hpp"
#include "text/refusal_text.hpp"

namespace schach::server {

WordedError word(const ServiceError& e, Language lang) {
    WordedError w;
    w.code = e.id();
    if (e.code == ServiceCode::Rules && e.refusal) {
        const Refusal& r = *e.refusal;
        w.text = describe(r, lang);
        w.article = std::string(refusal_article(r.code));
        for (Square s : {r.from, r.to, r.square, r.by})
            if (s != Square::None) w.squares.push_back(to_string(s));
        return w;
    }
    if (e.code == ServiceCode::BadMove && e.move_error && e.position) {
        w.text = describe(*e.move_error, *e.position, lang);
        for (Move m : e.move_error->candidates) w.squares.push_back(to_string(m.from()));
        return w;
    }
    if (e.code == ServiceCode::BadFen && e.fen_error) {
        w.text = describe(*e.fen_error, lang);
        if (e.fen_error->is_syntax) {
            w.fen_field = std::string(fen_field_id(e.fen_error->fen.field));
            w.fen_offset = e.fen_error->fen.offset;
        }
        return w;
    }
    if (e.code == ServiceCode::AnalysisLimit && e.limit) {
        w.text = describe(*e.limit, e.daily_limit, lang);
        return w;
    }
    w.text = describe(e.code, lang);
    return w;
}

bool is_refusal(const ServiceError& e) {
    switch (e.code) {
        case ServiceCode::Rules:
        case ServiceCode::NotYourTurn:
        case ServiceCode::Stale:
        case ServiceCode::GameOver:
        case ServiceCode::NotStarted:
        case ServiceCode::StillRunning:
        case ServiceCode::OfferNotAllowedYet:
        case ServiceCode::NothingToAnswer:
        case ServiceCode::AbortTooLate:
        case ServiceCode::TakebackNothing:
        case ServiceCode::BadMove:
        case ServiceCode::EngineThinking: return true;
        default: return false;
    }
}

int http_status(const ServiceError& e) {
    switch (e.code) {
        case ServiceCode::NoSuchGame: return 404;
        case ServiceCode::NotYourSeat:
        case ServiceCode::BadInvitation: return 403;
        case ServiceCode::SeatTaken:
        case ServiceCode::GameNotFinished: return 409;
        case ServiceCode::AnalysisNotRequested:
        case ServiceCode::NoSuchMistake: return 404;
        case ServiceCode::AnalysisLimit:
        case ServiceCode::ComputerGamesLimit:
        case ServiceCode::Busy: return 429;
        case ServiceCode::Storage: return 500;
        case ServiceCode::Moved: return 307;
        default: return 400;
    }
}

}  // namespace schach::server
