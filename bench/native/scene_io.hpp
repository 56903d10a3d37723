// shototsu scene benchmarks, native side: reading the scene files that bench/scenes.mjs writes
// (layout in bench/lib/binio.mjs), writing trajectories and results back for the JS side to
// measure, command-line options, and a steady-clock timer. Header-only, no dependencies.
#pragma once

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include "shototsu/math.hpp"

namespace shototsu::bench {

/// A scene file: its three header words and its payload as 32-bit words.
struct SceneFile {
    std::uint32_t header[3] = {0, 0, 0};
    std::vector<std::uint32_t> words;

    const float* floats(std::size_t offset) const { return reinterpret_cast<const float*>(words.data() + offset); }
    const std::uint32_t* uints(std::size_t offset) const { return words.data() + offset; }
};

inline SceneFile read_scene_file(const std::string& path, const char* magic) {
    std::FILE* f = std::fopen(path.c_str(), "rb");
    if (!f) throw std::runtime_error("cannot open " + path);
    char m[4];
    SceneFile out;
    bool ok = std::fread(m, 1, 4, f) == 4 && std::memcmp(m, magic, 4) == 0 && std::fread(out.header, 4, 3, f) == 3;
    if (ok) {
        std::fseek(f, 0, SEEK_END);
        const long bytes = std::ftell(f) - 16;
        std::fseek(f, 16, SEEK_SET);
        out.words.resize(static_cast<std::size_t>(bytes) / 4);
        ok = std::fread(out.words.data(), 4, out.words.size(), f) == out.words.size();
    }
    std::fclose(f);
    if (!ok) throw std::runtime_error(path + ": not a " + std::string(magic, 4) + " scene file");
    return out;
}

/// Writes magic, header and float payload (trajectories SHTT, outputs SHTO).
inline void write_floats(const std::string& path, const char* magic, std::uint32_t h0, std::uint32_t h1,
                         const std::vector<float>& values) {
    std::FILE* f = std::fopen(path.c_str(), "wb");
    if (!f) throw std::runtime_error("cannot write " + path);
    const std::uint32_t header[3] = {h0, h1, 0};
    std::fwrite(magic, 1, 4, f);
    std::fwrite(header, 4, 3, f);
    std::fwrite(values.data(), 4, values.size(), f);
    std::fclose(f);
}

/// The mesh of a SHTM file, ready for World::add_mesh.
struct MeshFile {
    std::vector<float> positions;
    std::vector<std::uint32_t> indices;
};

inline MeshFile read_mesh(const std::string& path) {
    const SceneFile f = read_scene_file(path, "SHTM");
    const std::size_t v = f.header[0], t = f.header[1];
    MeshFile m;
    m.positions.assign(f.floats(0), f.floats(0) + 3 * v);
    m.indices.assign(f.uints(3 * v), f.uints(3 * v) + 3 * t);
    return m;
}

/// --name value pairs after the scene name.
class Options {
public:
    Options(int argc, char** argv, int first) {
        for (int i = first; i + 1 < argc; i += 2) {
            if (std::strncmp(argv[i], "--", 2) != 0)
                throw std::runtime_error(std::string("expected --option, got ") + argv[i]);
            values_[argv[i] + 2] = argv[i + 1];
        }
    }
    std::string text(const char* name, const char* fallback = nullptr) const {
        auto it = values_.find(name);
        if (it != values_.end()) return it->second;
        if (fallback) return fallback;
        throw std::runtime_error(std::string("missing --") + name);
    }
    double number(const char* name, double fallback) const {
        auto it = values_.find(name);
        return it == values_.end() ? fallback : std::strtod(it->second.c_str(), nullptr);
    }
    int integer(const char* name, int fallback) const { return static_cast<int>(number(name, fallback)); }

private:
    std::map<std::string, std::string> values_;
};

inline double now_ms() {
    using namespace std::chrono;
    return duration<double, std::milli>(steady_clock::now().time_since_epoch()).count();
}

/// Prints {"key": [v0, v1, ...]} fragments of the one-line JSON report.
inline void print_series(const char* key, const std::vector<double>& values, bool last = false) {
    std::printf("\"%s\": [", key);
    for (std::size_t i = 0; i < values.size(); ++i) std::printf(i ? ", %.6g" : "%.6g", values[i]);
    std::printf("]%s", last ? "" : ", ");
}

}  // namespace shototsu::bench
