// shototsu — native benchmark of the mesh world (world.hpp): build time and memory, and the cost
// of each query, at 10^3 .. 10^6 triangles, on terrain-like heightfields and random soups.
//
//   shototsu_world_bench [--quick] [--sizes 1000,10000,...] [--kinds terrain,soup] [--json PATH|-]
//
// Prints a markdown table; --json writes the same numbers as JSON to PATH ("-": stdout, after the
// table). Every timing is the median of several repeats of a fixed, seeded batch of queries.
// Queries are LOCAL and of fixed size in triangle units — rays of 10 cells, sweeps of 4, spheres
// of half a cell, overlaps of radius 1.5 cells (a capsule: radius 1 around a segment of 1), closest
// points within 4 cells — while the world grows (the smallest scenes are about 20 cells across),
// so a hierarchy should make their cost grow like log(n). The floor query is not local: it looks
// down a whole column. Not a test: nothing here asserts a time.
// bench/w-world.mjs runs the same scenes and queries in wasm through the package; the JSON's
// scene_hash / query_hash (FNV-1a over the float32 bits) let it check that it built the same ones.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <functional>
#include <sstream>
#include <string>
#include <vector>

#include "shototsu/world.hpp"

using namespace shototsu;

namespace {

// ---- inputs -------------------------------------------------------------------------------------

// splitmix64, the same generator as the tests: the same scenes and queries on every platform.
struct Rng {
    std::uint64_t state;
    explicit Rng(std::uint64_t seed) : state(seed) {}
    std::uint64_t next() {
        std::uint64_t z = (state += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return z ^ (z >> 31);
    }
    float uniform(float lo, float hi) {
        return lo + (hi - lo) * static_cast<float>(static_cast<double>(next() >> 11) * 0x1.0p-53);
    }
    Vec3 in(const AABB& b) { return {uniform(b.min.x, b.max.x), uniform(b.min.y, b.max.y), uniform(b.min.z, b.max.z)}; }
    Vec3 direction() {
        for (;;) {
            const Vec3 v{uniform(-1, 1), uniform(-1, 1), uniform(-1, 1)};
            const float l2 = length_sq(v);
            if (l2 > 1e-4f && l2 <= 1.0f) return v * (1.0f / std::sqrt(l2));
        }
    }
};

struct Scene {
    std::string kind;
    std::vector<float> positions;
    std::vector<std::uint32_t> indices;
    AABB query_box;  // where queries start
    std::size_t triangles() const { return indices.empty() ? positions.size() / 9 : indices.size() / 3; }
};

// sin, cos and cbrt of a float, evaluated in double and rounded once: the float versions (sinf of
// glibc, ...) differ from JS's Math.sin rounded to float by an ulp on ~2% of the terrain's
// vertices, while double results agree after rounding, so bench/lib/world-scenes.mjs rebuilds
// these scenes bit for bit.
float sin_f(float x) { return static_cast<float>(std::sin(static_cast<double>(x))); }
float cos_f(float x) { return static_cast<float>(std::cos(static_cast<double>(x))); }
float cbrt_f(float x) { return static_cast<float>(std::cbrt(static_cast<double>(x))); }

// An n x n quad heightfield of unit cells (2 n^2 triangles), rolling hills plus small bumps, in
// the shape of a three.js PlaneGeometry turned up (indexed).
Scene terrain(std::size_t target) {
    const int n = std::max(1, static_cast<int>(std::lround(std::sqrt(static_cast<double>(target) / 2.0))));
    Scene s;
    s.kind = "terrain";
    const float half = 0.5f * static_cast<float>(n);
    for (int j = 0; j <= n; ++j)
        for (int i = 0; i <= n; ++i) {
            const float x = static_cast<float>(i) - half, z = static_cast<float>(j) - half;
            const float y = 4.0f * sin_f(0.05f * x) * cos_f(0.04f * z) + 0.4f * sin_f(0.9f * x + 0.7f * z);
            s.positions.insert(s.positions.end(), {x, y, z});
        }
    const auto id = [&](int i, int j) { return static_cast<std::uint32_t>(j * (n + 1) + i); };
    for (int j = 0; j < n; ++j)
        for (int i = 0; i < n; ++i) {
            s.indices.insert(s.indices.end(), {id(i, j), id(i, j + 1), id(i + 1, j + 1)});
            s.indices.insert(s.indices.end(), {id(i, j), id(i + 1, j + 1), id(i + 1, j)});
        }
    s.query_box = {{-half, -2.0f, -half}, {half, 8.0f, half}};
    return s;
}

// `target` random triangles of size ~1 in a cube whose volume grows with the count (about one
// triangle per 8 unit cubes), non-indexed.
Scene soup(std::size_t target) {
    Scene s;
    s.kind = "soup";
    const float half = cbrt_f(8.0f * static_cast<float>(target)) * 0.5f;
    Rng rng(0x50FA + target);
    const AABB cube{{-half, -half, -half}, {half, half, half}};
    for (std::size_t t = 0; t < target; ++t) {
        const Vec3 c = rng.in(cube);
        for (int k = 0; k < 3; ++k) {
            const Vec3 v = c + Vec3{rng.uniform(-0.7f, 0.7f), rng.uniform(-0.7f, 0.7f), rng.uniform(-0.7f, 0.7f)};
            s.positions.insert(s.positions.end(), {v.x, v.y, v.z});
        }
    }
    s.query_box = cube;
    return s;
}

// ---- measuring ----------------------------------------------------------------------------------

using Clock = std::chrono::steady_clock;

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    const std::size_t m = v.size() / 2;
    return v.size() % 2 ? v[m] : 0.5 * (v[m - 1] + v[m]);
}

// Resident memory of the process in bytes (Linux /proc), 0 elsewhere.
std::size_t resident_bytes() {
    std::ifstream f("/proc/self/statm");
    std::size_t pages = 0, resident = 0;
    if (!(f >> pages >> resident)) return 0;
    return resident * 4096;
}

// FNV-1a over 32-bit words: a fingerprint of float32 data, the same in bench/lib/world-scenes.mjs.
std::uint32_t fnv1a(std::uint32_t h, const void* data, std::size_t words) {
    const auto* w = static_cast<const std::uint32_t*>(data);
    for (std::size_t i = 0; i < words; ++i) h = (h ^ w[i]) * 16777619u;
    return h;
}
constexpr std::uint32_t kFnvBasis = 2166136261u;

std::string hex(std::uint32_t h) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "%08x", h);
    return buf;
}

