// One kernel per construct clang produces in CUDA device code.  In each,
// every thread writes s[0] inside the construct (or through it): a race
// the front end must see, or an `opaque` it must emit.  A construct that
// was dropped silently would leave its kernel data-race free.
// tests/cases/infer/coverage.test checks that no kernel is data-race free.
struct Pair { int a, b; };
struct Obj { int v; __device__ ~Obj() {} };
struct Writer { int *p; __device__ void put(int x) { p[0] = x; } };
struct Base { __device__ virtual void put(int *p, int x) const { p[1] = x; } };
struct Derived : Base { __device__ void put(int *p, int x) const override { p[0] = x; } };
struct Sum { __device__ int operator()(int *p, int x) const { p[0] = x; return x; } };
__device__ int g[64];
__device__ int put(int *p, int x) { p[0] = x; return x; }
__device__ void put_ref(int &r, int x) { r = x; }
__device__ int &cell(int *p, int i) { return p[i]; }
__device__ void ext(int *p);
__device__ void ext_ref(int &r);
template <class... T> __device__ int fold_put(int *p, T... t) { return (put(p, t) + ...); }
struct Guard { int *p; __device__ ~Guard() { p[0] = threadIdx.x; } };
struct Init { int v; __device__ Init(int *q) : v(q[0] = threadIdx.x) {} };
__device__ int with_default(int x, int y = (g[0] = threadIdx.x)) { return x + y; }

#define T threadIdx.x
#define SH __shared__ int s[64]; int x = T; (void)x

// ---- statements ----
__global__ void stmt_compound() { SH; { s[0] = T; } }
__global__ void stmt_expr() { SH; s[0] = T; }
__global__ void stmt_decl() { SH; int y = (s[0] = T); (void)y; }
__global__ void stmt_if() { SH; if (x >= 0) s[0] = T; }
__global__ void stmt_if_else() { SH; if (x < 0) ; else s[0] = T; }
__global__ void stmt_if_init() { SH; if (int y = (s[0] = T); y >= 0) {} }
__global__ void stmt_if_condvar() { SH; if (int y = (s[0] = T)) (void)y; }
__global__ void stmt_if_constexpr() { SH; if constexpr (sizeof(int) == 4) s[0] = T; }
__global__ void stmt_for() { SH; for (int i = 0; i < 2; i++) s[0] = T; }
__global__ void stmt_for_init_expr() { SH; int i; for (i = (s[0] = T); i < 2; i++) {} }
__global__ void stmt_for_cond() { SH; for (int i = 0; (s[0] = i) < 2; i++) {} }
__global__ void stmt_for_inc() { SH; for (int i = 0; i < 2; i += 1 + 0 * (s[0] = T)) {} }
__global__ void stmt_while() { SH; while (x > 0) { s[0] = T; x--; } }
__global__ void stmt_while_cond() { SH; while ((s[0] = x) > 1) x--; }
__global__ void stmt_do() { SH; do { s[0] = T; } while (x-- > 100); }
__global__ void stmt_switch() { SH; switch (x & 1) { case 0: s[0] = T; break; default: s[0] = T; } }
__global__ void stmt_switch_cond() { SH; switch (s[0] = T) { default: break; } }
__global__ void stmt_switch_init() { SH; switch (int y = (s[0] = T); y) { default: break; } }
__global__ void stmt_case_range() { SH; switch (x) { case 0 ... 1000: s[0] = T; } }
__global__ void stmt_fallthrough() { SH; switch (x & 1) { case 1: [[fallthrough]]; case 0: s[0] = T; } }
__global__ void stmt_break() { SH; for (int i = 0; i < 2; i++) { if (i == 1) break; s[0] = T; } }
__global__ void stmt_continue() { SH; for (int i = 0; i < 2; i++) { if (i == 0) continue; s[0] = T; } }
__global__ void stmt_return() { SH; s[0] = T; return; }
__global__ void stmt_goto() { SH; goto l; l: s[0] = T; }
__global__ void stmt_goto_skip() { SH; if (x >= 32) goto out; s[0] = T; out: s[1] = 0; }
__global__ void stmt_label() { SH; l: s[0] = T; }
__global__ void stmt_null() { SH; ; s[0] = T; }
__global__ void stmt_range_for() { SH; int a[2] = {1, 2}; for (int v : a) s[0] = v; }
__global__ void stmt_range_for_ref() { SH; for (int &v : s) v = T; }
__global__ void stmt_pragma_unroll() { SH;
#pragma unroll
    for (int i = 0; i < 4; i++) s[i + T] = T; }
