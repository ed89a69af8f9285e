//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=16
// expect: divergent — a barrier(CLK_LOCAL_MEM_FENCE) that only the first half of the work-group reaches
#define WG 64

__kernel void fence_local_divergent(__global const float *in, __global float *out)
{
    __local float s[WG];
    int lid = get_local_id(0);
    s[lid] = in[get_global_id(0)];
    if (lid < WG / 2)
        barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = s[lid];
}
