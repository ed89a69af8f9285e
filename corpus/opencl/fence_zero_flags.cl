//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=16
// expect: racy — barrier(0) holds the work-items together but fences no memory: the local exchange races
#define WG 64

__kernel void fence_zero_flags(__global const float *in, __global float *out)
{
    __local float s[WG];
    int lid = get_local_id(0);
    s[lid] = in[get_global_id(0)];
    barrier(0);
    out[get_global_id(0)] = s[(lid + 1) % WG];
}
