// shototsu_scene_bench: the native side of the benchmark suite (bench/run.mjs runs it).
//   shototsu_scene_bench s1|s2|s3|s4 --option value ...
// Each scene prints one line of JSON with its timings and writes what the JS side measures.
#include <cstdio>
#include <cstring>
#include <exception>

#include "scene_io.hpp"

namespace shototsu::bench {
int run_s1(const Options&);
int run_s2(const Options&);
int run_s3(const Options&);
int run_s4(const Options&);
}  // namespace shototsu::bench

int main(int argc, char** argv) {
    using namespace shototsu::bench;
    if (argc < 2) {
        std::fprintf(stderr, "usage: %s s1|s2|s3|s4 --option value ...\n", argv[0]);
        return 2;
    }
    try {
        const Options opt(argc, argv, 2);
        if (!std::strcmp(argv[1], "s1")) return run_s1(opt);
        if (!std::strcmp(argv[1], "s2")) return run_s2(opt);
        if (!std::strcmp(argv[1], "s3")) return run_s3(opt);
        if (!std::strcmp(argv[1], "s4")) return run_s4(opt);
        std::fprintf(stderr, "unknown scene %s\n", argv[1]);
        return 2;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "shototsu_scene_bench: %s\n", e.what());
        return 1;
    }
}
