//pass
//--local_size=64 --num_groups=16
// expect: drf — barrier(CLK_LOCAL_MEM_FENCE) orders the local exchange: each work-item reads its neighbour’s cell after it
#define WG 64

__kernel void fence_local_orders_local(__global const float *in, __global float *out)
{
    __local float s[WG];
    int lid = get_local_id(0);
    s[lid] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = s[(lid + 1) % WG];
}
