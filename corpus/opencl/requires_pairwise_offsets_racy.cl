//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=8
// expect: racy — the precondition only says two work-items' offsets agree modulo 2 or differ, which the same offset satisfies: two work-items may write one cell
__kernel void scatter(__global int *A, __global const int *offsets)
{
    int i = get_global_id(0);
    int off = offsets[i];
    __requires(__implies(__other_int(off) % 2 != off % 2, __distinct_int(off)));
    A[off] = i;
}
