//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=16
// expect: racy — barrier(CLK_GLOBAL_MEM_FENCE) does not order local memory: s[(lid + 1) % WG] is read while its owner writes it
#define WG 64

__kernel void fence_global_leaves_local(__global const float *in, __global float *out)
{
    __local float s[WG];
    int lid = get_local_id(0);
    s[lid] = in[get_global_id(0)];
    barrier(CLK_GLOBAL_MEM_FENCE);
    out[get_global_id(0)] = s[(lid + 1) % WG];
}
