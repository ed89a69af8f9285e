/* The launch of an emulated kernel, shared by the language shims
 * (shim_cuda.h, shim_opencl.h): each argument made from its parameter's
 * type and name (docs/emulate.md), then every thread of the launch run.
 * A name starting with '@' is a pointer to per-work-group memory (an
 * OpenCL __local parameter): its buffer is in the shared section, one copy
 * per block. */
#pragma once
#include "runtime.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <tuple>
#include <type_traits>
#include <utility>

#ifndef MK_INLINE
#define MK_INLINE static inline __attribute__((always_inline))
#endif

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
template <class E> MK_INLINE void fill(E *p, size_t n)
{
    if constexpr (std::is_integral<E>::value) {
        /* small values, so that loaded indices stay near the launch */
        for (size_t i = 0; i < n; i++)
            p[i] = (E)(mk_rand() % (uint64_t)mk_default_int());
    } else if constexpr (std::is_floating_point<E>::value) {
        for (size_t i = 0; i < n; i++)
            p[i] = (E)(mk_rand() % 1000) / (E)100;
    }
}
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
        /* a seeded run draws what -p does not give, in [0, threads] */
        long long dflt = mk_seeded() ? (long long)(mk_rand() % (uint64_t)(mk_default_int() + 1)) : mk_default_int();
        if (std::is_enum<D>::value) /* the first enumerator, most often */
            dflt = 0;
        long long x = v ? std::strtoll(v, nullptr, 0) : std::is_same<D, bool>::value ? 1 : dflt;
        std::snprintf(text, sizeof text, "%lld%s", x, v ? "" : mk_seeded() ? " (from the seed)" : " (default)");
        mk_note_param(name, text);
        return static_cast<D>(x);
    } else if constexpr (std::is_floating_point<D>::value) {
        const char *v = mk_param(name);
        double x = v ? std::strtod(v, nullptr) : 1.0;
        std::snprintf(text, sizeof text, "%g%s", x, v ? "" : " (default)");
        mk_note_param(name, text);
        return (D)x;
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
template <class... A, size_t... I> void launch_with(void (*k)(A...), const char *names, std::index_sequence<I...>)
{
    char buf[sizeof...(A) + 1][64];
    Launch<A...> l{k, std::tuple<typename std::decay<A>::type...>{arg<typename std::decay<A>::type>(param_name(names, (int)I, buf[I], 64))...}};
    mk_run_grid(body<A...>, &l);
}
template <class... A> void launch(void (*k)(A...), const char *names)
{
    launch_with(k, names, std::index_sequence_for<A...>{});
}
} // namespace mk
