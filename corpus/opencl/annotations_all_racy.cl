//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=16
// expect: racy — the same annotations, but each work-item also writes its right neighbour's cell of A, which that neighbour writes too
// every GPUVerify annotation, OpenCL spelling
__kernel void annotated(__global float *A, __local int *L, __constant int *C, int n, uint m)
{
    __requires(n == 1024);
    __global_requires(m > 0u);
    __requires(__uniform_int(n));
    __requires(__implies(__same_group(), __other_int(get_local_id(0)) != get_local_id(0)) || true);
    __requires(__distinct_int(get_global_id(0)) || !__enabled());
    __requires(__other_bool(true) && __uniform_bool(true) && !__distinct_bool(true));
    __assume(n > 0);
    __ensures(true);
    __global_ensures(true);
    int i = get_global_id(0);
    __assert(i >= 0);
    __global_assert(n > 0);
    for (int k = 0; __global_invariant(k >= 0), __invariant(__no_read(A)), __candidate_invariant(true),
         __candidate_global_invariant(true), __invariant(__implies(__write(A), __write_offset_bytes(A) / 4 == i)),
         __invariant(__read_implies(A, __read_offset_bytes(A) == 0)), __invariant(__write_implies(A, true)),
         __invariant(!__read(L) && !__no_write(C) || __ptr_base(A)), k < 4; k++) {
        __function_wide_invariant(true);
        __function_wide_candidate_invariant(__ptr_offset_bytes(A) >= 0u);
        L[get_local_id(0)] = __ite(k > 1, k, 0) + __add_noovfl(k, 1);
        barrier(CLK_LOCAL_MEM_FENCE);
        __barrier_invariant_1(L[get_local_id(0)] >= 0, get_local_id(0));
        __barrier_invariant_binary_1(true, get_local_id(0), 0);
    }
    __requires_fresh_array(A);
    __array_snapshot(A, C);
    int r = __return_val_int() + __add_noovfl_unsigned(m, 1u) + __add_noovfl_bool(m, 1u) + __return_val_bool();
    bool p = __is_pow2(m) && __other_ptr(A) == A && __return_val_ptr() != 0;
    if (i + 1 < n) { A[i] = (float)C[0]; A[i + 1] = (float)(r + p); }
}
