//pass
//--local_size=64 --num_groups=8
// expect: drf — a local counter reset by work-item 0, barrier, atomic_inc by all, barrier, then read
__kernel void atomic_local_counter_reset(__global const int *in, __global int *out)
{
    __local int count;
    if (get_local_id(0) == 0)
        count = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (in[get_global_id(0)] > 0)
        atomic_inc(&count);
    barrier(CLK_LOCAL_MEM_FENCE);
    if (get_local_id(0) == 0)
        out[get_group_id(0)] = count;
}
