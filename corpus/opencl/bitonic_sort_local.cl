//pass
//--local_size=256 --num_groups=4
// expect: drf — whole bitonic sort of 256 keys in local memory, a barrier before every compare-exchange step
#define N 256

__kernel void bitonic_sort_local(__global int *keys)
{
    __local int s[N];
    uint tid = get_local_id(0);
    uint base = get_group_id(0) * N;
    s[tid] = keys[base + tid];
    for (uint k = 2; k <= N; k <<= 1) {
        for (uint j = k >> 1; j > 0; j >>= 1) {
            barrier(CLK_LOCAL_MEM_FENCE);
            uint ixj = tid ^ j;
            if (ixj > tid) {
                int a = s[tid], b = s[ixj];
                bool up = (tid & k) == 0;
                if ((a > b) == up) {
                    s[tid] = b;
                    s[ixj] = a;
                }
            }
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    keys[base + tid] = s[tid];
}
