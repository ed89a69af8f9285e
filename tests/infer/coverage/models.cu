// One kernel per model a DRF verdict rests on: memory as bytes, integers as
// the machine computes them, atomics as guaranteed, values changed by calls,
// host facts.  Each kernel races (or diverges) only through its construct,
// for some launch (none is given: blockDim and gridDim are any), so none may
// be data-race free.  tests/cases/infer/coverage-models.test checks that the
// kernels called data-race free are exactly those of models.known.
#include <cuda/atomic>

struct KV { unsigned key, val; };
struct Pt { float x, y; };
struct Two { int v[4]; };
struct Acc { int n; int c[64]; };
struct Ptrs { float *p[4]; };
struct Bits { unsigned char lo : 4; unsigned char hi : 4; };
struct Cur { int i; __device__ void step() { i += 16; } };
enum Mode { M_A = 1, M_B = 2 };
__device__ void next16(int &k) { k += 16; }
__device__ void bump16(int *k) { *k += 16; }
__device__ void swap_ptr(int *&a, int *&b) { int *t = a; a = b; b = t; }
__device__ void half_of(int &slot, int t) { slot = t / 2; }
__device__ void own(int *s, int t) { s[t] = t; }
__device__ int upper_slot(int t, bool up) { return up * 32 + t % 32; }

#define T ((int)threadIdx.x)
#define U threadIdx.x
#define G (blockIdx.x * blockDim.x + threadIdx.x)
#define SH __shared__ int s[4096]; (void)s

// ---- memory as bytes ----
__global__ void mem_flat_2d() { __shared__ int L[8][16]; int *q = &L[0][0]; if (T == 0) q[118] = T; if (T == 1) L[7][6] = T; }
__global__ void mem_flat_4d_char() { __shared__ char L[2][4][4][4]; char *p = &L[0][0][0][0]; if (T < 64) p[T] = T; if (T == 0) L[0][3][3][3] = T; }
__global__ void mem_flat_plane() { __shared__ int V[4][8][8]; int *p = &V[1][0][0]; if (T < 64) p[T + 1] = T; if (T == 0) V[2][0][0] = T; }
__global__ void mem_char_view() { SH; if (T < 64) ((unsigned char *)s)[T] = T; if (T == 0) s[1] = T; }
__global__ void mem_short_view() { SH; if (T < 64) ((short *)s)[T] = T; if (T < 32) s[T] = T; }
__global__ void mem_misaligned() { SH; if (T < 64) s[T] = T; if (T == 0) s[100] = *(int *)((char *)s + 1); }
__global__ void mem_misaligned_store() { SH; if (T < 64) { s[T] = T; ((int *)((char *)s + 2))[T] = T; } }
__global__ void mem_union_arrays() { __shared__ union { int i[64]; short h[128]; } u; if (T < 64) { u.i[T] = T; u.h[T + 64] = T; } }
__global__ void mem_union_anonymous() { __shared__ struct { union { float f[32]; unsigned w[32]; }; } a; if (T < 32) { a.f[T] = (float)T; a.w[31 - T] = T; } }
__global__ void mem_struct_assign() { __shared__ Two c[16]; if (T == 0) c[0] = Two{}; if (T == 1) c[0].v[1] = T; }
__global__ void mem_struct_memset() { __shared__ Acc a; if (T == 0) memset(&a, 0, sizeof a); if (T == 1) a.c[5] = T; }
__global__ void mem_field_ptr_key() { __shared__ KV r[64]; if (T < 64) r[T].val = T; if (T == 1) ((unsigned *)&r[0].key)[1] = T; }
__global__ void mem_field_ptr_x() { __shared__ Pt v[65]; if (T < 64) { float *px = &v[T].x; px[0] = (float)T; px[2] = (float)T; } }
__global__ void mem_memcpy_member() { __shared__ KV kv[65]; if (T < 64) { kv[T].key = T; unsigned long long w; memcpy(&w, &kv[T].val, 8); (void)w; } }
__global__ void mem_memcpy_row() { __shared__ int M[9][8]; int src[5] = {0, 0, 0, 0, 0}; if (T < 8) { M[T][0] = T; memcpy(&M[T][4], src, sizeof src); } }
__global__ void mem_memset_bytes() { SH; if (T < 64) { s[T] = T; memset(&s[T], 0, 5); } }
__global__ void mem_struct_param_ptrs(Ptrs q) { q.p[1][0] = threadIdx.x; }
__global__ void mem_float4_view() { __shared__ float f[260]; if (T < 64) { ((float4 *)f)[T] = make_float4(0, 0, 0, 0); f[4 * T + 4] = (float)T; } }
__global__ void mem_bitfield() { __shared__ Bits b; if (T == 0) b.lo = T; if (T == 1) b.hi = T; }
__global__ void mem_double_as_ints() { __shared__ double d[64]; if (T < 32) d[T] = (float)T; else if (T < 64) ((int *)d)[T] = T; }

