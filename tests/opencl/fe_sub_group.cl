//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=1
// expect: racy — a[lid ^ 1] may be another sub-group's cell, and sub_group_barrier is not followed (opaque): no DRF claim
// cl-std: CL2.0
__kernel void sub_groups(__global int *a)
{
    int lid = get_local_id(0);
    a[lid] = lid;
    sub_group_barrier(CLK_GLOBAL_MEM_FENCE);
    a[64 + lid] = a[lid ^ 1];
}
