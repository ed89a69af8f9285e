//xfail:NOT_ALL_VERIFIED
//--local_size=256 --num_groups=4
// expect: divergent — work-items 250..255 return before the barrier the others wait at
__kernel void early_return_divergent(__global float *data)
{
    __local float s[256];
    int lid = get_local_id(0);
    if (lid >= 250)
        return;
    s[lid] = data[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    data[get_global_id(0)] = s[249 - lid];
}
