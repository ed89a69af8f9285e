//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=1
// expect: racy — lid ^ 16 is in the next sub-group of 16, which sub_group_barrier does not order: a[lid] and a[lid ^ 16] race
// cl-std: CL2.0
__kernel __attribute__((intel_reqd_sub_group_size(16)))
void across(__global int *a)
{
    int lid = get_local_id(0);
    a[lid] = lid;
    sub_group_barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
    a[64 + lid] = a[lid ^ 16];
}
