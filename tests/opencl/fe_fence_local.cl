//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=4
// expect: racy — barrier(CLK_LOCAL_MEM_FENCE) orders __local memory only: data[gid] and data[gid ^ 1] still race
__kernel void local_fence_only(__global int *data, __global int *out)
{
    __local int stage[64];
    size_t gid = get_global_id(0), lid = get_local_id(0);
    data[gid] = (int)gid;
    stage[lid] = (int)lid;
    barrier(CLK_LOCAL_MEM_FENCE);
    out[gid] = data[gid ^ 1] + stage[lid ^ 1];
}
