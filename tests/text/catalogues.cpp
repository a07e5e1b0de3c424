#include "catalogues.hpp"

#include <algorithm>
#include <fstream>
#include <iterator>
#include <stdexcept>

#include "core/chess960.hpp"
#include "core/fen.hpp"
#include "core/movegen.hpp"
#include "core/outcome.hpp"
#include "game/time_control.hpp"
#include "text/coach_text.hpp"
#include "text/exercise_text.hpp"
#include "text/service_text.hpp"
#include "text/text.hpp"

namespace schach::test {
namespace {

std::string read_file(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw std::runtime_error("cannot read " + path.string());
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

std::string trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
    return std::string(s);
}

bool is_identifier(std::string_view s) {
    return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
    });
}

/// A single-quoted TypeScript string followed by ',' ("'text',"), unescaped; false if not one.
bool quoted(std::string_view s, std::string& out) {
    if (s.size() < 3 || s.front() != '\'' || s.substr(s.size() - 2) != "',") return false;
    out.clear();
    for (std::size_t i = 1; i + 2 < s.size(); ++i) {
        if (s[i] == '\\' && i + 3 < s.size()) {
            out += s[++i] == 'n' ? '\n' : s[i];
        } else if (s[i] == '\'') {
            return false;  // a quote inside: not one simple literal
        } else {
            out += s[i];
        }
    }
    return true;
}

}  // namespace

PageFile parse_page_file(const std::filesystem::path& path, std::string_view source) {
    const std::string name = path.filename().string();
    PageFile file{path, Language::English, "", {}, "", {}};
    const auto suffix = [&](std::string_view tail, Language lang) {
        if (name.size() < tail.size() || name.substr(name.size() - tail.size()) != tail) return false;
        file.lang = lang;
        file.group = name.substr(0, name.size() - tail.size());
        return true;
    };
    if (!suffix("de-neutral.ts", Language::GermanNeutral) && !suffix("de.ts", Language::German) &&
        !suffix("en.ts", Language::English))
        throw std::runtime_error(name + ": the file name ends in no language (de, de-neutral, en)");

    bool inside = false;
    std::string pending_key;
    std::size_t line_no = 0;
    for (std::size_t pos = 0; pos <= source.size();) {
        const std::size_t end = std::min(source.find('\n', pos), source.size());
        const std::string line = trim(source.substr(pos, end - pos));
        pos = end + 1;
        ++line_no;
        const auto fail = [&] {
            throw std::runtime_error(name + ":" + std::to_string(line_no) + ": not a catalogue entry: " + line);
        };
        if (!inside) {
            if (line.starts_with("export const ") && line.ends_with("{")) {
                inside = true;
                const std::size_t start = std::string_view("export const ").size();
                const std::size_t stop = line.find_first_of(":= ", start);
                file.name = line.substr(start, stop - start);
            }
            continue;
        }
        if (line == "};" || line == "} as const;") {
            inside = false;
            continue;
        }
        if (line.empty() || line.starts_with("//")) continue;
        if (line.starts_with("...") && line.ends_with(",")) {
            const std::string spread = line.substr(3, line.size() - 4);
            if (!is_identifier(spread)) fail();
            file.parts.push_back("..." + spread);
            continue;
        }
        std::string text;
        if (!pending_key.empty()) {
            if (!quoted(line, text)) fail();
            file.entries[pending_key] = text;
            file.parts.push_back(pending_key);
            pending_key.clear();
            continue;
        }
        const std::size_t colon = line.find(':');
        if (colon == std::string::npos || !is_identifier(line.substr(0, colon))) fail();
        const std::string key = line.substr(0, colon);
        const std::string rest = trim(std::string_view(line).substr(colon + 1));
        if (rest.empty()) {
            pending_key = key;
        } else {
            if (!quoted(rest, text)) fail();
            file.entries[key] = text;
            file.parts.push_back(key);
        }
    }
    if (inside || !pending_key.empty()) throw std::runtime_error(name + ": the catalogue object does not end");
    if (file.parts.empty()) throw std::runtime_error(name + ": no entries");
    return file;
}

