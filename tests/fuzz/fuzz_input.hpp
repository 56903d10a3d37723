// shototsu fuzzing — how the targets read libFuzzer's bytes, and how they fail.
//
// Every float a target needs is decoded from the bytes by FuzzInput::value(): one tag byte
// chooses a class of value, so that the mutator reaches NaN, +-inf, +-0, denormals, FLT_MAX,
// tiny and huge magnitudes, small integers (exact ties, collinear and repeated vertices) and
// repeats of earlier values (degenerate shapes) as easily as ordinary numbers; one class is the
// raw 32 bits, which covers everything else. Exhausted input reads as zeros, so every byte
// string is a valid input.
//
// FuzzInput also records whether every value handed out so far was finite, and their largest
// magnitude: targets check "never NaN out of finite input" when every value was finite and at most
// kModerate in magnitude (2^60, about 1.2e18: differences of such coordinates squared and summed
// stay within float range). Set SHOTOTSU_FUZZ_FULL_RANGE=1 to check up to FLT_MAX instead (the
// float-evaluated queries then overflow to infinity and some make NaN: see README "Guarantees"). A broken invariant
// prints what broke, then aborts (libFuzzer saves the input as crash-*; rerun the target on that file to reproduce).
#pragma once

#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "shototsu/math.hpp"

namespace shototsu::fuzz {

class FuzzInput {
public:
    FuzzInput(const std::uint8_t* data, std::size_t size) : data_(data), size_(size) {}

    bool empty() const { return pos_ >= size_; }
    std::uint8_t byte() { return pos_ < size_ ? data_[pos_++] : 0; }
    std::uint32_t u32() {
        std::uint32_t v = 0;
        for (int i = 0; i < 4; ++i) v |= static_cast<std::uint32_t>(byte()) << (8 * i);
        return v;
    }
    /// An integer in [0, n) (n >= 1).
    std::uint32_t below(std::uint32_t n) { return n <= 256 ? byte() % n : u32() % n; }
    bool flag() { return byte() & 1; }

    /// Any float, by class (see the top of this file).
    float value() {
        const std::uint8_t tag = byte();
        const float sign = (tag & 0x80) ? -1.0f : 1.0f;
        float v;
        switch (tag & 0x0F) {
            case 0: {  // the raw bits: anything at all
                const std::uint32_t bits = u32();
                std::memcpy(&v, &bits, 4);
                break;
            }
            case 1: v = sign * static_cast<float>(byte() % 9); break;      // -8 .. 8
            case 2: v = sign * static_cast<float>(byte()) / 16.0f; break;  // a 1/16 grid
            case 3: v = sign * 0.0f; break;                                // +-0
            case 4: v = std::nanf(""); break;
            case 5: v = sign * INFINITY; break;
            case 6: v = sign * FLT_MAX; break;
            case 7: v = sign * FLT_TRUE_MIN * static_cast<float>(1 + byte()); break;         // denormal
            case 8: v = sign * std::ldexp(1.0f, -100 - byte() % 26); break;                  // tiny normal
            case 9: v = sign * std::ldexp(1.0f + byte() / 256.0f, 60 + byte() % 67); break;  // huge
            case 10:
            case 11: {  // a repeat of an earlier value: equal coordinates, degenerate shapes
                v = history_[byte() % kHistory];
                break;
            }
            default: {  // an ordinary number: 1e-3 .. 1e4 in magnitude, any mantissa
                const std::uint32_t m = u32() & 0x007FFFFFu;
                const int e = static_cast<int>(byte() % 24) - 10;  // 2^-10 .. 2^13
                std::uint32_t bits =
                    m | (static_cast<std::uint32_t>(127 + e) << 23) | ((tag & 0x80) ? 0x80000000u : 0u);
                std::memcpy(&v, &bits, 4);
                break;
            }
        }
        history_[next_++ % kHistory] = v;
        if (!std::isfinite(v))
            finite_ = false;
        else if (std::fabs(v) > max_abs_)
            max_abs_ = std::fabs(v);
        if (trace_count_ < kTrace) trace_[trace_count_++] = v;
        return v;
    }
    /// A finite float in [lo, hi] (for settings that must be sane): does not touch finite().
    float in_range(float lo, float hi) {
        const std::uint32_t r = u32();
        const float v = lo + (hi - lo) * static_cast<float>(r >> 8) * (1.0f / 16777216.0f);
        if (trace_count_ < kTrace) trace_[trace_count_++] = v;
        return v;
    }
    Vec3 vec() { return {value(), value(), value()}; }
    Vec3 vec_in(float lo, float hi) { return {in_range(lo, hi), in_range(lo, hi), in_range(lo, hi)}; }
    Quat quat() { return {value(), value(), value(), value()}; }

