//pass
//--local_size=64 --num_groups=16
// expect: drf — a local barrier for the local exchange, a global barrier for the global one
#define WG 64

__kernel void fence_split_by_space(__global float *buf, __global float *out)
{
    __local float s[WG];
    int gid = get_global_id(0);
    int lid = get_local_id(0);
    s[lid] = 1.0f + lid;
    barrier(CLK_LOCAL_MEM_FENCE);
    buf[gid] = s[WG - 1 - lid];
    barrier(CLK_GLOBAL_MEM_FENCE);
    if (lid > 0)
        out[gid] = buf[gid - 1];
}
