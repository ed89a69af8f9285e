//pass
//--num_groups=[4,4]
// expect: drf — reqd_work_group_size fixes the group at 8x8, so the 8x9 tile's index stays in bounds and distinct
#define TILE 8
#define N 32
__kernel __attribute__((reqd_work_group_size(TILE, TILE, 1)))
void transpose(__global const float *in, __global float *out)
{
    __local float tile[TILE][TILE + 1];
    int lx = get_local_id(0), ly = get_local_id(1);
    tile[ly][lx] = in[get_global_id(1) * N + get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    out[(get_group_id(0) * TILE + ly) * N + get_group_id(1) * TILE + lx] = tile[lx][ly];
}
