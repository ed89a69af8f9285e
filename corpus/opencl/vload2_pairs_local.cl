//pass
//--local_size=128 --num_groups=8
// expect: drf — local floats loaded as pairs with vload2 after the barrier that follows the fill
#define WG 128

__kernel void vload2_pairs_local(__global const float *in, __global float *out)
{
    __local float s[WG];
    int lid = get_local_id(0);
    s[lid] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    if (lid < WG / 2) {
        float2 p = vload2(lid, s);
        out[get_group_id(0) * (WG / 2) + lid] = p.x + p.y;
    }
}