namespace {

/// `file`'s entries with its spreads resolved, in the object's order.
std::map<std::string, std::string> resolved_entries(const PageFile& file, const std::vector<PageFile>& all, int depth) {
    if (depth > 8) throw std::runtime_error(file.path.filename().string() + ": spreads nest too deep");
    std::map<std::string, std::string> out;
    for (const std::string& part : file.parts) {
        if (!part.starts_with("...")) {
            out.insert_or_assign(part, file.entries.at(part));
            continue;
        }
        const std::string spread = part.substr(3);
        const auto source = std::find_if(all.begin(), all.end(), [&](const PageFile& f) { return f.name == spread; });
        if (source == all.end())
            throw std::runtime_error(file.path.filename().string() + ": spreads an unknown catalogue " + spread);
        for (auto& [key, text] : resolved_entries(*source, all, depth + 1)) out.insert_or_assign(key, std::move(text));
    }
    return out;
}

}  // namespace

std::vector<PageFile> page_files() {
    const std::filesystem::path dir = std::filesystem::path(SCHACH_SOURCE_DIR) / "web" / "src" / "i18n";
    std::vector<std::filesystem::path> paths;
    for (const auto& e : std::filesystem::directory_iterator(dir))
        if (e.path().extension() == ".ts") paths.push_back(e.path());
    std::sort(paths.begin(), paths.end());
    std::vector<PageFile> out;
    for (const auto& p : paths) out.push_back(parse_page_file(p, read_file(p)));
    std::vector<std::map<std::string, std::string>> entries;
    for (const PageFile& f : out) entries.push_back(resolved_entries(f, out, 0));
    for (std::size_t i = 0; i < out.size(); ++i) out[i].entries = std::move(entries[i]);
    return out;
}

// ------------------------------------------------------------------ the program's sentences

