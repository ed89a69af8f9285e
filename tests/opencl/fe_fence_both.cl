//pass
//--local_size=64 --num_groups=4 --global_offset=0
// expect: drf — one barrier names both fences, one only __global: each orders the memory read after it
__kernel void both_fences(__global int *data, __global int *out)
{
    __local int stage[64];
    size_t gid = get_global_id(0), lid = get_local_id(0);
    data[gid] = (int)gid;
    stage[lid] = (int)lid;
    barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
    out[gid] = data[gid ^ 1] + stage[lid ^ 1];
    barrier(CLK_GLOBAL_MEM_FENCE);
    data[gid] = out[gid ^ 1];
}
