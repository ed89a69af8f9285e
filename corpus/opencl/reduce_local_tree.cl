//pass
//--local_size=64 --num_groups=16
// expect: drf — tree reduction in local memory, a barrier after the load and after each step
#define WG 64

__kernel void reduce_local_tree(__global const float *in, __global float *partial)
{
    __local float scratch[WG];
    size_t lid = get_local_id(0);
    scratch[lid] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (size_t s = get_local_size(0) / 2; s > 0; s >>= 1) {
        if (lid < s)
            scratch[lid] += scratch[lid + s];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0)
        partial[get_group_id(0)] = scratch[0];
}
