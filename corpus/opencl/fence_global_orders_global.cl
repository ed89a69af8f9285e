//pass
//--local_size=64 --num_groups=16
// expect: drf — barrier(CLK_GLOBAL_MEM_FENCE) orders the global exchange inside a work-group
__kernel void fence_global_orders_global(__global float *buf, __global float *out)
{
    int gid = get_global_id(0);
    int lid = get_local_id(0);
    buf[gid] = 2.0f * gid;
    barrier(CLK_GLOBAL_MEM_FENCE);
    if (lid + 1 < get_local_size(0))
        out[gid] = buf[gid + 1];
}
