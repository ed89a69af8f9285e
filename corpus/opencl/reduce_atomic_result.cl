//pass
//--local_size=64 --num_groups=16
// expect: drf — each work-group adds its sum to one global total with atomic_add
#define WG 64

__kernel void reduce_atomic_result(__global const int *in, __global int *total)
{
    __local int scratch[WG];
    size_t lid = get_local_id(0);
    scratch[lid] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (size_t s = WG / 2; s > 0; s >>= 1) {
        if (lid < s)
            scratch[lid] += scratch[lid + s];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0)
        atomic_add(total, scratch[0]);
}
