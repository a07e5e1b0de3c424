#pragma once
// Every catalogue of sentences as (language, key, text): the page's (web/src/i18n/*.ts, read from
// the files) and the program's (src/text, produced by calling every function of text/ for every
// code, piece and case, so the declined piece names inside the sentences are checked too).

#include <filesystem>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "notation/language.hpp"

namespace schach::test {

struct CatalogueEntry {
    Language lang;
    std::string key;  // "de.ts coachP4Text", "describe(Refusal) pinned [bishop/queen]", ...
    std::string text;
};

/// One file of the page's catalogues: its language, its group (the file name without the
/// language: "", "tools.", "rules-") and its entries key -> text.
struct PageFile {
    std::filesystem::path path;
    Language lang;
    std::string group;
    std::map<std::string, std::string> entries;
    std::string name;  // the exported catalogue's name ("deNeutral", "toolsDe", ...)
    /// The object's parts in order: a key of `entries`, or "..." and the name of a catalogue
    /// spread into it (page_files() resolves these: a later part overrides an earlier one).
    std::vector<std::string> parts;
};

/// Reads a catalogue file's `key: 'text',` entries. Throws std::runtime_error with the line on
/// anything inside the object it does not understand (so no string goes unchecked).
PageFile parse_page_file(const std::filesystem::path& path, std::string_view source);
/// Every .ts file of web/src/i18n, with the catalogues spread into each resolved into its
/// entries (so a neutral file that spreads the German one is checked on all its texts); a file
/// whose name ends in no language, or a spread of an unknown catalogue, throws.
std::vector<PageFile> page_files();

/// Every sentence src/text makes, in the three languages.
std::vector<CatalogueEntry> program_catalogue();

}  // namespace schach::test
