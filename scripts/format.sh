#!/usr/bin/env bash
# Formats the C++ sources with clang-format 14 and the repository's .clang-format.
#
#   scripts/format.sh            rewrite every file that differs (in place)
#   scripts/format.sh --check    change nothing; list the files that differ, exit 1 if any do
#   scripts/format.sh --diff     change nothing; print the changes clang-format would make, exit 1 if any
#   ... [FILE...]                only these files instead of all of src/ tests/ bench/ fuzz/ tools/load/ tools/pgn_train/
#
# (`make format`, `make format-check`.) The files: *.cpp, *.hpp, *.h under src/, tests/, bench/
# fuzz/ and tools/load/ (git ls-files, else find), plus fuzz/compat/expected, minus EXCLUDED below.
# Environment: CLANG_FORMAT (default clang-format-14, else clang-format). Other versions than 14
# format some constructs differently; the script warns when it is not 14.
# Exit codes: 0 formatted, 1 files differ (--check, --diff), 2 usage or setup errors.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"

# Tables laid out by hand that clang-format would repack: the 781 Polyglot constants, four a line
# as in the format's reference listing.
EXCLUDED=(src/core/polyglot_random.cpp)

die() {
    echo "format.sh: ERROR: $*" >&2
    exit 2
}

mode=fix
files=()
for arg in "$@"; do
    case $arg in
        --check) mode=check ;;
        --diff) mode=diff ;;
        -h | --help)
            sed -n '2,13p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'
            exit 0
            ;;
        -*) die "unknown option '$arg' (--check, --diff)" ;;
        *) files+=("$arg") ;;
    esac
done

CLANG_FORMAT=${CLANG_FORMAT:-$(command -v clang-format-14 || command -v clang-format || true)}
[[ -n $CLANG_FORMAT ]] || die "clang-format not found (apt-get install clang-format; scripts/install-deps.sh)"
version=$("$CLANG_FORMAT" --version)
[[ $version =~ version\ 14\. ]] || echo "format.sh: warning: $CLANG_FORMAT is not clang-format 14 ($version)" >&2

if ((${#files[@]} == 0)); then
    if git -C "$ROOT" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
        mapfile -t files < <(git ls-files -- 'src/*.cpp' 'src/*.hpp' 'src/*.h' 'tests/*.cpp' 'tests/*.hpp' \
            'tests/*.h' 'bench/*.cpp' 'bench/*.hpp' 'bench/*.h' 'fuzz/*.cpp' 'fuzz/*.hpp' 'fuzz/*.h' \
            'fuzz/compat/expected' 'tools/load/*.cpp' 'tools/load/*.hpp' 'tools/pgn_train/*.cpp')
    else
        mapfile -t files < <(find src tests bench fuzz tools/load tools/pgn_train -type f \( -name '*.cpp' -o -name '*.hpp' -o -name '*.h' \
            -o -path 'fuzz/compat/expected' \) | sort)
    fi
    kept=()
    for f in "${files[@]}"; do
        skip=0
        for x in "${EXCLUDED[@]}"; do [[ $f == "$x" ]] && skip=1; done
        ((skip)) || kept+=("$f")
    done
    files=("${kept[@]}")
fi
((${#files[@]} > 0)) || die "no files to format"
for f in "${files[@]}"; do [[ -f $f ]] || die "no such file: $f"; done

if [[ $mode == fix ]]; then
    printf '%s\0' "${files[@]}" | xargs -0 -n 16 -P "$(nproc)" "$CLANG_FORMAT" -i --style=file
    echo "format.sh: ${#files[@]} files formatted"
    exit 0
fi

differ=()
changed_lines=0
for f in "${files[@]}"; do
    formatted=$("$CLANG_FORMAT" --style=file --assume-filename="$f" <"$f"; echo x) || die "$CLANG_FORMAT failed on $f"
    formatted=${formatted%x}  # (the x keeps the trailing newlines that $(...) would drop)
    if ! cmp -s "$f" <(printf '%s' "$formatted"); then
        differ+=("$f")
        d=$(diff -u --label "a/$f" --label "b/$f" "$f" <(printf '%s' "$formatted") || true)
        n=$(($(grep -c '^-' <<<"$d") - 1))  # removed lines, without the "--- a/..." header
        changed_lines=$((changed_lines + n))
        if [[ $mode == diff ]]; then
            printf '%s\n' "$d"
        else
            echo "$f: $n lines"
        fi
    fi
done
if ((${#differ[@]} > 0)); then
    echo "format.sh: ${#differ[@]} of ${#files[@]} files not formatted (${changed_lines} lines would change;" \
        "scripts/format.sh or make format fixes them)" >&2
    exit 1
fi
echo "format.sh: ${#files[@]} files formatted"
