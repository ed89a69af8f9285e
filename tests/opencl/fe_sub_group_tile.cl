//pass
//--local_size=64 --num_groups=1
// expect: drf — the kernel states sub-groups of 16: lid ^ 1 stays in the sub-group its barrier orders
// cl-std: CL2.0
__kernel __attribute__((intel_reqd_sub_group_size(16)))
void neighbours(__global int *a)
{
    int lid = get_local_id(0);
    a[lid] = lid;
    sub_group_barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
    a[64 + lid] = a[lid ^ 1];
}
