//pass
//--local_size=[16,16] --num_groups=[4,4]
// expect: drf — a padded 16x17 local tile, written row-wise, one barrier, read column-wise
#define TILE 16

__kernel void transpose_tiled(__global const float *in, __global float *out, int width, int height)
{
    __local float tile[TILE][TILE + 1];
    int x = get_group_id(0) * TILE + get_local_id(0);
    int y = get_group_id(1) * TILE + get_local_id(1);
    if (x < width && y < height)
        tile[get_local_id(1)][get_local_id(0)] = in[y * width + x];
    barrier(CLK_LOCAL_MEM_FENCE);
    x = get_group_id(1) * TILE + get_local_id(0);
    y = get_group_id(0) * TILE + get_local_id(1);
    if (x < height && y < width)
        out[y * height + x] = tile[get_local_id(0)][get_local_id(1)];
}
