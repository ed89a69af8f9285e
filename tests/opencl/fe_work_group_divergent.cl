//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=2
// expect: divergent — only the first half of the group reaches work_group_reduce_add
// cl-std: CL2.0
__kernel void half_reduce(__global int *x, __global int *out)
{
    int lid = get_local_id(0);
    if (lid < 32)
        out[get_group_id(0) * 64 + lid] = work_group_reduce_add(x[get_global_id(0)]);
}
