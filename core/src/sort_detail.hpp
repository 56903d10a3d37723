// shototsu — one small sort for the core's few sorts (issue 18, size): std::sort's inlined
// three-, four- and five-element networks and partial insertion sorts cost 2–7 KB of wasm per
// comparator; this is a plain introsort of a few hundred bytes each.
#pragma once

#include <cstddef>
#include <utility>

namespace shototsu::detail {

/// Sorts [first, last) by `less`. Every caller's `less` is a total order on the elements it
/// sorts (ties broken by an index or an id), so the result is the one ascending permutation —
/// the same as std::sort's on every standard library. Quicksort on a median of three, insertion
/// sort for short ranges, and heapsort once the depth passes 2·log2(n): O(n log n) on any input.
template <class T, class Less>
void sort_range(T* first, T* last, Less less) {
    std::ptrdiff_t n = last - first;
    int depth = 0;
    for (std::ptrdiff_t m = n; m > 1; m >>= 1) depth += 2;
    while (n > 16) {
        if (depth-- == 0) {
            // Heapsort: a max-heap sifted down, then the largest moved to the end one by one.
            const auto sift = [&](std::ptrdiff_t root, std::ptrdiff_t size) {
                for (;;) {
                    std::ptrdiff_t child = 2 * root + 1;
                    if (child >= size) return;
                    if (child + 1 < size && less(first[child], first[child + 1])) ++child;
                    if (!less(first[root], first[child])) return;
                    std::swap(first[root], first[child]);
                    root = child;
                }
            };
            for (std::ptrdiff_t i = n / 2; i-- > 0;) sift(i, n);
            for (std::ptrdiff_t end = n; end-- > 1;) {
                std::swap(first[0], first[end]);
                sift(0, end);
            }
            return;
        }
        // The median of the first, middle and last elements goes first and is the pivot; Hoare's
        // partition with the pivot at the front leaves two non-empty parts: [0, j] and (j, n).
        T* a = first;
        T* b = first + n / 2;
        T* c = first + n - 1;
        T* med =
            less(*a, *b) ? (less(*b, *c) ? b : (less(*a, *c) ? c : a)) : (less(*a, *c) ? a : (less(*b, *c) ? c : b));
        std::swap(*first, *med);
        const T pivot = *first;
        std::ptrdiff_t i = -1, j = n;
        for (;;) {
            do ++i;
            while (less(first[i], pivot));
            do --j;
            while (less(pivot, first[j]));
            if (i >= j) break;
            std::swap(first[i], first[j]);
        }
        // The shorter part by recursion (depth at most log2 n), the longer by the loop.
        if (j + 1 < n - (j + 1)) {
            sort_range(first, first + j + 1, less);
            first += j + 1;
            n -= j + 1;
        } else {
            sort_range(first + j + 1, first + n, less);
            n = j + 1;
        }
    }
    for (std::ptrdiff_t i = 1; i < n; ++i) {
        T x = std::move(first[i]);
        std::ptrdiff_t k = i;
        for (; k > 0 && less(x, first[k - 1]); --k) first[k] = std::move(first[k - 1]);
        first[k] = std::move(x);
    }
}

}  // namespace shototsu::detail
