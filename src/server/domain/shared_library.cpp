#include "server/domain/shared_library.hpp"

#include <dlfcn.h>

namespace schach::server {

std::expected<SharedLibrary, std::string> SharedLibrary::open(const char* soname, std::string_view what) {
    void* handle = dlopen(soname, RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
        const char* why = dlerror();
        return std::unexpected("cannot load " + std::string(what) + " " + soname + ": " +
                               (why ? why : "unknown reason"));
    }
    return SharedLibrary(handle);
}

void* SharedLibrary::symbol(const char* name) const { return dlsym(handle_, name); }

}  // namespace schach::server
