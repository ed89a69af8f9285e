//xfail:NOT_ALL_VERIFIED
//--local_size=[32,8] --num_groups=[4,16]
// expect: racy — per-row local accumulators with plain +=: the 32 work-items of a row race on acc[ty]
__kernel void row_sum_2d_local_plain(__global const int *m, __global int *rows, int width)
{
    __local int acc[8];
    int tx = get_local_id(0), ty = get_local_id(1);
    int y = get_global_id(1);
    if (tx == 0)
        acc[ty] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    acc[ty] += m[y * width + get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    if (tx == 0)
        atomic_add(&rows[y], acc[ty]);
}
