//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=16
// expect: racy — a local float4 tile read at the neighbour’s slot with no barrier after the fill
#define WG 64

__kernel void float4_local_neighbour_missing_barrier(__global const float4 *in, __global float4 *out)
{
    __local float4 tile[WG];
    int lid = get_local_id(0);
    tile[lid] = in[get_global_id(0)];
    float4 n = tile[(lid + 1) % WG];
    out[get_global_id(0)] = n.yxwz;
}