__global__ void stmt_pragma_unroll_n() { SH;
#pragma unroll 2
    for (int i = 0; i < 4; i++) s[0] = T; }
__global__ void stmt_pragma_nounroll() { SH;
#pragma nounroll
    while (x-- > 0) s[0] = T; }
__global__ void stmt_pragma_clang_loop() { SH;
#pragma clang loop unroll(disable)
    for (int i = 0; i < 2; i++) s[0] = T; }
__global__ void stmt_attr_likely() { SH; if (x >= 0) [[likely]] { s[0] = T; } }
__global__ void stmt_attr_unlikely() { SH; if (x < 0) [[unlikely]] {} else [[likely]] s[0] = T; }
__global__ void stmt_attr_assume() { SH; [[assume(1 > 0)]]; s[0] = T; }
__global__ void stmt_asm_memory() { SH; asm volatile("st.shared.u32 [%0], %1;" :: "r"(0), "r"(x)); }
__global__ void stmt_static_assert() { SH; static_assert(sizeof(int) == 4, ""); s[0] = T; }
__global__ void stmt_typedef() { SH; typedef int I; using J = I; J y = T; s[0] = y; }
__global__ void stmt_local_struct() { SH; struct L { int v; }; L l = {T}; s[0] = l.v; }
__global__ void stmt_structured_binding() { SH; Pair p = {T, 0}; auto [a, b] = p; s[0] = a + b; }
__global__ void stmt_structured_binding_ref() { __shared__ Pair ps[4]; auto &[a, b] = ps[0]; a = T; (void)b; }
__global__ void stmt_static_local() { static __shared__ int t; t = T; }

// ---- expressions: operators ----
__global__ void op_assign() { SH; s[0] = T; }
__global__ void op_compound_assign() { SH; s[0] += T; s[1] -= 1; s[2] *= 2; s[3] /= 2; s[4] %= 2; s[5] <<= 1; s[6] >>= 1; s[7] &= 1; s[8] |= 1; s[9] ^= 1; }
__global__ void op_arith() { SH; x = s[0] + s[1] - s[2] * s[3] / (s[4] | 1) % 7; s[1] = T; }
__global__ void op_bits() { SH; x = (s[0] << 1) >> 1 & s[1] | s[2] ^ ~s[3]; s[0] = T; }
__global__ void op_compare() { SH; x = s[0] < 1 || s[0] > 1 || s[0] <= 1 || s[0] >= 1 || s[0] == 1 || s[0] != 1; s[0] = T; }
__global__ void op_logical_and() { SH; x = x >= 0 && (s[0] = T); }
__global__ void op_logical_or() { SH; x = x < 0 || (s[0] = T); }
__global__ void op_not() { SH; x = !(s[0] = T); }
__global__ void op_neg() { SH; x = -(s[0] = T) + +(s[1] = 1); }
__global__ void op_inc_dec() { SH; s[0]++; ++s[1]; s[2]--; --s[3]; }
__global__ void op_conditional() { SH; x = x >= 0 ? (s[0] = T) : 0; }
__global__ void op_conditional_lvalue() { SH; (x >= 0 ? s[0] : s[1]) = T; }
__global__ void op_assignment_lvalue() { SH; int *p = s; (p = s + 1) = s; p[0] = T; }
__global__ void op_increment_lvalue() { SH; ++s[0] = T; }
__global__ void op_conditional_gnu() { SH; x = (s[0] = T) ?: 1; }
__global__ void op_comma() { SH; x = ((s[0] = T), 1); }
__global__ void op_deref() { SH; *s = T; }
__global__ void op_addr_of() { SH; int *p = &s[0]; *p = T; }
__global__ void op_subscript_swapped() { SH; 0[s] = T; }
__global__ void op_member_dot() { __shared__ Pair ps[4]; ps[0].a = threadIdx.x; }
__global__ void op_member_arrow() { __shared__ Pair ps[4]; Pair *p = ps; p->a = threadIdx.x; }
__global__ void op_pointer_arith() { SH; int *p = s + 1; p[-1] = T; }
__global__ void op_sizeof_alignof() { SH; s[0] = T + sizeof(int) + alignof(float); }
__global__ void op_spaceship_free() { SH; x = (s[0] = T) == 0; }

