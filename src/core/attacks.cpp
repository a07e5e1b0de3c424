#include "core/attacks.hpp"

#include <cstdlib>
#include <cstring>

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#endif

// The tables as tools/attack_tables wrote them at build time (the bytes of a Tables), placed in
// the read-only data by the assembler: nothing is built or copied when the program starts, and
// only the pages a command reads are loaded (one of the two slider tables).
#if !defined(SCHACH_ATTACK_TABLES_FILE)
#error "SCHACH_ATTACK_TABLES_FILE names the tables made by schach_attack_tables (CMakeLists.txt)"
#endif
asm(".section .rodata\n"
    ".balign 64\n"
    ".global schach_attack_tables\n"
    ".type schach_attack_tables, @object\n"
    "schach_attack_tables:\n"
    ".incbin \"" SCHACH_ATTACK_TABLES_FILE
    "\"\n"
    ".size schach_attack_tables, . - schach_attack_tables\n"
    ".previous\n");

namespace schach::attacks {
namespace detail {
namespace {

bool pext_is_fast() {
#if defined(__BMI2__) && (defined(__x86_64__) || defined(__i386__))
    if (const char* force = std::getenv("SCHACH_SLIDERS")) return std::strcmp(force, "magic") != 0;
    unsigned eax = 0, ebx = 0, ecx = 0, edx = 0;
    if (!__get_cpuid(0, &eax, &ebx, &ecx, &edx)) return false;
    const bool amd = ebx == 0x68747541;                         // "Auth" of AuthenticAMD
    if (!__get_cpuid(1, &eax, &ebx, &ecx, &edx)) return false;  // leaf 1: family
    unsigned family = (eax >> 8) & 0xF;
    if (family == 0xF) family += (eax >> 20) & 0xFF;
    // Zen 1 and 2 (family 0x17) run PEXT in microcode, hundreds of cycles; Zen 3+ (0x19) is fast.
    return !(amd && family < 0x19) && __builtin_cpu_supports("bmi2");
#else
    return false;
#endif
}
}  // namespace

// Read before main() too (other files' static objects may look up attacks): until it is set,
// the magic table answers, which is always there.
const bool use_pext = pext_is_fast();

}  // namespace detail

const char* slider_method() { return uses_pext() ? "pext" : "magic"; }

}  // namespace schach::attacks