    /// Every value() so far was finite.
    bool finite() const { return finite_; }
    /// Every value() so far was finite and within the checked magnitude (see the top of this file).
    bool moderate() const { return finite_ && (max_abs_ <= kModerate || full_range()); }
    static bool full_range() {
        static const bool on = std::getenv("SHOTOTSU_FUZZ_FULL_RANGE") != nullptr;
        return on;
    }
    static constexpr float kModerate = 0x1p60f;
    /// Largest magnitude of the finite values read since reset_finite().
    float max_abs() const { return max_abs_; }
    /// Coordinates up to 2^24 (1.7e7): the range in which the exactness promises are checked
    /// (world = brute force, cache on = cache off). Beyond it double intermediates lose whole
    /// units near a triangle (1e-16 of 1e18 is 100), and the relative tolerances of the contacts
    /// (tol::kCoincidentRel of the coordinates) grow past the world's culling slop.
    static constexpr float kRealistic = 0x1p24f;
    /// Starts a new query: finite() again, and a fresh trace of the values read.
    void reset_finite() {
        finite_ = true;
        max_abs_ = 0.0f;
        trace_count_ = 0;
    }
    /// Prints the values read since reset_finite() (the failing query's arguments, in order).
    void print_trace() const {
        std::fprintf(stderr, "arguments (in the order read):\n");
        for (int i = 0; i < trace_count_; ++i) std::fprintf(stderr, "  [%d] %.9g (%a)\n", i, trace_[i], trace_[i]);
    }

private:
    static constexpr int kHistory = 8;
    static constexpr int kTrace = 64;
    float trace_[kTrace];
    int trace_count_ = 0;
    const std::uint8_t* data_;
    std::size_t size_;
    std::size_t pos_ = 0;
    bool finite_ = true;
    float max_abs_ = 0.0f;
    float history_[kHistory] = {0, 1, -1, 0.5f, 2, 1e-3f, 1e4f, -0.0f};
    unsigned next_ = 0;
};

/// The input being run, and a target's printer of further context (for the failure report).
inline const FuzzInput* g_input = nullptr;
inline void (*g_context)() = nullptr;

/// Prints `what`, the current query's arguments, and aborts: libFuzzer reports a crash and keeps
/// the input.
[[noreturn]] inline void fail(const char* what, const char* detail = "") {
    std::fprintf(stderr, "\nshototsu fuzz: INVARIANT BROKEN: %s: %s\n", what, detail);
    if (g_input) g_input->print_trace();
    if (g_context) g_context();
    std::abort();
}

inline bool nan(float v) { return std::isnan(v); }
inline bool nan(Vec3 v) { return std::isnan(v.x) || std::isnan(v.y) || std::isnan(v.z); }

/// Checks of results. `query` names the query in the failure message. Built right after the
/// query's arguments were read: `finite_input` (NaN checks apply) is FuzzInput::moderate(),
/// `nonfinite_input` (a miss is required) is !FuzzInput::finite().
struct Check {
    const char* query;
    bool finite_input;
    bool nonfinite_input;

    Check(const char* q, const FuzzInput& in) : query(q), finite_input(in.moderate()), nonfinite_input(!in.finite()) {}

    void no_nan(float v, const char* field) const {
        if (finite_input && nan(v)) fail(query, field);
    }
    void no_nan(Vec3 v, const char* field) const {
        if (finite_input && nan(v)) fail(query, field);
    }
    void that(bool ok, const char* what) const {
        if (!ok) fail(query, what);
    }
    /// A fraction of a cast or sweep: in [0, 1], whatever the input.
    void fraction(float t) const {
        if (!(t >= 0.0f && t <= 1.0f)) fail(query, "t outside [0, 1]");
    }
    /// A unit normal (when there is a hit from finite input).
    void unit(Vec3 n, const char* field) const {
        if (!finite_input) return;
        const double l = std::sqrt(double(n.x) * n.x + double(n.y) * n.y + double(n.z) * n.z);
        if (!(std::fabs(l - 1.0) <= 1e-5)) fail(query, field);
    }
};

/// Float bits equal (NaN equals NaN): for "same bits" guarantees.
inline bool same(float a, float b) {
    std::uint32_t x, y;
    std::memcpy(&x, &a, 4);
    std::memcpy(&y, &b, 4);
    return x == y || (std::isnan(a) && std::isnan(b));
}
inline bool same(Vec3 a, Vec3 b) { return same(a.x, b.x) && same(a.y, b.y) && same(a.z, b.z); }

}  // namespace shototsu::fuzz
