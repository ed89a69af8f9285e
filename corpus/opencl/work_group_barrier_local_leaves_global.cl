//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=16
// expect: racy — work_group_barrier(CLK_LOCAL_MEM_FENCE) leaves global memory unordered: buf[gid + 1] races with its owner’s write
// cl-std: CL2.0
__kernel void work_group_barrier_local_leaves_global(__global float *buf, __global float *out)
{
    int gid = get_global_id(0);
    buf[gid] = 1.0f;
    work_group_barrier(CLK_LOCAL_MEM_FENCE);
    if (get_local_id(0) + 1 < get_local_size(0))
        out[gid] = buf[gid + 1];
}
