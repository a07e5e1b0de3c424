// The words of the server's refusals. The gender-neutral German addresses the player with "du"
// like the standard form and otherwise uses the seed's forms (Spielere, Gegnere).

#include "text/service_text.hpp"

#include "text/piece_names.hpp"

namespace schach {

std::string_view service_code_id(ServiceCode code) {
    switch (code) {
        case ServiceCode::Rules: return "rules";
        case ServiceCode::NoSuchGame: return "no-such-game";
        case ServiceCode::NotYourSeat: return "not-your-seat";
        case ServiceCode::NotYourTurn: return "not-your-turn";
        case ServiceCode::Stale: return "stale";
        case ServiceCode::GameOver: return "game-over";
        case ServiceCode::NotStarted: return "not-started";
        case ServiceCode::StillRunning: return "still-running";
        case ServiceCode::OfferNotAllowedYet: return "offer-not-allowed-yet";
        case ServiceCode::NothingToAnswer: return "nothing-to-answer";
        case ServiceCode::AbortTooLate: return "abort-too-late";
        case ServiceCode::CoachOff: return "coach-off";
        case ServiceCode::TakebackNothing: return "takeback-nothing";
        case ServiceCode::SeatTaken: return "seat-taken";
        case ServiceCode::BadInvitation: return "bad-invitation";
        case ServiceCode::BadRequest: return "bad-request";
        case ServiceCode::BadFen: return "bad-fen";
        case ServiceCode::Malformed: return "malformed";
        case ServiceCode::TooLarge: return "too-large";
        case ServiceCode::BadMove: return "bad-move";
        case ServiceCode::EngineThinking: return "engine-thinking";
        case ServiceCode::Storage: return "storage";
        case ServiceCode::GameNotFinished: return "game_not_finished";
        case ServiceCode::AnalysisLimit: return "analysis_limit";
        case ServiceCode::AnalysisNotRequested: return "analysis_not_requested";
        case ServiceCode::ComputerGamesLimit: return "computer-games-limit";
        case ServiceCode::NoSuchMistake: return "no-such-mistake";
        case ServiceCode::Busy: return "rate";
        case ServiceCode::Moved: return "moved";
    }
    return "malformed";
}

namespace {

struct Sentences {
    const char* german;
    const char* neutral;  // nullptr: as German
    const char* english;
};

Sentences sentences(ServiceCode code) {
    switch (code) {
        case ServiceCode::Rules: return {"Die Regeln erlauben das nicht.", nullptr, "The rules do not allow that."};
        case ServiceCode::NoSuchGame: return {"Diese Partie gibt es nicht.", nullptr, "There is no such game."};
        case ServiceCode::NotYourSeat:
            return {"Du spielst in dieser Partie nicht mit (oder nicht mit dieser Farbe).",
                    "Du bist in dieser Partie nicht Spielere (oder nicht mit dieser Farbe).",
                    "You are not playing in this game (or not with that colour)."};
        case ServiceCode::NotYourTurn: return {"Du bist nicht am Zug.", nullptr, "It is not your turn."};
        case ServiceCode::Stale:
            return {"Dieser Zug gehört zu einer früheren Stellung.", nullptr,
                    "That move belongs to an earlier position."};
        case ServiceCode::GameOver: return {"Die Partie ist zu Ende.", nullptr, "The game is over."};
        case ServiceCode::StillRunning:
            return {"Eine Revanche gibt es erst nach dem Ende der Partie.", nullptr,
                    "A rematch comes only after the game has ended."};
        case ServiceCode::NotStarted:  // made in describe() from the opponent's forms
        case ServiceCode::NothingToAnswer: return {"", nullptr, ""};
        case ServiceCode::OfferNotAllowedYet:
            return {"Remis kann erst angeboten werden, wenn beide Seiten gezogen haben (Art. 5.2.3).", nullptr,
                    "A draw can be offered only after both sides have moved (Art. 5.2.3)."};
        case ServiceCode::CoachOff:
            return {"Tipps gibt es nur in Partien gegen den Computer, und nur für die Person, die dort spielt.",
                    nullptr, "Hints are given only in games against the computer, and only to the person playing it."};
        case ServiceCode::AbortTooLate:
            return {"Abbrechen geht nur, bevor beide Seiten gezogen haben.", nullptr,
                    "A game can be aborted only before both sides have moved."};
        case ServiceCode::TakebackNothing:
            return {"Es gibt keinen Zug von dir zum Zurücknehmen.", nullptr, "You have no move to take back."};
        case ServiceCode::SeatTaken:
            return {"Der Platz in dieser Partie ist schon besetzt.", nullptr, "The seat in this game is taken."};
        case ServiceCode::BadInvitation:
            return {"Diese Einladung passt nicht zur Partie.", nullptr, "This invitation does not fit the game."};
        case ServiceCode::BadRequest:
            return {"So lässt sich keine Partie anlegen.", nullptr, "A game cannot be created like that."};
        case ServiceCode::BadFen:
            return {"Aus dieser Stellung lässt sich keine Partie beginnen.", nullptr,
                    "A game cannot start from this position."};
        case ServiceCode::Malformed: return {"Die Nachricht ist nicht lesbar.", nullptr, "The message cannot be read."};
        case ServiceCode::TooLarge: return {"Die Nachricht ist zu lang.", nullptr, "The message is too long."};
        case ServiceCode::BadMove: return {"Dieser Zug lässt sich nicht lesen.", nullptr, "That move cannot be read."};
        case ServiceCode::EngineThinking: return {"Der Computer ist am Zug.", nullptr, "The computer is to move."};
        case ServiceCode::Storage:
            return {"Die Partie konnte nicht gespeichert werden; nichts hat sich geändert.", nullptr,
                    "The game could not be saved; nothing has changed."};
        case ServiceCode::GameNotFinished:
            return {"Die Partie läuft noch: analysiert wird erst nach ihrem Ende.", nullptr,
                    "The game is still being played: it is analysed only after it has ended."};
        case ServiceCode::AnalysisLimit:
            return {"Gerade kann keine Analyse mehr angefordert werden.", nullptr,
                    "No more analyses can be requested right now."};
        case ServiceCode::AnalysisNotRequested:
            return {"Für diese Partie hat noch niemand eine Analyse angefordert.", nullptr,
                    "Nobody has requested an analysis of this game yet."};
        case ServiceCode::ComputerGamesLimit:
            return {
                "Du spielst schon so viele Partien gegen den Computer, wie gleichzeitig gehen. Beende oder "
                "gib eine davon auf, bevor du eine neue beginnst.",
                nullptr,
                "You are already playing as many games against the computer as allowed at once. Finish or "
                "resign one of them before you start another."};
        case ServiceCode::NoSuchMistake:
            return {"Diese Übung aus deinen Fehlern gibt es nicht.", nullptr,
                    "There is no such exercise from your mistakes."};
        case ServiceCode::Busy:
            return {"Die Engine prüft noch deinen letzten Zug; versuche es gleich noch einmal.", nullptr,
                    "The engine is still checking your last move; try again in a moment."};
        case ServiceCode::Moved:
            return {"Diese Partie wird gerade von einem anderen Server geführt; die Seite verbindet sich neu.", nullptr,
                    "Another server holds this game now; the page connects again."};
    }
    return {"", nullptr, ""};
}

}  // namespace

std::string describe(ServiceCode code, Language lang) {
    // The opponent in the reader's form: "dein Gegner", "dein Gegnere", "your opponent".
    const std::string opponent(person_name(Person::Opponent, lang).yours);
    const bool en = lang == Language::English;
    if (code == ServiceCode::NotStarted)
        return en ? "The game has not started: " + opponent + " has not joined yet."
                  : "Die Partie hat noch nicht begonnen: " + opponent + " ist noch nicht da.";
    if (code == ServiceCode::NothingToAnswer)
        return capitalized(opponent) + (en ? " has offered nothing." : " hat nichts angeboten.");
    const Sentences s = sentences(code);
    switch (lang) {
        case Language::English: return s.english;
        case Language::GermanNeutral: return s.neutral ? s.neutral : s.german;
        case Language::German: return s.german;
    }
    return s.german;
}

std::string_view analysis_limit_id(AnalysisLimitKind kind) {
    switch (kind) {
        case AnalysisLimitKind::Running: return "running";
        case AnalysisLimitKind::Daily: return "daily";
        case AnalysisLimitKind::Full: return "full";
        case AnalysisLimitKind::Address: return "address";
        case AnalysisLimitKind::Searches: return "searches";
    }
    return "full";
}

std::string describe(AnalysisLimitKind kind, int daily_limit, Language lang) {
    const bool en = lang == Language::English;
    switch (kind) {
        case AnalysisLimitKind::Running:
            return en ? "One of your analyses is still waiting or running; ask for the next when it is done."
                      : "Eine deiner Analysen wartet oder läuft noch; die nächste kannst du anfordern, wenn sie "
                        "fertig ist.";
        case AnalysisLimitKind::Daily:
            return en ? "You have requested " + std::to_string(daily_limit) +
                            " analyses in the last 24 hours, as many as a day allows; try again later."
                      : "Du hast in den letzten 24 Stunden " + std::to_string(daily_limit) +
                            " Analysen angefordert, so viele wie an einem Tag möglich; versuche es später wieder.";
        case AnalysisLimitKind::Full:
            return en ? "Too many analyses are waiting on the server; try again in a few minutes."
                      : "Auf dem Server warten gerade zu viele Analysen; versuche es in ein paar Minuten wieder.";
        case AnalysisLimitKind::Address:
            return en ? "As many analyses as may run at once are already waiting or running from your address; ask "
                        "for the next when one of them is done."
                      : "Von deiner Adresse warten oder laufen schon so viele Analysen, wie gleichzeitig gehen; die "
                        "nächste kannst du anfordern, wenn eine davon fertig ist.";
        case AnalysisLimitKind::Searches:
            return en ? "The engine is already analysing as many positions for your address as it may at once; stop "
                        "one of them (or close an analysis board) and try again."
                      : "Die Engine analysiert für deine Adresse schon so viele Stellungen, wie gleichzeitig gehen; "
                        "halte eine davon an (oder schließe ein Analysebrett) und versuche es noch einmal.";
    }
    return {};
}

}  // namespace schach
