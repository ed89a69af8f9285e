//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=4
// expect: racy — the loop’s barriers fence local memory only: work-item 0 writes acc[group] while the others read it in the next round
#define WG 64

__kernel void fence_local_in_loop_global_accumulator(__global const float *in, __global float *acc, int rounds)
{
    __local float s[WG];
    int lid = get_local_id(0);
    int g = get_group_id(0);
    for (int r = 0; r < rounds; r++) {
        s[lid] = in[(r * get_num_groups(0) + g) * WG + lid];
        barrier(CLK_LOCAL_MEM_FENCE);
        float v = s[(lid + 1) % WG] + acc[g];
        barrier(CLK_LOCAL_MEM_FENCE);
        if (lid == 0)
            acc[g] = v;
    }
}
