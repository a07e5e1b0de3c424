#include "text/outcome_text.hpp"

#include "text/piece_names.hpp"

namespace schach {

std::string describe(const Outcome& o, Language lang) {
    const bool en = lang == Language::English;
    std::string what;
    switch (o.termination) {
        case Termination::None: return en ? "The game is running" : "Die Partie läuft";
        case Termination::Checkmate: what = en ? "Checkmate" : "Schachmatt"; break;
        case Termination::Stalemate: what = en ? "Stalemate" : "Patt"; break;
        case Termination::DeadPosition:
            what = en ? "Dead position: neither side can checkmate" : "Tote Stellung: keine Seite kann mattsetzen";
            break;
        case Termination::FivefoldRepetition:
            what = en ? "Fivefold repetition" : "Fünffache Stellungswiederholung";
            break;
        case Termination::SeventyFiveMoves: what = en ? "75-move rule" : "75-Züge-Regel"; break;
        case Termination::ThreefoldRepetition:
            what = en ? "Threefold repetition claimed" : "Dreifache Stellungswiederholung reklamiert";
            break;
        case Termination::FiftyMoves: what = en ? "50-move rule claimed" : "50-Züge-Regel reklamiert"; break;
        case Termination::Agreement: what = en ? "Draw agreed" : "Remis vereinbart"; break;
        case Termination::Resignation: what = en ? "Resignation" : "Aufgabe"; break;
        case Termination::TimeForfeit: what = en ? "Flag fall" : "Zeitüberschreitung"; break;
        case Termination::IllegalMoves: what = en ? "Second illegal move" : "Zweiter regelwidriger Zug"; break;
        case Termination::DoubleForfeit: what = en ? "Both players lose" : "Beide Seiten verlieren"; break;
        case Termination::Arbiter:
            what = en ? "Arbiter's decision"
                      : "Entscheidung " + std::string(person_name(Person::Arbiter, lang).genitive);
            break;
    }
    std::string result;
    switch (o.result) {
        case Result::WhiteWins: result = en ? "White wins" : "Weiß gewinnt"; break;
        case Result::BlackWins: result = en ? "Black wins" : "Schwarz gewinnt"; break;
        case Result::Draw: result = en ? "draw" : "remis"; break;
        case Result::DoubleForfeit: result = "0-0"; break;
        case Result::Ongoing: result = "*"; break;
    }
    return what + ": " + result + " (" + (en ? "Art. " : "Art. ") + std::string(termination_article(o.termination)) +
           ")";
}

}  // namespace schach