namespace {

constexpr std::array<Language, 3> Languages = {Language::German, Language::GermanNeutral, Language::English};
constexpr std::array<PieceType, 6> PieceTypes = {PieceType::Pawn, PieceType::Knight, PieceType::Bishop,
                                                 PieceType::Rook, PieceType::Queen,  PieceType::King};

template <class E>
E nth(int i) {
    return static_cast<E>(i);
}

std::string piece_label(PieceType t) { return std::string(piece_name(t, Language::English).bare); }

struct Out {
    std::vector<CatalogueEntry>& entries;
    void add(Language lang, std::string key, std::string text) {
        entries.push_back({lang, std::move(key), std::move(text)});
    }
};

void cli_messages(Out& out) {
    for (int i = 0; i < static_cast<int>(Msg::End); ++i)
        for (Language lang : Languages)
            out.add(lang, "Msg " + std::to_string(i), std::string(pattern(nth<Msg>(i), lang)));
    for (Language lang : Languages)
        for (Color c : {Color::White, Color::Black}) out.add(lang, "color_name", std::string(color_name(c, lang)));
}

void names(Out& out) {
    for (Language lang : Languages) {
        for (PieceType t : PieceTypes) {
            const PieceName n = piece_name(t, lang);
            for (std::string_view f : {n.nominative, n.accusative, n.dative, n.genitive, n.by, n.indefinite, n.none,
                                       n.yours, n.bare, n.plural})
                out.add(lang, "piece_name " + piece_label(t), std::string(f));
        }
        for (int p = 0; p < PersonCount; ++p) {
            const NounForms n = person_name(nth<Person>(p), lang);
            for (std::string_view f : {n.nominative, n.accusative, n.dative, n.genitive, n.by, n.indefinite, n.none,
                                       n.yours, n.bare, n.plural})
                out.add(lang, "person_name " + std::to_string(p), std::string(f));
        }
    }
}

void refusals(Out& out) {
    for (int code = 0; code <= static_cast<int>(RefusalCode::DrawOfferForbiddenYet); ++code)
        for (PieceType moved : PieceTypes)
            for (PieceType by : PieceTypes) {
                Refusal r;
                r.code = nth<RefusalCode>(code);
                r.piece = make_piece(Color::White, moved);
                r.by_piece = make_piece(Color::Black, by);
                r.from = Square::E2;
                r.to = Square::E4;
                r.square = Square::H1;
                r.by = Square::B4;
                r.count = 20;
                for (Language lang : Languages)
                    out.add(lang,
                            "describe(Refusal) " + std::string(refusal_id(r.code)) + " [" + piece_label(moved) + "/" +
                                piece_label(by) + "]",
                            describe(r, lang));
                Refusal no_square = r;
                no_square.square = Square::None;
                for (Language lang : Languages)
                    out.add(lang, "describe(Refusal) " + std::string(refusal_id(r.code)) + " (no square)",
                            describe(no_square, lang));
            }
}

void hints(Out& out) {
    for (int p = 1; p <= static_cast<int>(Principle::LoosePieces); ++p)
        for (Language lang : Languages)
            out.add(lang, "principle_name " + std::to_string(p), std::string(principle_name(nth<Principle>(p), lang)));
    const std::array<CheckAnswers, 5> answers = {CheckAnswers{3, 1, 2}, CheckAnswers{2, 0, 0}, CheckAnswers{0, 1, 0},
                                                 CheckAnswers{1, 0, 1}, CheckAnswers{0, 2, 3}};
    for (int code = 0; code <= static_cast<int>(HintCode::TakeBack); ++code)
        for (PieceType piece : PieceTypes)
            for (PieceType by : PieceTypes)
                for (const CheckAnswers& a : answers)
                    for (Bitboard squares : {bb(Square::B1), bb(Square::B1) | bb(Square::G1)}) {
                        Hint h;
                        h.code = nth<HintCode>(code);
                        h.piece = make_piece(Color::White, piece);
                        h.by_piece = make_piece(Color::Black, by);
                        h.square = Square::E4;
                        h.from = Square::E2;
                        h.to = Square::D5;
                        h.by = Square::B4;
                        h.squares = squares;
                        h.value = 200;
                        h.answers = a;
                        for (Language lang : Languages)
                            out.add(lang,
                                    "describe(Hint) " + std::to_string(code) + " [" + piece_label(piece) + "/" +
                                        piece_label(by) + "]",
                                    describe(h, lang));
                    }
}

void exercises(Out& out) {
    for (int code = 0; code <= static_cast<int>(ExerciseMiss::NoMateNext); ++code)
        for (PieceType piece : PieceTypes)
            for (PieceType wanted : PieceTypes)
                for (int count : {0, 1, 2, 4})
                    for (bool castle_long : {false, true}) {
                        ExerciseMissInfo m;
                        m.code = nth<ExerciseMiss>(code);
                        m.move = "Lb5";
                        m.reply = "Kg8";
                        m.piece = piece;
                        m.wanted = wanted;
                        m.count = count;
                        m.castle_long = castle_long;
                        m.square = "e4";
                        m.to = "e3";
                        for (Language lang : Languages)
                            out.add(lang, "describe(ExerciseMiss) " + std::string(exercise_miss_id(m.code)),
                                    describe(m, lang));
                    }
}

void services_and_outcomes(Out& out) {
    for (int code = 0; code <= static_cast<int>(ServiceCode::Storage); ++code)
        for (Language lang : Languages)
            out.add(lang, "describe(ServiceCode) " + std::string(service_code_id(nth<ServiceCode>(code))),
                    describe(nth<ServiceCode>(code), lang));
    for (int t = 0; t <= static_cast<int>(Termination::Arbiter); ++t)
        for (int r = 0; r <= static_cast<int>(Result::DoubleForfeit); ++r)
            for (Language lang : Languages)
                out.add(lang, "describe(Outcome) " + std::string(termination_id(nth<Termination>(t))),
                        describe(Outcome{nth<Result>(r), nth<Termination>(t)}, lang));
}

void time_controls(Out& out) {
    using std::chrono::milliseconds;
    TimeControl classical;
    classical.periods = {TimePeriod{40, milliseconds(5'400'000), milliseconds(30'000), {}, DelayKind::None},
                         TimePeriod{0, milliseconds(1'800'000), milliseconds(30'000), {}, DelayKind::None}};
    TimeControl delayed;
    delayed.periods = {TimePeriod{0, milliseconds(300'000), {}, milliseconds(3'000), DelayKind::Bronstein}};
    TimeControl repeating;
    repeating.periods = {TimePeriod{1, milliseconds(60'000), {}, milliseconds(2'500), DelayKind::Simple}};
    const std::array<TimeControl, 7> controls = {TimeControl::fischer(milliseconds(300'000), milliseconds(3'000)),
                                                 TimeControl::fischer(milliseconds(60'000)),
                                                 TimeControl::hourglass(milliseconds(180'000)),
                                                 TimeControl::untimed(),
                                                 TimeControl::unknown(),
                                                 classical,
                                                 delayed};
    for (Language lang : Languages) {
        for (const TimeControl& c : controls) out.add(lang, "describe_time_control", describe_time_control(c, lang));
        out.add(lang, "describe_time_control", describe_time_control(repeating, lang));
        for (int c = 0; c <= static_cast<int>(TimeClass::Classical); ++c)
            out.add(lang, "time_class_name", std::string(time_class_name(nth<TimeClass>(c), lang)));
        for (int k = 0; k <= static_cast<int>(TimeControlError::Kind::HourglassBonus); ++k)
            for (int e = 0; e <= static_cast<int>(TimeControlError::Expected::End); ++e)
                out.add(
                    lang, "describe(TimeControlError)",
                    describe(TimeControlError{nth<TimeControlError::Kind>(k), 3, nth<TimeControlError::Expected>(e)},
                             lang));
    }
}

void positions_and_moves(Out& out) {
    const Position start = *position_from_fen(StartFen);
    const MoveList legal = legal_moves(start);
    for (Language lang : Languages) {
        for (int f = 0; f <= static_cast<int>(FenError::Field::Trailing); ++f)
            for (int e = 0; e <= static_cast<int>(FenError::Expected::End); ++e)
                out.add(lang, "describe(FenError)",
                        describe(FenError{nth<FenError::Field>(f), 7, nth<FenError::Expected>(e), 0, 99}, lang));
        for (int p = 0; p < ProblemCount; ++p)
            out.add(lang, "describe(Problem) " + std::string(problem_id(nth<Problem>(1 << p))),
                    describe(nth<Problem>(1 << p), lang));
        out.add(lang, "invalid_position", std::string(invalid_position(lang)));
        for (int e = 0; e <= static_cast<int>(MoveTextError::Expected::CanonicalSan); ++e) {
            MoveTextError m;
            m.kind = MoveTextError::Kind::Syntax;
            m.text = "Sx9";
            m.expected = nth<MoveTextError::Expected>(e);
            m.canonical = legal[0];
            out.add(lang, "describe(MoveTextError) syntax", describe(m, start, lang));
        }
        MoveTextError ambiguous;
        ambiguous.kind = MoveTextError::Kind::Ambiguous;
        ambiguous.text = "Nd2";
        ambiguous.candidates = {legal[0], legal[1]};
        out.add(lang, "describe(MoveTextError) ambiguous", describe(ambiguous, start, lang));
        MoveTextError illegal;
        illegal.kind = MoveTextError::Kind::Illegal;
        illegal.text = "Ke2";
        illegal.refusal.code = RefusalCode::OwnPieceOnTarget;
        illegal.refusal.to = Square::E2;
        out.add(lang, "describe(MoveTextError) illegal", describe(illegal, start, lang));
        for (int d = 0; d <= static_cast<int>(PgnError::Detail::MissingRosterTag); ++d) {
            PgnError e;
            e.detail = nth<PgnError::Detail>(d);
            e.value = "Atomic";
            e.other = "1-0";
            e.count = 40;
            e.plies = 41;
            e.move_number = 6;
            e.move = illegal;
            e.position = start;
            e.fen.is_syntax = true;
            out.add(lang, "describe(PgnError) " + std::string(pgn_detail_id(e.detail)), describe(e, lang));
        }
        for (int c = 0; c <= static_cast<int>(PerftSuiteError::Code::NoPositions); ++c)
            out.add(lang, "describe(PerftSuiteError)",
                    describe(PerftSuiteError{nth<PerftSuiteError::Code>(c), 3, "99"}, lang));
        for (int k = 0; k <= static_cast<int>(Chess960Error::Kind::NotTheStart); ++k)
            out.add(lang, "describe(Chess960Error) " + std::string(chess960_error_id(nth<Chess960Error::Kind>(k))),
                    describe(Chess960Error{nth<Chess960Error::Kind>(k), 960}, lang));
    }
}

}  // namespace

std::vector<CatalogueEntry> program_catalogue() {
    std::vector<CatalogueEntry> entries;
    Out out{entries};
    cli_messages(out);
    names(out);
    refusals(out);
    hints(out);
    exercises(out);
    services_and_outcomes(out);
    time_controls(out);
    positions_and_moves(out);
    return entries;
}

}  // namespace schach::test
