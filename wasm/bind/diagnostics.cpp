// shototsu (wasm) — diagnostics for the package's own tests, not part of the JS face: how many
// bytes of the wasm heap are allocated right now (dlmalloc's mallinfo().uordblks). The leak test
// (tests/js/leaks.test.js) reads it around 10^5 create/use/dispose cycles. Registration only.
#include <malloc.h>

#include <cstdint>

#include "out.hpp"

SHOTOTSU_EXPORT std::uint32_t shototsu_heap_in_use() { return static_cast<std::uint32_t>(mallinfo().uordblks); }
