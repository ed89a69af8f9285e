//pass
//--local_size=[32,8] --num_groups=[4,16]
// expect: drf — per-row local accumulators updated with atomic_add, reset and flushed behind barriers
__kernel void row_sum_2d_local_atomic(__global const int *m, __global int *rows, int width)
{
    __local int acc[8];
    int tx = get_local_id(0), ty = get_local_id(1);
    int y = get_global_id(1);
    if (tx == 0)
        acc[ty] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    atomic_add(&acc[ty], m[y * width + get_global_id(0)]);
    barrier(CLK_LOCAL_MEM_FENCE);
    if (tx == 0)
        atomic_add(&rows[y], acc[ty]);
}