struct QueryResult {
    std::string name;
    double ns = 0.0;        // median per query
    double hit_rate = 0.0;  // fraction of queries that hit (or found anything)
};

struct Row {
    std::string kind;
    std::size_t triangles = 0;
    double build_ms = 0.0;
    double memory_mb = 0.0;    // WorldStats::memory_bytes
    double resident_mb = 0.0;  // growth of the process's resident memory while building
    std::uint32_t nodes = 0;
    int depth = 0;
    std::vector<QueryResult> queries;
    std::uint32_t scene_hash = 0, query_hash = 0;
};

// Runs `one(i)` for i in [0, count) `repeats` times; the median time per call in ns. `one`
// returns 1 for a hit, which is summed so that nothing is optimised away.
QueryResult time_queries(const std::string& name, int count, int repeats, const std::function<int(int)>& one) {
    std::vector<double> per;
    long hits = 0;
    for (int r = 0; r < repeats; ++r) {
        hits = 0;
        const auto t0 = Clock::now();
        for (int i = 0; i < count; ++i) hits += one(i);
        per.push_back(std::chrono::duration<double, std::nano>(Clock::now() - t0).count() / count);
    }
    return {name, median(per), static_cast<double>(hits) / count};
}

Row measure(const Scene& s, bool quick) {
    Row row;
    row.kind = s.kind;
    row.triangles = s.triangles();
    row.scene_hash =
        fnv1a(fnv1a(kFnvBasis, s.positions.data(), s.positions.size()), s.indices.data(), s.indices.size());
    const int build_repeats = row.triangles >= 1000000 ? 3 : (quick ? 3 : 5);
    std::vector<double> build;
    for (int r = 0; r < build_repeats; ++r) {
        const std::size_t before = resident_bytes();
        World w;
        const auto t0 = Clock::now();
        const AddResult added = w.add_mesh(s.positions, s.indices);
        build.push_back(std::chrono::duration<double, std::milli>(Clock::now() - t0).count());
        if (!added.ok) {
            std::fprintf(stderr, "add_mesh failed: %s\n", added.error);
            std::exit(1);
        }
        const std::size_t after = resident_bytes();
        const WorldStats st = w.stats();
        row.memory_mb = static_cast<double>(st.memory_bytes) / (1024.0 * 1024.0);
        row.resident_mb = after > before ? static_cast<double>(after - before) / (1024.0 * 1024.0) : 0.0;
        row.nodes = st.nodes;
        row.depth = st.max_depth;
    }
    row.build_ms = median(build);

    World w;
    w.add_mesh(s.positions, s.indices);
    const int count = quick ? 4000 : 20000;
    const int repeats = quick ? 3 : 5;
    // The same seeded queries at every size: start points spread over the scene.
    Rng rng(0x0B5E);
    struct Q {
        Vec3 p, dir, half;
    };
    std::vector<Q> qs(static_cast<std::size_t>(count));
    const bool terrain_like = s.kind == "terrain";
    for (Q& q : qs) {
        q.p = rng.in(s.query_box);
        // Over terrain most rays look down (as from a camera or a character); in a soup anywhere.
        q.dir = rng.direction();
        if (terrain_like && q.dir.y > 0.3f) q.dir.y = -q.dir.y;
        q.half = rng.direction() * 0.5f;
    }
    static_assert(sizeof(Q) == 9 * sizeof(float));
    row.query_hash = fnv1a(kFnvBasis, qs.data(), 9 * qs.size());
    const float ray_length = 10.0f, sweep_length = 4.0f;
    std::vector<WorldContact> contacts;
    row.queries.push_back(time_queries("raycast", count, repeats,
                                       [&](int i) { return w.raycast(qs[i].p, qs[i].dir, ray_length).hit ? 1 : 0; }));
    row.queries.push_back(time_queries("raycast_any", count, repeats,
                                       [&](int i) { return w.raycast_any(qs[i].p, qs[i].dir, ray_length) ? 1 : 0; }));
    row.queries.push_back(time_queries("sphere_cast", count, repeats, [&](int i) {
        return w.sphere_cast(qs[i].p, 0.5f, qs[i].dir, sweep_length).hit ? 1 : 0;
    }));
    row.queries.push_back(time_queries("capsule_cast", count, repeats, [&](int i) {
        return w.capsule_cast(qs[i].p - qs[i].half, qs[i].p + qs[i].half, 0.3f, qs[i].dir, sweep_length).hit ? 1 : 0;
    }));
    row.queries.push_back(time_queries("overlap_sphere", count, repeats, [&](int i) {
        contacts.clear();
        return w.overlap_sphere(qs[i].p, 1.5f, contacts) > 0 ? 1 : 0;
    }));
    row.queries.push_back(time_queries("overlap_capsule", count, repeats, [&](int i) {
        contacts.clear();
        return w.overlap_capsule(qs[i].p - qs[i].half, qs[i].p + qs[i].half, 1.0f, contacts) > 0 ? 1 : 0;
    }));
    row.queries.push_back(time_queries("closest_point", count, repeats,
                                       [&](int i) { return w.closest_point(qs[i].p, 4.0f).hit ? 1 : 0; }));
    row.queries.push_back(time_queries("floor", count, repeats,
                                       [&](int i) { return w.floor(qs[i].p.x, qs[i].p.z, qs[i].p.y).hit ? 1 : 0; }));
    return row;
}

