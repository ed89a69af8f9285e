//pass
//--local_size=64 --num_groups=16
// expect: drf — barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE) orders a local and a global exchange at once
#define WG 64

__kernel void fence_both_flags(__global float *buf, __global float *out)
{
    __local float s[WG];
    int gid = get_global_id(0);
    int lid = get_local_id(0);
    s[lid] = buf[gid];
    buf[gid] = 0.5f * gid;
    barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
    float v = s[(lid + 1) % WG];
    if (lid + 1 < WG)
        v += buf[gid + 1];
    out[gid] = v;
}
