//pass
//--local_size=128 --num_groups=8
// expect: drf — 1-D convolution with a __constant mask and a local tile with halos filled before one barrier
#define R 2
#define WG 128

__kernel void constant_mask_conv1d(__global const float *in, __global float *out, __constant float *mask)
{
    __local float tile[WG + 2 * R];
    int lid = get_local_id(0);
    int gid = get_global_id(0);
    tile[lid + R] = in[gid + R];
    if (lid < 2 * R)
        tile[lid < R ? lid : lid + WG] = in[lid < R ? gid : gid + WG];
    barrier(CLK_LOCAL_MEM_FENCE);
    float acc = 0.0f;
    for (int j = 0; j <= 2 * R; j++)
        acc += mask[j] * tile[lid + j];
    out[gid] = acc;
}
