//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=16
// expect: racy — mem_fence orders one work-item’s own accesses only: another work-item may read s[lid + 1] before it is written
#define WG 64

__kernel void mem_fence_is_no_barrier(__global const float *in, __global float *out)
{
    __local float s[WG];
    int lid = get_local_id(0);
    s[lid] = in[get_global_id(0)];
    mem_fence(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = s[(lid + 1) % WG];
}