// ---- casts ----
__global__ void cast_c_style() { SH; ((unsigned *)s)[0] = T; }
__global__ void cast_static() { SH; s[0] = static_cast<int>(T); }
__global__ void cast_reinterpret() { SH; reinterpret_cast<unsigned *>(s)[0] = T; }
__global__ void cast_const() { SH; const int *c = s; const_cast<int *>(c)[0] = T; }
__global__ void cast_functional() { SH; s[0] = int(T); }
__global__ void cast_narrow_view() { SH; ((unsigned char *)s)[1] = (unsigned char)T; }
__global__ void cast_wide_view() { SH; ((int2 *)s)[0] = make_int2(T, 0); }
__global__ void cast_void_roundtrip() { SH; void *v = s; ((int *)v)[0] = T; }
__global__ void cast_bit_cast() { SH; float f = 1.0f; s[0] = __builtin_bit_cast(int, f) + T; }
__global__ void cast_float_to_int() { SH; float f = T; s[0] = (int)f; }

// ---- literals ----
__global__ void lit_all() { SH; const char *str = "s"; s[0] = T + 1 + 'c' + (int)1.5f + true + (int)1ull + (str != nullptr); }

// ---- calls ----
__global__ void call_inlined() { SH; put(s, T); }
__global__ void call_ref_param() { SH; put_ref(s[0], T); }
__global__ void call_ref_return() { SH; cell(s, 0) = T; }
__global__ void call_ref_return_increment() { SH; cell(s, 0)++; }
__global__ void call_no_body() { SH; ext(s); }
__global__ void call_no_body_ref() { SH; ext_ref(s[0]); }
__global__ void call_member() { SH; Writer w = {s}; w.put(T); }
__global__ void call_virtual() { SH; Derived d; const Base &b = d; b.put(s, T); }
__global__ void call_functor() { SH; Sum f; f(s, T); }
__global__ void call_lambda() { SH; auto f = [&](int v) { s[0] = v; }; f(T); }
__global__ void call_function_pointer() { SH; int (*fp)(int *, int) = put; fp(s, T); }
__global__ void call_fold() { SH; fold_put(s, 1, 2); s[1] = T; }
__global__ void call_atomic() { SH; atomicAdd(&s[0], 1); s[0] = T; }
__global__ void call_gcc_atomic_builtin() { SH; __atomic_fetch_add(&s[0], (int)T, __ATOMIC_RELAXED); }
__global__ void call_sincos_out() { __shared__ float f[64]; float c; sincosf(1.0f, &f[0], &c); }
__global__ void call_memcpy() { SH; int v = T; memcpy(s, &v, sizeof v); }
__global__ void call_memset() { SH; memset(s, 0, 4); }
__global__ void child_grid(int *p) { p[0] = threadIdx.x; }
__global__ void call_kernel_launch() { SH; if (T == 0) child_grid<<<1, 32>>>(s); }
__global__ void call_device_global() { g[0] = threadIdx.x; }
__global__ void call_default_argument() { with_default(1); }

// ---- C++ ----
__global__ void cxx_new_delete() { SH; int *p = new int[2]; p[0] = 1; s[0] = T + p[0]; delete[] p; }
__global__ void cxx_delete_object() { SH; Obj *o = new Obj; delete o; s[0] = T; }
__global__ void cxx_init_list() { SH; int a[2] = {(s[0] = T), 1}; (void)a; }
__global__ void cxx_compound_literal() { SH; Pair p = (Pair){(s[0] = (int)T), 1}; (void)p; }
__global__ void cxx_brace_temp() { SH; Pair p = Pair{(s[0] = (int)T), 1}; (void)p; }
__global__ void cxx_stmt_expr() { SH; x = ({ s[0] = T; 1; }); }
__global__ void cxx_lambda_capture_write() { SH; [&]() { s[0] = T; }(); }
__global__ void cxx_this_member() { SH; Writer w{s}; w.p[0] = T; }
__global__ void cxx_union() { __shared__ union { int i; float f; } u; u.i = threadIdx.x; }
__global__ void cxx_reference_local() { SH; int &r = s[0]; r = T; }
__global__ void cxx_destructor() { SH; { Guard gd{s}; } }
__global__ void cxx_constructor_initializer() { SH; Init i(s); s[1] = i.v; }
__global__ void cxx_generic_lambda() { SH; auto f = [](int *p, auto v) { p[0] = v; }; f(s, T); }
