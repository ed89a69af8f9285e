//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=1
// expect: racy — mem_fence orders one work-item's own accesses: flag[lid] and flag[lid ^ 1] still race
__kernel void fence_is_no_barrier(__global int *flag)
{
    int lid = get_local_id(0);
    flag[lid] = 1;
    mem_fence(CLK_GLOBAL_MEM_FENCE);
    int other = flag[lid ^ 1];
    flag[64 + lid] = other;
}
