//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=8
// expect: racy — no barrier after the reset: work-item 0’s plain store of count races with the others’ atomic_inc
__kernel void atomic_local_counter_missing_barrier(__global const int *in, __global int *out)
{
    __local int count;
    if (get_local_id(0) == 0)
        count = 0;
    if (in[get_global_id(0)] > 0)
        atomic_inc(&count);
    barrier(CLK_LOCAL_MEM_FENCE);
    if (get_local_id(0) == 0)
        out[get_group_id(0)] = count;
}
