//xfail:NOT_ALL_VERIFIED
//--local_size=[16,16] --num_groups=[4,4]
// expect: racy — no barrier between the tile load and the transposed read of another work-item cell
#define TILE 16

__kernel void transpose_tiled_missing_barrier(__global const float *in, __global float *out, int width, int height)
{
    __local float tile[TILE][TILE + 1];
    int x = get_group_id(0) * TILE + get_local_id(0);
    int y = get_group_id(1) * TILE + get_local_id(1);
    if (x < width && y < height)
        tile[get_local_id(1)][get_local_id(0)] = in[y * width + x];
    x = get_group_id(1) * TILE + get_local_id(0);
    y = get_group_id(0) * TILE + get_local_id(1);
    if (x < height && y < width)
        out[y * height + x] = tile[get_local_id(0)][get_local_id(1)];
}
