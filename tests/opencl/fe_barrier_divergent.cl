//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=2
// expect: divergent — only the first half of the group reaches the barrier
__kernel void half_barrier(__global int *data)
{
    __local int stage[64];
    int lid = get_local_id(0);
    stage[lid] = lid;
    if (lid < 32)
        barrier(CLK_LOCAL_MEM_FENCE);
    data[get_global_id(0)] = stage[lid];
}