// ---- output -------------------------------------------------------------------------------------

std::string markdown(const std::vector<Row>& rows) {
    std::ostringstream o;
    o << "| scene | triangles | build ms | memory MB | RSS growth MB | nodes | depth |";
    for (const QueryResult& q : rows.front().queries) o << ' ' << q.name << " ns |";
    o << "\n|---|---:|---:|---:|---:|---:|---:|";
    for (std::size_t k = 0; k < rows.front().queries.size(); ++k) o << "---:|";
    o << '\n';
    char buf[64];
    for (const Row& r : rows) {
        o << "| " << r.kind << " | " << r.triangles;
        std::snprintf(buf, sizeof buf, " | %.1f | %.1f | %.1f | ", r.build_ms, r.memory_mb, r.resident_mb);
        o << buf << r.nodes << " | " << r.depth << " |";
        for (const QueryResult& q : r.queries) {
            std::snprintf(buf, sizeof buf, " %.0f (%.0f%%) |", q.ns, 100.0 * q.hit_rate);
            o << buf;
        }
        o << '\n';
    }
    o << "\nns per query: median of repeated seeded batches; (%) = queries that hit or found something.\n";
    return o.str();
}

std::string json(const std::vector<Row>& rows) {
    std::ostringstream o;
    o << "{\n  \"benchmark\": \"shototsu world (native)\",\n  \"rows\": [\n";
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const Row& r = rows[i];
        o << "    {\"scene\": \"" << r.kind << "\", \"triangles\": " << r.triangles << ", \"build_ms\": " << r.build_ms
          << ", \"memory_mb\": " << r.memory_mb << ", \"resident_growth_mb\": " << r.resident_mb
          << ", \"nodes\": " << r.nodes << ", \"depth\": " << r.depth << ", \"scene_hash\": \"" << hex(r.scene_hash)
          << "\", \"query_hash\": \"" << hex(r.query_hash) << "\", \"queries\": {";
        for (std::size_t k = 0; k < r.queries.size(); ++k) {
            const QueryResult& q = r.queries[k];
            o << (k ? ", " : "") << '"' << q.name << "\": {\"ns\": " << q.ns << ", \"hit_rate\": " << q.hit_rate << '}';
        }
        o << "}}" << (i + 1 < rows.size() ? "," : "") << '\n';
    }
    o << "  ]\n}\n";
    return o.str();
}

}  // namespace

