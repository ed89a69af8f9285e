/* curand_kernel.h for emulation (docs/emulate.md, "Headers"): every
 * generator state is a struct the draws read and write (as cuRAND's do:
 * a state shared by two threads races), advanced by splitmix64; the
 * numbers are not cuRAND's, their distributions are. */
#pragma once

struct mk_curand_state {
    unsigned long long s;
    unsigned long long subsequence;
    int boxmuller_flag;
    float boxmuller_extra;
    double boxmuller_extra_double;
};
struct curandStateXORWOW : mk_curand_state {};
struct curandStateMRG32k3a : mk_curand_state {};
struct curandStatePhilox4_32_10 : mk_curand_state {};
struct curandStateSobol32 : mk_curand_state {};
struct curandStateScrambledSobol32 : mk_curand_state {};
struct curandStateSobol64 : mk_curand_state {};
struct curandStateScrambledSobol64 : mk_curand_state {};
struct curandStateMtgp32 : mk_curand_state {};
typedef curandStateXORWOW curandStateXORWOW_t;
typedef curandStateXORWOW curandState_t;
typedef curandStateXORWOW curandState;
typedef curandStateMRG32k3a curandStateMRG32k3a_t;
typedef curandStatePhilox4_32_10 curandStatePhilox4_32_10_t;
typedef curandStateSobol32 curandStateSobol32_t;
typedef curandStateScrambledSobol32 curandStateScrambledSobol32_t;
typedef curandStateSobol64 curandStateSobol64_t;
typedef curandStateScrambledSobol64 curandStateScrambledSobol64_t;
typedef curandStateMtgp32 curandStateMtgp32_t;

MK_INLINE unsigned long long mk_splitmix(unsigned long long x)
{
    x += 0x9e3779b97f4a7c15ull;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    return x ^ (x >> 31);
}
/* one step of the state: read it, write it back (the accesses a draw makes) */
MK_INLINE unsigned long long mk_curand_next(mk_curand_state *st)
{
    unsigned long long s = st->s + 0x9e3779b97f4a7c15ull;
    st->s = s;
    return mk_splitmix(s ^ (st->subsequence * 0xd1b54a32d192ed03ull));
}
MK_INLINE void curand_init(unsigned long long seed, unsigned long long subsequence, unsigned long long offset,
                           mk_curand_state *st)
{
    st->s = mk_splitmix(seed) + offset * 0x9e3779b97f4a7c15ull;
    st->subsequence = subsequence;
    st->boxmuller_flag = 0;
    st->boxmuller_extra = 0;
    st->boxmuller_extra_double = 0;
}
MK_INLINE void skipahead(unsigned long long n, mk_curand_state *st) { st->s += n * 0x9e3779b97f4a7c15ull; }
MK_INLINE void skipahead_sequence(unsigned long long n, mk_curand_state *st) { st->subsequence += n; }
MK_INLINE void skipahead_subsequence(unsigned long long n, mk_curand_state *st) { st->subsequence += n; }

MK_INLINE unsigned curand(mk_curand_state *st) { return (unsigned)(mk_curand_next(st) >> 32); }
/* (0, 1]: cuRAND's uniform excludes 0 and includes 1 */
MK_INLINE float curand_uniform(mk_curand_state *st) { return ((float)curand(st) + 1.0f) * 2.3283064e-10f; }
MK_INLINE double curand_uniform_double(mk_curand_state *st)
{
    return ((double)(mk_curand_next(st) >> 11) + 1.0) * (1.0 / 9007199254740992.0);
}
MK_INLINE float curand_normal(mk_curand_state *st)
{
    float u = curand_uniform(st), v = curand_uniform(st);
    return std::sqrt(-2.0f * std::log(u)) * std::cos(6.2831853f * v);
}
MK_INLINE double curand_normal_double(mk_curand_state *st)
{
    double u = curand_uniform_double(st), v = curand_uniform_double(st);
    return std::sqrt(-2.0 * std::log(u)) * std::cos(6.283185307179586 * v);
}
MK_INLINE float2 curand_normal2(mk_curand_state *st) { return make_float2(curand_normal(st), curand_normal(st)); }
MK_INLINE double2 curand_normal2_double(mk_curand_state *st)
{
    return make_double2(curand_normal_double(st), curand_normal_double(st));
}
MK_INLINE float4 curand_normal4(mk_curand_state *st)
{
    return make_float4(curand_normal(st), curand_normal(st), curand_normal(st), curand_normal(st));
}
MK_INLINE float4 curand_uniform4(mk_curand_state *st)
{
    return make_float4(curand_uniform(st), curand_uniform(st), curand_uniform(st), curand_uniform(st));
}
MK_INLINE uint4 curand4(mk_curand_state *st) { return make_uint4(curand(st), curand(st), curand(st), curand(st)); }
MK_INLINE float curand_log_normal(mk_curand_state *st, float mean, float sd) { return std::exp(mean + sd * curand_normal(st)); }
MK_INLINE double curand_log_normal_double(mk_curand_state *st, double mean, double sd)
{
    return std::exp(mean + sd * curand_normal_double(st));
}
MK_INLINE unsigned curand_poisson(mk_curand_state *st, double lambda)
{
    double l = std::exp(-lambda), p = 1.0;
    unsigned k = 0;
    do {
        k++;
        p *= curand_uniform_double(st);
    } while (p > l && k < 1000);
    return k - 1;
}
