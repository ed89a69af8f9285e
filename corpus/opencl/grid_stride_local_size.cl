//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=16
// expect: racy — stride get_local_size(0) instead of the global size: the ranges of the groups overlap
__kernel void grid_stride_local_size(__global float *data, float factor, int n)
{
    for (int i = get_global_id(0); i < n; i += get_local_size(0))
        data[i] *= factor;
}