int main(int argc, char** argv) {
    bool quick = false;
    std::string json_path;
    std::vector<std::size_t> sizes = {1000, 10000, 100000, 1000000};
    std::vector<std::string> kinds = {"terrain", "soup"};
    for (int i = 1; i < argc; ++i) {
        if (!std::strcmp(argv[i], "--quick")) {
            quick = true;
        } else if (!std::strcmp(argv[i], "--json") && i + 1 < argc) {
            json_path = argv[++i];
        } else if (!std::strcmp(argv[i], "--sizes") && i + 1 < argc) {
            sizes.clear();
            std::stringstream list(argv[++i]);
            std::string item;
            while (std::getline(list, item, ',')) sizes.push_back(std::stoul(item));
        } else if (!std::strcmp(argv[i], "--kinds") && i + 1 < argc) {
            kinds.clear();
            std::stringstream list(argv[++i]);
            std::string item;
            while (std::getline(list, item, ',')) kinds.push_back(item);
        } else {
            std::fprintf(stderr,
                         "usage: %s [--quick] [--sizes 1000,10000,...] [--kinds terrain,soup] [--json PATH|-]\n",
                         argv[0]);
            return 2;
        }
    }
    std::vector<Row> rows;
    for (const std::string& kind : kinds)
        for (const std::size_t n : sizes) {
            if (kind != "terrain" && kind != "soup") {
                std::fprintf(stderr, "unknown scene kind '%s' (terrain, soup)\n", kind.c_str());
                return 2;
            }
            const Scene s = kind == "terrain" ? terrain(n) : soup(n);
            std::fprintf(stderr, "%s %zu ...\n", kind.c_str(), s.triangles());
            rows.push_back(measure(s, quick));
        }
    std::fputs(markdown(rows).c_str(), stdout);
    if (json_path == "-") {
        std::fputs(json(rows).c_str(), stdout);
    } else if (!json_path.empty()) {
        std::ofstream(json_path) << json(rows);
    }
    return 0;
}
