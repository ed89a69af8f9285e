/* The launch of an emulated kernel, shared by the language shims
 * (shim_cuda.h, shim_opencl.h): each argument made from its parameter's
 * type and name (docs/emulate.md), then every thread of the launch run.
 * A name starting with '@' is a pointer to per-work-group memory (an
 * OpenCL __local parameter): its buffer is in the shared section, one copy
 * per block. */
#pragma once
#include "runtime.h"

#include <cstdint>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <tuple>
#include <type_traits>
#include <utility>

#ifndef MK_INLINE
#define MK_INLINE static inline __attribute__((always_inline))
#endif

/* A texture or surface object (cudaTextureObject_t, cudaSurfaceObject_t):
 * an image of MK_IMAGE_LAYERS layers of MK_IMAGE_ROWS rows of
 * MK_IMAGE_PITCH bytes, its own buffer (pages untouched cost nothing).
 * Host code writes `cudaTextureObject_t t = 0;`, so it converts from an
 * integer. */
enum : unsigned long long { MK_IMAGE_PITCH = 1u << 14, MK_IMAGE_ROWS = 1u << 12, MK_IMAGE_LAYERS = 16 };
struct mk_image_object {
    unsigned char *base;
    unsigned long long pitch, rows; /* 0: the default layout; else the host's linear memory */
    mk_image_object() = default;
    mk_image_object(unsigned long long) : base(nullptr), pitch(0), rows(0) {}
    /* the bytes of the texel at byte column xb, row y, layer z: NULL
     * outside the image (a read gives zero, a write is dropped: the
     * boundary mode cudaBoundaryModeZero) */
    unsigned char *at(long long xb, long long y, long long z, size_t bytes) const
    {
        unsigned long long p = pitch ? pitch : MK_IMAGE_PITCH, r = pitch ? rows : MK_IMAGE_ROWS;
        unsigned long long layers = pitch ? 1 : MK_IMAGE_LAYERS;
        if (!base || xb < 0 || y < 0 || z < 0 || (unsigned long long)xb + bytes > p || (unsigned long long)y >= r ||
            (unsigned long long)z >= layers)
            return nullptr;
        return base + ((unsigned long long)z * r + (unsigned long long)y) * p + xb;
    }
};
MK_INLINE mk_image_object mk_new_image(const char *name)
{
    mk_image_object o(0);
    o.base = (unsigned char *)mk_image_buffer(name, (size_t)MK_IMAGE_PITCH * MK_IMAGE_ROWS * MK_IMAGE_LAYERS);
    mk_note_param(name, "an image of 16 layers of 4096 rows of 16384 bytes, zero");
    return o;
}

/* An atomic's operand type for mk_atomic, and its value as raw bits. */
template <class T> constexpr int mk_atomic_type()
{
    static_assert(sizeof(T) == 4 || sizeof(T) == 8, "atomic of this size: not emulated");
    return std::is_floating_point<T>::value ? (sizeof(T) == 4 ? MK_F32 : MK_F64)
           : sizeof(T) == 4 ? (std::is_signed<T>::value ? MK_I32 : MK_U32)
                            : (std::is_signed<T>::value ? MK_I64 : MK_U64);
}
template <class T> MK_INLINE uint64_t mk_bits(T v)
{
    uint64_t u = 0;
    std::memcpy(&u, &v, sizeof v < 8 ? sizeof v : 8);
    return u;
}
template <class T> MK_INLINE T mk_from_bits(uint64_t u)
{
    T v;
    std::memcpy(&v, &u, sizeof v < 8 ? sizeof v : 8);
    return v;
}

