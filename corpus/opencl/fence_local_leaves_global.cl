//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=16
// expect: racy — barrier(CLK_LOCAL_MEM_FENCE) queues no fence for global memory: the read of buf[gid + 1] and its owner’s write race
__kernel void fence_local_leaves_global(__global float *buf, __global float *out)
{
    int gid = get_global_id(0);
    int lid = get_local_id(0);
    buf[gid] = 2.0f * gid;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (lid + 1 < get_local_size(0))
        out[gid] = buf[gid + 1];
}