// ---- machine integers ----
__global__ void int_short_cast() { SH; if (T < 512) s[(unsigned short)(short)(T * 256) / 256] = T; }
__global__ void int_short_implicit(int *o) { short b = blockIdx.x * 16384; o[(unsigned short)b + U] = (int)blockIdx.x; }
__global__ void int_product_wrap(int *o) { o[(size_t)(blockIdx.x * (1u << 30)) + U] = (int)blockIdx.x; }
__global__ void int_unsigned_mod() { SH; if (U < 48) s[(U - 1u) % 48] = T; }
__global__ void int_bool_index() { SH; bool lane = T & 3; if (T < 64) s[lane * 16 + T / 4] = T; }
__global__ void int_bool_parameter() { SH; if (T < 128) s[upper_slot(T, T & 96)] = T; }
__global__ void int_umul24(int *o) { o[__umul24(blockIdx.x, 1u << 24) + U] = (int)blockIdx.x; }
__global__ void int_uchar_cast() { SH; if (T < 256) s[(unsigned char)(T * 2)] = T; }
__global__ void int_shift_wrap() { SH; if (U < 64) s[(U << 27) >> 27] = T; }
__global__ void int_narrow_64(int *o) { o[(int)(((long long)blockIdx.x << 32) + U)] = (int)blockIdx.x; }
__global__ void int_hash_wrap() { SH; if (U < 64) s[(U * 2654435761u) >> 26] = T; }
__global__ void int_ffs() { SH; if (T < 64) s[__ffs(1u << (T % 16)) + 32 * (T / 32)] = T; }
__global__ void int_brev() { SH; if (U < 64) s[__brev(U) >> 27] = T; }
__global__ void int_short_sign_barrier() { short k = (short)(T * 256); if (k >= 0) __syncthreads(); }
__global__ void int_unsigned_guard_barrier() { if (U - 1u < 1024u) __syncthreads(); }
__global__ void int_popc() { SH; if (T < 64) s[T + __popc(T & 7)] = T; }

// ---- atomics ----
__global__ void atom_shared_ticket(int *o) { __shared__ int n; if (T == 0) n = 0; __syncthreads(); o[atomicAdd(&n, 1)] = T; }
__global__ void atom_ref_block_ticket(int *o) { __shared__ int n; if (T == 0) n = 0; __syncthreads(); cuda::atomic_ref<int, cuda::thread_scope_block> r(n); o[r.fetch_add(1)] = T; }
__global__ void atom_block_scope_global(int *o, int *c) { o[atomicAdd_block(c, 1)] = T; }
__global__ void atom_inc_wrap() { SH; __shared__ unsigned c; if (T == 0) c = 0; __syncthreads(); s[atomicInc(&c, 15)] = T; }
__global__ void atom_dec_wrap() { SH; __shared__ unsigned c; if (T == 0) c = 31; __syncthreads(); s[atomicDec(&c, 31)] = T; }
__global__ void atom_cas_seed_moved(const int *key) { SH; int i = key[T] & 63; int old = s[i]; i++; int a; do { a = old; old = atomicCAS(&s[i], a, a + 1); } while (a != old); }

// ---- values changed by calls ----
__global__ void call_ref_counter() { SH; for (int k = T; k < 256; next16(k)) s[k] = T; }
__global__ void call_pointer_counter() { SH; for (int k = T; k < 256; bump16(&k)) s[k] = T; }
__global__ void call_lambda_counter() { SH; int k = T; auto step = [&]() { k += 16; }; while (k < 256) { s[k] = T; step(); } }
__global__ void call_method_counter() { SH; for (Cur c{T}; c.i < 256; c.step()) s[c.i] = T; }
__global__ void call_swap_pointers() { __shared__ int a[64], b[64]; int *x = a, *y = b; for (int r = 0; r < 2; r++) { if (T < 64) x[T] = y[(T + 1) % 64]; swap_ptr(x, y); } }
__global__ void call_ref_out() { SH; int slot = T; half_of(slot, T); s[slot] = T; }
__global__ void call_ref_barrier_count() { int n = 1; half_of(n, T); for (int r = 0; r < n; r++) __syncthreads(); }
__global__ void call_lambda_pointer() { SH; void (*op)(int *, int) = [](int *p, int i) { p[0] = i; }; op(s, T); (void)own; }

// ---- host facts ----
__global__ void host_alias(const int *in, int *out) { out[G] = in[G + 1]; }
__global__ void host_restrict(const int *__restrict__ in, int *__restrict__ out) { out[G] = in[G + 1]; }
__global__ void host_enum(int *o, Mode m) { if (m == (M_A | M_B)) o[0] = T; }
__global__ void host_launch_ex(const int *in, int *out) { out[G] = in[G + 1]; }

int main()
{
    int *x;
    cudaMalloc(&x, 4096 * sizeof(int));
    host_alias<<<1, 64>>>(x, x);
    host_restrict<<<1, 64>>>(x + 1, x);
    host_enum<<<1, 64>>>(x, Mode(M_A | M_B));
    cudaLaunchConfig_t cfg = {};
    cfg.gridDim = dim3(1);
    cfg.blockDim = dim3(64);
    cudaLaunchKernelEx(&cfg, host_launch_ex, (const int *)x, x);
    cudaFree(x);
    return 0;
}