namespace mk {
/* Does a signed run (--seed signed:S) give a value of type E either sign:
 * signed integers and floating point, but plain char, most often a byte of
 * text (its signedness is the platform's); bool and enums never. */
template <class E> constexpr bool takes_sign()
{
    return std::is_floating_point<E>::value ||
           (std::is_integral<E>::value && std::is_signed<E>::value && !std::is_same<E, char>::value);
}
/* One element's value from the seed, below top in magnitude; negative when
 * a signed run gives its type a sign and the draw's top bit says so.  The
 * magnitude comes from the draw's low bits as in the run of the same seed
 * without signs, so that the two runs differ in signs only. */
MK_INLINE long long draw(uint64_t top, bool sign)
{
    uint64_t r = mk_rand();
    long long v = (long long)(r % top);
    return sign && mk_signed_values() && (r >> 63) ? -v : v;
}
/* A buffer's elements, each draw's value: filled by the runtime (compiled
 * optimised and not instrumented: a buffer has millions of elements). */
template <class E> MK_INLINE void fill(E *p, size_t n)
{
    if constexpr (std::is_integral<E>::value) /* small values, so that loaded indices stay near the launch */
        mk_fill_ints(p, n, sizeof(E), std::is_same<E, bool>::value, takes_sign<E>());
    else if constexpr (std::is_floating_point<E>::value && (sizeof(E) == 4 || sizeof(E) == 8))
        mk_fill_floats(p, n, sizeof(E));
    else if constexpr (std::is_floating_point<E>::value)
        for (size_t i = 0; i < n; i++)
            p[i] = (E)draw(1000, true) / (E)100;
}
/* The pointer members of a struct parameter, found without reflection:
 * clang's __builtin_dump_struct walks a copy of the struct whose 8-byte
 * words hold a pattern (word k is PATTERN + k), so that each pointer member
 * it passes has the value of the word it sits in, which says where it is;
 * an array member is passed by its address, and its type's name says its
 * element type and bounds.  Nested structs and base classes are walked;
 * arrays of structs and pointers reached through pointers are not (their
 * pointers stay null: docs/emulate.md). */
namespace members {
constexpr uint64_t PATTERN = 0x4d4b505452000000ull;
enum { DEPTH = 8, MAX_BUFFERS = 64 };
struct Walk {
    const unsigned char *pattern; /* the patterned copy that is walked */
    size_t size;
    unsigned char *target; /* the argument, where the buffers are stored */
    char path[DEPTH][96];  /* "q", "q.in", ...: the name of each open struct */
    int depth;
    char opening[64]; /* the member whose " {" comes next ("": a base class) */
    int buffers, skipped;
};
/* An element type named in a struct's walk: its bytes, whether a seed
 * fills it, and whether a signed run gives its values a sign. */
struct ElemType {
    size_t size;
    bool integral, floating, takes_sign;
};
/* The element named `type` ("const float", "int *"); unknown types
 * (structs, vectors) count 16 bytes and are not filled.  Signed as
 * takes_sign<E> says: plain char is not. */
inline ElemType elem_type(const char *type)
{
    static const struct {
        const char *name;
        unsigned char size, kind; /* 'i' integral, 's' signed integral, 'f' floating */
    } known[] = {{"unsigned long long", 8, 'i'}, {"unsigned long long int", 8, 'i'}, {"long long", 8, 's'},
                 {"long long int", 8, 's'}, {"unsigned long", 8, 'i'}, {"unsigned long int", 8, 'i'},
                 {"long", 8, 's'}, {"long int", 8, 's'}, {"size_t", 8, 'i'}, {"ssize_t", 8, 's'},
                 {"ptrdiff_t", 8, 's'}, {"int64_t", 8, 's'}, {"uint64_t", 8, 'i'}, {"double", 8, 'f'},
                 {"unsigned int", 4, 'i'}, {"unsigned", 4, 'i'}, {"int32_t", 4, 's'}, {"uint32_t", 4, 'i'},
                 {"int", 4, 's'}, {"signed int", 4, 's'}, {"signed", 4, 's'}, {"float", 4, 'f'},
                 {"unsigned short", 2, 'i'}, {"unsigned short int", 2, 'i'}, {"short", 2, 's'},
                 {"short int", 2, 's'}, {"int16_t", 2, 's'}, {"uint16_t", 2, 'i'}, {"unsigned char", 1, 'i'},
                 {"signed char", 1, 's'}, {"char", 1, 'i'}, {"bool", 1, 'i'}, {"int8_t", 1, 's'},
                 {"uint8_t", 1, 'i'}};
    while (!std::strncmp(type, "const ", 6) || !std::strncmp(type, "volatile ", 9))
        type += type[0] == 'c' ? 6 : 9;
    size_t n = std::strlen(type);
    while (n && type[n - 1] == ' ')
        n--;
    if (n && type[n - 1] == '*')
        return {sizeof(void *), false, false, false};
    for (const auto &k : known)
        if (std::strlen(k.name) == n && !std::strncmp(k.name, type, n))
            return {k.size, k.kind != 'f', k.kind == 'f', k.kind != 'i'};
    return {16, false, false, false};
}
/* Small values from the seed, as fill<E> gives a pointer parameter. */
inline void fill_bytes(void *p, size_t count, const ElemType &t)
{
    for (size_t i = 0; i < count && (t.integral || t.floating); i++) {
        unsigned char *e = (unsigned char *)p + i * t.size;
        if (t.floating && t.size == 4)
            *(float *)e = (float)draw(1000, true) / 100.0f;
        else if (t.floating)
            *(double *)e = (double)draw(1000, true) / 100.0;
        else {
            long long v = draw((uint64_t)mk_default_int(), t.takes_sign);
            std::memcpy(e, &v, t.size < 8 ? t.size : 8); /* little-endian: the low bytes, two's complement */
        }
    }
}
/* A buffer for the pointer member at byte `offset` of the argument, named
 * `name`, its element type `pointee`. */
inline void allocate(Walk *w, size_t offset, const char *name, const char *pointee)
{
    if (offset + sizeof(void *) > w->size || offset % sizeof(void *))
        return;
    if (w->buffers == MAX_BUFFERS) {
        w->skipped++;
        return;
    }
    ElemType t = elem_type(pointee);
    size_t n;
    void *p = mk_buffer(name, t.size, &n);
    if (mk_seeded())
        fill_bytes(p, n, t);
    std::memcpy(w->target + offset, &p, sizeof p);
    w->buffers++;
}
/* "float *[2][3]": the element "float *" and 6 elements; false when the
 * elements are not pointers (or are function pointers). */
inline bool pointer_array(const char *type, char *elem, size_t n, size_t *count, size_t dims[4], int *ndims)
{
    const char *open = std::strchr(type, '[');
    if (!open || std::strstr(type, "(*"))
        return false;
    size_t len = (size_t)(open - type);
    while (len && type[len - 1] == ' ')
        len--;
    if (!len || type[len - 1] != '*' || len >= n)
        return false;
    std::memcpy(elem, type, len);
    elem[len] = 0;
    *count = 1;
    *ndims = 0;
    for (const char *p = open; p && *p == '['; p = std::strchr(p, ']') ? std::strchr(p, ']') + 1 : nullptr) {
        size_t d = std::strtoull(p + 1, nullptr, 10);
        if (*ndims < 4)
            dims[(*ndims)++] = d;
        *count *= d;
    }
    return *count > 0 && *count <= 4096;
}
/* "name[i][j]" of flat element k of an array with these bounds. */
inline void element_name(char *buf, size_t n, const char *base, size_t k, const size_t *dims, int ndims)
{
    int len = std::snprintf(buf, n, "%s", base);
    size_t stride = 1;
    for (int d = 1; d < ndims; d++)
        stride *= dims[d];
    for (int d = 0; d < ndims && len >= 0 && (size_t)len < n; d++) {
        len += std::snprintf(buf + len, n - (size_t)len, "[%zu]", stride ? k / stride : 0);
        k = stride ? k % stride : 0;
        stride = d + 1 < ndims && dims[d + 1] ? stride / dims[d + 1] : 1;
    }
}
/* One line of __builtin_dump_struct's walk: "%s%s %s = %p\n" (indent,
 * type, member, value), " {" and "}" around a nested struct. */
inline int visit(Walk *w, const char *format, ...)
{
    va_list ap;
    va_start(ap, format);
    if (!std::strncmp(format, " {", 2)) {
        if (w->depth + 1 < DEPTH) {
            std::snprintf(w->path[w->depth + 1], sizeof w->path[0], "%s%s%s", w->path[w->depth],
                          w->opening[0] ? "." : "", w->opening);
            w->depth++;
        }
    } else if (std::strchr(format, '}')) {
        if (w->depth > 0)
            w->depth--;
    } else if (!std::strncmp(format, "%s%s", 4)) {
        va_arg(ap, const char *); /* the indent */
        const char *type = va_arg(ap, const char *);
        const char *member = std::strstr(format, "%s%s %s") == format ? va_arg(ap, const char *) : "";
        const char *value = std::strstr(format, " = ");
        std::snprintf(w->opening, sizeof w->opening, "%s", member ? member : "");
        char name[200], elem[96];
        std::snprintf(name, sizeof name, "%s.%s", w->path[w->depth], member ? member : "");
        size_t count, dims[4];
        int ndims;
        bool is_pointer = value && std::strstr(type, "(*") == nullptr && !std::strchr(type, '[') &&
                          std::strrchr(type, '*') && (!std::strcmp(value, " = %p\n") || std::strstr(value, "s\"\n"));
        if (is_pointer) {
            uint64_t bits = (uint64_t)(uintptr_t)va_arg(ap, const void *);
            size_t len = (size_t)(std::strrchr(type, '*') - type);
            std::snprintf(elem, sizeof elem, "%.*s", (int)(len < sizeof elem ? len : sizeof elem - 1), type);
            if ((bits & ~0xffffffull) == PATTERN)
                allocate(w, (size_t)(bits - PATTERN) * 8, name, elem);
        } else if (value && !std::strcmp(value, " = *%p\n") && pointer_array(type, elem, sizeof elem, &count, dims, &ndims)) {
            const unsigned char *at = (const unsigned char *)va_arg(ap, const void *);
            size_t offset = (size_t)(at - w->pattern);
            char *star = std::strrchr(elem, '*');
            *star = 0;
            for (size_t k = 0; k < count && offset < w->size; k++) {
                char item[240];
                element_name(item, sizeof item, name, k, dims, ndims);
                allocate(w, offset + k * sizeof(void *), item, elem);
            }
        }
    }
    va_end(ap);
    return 0;
}
/* Gives every pointer member of d (a struct parameter `name`) a buffer. */
template <class D> void give_buffers(D &d, const char *name)
{
    alignas(D) unsigned char pattern[sizeof(D)];
    for (size_t k = 0; k * 8 < sizeof(D); k++) {
        uint64_t word = PATTERN + k;
        std::memcpy(pattern + k * 8, &word, sizeof(D) - k * 8 < 8 ? sizeof(D) - k * 8 : 8);
    }
    Walk w{};
    w.pattern = pattern;
    w.size = sizeof(D);
    w.target = (unsigned char *)&d;
    std::snprintf(w.path[0], sizeof w.path[0], "%s", name);
    __builtin_dump_struct((D *)pattern, visit, &w);
    char text[96];
    if (!w.buffers)
        std::snprintf(text, sizeof text, "zero-initialized (default)");
    else
        std::snprintf(text, sizeof text, "zero, its %d pointer member%s given buffers of their own%s", w.buffers,
                      w.buffers == 1 ? "" : "s", w.skipped ? " (the first 64)" : "");
    mk_note_param(name, text);
}
} // namespace members

template <class T> T arg(const char *name)
{
    using D = typename std::remove_cv<T>::type;
    char text[64];
    if constexpr (std::is_pointer<D>::value) {
        using E = typename std::remove_cv<typename std::remove_pointer<D>::type>::type;
        size_t n;
        void *p;
        if constexpr (std::is_void<E>::value || std::is_function<E>::value) {
            p = mk_buffer(name, 1, &n);
        } else if (name[0] == '@') {
            p = mk_local_buffer(name + 1, sizeof(E), &n);
        } else {
            p = mk_buffer(name, sizeof(E), &n);
            if (mk_seeded())
                fill<E>((E *)p, n);
        }
        return (D)p;
    } else if constexpr (std::is_integral<D>::value || std::is_enum<D>::value) {
        const char *v = mk_param(name);
        /* a seeded run draws what -p does not give: an odd value in
         * [1, threads], so that it differs from the unseeded default (the
         * thread count, most often a power of two) in its low bits too, not
         * only in magnitude (a `mode & 1` takes the other branch) */
        /* a counting loop's bound is small: its trips cost every thread */
        bool loop = mk_counts_loop(name);
        long long top = loop ? MK_LOOP_DEFAULT : mk_default_int(), half = (top + 1) / 2;
        long long dflt = mk_seeded() ? 2 * (long long)(mk_rand() % (uint64_t)(half > 0 ? half : 1)) + 1 : top;
        /* a signed run makes a signed value negative, but a loop's bound:
         * a negative one would only skip the loop */
        bool negative = takes_sign<D>() && mk_signed_values() && !loop;
        if (negative)
            dflt = -dflt;
        if (std::is_enum<D>::value) /* the first enumerator, most often */
            dflt = 0;
        long long x = v ? std::strtoll(v, nullptr, 0) : std::is_same<D, bool>::value ? 1 : dflt;
        if (v && x < 0 && std::is_unsigned<D>::value) /* -p NAME=-1 of an unsigned: C's conversion, said */
            std::snprintf(text, sizeof text, "%llu (%lld converted)", (unsigned long long)static_cast<D>(x), x);
        else
            std::snprintf(text, sizeof text, "%lld%s%s%s", x, v ? "" : mk_seeded() ? " (from the seed" : " (default",
                          v || !negative ? "" : ", negative: a signed input",
                          v ? "" : loop ? ", small: it bounds a loop)" : ")");
        mk_note_param(name, text);
        return static_cast<D>(x);
    } else if constexpr (std::is_floating_point<D>::value) {
        /* 1, or -1 in a signed run (a seeded run draws no scalar value) */
        const char *v = mk_param(name);
        double x = v ? std::strtod(v, nullptr) : mk_signed_values() ? -1.0 : 1.0;
        std::snprintf(text, sizeof text, "%g%s", x,
                      v ? "" : mk_signed_values() ? " (default, negative: a signed input)" : " (default)");
        mk_note_param(name, text);
        return (D)x;
    } else if constexpr (std::is_base_of<mk_image_object, D>::value) {
        return D(mk_new_image(name));
    } else if constexpr (std::is_class<D>::value && std::is_trivially_copyable<D>::value) {
        D d{};
        members::give_buffers(d, name);
        return d;
    } else {
        mk_note_param(name, "zero-initialized (default)");
        return D{};
    }
}
/* the name of parameter i in "a,b,c" */
inline const char *param_name(const char *names, int i, char *buf, size_t n)
{
    const char *s = names;
    for (; i > 0 && s; i--) {
        s = std::strchr(s, ',');
        if (s)
            s++;
    }
    size_t len = 0;
    if (s)
        while (s[len] && s[len] != ',' && len + 1 < n)
            len++;
    if (!s || !len)
        std::snprintf(buf, n, "arg%d", i);
    else {
        std::memcpy(buf, s, len);
        buf[len] = 0;
    }
    return buf;
}
template <class T> inline uintptr_t ptr_bits(T v)
{
    if constexpr (std::is_pointer<T>::value)
        return (uintptr_t)v;
    else
        return 0;
}
template <class... A> struct Launch {
    void (*k)(A...);
    std::tuple<typename std::decay<A>::type...> args;
};
/* Not instrumented: the launch's own copy of the arguments is not the
 * kernel's memory.  The kernel is called through a pointer read at run time,
 * so it is not inlined here and keeps its instrumentation. */
template <class... A> __attribute__((no_sanitize("thread"), noinline)) void body(void *ctx)
{
    Launch<A...> *l = (Launch<A...> *)ctx;
    void (*volatile k)(A...) = l->k;
    std::tuple<typename std::decay<A>::type...> args = l->args; /* on the thread's own stack */
    std::apply(k, args);
}
/* A __constant__ variable the host would set: -p NAME=V for a scalar,
 * else the seed's values as a pointer parameter's elements get them; an
 * unseeded run keeps C's zero.  Other types keep zero. */
template <class T> void fill_global(T &x, const char *name)
{
    using E = typename std::remove_cv<typename std::remove_all_extents<T>::type>::type;
    E *p = (E *)&x;
    size_t n = sizeof x / sizeof(E);
    char text[64];
    if constexpr (std::is_arithmetic<E>::value) {
        const char *v = std::rank<T>::value == 0 ? mk_param(name) : nullptr;
        if (v) {
            *p = std::is_floating_point<E>::value ? (E)std::strtod(v, nullptr) : (E)std::strtoll(v, nullptr, 0);
            std::snprintf(text, sizeof text, "%s (constant memory)", v);
        } else if (mk_seeded()) {
            fill<E>(p, n);
            if (n == 1 && std::is_integral<E>::value)
                std::snprintf(text, sizeof text, "%lld (constant memory, from the seed)", (long long)*p);
            else
                std::snprintf(text, sizeof text, "%zu element%s of constant memory from the seed", n, n == 1 ? "" : "s");
        } else {
            return;
        }
        mk_note_param(name, text);
    }
}
template <class... A, size_t... I> void launch_with(void (*k)(A...), const char *names, std::index_sequence<I...>)
{
    char buf[sizeof...(A) + 1][64];
    Launch<A...> l{k, std::tuple<typename std::decay<A>::type...>{arg<typename std::decay<A>::type>(param_name(names, (int)I, buf[I], 64))...}};
    mk_fill_globals(); /* after the arguments: their draws stay those of a file without constants */
    mk_run_grid(body<A...>, &l);
}
template <class... A> void launch(void (*k)(A...), const char *names)
{
    launch_with(k, names, std::index_sequence_for<A...>{});
}
} // namespace mk
