//pass
//--local_size=64 --num_groups=16
// expect: drf — interleaved addressing, lid % (2*s) == 0, a barrier per step
__kernel void reduce_interleaved(__global const int *in, __global int *out, __local int *sdata)
{
    unsigned int lid = get_local_id(0);
    sdata[lid] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (unsigned int s = 1; s < get_local_size(0); s *= 2) {
        if (lid % (2 * s) == 0)
            sdata[lid] += sdata[lid + s];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0)
        out[get_group_id(0)] = sdata[0];
}
